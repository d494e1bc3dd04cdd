"""The tile table from the keyboard (``game.ui.tables.keyboard``). The cursor walks the rack and,
on the person's turn, the table (Shift+Up; Shift+Down back): its combinations tile by tile, in
reading order. Shift+Space on the table picks up the whole combination under the cursor, as a
double-click does.

Held tiles (from the rack, the table or both) go where a mouse drop could put them, found by
``TilesTurn.landing_choices``: a new combination at the first free place; the start or the end
of a combination; inside it, before any of its tiles (the row makes room, a run is cut when
only a cut makes both parts valid); into the gap between two combinations that they fill
(joining them). Tiles laid this turn may go back to the rack, and one rack tile to the pool
when the turn rule exchanges or returns one there. The draft changes as a drop there would
change it, through the same model calls; the places the table refuses say why (``refusal``).
Page Up and Page Down jump from combination to combination of these places (``place_group``),
Ctrl+Left and Ctrl+Right walk the table a combination at a time.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.dnd import DropTarget
from game.ui.motion import Sprite
from game.ui.tables.keyboard import TableKeys
from game.ui.tables.tiles.grids import Landing, TableGrid


class TileKeys(TableKeys):
    """The tile table's keyboard cursor (see the module docstring)."""

    def walk(self) -> list[Sprite]:
        """The rack's tiles, shelf by shelf, left to right."""
        rack = self.table.model.rack
        if rack is None:
            return []
        sprites = self.table.sprites.sprites
        return [sprites[k] for k in rack.order() if k in sprites]

    def rows(self) -> list[list[Sprite]]:
        """The rack, then the table's tiles the person may pick up now (on their turn)."""
        return [self.walk(), self.table_tiles()]

    def table_tiles(self) -> list[Sprite]:
        """The tiles of the table as shown, combination after combination in reading order,
        when the person may pick them up (the mouse may: ``TilesTurn.can_pick``)."""
        table, model = self.table, self.table.model
        if not table.my_turn:
            return []
        sprites = table.sprites.sprites
        return [
            sprites[i]
            for block in self._table_grid().blocks()
            for i in block.idents
            if i in sprites and model.can_pick(i, False)
        ]

    def group_of(self, piece: Sprite) -> list[Sprite]:
        """The combination of a table tile (a rack tile alone)."""
        model, sprites = self.table.model, self.table.sprites.sprites
        grid = self._table_grid()
        block = grid.block_of(piece.key) if piece.key in grid.cells else None
        if block is None:
            return [piece]
        return [sprites[i] for i in block.idents if i in sprites and model.can_pick(i, False)]

    def _table_grid(self) -> TableGrid:
        """The table the person sees on their turn: the draft, or the engine's before it opens."""
        model = self.table.model
        return model.draft if model.draft is not None else model.grid

    def held(self) -> list[Sprite]:
        """The selected tiles (or the one under the cursor) in the order they land: tiles of
        the table in reading order, then rack tiles (as a mouse carries them)."""
        held = super().held()
        by_key = {s.key: s for s in held}
        return [by_key[k] for k in self.table.model.carry_order(by_key)]

    def places(self, held: list[Sprite]) -> list[DropTarget]:
        """The keyboard's destinations for ``held`` tiles (see the module docstring)."""
        table, model = self.table, self.table.model
        if model.rack is None:
            return []
        ids = [s.key for s in held]
        targets = []
        for target in table.drop_targets(held):
            if target.key == "pool" and target.accepts:
                targets.append(target)
            elif target.key == "rack" and target.accepts and any(i in model.placed_ids for i in ids):
                targets.append(DropTarget("rack", target.rect, True, arrange=self._back_to_rack(ids)))
            elif target.key == "table" and target.accepts:
                targets += [
                    DropTarget(
                        self.landing_key(landing),
                        self.landing_rect(landing, len(ids)),
                        True,
                        arrange=self._land(ids, landing),
                    )
                    for landing in model.landing_choices(ids)
                ]
        return targets

    def place_group(self, target: DropTarget) -> str:
        """A combination's places are one group (its start, inside it, its end, the gap after
        it); the new combination, the rack and the pool a group each."""
        kind, _, rest = target.key.partition(":")
        if kind in ("group", "join"):
            row, col = rest.split(":")[:2]
            return f"{row}:{col}"
        return target.key

    @staticmethod
    def landing_key(landing: Landing) -> str:
        """The place's name: "new_group"; "group:<row>:<col>" for the end of the combination
        starting at that cell, with ":start", ":at:<index>" for its other places; "join:<row>:<col>"
        for the gap after it."""
        block = landing.block
        if block is None:
            return "new_group"
        name = f"{block.row}:{block.col}"
        suffix = {"start": ":start", "inside": f":at:{landing.index}"}.get(landing.kind, "")
        return f"join:{name}" if landing.kind == "join" else f"group:{name}{suffix}"

    def landing_rect(self, landing: Landing, count: int) -> pygame.Rect:
        """What lights up for a place: the free cells the tiles take (a new combination, a gap
        they fill), or a bar across the edge of a tile where they go in (before, inside, after
        a combination)."""
        geo = self.table.geo
        row, col = landing.cell
        block = landing.block
        if block is None:  # a new combination
            if row >= geo.grid_rows:
                return geo.areas["table"].copy()
            return geo.cell_rect(row, col).union(geo.cell_rect(row, col + count - 1))
        if landing.kind == "join":
            return geo.cell_rect(row, col).union(geo.cell_rect(row, col + landing.gap - 1))
        edge_col = {"start": block.col, "inside": block.col + landing.index}.get(landing.kind, block.end + 1)
        tile = geo.cell_rect(row, edge_col)
        x = tile.left - (geo.cell_w - geo.tile_w) // 2  # the middle of the gap before the cell
        bar_w = max(6, geo.tile_w // 3)
        return pygame.Rect(x - bar_w // 2, tile.top - geo.tile_h // 10, bar_w, tile.height + geo.tile_h // 5)

    def _land(self, ids: list[str], landing: Landing) -> Any:
        table = self.table

        def arrange(_held: list[Sprite], _target: DropTarget) -> None:
            table.model.drop_on_table(ids, landing.cell, landing.side)
            table._changed()

        return arrange

    def _back_to_rack(self, ids: list[str]) -> Any:
        table = self.table

        def arrange(_held: list[Sprite], _target: DropTarget) -> None:
            kind = table.model.drop_on_rack(ids, table.model.rack_home(ids[0]), "before")
            table._changed("place" if kind == "draft" else "click")

        return arrange
