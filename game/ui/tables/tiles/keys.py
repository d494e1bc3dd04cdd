"""Where tiles go from the keyboard (``game.ui.tables.keyboard``): a new group at the first
free place of the table, the right end of each group on the table, and the pool when the turn
rule exchanges or returns a tile there. The draft changes as a drop there would change it."""

from __future__ import annotations

from game.ui.dnd import DropTarget
from game.ui.motion import Sprite
from game.ui.tables.keyboard import TableKeys


class TileKeys(TableKeys):
    """The tile table's keyboard cursor: it walks the rack."""

    def walk(self) -> list[Sprite]:
        """The rack's tiles, shelf by shelf, left to right."""
        rack = self.table.model.rack
        if rack is None:
            return []
        sprites = self.table.sprites.sprites
        return [sprites[k] for k in rack.order() if k in sprites]

    def places(self, held: list[Sprite]) -> list[DropTarget]:
        """The keyboard's destinations for ``held`` tiles of the rack (see the module docstring)."""
        table = self.table
        model = table.model
        rack = model.rack
        if rack is None or any(s.key not in rack.cells for s in held):
            return []
        targets = []
        if len(held) == 1 and not model.placed_ids:
            move = model.give_move(held[0].key)
            if move is not None:
                targets.append(DropTarget("pool", table.geo.areas["pool"], True, moves=(move,)))
        draft = model.draft
        if table.view.phase != "play" or draft is None:
            return targets
        ids = [s.key for s in held]

        def place(cell, side: str):
            def arrange(_held: list[Sprite], _target: DropTarget) -> None:
                model.drop_on_table(ids, cell, side)
                table._changed()

            return arrange

        geo = table.geo
        free = draft.copy().first_fit(len(ids))
        free_rect = geo.cell_rect(*free) if free[0] < geo.grid_rows else geo.areas["table"]
        targets.append(DropTarget("new_group", free_rect, True, arrange=place(free, "before")))
        for block in draft.blocks():  # the place lies round the group's tiles, on the felt
            rect = geo.cell_rect(block.row, block.col).union(geo.cell_rect(block.row, block.end))
            rect.inflate_ip(geo.cell_w - geo.tile_w + 2, geo.cell_h - geo.tile_h + 2)
            key = f"group:{block.row}:{block.col}"
            targets.append(DropTarget(key, rect, True, arrange=place((block.row, block.end), "after")))
        return targets
