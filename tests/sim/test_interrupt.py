"""Ctrl+C during a run: the summary of the games finished, exit status 130, no traceback, and
no worker left behind.

The interrupt comes from a bot that sends SIGINT to the command's process when it starts the
seventh game, as a terminal sends it on Ctrl+C (workers ignore it; the command stops them)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BOT = '''
import multiprocessing
import os
import signal
from pathlib import Path

from game.ai.registry import make_bot
from game.sim.schedule import deal_seed


class Interrupting:
    """Plays like easy; at the start of game 6 (deal 6, seat 0) of seed 1 it interrupts the command."""

    def __init__(self, seed):
        self.inner = make_bot("rum500", "easy", seed)
        self.first = seed == deal_seed(1, 6) * 7

    def choose(self, view):
        with open(os.environ["PIDS"], "a") as pids:
            pids.write(f"{os.getpid()}\\n")
        if self.first:
            self.first = False
            main = multiprocessing.parent_process()
            os.kill(main.pid if main else os.getpid(), signal.SIGINT)
        return self.inner.choose(view)
'''


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_prints_the_games_finished_and_stops_the_workers(jobs, tmp_path):
    (tmp_path / "interrupting.py").write_text(BOT, encoding="utf-8")
    pids = tmp_path / "pids"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)]), "PIDS": str(pids)}
    argv = ["rum500", "--players", "py:interrupting:Interrupting,easy", "--games", "200", "--target", "100"]
    run = subprocess.run(
        [sys.executable, "-m", "game.sim", *argv, "--jobs", jobs],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        # a shell started in the background ignores SIGINT: give the command the terminal's default
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert run.returncode == 130, run.stderr
    assert "Traceback" not in run.stderr, run.stderr
    finished = re.search(r"interrupted: (\d+) of 200 games finished", run.stdout)
    assert finished, run.stdout
    games = int(finished.group(1))
    # in one process, games 0-5 were over; workers may have had finished games not yet counted
    assert games == 6 if jobs == "1" else games < 200
    assert f"total: {games} games, {games} finished" in run.stdout
    for pid in {int(p) for p in pids.read_text().split()}:
        assert not alive(pid), f"process {pid} still runs"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
