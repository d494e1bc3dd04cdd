"""Processor time of the interface when nothing moves (title screen, or the menu over a table).

Runs the real main loop (``App.run``) in this process for ``--seconds`` of wall time on a still
screen and prints the ratio of process time (user + system, every thread) to wall time: the
share of one core the game takes while the player just looks.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path

from game import cli

SCREENS = ("title", "dialog", "setup")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seconds",
        type=cli.arg(cli.decimal(hi=3600, above=0)),
        default=10.0,
        help="wall time measured (default 10)",
    )
    parser.add_argument("--screen", choices=SCREENS, default="title", help="the still screen")
    parser.add_argument(
        "--size",
        type=cli.arg(cli.window_size(cli.PICTURE_SIDE)),
        default=(1280, 800),
        help="window size (default 1280x800)",
    )
    parser.add_argument(
        "--settle",
        type=cli.arg(cli.decimal(0, 3600)),
        default=10.0,
        help="seconds before measuring (the table warms its pictures up)",
    )


def _open(app, screen: str) -> None:
    if screen == "setup":
        app.open_setup("frustration")
    elif screen == "dialog":
        from game.ui.session import GameConfig, Seat

        app.start_game(GameConfig("frustration", [Seat("Marie"), Seat("Bruno", "easy")], seed=1))
        app.open_menu(app.scenes.top)


def run(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.app import App, LaunchOptions
    from game.ui.storage import Storage

    w, h = args.size
    with tempfile.TemporaryDirectory() as home:
        storage = Storage(Path(home), Path(home))
        app = App(LaunchOptions(lang="fr", size=(w, h), storage=storage, first_scene=None))
        result: dict[str, float] = {}

        def measure() -> None:
            from game.ui import idle

            time.sleep(args.settle)
            deadline = time.monotonic() + 60
            while idle.moving(app) and time.monotonic() < deadline:  # the table warms up
                time.sleep(0.1)
            wall0, cpu0, frames0 = time.monotonic(), time.process_time(), app.frame_count
            time.sleep(args.seconds)
            result["wall"] = time.monotonic() - wall0
            result["cpu"] = time.process_time() - cpu0
            result["frames"] = app.frame_count - frames0
            app.quit()
            import pygame

            pygame.event.post(pygame.event.Event(pygame.USEREVENT))  # wakes a sleeping loop

        original_start = app.start

        def start() -> None:
            original_start()
            _open(app, args.screen)

        app.start = start  # type: ignore[method-assign]
        threading.Thread(target=measure, daemon=True).start()
        app.run()
    ratio = result["cpu"] / result["wall"]
    print(
        f"{args.screen} at {w}x{h}: {100 * ratio:.1f}% of one core over {result['wall']:.1f} s "
        f"({result['frames']} frames drawn)"
    )
    return 0
