"""``python -m game.sim GAME --players LIST --games N --seed S [rule options]``.

Plays whole games between bots, checks the engine's invariants after every move and prints a
summary. Exits 1 on any violation (a bot's illegal move or a broken invariant).
``--players`` entries: ``random``, ``easy``, ``normal``, ``hard`` or ``py:package.module:Name``,
where ``Name`` is any class with a ``choose(view)`` method (made with ``Name(seed=N)`` when its
constructor takes a ``seed`` keyword, else ``Name()``) or a ready object with that method.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

from game.ai.registry import make_bot
from game.engine.games import GAME_IDS
from game.sim.runner import SimGame, format_report, run

GAMES: tuple[str, ...] = GAME_IDS


def load_game(name: str) -> SimGame:
    """The ``SimGame`` of ``game.sim.<name>``."""
    return importlib.import_module(f"game.sim.{name}").GAME


def available_games() -> list[str]:
    """The games whose simulation module is present."""
    return [name for name in GAMES if importlib.util.find_spec(f"game.sim.{name}") is not None]


def parse_seat_range(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    try:
        a, b = int(lo), int(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected A-B, got {text!r}") from None
    if a > b:
        raise argparse.ArgumentTypeError(f"empty range {text!r}")
    return list(range(a, b + 1))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="game", required=True)
    for name in available_games():
        game = load_game(name)
        p = sub.add_parser(
            name,
            help=f"simulate {name} games",
            description=f"Play {name} games between bots, audit every move, print a summary.",
        )
        p.add_argument(
            "--players",
            type=lambda s: s.split(","),
            required=True,
            help="comma-separated bots, one per seat: random, easy, normal, hard or py:package.module:Name "
            "(any class with a choose(view) method; made with Name(seed=N) when it takes seed=)",
        )
        p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
        p.add_argument(
            "--seed",
            type=int,
            default=1,
            help="seed of the run (default 1): game g is dealt from seed*1000003+g and the bot at seat s "
            "of that game gets seed=(its deal seed)*7+s, so a run replays exactly",
        )
        p.add_argument(
            "--seats",
            dest="seat_range",
            type=parse_seat_range,
            default=None,
            help=f"cycle the number of players through A-B ({game.min_players}-{game.max_players})",
        )
        p.add_argument(
            "--turn-cap",
            type=int,
            default=0,
            help="turns per round before a game is abandoned (default 0: the game's own cap)",
        )
        game.add_options(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    game = load_game(args.game)
    counts = args.seat_range or [len(args.players)]
    for n in counts:
        if not game.min_players <= n <= game.max_players:
            print(
                f"{game.name} is played by {game.min_players} to {game.max_players} players", file=sys.stderr
            )
            return 2
    try:
        for name in set(args.players):
            make_bot(args.game, name, 0)
    except (ValueError, ImportError, AttributeError) as exc:
        print(f"bad --players entry: {exc}", file=sys.stderr)
        return 2
    report = run(game, args, lambda name, seed: make_bot(args.game, name, seed))
    for line in format_report(game, report):
        print(line)
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
