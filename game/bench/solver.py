"""Tile-game solver speed: median, 95th percentile and maximum solve time per size class.

Positions are random but realistic (``game.ai.tiles.solver_positions``): the 106 tiles are
shuffled, a legal table is built from real combinations (runs of 3-6 tiles, groups of 3-4, now
and then with a star in them), and the rack is dealt from the rest. The positions are shared
out evenly between the size classes (rack tiles, table tiles: see below).

Each play is timed on its own (wall clock, ``best_play`` from start to finish) and then checked
with the engine's ``validate_play``. ``--opening`` times openings (player not opened) instead.
The search nodes of each play are counted too (``max nodes``), and the last line says how many
positions need more than the computer players' limit per call (``players.CALL_NODES``): for
those a player lays the play without rearranging instead.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game import cli

VARIANTS = ("default", "ace_after_13", "mixed_colour_runs", "runs_only", "groups_only")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from game.ai.tiles.solver_positions import SIZE_CLASSES

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    classes = "\n".join(
        f"  {c.name:<9} rack {f'{c.rack[0]}-{c.rack[1]}':<7} table {c.table[0]}-{c.table[1]}"
        for c in SIZE_CLASSES
    )
    parser.epilog = (__doc__ or "").split("\n", 2)[2] + "\nSize classes:\n" + classes
    parser.add_argument(
        "--positions", type=cli.arg(cli.whole(1)), default=500, help="positions in all (default 500)"
    )
    parser.add_argument("--seed", type=cli.arg(cli.whole()), default=1)
    parser.add_argument("--variant", choices=VARIANTS, default="default", help="rule variant (default rules)")
    parser.add_argument("--opening", action="store_true", help="solve openings (player not opened yet)")
    parser.add_argument("--no-check", action="store_true", help="skip checking each play with the engine")


def run(args: argparse.Namespace) -> int:
    from game.ai.tiles.players import CALL_NODES
    from game.ai.tiles.solver import Work, best_play
    from game.ai.tiles.solver_positions import SIZE_CLASSES, random_position
    from game.engine.tiles import Options, validate_play

    options = Options(**({args.variant: True} if args.variant != "default" else {}))
    kinds = {"runs_only": ("run",), "groups_only": ("group",)}.get(args.variant, ("run", "group"))
    rng = random.Random(args.seed)
    times: dict[str, list[float]] = {c.name: [] for c in SIZE_CLASSES}
    placed: dict[str, list[int]] = {c.name: [] for c in SIZE_CLASSES}
    nodes: dict[str, list[int]] = {c.name: [] for c in SIZE_CLASSES}
    opened = not args.opening
    for i in range(args.positions):
        size = SIZE_CLASSES[i % len(SIZE_CLASSES)]
        position = random_position(rng, rng.randint(*size.rack), rng.randint(*size.table), kinds=kinds)
        work = Work()
        start = time.perf_counter()
        play = best_play(position.rack, position.table, opened, options=options, work=work)
        times[size.name].append(time.perf_counter() - start)
        nodes[size.name].append(work.nodes)
        placed[size.name].append(play.count)
        if play.placed and not args.no_check:
            validate_play(position.table, position.rack, play.table, opened, options=options)
    what = "openings" if args.opening else "plays"
    print(f"solver benchmark: {args.positions} {what}, seed {args.seed}, variant {args.variant}")
    print(
        f"{'class':<9}{'rack':>7}{'table':>8}{'n':>5}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}{'placed':>8}{'max nodes':>11}"
    )
    for size in SIZE_CLASSES:
        _print_row(
            size.name,
            f"{size.rack[0]}-{size.rack[1]}",
            f"{size.table[0]}-{size.table[1]}",
            times[size.name],
            placed[size.name],
            nodes[size.name],
        )
    every = [t for ts in times.values() for t in ts]
    all_nodes = [n for ns in nodes.values() for n in ns]
    _print_row("overall", "", "", every, [p for ps in placed.values() for p in ps], all_nodes)
    over = sum(n > CALL_NODES for n in all_nodes)
    print(f"positions over the players' limit of {CALL_NODES} nodes per call: {over} of {len(all_nodes)}")
    return 0


def _print_row(
    name: str, rack: str, table: str, times: list[float], placed: list[int], nodes: list[int]
) -> None:
    if not times:
        return
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    print(
        f"{name:<9}{rack:>7}{table:>8}{len(times):>5}"
        f"{1000 * statistics.median(ordered):>11.1f}{1000 * p95:>9.1f}{1000 * ordered[-1]:>9.1f}"
        f"{statistics.mean(placed):>8.2f}{max(nodes):>11}"
    )
