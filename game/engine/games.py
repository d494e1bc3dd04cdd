"""The games of Rami by id, as their engine packages declare them (``<engine>.GAME``)."""

from __future__ import annotations

from typing import Any

from . import frustration, rum500, tiles
from .base import GameState
from .errors import SaveError
from .info import GameInfo

__all__ = ["GAMES", "GAME_IDS", "GameInfo", "game_info", "load_game"]

GAMES: dict[str, GameInfo] = {info.id: info for info in (frustration.GAME, rum500.GAME, tiles.GAME)}
"""Every game by id, in the order the interface lists them."""

GAME_IDS: tuple[str, ...] = tuple(GAMES)


def game_info(game_id: str) -> GameInfo:
    """The ``GameInfo`` of ``game_id``; raises ``KeyError`` for an unknown id."""
    return GAMES[game_id]


def load_game(data: Any) -> GameState:
    """Any game from its saved JSON data (the header names the game); raises ``SaveError``."""
    if not isinstance(data, dict) or data.get("game") not in GAMES:
        raise SaveError("wrong_game", "not a saved game of Rami")
    return GAMES[data["game"]].load(data)
