"""Paired results of duplicate deals (``--duplicate``): each deal is played once per seat order,
so every player gets every seat's cards and the luck of the deal cancels out.

A player's score on a deal is its mean share of the wins over that deal's games (a shared win
counts 1/k to each of k winners; a game stopped at the turn or round cap counts as shared by
all its players). Its paired result is the mean of those scores over the deals, and the standard
error of that mean is ``stdev(scores) / sqrt(deals)``: games on one deal are counted together,
as one observation, because they are not independent. Deals with a game missing (interrupted, or
stopped by a violation) are left out.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from game.sim.runner import GameRecord


def deal_scores(records: Iterable[GameRecord]) -> dict[int, dict[str, float]]:
    """Deal -> bot name -> its mean share of the wins over the deal's games, for each complete
    deal (as many games as the deal has seats, every one ended without a violation)."""
    games: dict[int, list[GameRecord]] = defaultdict(list)
    for record in records:
        games[record.deal].append(record)
    scores: dict[int, dict[str, float]] = {}
    for deal, played in sorted(games.items()):
        if len(played) != len(played[0].names) or any(r.shares is None for r in played):
            continue
        total: dict[str, float] = defaultdict(float)
        for record in played:
            assert record.shares is not None
            for name, share in zip(record.names, record.shares, strict=True):
                total[name] += share
        scores[deal] = {name: points / len(played) for name, points in total.items()}
    return scores


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two values)."""
    if not values:
        return 0.0, 0.0
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return statistics.fmean(values), error


@dataclass(frozen=True)
class Paired:
    """One player's paired result over the complete deals."""

    name: str
    deals: int
    score: float
    error: float
    won_all: int
    """Deals on which it won every game."""
    lost_all: int
    """Deals on which it won none."""


def paired_results(records: Iterable[GameRecord]) -> list[Paired]:
    """Each player's paired result, strongest first."""
    scores = deal_scores(records)
    per_name: dict[str, list[float]] = defaultdict(list)
    for by_name in scores.values():
        for name, score in by_name.items():
            per_name[name].append(score)
    results = []
    for name, values in per_name.items():
        score, error = mean_and_error(values)
        won = sum(v >= 1 - 1e-9 for v in values)
        lost = sum(v <= 1e-9 for v in values)
        results.append(Paired(name, len(values), score, error, won, lost))
    return sorted(results, key=lambda p: (-p.score, p.name))


def format_paired(records: list[GameRecord]) -> list[str]:
    """The summary's duplicate lines: the deals counted, then one line per player."""
    results = paired_results(records)
    deals = max((p.deals for p in results), default=0)
    dealt = len({r.deal for r in records})
    left_out = f" ({dealt - deals} incomplete deals left out)" if dealt > deals else ""
    lines = [f"duplicate: {deals} deals, each played once per seat order{left_out}"]
    for p in results:
        lines.append(
            f"duplicate {p.name}: {100 * p.score:.1f}% ± {100 * p.error:.1f}% of the wins per deal "
            f"(standard error over {p.deals} deals); deals won in every seat order {p.won_all}, "
            f"lost in every seat order {p.lost_all}, split {p.deals - p.won_all - p.lost_all}"
        )
    return lines
