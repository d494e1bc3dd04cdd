"""The bot interface as documented: any object with ``choose(view)`` plays, through the
simulator too, and every simulator option is explained in ``--help`` and in the README."""

from __future__ import annotations

import argparse
import re
import sys
import types
from pathlib import Path

import pytest

from game.ai.base import Bot, BotProtocol
from game.ai.registry import make_bot
from game.sim.__main__ import build_parser, main

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


class PlainBot:
    """No base class, no seed."""

    def choose(self, view):
        return view.legal_moves()[0]


class SeededBot:
    """No base class; takes the simulator's ``seed=``."""

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, view):
        return view.legal_moves()[-1]


@pytest.fixture
def bots_module(monkeypatch):
    module = types.ModuleType("rami_test_bots")
    module.PlainBot, module.SeededBot, module.ready = PlainBot, SeededBot, PlainBot()
    module.NotABot = type("NotABot", (), {})
    monkeypatch.setitem(sys.modules, "rami_test_bots", module)
    return module


def test_any_object_with_choose_is_a_bot(bots_module):
    assert isinstance(PlainBot(), BotProtocol) and isinstance(SeededBot(), BotProtocol)
    assert isinstance(make_bot("rum500", "normal", 1), BotProtocol)
    assert not isinstance(object(), BotProtocol)
    assert issubclass(Bot, BotProtocol)
    assert make_bot("tiles", "py:rami_test_bots:SeededBot", 5).seed == 5
    assert isinstance(make_bot("tiles", "py:rami_test_bots:PlainBot", 5), PlainBot)
    assert make_bot("tiles", "py:rami_test_bots:ready", 5) is bots_module.ready
    with pytest.raises(ValueError):
        make_bot("tiles", "py:rami_test_bots:NotABot", 5)


@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
def test_the_simulator_plays_bots_that_are_not_subclasses(bots_module, game, capsys):
    players = "py:rami_test_bots:PlainBot,py:rami_test_bots:SeededBot,random"
    extra = {
        "frustration": ["--final-contract", "1"],
        "rum500": ["--target", "100"],
        "tiles": ["--rounds", "1"],
    }
    # --jobs 1: the bots' module lives in this process's memory only, no worker could import it
    assert main([game, "--players", players, "--games", "2", "--seed", "3", "--jobs", "1", *extra[game]]) == 0
    assert "violation" not in capsys.readouterr().out.lower().replace("0 violations", "")


def options_of(game: str) -> list[argparse.Action]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return [a for a in sub.choices[game]._actions if a.option_strings and a.dest != "help"]


@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
def test_every_simulator_option_is_explained_in_help_and_readme(game):
    section = README[README.index("## Bot interface") : README.index("## Benchmarks")]
    for action in options_of(game):
        assert action.help and action.help != argparse.SUPPRESS, action.option_strings
        long = max(action.option_strings, key=len)
        plain = re.sub(r"^--no-", "--", long)
        shown = plain if plain in section else "--[no-]" + plain[2:]
        assert shown in section, f"{long} is not in the README's Bot interface section"
    assert "seed=" in section
