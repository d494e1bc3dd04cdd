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


WRITER = """
import os, sys, time
from pathlib import Path
from game.ui.storage import Storage

def stuck(fd):
    print("writing", flush=True)
    time.sleep(600)

os.fsync = stuck  # the write stops half-way, as if the machine were slow, until the kill
Storage(Path(sys.argv[1]), Path(sys.argv[1])).save_game_data("rum500", {"a game": list(range(1000))})
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_during_a_write_leaves_no_temporary_file_after_the_next_start(make_app, storage):
    folder = storage.data_dir
    folder.mkdir(parents=True)
    (folder / "saved-rum500.json").write_text('{"the previous save": 1}', encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder)], stdout=subprocess.PIPE, env=env, text=True
    )
    try:
        assert writer.stdout.readline().strip() == "writing"
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    finally:
        if writer.poll() is None:
            writer.kill()
    assert list(folder.glob(".saved-rum500.json.*.tmp"))  # what the kill left
    assert (folder / "saved-rum500.json").read_text(encoding="utf-8") == '{"the previous save": 1}'
    make_app("en")  # the next start
    assert list(folder.glob("*.tmp")) == []
    assert (folder / "saved-rum500.json").exists()
