"""Ratings from head-to-head results: a Bradley-Terry fit on the Elo scale, with a bootstrap
interval over deals.

The Bradley-Terry model gives each player a strength ``p_i > 0`` and says that ``i`` takes a
share ``p_i / (p_i + p_j)`` of the points against ``j``. With ``w_ij`` the points ``i`` scored
against ``j`` (a win 1, a shared game 1/2), the strengths that make the results most likely are
found by Hunter's minorisation-maximisation iteration (Hunter 2004, "MM algorithms for
generalized Bradley-Terry models")::

    p_i <- W_i / sum_j (n_ij / (p_i + p_j)),    W_i = sum_j w_ij,   n_ij = w_ij + w_ji

repeated until no strength moves by more than ``1e-10`` (relative), each round rescaled so that
the geometric mean of the strengths is 1. Before the fit, ``PRIOR`` points are given to each side
of every pair that met (a drawn game), so that a player who won every game still gets a finite
rating. A rating is ``1500 + 400 * log10(p_i)``: the Elo scale, on which a lead of 400 points
means an expected share of 10/11 (91%) and the average player stands at 1500.

The interval: the deals are drawn again with replacement (the same deals for every pair, since
all pairs play the same deals), the fit is made on each such sample, and the 2.5th and 97.5th
percentiles of a player's ratings over ``BOOTSTRAP`` samples bound it (seeded: the same run
gives the same interval).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

PRIOR = 0.5
"""Points given to each side of every pair that met, before the fit."""

BOOTSTRAP = 400
"""Samples of the bootstrap interval."""

Points = dict[tuple[int, int], float]
"""``(i, j) -> points i scored against j``."""


def strengths(points: Points, players: int, prior: float = PRIOR) -> list[float]:
    """The Bradley-Terry strengths of ``players`` players (geometric mean 1) fitted to
    ``points``; a player who met nobody keeps strength 1."""
    w = {key: value + prior for key, value in points.items()}
    for i, j in list(w):
        w.setdefault((j, i), prior)
    opponents: list[list[int]] = [[] for _ in range(players)]
    for i, j in w:
        opponents[i].append(j)
    won = [sum(w[i, j] for j in opponents[i]) for i in range(players)]
    p = [1.0] * players
    for _ in range(10_000):
        new = [
            won[i] / sum((w[i, j] + w[j, i]) / (p[i] + p[j]) for j in opponents[i]) if opponents[i] else 1.0
            for i in range(players)
        ]
        scale = math.exp(sum(math.log(x) for x in new) / players)
        new = [x / scale for x in new]
        moved = max(abs(a - b) / b for a, b in zip(new, p, strict=True))
        p = new
        if moved < 1e-10:
            break
    return p


def elo(strength: float) -> float:
    """A strength on the Elo scale (1 -> 1500)."""
    return 1500 + 400 * math.log10(strength)


def expected_share(rating: float, other: float) -> float:
    """The share of the points a player rated ``rating`` expects against one rated ``other``."""
    return 1 / (1 + 10 ** ((other - rating) / 400))


@dataclass(frozen=True)
class Rating:
    """One player's rating and its 95% interval."""

    player: int
    rating: float
    low: float
    high: float


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values``, interpolated between the nearest ranks."""
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    lo = math.floor(at)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (at - lo)


def rate(per_deal: Sequence[Points], players: int, seed: int, samples: int = BOOTSTRAP) -> list[Rating]:
    """Every player's rating from the points of each deal (``per_deal[d]``), with its 95%
    bootstrap interval over deals drawn by ``random.Random(seed)``."""

    def fit(deals: Sequence[Points]) -> list[float]:
        total: Points = {}
        for points in deals:
            for key, value in points.items():
                total[key] = total.get(key, 0.0) + value
        return [elo(s) for s in strengths(total, players)]

    ratings = fit(per_deal)
    rng = random.Random(seed)
    drawn = [fit(rng.choices(per_deal, k=len(per_deal))) for _ in range(samples if per_deal else 0)]
    out = []
    for i in range(players):
        mine = [sample[i] for sample in drawn] or [ratings[i]]
        out.append(Rating(i, ratings[i], percentile(mine, 0.025), percentile(mine, 0.975)))
    return out
