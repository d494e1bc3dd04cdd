"""Decision times of the computer players, per level, against their targets.

``python -m game.bench bots --game rum500 --games 20 --seed 1`` plays, for each level, two-player
games against ``--opponent`` (seats alternating) and times every decision of that level in
processor time (one core, whatever else the machine runs; the wall-clock figures follow):
median, 95th percentile and maximum, with the targets (easy and normal:
p95 at most 20 ms; hard: p95 at most 300 ms and max at most 1 s). Exits 1 when a target is
missed. Extra arguments after ``--`` go to the game's simulation flags
(``-- --final-contract 3``). For the tile players, whose work is counted in solver search nodes,
it also prints how often that count bound them: the solver calls, those stopped at the node
limit per call, and the decisions in which some search was skipped or stopped.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import time
from dataclasses import dataclass
from typing import Any

from game import cli
from game.ai.base import Bot
from game.ai.registry import LEVELS, available_levels, make_bot
from game.engine.base import Move
from game.sim import runner
from game.sim.__main__ import available_games, build_parser, load_game

TARGETS: dict[str, tuple[float, float | None]] = {
    "random": (0.020, None),
    "easy": (0.020, None),
    "normal": (0.020, None),
    "hard": (0.300, 1.0),
}
"""Level -> (p95 limit, max limit or None), in seconds."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The bench's flags."""
    parser.add_argument("--game", choices=available_games(), required=True)
    parser.add_argument(
        "--levels",
        type=cli.arg(cli.one_of_each(LEVELS)),
        default=["easy", "normal", "hard"],
        help="comma-separated levels to time (default easy,normal,hard)",
    )
    parser.add_argument(
        "--opponent", default="normal", help="who they play against: a level or py:package.module:Name"
    )
    parser.add_argument("--games", type=cli.arg(cli.whole(1)), default=20, help="games per level")
    parser.add_argument("--seed", type=cli.arg(cli.whole()), default=1)
    parser.add_argument("sim_flags", nargs="*", help="the game's simulation flags, after --")


def check_arguments(args: argparse.Namespace) -> str | None:
    """What is wrong with the levels, the opponent or the simulation flags for the game, or
    ``None`` (the flags are read by the simulation command's own parser)."""
    have = available_levels(args.game)
    missing = [level for level in args.levels if level not in have]
    if missing:
        return f"argument --levels: no level {missing[0]!r} for {args.game} (levels: {', '.join(have)})"
    if args.opponent not in have and not args.opponent.startswith("py:"):
        return f"argument --opponent: expected a level ({', '.join(have)}) or py:package.module:Name"
    words = [args.game, "--players", f"{have[0]},{have[0]}", *args.sim_flags]
    refused = io.StringIO()
    try:
        with contextlib.redirect_stderr(refused):
            build_parser().parse_args(words)
    except SystemExit:
        reason = [line for line in refused.getvalue().splitlines() if line.strip()][-1:]
        return "the simulation flags: " + (reason[0].split("error: ", 1)[-1] if reason else "refused")
    return None


def percentile(times: list[float], q: float) -> float:
    """The ``q`` quantile of ``times`` (nearest rank, as the simulation command prints it)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class WorkTally:
    """What the tile players' decisions spent (``DecisionWork``), added up over a run."""

    solver_calls: int = 0
    stopped: int = 0
    """Solver calls that reached the node limit of one call."""
    cut_short: int = 0
    """Decisions in which some search was skipped, or stopped, for want of work."""

    def add(self, work: Any) -> None:
        """Count one decision's ``DecisionWork``."""
        self.solver_calls += work.solver_calls
        self.stopped += work.stopped
        self.cut_short += work.cut_short


class Timed(Bot):
    """A bot whose decisions are timed in processor time (``time.process_time``: what this
    process used, whatever else the machine runs) into ``cpu``, and whose work (a tile
    player's ``last_work``) is added to ``tally``."""

    def __init__(self, inner: Bot, cpu: list[float], tally: WorkTally) -> None:
        super().__init__(0)
        self.inner = inner
        self.cpu = cpu
        self.tally = tally

    def choose(self, view: Any) -> Move:
        """The inner bot's move, timed."""
        started = time.process_time()
        move = self.inner.choose(view)
        self.cpu.append(time.process_time() - started)
        work = getattr(self.inner, "last_work", None)
        if work is not None:
            self.tally.add(work)
            self.inner.last_work = None  # a decision that makes no new account is not counted twice
        return move


def time_level(
    game: str, level: str, opponent: str, games: int, seed: int, flags: list[str]
) -> tuple[list[float], list[float], WorkTally]:
    """Every decision time of ``level`` over ``games`` two-player games, in seconds (processor
    time and wall-clock time), and the work its decisions spent."""
    args = build_parser().parse_args(
        [game, "--players", f"{level},{opponent}", "--games", str(games), "--seed", str(seed), *flags]
    )
    cpu: list[float] = []
    tally = WorkTally()

    def make(name: str, bot_seed: int) -> Bot:
        bot = make_bot(game, name, bot_seed)
        return Timed(bot, cpu, tally) if name == level else bot

    report = runner.run(load_game(game), args, make)
    if report.violations:
        raise RuntimeError(report.violations[0])
    return cpu, report.bots[level].decision_times, tally


def run_bench(args: argparse.Namespace) -> int:
    """Print one line per level; 1 when a target is missed."""
    missed = 0
    print(f"{args.game}: {args.games} two-player games per level against {args.opponent}, seed {args.seed}")
    for level in args.levels:
        times, wall, tally = time_level(
            args.game, level, args.opponent, args.games, args.seed, list(args.sim_flags)
        )
        p95_limit, max_limit = TARGETS.get(level, (float("inf"), None))
        p95, top = percentile(times, 0.95), max(times)
        ok = p95 <= p95_limit and (max_limit is None or top <= max_limit)
        missed += not ok
        target = f"p95 <= {1000 * p95_limit:.0f} ms" + (
            f", max <= {1000 * max_limit:.0f} ms" if max_limit else ""
        )
        print(
            f"{level}: {len(times)} decisions, median {1000 * statistics.median(times):.2f} ms, "
            f"p95 {1000 * p95:.2f} ms, max {1000 * top:.1f} ms (target {target}): {'ok' if ok else 'MISSED'}; "
            f"wall clock p95 {1000 * percentile(wall, 0.95):.2f} ms, max {1000 * max(wall):.1f} ms"
        )
        if tally.solver_calls:
            print(
                f"{level}: {tally.solver_calls} solver calls, {tally.stopped} stopped at the node limit; "
                f"{tally.cut_short} decisions cut short"
            )
    return 1 if missed else 0


def run(args: argparse.Namespace) -> int:
    """The bench entry point (see ``game.bench``)."""
    return run_bench(args)
