"""``python -m game.sim tournament GAME --players A,B,C,... --games N``: every pair of players
meets in ``N`` two-player games on ``N/2`` duplicate deals (each deal once per seat order; every
pair gets the same deals), and the table gives each player's rating (``game.sim.ratings``), its
95% interval and the head-to-head results.
"""

from __future__ import annotations

import argparse
import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from game.sim.duplicate import deal_scores, mean_and_error
from game.sim.ratings import Points, Rating, rate
from game.sim.runner import SimReport
from game.sim.schedule import GameSpec, seat_orders


def tournament_specs(players: Sequence[str], games: int) -> list[GameSpec]:
    """The games of a tournament: for each pair (in the order of ``players``), ``games`` games,
    deal ``d`` played as games ``2d`` and ``2d + 1`` with the seats swapped."""
    out: list[GameSpec] = []
    for pair in itertools.combinations(players, 2):
        orders, first = seat_orders(pair), len(out)
        out.extend(GameSpec(first + g, g // 2, orders[g % 2]) for g in range(games))
    return out


@dataclass(frozen=True)
class HeadToHead:
    """What the row player scored against the column player: its mean share per deal, the
    standard error of it, and the deals counted."""

    score: float
    error: float
    deals: int


@dataclass
class Standings:
    """A tournament's result."""

    players: list[str]
    ratings: list[Rating]
    """In the order of ``players``."""
    head_to_head: dict[tuple[int, int], HeadToHead]
    """``(row, column) -> row's result against column``, for every pair that completed a deal."""
    scores: list[float]
    """Each player's share of its points over all its games."""
    games: list[int]
    """Games each player finished (complete deals only)."""


def standings(players: Sequence[str], report: SimReport, seed: int) -> Standings:
    """Ratings and head-to-head results of the games in ``report``."""
    index = {name: i for i, name in enumerate(players)}
    by_pair: dict[frozenset[str], list] = defaultdict(list)
    for record in report.records:
        by_pair[frozenset(record.names)].append(record)
    per_deal: dict[int, Points] = defaultdict(dict)
    head: dict[tuple[int, int], HeadToHead] = {}
    points = [0.0] * len(players)
    games = [0] * len(players)
    for records in by_pair.values():
        scores = deal_scores(records)
        if not scores:
            continue
        a, b = sorted(index[n] for n in records[0].names)
        for deal, by_name in scores.items():
            # two games a deal: a deal's score times 2 is the points scored in them
            per_deal[deal][a, b] = 2 * by_name[players[a]]
            per_deal[deal][b, a] = 2 * by_name[players[b]]
            for i in (a, b):
                points[i] += 2 * by_name[players[i]]
                games[i] += 2
        for row, col in ((a, b), (b, a)):
            mean, error = mean_and_error([s[players[row]] for s in scores.values()])
            head[row, col] = HeadToHead(mean, error, len(scores))
    deals = [per_deal[d] for d in sorted(per_deal)]
    return Standings(
        list(players),
        rate(deals, len(players), seed),
        head,
        [p / g if g else 0.0 for p, g in zip(points, games, strict=True)],
        games,
    )


MAX_CELL = 24
"""Widest head-to-head column: longer player names (``py:`` paths) are cut to it."""


def format_standings(result: Standings) -> list[str]:
    """The ratings table, strongest first, then the head-to-head table (the row player's share
    of the points against the column player, ± its standard error over deals)."""
    order = sorted(
        range(len(result.players)), key=lambda i: (result.games[i] == 0, -result.ratings[i].rating)
    )
    width = max(6, *(len(p) for p in result.players))
    lines = [
        f"{'rank':>4}  {'player':<{width}}  {'rating':>6}  {'95% interval':>14}  {'score':>6}  {'games':>6}"
    ]
    for rank, i in enumerate(order, 1):
        r = result.ratings[i]
        if result.games[i]:
            rating, interval, score = (
                f"{r.rating:.0f}",
                f"[{r.low:.0f}, {r.high:.0f}]",
                f"{100 * result.scores[i]:.1f}%",
            )
        else:  # an interrupted tournament that finished no deal of this player's
            rating, interval, score = "-", "-", "-"
        lines.append(
            f"{rank:>4}  {result.players[i]:<{width}}  {rating:>6}  {interval:>14}  {score:>6}  {result.games[i]:>6}"
        )
    lines += ["", "head to head: the row player's share of the points against the column player"]
    cell = min(MAX_CELL, max(13, *(len(p) for p in result.players)))
    lines.append(" " * width + "".join(f"  {result.players[j][:cell]:>{cell}}" for j in order))
    for i in order:
        cells = []
        for j in order:
            h = result.head_to_head.get((i, j))
            text = "-" if h is None else f"{100 * h.score:.1f} ± {100 * h.error:.1f}"
            cells.append(f"  {text:>{cell}}")
        lines.append(f"{result.players[i]:<{width}}" + "".join(cells))
    return lines


def describe(args: argparse.Namespace, pairs: int) -> str:
    """The table's heading: what was played."""
    return (
        f"{args.game} tournament: {len(args.players)} players, {pairs} pairs, each pair {args.games} "
        f"games on {args.games // 2} deals played in both seat orders (seed {args.seed}); "
        "ratings: Bradley-Terry fit on the Elo scale (average 1500), 95% bootstrap interval over deals"
    )
