"""``python -m game.bench``: every value is checked where the command line is read; a bad one
ends the command in one line with exit status 2, before anything runs."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.bench import __main__ as bench

BAD_LINES = [
    line.split()
    for line in (
        "solver --positions -1",
        "solver --positions 0",
        "solver --seed one",
        "bots --game rum500 --games 0",
        "bots --game rum500 --games -3",
        "bots --game rum500 --levels easy,wizard",
        "bots --game rum500 --levels ,",
        "bots --game rum500 --opponent wizard",
        "bots --game rum500 -- --target many",
        "firstframe --runs 0",
        "firstframe --exe /no/such/program",
        "frames --players 1",
        "frames --scene tiles --players 6",
        "frames --size 0x0",
        "frames --size big",
        "frames --frames 0",
        "frames --watch wizard",
        "gestures --count 0",
        "gestures --per-run -1",
        "gestures --jobs 0",
        "idle --seconds 0",
        "idle --seconds nan",
        "idle --size 1280",
        "idle --settle -1",
        "savefuzz --count 0",
        "savefuzz --start -1",
    )
]


@pytest.fixture
def nothing_runs(monkeypatch):
    def ran(args):
        raise AssertionError("the command line was taken")

    for name in bench.available():
        module = __import__(f"game.bench.{name}", fromlist=["run"])
        monkeypatch.setattr(module, "run", ran)


@pytest.mark.parametrize("argv", BAD_LINES, ids=" ".join)
def test_a_bad_value_is_refused_in_one_line_with_status_2(argv, capsys, nothing_runs):
    with pytest.raises(SystemExit) as stop:
        bench.main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "error: " in captured.err, captured.err
    assert "Traceback" not in captured.err


def test_a_negative_count_of_positions_is_refused_by_a_real_process():
    done = subprocess.run(
        [sys.executable, "-m", "game.bench", "solver", "--positions", "-1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    assert done.stderr == (
        "python -m game.bench solver: error: argument --positions: expected a whole number of at "
        "least 1, got '-1' (see python -m game.bench solver --help)\n"
    )
