"""The three games by id: their engine module, state class and options, in one place."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .base import GameState
from .errors import SaveError

GAME_IDS: tuple[str, ...] = ("frustration", "rum500", "tiles")


@dataclass(frozen=True)
class GameInfo:
    """What the rest of the program needs to know about one game."""

    id: str
    module: ModuleType
    state_class: type[GameState]
    options_class: type
    min_players: int
    max_players: int

    def new_game(self, players: int, options: Any = None, seed: int = 0) -> GameState:
        """A new game of this kind."""
        return self.module.new_game(
            players, options if options is not None else self.options_class(), seed=seed
        )

    def load(self, data: Any) -> GameState:
        """A game from its saved JSON data; raises ``SaveError``."""
        return self.state_class.from_json(data)


_STATE_CLASSES = {"frustration": "FrustrationState", "rum500": "Rum500State", "tiles": "TilesState"}
_PLAYERS = {"frustration": (2, 6), "rum500": (2, 6), "tiles": (2, 4)}


def game_info(game_id: str) -> GameInfo:
    """The ``GameInfo`` of ``game_id``; raises ``KeyError`` for an unknown id."""
    if game_id not in _STATE_CLASSES:
        raise KeyError(game_id)
    module = importlib.import_module(f"game.engine.{game_id}")
    lo, hi = _PLAYERS[game_id]
    return GameInfo(game_id, module, getattr(module, _STATE_CLASSES[game_id]), module.Options, lo, hi)


def load_game(data: Any) -> GameState:
    """Any game from its saved JSON data (the header names the game); raises ``SaveError``."""
    if not isinstance(data, dict) or data.get("game") not in _STATE_CLASSES:
        raise SaveError("wrong_game", "not a saved game of Rami")
    return game_info(data["game"]).load(data)
