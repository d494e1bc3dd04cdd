"""``--jobs N``: the games played by worker processes give the summary ``--jobs 1`` gives, game
for game, whatever worker plays which game (the start method of the platform, and ``spawn``)."""

from __future__ import annotations

import os

import pytest

from game.sim import parallel
from game.sim.__main__ import build_parser
from game.sim.runner import MAX_VIOLATIONS, SimReport
from tests.sim.helpers import summary

SHORT = {
    "frustration": ["--players", "normal,easy,random", "--games", "6", "--final-contract", "2"],
    "rum500": ["--players", "normal,easy", "--games", "6", "--target", "200"],
    "tiles": ["--players", "normal,easy", "--games", "6", "--rounds", "1"],
}


@pytest.mark.parametrize("game", sorted(SHORT))
def test_two_workers_give_the_summary_of_one_process(game, capsys):
    one = summary(capsys, [game, *SHORT[game], "--seed", "4", "--jobs", "1"])
    two = summary(capsys, [game, *SHORT[game], "--seed", "4", "--jobs", "2"])
    assert one == two
    assert one[0] == 0 and "6 games, 6 finished" in one[1][-1]


def test_spawned_workers_give_the_same_summary(capsys, monkeypatch):
    """The start method of macOS and Windows: workers import everything afresh."""
    argv = ["rum500", "--players", "easy,random", "--games", "4", "--target", "150", "--duplicate"]
    one = summary(capsys, [*argv, "--jobs", "1"])
    monkeypatch.setattr(parallel, "START_METHOD", "spawn")
    assert summary(capsys, [*argv, "--jobs", "2"]) == one


def test_the_default_is_every_core():
    args = build_parser().parse_args(["tiles", "--players", "easy,easy"])
    assert args.jobs == (os.cpu_count() or 1)


def test_the_run_stops_only_once_every_game_before_the_tenth_violation_is_in():
    parts = {i: SimReport(violations=["bad"]) for i in range(1, MAX_VIOLATIONS + 1)}
    violating = list(parts)
    assert not parallel.enough(parts, violating)  # game 0 may still bring a violation
    parts[0] = SimReport()
    assert parallel.enough(parts, violating)
