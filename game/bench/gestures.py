"""Gesture fuzzer: seeded random gestures over every screen and table; prints the seed and step of any failure.

Each run has its own seed, which chooses a game (every game, 2 to its most players), its rule
options (turn rules included), its seats (hot-seat people and computer players), the window
size and where the run starts (the title screen, or a table). Then come random gestures driving
the real ``App`` headless through posted events: clicks (left, middle, right), double clicks,
drags, wheel turns, keys, window resizes (``VIDEORESIZE`` or ``WINDOWRESIZED``) and, now and
then, "save and Continue" (the saves are flushed, the title is shown and the saved game is
resumed). Every frame is stepped with a fixed dt and the computer players think on the calling
thread (``RAMI_BOT_WORKER=inline``), so that a seed replays the same run exactly.

``python -m game.bench gestures --count 100000 --seed 1`` runs seeds 1, 2, ... until that many
gestures have been made and prints each failure as ``seed S step N``; the test suite replays a
fixed set of seeds (``tests/ui/test_gesture_fuzz.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import cli

GESTURES_PER_RUN = 120
SIZES = ((1024, 640), (1280, 800), (1366, 768), (1600, 900), (1920, 1080), (1100, 1000))
KEY_NAMES = (
    "SPACE", "RETURN", "KP_ENTER", "TAB", "ESCAPE", "BACKSPACE", "DELETE", "LEFT", "RIGHT", "UP",
    "DOWN", "HOME", "END", "PAGEUP", "PAGEDOWN", "a", "c", "d", "g", "m", "n", "r", "s", "t", "z",
    "1", "2",
)  # fmt: skip


@dataclass
class Failure:
    """A gesture that raised, or left the window in a bad state."""

    seed: int
    step: int
    gesture: str
    error: str

    def __str__(self) -> str:
        return f"seed {self.seed} step {self.step} ({self.gesture}): {self.error}"


@dataclass
class RunResult:
    """What one seed's run did."""

    seed: int
    gestures: int = 0
    scenes: set[str] = field(default_factory=set)
    failure: Failure | None = None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--count", type=cli.arg(cli.whole(1)), default=3000, help="gestures in all (default 3000)"
    )
    parser.add_argument(
        "--seed",
        type=cli.arg(cli.whole()),
        default=1,
        help="first run's seed; the next runs take the next seeds",
    )
    parser.add_argument(
        "--per-run",
        type=cli.arg(cli.whole(1)),
        default=GESTURES_PER_RUN,
        help=f"gestures per seed (default {GESTURES_PER_RUN})",
    )
    parser.add_argument(
        "--jobs",
        type=cli.arg(cli.whole(1, 64)),
        default=1,
        help="processes running seeds side by side (default 1)",
    )


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    failures: list[Failure] = []
    plan = []  # (seed, gestures): the same seeds whatever the number of jobs
    left, seed = args.count, args.seed
    while left > 0:
        plan.append((seed, min(args.per_run, left)))
        left -= plan[-1][1]
        seed += 1
    done, runs = 0, 0
    scenes: set[str] = set()
    if args.jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("spawn").Pool(args.jobs)
        results = pool.imap_unordered(_run_planned, plan)
    else:
        pool = None
        results = map(_run_planned, plan)
    for result in results:
        done += result.gestures
        scenes |= result.scenes
        runs += 1
        if result.failure is not None:
            failures.append(result.failure)
            print(f"FAILURE {result.failure}", flush=True)
        if runs % 50 == 0:
            print(f"  {done} gestures, {len(failures)} failures", flush=True)
    if pool is not None:
        pool.close()
        pool.join()
    seconds = time.perf_counter() - started
    print(
        f"gestures: {done} gestures in {runs} runs (seeds {args.seed} to {seed - 1}), "
        f"{len(failures)} failures, {len(scenes)} kinds of screen, {seconds:.0f} s"
    )
    for failure in sorted(failures, key=lambda f: f.seed):
        print(f"  replay: python -m game.bench gestures --seed {failure.seed} --count {failure.step + 1}")
    return 1 if failures else 0


def _run_planned(planned: tuple[int, int]) -> RunResult:
    return run_seed(*planned)


def run_seed(seed: int, gestures: int = GESTURES_PER_RUN, start: Any = None) -> RunResult:
    """One seeded run of ``gestures`` gestures in a fresh app and user folder.

    ``start(app)`` opens the first screen after the title (a given table, say); by default the
    seed chooses: the title screen, or a table with a random game, seats and options."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    previous = os.environ.get("RAMI_BOT_WORKER")
    os.environ["RAMI_BOT_WORKER"] = "inline"
    try:
        with tempfile.TemporaryDirectory(prefix="rami-gestures-") as home:
            return _run(seed, gestures, Path(home), start)
    finally:
        if previous is None:
            os.environ.pop("RAMI_BOT_WORKER", None)
        else:
            os.environ["RAMI_BOT_WORKER"] = previous


def _run(seed: int, gestures: int, home: Path, start: Any) -> RunResult:
    from game.ui.app import App, LaunchOptions, quit_pygame
    from game.ui.storage import Storage
    from game.ui.tables import turns

    rng = random.Random(seed)
    result = RunResult(seed)
    size = rng.choice(SIZES)
    app = App(LaunchOptions(lang=rng.choice(("en", "fr")), size=size, storage=Storage(home, home)))
    app.settings.computer_speed = rng.choice(("fast", "normal", "slow"))
    app.settings.animation_speed = rng.choice(("fast", "normal", "slow"))
    app.quit = lambda: None  # Quit is ignored, so that the gestures go on over every screen
    delays = turns.THINK_DELAY
    turns.THINK_DELAY = {"fast": 0.0, "normal": 0.1, "slow": 0.3}
    fuzzer = GestureMaker(app, rng)
    step, gesture = -1, "start"
    try:
        app.start()
        app.running = True
        gesture = "start a table"
        if start is not None:
            start(app)
        elif rng.random() < 0.75:
            app.start_game(random_config(rng))
        fuzzer.frames(2)
        for step in range(gestures):
            gesture = fuzzer.one()
            result.gestures = step + 1
            result.scenes.add(type(app.scenes.top).__name__)
            if not app.running or app.scenes.top is None:
                raise AssertionError("the app stopped")
    except Exception as exc:
        result.failure = Failure(seed, step, gesture, "".join(traceback.format_exception(exc)).strip())
    finally:
        turns.THINK_DELAY = delays
        for scene in list(app.scenes):
            scene.leave()
        with contextlib.suppress(Exception):
            app.flush_saves()
        if app._saver is not None:
            app._saver.shutdown(wait=True)
        quit_pygame()
    return result


def random_config(rng: random.Random) -> Any:
    """A game with random players, seats and rule options (only combinations the engine takes)."""
    from game.engine.games import GAME_IDS, game_info
    from game.ui.session import COMPUTER_LEVELS, GameConfig, Seat

    game = rng.choice(GAME_IDS)
    info = game_info(game)
    players = rng.randint(info.min_players, info.max_players)
    people = rng.choice((1, 1, 1, 2, players))
    seats = [Seat(f"P{i}") for i in range(people)]
    seats += [Seat(f"Bot {i}", rng.choice(COMPUTER_LEVELS[:2])) for i in range(people, players)]
    rng.shuffle(seats)
    options = info.options_class()
    for _ in range(20):
        chosen = {
            name: rng.choice(values) for name, values in info.option_choices.items() if rng.random() < 0.5
        }
        try:
            options = info.options_class(**chosen)
            break
        except (ValueError, TypeError):
            continue
    return GameConfig(game, seats, options, seed=rng.randrange(1 << 30))


class GestureMaker:
    """Posts one random gesture at a time to ``app`` and runs the frames that follow it."""

    def __init__(self, app: Any, rng: random.Random) -> None:
        import pygame

        self.pygame = pygame
        self.app = app
        self.rng = rng
        self.keys = [getattr(pygame, f"K_{name}") for name in KEY_NAMES]

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.step(1 / 60)

    def spot(self) -> tuple[int, int]:
        """Anywhere in the window, often on something that answers."""
        w, h = self.app.size
        rng = self.rng
        if rng.random() < 0.4:
            targets = [getattr(x, "rect", None) for x in self.app.scenes.top.widgets()]
            targets = [r for r in targets if r is not None and r.width > 0]
            if targets:
                rect = rng.choice(targets)
                return rect.x + rng.randrange(max(1, rect.width)), rect.y + rng.randrange(max(1, rect.height))
        if rng.random() < 0.35:
            return rng.randrange(w), rng.randrange(h * 3 // 5, h)  # the player's hand or rack
        return rng.randrange(w), rng.randrange(h)

    def post(self, kind: int, **attrs: Any) -> None:
        self.pygame.event.post(self.pygame.event.Event(kind, **attrs))

    def move(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.post(self.pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=buttons)

    def one(self) -> str:
        """Make one gesture; returns what it was (for the failure report)."""
        pg, rng = self.pygame, self.rng
        roll = rng.random()
        pos = self.spot()
        self.move(pos)
        if roll < 0.36:
            button = 1 if rng.random() < 0.8 else rng.choice((2, 3))
            times = 2 if rng.random() < 0.2 else 1
            for _ in range(times):
                self.post(pg.MOUSEBUTTONDOWN, pos=pos, button=button)
                self.post(pg.MOUSEBUTTONUP, pos=pos, button=button)
            what = f"{'double ' if times == 2 else ''}click {button} at {pos}"
        elif roll < 0.66:
            self.post(pg.MOUSEBUTTONDOWN, pos=pos, button=1)
            self.frames(1)
            end = pos
            for _ in range(rng.randint(1, 5)):
                end = self.spot()
                self.move(end, (1, 0, 0))
                self.frames(1)
                if rng.random() < 0.08:  # a key in the middle of a drag
                    k = rng.choice(self.keys)
                    self.post(pg.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
                    self.post(pg.KEYUP, key=k, mod=0, unicode="", scancode=0)
            self.post(pg.MOUSEBUTTONUP, pos=end, button=1)
            what = f"drag from {pos} to {end}"
        elif roll < 0.74:
            dy = rng.choice((-3, -1, 1, 3))
            self.post(pg.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy))
            what = f"wheel {dy} at {pos}"
        elif roll < 0.93:
            k = rng.choice(self.keys)
            mod = pg.KMOD_CTRL if rng.random() < 0.15 else 0
            self.post(pg.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
            self.post(pg.KEYUP, key=k, mod=mod, unicode="", scancode=0)
            what = f"key {pg.key.name(k)}{' with ctrl' if mod else ''}"
        elif roll < 0.975:
            what = self.resize()
        else:
            what = self.save_and_continue()
        self.frames(rng.randint(1, 3))
        if rng.random() < 0.1:  # now and then, let the table move on for a while
            self.frames(rng.randint(5, 30))
        return what

    def resize(self) -> str:
        """What the window manager does: the window takes a size, then the event arrives."""
        pg, rng = self.pygame, self.rng
        size = rng.choice(SIZES) if rng.random() < 0.7 else (rng.randint(300, 2000), rng.randint(200, 1200))
        pg.display.set_mode(size, pg.RESIZABLE)
        if rng.random() < 0.5:
            self.post(pg.VIDEORESIZE, size=size, w=size[0], h=size[1])
            return f"VIDEORESIZE to {size}"
        self.post(pg.WINDOWRESIZED, x=size[0], y=size[1])
        return f"WINDOWRESIZED to {size}"

    def save_and_continue(self) -> str:
        """The player leaves (the save is written) and comes back through Continue."""

        self.app.flush_saves()
        self.app.back_to_title()
        self.frames(1)
        saved = self.app.storage.saved_games()
        if saved:
            game = self.rng.choice(saved)
            self.app.continue_saved_game(game)
            return f"save and Continue ({game})"
        return "back to the title (no save)"
