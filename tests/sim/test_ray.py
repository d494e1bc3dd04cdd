"""``--ray``: the games as Ray tasks on a local Ray instance of two processors give the summary
of one process. Ray is the optional extra ``cluster`` (``pip install -e ".[test,cluster]"``);
without it this test is skipped."""

from __future__ import annotations

import pytest

from tests.sim.helpers import summary

pytest.importorskip("ray")


@pytest.mark.slow
def test_ray_tasks_give_the_summary_of_one_process(capsys):
    argv = ["rum500", "--players", "normal,easy", "--games", "6", "--target", "150", "--duplicate"]
    one = summary(capsys, [*argv, "--jobs", "1"])
    on_ray = summary(capsys, [*argv, "--ray", "--jobs", "2"])
    assert on_ray == one
    assert one[0] == 0 and "duplicate: 3 deals" in "\n".join(one[1])


@pytest.mark.slow
def test_a_tournament_on_ray_gives_the_same_table(capsys):
    argv = ["tournament", "tiles", "--players", "normal,easy,random", "--games", "2", "--rounds", "1"]
    assert summary(capsys, [*argv, "--ray", "--jobs", "2"]) == summary(capsys, [*argv, "--jobs", "1"])
