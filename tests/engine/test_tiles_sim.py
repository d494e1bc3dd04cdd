"""The tile game's simulation command: how rounds ended and who won them."""

from __future__ import annotations

import re

import pytest

from game.sim.__main__ import main


@pytest.mark.slow  # plays 6 whole games of two rounds
def test_the_simulation_counts_round_ends_and_rounds_won(capsys):
    code = main(["tiles", "--players", "normal,easy", "--games", "6", "--seed", "1", "--rounds", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    ends = re.search(r"rounds of finished games by their end: (.*)", out)
    assert ends, out
    counts = {end: int(n) for end, n in (part.split() for part in ends.group(1).split(", "))}
    assert set(counts) <= {"out", "blocked", "stalemate"}
    assert sum(counts.values()) == 12
    won = [int(n) for n in re.findall(r"(\d+) rounds won", out)]
    assert len(won) == 2 and sum(won) == counts.get("out", 0)
