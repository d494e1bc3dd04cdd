"""The games the simulator can play: one module ``game.sim.<game>`` each, holding its ``GAME``."""

from __future__ import annotations

import importlib
import importlib.util

from game.engine.games import GAME_IDS
from game.sim.runner import SimGame

GAMES: tuple[str, ...] = GAME_IDS


def load_game(name: str) -> SimGame:
    """The ``SimGame`` of ``game.sim.<name>``."""
    return importlib.import_module(f"game.sim.{name}").GAME


def available_games() -> list[str]:
    """The games whose simulation module is present."""
    return [name for name in GAMES if importlib.util.find_spec(f"game.sim.{name}") is not None]
