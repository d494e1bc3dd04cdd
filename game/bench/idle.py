"""Processor time of the interface when nothing moves (the title, the setup, or an overlay over a table).

Runs the real main loop (``App.run``) in this process on a still screen and prints the ratio of
process time (user + system, every thread) to wall time over ``--seconds``: the share of one
core the game takes while the player just looks. The measure starts ``--settle`` seconds after
the screen is shown, whatever the interface says of itself (it is what is measured): on a table
that is as soon as its cards have landed, its pictures still warming up.

Screens: ``title``; ``setup`` (the new-game screen); ``menu`` (the table's menu over a
Frustration table on the person's turn, opened as soon as the cards are dealt); ``keys`` (the
shortcut sheet, opened with F1 over the same table while the person holds a card).
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path

from game import cli

SCREENS = ("title", "setup", "menu", "keys")


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
        default=3.0,
        help="seconds between showing the screen and measuring (default 3: the cards dealt land)",
    )


def _open(app, screen: str) -> None:
    """Show ``screen`` (in the app's thread, before its first frame)."""
    if screen == "setup":
        app.open_setup("frustration")
    elif screen in ("menu", "keys"):
        from game.ui.session import GameConfig, Seat

        # Seed 1: Marie, the person, is the first to play.
        app.start_game(GameConfig("frustration", [Seat("Marie"), Seat("Bruno", "easy")], seed=1))
        if screen == "menu":
            app.open_menu(app.scenes.top)


def _hold_a_card_and_press_f1(app) -> None:
    """Post a press on Marie's first card, a move that lifts it, and F1 (from the measuring
    thread: the loop handles them in its next frame)."""
    import pygame

    table = app.scenes.top
    card = table.view.hand[0]
    start = table.sprites.sprites[card.ident].rect(table.hand_h).center
    for event in (
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0)
        ),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0),
    ):
        pygame.event.post(event)


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
        shown = threading.Event()

        def measure() -> None:
            shown.wait()
            if args.screen == "keys":
                time.sleep(args.settle / 2)  # the cards land, then Marie takes one
                _hold_a_card_and_press_f1(app)
                time.sleep(args.settle / 2)
            else:
                time.sleep(args.settle)
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
            shown.set()

        app.start = start  # type: ignore[method-assign]
        threading.Thread(target=measure, daemon=True).start()
        app.run()
    ratio = result["cpu"] / result["wall"]
    print(
        f"{args.screen} at {w}x{h}: {100 * ratio:.1f}% of one core over {result['wall']:.1f} s "
        f"({result['frames']} frames drawn)"
    )
    return 0
