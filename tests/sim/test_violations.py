"""A bot that raises is a violation of its game, reported with the line that raised, and the
run goes on with the next game (it used to end the command in a traceback)."""

from __future__ import annotations

import sys
import types

from game.sim.__main__ import main


class Raising:
    def choose(self, view):
        raise ValueError("no idea")


def test_a_bot_that_raises_is_a_violation_of_its_game(capsys, monkeypatch):
    module = types.ModuleType("rami_raising_bots")
    module.Raising = Raising
    monkeypatch.setitem(sys.modules, "rami_raising_bots", module)
    # --jobs 1: the module lives in this process's memory only
    argv = ["rum500", "--players", "py:rami_raising_bots:Raising,easy", "--games", "3", "--jobs", "1"]
    assert main(argv) == 1
    out = capsys.readouterr().out
    violations = [line for line in out.splitlines() if line.startswith("VIOLATION")]
    assert len(violations) == 3, out
    assert all("raised ValueError: no idea (" in v and "test_violations.py:" in v for v in violations)
    assert "total: 3 games" in out
