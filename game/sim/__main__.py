"""``python -m game.sim GAME --players LIST --games N --seed S [rule options]``.

Plays whole games between bots, checks the engine's invariants after every move and prints a
summary. Exits 1 on any violation (a bot's illegal move, a bot that raised, a broken
invariant), 2 on a bad command line, 130 when interrupted (Ctrl+C: the summary then covers the
games finished). ``--players`` entries: ``random``, ``easy``, ``normal``, ``hard``, the
baselines, or ``py:package.module:Name``, where ``Name`` is any class with a ``choose(view)``
method (made with ``Name(seed=N)`` when its constructor takes a ``seed`` keyword, else
``Name()``) or a ready object with that method.

The games are played by ``--jobs`` worker processes (all cores by default) or as Ray tasks
(``--ray [ADDRESS]``); the summary is the same however they are played. ``--duplicate`` plays
each deal once per seat order. ``python -m game.sim tournament GAME --players A,B,C,...`` rates
every player from duplicate games between every pair.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.sim.checks import bot_names, check_bots, int_at_least, known_names, non_negative_int, positive_int
from game.sim.duplicate import format_paired
from game.sim.games import GAMES, available_games, load_game
from game.sim.parallel import play_all
from game.sim.runner import format_report
from game.sim.schedule import specs
from game.sim.tournament import describe, format_standings, standings, tournament_specs

__all__ = ["GAMES", "available_games", "build_parser", "load_game", "main"]

INTERRUPTED = 130
"""Exit status of a run stopped by Ctrl+C (128 + SIGINT, as shells report it)."""


def parse_seat_range(text: str) -> list[int]:
    """An argparse type: ``A-B`` (or ``A``), the player counts ``--seats`` cycles through."""
    lo, _, hi = text.partition("-")
    try:
        a, b = int(lo), int(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected A-B, got {text!r}") from None
    if a > b:
        raise argparse.ArgumentTypeError(f"empty range {text!r}")
    return list(range(a, b + 1))


def add_common(p: argparse.ArgumentParser, name: str, *, tournament: bool) -> None:
    """The options of a run and of a tournament alike, then the game's rule options."""
    p.add_argument(
        "--players",
        type=bot_names(unique=tournament),
        required=True,
        help=(
            "comma-separated players to rate, at least two, each once"
            if tournament
            else "comma-separated bots, one per seat"
        )
        + f": {', '.join(known_names(name))} or py:package.module:Name "
        "(any class with a choose(view) method; made with Name(seed=N) when it takes seed=)",
    )
    p.add_argument(
        "--games",
        type=int_at_least(2) if tournament else positive_int,
        default=20 if tournament else 100,
        help="games per pair, an even number: each deal is played in both seat orders (default 20)"
        if tournament
        else "number of games (default 100; with --duplicate, a multiple of the number of players)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the run (default 1): deal d is dealt from seed*1000003+d and the bot at seat s "
        "of that game gets seed=(its deal seed)*7+s, so a run replays exactly",
    )
    p.add_argument(
        "--turn-cap",
        type=non_negative_int,
        default=0,
        help="turns per round before a game is abandoned (default 0: the game's own cap)",
    )
    cores = os.cpu_count() or 1
    p.add_argument(
        "--jobs",
        type=positive_int,
        default=cores,
        metavar="N",
        help=f"worker processes playing the games (default: every core, here {cores}); "
        "1 plays them in this process; with --ray and no address, the processors of the local Ray instance",
    )
    p.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help='play the games as Ray tasks (pip install "rami[cluster]"): on a local Ray instance, '
        "or on the cluster at ADDRESS (ray://host:10001, or auto on a node of the cluster)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The simulator's command line: one sub-command per game, and ``tournament GAME``."""
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in available_games():
        game = load_game(name)
        p = sub.add_parser(
            name,
            help=f"simulate {name} games",
            description=f"Play {name} games between bots, audit every move, print a summary.",
        )
        p.set_defaults(game=name)
        add_common(p, name, tournament=False)
        p.add_argument(
            "--seats",
            dest="seat_range",
            type=parse_seat_range,
            default=None,
            help=f"cycle the number of players through A-B ({game.min_players}-{game.max_players})",
        )
        p.add_argument(
            "--duplicate",
            action="store_true",
            help="play each deal once per seat order (2 players: both orders; more: every rotation) "
            "and give each bot's paired result per deal with its standard error",
        )
        game.add_options(p)
    t = sub.add_parser(
        "tournament",
        help="rate players from duplicate games between every pair",
        description="Every pair of players meets in two-player games on duplicate deals; prints each "
        "player's rating (Bradley-Terry, Elo scale) with its 95%% interval and the head-to-head table.",
    )
    games = t.add_subparsers(dest="game", required=True)
    for name in available_games():
        p = games.add_parser(name, help=f"a {name} tournament")
        add_common(p, name, tournament=True)
        p.add_argument(
            "--plot", type=Path, metavar="FILE.png", help='also draw the table (needs "rami[plot]")'
        )
        load_game(name).add_options(p)
    return parser


def fail(message: str) -> int:
    """Print ``message`` as the command's one-line error; the exit status of a bad command line."""
    print(f"python -m game.sim: error: {message}", file=sys.stderr)
    return 2


def check_run(args: argparse.Namespace) -> str | None:
    """What is wrong with a run's command line that no single value shows, or ``None``."""
    game = load_game(args.game)
    bad_bot = check_bots(args.game, args.players)
    if bad_bot:
        return bad_bot
    if args.command == "tournament":
        if len(args.players) < 2:
            return "a tournament needs at least two --players"
        if args.games % 2:
            return (
                f"--games {args.games}: a tournament plays each deal in both seat orders, give an even number"
            )
        if not game.min_players <= 2 <= game.max_players:
            return f"{game.name} is not played by two players"
        if args.plot is not None:
            from game.sim.plot import check_plot_target

            return check_plot_target(args.plot)
        return None
    counts = args.seat_range or [len(args.players)]
    for n in counts:
        if not game.min_players <= n <= game.max_players:
            return f"{game.name} is played by {game.min_players} to {game.max_players} players"
    if args.duplicate:
        if args.seat_range:
            return "--duplicate plays every deal with the same players: leave out --seats"
        if args.games % len(args.players):
            return (
                f"--duplicate plays each deal in {len(args.players)} seat orders: "
                f"--games must be a multiple of {len(args.players)}, not {args.games}"
            )
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the command; its exit status."""
    args = build_parser().parse_args(argv)
    problem = check_run(args)
    if problem:
        return fail(problem)
    game = load_game(args.game)
    planned = tournament_specs(args.players, args.games) if args.command == "tournament" else specs(args)
    from game.sim.cluster import ClusterError

    try:
        report = play_all(args.game, args, planned, jobs=args.jobs, ray=args.ray)
    except ClusterError as exc:
        return fail(str(exc))
    lines = format_report(game, report)
    if args.command == "tournament":
        result = standings(args.players, report, args.seed)
        heading = describe(args, len(args.players) * (len(args.players) - 1) // 2)
        lines = [heading, "", *format_standings(result), "", *lines[-1 - len(report.violations) :]]
        if args.plot is not None:
            from game.sim.plot import draw

            title = f"{args.game}: {args.games} games a pair on duplicate deals, seed {args.seed}"
            draw(result, title, args.plot)
            lines.append(f"plot: {args.plot}")
    elif args.duplicate:
        lines += format_paired(report.records)
    if report.interrupted:
        lines.append(f"interrupted: {len(report.records)} of {report.planned} games finished, counted above")
    for line in lines:
        print(line)
    if report.interrupted:
        return INTERRUPTED
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
