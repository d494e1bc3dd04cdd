"""The games as the interface knows them: the one list, in the order the screens show them.

Each table package declares its game (``game.ui.tables.<id>.TABLE``, a ``TableInfo``); this
module lists those declarations, in the engine registry's order (``game.engine.games``), and
everything in the interface that goes through the games (the title, the rules, the
statistics, the save slots, the hand-off screen, the smoke run) reads them here. Importing it
loads no table and no engine (a table's scene comes with ``navigation.table_class``).
"""

from __future__ import annotations

from game.ui.tables import frustration, rum500, tiles
from game.ui.tables.info import TableInfo

__all__ = ["GAMES", "TABLES", "TableInfo", "table_info"]

TABLES: dict[str, TableInfo] = {table.game: table for table in (frustration.TABLE, rum500.TABLE, tiles.TABLE)}
"""Every game's declaration by id, in the order the screens list the games."""

GAMES: tuple[str, ...] = tuple(TABLES)
"""The games' ids, in that order."""


def table_info(game: str) -> TableInfo:
    """The declaration of ``game``; raises ``KeyError`` for an unknown id."""
    return TABLES[game]
