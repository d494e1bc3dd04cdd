"""``GameInfo``: what each engine package declares about its game, once (its ``GAME``).

The registry of games (``game.engine.games``), the computer players' registry, the simulation
and the benchmarks read the games from there, never from a list of their own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .base import GameState


@dataclass(frozen=True)
class GameInfo:
    """One game: its state class (whose ``game_id`` is the game's id), its options class and
    the values the new-game screen offers for each option, its range of players, and the
    function that starts a game, ``start(players, options, seed=...)``."""

    state_class: type[GameState]
    options_class: type
    option_choices: Mapping[str, tuple[Any, ...]]
    min_players: int
    max_players: int
    start: Callable[..., GameState]

    @property
    def id(self) -> str:
        """``"frustration"``, ``"rum500"`` or ``"tiles"``: the engine package's name."""
        return self.state_class.game_id

    @property
    def module(self) -> ModuleType:
        """The engine package, ``game.engine.<id>``."""
        return importlib.import_module(f"game.engine.{self.id}")

    def new_game(self, players: int, options: Any = None, seed: int = 0) -> GameState:
        """A new game of this kind (default options when ``options`` is ``None``)."""
        return self.start(players, options if options is not None else self.options_class(), seed=seed)

    def load(self, data: Any) -> GameState:
        """A game from its saved JSON data; raises ``SaveError``."""
        return self.state_class.from_json(data)
