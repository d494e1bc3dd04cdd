"""Frame time of a table scene at its busiest: median and 99th percentile over N frames.

The real scene runs headless (SDL's dummy driver), once its pictures are rendered, on a busy position (every seat filled, many
melds, a deep discard pile), with a card held and dragged around by posted mouse events and the
hand re-sorting every half second so that an animation is always running. Each frame is the real
loop body (events, update, draw, flip).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from game import cli
from game.engine.games import GAME_IDS, game_info


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scene", choices=GAME_IDS, default=GAME_IDS[0])
    parser.add_argument(
        "--all", action="store_true", help="with --watch: each game at its most players in turn, 1920x1080"
    )
    parser.add_argument("--players", type=cli.arg(cli.whole(1, 99)), default=6)
    parser.add_argument(
        "--size",
        type=cli.arg(cli.window_size(cli.PICTURE_SIDE)),
        default=(1920, 1080),
        help="window size WIDTHxHEIGHT",
    )
    parser.add_argument("--frames", type=cli.arg(cli.whole(1)), default=600)
    parser.add_argument("--seed", type=cli.arg(cli.whole()), default=4)
    parser.add_argument(
        "--watch",
        metavar="LEVEL",
        choices=("easy", "normal", "hard"),
        help="instead: every seat is a computer player of LEVEL (easy/normal/hard), playing with no "
        "pause; the report adds the moves played, the interface thread's CPU time per frame and "
        "the still layer's share of it in the frames that bring a move",
    )
    parser.add_argument(
        "--speed",
        choices=("fast", "normal", "slow"),
        default="fast",
        help="with --watch: the animation speed at which seat 0 sees the others' moves replayed",
    )


def check_arguments(args: argparse.Namespace) -> str | None:
    """What is wrong with the player count for the game, or ``None``."""
    info = game_info(args.scene)
    if args.all or info.min_players <= args.players <= info.max_players:
        return None
    return f"argument --players: {args.scene} is played by {info.min_players} to {info.max_players} players"


def run(args: argparse.Namespace) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.showcase.tables import busy_session
    from game.ui.app import App, LaunchOptions, quit_pygame
    from game.ui.storage import Storage

    width, height = args.size
    if args.watch:
        return _watch(args, width, height)
    session = busy_session(args.scene, args.players, args.seed)
    with tempfile.TemporaryDirectory() as home:
        app = App(LaunchOptions(lang="en", size=(width, height), storage=Storage(Path(home), Path(home))))
        app.start()
        app.running = True
        app.show_table(session)
        table = app.scenes.top
        for _ in range(60):
            app.step(1 / 60)
        while getattr(table, "_warm_jobs", None):  # steady state: the table's pictures are ready
            app.step(1 / 60)
        held = start_drag(pygame, table)
        times = []
        sorters = getattr(table, "bench_animations", lambda: [])()
        for frame in range(args.frames):
            if sorters and frame % 30 == 0:
                sorters[(frame // 30) % len(sorters)]()
            if held is not None:
                x = width * (0.25 + 0.5 * ((frame % 120) / 120))
                y = height * (0.45 + 0.1 * ((frame % 60) / 60))
                pygame.event.post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
                )
            started = time.perf_counter()
            app.step(1 / 60)
            times.append(time.perf_counter() - started)
        quit_pygame()
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    tables = len(getattr(session.state, "table", []))
    print(
        f"frames {args.scene}: {args.players} players, {width}x{height}, {tables} melds on the table, "
        f"dragging={'yes' if held is not None else 'no'}, {args.frames} frames: "
        f"median {1000 * statistics.median(times):.2f} ms, p99 {1000 * p99:.2f} ms, max {1000 * times[-1]:.2f} ms"
    )
    return 0


WATCHED = tuple((game, game_info(game).max_players) for game in GAME_IDS)
"""The watched games of ``--watch LEVEL --all``: each game at its most players."""


def _watch(args: argparse.Namespace, width: int, height: int) -> int:
    """Frame times while computer players think in their worker and play, with no pause
    between moves (every frame may bring a move). Each frame is timed twice: wall time, and
    the interface thread's CPU time (``time.thread_time``), which a loaded machine does not
    inflate."""
    games = WATCHED if args.all else ((args.scene, args.players),)
    worst = 0.0
    for game, players in games:
        worst = max(worst, _watch_one(args, game, players, width, height))
    if len(games) > 1:
        print(f"worst frame of the watched games (thread CPU): {1000 * worst:.2f} ms (target 16.7 ms)")
    return 0


def _watch_one(args: argparse.Namespace, game: str, players: int, width: int, height: int) -> float:
    from game.ui.app import App, LaunchOptions, quit_pygame
    from game.ui.session import GameConfig, Seat, Session
    from game.ui.storage import Storage
    from game.ui.tables import turns

    turns.THINK_DELAY = {"fast": 0.0, "normal": 0.0, "slow": 0.0}
    names = ["Alice", "Bruno", "Chloé", "Dimitri", "Élodie", "Félix"]
    seats = [Seat(names[i], args.watch) for i in range(players)]
    config = GameConfig(game, seats, game_info(game).options_class(), seed=args.seed)
    with tempfile.TemporaryDirectory() as home:
        app = App(LaunchOptions(lang="en", size=(width, height), storage=Storage(Path(home), Path(home))))
        app.settings.animation_speed = args.speed
        app.start()
        app.running = True
        app.show_table(Session.start(config))
        table = app.scenes.top
        for _ in range(30):  # the scene's first frames build the felt and the first pictures
            app.step(1 / 60)
        while getattr(table, "_warm_jobs", None):
            app.step(1 / 60)
        walls, cpus = [], []
        still = _time_still_layer(table)
        after_move: list[float] = []
        other: list[float] = []
        moves = replaying = 0
        last = table.state.to_json()
        for _ in range(args.frames):
            still[0] = 0.0
            started, cpu = time.perf_counter(), time.thread_time()
            app.step(1 / 60)
            cpus.append(time.thread_time() - cpu)
            walls.append(time.perf_counter() - started)
            replaying += bool(table.replay.active)
            if app.scenes.top is not table:  # a round summary: go on
                app.scenes.pop()
                if table.state.phase == "round_over":
                    table.next_round()
            state = table.state.to_json()
            if state != last:
                moves += 1
                last = state
                after_move.append(still[0])
            else:
                other.append(still[0])
            time.sleep(0.002)  # the computer player's worker gets the processor now and then
        app.flush_saves()
        for scene in list(app.scenes):
            scene.leave()
        quit_pygame()
    print(
        f"frames {game} watching {players} {args.watch} computer players, {width}x{height}, "
        f"{args.frames} frames, {moves} moves played, {replaying} frames replaying a move: {_spread('thread CPU', cpus)}; {_spread('wall', walls)}"
    )
    if after_move and other:
        print(
            f"  still layer (thread CPU, its blit on the window included): in a move's frame "
            f"{_spread('', after_move).strip()}; in other frames median "
            f"{1000 * statistics.median(other):.2f} ms"
        )
    return max(cpus)


def _time_still_layer(table) -> list[float]:
    """Wrap the table's ``draw_backdrop`` (the still layer brought up to date and put on the
    window) so that its thread CPU time adds up in the returned one-item list."""
    spent = [0.0]
    draw_backdrop = table.drawing.draw_backdrop

    def timed(surface) -> None:
        started = time.thread_time()
        draw_backdrop(surface)
        spent[0] += time.thread_time() - started

    table.drawing.draw_backdrop = timed
    return spent


def _spread(name: str, times: list[float]) -> str:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return (
        f"{name} median {1000 * statistics.median(times):.2f} ms, p99 {1000 * p99:.2f} ms, "
        f"max {1000 * times[-1]:.2f} ms"
    )


def start_drag(pygame, table):
    """Post a press on a piece the player may pick up and a move far enough to lift it; the
    piece, or ``None`` when there is none (the next frame handles the events)."""
    for sprite in reversed(table.sprites.ordered()):
        rect = sprite.rect(table.piece_height(sprite.width))
        pos = (rect.x + max(4, rect.width // 8), rect.y + max(6, rect.width // 5))
        if table.pick(pos) is sprite:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            moved = (pos[0] + 40, pos[1] - 60)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(40, -60), buttons=(1, 0, 0))
            )
            return sprite
    return None
