"""The game tables and their registry.

Each game has its own package with the same files (``scene``, ``model``, ``layout``, ``draw``,
``summary``); ``base`` and ``cardtable`` hold what several tables share. ``TABLES`` says which
scene class plays each game; it is read when a table opens, so that the title screen does not
load the tables.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.tables.base import TableScene

TABLES: dict[str, tuple[str, str]] = {
    "frustration": ("game.ui.tables.frustration.scene", "FrustrationTable"),
    "rum500": ("game.ui.tables.rum500.scene", "Rum500Table"),
    "tiles": ("game.ui.tables.tiles.scene", "TilesTable"),
}
"""Game id -> (module, class) of its table scene."""


def table_class(game: str) -> type[TableScene]:
    """The table scene class of ``game``."""
    module, name = TABLES[game]
    return getattr(importlib.import_module(module), name)
