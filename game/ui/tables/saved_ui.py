"""The interface block a table keeps in a save (``session.ui``): only arrangement (hand orders,
staging areas, tile grids), so a block that does not fit its table's schema (``model.UI_SCHEMA``
of each game, written with the parts below) is dropped when the table opens, and the game
resumes with a fresh arrangement."""

from __future__ import annotations

from typing import Any

from game.engine import schema as sc
from game.engine.errors import SaveError

SEAT = sc.Digits(0, 5)
"""A seat number, as the key of an object."""
IDENTS = sc.List(sc.Str(max_len=12), hi=200)
"""Piece idents, in order."""
CELLS = sc.Map(sc.Str(max_len=12), sc.List(sc.Int(0, 200), length=2), hi=200)
"""Piece ident -> its [row, column] cell on a grid."""


def fitting(schema: sc.Spec | None, ui: Any) -> dict[str, Any]:
    """``ui`` when it fits ``schema``, else ``{}`` (the game itself is intact)."""
    if not isinstance(ui, dict):
        return {}
    if schema is not None:
        try:
            sc.check(schema, ui, "ui")
        except SaveError:
            return {}
    return ui
