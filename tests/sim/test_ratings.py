"""The Bradley-Terry fit and its bootstrap interval."""

from __future__ import annotations

import math

from game.sim.ratings import elo, expected_share, rate, strengths


def test_the_fit_finds_the_strengths_that_made_the_results():
    # strengths 4 : 2 : 1, and every pair met 700 times with the expected shares
    true = [4.0, 2.0, 1.0]
    points = {}
    for i in range(3):
        for j in range(3):
            if i != j:
                points[i, j] = 700 * true[i] / (true[i] + true[j])
    fitted = strengths(points, 3, prior=0)
    assert math.isclose(fitted[0] / fitted[1], 2, rel_tol=1e-6)
    assert math.isclose(fitted[1] / fitted[2], 2, rel_tol=1e-6)
    assert math.isclose(math.prod(fitted), 1, rel_tol=1e-9)


def test_a_player_who_won_everything_has_a_finite_rating():
    fitted = strengths({(0, 1): 20.0, (1, 0): 0.0}, 2)
    assert all(math.isfinite(s) and s > 0 for s in fitted)
    assert elo(fitted[0]) > elo(fitted[1])


def test_the_elo_scale():
    assert elo(1.0) == 1500
    assert math.isclose(expected_share(1900, 1500), 10 / 11)
    assert math.isclose(expected_share(1500, 1500), 0.5)


def test_the_interval_holds_the_rating_and_is_repeatable():
    deals = [{(0, 1): 2.0, (1, 0): 0.0}, {(0, 1): 1.0, (1, 0): 1.0}, {(0, 1): 0.0, (1, 0): 2.0}] * 3
    deals += [{(0, 1): 2.0, (1, 0): 0.0}] * 4
    first = rate(deals, 2, seed=5, samples=200)
    assert first == rate(deals, 2, seed=5, samples=200)
    for r in first:
        assert r.low < r.rating < r.high
    assert first[0].rating > 1500 > first[1].rating
    assert rate(deals, 2, seed=6, samples=200) != first
