"""After a hard kill of the game, none of its processes is left (the computer players' worker
and multiprocessing's resource tracker end with it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

GAME = """
from game.engine import frustration
from game.ui.bots import BotSpec, BotWorker

worker = BotWorker("process")
assert worker.in_process
state = frustration.new_game(2, seed=3)
worker.ask(BotSpec(("t", 0), "frustration", "random", 1), state.view(state.current_player)).result(timeout=120)
print("thinking", flush=True)
import time
time.sleep(600)
"""


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_no_process_of_the_game_is_left_after_a_hard_kill():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RAMI_BOT_WORKER": "process"}
    game = subprocess.Popen([sys.executable, "-c", GAME], stdout=subprocess.PIPE, env=env, text=True)
    try:
        assert game.stdout.readline().strip() == "thinking"
        children = children_of(game.pid)
        assert len(children) >= 1  # the worker (and the resource tracker, on Linux)
        game.send_signal(signal.SIGKILL)
        game.wait()
        for _ in range(200):  # up to about 20 s on a busy machine
            if not any(alive(pid) for pid in children):
                break
            time.sleep(0.1)
        left = [pid for pid in children if alive(pid)]
        for pid in left:  # do not leave them behind for the next test
            os.kill(pid, signal.SIGKILL)
        assert left == []
    finally:
        if game.poll() is None:
            game.kill()
