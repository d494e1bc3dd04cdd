"""``TableInfo``: what the interface knows of one game, declared once beside its table.

Each table package declares its game in its ``__init__`` (``TABLE = TableInfo(...)``), and
``game.ui.games`` lists the declarations: the title's cards and pictures, the rules' and the
statistics' tabs, the save slots, the hand-off screen and the smoke run read the games from
there. A declaration imports nothing: the table scene (``scene.SCENE`` of the same package) is
loaded only when a table opens (``game.ui.scenes.navigation.table_class``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TableInfo:
    """One game as the interface shows it (see the module docstring)."""

    game: str
    """The game's id: the name of its engine package and of its table package."""
    icon: str
    """The pieces of the game's picture on the title and setup screens, in notation."""
    icon_fan: tuple[float, float] = (0.0, 0.0)
    """The angles of the picture's first and last card (a fan), or none for a row of tiles."""
    rack: bool = False
    """True when a player holds tiles on a rack, False for cards in a hand (words and backs)."""
    lower_score_wins: bool = False
    """True when the lowest final score is the best (penalty points)."""
    final_scores: Callable[[Any], list[int]] = lambda state: list(state.totals)
    """Every seat's final score, read from a finished game's state."""
    round_label: Callable[[Any, Any], Any] = lambda tr, state: tr("table.round", n=state.round_number)
    """The round a game's state is in, as its table names it ("Round 3", "Hand 2", "Round 2 of
    4"), with the translator ``tr`` (the Continue list says it)."""
