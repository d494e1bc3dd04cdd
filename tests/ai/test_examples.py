"""The example bots of docs/bots.md: short, legal, and they beat the random players."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import game.ai.examples
from game.ai.registry import make_bot
from game.sim.__main__ import build_parser, load_game
from game.sim.runner import run

EXAMPLES = Path(game.ai.examples.__file__).parent

CASES = {
    "frustration": ["--final-contract", "3"],
    "rum500": [],
    "tiles": [],
}


def play(game: str, games: int, flags: list[str]) -> float:
    """The example bot's share of wins against random over ``games`` two-player games."""
    name = f"py:game.ai.examples.{game}:ExampleBot"
    args: argparse.Namespace = build_parser().parse_args(
        [game, "--players", f"{name},random", "--games", str(games), "--seed", "5", *flags]
    )
    report = run(load_game(game), args, lambda n, s: make_bot(game, n, s))
    assert not report.violations
    return report.bots[name].wins / report.bots[name].games


@pytest.mark.parametrize("game", sorted(CASES))
def test_example_is_short(game: str) -> None:
    lines = (EXAMPLES / f"{game}.py").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 60


@pytest.mark.slow  # measures strength: 40 to 100 whole games
@pytest.mark.parametrize("game", sorted(CASES))
def test_example_beats_random(game: str) -> None:
    games = {"frustration": 100, "rum500": 40, "tiles": 40}[game]
    assert play(game, games, CASES[game]) >= 0.9
