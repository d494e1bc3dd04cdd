"""The games of Rami by id, as their engine packages declare them (``<engine>.GAME``)."""

from __future__ import annotations

from typing import Any

from . import frustration, rum500, tiles
from .base import GameState
from .errors import SaveError
from .events import PublicEvent
from .frustration.events import events_of as frustration_events
from .info import GameInfo
from .rum500.events import events_of as rum500_events
from .tiles.events import events_of as tiles_events

__all__ = ["GAMES", "GAME_IDS", "GameInfo", "game_info", "load_game", "public_events"]

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


_EVENTS = (
    (frustration.FrustrationView, frustration_events),
    (rum500.Rum500View, rum500_events),
    (tiles.TilesView, tiles_events),
)


def public_events(view: Any) -> list[PublicEvent]:
    """The public events of the round ``view`` shows, oldest first (any game's view), read
    from the view's log by its engine's adapter (``<engine>/events.py``)."""
    for view_class, events_of in _EVENTS:
        if isinstance(view, view_class):
            return events_of(view.log)
    raise TypeError(f"not a game view: {type(view).__name__}")
