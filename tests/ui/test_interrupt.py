"""Ctrl+C in the terminal (SIGINT) ends the game as closing its window does: the shutdown runs
(the window's size is remembered), no traceback, exit status 0. A real process, headless."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sends a POSIX signal")


def start_game(home: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, RAMI_USER_DIR=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen(
        [sys.executable, "-m", "game", "--lang", "en", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_the_title(game: subprocess.Popen, home: Path) -> None:
    """The title is on screen once the pictures of a first start are kept (after its frames)."""
    pictures = home / "cache" / "pictures"
    for _ in range(1200):  # at most a minute on a loaded machine
        if game.poll() is not None:
            raise AssertionError(f"the game ended early: {game.communicate()}")
        if pictures.is_dir() and any(p.suffix == ".bmp" for p in pictures.iterdir()):
            return
        time.sleep(0.05)
    game.kill()
    raise AssertionError("the title never came")


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupt_ends_the_game_like_closing_its_window(tmp_path, signal_number):
    game = start_game(tmp_path, "--size", "1100x700")
    try:
        wait_for_the_title(game, tmp_path)
        game.send_signal(signal_number)
        _, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    settings = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert settings["window_size"] == [1100, 700]  # the shutdown ran


WORKER_THEN_WAIT = """
import sys, time
from game.ui.bots import BotWorker
worker = BotWorker("process")
worker._executor.submit(time.sleep, 0.01).result()
try:
    print("worker up", flush=True)
    sys.stdin.readline()  # Ctrl+C reaches this process and its worker at once
except KeyboardInterrupt:
    try:  # the game goes on to its shutdown: the worker must still be there to be asked
        worker._executor.submit(time.sleep, 0.01).result(timeout=30)
        print("worker alive", flush=True)
    except Exception as exc:
        print("worker broken:", type(exc).__name__, flush=True)
"""


def test_ctrl_c_in_the_terminal_prints_nothing_from_the_computer_players_worker(tmp_path):
    """Ctrl+C goes to every process of the terminal's foreground group, the worker's too."""
    root = Path(__file__).resolve().parents[2]
    game = subprocess.Popen(
        [sys.executable, "-c", WORKER_THEN_WAIT],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal gives
    )
    try:
        assert game.stdout.readline().strip() == "worker up"
        os.killpg(game.pid, signal.SIGINT)
        out, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert out.strip() == "worker alive", err
    assert "SpawnProcess" not in err and "_process_worker" not in err, err  # nothing from the worker
