"""``--duplicate``: each deal once per seat order, and the paired result with its standard error."""

from __future__ import annotations

import math
import re

from game.sim.__main__ import build_parser
from game.sim.duplicate import deal_scores, paired_results
from game.sim.runner import GameRecord
from game.sim.schedule import seat_orders, specs
from tests.sim.helpers import summary


def test_each_deal_is_played_once_per_seat_order():
    args = build_parser().parse_args(["tiles", "--players", "a,b,c", "--games", "6", "--duplicate"])
    planned = specs(args)
    assert [(s.deal, s.names) for s in planned] == [
        (0, ("a", "b", "c")),
        (0, ("b", "c", "a")),
        (0, ("c", "a", "b")),
        (1, ("a", "b", "c")),
        (1, ("b", "c", "a")),
        (1, ("c", "a", "b")),
    ]
    assert seat_orders(["x", "y"]) == [("x", "y"), ("y", "x")]


def test_without_duplicate_every_game_has_its_own_deal():
    args = build_parser().parse_args(["tiles", "--players", "a,b", "--games", "3"])
    assert [(s.deal, s.names) for s in specs(args)] == [(0, ("a", "b")), (1, ("b", "a")), (2, ("a", "b"))]


def record(deal: int, names: tuple[str, ...], shares: tuple[float, ...] | None) -> GameRecord:
    return GameRecord(0, deal, names, shares)


def test_the_paired_result_is_the_mean_per_deal_and_its_standard_error():
    records = [
        record(0, ("a", "b"), (1.0, 0.0)),
        record(0, ("b", "a"), (0.0, 1.0)),  # a won both: deal score 1
        record(1, ("a", "b"), (1.0, 0.0)),
        record(1, ("b", "a"), (1.0, 0.0)),  # split: 1/2
        record(2, ("a", "b"), (0.0, 1.0)),
        record(2, ("b", "a"), (1.0, 0.0)),  # b won both: 0
        record(3, ("a", "b"), (1.0, 0.0)),
        record(3, ("b", "a"), None),  # a violation: the deal is left out
        record(4, ("a", "b"), (0.5, 0.5)),  # alone: incomplete, left out
    ]
    assert deal_scores(records) == {0: {"a": 1.0, "b": 0.0}, 1: {"a": 0.5, "b": 0.5}, 2: {"a": 0.0, "b": 1.0}}
    a = next(p for p in paired_results(records) if p.name == "a")
    assert (a.deals, a.score, a.won_all, a.lost_all) == (3, 0.5, 1, 1)
    assert math.isclose(a.error, 0.5 / math.sqrt(3))  # stdev of 1, 1/2, 0 is 1/2


def test_the_summary_gives_the_paired_result(capsys):
    argv = ["frustration", "--players", "normal,easy", "--games", "8", "--final-contract", "1"]
    code, lines = summary(capsys, [*argv, "--duplicate", "--seed", "2", "--jobs", "1"])
    assert code == 0
    text = "\n".join(lines)
    assert "duplicate: 4 deals, each played once per seat order" in text
    scores = {
        name: (float(score), float(error))
        for name, score, error in re.findall(r"duplicate (\w+): ([\d.]+)% ± ([\d.]+)%", text)
    }
    assert set(scores) == {"normal", "easy"}
    assert math.isclose(scores["normal"][0] + scores["easy"][0], 100, abs_tol=0.11)
    assert scores["normal"][1] == scores["easy"][1]
