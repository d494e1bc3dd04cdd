"""The score sheet of a game (one entry per hand) as read-only JSON-like mappings, and the
fields a save holds for each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine.base import FrozenRecord

Record = Mapping[str, Any]
"""A read-only history entry: flat JSON data, lists stored as tuples."""

ENDED_WENT_OUT = "went_out"
ENDED_STOCK_EMPTY = "stock_empty"

HISTORY_FIELDS = ("hand", "dealer", "ended", "went_out", "table_points", "hand_points", "scores", "totals")


def freeze(entry: Mapping[str, Any]) -> Record:
    """A read-only record of ``entry`` (lists become tuples)."""
    return FrozenRecord({k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()})


def thaw(entry: Record) -> dict[str, Any]:
    """The JSON data of a record (tuples become lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in entry.items()}


def earlier_hands(totals: list[int], dealer: int) -> Record:
    """A history entry standing for the hands played before an arranged position."""
    return freeze(
        {
            "hand": 1,
            "dealer": dealer,
            "ended": ENDED_STOCK_EMPTY,
            "went_out": None,
            "table_points": [max(t, 0) for t in totals],
            "hand_points": [max(-t, 0) for t in totals],
            "scores": totals,
            "totals": totals,
        }
    )
