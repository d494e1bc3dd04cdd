"""The turn in progress at the tile table, without pygame: the table and rack arrangements, the
draft of the table the player is building, undo, the drop preview and what is lit.

The engine sees the draft only when "End turn" proposes it as a ``Play``; until then this model
asks the view whether it would be accepted (``why_not``) and marks the combinations the rules
refuse. Everything here is tile idents and grid cells, so that it saves in ``session.ui`` and a
game saved mid-turn resumes identically.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.engine import schema as sc
from game.engine.base import Move
from game.engine.errors import IllegalMove
from game.engine.pieces import Tile
from game.engine.tiles import TURN_PHASES, Discard, Exchange, Play, is_valid_meld, read_meld
from game.engine.tiles.stars import StarPlace, star_places
from game.ui.tables.saved_ui import CELLS, SEAT
from game.ui.tables.tiles.grids import (
    RACK_COLS,
    RACK_ROWS,
    Block,
    Cell,
    Landing,
    RackGrid,
    TableGrid,
    colour_groups,
    drop,
    landings,
    number_groups,
    settle,
    sort_rack,
)

_TABLE_GRID = sc.Obj({"cols": sc.Int(1, 200), "rows": sc.Int(1, 200), "cells": CELLS})
_RACK_GRID = sc.Obj({"cols": sc.Int(1, 200), "cells": CELLS})
UI_SCHEMA = sc.Obj(
    {},
    {
        "version": sc.Int(0, 1000),
        "turn": sc.Maybe(sc.List(sc.Int(0, 1_000_000), hi=8)),
        "table": sc.Maybe(_TABLE_GRID),
        "draft": sc.Maybe(_TABLE_GRID),
        "racks": sc.Map(SEAT, _RACK_GRID, hi=6),
        "rack_round": sc.Maybe(sc.Int(0, 1_000_000)),
        "turn_rack": sc.Maybe(_RACK_GRID),
        "clock": sc.Maybe(sc.Number(-1e6, 1e6)),
    },
)
"""The interface block of a save: the table and the draft on their grids, every person's rack,
the turn it belongs to, the sand glass."""

FAULTS_AT_INDEX = ("invalid_combination", "star_not_freed")
"""The engine's refusals of a play whose ``index`` names the combination at fault."""

UI_VERSION = 1
UNDO_DEPTH = 60


def turn_key(view: Any) -> tuple[int, int, int] | None:
    """What identifies the turn in progress: the round, the seat to move and where its turn
    starts in the round's log (``None`` outside a turn)."""
    if view.phase not in TURN_PHASES or view.current_player is None:
        return None
    seat = view.current_player
    start = len(view.log)
    while start > 0 and view.log[start - 1].seat == seat:
        start -= 1
    return (view.round_number, seat, start)


class TilesTurn:
    """See the module docstring. ``follow`` brings it up to date with each new view."""

    def __init__(self, ui: Any = None) -> None:
        ui = ui if isinstance(ui, dict) and ui.get("version") == UI_VERSION else {}
        self.grid = TableGrid.from_json(ui.get("table")) or TableGrid()
        """The engine's table as laid out on screen."""
        self.draft: TableGrid | None = TableGrid.from_json(ui.get("draft")) if ui.get("draft") else None
        """The table being built this turn (only on a person's own turn)."""
        self.racks: dict[int, RackGrid] = {}
        for key, data in (ui.get("racks") or {}).items():
            rack = RackGrid.from_json(data)
            if rack is not None and str(key).isdigit():
                self.racks[int(key)] = rack
        self.rack_round = ui.get("rack_round")
        self.turn_rack: RackGrid | None = (
            RackGrid.from_json(ui.get("turn_rack")) if ui.get("turn_rack") else None
        )
        saved_turn = ui.get("turn")
        self.turn_key: tuple | None = tuple(saved_turn) if isinstance(saved_turn, list) else None
        clock = ui.get("clock")
        self.clock: float | None = float(clock) if isinstance(clock, (int, float)) else None
        """Seconds left on the sand glass of the turn in progress."""
        self.undo_stack: list[tuple[TableGrid, RackGrid]] = []
        self.preview: TableGrid | None = None
        """The draft as it would be after dropping what is held where it hovers."""
        self.preview_key: tuple | None = None
        self.view: Any = None
        self.mine = False
        """True when the person at the screen is the one to move."""
        self.tiles: dict[str, Tile] = {}
        self.legal: list[Move] = []
        self.placed_ids: set[str] = set()
        """Rack tiles laid on the draft this turn."""
        self.marks: list[tuple[Block, bool]] = []
        """Combinations to outline: refused (False) or new and valid (True)."""
        self.opening_points = 0
        self.can_end = False
        self.check_error: IllegalMove | None = None
        self._landed: tuple[tuple[str, ...], TableGrid | None, list[Landing]] | None = None

    # Following the engine ---------------------------------------------------------------------
    def follow(self, view: Any, *, mine: bool, human_to_move: bool) -> tuple[bool, set[str]]:
        """Bring the model up to date with ``view`` (``mine``: the person at the screen is to
        move; ``human_to_move``: a person is). Returns whether a new turn began and the rack
        tiles that just arrived (they glow)."""
        self.view, self.mine = view, mine
        self.tiles = {t.ident: t for c in view.table for t in c}
        self.tiles.update({t.ident: t for t in view.hand})
        self.legal = view.legal_moves() if mine else []
        was_on_draft = self.draft.idents() if self.draft is not None else set()
        start_rack = self.turn_rack
        self._follow_table(view)
        key = turn_key(view)
        began = key != self.turn_key
        if began:
            self._begin_turn(key)
        self._follow_draft(view, human_to_move)
        fresh = self._follow_rack(view, was_on_draft, start_rack)
        self.evaluate()
        return began, fresh

    def _follow_table(self, view: Any) -> None:
        """Keep the table layout in step with the engine's table."""
        table = [tuple(t.ident for t in c) for c in view.table]
        if sorted(self.grid.combinations()) == sorted(table):
            return
        source = self.grid
        if self.draft is not None and sorted(self.draft.combinations()) == sorted(table):
            source = self.draft
        self.grid = settle(source, table)

    def _begin_turn(self, key: tuple | None) -> None:
        self.turn_key = key
        self.draft = None
        self.undo_stack = []
        self.turn_rack = None
        self.preview = self.preview_key = None
        timer = self.view.options.timer
        self.clock = float(timer) if timer and key is not None else None

    def _follow_draft(self, view: Any, human_to_move: bool) -> None:
        if self.turn_key is None or view.phase != "play" or not human_to_move:
            self.draft = None
            return
        if view.seat != view.current_player:
            return
        if self.draft is None or not self._draft_fits(view):
            self.draft = self.grid.copy()

    def _draft_fits(self, view: Any) -> bool:
        table_ids = self.grid.idents()
        ids = self.draft.idents() if self.draft is not None else set()
        return table_ids <= ids and ids - table_ids <= {t.ident for t in view.hand}

    def _follow_rack(self, view: Any, was_on_draft: set[str], start_rack: RackGrid | None) -> set[str]:
        """The arrangement of the rack for the new view: tiles keep their slots, tiles coming
        back from the table (a time-out) find their slot of the start of the turn, new ones
        take free slots (and are returned)."""
        if view.round_number != self.rack_round:
            self.racks = {}
            self.rack_round = view.round_number
        seat = view.seat
        on_draft = self.placed() if seat == view.current_player else set()
        tiles = [t for t in view.hand if t.ident not in on_draft]
        old = self.racks.get(seat)
        fresh: set[str] = set()
        if old is None:
            rack = sort_rack(colour_groups(tiles), RACK_COLS)
        else:
            hints = self.turn_rack or start_rack or old
            rack = old.fit([t.ident for t in tiles], hints)
            fresh = set(rack.cells) - set(old.cells) - was_on_draft
        self.racks[seat] = rack
        if self.draft is not None and self.turn_rack is None and seat == view.current_player:
            self.turn_rack = rack.copy()
        return fresh

    # The draft: checks and marks --------------------------------------------------------------
    @property
    def rack(self) -> RackGrid | None:
        """The rack arrangement of the seat whose view this is."""
        return self.racks.get(self.view.seat) if self.view is not None else None

    def placed(self) -> set[str]:
        """Rack tiles on the draft."""
        if self.draft is None:
            return set()
        return self.draft.idents() - self.grid.idents()

    def shown_grid(self) -> TableGrid:
        """The table as drawn: the preview of a drop, the draft on one's own turn, else the
        engine's table."""
        if self.preview is not None:
            return self.preview
        if self.draft is not None and self.mine:
            return self.draft
        return self.grid

    def tidy(self) -> None:
        """Lay the table out afresh, combination after combination (the player asked: the
        table is otherwise never rearranged by the interface)."""
        self.grid = settle(TableGrid(cols=self.grid.cols), self.grid.combinations())
        if self.draft is not None:
            self.draft = settle(TableGrid(cols=self.draft.cols), self.draft.combinations())
        self.preview = self.preview_key = None

    def tiles_of(self, idents: Iterable[str]) -> list[Tile]:
        """The tiles of ``idents`` that this view knows (table and own rack)."""
        return [self.tiles[i] for i in idents if i in self.tiles]

    def combinations_of(self, grid: TableGrid) -> tuple[tuple[Tile, ...], ...]:
        """The combinations of ``grid`` as tiles, in table order (what ``Play`` takes)."""
        return tuple(tuple(self.tiles_of(ids)) for ids in grid.combinations())

    def star_stands(self) -> dict[str, StarPlace]:
        """What each star of the table as shown stands for, read by the engine from its
        combination (stars of a combination that is not valid stand for nothing yet)."""
        if self.view is None:
            return {}
        return star_places(self.combinations_of(self.shown_grid()), self.view.options)

    def valid_ids(self, idents: Sequence[str]) -> bool:
        """True when ``idents`` form a combination the rules of this game accept."""
        tiles = self.tiles_of(idents)
        return len(tiles) == len(idents) and is_valid_meld(tiles, self.view.options)

    def evaluate(self, held: Iterable[str] = ()) -> None:
        """Whether the draft may end the turn, and the engine's reason when it may not."""
        self.placed_ids = self.placed()
        self.can_end = False
        self.check_error = None
        draft, view = self.draft, self.view
        if draft is not None and view.seat == view.current_player and not draft.same_as(self.grid):
            self.check_error = view.why_not(Play(self.combinations_of(draft)))
            self.can_end = self.check_error is None
        self.mark(held)

    def mark(self, held: Iterable[str] = ()) -> None:
        """Outlines for the shown grid: invalid combinations, and new valid ones; the points of
        the player's new combinations of rack tiles (for the opening). ``held``: tiles being
        dragged (they count as the player's)."""
        self.marks = []
        self.opening_points = 0
        if not self.mine or self.draft is None:
            return
        committed = set(self.grid.combinations())
        placed = self.placed() | {i for i in held if i in self.tiles}
        for index, block in enumerate(self.shown_grid().blocks()):
            if not self.valid_ids(block.idents) or index == self.fault_index():
                self.marks.append((block, False))
                continue
            if block.idents not in committed:
                self.marks.append((block, True))
                if all(i in placed for i in block.idents):
                    self.opening_points += read_meld(self.tiles_of(block.idents), self.view.options).points

    def fault_index(self) -> int | None:
        """The combination of the draft the engine's refusal names (a combination the rules
        refuse, a star moved without being freed), while the draft is what is shown."""
        error = self.check_error
        if error is None or self.preview is not None or error.code not in FAULTS_AT_INDEX:
            return None
        index = error.params.get("index")
        return index if isinstance(index, int) else None

    def changed(self) -> bool:
        """True when the draft differs from the table."""
        return self.draft is not None and not self.draft.same_as(self.grid)

    # Changes the player makes --------------------------------------------------------------------
    def change(self, draft: TableGrid | None, rack: RackGrid, held: Iterable[str] = ()) -> None:
        """A new draft (``None``: the same) and rack arrangement, undoable."""
        seat = self.view.seat
        if self.draft is not None:
            self.undo_stack.append((self.draft, self.racks[seat]))
            del self.undo_stack[:-UNDO_DEPTH]
        if draft is not None:
            self.draft = draft
        self.racks[seat] = rack
        self.preview = self.preview_key = None
        self.evaluate(held)

    def undo(self) -> bool:
        """Step back to the draft and rack before the last change of this turn."""
        if not self.undo_stack or self.draft is None:
            return False
        self.draft, rack = self.undo_stack.pop()
        self.racks[self.view.seat] = rack
        self.evaluate()
        return True

    def reset(self) -> bool:
        """The table and the rack as they were at the start of the turn."""
        if self.draft is None:
            return False
        rack_ids = [t.ident for t in self.view.hand]
        base = self.turn_rack or self.racks[self.view.seat]
        self.change(self.grid.copy(), base.fit(rack_ids, base))
        return True

    def sorted_rack(self, how: str) -> RackGrid:
        """The rack sorted into colour runs (``how`` "colour") or number groups."""
        seat = self.view.seat
        placed = self.placed_ids if seat == self.view.current_player else set()
        tiles = [t for t in self.view.hand if t.ident not in placed]
        groups = colour_groups(tiles) if how == "colour" else number_groups(tiles)
        current = self.racks.get(seat)
        return sort_rack(groups, current.cols if current else RACK_COLS)

    def drop_on_table(self, ids: Sequence[str], cell: Cell, side: str) -> None:
        """Held tiles laid on the draft at ``cell`` (from the rack or moved on the table)."""
        draft = drop(self.draft, ids, cell, side, self.valid_ids)
        self.change(draft, self.racks[self.view.seat].without(ids))

    def carry_order(self, ids: Iterable[str]) -> list[str]:
        """``ids`` in the order held tiles travel and land: tiles of the draft in reading
        order, then rack tiles shelf by shelf."""
        draft, rack = self.draft, self.rack

        def origin(ident: str) -> tuple:
            if draft is not None and ident in draft.cells:
                return (0, *draft.cells[ident])
            return (1, *(rack.cells.get(ident, (0, 0)) if rack is not None else (0, 0)))

        return sorted(ids, key=origin)

    def landing_choices(self, ids: Sequence[str]) -> list[Landing]:
        """The places of the draft where the tiles ``ids`` may be dropped without a pointer
        (``grids.landings``): a place that changes nothing, or makes the same draft as another,
        is left out (a gap filled that only cuts the tiles onto the next combination is that
        combination's start)."""
        key = tuple(ids)
        if self._landed is not None and self._landed[0] == key and self._landed[1] is self.draft:
            return self._landed[2]
        found: list[Landing] = []
        if self.draft is not None:
            draft = self.draft
            made = [
                (landing, drop(draft, ids, landing.cell, landing.side, self.valid_ids))
                for landing in landings(draft, ids)
            ]
            seen = {frozenset(draft.cells.items())}
            kept: set[int] = set()
            for joins in (False, True):
                for index, (landing, result) in enumerate(made):
                    mark = frozenset(result.cells.items())
                    if (landing.kind == "join") == joins and mark not in seen:
                        seen.add(mark)
                        kept.add(index)
            found = [made[i][0] for i in sorted(kept)]
        self._landed = (key, self.draft, found)
        return found

    def rack_home(self, ident: str) -> Cell:
        """The rack slot a tile laid this turn goes back to from the keyboard: its slot at the
        start of the turn when it is free, else the first free slot."""
        rack = self.racks[self.view.seat]
        taken = rack.occupied()
        home = self.turn_rack.cells.get(ident) if self.turn_rack is not None else None
        if home is not None and home not in taken and home[1] < rack.cols:
            return home
        free = (
            cell for cell in ((r, c) for r in range(RACK_ROWS) for c in range(rack.cols)) if cell not in taken
        )
        return next(free, (0, rack.cols))

    def drop_on_rack(self, ids: Sequence[str], cell: Cell, side: str) -> str:
        """Held tiles put on the rack at ``cell``: "draft" when tiles laid this turn came back
        (undoable), "turn" for a rearrangement during one's turn (undoable), "rack" otherwise.
        ``IllegalMove`` for a tile of the table (the engine's codes)."""
        rack = self.racks[self.view.seat]
        for ident in ids:
            if ident not in rack.cells and ident not in self.placed_ids:
                tile = self.tiles.get(ident)
                if tile is not None and tile.is_star:
                    raise IllegalMove("star_to_rack")
                raise IllegalMove("table_tile_missing", tile=tile.text if tile else ident)
        new_rack = rack.drop(ids, cell, side)
        if self.draft is not None and any(i in self.draft.cells for i in ids):
            self.change(self.draft.without(ids), new_rack)
            return "draft"
        if self.draft is not None and self.mine:
            self.change(None, new_rack)
            return "turn"
        self.racks[self.view.seat] = new_rack
        return "rack"

    def preview_drop(self, ids: Sequence[str], cell: Cell, side: str) -> bool:
        """Show the draft as it would be after dropping ``ids`` at ``cell``; False when that
        preview is already shown."""
        key = (cell, side, tuple(ids))
        if key == self.preview_key:
            return False
        self.preview_key = key
        self.preview = drop(self.draft, ids, cell, side, self.valid_ids)
        self.mark(ids)
        return True

    def clear_preview(self, held: Iterable[str] = ()) -> bool:
        """No preview any more; False when there was none."""
        if self.preview is None:
            return False
        self.preview = self.preview_key = None
        self.mark(held)
        return True

    # What may be done ----------------------------------------------------------------------------
    def can_pick(self, ident: Any, pool: bool) -> bool:
        """Whether the piece ``ident`` may be picked up (``pool``: it is the pool)."""
        rack = self.rack
        on_rack = rack is not None and ident in rack.cells
        if not self.mine:
            return on_rack
        if pool:
            return any(m.kind == "draw" for m in self.legal)
        if on_rack:
            return True
        # A tile of the table may be picked up on one's turn: when the rules keep it in place
        # (before opening, before the draw), its drop is refused with the engine's reason
        # (``table_tile_refusal``).
        shown = self.draft if self.draft is not None else self.grid
        return ident in shown.cells

    def table_tile_refusal(self, idents: Iterable[str]) -> IllegalMove | None:
        """The engine's reason why the tiles of the table among ``idents`` (not those laid this
        turn) may not move now, or ``None``."""
        for ident in idents:
            tile = self.tiles.get(ident)
            if tile is None or ident not in self.grid.cells or ident in self.placed_ids:
                continue
            refusal = self.view.why_not_move_table_tile(tile)
            if refusal is not None:
                return refusal
        return None

    def action_kind(self) -> str | None:
        """The turn rule's action when nothing is laid: draw, exchange, discard or pass."""
        if not self.mine:
            return None
        kinds = {m.kind for m in self.legal}
        for kind in ("draw", "exchange", "discard", "pass"):
            if kind in kinds:
                return kind
        return None

    def selected_rack_tile(self, selected: Iterable[str]) -> Tile | None:
        """The one rack tile among ``selected`` idents, if exactly one is."""
        rack = self.rack
        chosen = [i for i in selected if rack is not None and i in rack.cells]
        return self.tiles.get(chosen[0]) if len(chosen) == 1 else None

    def give_move(self, ident: str) -> Move | None:
        """The legal move that gives rack tile ``ident`` to the pool (exchange or discard)."""
        return next(
            (m for m in self.legal if m.kind in ("exchange", "discard") and m.tile.ident == ident), None
        )

    def why_not_give(self, ident: str) -> IllegalMove:
        """The engine's reason why rack tile ``ident`` may not go to the pool now."""
        kind = "discard" if self.view.options.turn_rule == "draw_discard" else "exchange"
        tile = self.tiles[ident]
        refusal = self.view.why_not(Discard(tile) if kind == "discard" else Exchange(tile))
        return refusal if refusal is not None else IllegalMove(f"no_{kind}_in_turn_rule")

    # Saving ------------------------------------------------------------------------------------
    def to_ui(self) -> dict[str, Any]:
        """What ``session.ui`` keeps (read back by the constructor)."""
        return {
            "version": UI_VERSION,
            "turn": list(self.turn_key) if self.turn_key else None,
            "table": self.grid.to_json(),
            "draft": self.draft.to_json() if self.draft is not None else None,
            "racks": {str(k): v.to_json() for k, v in self.racks.items()},
            "rack_round": self.rack_round,
            "turn_rack": self.turn_rack.to_json() if self.turn_rack is not None else None,
            "clock": round(self.clock, 2) if self.clock is not None else None,
        }
