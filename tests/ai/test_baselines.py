"""The outside baselines play whole games legally (the simulation checks every move)."""

from __future__ import annotations

import pytest

from game.ai.registry import make_bot
from game.sim.__main__ import build_parser, load_game
from game.sim.runner import run

CASES = [
    ("frustration", "baseline", ["--final-contract", "2"]),
    ("rum500", "baseline", ["--target", "150", "--rummy-claims"]),
    ("tiles", "baseline", ["--rounds", "1"]),
    ("tiles", "py:game.ai.baselines.tiles:Baseline", ["--rounds", "1"]),
    ("frustration", "baseline-strong", ["--final-contract", "2"]),
    ("rum500", "baseline-strong", ["--target", "150", "--rummy-claims"]),
    ("tiles", "baseline-strong", ["--rounds", "1"]),
    ("tiles", "baseline-strong", ["--rounds", "1", "--turn-rule", "draw"]),
]


@pytest.mark.parametrize(("game", "name", "flags"), CASES)
def test_baseline_plays_legally(game: str, name: str, flags: list[str]) -> None:
    args = build_parser().parse_args(
        [game, "--players", f"{name},random", "--games", "2", "--seed", "3", *flags]
    )
    report = run(load_game(game), args, lambda n, s: make_bot(game, n, s))
    assert report.violations == []
    assert report.bots[name].games == 2
