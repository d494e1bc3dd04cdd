"""Where tiles lie on the tile game's table and rack: two snap grids, pure logic (no pygame).

The table is a grid of ``cols`` columns and ``rows`` rows of cells. Every maximal horizontal
run of adjacent occupied cells in a row is one combination, read left to right; two
combinations in a row are kept at least one empty cell apart. So splitting a combination is
taking a tile out of its middle, joining two is filling the cell between them, and the table
the engine judges is simply the list of runs (``TableGrid.combinations``).

Dropping tiles on the table (``drop``) puts them where they land: on a free cell, next to a
combination to extend it; on a tile, inserted before or after it, the rest of the row making
room. When the tiles would join two neighbours into something the rules refuse while a cut on
one side of them gives two valid combinations, the cut is made (a run split to insert a tile).
``landings`` lists the same places without a pointer (for the keyboard). When the engine's table changes (another player's turn), ``settle`` keeps every unchanged
combination where it was and lays the new ones as close to their old tiles as the grid allows.

The rack has two shelves of ``cols`` slots; tiles keep the slot the player gave them, drops
insert and push neighbours aside, and ``sort_rack`` packs colour runs or number groups with a
free slot between them when they fit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.pieces import COLOURS, Tile

Cell = tuple[int, int]
"""(row, column), from the top-left corner."""

TABLE_COLS = 24
TABLE_ROWS = 7
MAX_TABLE_ROWS = 24
MIN_SHOWN_ROWS = 4
"""The rows the table shows at least; it shows one free row under the lowest tile."""
RACK_ROWS = 2
RACK_COLS = 15

Validator = Callable[[Sequence[str]], bool]


@dataclass(frozen=True)
class Block:
    """One combination on the table grid: ``idents`` from column ``col`` of ``row``."""

    row: int
    col: int
    idents: tuple[str, ...]

    @property
    def end(self) -> int:
        """The column of the last tile."""
        return self.col + len(self.idents) - 1

    def cells(self) -> list[Cell]:
        """The (row, column) of each tile, left to right."""
        return [(self.row, self.col + i) for i in range(len(self.idents))]


# --------------------------------------------------------------------------------------------
# The table


class TableGrid:
    """The cells of the tiles on the table (see the module docstring)."""

    def __init__(
        self, cells: Mapping[str, Cell] | None = None, cols: int = TABLE_COLS, rows: int = TABLE_ROWS
    ) -> None:
        self.cols = cols
        self.cells: dict[str, Cell] = {k: (int(r), int(c)) for k, (r, c) in (cells or {}).items()}
        self.rows = max(rows, TABLE_ROWS, self.last_row() + 1)

    def last_row(self) -> int:
        """The lowest row holding a tile (-1 for an empty table)."""
        return max((r for r, _ in self.cells.values()), default=-1)

    def copy(self) -> TableGrid:
        return TableGrid(self.cells, self.cols, self.rows)

    def same_as(self, other: TableGrid | None) -> bool:
        """True when ``other`` puts every tile in the same cell."""
        return other is not None and self.cells == other.cells

    def occupied(self) -> dict[Cell, str]:
        """Tile ident by cell."""
        return {cell: ident for ident, cell in self.cells.items()}

    def idents(self) -> set[str]:
        """The tiles on the grid."""
        return set(self.cells)

    def blocks(self) -> list[Block]:
        """The combinations, top to bottom and left to right."""
        by_row: dict[int, list[tuple[int, str]]] = {}
        for ident, (r, c) in self.cells.items():
            by_row.setdefault(r, []).append((c, ident))
        found: list[Block] = []
        for r in sorted(by_row):
            run: list[str] = []
            start = prev = -2
            for c, ident in sorted(by_row[r]):
                if c != prev + 1 and run:
                    found.append(Block(r, start, tuple(run)))
                    run = []
                if not run:
                    start = c
                run.append(ident)
                prev = c
            if run:
                found.append(Block(r, start, tuple(run)))
        return found

    def combinations(self) -> list[tuple[str, ...]]:
        """The tiles of every combination in table order."""
        return [b.idents for b in self.blocks()]

    def block_of(self, ident: str) -> Block | None:
        """The combination holding ``ident``, if any."""
        for block in self.blocks():
            if ident in block.idents:
                return block
        return None

    def without(self, idents: Iterable[str]) -> TableGrid:
        gone = set(idents)
        return TableGrid({k: v for k, v in self.cells.items() if k not in gone}, self.cols, self.rows)

    def is_free(self, row: int, col: int, length: int) -> bool:
        """True when ``length`` tiles fit from (row, col) with an empty cell (or the edge) on
        both sides."""
        if col < 0 or col + length > self.cols or not 0 <= row < self.rows:
            return False
        taken = self.occupied()
        return all((row, c) not in taken for c in range(col - 1, col + length + 1))

    def first_fit(self, length: int, near_row: int = 0) -> Cell:
        """The free place for ``length`` tiles nearest to ``near_row`` (a new row if none)."""
        order = sorted(range(self.rows), key=lambda r: (abs(r - near_row), r))
        for r in order:
            for c in range(0, self.cols - length + 1):
                if self.is_free(r, c, length):
                    return (r, c)
        self.rows += 1
        return (self.rows - 1, 0)

    def put(self, idents: Sequence[str], cell: Cell) -> None:
        """``idents`` side by side from ``cell`` (rows are added when needed)."""
        r, c = cell
        for i, ident in enumerate(idents):
            self.cells[ident] = (r, c + i)
        self.rows = max(self.rows, r + 1)

    def to_json(self) -> dict[str, Any]:
        """The grid as JSON data (tile idents and cells)."""
        return {
            "cols": self.cols,
            "rows": self.rows,
            "cells": {k: [r, c] for k, (r, c) in self.cells.items()},
        }

    @classmethod
    def from_json(cls, data: Any) -> TableGrid | None:
        """A grid from ``to_json`` data, or ``None`` when it is unusable (overlapping cells,
        out of bounds, another grid width)."""
        try:
            if data["cols"] != TABLE_COLS:
                return None
            rows = int(data["rows"])
            cells = {str(k): (int(v[0]), int(v[1])) for k, v in data["cells"].items()}
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None
        if not TABLE_ROWS <= rows <= MAX_TABLE_ROWS or len(set(cells.values())) != len(cells):
            return None
        if any(not (0 <= r < rows and 0 <= c < TABLE_COLS) for r, c in cells.values()):
            return None
        return cls(cells, TABLE_COLS, rows)


def shown_rows(grid: TableGrid) -> int:
    """How many rows of ``grid`` the table shows: down to one free row under the lowest tile,
    at least ``MIN_SHOWN_ROWS`` (the fewer the rows, the larger the tiles)."""
    return min(MAX_TABLE_ROWS, max(MIN_SHOWN_ROWS, grid.last_row() + 2))


def _pieces(
    left: tuple[str, ...], held: tuple[str, ...], right: tuple[str, ...], valid: Validator
) -> list[tuple[str, ...]]:
    """What dropping ``held`` between ``left`` and ``right`` makes: one combination, or two
    when only a cut on one side of the dropped tiles makes both parts valid."""
    joined = left + held + right
    if not left or not right or valid(joined):
        return [joined]
    for parts in ((left + held, right), (left, held + right)):
        if all(valid(p) for p in parts):
            return list(parts)
    return [joined]


def _pack_row(
    fixed: list[Block], pieces: list[tuple[str, ...]], start: int, cols: int
) -> list[tuple[int, tuple[str, ...]]] | None:
    """Columns for the row's other combinations (``fixed``) and the new ``pieces`` placed from
    ``start``: combinations after them move right to keep a free cell between neighbours, and
    everything moves left from the right edge when it overflows. ``None``: the row is full."""
    before = [(b.col, b.idents) for b in fixed if b.end < start]
    after = [(b.col, b.idents) for b in fixed if b.col > start]
    items: list[list[Any]] = [[c, ids] for c, ids in before]
    items += [[start, p] for p in pieces] + [[c, ids] for c, ids in after]
    prev_end = -2
    for item in items:
        item[0] = max(item[0], prev_end + 2)
        prev_end = item[0] + len(item[1]) - 1
    limit = cols - 1
    for item in reversed(items):
        if item[0] + len(item[1]) - 1 > limit:
            item[0] = limit - len(item[1]) + 1
        limit = item[0] - 2
    if items and items[0][0] < 0:
        return None
    return [(c, ids) for c, ids in items]


def drop(
    grid: TableGrid,
    idents: Sequence[str],
    cell: Cell,
    side: str = "before",
    valid: Validator = lambda ids: True,
) -> TableGrid:
    """The grid after dropping ``idents`` (in order) at ``cell`` (see the module docstring).
    ``side``: on an occupied cell, whether they go "before" or "after" its tile. ``valid``
    says whether idents form a combination the rules accept."""
    held = tuple(idents)
    result = grid.without(held)
    row = min(max(cell[0], 0), MAX_TABLE_ROWS - 1)
    col = min(max(cell[1], 0), result.cols - 1)
    in_row = [b for b in result.blocks() if b.row == row]
    hit = next((b for b in in_row if b.col <= col <= b.end), None)
    if hit is not None:
        cut = col - hit.col + (1 if side == "after" else 0)
        left, right, start, touched = hit.idents[:cut], hit.idents[cut:], hit.col, [hit]
    else:
        left_b = next((b for b in in_row if b.end == col - 1), None)
        right_b = next((b for b in in_row if col < b.col <= col + len(held)), None)
        left = left_b.idents if left_b else ()
        right = right_b.idents if right_b else ()
        start = left_b.col if left_b else col
        touched = [b for b in (left_b, right_b) if b is not None]
    pieces = _pieces(left, held, right, valid)
    fixed = [b for b in in_row if b not in touched]
    packed = _pack_row(fixed, pieces, start, result.cols)
    for block in in_row:
        for ident in block.idents:
            del result.cells[ident]
    if packed is None:
        for block in fixed:
            result.put(block.idents, (row, block.col))
        for piece in pieces:
            result.put(piece, result.first_fit(len(piece), row))
        return result
    for c, ids in packed:
        result.put(ids, (row, c))
    return result


@dataclass(frozen=True)
class Landing:
    """One place of the table where held tiles may be dropped without a pointer (the keyboard):
    ``kind`` "new" (a new combination at the first free place), "start" or "end" of ``block``,
    "inside" it before its tile ``index`` (the row makes room, a run is cut when only a cut
    makes both parts valid), or "join" (filling the ``gap`` free cells between ``block`` and
    the next combination of its row). ``cell`` and ``side`` are what ``drop`` takes."""

    kind: str
    block: Block | None
    cell: Cell
    side: str
    index: int = 0
    gap: int = 0


def landings(grid: TableGrid, idents: Sequence[str]) -> list[Landing]:
    """Every place of ``grid`` where the tiles ``idents`` may be dropped, in reading order:
    the free place first, then each combination of the grid without them, from its start to
    its end, and the gap to its neighbour when the tiles fill it (a mouse drops there too)."""
    rest = grid.without(idents)
    found = [Landing("new", None, rest.copy().first_fit(len(idents)), "before")]
    blocks = rest.blocks()
    for index, block in enumerate(blocks):
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        found.append(Landing("start", block, (block.row, block.col), "before"))
        for at in range(1, len(block.idents)):
            found.append(Landing("inside", block, (block.row, block.col + at), "before", at))
        found.append(Landing("end", block, (block.row, block.end), "after"))
        gap = following.col - block.end - 1 if following is not None and following.row == block.row else 0
        if 0 < gap <= len(idents):
            found.append(Landing("join", block, (block.row, block.end + 1), "before", gap=gap))
    return found


def settle(old: TableGrid, table: Sequence[Sequence[str]]) -> TableGrid:
    """A grid for the engine's ``table`` (combinations of idents) that keeps every combination
    of ``old`` that is still on the table where it was and puts the others as near as possible
    to where their tiles were."""
    kept = {b.idents: b for b in old.blocks()}
    result = TableGrid(cols=old.cols, rows=TABLE_ROWS)
    pending: list[tuple[str, ...]] = []
    for combination in table:
        block = kept.pop(tuple(combination), None)
        if block is not None:
            result.put(block.idents, (block.row, block.col))
        else:
            pending.append(tuple(combination))
    for combination in pending:
        anchor = next(((i, old.cells[t]) for i, t in enumerate(combination) if t in old.cells), None)
        near = 0
        if anchor is not None:
            index, (r, c) = anchor
            near = r
            start = min(max(c - index, 0), result.cols - len(combination))
            if result.is_free(r, start, len(combination)):
                result.put(combination, (r, start))
                continue
        result.put(combination, result.first_fit(len(combination), near))
    return result


# --------------------------------------------------------------------------------------------
# The rack


def rack_cols(count: int) -> int:
    """Slots per shelf for ``count`` tiles (always at least one free slot)."""
    return max(RACK_COLS, -(-(count + 1) // RACK_ROWS))


class RackGrid:
    """The slots of the tiles on one player's rack (two shelves)."""

    def __init__(self, cells: Mapping[str, Cell] | None = None, cols: int = RACK_COLS) -> None:
        self.cols = cols
        self.cells: dict[str, Cell] = {k: (int(r), int(c)) for k, (r, c) in (cells or {}).items()}

    def copy(self) -> RackGrid:
        return RackGrid(self.cells, self.cols)

    def occupied(self) -> dict[Cell, str]:
        """Tile ident by cell."""
        return {cell: ident for ident, cell in self.cells.items()}

    def order(self) -> list[str]:
        """The idents shelf by shelf, left to right."""
        return [k for k, _ in sorted(self.cells.items(), key=lambda kv: kv[1])]

    def fit(self, idents: Sequence[str], hints: RackGrid | None = None) -> RackGrid:
        """This arrangement for exactly ``idents``: tiles already placed keep their slot, new
        ones go back to their slot in ``hints`` when it is free, else take the free slots after
        the last tile (shelf by shelf)."""
        wanted = list(dict.fromkeys(idents))
        cols = max(self.cols, rack_cols(len(wanted)))
        result = RackGrid(cols=cols)
        taken: set[Cell] = set()
        for source in (self, hints):
            if source is None:
                continue
            for ident in wanted:
                cell = source.cells.get(ident)
                if ident in result.cells or cell is None or cell in taken:
                    continue
                if 0 <= cell[0] < RACK_ROWS and 0 <= cell[1] < cols:
                    result.cells[ident] = cell
                    taken.add(cell)
        newcomers = [i for i in wanted if i not in result.cells]
        if newcomers:
            slots = [(r, c) for r in range(RACK_ROWS) for c in range(cols)]
            last = max((slots.index(cell) for cell in taken), default=-1)
            free = [s for s in slots[last + 1 :] + slots[: last + 1] if s not in taken]
            for ident, cell in zip(newcomers, free, strict=False):
                result.cells[ident] = cell
        return result

    def without(self, idents: Iterable[str]) -> RackGrid:
        gone = set(idents)
        return RackGrid({k: v for k, v in self.cells.items() if k not in gone}, self.cols)

    def drop(self, idents: Sequence[str], cell: Cell, side: str = "before") -> RackGrid:
        """The rack after putting ``idents`` at ``cell`` (before or after the tile there),
        pushing neighbours aside along the shelf (or using the other shelf when it is full)."""
        result = self.without(idents)
        result.cols = max(result.cols, rack_cols(len(result.cells) + len(idents)))
        row = min(max(cell[0], 0), RACK_ROWS - 1)
        point = min(max(cell[1], 0), result.cols - 1)
        if side == "after" and (row, point) in result.occupied():
            point += 1
        for ident in idents:
            row, point = result._insert(ident, row, point)
        return result

    def _insert(self, ident: str, row: int, point: int) -> tuple[int, int]:
        """Put ``ident`` before the tile at ``point`` of shelf ``row``; returns where the next
        tile goes."""
        for shelf in (row, 1 - row):
            taken = self.occupied()
            if point < self.cols and (shelf, point) not in taken:
                self.cells[ident] = (shelf, point)
                return shelf, point + 1
            right = next((c for c in range(point + 1, self.cols) if (shelf, c) not in taken), None)
            if right is not None:
                for c in range(right - 1, point - 1, -1):
                    self.cells[taken[(shelf, c)]] = (shelf, c + 1)
                self.cells[ident] = (shelf, point)
                return shelf, point + 1
            left = next(
                (c for c in range(min(point, self.cols) - 1, -1, -1) if (shelf, c) not in taken), None
            )
            if left is not None:
                for c in range(left + 1, min(point, self.cols)):
                    self.cells[taken[(shelf, c)]] = (shelf, c - 1)
                self.cells[ident] = (shelf, min(point, self.cols) - 1)
                return shelf, min(point, self.cols)
        self.cols += 1
        return self._insert(ident, row, point)

    def to_json(self) -> dict[str, Any]:
        """The grid as JSON data (tile idents and cells)."""
        return {"cols": self.cols, "cells": {k: [r, c] for k, (r, c) in self.cells.items()}}

    @classmethod
    def from_json(cls, data: Any) -> RackGrid | None:
        try:
            cols = int(data["cols"])
            cells = {str(k): (int(v[0]), int(v[1])) for k, v in data["cells"].items()}
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None
        if not RACK_COLS <= cols <= 80 or len(set(cells.values())) != len(cells):
            return None
        if any(not (0 <= r < RACK_ROWS and 0 <= c < cols) for r, c in cells.values()):
            return None
        return cls(cells, cols)


def colour_groups(tiles: Sequence[Tile]) -> list[list[Tile]]:
    """The rack sorted into colour runs: one group per colour in number order, stars last."""
    groups = [sorted((t for t in tiles if t.colour == c and not t.is_star), key=_number_key) for c in COLOURS]
    groups.append([t for t in tiles if t.is_star])
    return [g for g in groups if g]


def number_groups(tiles: Sequence[Tile]) -> list[list[Tile]]:
    """The rack sorted into number groups: one group per number in colour order, stars last."""
    groups = [sorted((t for t in tiles if t.number == n), key=_colour_key) for n in range(1, 14)]
    groups.append([t for t in tiles if t.is_star])
    return [g for g in groups if g]


def _number_key(tile: Tile) -> tuple[int, str]:
    return tile.number, tile.ident


def _colour_key(tile: Tile) -> tuple[int, str]:
    return COLOURS.index(tile.colour) if tile.colour in COLOURS else 9, tile.ident


def sort_rack(groups: Sequence[Sequence[Tile]], cols: int) -> RackGrid:
    """``groups`` laid shelf by shelf, a free slot between two groups and a group moved to the
    next shelf rather than cut, when all that fits; otherwise packed tightly."""
    count = sum(len(g) for g in groups)
    cols = max(cols, rack_cols(count))
    spaced = _spaced(groups, cols)
    if spaced is not None:
        return RackGrid(spaced, cols)
    slots = [(r, c) for r in range(RACK_ROWS) for c in range(cols)]
    flat = [t.ident for g in groups for t in g]
    return RackGrid(dict(zip(flat, slots, strict=False)), cols)


def _spaced(groups: Sequence[Sequence[Tile]], cols: int) -> dict[str, Cell] | None:
    cells: dict[str, Cell] = {}
    row, col = 0, 0
    for group in groups:
        ids = [t.ident for t in group]
        if col and col + 1 + len(ids) <= cols:
            col += 1
        elif col:
            row, col = row + 1, 0
        if row >= RACK_ROWS:
            return None
        for ident in ids:
            if col >= cols:
                row, col = row + 1, 0
                if row >= RACK_ROWS:
                    return None
            cells[ident] = (row, col)
            col += 1
    return cells
