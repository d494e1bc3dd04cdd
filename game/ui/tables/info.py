"""``TableInfo``: what the interface knows of one game, declared once beside its table.

Each table package declares its game in its ``__init__`` (``TABLE = TableInfo(...)``), and
``game.ui.games`` lists the declarations: the title's cards and pictures, the rules' and the
statistics' tabs, the save slots, the hand-off screen and the smoke run read the games from
there. A declaration imports nothing: the table scene (``scene.SCENE`` of the same package) is
loaded only when a table opens (``game.ui.scenes.navigation.table_class``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _totals(state: Any) -> list[int]:
    return list(state.totals)


def _round_number(tr: Any, state: Any) -> Any:
    return tr("table.round", n=state.round_number)


class TableInfo:
    """One game as the interface shows it (see the module docstring). (A plain class: it is
    defined before the title's first frame, where a frozen dataclass costs a millisecond.)"""

    __slots__ = ("final_scores", "game", "icon", "icon_fan", "lower_score_wins", "rack", "round_label")

    def __init__(
        self,
        game: str,
        icon: str,
        icon_fan: tuple[float, float] = (0.0, 0.0),
        rack: bool = False,
        lower_score_wins: bool = False,
        final_scores: Callable[[Any], list[int]] = _totals,
        round_label: Callable[[Any, Any], Any] = _round_number,
    ) -> None:
        self.game = game
        """The game's id: the name of its engine package and of its table package."""
        self.icon = icon
        """The pieces of the game's picture on the title and setup screens, in notation."""
        self.icon_fan = icon_fan
        """The angles of the picture's first and last card (a fan), or none for a row of tiles."""
        self.rack = rack
        """True when a player holds tiles on a rack, False for cards in a hand (words and backs)."""
        self.lower_score_wins = lower_score_wins
        """True when the lowest final score is the best (penalty points)."""
        self.final_scores = final_scores
        """Every seat's final score, read from a finished game's state."""
        self.round_label = round_label
        """The round a game's state is in, as its table names it ("Round 3", "Hand 2", "Round 2
        of 4"), with the translator ``tr`` (the Continue list says it)."""

    def __repr__(self) -> str:
        return f"TableInfo({self.game!r})"
