"""Every value of the simulator's command line is checked where it is read: a bad one ends the
command with a one-line message and exit status 2, never a traceback, never taken silently."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.sim.__main__ import main

ROOT = Path(__file__).resolve().parents[2]

BAD = {
    "no rounds": (["tiles", "--players", "easy,easy", "--rounds", "0"], "--rounds"),
    "too many rounds": (["tiles", "--players", "easy,easy", "--rounds", "100"], "--rounds"),
    "no target": (["rum500", "--players", "easy,easy", "--target", "0"], "--target"),
    "an abstract bot": (["frustration", "--players", "py:game.ai.base:Bot,easy"], "py:game.ai.base:Bot"),
    "not a class of bots": (["rum500", "--players", "py:game.ai.registry:LEVELS,easy"], "LEVELS"),
    "no such module": (["tiles", "--players", "py:no_such_module:Bot,easy"], "no_such_module"),
    "no such level": (["frustration", "--players", "easy,grandmaster"], "grandmaster"),
    "an empty name": (["frustration", "--players", "easy,,normal"], "--players"),
    "no games": (["frustration", "--players", "easy,easy", "--games", "0"], "--games"),
    "fewer than no games": (["frustration", "--players", "easy,easy", "--games", "-3"], "--games"),
    "a negative turn cap": (["rum500", "--players", "easy,easy", "--turn-cap", "-1"], "--turn-cap"),
    "no workers": (["tiles", "--players", "easy,easy", "--jobs", "0"], "--jobs"),
    "workers in words": (["tiles", "--players", "easy,easy", "--jobs", "two"], "--jobs"),
    "too many players": (["tiles", "--players", "easy,easy,easy,easy,easy"], "2 to 4 players"),
    "duplicate with odd games": (
        ["rum500", "--players", "easy,normal", "--games", "3", "--duplicate"],
        "multiple of 2",
    ),
    "duplicate with seats": (["rum500", "--players", "easy", "--seats", "2-3", "--duplicate"], "--seats"),
    "a tournament of one": (["tournament", "rum500", "--players", "easy"], "two"),
    "a player twice": (["tournament", "rum500", "--players", "easy,normal,easy"], "twice"),
    "an odd tournament": (["tournament", "rum500", "--players", "easy,normal", "--games", "5"], "even"),
    "a plot nowhere": (
        ["tournament", "tiles", "--players", "easy,normal", "--plot", "/no/such/folder/t.png"],
        "folder",
    ),
}


def error_of(argv: list[str], capsys) -> tuple[int, str]:
    """The exit status of ``main(argv)`` and what it wrote to standard error."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    captured = capsys.readouterr()
    assert captured.out == "", "nothing played"
    return code, captured.err


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_value_ends_in_one_line_and_status_2(case, capsys):
    argv, named = BAD[case]
    code, err = error_of(argv, capsys)
    assert code == 2
    last = err.strip().splitlines()[-1]
    assert "error:" in last and named in last, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["tiles", "--players", "normal,easy", "--rounds", "0"],
        ["rum500", "--players", "normal,easy", "--target", "0"],
        ["frustration", "--players", "py:game.ai.base:Bot,easy"],
    ],
)
def test_no_traceback_reaches_the_terminal(argv):
    """The three command lines that ended in a traceback, as a person types them."""
    run = subprocess.run(
        [sys.executable, "-m", "game.sim", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith("python -m game.sim")
