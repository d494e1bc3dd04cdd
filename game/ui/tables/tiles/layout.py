"""Where everything lies on the tile table for a window size: the top strip (score sheet button,
round, the other players), the table's snap grid, the rack's two shelves, the pool and the sand
glass, the turn's buttons. Geometry only: rectangles and cells, nothing is drawn here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.motion import Sprite
from game.ui.tables.tiles.grids import TABLE_COLS, Cell, RackGrid, shown_rows

if TYPE_CHECKING:
    from game.ui.tables.tiles.model import TilesTurn

GAP_X = 0.06
"""Space between two table cells, in tile widths."""
GAP_Y = 0.14
"""Space between two table rows, in tile heights."""


class TilesGeometry:
    """The places of one tile table (see the module docstring). ``height(width)`` is a tile's
    height for a width (from the art)."""

    def __init__(self, height: Callable[[int], int]) -> None:
        self.height = height
        self.areas: dict[str, pygame.Rect] = {}
        """"rack", "slots" (the shelves' slots), "pool", "glass" and "table"."""
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.buttons: dict[str, pygame.Rect] = {}
        """Rectangles of the table's own buttons, by name."""
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.round_pos = (0, 0)
        self.anchor: int | None = None
        """The seat shown at the bottom when this was laid out."""
        self.shelf_bottoms: list[int] = []
        self.rack_band = self.rack_lip = self.rack_tile_max = self.pool_w = 0
        self.tile_w = self.tile_h = self.cell_w = self.cell_h = self.grid_rows = 0
        self.grid_rect = pygame.Rect(0, 0, 0, 0)
        self.note_h = 0
        """The height of the band under a seat panel where its note goes."""

    @property
    def ready(self) -> bool:
        """True once ``lay_out`` has run."""
        return "table" in self.areas

    def lay_out(
        self,
        size: tuple[int, int],
        s: Callable[[float], int],
        margin: int,
        seating: tuple[int, Sequence[int]],
        top_left: tuple[int, int],
        top_right: int,
        strip: int = 0,
        note_h: int = 0,
    ) -> None:
        """Every place for a window of ``size`` at scale ``s``. ``top_left``: the widths of the
        score sheet button's label and of the round's text; ``top_right``: the left edge of the
        top bar's buttons; ``strip``: the height kept free above the status line for the other
        players' last turns; ``note_h``: the height of the note under a seat panel (what that
        player just did), which has its own band so that it never lies on the table."""
        w = size[0]
        m = margin
        anchor, others = seating
        self.anchor = anchor
        self.note_h = note_h
        label_w, round_w = top_left
        sheet = pygame.Rect(m, m, max(s(150), label_w + s(40)), s(44))
        self.buttons = {"sheet": sheet}
        self.round_pos = (sheet.right + s(14), sheet.centery)
        self._lay_out_bottom(size, s, m)
        # The status line, and the band of the last turns above it, end the table.
        self.status_rect = pygame.Rect(0, 0, min(w - 2 * m, s(940)), s(40))
        self.status_rect.midbottom = (w // 2, self.areas["rack"].y - s(10))
        bottom = self.status_rect.y - max(s(8), strip)
        icon = s(44)
        left = self.round_pos[0] + round_w + s(20)
        right = top_right - s(18)
        gap = s(12)
        n = max(1, len(others))
        panel_w = min(s(260), (right - left - gap * (n - 1)) // n)
        panel_h = s(66)
        if panel_w >= s(190):  # the other players beside the top bar, each note under its panel
            x0 = left + max(0, (right - left - (panel_w * n + gap * (n - 1))) // 2)
            self.seat_rects = {
                seat: pygame.Rect(x0 + i * (panel_w + gap), m, panel_w, panel_h)
                for i, seat in enumerate(others)
            }
            tidy = pygame.Rect(m, sheet.bottom + s(14), icon, icon)
            top = max(m + panel_h + s(6) + note_h + s(6), tidy.bottom + s(8))
            self.areas["table"] = pygame.Rect(m, top, w - 2 * m, bottom - top)
        else:  # too narrow there for a name and its badge: a column at the right of the table
            panel_w = s(230)
            top = m + icon + s(12)
            pitch = min(panel_h + s(6) + note_h + s(10), (bottom - top) // n)
            panel_h = min(panel_h, pitch - note_h - s(10))
            x = w - m - panel_w
            self.seat_rects = {
                seat: pygame.Rect(x, top + i * pitch, panel_w, panel_h) for i, seat in enumerate(others)
            }
            tidy = pygame.Rect(self.round_pos[0] + round_w + s(20), m, icon, icon)
            self.areas["table"] = pygame.Rect(m, top, x - s(14) - m, bottom - top)
        self.buttons["tidy"] = tidy

    def _lay_out_bottom(self, size: tuple[int, int], s: Callable[[float], int], m: int) -> None:
        """The pool and the sand glass, the rack, the turn's buttons."""
        w, h = size
        band, lip, shelf_gap = s(30), s(5), s(6)
        self.rack_tile_max = s(50)
        rack_tile_h = self.height(self.rack_tile_max)
        rack_h = band + 2 * (rack_tile_h + lip) + 3 * shelf_gap
        left_w, right_w = s(150), s(232)
        rack = pygame.Rect(m + left_w + s(14), h - m - rack_h, 0, rack_h)
        rack.width = w - m - right_w - s(14) - rack.x
        self.areas["rack"] = rack
        self.rack_band = band
        self.rack_lip = lip
        self.shelf_bottoms = [
            rack.y + band + shelf_gap + rack_tile_h,
            rack.y + band + 2 * shelf_gap + 2 * rack_tile_h + lip,
        ]
        sort_w = s(52)
        self.areas["slots"] = pygame.Rect(
            rack.x + sort_w + s(8), rack.y + band, rack.width - sort_w - s(16), rack_h - band
        )
        icon = s(40)
        for i, name in enumerate(("sort_colour", "sort_number")):
            rect = pygame.Rect(0, 0, icon, icon)
            rect.center = (rack.x + s(8) + sort_w // 2, self.shelf_bottoms[i] - rack_tile_h // 2)
            self.buttons[name] = rect
        self.pool_w = s(48)
        pool_h = self.height(self.pool_w)
        self.areas["pool"] = pygame.Rect(m + s(10), rack.y + band + s(4), self.pool_w, pool_h)
        self.areas["glass"] = pygame.Rect(m + s(82), rack.y + band - s(2), s(54), s(92))
        column = pygame.Rect(rack.right + s(14), rack.y, w - m - rack.right - s(14), rack_h)
        row_h, gap_y = s(50), s(10)
        end = pygame.Rect(column.x, column.y + s(4), column.width, row_h)
        small = s(46)
        undo = pygame.Rect(column.right - small, end.bottom + gap_y, small, small)
        self.buttons.update(
            end_turn=end,
            action=end.copy(),
            undo=undo,
            reset=pygame.Rect(column.x, undo.y, column.width - small - s(10), small),
            **{"pass": pygame.Rect(column.x, undo.bottom + gap_y, column.width, small)},
        )

    # The table's grid ------------------------------------------------------------------------
    def grid_metrics(self, rows: int) -> tuple[int, int, int, int, pygame.Rect]:
        """Tile width and height, cell width and height and the grid's rectangle for a table
        grid of ``rows`` rows: as large as the table area allows (never larger than the rack's
        tiles), at the top of it, centred across."""
        area = self.areas["table"]
        ratio = self.height(100) / 100
        tile_w = min(area.width / (TABLE_COLS * (1 + GAP_X)), area.height / (rows * (1 + GAP_Y)) / ratio)
        tile_w = max(12, min(self.rack_tile_max, int(tile_w)))
        tile_h = self.height(tile_w)
        cell_w = round(tile_w * (1 + GAP_X))
        cell_h = round(tile_h * (1 + GAP_Y))
        grid = pygame.Rect(0, 0, cell_w * TABLE_COLS, cell_h * rows)
        grid.midtop = area.midtop
        return tile_w, tile_h, cell_w, cell_h, grid

    def fit_grid(self, rows: int) -> None:
        """Size the table's tiles and cells for a grid of ``rows`` rows."""
        self.tile_w, self.tile_h, self.cell_w, self.cell_h, self.grid_rect = self.grid_metrics(rows)
        self.grid_rows = rows

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        """Where a tile lies in the table cell (``row``, ``col``) of the current grid."""
        g = self.grid_rect
        return pygame.Rect(
            g.x + col * self.cell_w + (self.cell_w - self.tile_w) // 2,
            g.y + row * self.cell_h + (self.cell_h - self.tile_h) // 2,
            self.tile_w,
            self.tile_h,
        )

    def landing_cell(self, sprite: Sprite) -> tuple[Cell, str]:
        """The cell of the grid as shown under the centre of a held tile, and which half of it."""
        cell_w, cell_h, g = self.cell_w, self.cell_h, self.grid_rect
        cx = sprite.x + sprite.width / 2
        cy = sprite.y + self.height(sprite.width) / 2
        col = min(TABLE_COLS - 1, max(0, int((cx - g.x) // cell_w)))
        row = min(self.grid_rows - 1, max(0, int((cy - g.y) // cell_h)))
        middle = g.x + col * cell_w + cell_w / 2
        return (row, col), ("after" if cx > middle else "before")

    # The rack --------------------------------------------------------------------------------
    def rack_metrics(self, cols: int) -> tuple[int, float]:
        """The rack's tile width and slot width for ``cols`` slots per shelf."""
        slot_w = self.areas["slots"].width / cols
        return min(self.rack_tile_max, int(slot_w * 0.93)), slot_w

    def slot_pos(self, row: int, col: int, cols: int) -> tuple[float, float]:
        """The top-left corner of a tile in rack slot (``row``, ``col``)."""
        tile_w, slot_w = self.rack_metrics(cols)
        x = self.areas["slots"].x + col * slot_w + (slot_w - tile_w) / 2
        return x, self.shelf_bottoms[row] - self.height(tile_w)

    def rack_slot(self, sprite: Sprite, cols: int) -> tuple[Cell, str]:
        """The rack slot under the centre of a held tile, and which half of it."""
        _tile_w, slot_w = self.rack_metrics(cols)
        cx = sprite.x + sprite.width / 2
        cy = sprite.y + self.height(sprite.width) / 2
        top_of_lower_shelf = self.shelf_bottoms[1] - self.height(self.rack_tile_max)
        divider = (self.shelf_bottoms[0] + self.rack_lip + top_of_lower_shelf) / 2
        row = 0 if cy < divider else 1
        slots = self.areas["slots"]
        col = min(cols - 1, max(0, int((cx - slots.x) // slot_w)))
        middle = slots.x + col * slot_w + slot_w / 2
        return (row, col), ("after" if cx > middle else "before")


@dataclass(frozen=True)
class Place:
    """Where one piece goes: its key and piece, top-left corner, width, depth, face, and where
    it comes from when it has just appeared (``spawn``)."""

    key: Any
    piece: Any
    x: float
    y: float
    width: int
    z: int
    face_up: bool = True
    spawn: tuple[float, float] | None = None


def piece_places(
    geo: TilesGeometry,
    model: TilesTurn,
    viewer: int | None,
    known: Collection[Any],
    pool_key: str,
    holding: bool = False,
) -> list[Place]:
    """The place of every tile shown (the table as ``model`` shows it, the viewer's rack) and
    of the pool; ``known``: the keys of the pieces already on screen (the others arrive from
    the seat that laid them, or from the pool). Fits the table's grid to the rows shown
    (``shown_rows``); while tiles are ``holding``, the grid keeps its size (the cells under the
    pointer stay where they are) unless the preview of the drop needs another row."""
    view = model.view
    grid = model.shown_grid()
    geo.fit_grid(max(geo.grid_rows, grid.last_row() + 1) if holding else shown_rows(grid))
    player = next((e.seat for e in reversed(view.log) if e.kind == "play"), None)
    pool = geo.areas["pool"]

    def spawn(ident: str) -> tuple[float, float] | None:
        if ident in known:
            return None
        if player is not None and player != viewer and ident in model.grid.cells and player in geo.seat_rects:
            return geo.seat_rects[player].center
        return (pool.x, pool.y)

    places = []
    for ident, (r, c) in grid.cells.items():
        tile = model.tiles.get(ident)
        if tile is not None:
            rect = geo.cell_rect(r, c)
            places.append(Place(ident, tile, rect.x, rect.y, geo.tile_w, 10 + c, spawn=spawn(ident)))
    rack = model.racks.get(view.seat) if viewer is not None else None
    if rack is not None:
        tile_w, _ = geo.rack_metrics(rack.cols)
        for ident, (r, c) in rack.cells.items():
            tile = model.tiles.get(ident)
            if tile is not None:
                x, y = geo.slot_pos(r, c, rack.cols)
                places.append(Place(ident, tile, x, y, tile_w, 100 + r * 100 + c, spawn=spawn(ident)))
    if view.pool_size:
        places.append(Place(pool_key, None, pool.x, pool.y, geo.pool_w, 5, face_up=False))
    return places


def rack_ghosts(geo: TilesGeometry, rack: RackGrid, held: Sequence[Sprite]) -> list[pygame.Rect]:
    """Where ``held`` tiles would go on ``rack`` if dropped now."""
    cell, side = geo.rack_slot(held[0], rack.cols)
    ids = [s.key for s in held]
    after = rack.drop(ids, cell, side)
    tile_w, _ = geo.rack_metrics(after.cols)
    ghosts = []
    for ident in ids:
        x, y = geo.slot_pos(*after.cells[ident], after.cols)
        ghosts.append(pygame.Rect(round(x), round(y), tile_w, geo.height(tile_w)))
    return ghosts
