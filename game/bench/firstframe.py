"""Time to first frame: the game's title screen against a bare pygame-ce window, with the ratio.

Each launch is a fresh process: ``rami --first-frame-exit --size 1280x800`` (the real start:
settings, catalogues, window, the whole title screen drawn and flipped once, then quit) and a bare
script that opens a pygame-ce window of the same size (``pygame.init()``, ``set_mode``, fill, flip,
quit). Both print "first frame" right after their first flip; the benchmark times each launch to
that line and to the process's exit. They run alternately, headless (SDL's dummy drivers), with
Python's compiled modules allowed (as on a player's machine), after one unmeasured launch of each.

The user's folders are throw-away ones: on Linux through the XDG variables, so that the game finds
them as on a player's machine (through ``platformdirs``), elsewhere through ``RAMI_USER_DIR``. They are
kept from one launch to the next, as a player's are: the pictures the first start keeps in the
cache folder (``game.ui.picture_cache``) serve the following ones. ``--cold`` gives every launch
of the game new, empty folders instead (a first start on a new machine). ``--exe dist/rami/rami``
times a built bundle instead of ``python -m game`` (the bare window still runs on this Python).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game import cli

SIZE = (1280, 800)
"""The window of both launches."""

BARE_WINDOW = """
import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
screen.fill((20, 60, 40))
pygame.display.flip()
print("first frame", flush=True)
pygame.quit()
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--runs", type=cli.arg(cli.whole(1)), default=15, help="launches of each (default 15)"
    )
    parser.add_argument(
        "--exe",
        metavar="PATH",
        type=cli.arg(cli.executable_file),
        help="time this executable (e.g. dist/rami/rami) instead of python -m game",
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="new, empty user folders for every launch of the game (a first start)",
    )


def game_command(exe: str | None) -> list[str]:
    """The command that starts the game and exits after its first frame."""
    options = ["--first-frame-exit", "--size", f"{SIZE[0]}x{SIZE[1]}"]
    if exe:
        return [str(Path(exe).resolve()), *options]
    return [sys.executable, "-m", "game", *options]


def bare_command() -> list[str]:
    """The command that opens a bare pygame-ce window, draws one frame and exits."""
    return [sys.executable, "-c", BARE_WINDOW]


def launch(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Milliseconds from launching ``command`` to its "first frame" line and to its exit."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == "first frame":
            break
    else:
        raise RuntimeError(f"{command[0]} exited without drawing a frame")
    first = time.perf_counter()
    process.stdout.read()
    if process.wait() != 0:
        raise RuntimeError(f"{command[0]} exited with code {process.returncode}")
    return (first - start) * 1000.0, (time.perf_counter() - start) * 1000.0


def user_folders(env: dict[str, str], home: str) -> None:
    """Point the game's user folders at ``home`` (see the module docstring)."""
    for name in ("RAMI_USER_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env.pop(name, None)
    if sys.platform.startswith("linux"):
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
            env[name] = os.path.join(home, name.lower())
    else:
        env["RAMI_USER_DIR"] = home


def run(args: argparse.Namespace) -> int:
    package_root = str(Path(__file__).resolve().parent.parent.parent)
    with tempfile.TemporaryDirectory(prefix="rami-firstframe-") as top:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        user_folders(env, os.path.join(top, "home"))
        env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # a normal start reads compiled modules
        commands = {"game": game_command(args.exe), "bare": bare_command()}
        for command in commands.values():  # once each unmeasured: files in the disk cache
            launch(command, env)
        first: dict[str, list[float]] = {name: [] for name in commands}
        exit_: dict[str, list[float]] = {name: [] for name in commands}
        for run_number in range(args.runs):
            for name, command in commands.items():
                if args.cold and name == "game":
                    user_folders(env, os.path.join(top, f"cold-{run_number}"))
                to_frame, to_exit = launch(command, env)
                first[name].append(to_frame)
                exit_[name].append(to_exit)
    start = "a first start" if args.cold else "later starts"
    titles = {"game": f"{args.exe or 'python -m game'} ({start})", "bare": "bare pygame-ce window"}
    width = max(len(t) for t in titles.values())
    print(f"median of {args.runs} launches each, headless, in ms")
    print(f"  {'':<{width}} {'first frame':>12} {'exit':>8}")
    for name, title in titles.items():
        print(
            f"  {title:<{width}} {statistics.median(first[name]):12.0f} {statistics.median(exit_[name]):8.0f}"
        )
    ratio_first = statistics.median(first["game"]) / statistics.median(first["bare"])
    ratio_exit = statistics.median(exit_["game"]) / statistics.median(exit_["bare"])
    print(f"  {'ratio game / bare':<{width}} {ratio_first:12.2f} {ratio_exit:8.2f}")
    return 0
