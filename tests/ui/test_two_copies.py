"""One owner per user folder: a second copy of the game on the same folder says so, on screen and
in the player's language, and writes nothing, so the saved game never goes back; a copy that
was killed never blocks the next one. Two real processes, each driven by ``copy_driver``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui.app import App, LaunchOptions
from game.ui.storage import Storage

ROOT = Path(__file__).resolve().parents[2]


class Copy:
    """A copy of the game in its own process, on the user folder ``home``."""

    def __init__(self, home: Path) -> None:
        env = dict(os.environ, RAMI_USER_DIR=str(home), PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.copy_driver"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline().strip()
        assert reply, f"no answer to {command!r} (exit status {self.process.poll()})"
        return reply

    def close(self) -> int:
        if self.process.poll() is None:
            self.ask("quit")
        return self.process.wait(timeout=60)

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=60)


@pytest.fixture
def copies(tmp_path):
    started: list[Copy] = []

    def start() -> Copy:
        started.append(Copy(tmp_path))
        return started[-1]

    yield start
    for copy in started:
        copy.end()


def files(home: Path) -> dict[str, bytes]:
    """Every file of the user folder but the lock and the pictures kept: name -> content."""
    return {p.name: p.read_bytes() for p in home.iterdir() if p.is_file() and p.name != "rami.lock"}


def test_a_second_copy_never_takes_the_saved_game_back(copies, tmp_path):
    first = copies()
    assert first.ask("who") == "owner"
    first.ask("watch")
    first.ask("play 4")
    second = copies()
    second_is = second.ask("who")
    assert second.ask("continue") == "table"  # it may look at the game, even play it
    first.ask("play 4")  # the owner plays on: the second copy's table is now behind
    ahead = files(tmp_path)
    assert "saved-frustration.json" in ahead
    second.ask("arrange")  # what wiped three turns: the stale window sorted its hand
    assert second.ask("play 3").startswith("saved")
    second.ask("settings")
    assert files(tmp_path) == ahead  # nothing written, renamed or removed
    assert second.close() == 0
    assert files(tmp_path) == ahead
    before = json.loads(ahead["saved-frustration.json"])
    first.ask("play 2")  # the owner still saves
    after = json.loads((tmp_path / "saved-frustration.json").read_text(encoding="utf-8"))
    assert after != before
    assert first.close() == 0
    assert second_is == "read-only"


def test_a_killed_copy_does_not_block_the_next_one(copies, tmp_path):
    first = copies()
    assert first.ask("who") == "owner"
    first.process.kill()  # SIGKILL on POSIX: no shutdown runs, the lock file stays
    first.process.wait(timeout=60)
    assert (tmp_path / "rami.lock").exists()
    second = copies()
    assert second.ask("who") == "owner"
    assert second.close() == 0
    third = copies()  # and after a copy that closed normally
    assert third.ask("who") == "owner"
    assert third.close() == 0


@pytest.mark.parametrize(
    ("lang", "title", "words"),
    [("en", "Rami (read-only)", "saves nothing"), ("fr", "Rami (lecture seule)", "n’enregistre rien")],
)
def test_a_second_copy_says_so_in_the_players_language(tmp_path, lang, title, words):
    owner = Storage(tmp_path, tmp_path)
    assert owner.claim()
    second = Storage(tmp_path, tmp_path)
    assert not second.claim() and second.read_only
    app = App(LaunchOptions(lang=lang, storage=second))
    try:
        app.start()
        app.running = True
        app.step(1 / 60)
        assert pygame.display.get_caption()[0] == title
        question = app.scenes.top
        assert type(question).__name__ == "ConfirmScene" and words in str(question.question)
        assert words in str(app.tr("owner.read_only"))
        question._yes()  # "Close this window"
        app.step(1 / 60)
        assert not app.running
    finally:
        app.shutdown()
        owner.release()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rami.lock"]  # no settings written


def test_the_folder_is_free_again_once_its_owner_has_closed(tmp_path):
    first = Storage(tmp_path, tmp_path)
    assert first.claim()
    assert not Storage(tmp_path, tmp_path).claim()
    first.release()
    assert Storage(tmp_path, tmp_path).claim()


def test_the_real_game_started_second_writes_nothing(copies, tmp_path):
    first = copies()
    assert first.ask("who") == "owner"
    env = dict(os.environ, RAMI_USER_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-m", "game", "--first-frame-exit", "--size", "1100x700"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert files(tmp_path) == {}  # not even the window's size (the owner wrote nothing yet)
    assert first.close() == 0
    subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(files(tmp_path)["settings.json"])["window_size"] == [1100, 700]


def test_a_file_found_unreadable_before_the_claim_is_set_aside_by_the_owner_only(tmp_path):
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    storage = Storage(tmp_path, tmp_path)
    storage.wait_for_claim()
    _, problem = storage.load_settings()
    assert problem == "settings_unreadable"
    assert (tmp_path / "settings.json").exists()  # nothing renamed before the claim
    other = Storage(tmp_path, tmp_path)
    assert other.claim()
    assert not storage.claim()  # another copy owns the folder: the file stays where it is
    assert (tmp_path / "settings.json").exists()
    other.release()
    late = Storage(tmp_path, tmp_path)
    late.wait_for_claim()
    late.load_settings()
    assert late.claim()
    assert not (tmp_path / "settings.json").exists()
    assert len(list(tmp_path.glob("settings.unreadable-*.json"))) == 1
