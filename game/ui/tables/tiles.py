"""The table of Rummy with tiles.

Bottom: the player's rack, two wooden shelves (sorted by colour runs or number groups with one
click, re-arranged by dragging), the pool and the sand glass on its left, the turn's buttons on
its right. Middle: the table, a snap grid where every horizontal run of adjacent tiles is one
combination (``tiles_layout``). Top: the score sheet button, the round, the other players
(tiles left, opened or not, total score; a note says what each one just did).

During a turn the interface keeps a draft of the table; the engine sees it only when End turn
proposes it as a ``Play``, and End turn is enabled only when ``view.check_play`` accepts it.
Combinations the rules refuse are outlined in red, new valid ones in green; until the player
has opened, their new combinations count towards the opening minimum ("Opening: 24 / 30").
With nothing laid, the primary button is the turn rule's action (draw, exchange, return a tile,
pass). Reset puts back the table and the rack of the start of the turn; Undo steps back once.

Gestures: drag rack tiles onto the table (onto free cells to start a combination, next to one
to extend it, onto a tile to insert before or after it: the row makes room, and a run is cut
when only a cut makes both parts valid); drag table tiles to rearrange (taking one out of the
middle splits a combination; filling the gap between two joins them); drag tiles laid this turn
back to the rack; drag a rack tile onto the pool to exchange or return it; drag the pool to the
rack (or double-click it) to draw. Click tiles to select several and drag them together;
double-click a table tile to select its whole combination. Keys: Enter ends the turn (or plays
the turn rule's action), Ctrl+Z undoes, C and N sort the rack, S shows the score sheet.

The draft, the rack arrangement of every person, the table layout and the sand glass live in
``session.ui`` (tile idents and grid cells), so a game saved mid-turn resumes identically.
"""

from __future__ import annotations

import math
import time
from typing import Any, ClassVar

import pygame

from game.engine.base import Event, Move
from game.engine.errors import IllegalMove
from game.engine.pieces import Tile
from game.engine.tiles import Discard, Draw, Exchange, Pass, Play, Timeout, is_valid_meld, read_meld
from game.engine.tiles.view import TURN_PHASES
from game.i18n import Text, Verbatim
from game.ui import theme
from game.ui.dnd import Bubble, DropTarget
from game.ui.motion import Sprite
from game.ui.tables.base import IconButton, TableScene
from game.ui.tables.tiles_draw import FRESH_SECONDS, WARNING_SECONDS, TilesDrawing
from game.ui.tables.tiles_layout import (
    RACK_COLS,
    TABLE_COLS,
    Block,
    RackGrid,
    TableGrid,
    colour_groups,
    drop,
    number_groups,
    settle,
    sort_rack,
)
from game.ui.tables.tiles_parts import (
    TilePainter,
)
from game.ui.widgets import Button

POOL_KEY = "pool"
UI_VERSION = 1
NOTE_SECONDS = 3.5
SAVE_DELAY = 1.0
GAP_X = 0.06
GAP_Y = 0.14
COLOUR_NAMES = {"K": "black", "R": "red", "B": "blue", "O": "orange"}


def turn_key(view: Any) -> tuple[int, int, int] | None:
    """What identifies the turn in progress: the round, the seat to move and where its turn
    starts in the round's log (``None`` outside a turn)."""
    if view.phase not in TURN_PHASES or view.current_player is None:
        return None
    seat = view.current_player
    start = len(view.log)
    while start > 0 and view.log[start - 1].get("seat") == seat:
        start -= 1
    return (view.round_number, seat, start)


def tile_label(app, text: str) -> Text:
    """A tile's name for sentences: "red 7" / "7 rouge", "star" / "étoile"."""
    if text == "*":
        return app.tr("tiles.tile.star")
    colour, number = text[0], text[1:]
    return app.tr("tiles.tile.label", colour=app.tr(f"tiles.colour.{colour}"), number=Verbatim(number))


class TilesTable(TilesDrawing, TableScene):
    """See the module docstring."""

    game_id = "tiles"
    SOUNDS: ClassVar[dict[str, str]] = {
        "play": "meld",
        "draw": "draw",
        "exchange": "draw",
        "discard": "place",
        "pass": "click",
        "timeout": "invalid",
        "next_round": "shuffle",
    }

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.painter = TilePainter(app)
        ui = session.ui if isinstance(session.ui, dict) else {}
        if ui.get("version") != UI_VERSION:
            ui = {}
        self.grid = TableGrid.from_json(ui.get("table")) or TableGrid()
        self.draft: TableGrid | None = TableGrid.from_json(ui.get("draft")) if ui.get("draft") else None
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
        self.warned: int | None = None
        self.undo_stack: list[tuple[TableGrid, RackGrid]] = []
        self.preview: TableGrid | None = None
        self.preview_key: tuple | None = None
        self.ghosts: list[pygame.Rect] = []
        self.tiles: dict[str, Tile] = {}
        self.legal: list[Move] = []
        self.placed_ids: set[str] = set()
        self.marks: list[tuple[Block, bool]] = []
        self.opening_points = 0
        self.can_end = False
        self.check_error: IllegalMove | None = None
        self.notes: dict[int, list[Any]] = {}
        self.fresh: dict[str, float] = {}
        self.flyers: list[Sprite] = []
        self.log_seen: tuple[int, int] | None = None
        self.show_sheet = False
        self.save_due: float | None = None
        self.areas: dict[str, pygame.Rect] = {}
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.laid_out_anchor: int | None = None
        self.shelf_bottoms: list[int] = []
        self._backdrops = {}
        self._pills = {}
        tr = app.tr
        self.sheet_button = Button(lambda: tr("tiles.sheet"), self.toggle_sheet, name="sheet")
        self.end_button = Button(lambda: tr("tiles.end_turn"), self.end_turn, primary=True, name="end_turn")
        self.action_button = Button(self._action_label, self.do_action, primary=True, name="action")
        self.pass_button = Button(lambda: tr("tiles.action.pass"), self.do_pass, name="pass")
        self.reset_button = Button(lambda: tr("tiles.reset"), self.reset_turn, name="reset")
        self.undo_button = IconButton(lambda: tr("tiles.undo"), self.undo, name="undo")
        self.sort_colour = IconButton(
            lambda: tr("tiles.sort_colour"), lambda: self.sort("colour"), name="sort_colour"
        )
        self.sort_number = IconButton(
            lambda: tr("tiles.sort_number"), lambda: self.sort("number"), name="sort_number"
        )

    # Engine view -> interface state --------------------------------------------------------------
    def on_view_changed(self) -> None:
        view = self.view
        self.tiles = {t.ident: t for c in view.table for t in c}
        self.tiles.update({t.ident: t for t in view.rack})
        self.legal = view.legal_moves() if self.my_turn else []
        was_on_draft = self.draft.idents() if self.draft is not None else set()
        start_rack = self.turn_rack
        self._follow_table(view)
        key = turn_key(view)
        if key != self.turn_key:
            self._begin_turn(key)
        if key is None:
            self.show_sheet = False  # the round's summary shows the sheet
        self._follow_draft(view)
        self._follow_rack(view, was_on_draft, start_rack)
        self._read_log(view)
        self._evaluate()
        self._store_ui()
        if self.seat_rects and self.laid_out_anchor != self.seating()[0]:
            self.lay_out_table(self.app.size)

    def _follow_table(self, view) -> None:
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
        self.warned = None
        if key is not None and key[1] == self.viewer and not self.session.hot_seat:
            self.app.sound.play("your_turn")

    def _follow_draft(self, view) -> None:
        seat = view.current_player
        if self.turn_key is None or view.phase != "play" or not self.is_human(seat):
            self.draft = None
            return
        if view.seat != seat:
            return
        if self.draft is None or not self._draft_fits(view):
            self.draft = self.grid.copy()

    def _draft_fits(self, view) -> bool:
        table_ids = self.grid.idents()
        ids = self.draft.idents() if self.draft is not None else set()
        return table_ids <= ids and ids - table_ids <= {t.ident for t in view.rack}

    def _follow_rack(self, view, was_on_draft: set[str], start_rack: RackGrid | None) -> None:
        """The arrangement of the rack on screen for the new view: tiles keep their slots, tiles
        coming back from the table (a time-out) find their slot of the start of the turn, new
        ones take free slots and glow for a moment."""
        if view.round_number != self.rack_round:
            self.racks = {}
            self.rack_round = view.round_number
        seat = view.seat
        on_draft = self._placed() if seat == view.current_player else set()
        tiles = [t for t in view.rack if t.ident not in on_draft]
        old = self.racks.get(seat)
        if old is None:
            rack = sort_rack(colour_groups(tiles), RACK_COLS)
        else:
            hints = self.turn_rack or start_rack or old
            rack = old.fit([t.ident for t in tiles], hints)
            if self.viewer == seat:
                for ident in set(rack.cells) - set(old.cells) - was_on_draft:
                    self.fresh[ident] = FRESH_SECONDS
        self.racks[seat] = rack
        if self.draft is not None and self.turn_rack is None and seat == view.current_player:
            self.turn_rack = rack.copy()

    def _read_log(self, view) -> None:
        """Notes and sounds for what the others did since the last look at the log."""
        marker = (view.round_number, len(view.log))
        if self.log_seen is None:
            self.log_seen = marker
            return
        round_seen, count = self.log_seen
        entries = view.log[count:] if round_seen == view.round_number else view.log
        self.log_seen = marker
        for entry in entries:
            self._note(entry)

    def _note(self, entry) -> None:
        seat, kind = entry.get("seat"), entry.get("kind")
        if seat is None or kind not in ("play", "draw", "exchange", "discard", "pass", "timeout"):
            return
        count = len(entry.get("placed", ())) if kind == "play" else int(entry.get("count", 1) or 1)
        self.notes[seat] = [kind, count, NOTE_SECONDS]
        if kind == "timeout" and seat == self.viewer:
            rack = self.areas.get("rack")
            if rack is not None:
                self.bubbles = [
                    Bubble(self.app.tr("tiles.timeout.you"), (rack.centerx, rack.y - self.scale(8)))
                ]
        if seat != self.viewer and "pool" in self.areas:
            self._fly(seat, kind)

    def _fly(self, seat: int, kind: str) -> None:
        """A face-down tile travelling between the pool and a seat (draws, exchanges)."""
        panel = self.seat_rects.get(seat)
        if panel is None:
            return
        pool = self.areas["pool"]
        width = self.pool_w
        routes = {
            "draw": [(pool, panel)],
            "exchange": [(panel, pool), (pool, panel)],
            "discard": [(panel, pool)],
        }
        for i, (start, end) in enumerate(routes.get(kind, [])):
            sprite = Sprite(("flyer", seat, i, time.monotonic()), None, width=width, face_up=False, z=200)
            sprite.place(start.centerx - width / 2, start.centery - self.painter.height(width) / 2)
            d = max(0.001, self.duration() * 2)
            sprite.move_to(
                end.centerx - width / 2, end.centery - self.painter.height(width) / 2, 0.0, d, i * d
            )
            self.flyers.append(sprite)

    # The draft: checks and marks --------------------------------------------------------------
    def _placed(self) -> set[str]:
        if self.draft is None:
            return set()
        return self.draft.idents() - self.grid.idents()

    def shown_grid(self) -> TableGrid:
        """The table as drawn: the preview of a drop, the draft on one's own turn, else the
        engine's table."""
        if self.preview is not None:
            return self.preview
        if self.draft is not None and self.my_turn:
            return self.draft
        return self.grid

    def tiles_of(self, idents) -> list[Tile]:
        """The tiles of ``idents`` that this view knows (table and own rack)."""
        return [self.tiles[i] for i in idents if i in self.tiles]

    def combinations_of(self, grid: TableGrid) -> tuple[tuple[Tile, ...], ...]:
        """The combinations of ``grid`` as tiles, in table order (what ``Play`` takes)."""
        return tuple(tuple(self.tiles_of(ids)) for ids in grid.combinations())

    def valid_ids(self, idents) -> bool:
        """True when ``idents`` form a combination the rules of this game accept."""
        tiles = self.tiles_of(idents)
        return len(tiles) == len(idents) and is_valid_meld(tiles, self.view.options)

    def _evaluate(self) -> None:
        """Whether the draft may end the turn, and the engine's reason when it may not."""
        self.placed_ids = self._placed()
        self.can_end = False
        self.check_error = None
        draft = self.draft
        if draft is not None and self.view.seat == self.view.current_player and not draft.same_as(self.grid):
            try:
                self.view.check_play(self.combinations_of(draft))
                self.can_end = True
            except IllegalMove as exc:
                self.check_error = exc
        self._mark()

    def _mark(self) -> None:
        """Outlines for the shown grid: invalid combinations, and new valid ones; the points of
        the player's new combinations of rack tiles (for the opening)."""
        self.marks = []
        self.opening_points = 0
        if not self.my_turn or self.draft is None:
            return
        committed = set(self.grid.combinations())
        placed = self._placed() | {s.key for s in self.drag.held if isinstance(s.piece, Tile)}
        for block in self.shown_grid().blocks():
            if not self.valid_ids(block.idents):
                self.marks.append((block, False))
                continue
            if block.idents not in committed:
                self.marks.append((block, True))
                if all(i in placed for i in block.idents):
                    self.opening_points += read_meld(self.tiles_of(block.idents), self.view.options).points

    # Saving ---------------------------------------------------------------------------------------
    def _store_ui(self) -> None:
        self.session.ui = {
            "version": UI_VERSION,
            "turn": list(self.turn_key) if self.turn_key else None,
            "table": self.grid.to_json(),
            "draft": self.draft.to_json() if self.draft is not None else None,
            "racks": {str(k): v.to_json() for k, v in self.racks.items()},
            "rack_round": self.rack_round,
            "turn_rack": self.turn_rack.to_json() if self.turn_rack is not None else None,
            "clock": round(self.clock, 2) if self.clock is not None else None,
        }

    def _save_soon(self) -> None:
        self._store_ui()
        if self.save_due is None:
            self.save_due = time.monotonic() + SAVE_DELAY

    def save_now(self) -> None:
        """Save the game with the interface's state (draft, racks, sand glass) now (the app
        writes it in the background)."""
        self._store_ui()
        self.save_due = None
        self.app.save_session(self.session)

    def flush_saves(self) -> None:
        """Wait until every save asked for is on the disk."""
        self.app.flush_saves()

    def after_move(self, move: Move, events: list[Event]) -> None:
        self.sound_for(move, events)
        self.drag.selection = []
        self.refresh()
        self.save_now()

    def pause(self) -> None:
        if self.save_due is not None or self.draft is not None:
            self.save_now()

    def leave(self) -> None:
        if self.save_due is not None:
            self.save_now()
        super().leave()

    # Player actions ---------------------------------------------------------------------------------
    def _change(
        self, draft: TableGrid | None, rack: RackGrid, sound: str = "place", save: bool = True
    ) -> None:
        """A new draft and rack arrangement (undoable)."""
        seat = self.view.seat
        if self.draft is not None:
            self.undo_stack.append((self.draft, self.racks[seat]))
            del self.undo_stack[:-60]
        if draft is not None:
            self.draft = draft
        self.racks[seat] = rack
        self.preview = self.preview_key = None
        self._evaluate()
        if save:
            self._save_soon()
        else:
            self._store_ui()
        self.app.sound.play(sound)
        self.lay_out_pieces()

    def undo(self) -> None:
        """Step back to the draft and rack before the last change of this turn."""
        if not self.undo_stack or self.draft is None:
            return
        self.draft, rack = self.undo_stack.pop()
        self.racks[self.view.seat] = rack
        self._evaluate()
        self._save_soon()
        self.app.sound.play("click")
        self.lay_out_pieces()

    def reset_turn(self) -> None:
        """The table and the rack as they were at the start of the turn."""
        if self.draft is None:
            return
        rack_ids = [t.ident for t in self.view.rack]
        base = self.turn_rack or self.racks[self.view.seat]
        self.drag.selection = []
        self._change(self.grid.copy(), base.fit(rack_ids, base), sound="shuffle")

    def sort(self, how: str) -> None:
        """Sort the rack into colour runs or number groups."""
        if self.viewer is None:
            return
        seat = self.view.seat
        placed = self.placed_ids if seat == self.view.current_player else set()
        tiles = [t for t in self.view.rack if t.ident not in placed]
        groups = colour_groups(tiles) if how == "colour" else number_groups(tiles)
        current = self.racks.get(seat)
        rack = sort_rack(groups, current.cols if current else RACK_COLS)
        # The order of the rack is saved with the next change of the game or of the table.
        if self.draft is not None and self.my_turn:
            self._change(None, rack, sound="shuffle", save=False)
        else:
            self.racks[seat] = rack
            self._store_ui()
            self.app.sound.play("shuffle")
            self.lay_out_pieces()

    def end_turn(self) -> None:
        """Propose the draft to the engine as this turn's ``Play``."""
        if self.draft is None or not self.can_end:
            return
        self.drag.cancel()
        self.play(Play(self.combinations_of(self.draft)), self.end_button.rect.midtop)

    def action_kind(self) -> str | None:
        """The turn rule's action when nothing is laid: draw, exchange, discard or pass."""
        if not self.my_turn:
            return None
        kinds = {m.kind for m in self.legal}
        for kind in ("draw", "exchange", "discard", "pass"):
            if kind in kinds:
                return kind
        return None

    def _action_label(self) -> Text:
        return self.app.tr(f"tiles.action.{self.action_kind() or 'pass'}")

    def do_action(self) -> None:
        """The turn rule's action (draw, pass, or exchange/return the selected rack tile)."""
        kind = self.action_kind()
        at = self.action_button.rect.midtop
        if kind in ("draw", "pass"):
            self.play(Draw() if kind == "draw" else Pass(), at)
        elif kind in ("exchange", "discard"):
            tile = self._selected_rack_tile()
            if tile is None:
                self.app.sound.play("invalid")
                self.bubbles = [
                    Bubble(self.app.tr(f"tiles.hint.choose.{kind}"), (at[0], at[1] - self.scale(10)))
                ]
                return
            self.play(Exchange(tile) if kind == "exchange" else Discard(tile), at)

    def do_pass(self) -> None:
        """End the turn without laying or taking a tile (when the rules allow it)."""
        if any(m.kind == "pass" for m in self.legal):
            self.play(Pass(), self.pass_button.rect.midtop)

    def _selected_rack_tile(self) -> Tile | None:
        rack = self.racks.get(self.view.seat)
        chosen = [s for s in self.drag.selection if rack is not None and s.key in rack.cells]
        if len(chosen) != 1:
            return None
        return self.tiles.get(chosen[0].key)

    def toggle_sheet(self) -> None:
        """Show or hide the score sheet over the table."""
        self.show_sheet = not self.show_sheet
        self.app.sound.play("click")

    def param_text(self, value: Any) -> Any:
        if isinstance(value, str) and (
            value == "*" or (len(value) in (2, 3) and value[0] in COLOUR_NAMES and value[1:].isdigit())
        ):
            return tile_label(self.app, value)
        return value

    def reason(self, exc: IllegalMove) -> Text:
        if exc.code == "invalid_combination" and self.draft is not None:
            combos = self.combinations_of(self.draft)
            index = exc.params.get("index", -1)
            if 0 <= index < len(combos):
                try:
                    read_meld(combos[index], self.view.options)
                except IllegalMove as inner:
                    return super().reason(inner)
        return super().reason(exc)

    # Clock ------------------------------------------------------------------------------------------
    def tick_clock(self, dt: float) -> None:
        """Run the sand glass of the turn in progress (paused under the menu and hand-offs)."""
        if self.clock is None or self.turn_key is None or self.app.scenes.top is not self:
            return
        seat = self.view.current_player
        if seat is None:
            return
        if self.is_human(seat) and self.viewer != seat:
            return
        if not self.is_human(seat) and self.drag.dragging:
            return
        self.clock = max(0.0, self.clock - dt)
        if self.my_turn and self.clock > 0:
            second = math.ceil(self.clock)
            if second <= WARNING_SECONDS and second != self.warned:
                self.warned = second
                self.app.sound.play("timer_warning")
        if self.clock <= 0:
            self.time_up()

    def time_up(self) -> None:
        """The sand glass ran out: the engine's ``Timeout`` for whoever is playing."""
        self.clock = None
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        self.think_until = 0.0
        self.drag.cancel()
        self.preview = self.preview_key = None
        self.play(Timeout())

    # Frame ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._update_buttons()
        self.tick_clock(dt)
        self._update_preview()
        for note in self.notes.values():
            note[2] -= dt
        self.notes = {k: v for k, v in self.notes.items() if v[2] > 0}
        self.fresh = {k: v - dt for k, v in self.fresh.items() if v - dt > 0}
        for flyer in self.flyers:
            flyer.update(dt)
        self.flyers = [f for f in self.flyers if f.moving]
        super().update(dt)
        due = self.save_due is not None and time.monotonic() >= self.save_due
        if due and not self.drag.dragging:
            self.save_now()

    def _update_buttons(self) -> None:
        mine = self.my_turn
        self.end_button.enabled = mine and self.can_end
        self.action_button.enabled = mine and self.action_kind() is not None
        self.pass_button.enabled = mine and any(m.kind == "pass" for m in self.legal)
        changed = self.draft is not None and not self.draft.same_as(self.grid)
        self.reset_button.enabled = mine and changed
        self.undo_button.enabled = mine and bool(self.undo_stack)

    def turn_buttons(self) -> list[Button]:
        """The buttons of the turn shown now."""
        if not self.my_turn:
            return []
        buttons: list[Button] = []
        playing = self.view.phase == "play"
        if playing and self.placed_ids:
            buttons.append(self.end_button)
        elif self.action_kind() is not None:
            buttons.append(self.action_button)
        if playing:
            buttons += [self.reset_button, self.undo_button]
            kinds = {m.kind for m in self.legal}
            if not self.placed_ids and "pass" in kinds and self.action_kind() != "pass":
                buttons.append(self.pass_button)
        return buttons

    def _update_preview(self) -> None:
        """While tiles are held over the table, the row makes room where they would land."""
        held = self.drag.held
        target = self.drag.hovered
        if held and self.draft is not None and self.my_turn and target is not None and target.key == "table":
            cell, side = self.landing_cell(held[0])
            ids = tuple(s.key for s in held)
            key = (cell, side, ids)
            if key != self.preview_key:
                self.preview_key = key
                self.preview = drop(self.draft, ids, cell, side, self.valid_ids)
                self.ghosts = [self.cell_rect(*self.preview.cells[i]) for i in ids]
                self._mark()
                self.lay_out_pieces()
        else:
            if self.preview is not None:
                self.preview = self.preview_key = None
                self._mark()
                self.lay_out_pieces()
            self.ghosts = self._rack_ghosts(held, target)

    def _rack_ghosts(self, held: list[Sprite], target: DropTarget | None) -> list[pygame.Rect]:
        """Where held tiles would go on the rack."""
        rack = self.racks.get(self.view.seat)
        if not held or target is None or target.key != "rack" or not target.accepts or rack is None:
            return []
        cell, side = self.rack_slot(held[0], rack.cols)
        ids = [s.key for s in held]
        after = rack.drop(ids, cell, side)
        tile_w, _ = self.rack_metrics(after.cols)
        ghosts = []
        for ident in ids:
            x, y = self.slot_pos(*after.cells[ident], after.cols)
            ghosts.append(pygame.Rect(round(x), round(y), tile_w, self.painter.height(tile_w)))
        return ghosts

    # Layout ---------------------------------------------------------------------------------------
    def seating(self) -> tuple[int, list[int]]:
        """The seat at the bottom of the screen and the others in turn order after it."""
        n = self.state.num_players
        anchor = self.viewer
        if anchor is None:
            humans = self.session.humans
            anchor = humans[0] if humans else 0
        return anchor, [(anchor + i) % n for i in range(1, n)]

    def piece_height(self, width: int) -> int:
        return self.painter.height(width)

    def bench_animations(self) -> list:
        """Actions that start an animation (for the frame benchmark)."""
        return [lambda: self.sort("colour"), lambda: self.sort("number")]

    def lay_out_table(self, size: tuple[int, int]) -> None:
        w, h = size
        s, m, fonts = self.scale, self.margin, self.app.fonts
        anchor, others = self.seating()
        self.laid_out_anchor = anchor
        # Top strip: score sheet, round, the other players
        self.sheet_button.font_size = s.font(17)
        label_w = fonts.size(self.sheet_button.label(), self.sheet_button.font_size, bold=True)[0]
        self.sheet_button.rect = pygame.Rect(m, m, max(s(150), label_w + s(40)), s(44))
        round_size = s.font(18)
        round_w = fonts.size(self._round_text(), round_size, bold=True)[0]
        self.round_pos = (self.sheet_button.rect.right + s(14), self.sheet_button.rect.centery)
        left = self.round_pos[0] + round_w + s(20)
        right = min(b.rect.left for b in self.top_buttons) - s(18)
        gap = s(12)
        n = max(1, len(others))
        panel_w = min(s(260), (right - left - gap * (n - 1)) // n)
        panel_h = s(66)
        x0 = left + max(0, (right - left - (panel_w * n + gap * (n - 1))) // 2)
        self.seat_rects = {
            seat: pygame.Rect(x0 + i * (panel_w + gap), m, panel_w, panel_h) for i, seat in enumerate(others)
        }
        # Bottom: pool and sand glass, the rack, the turn's buttons
        band, lip, shelf_gap = s(30), s(5), s(6)
        self.rack_tile_max = s(50)
        rack_tile_h = self.painter.height(self.rack_tile_max)
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
        for i, b in enumerate((self.sort_colour, self.sort_number)):
            b.rect = pygame.Rect(0, 0, icon, icon)
            b.rect.center = (rack.x + s(8) + sort_w // 2, self.shelf_bottoms[i] - rack_tile_h // 2)
            b.icon = self._sort_icon(b.name, int(icon * 0.74))
        self.pool_w = s(48)
        pool_h = self.painter.height(self.pool_w)
        self.areas["pool"] = pygame.Rect(m + s(10), rack.y + band + s(4), self.pool_w, pool_h)
        self.areas["glass"] = pygame.Rect(m + s(82), rack.y + band - s(2), s(54), s(92))
        column = pygame.Rect(rack.right + s(14), rack.y, w - m - rack.right - s(14), rack_h)
        row_h, gap_y = s(50), s(10)
        self.end_button.rect = pygame.Rect(column.x, column.y + s(4), column.width, row_h)
        self.action_button.rect = self.end_button.rect.copy()
        small = s(46)
        self.undo_button.rect = pygame.Rect(
            column.right - small, self.end_button.rect.bottom + gap_y, small, small
        )
        self.undo_button.icon = self.app.art.icon("undo", int(small * 0.56))
        self.reset_button.rect = pygame.Rect(
            column.x, self.undo_button.rect.y, column.width - small - s(10), small
        )
        self.reset_button.icon = self.app.art.icon("reset", int(small * 0.46), theme.INK)
        self.pass_button.rect = pygame.Rect(
            column.x, self.undo_button.rect.bottom + gap_y, column.width, small
        )
        for b in (self.end_button, self.action_button):
            b.font_size = s.font(20)
        for b in (self.reset_button, self.pass_button):
            b.font_size = s.font(18)
        # The status line and the table between
        self.status_rect = pygame.Rect(0, 0, min(w - 2 * m, s(940)), s(40))
        self.status_rect.midbottom = (w // 2, rack.y - s(10))
        top = m + panel_h + s(14)
        self.areas["table"] = pygame.Rect(m, top, w - 2 * m, self.status_rect.y - s(8) - top)

    def _round_text(self) -> Text:
        return self.app.tr("tiles.round", n=self.view.round_number, total=self.view.options.rounds)

    def _sort_icon(self, name: str, size: int) -> pygame.Surface:
        """1 2 3 in one colour (colour runs) or 7 7 7 in three colours (number groups)."""
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        inks = ["#cf1b2b"] * 3 if name == "sort_colour" else ["#1a1a1a", "#cf1b2b", "#1458c4"]
        labels = ["1", "2", "3"] if name == "sort_colour" else ["7", "7", "7"]
        plate = pygame.Rect(size // 20, size // 6, size - size // 10, size - size // 3)
        pygame.draw.rect(surface, (250, 244, 226), plate, border_radius=max(3, size // 6))
        font_px = max(9, int(plate.height * 0.78))
        step = plate.width / 3
        for i, (ink, label) in enumerate(zip(inks, labels, strict=True)):
            colour = pygame.Color(ink)
            centre = (round(plate.x + step * (i + 0.5)), plate.centery)
            self.app.fonts.draw(
                surface,
                Verbatim(label),
                centre,
                font_px,
                (colour.r, colour.g, colour.b),
                bold=True,
                anchor="center",
            )
        return surface

    def grid_metrics(self, rows: int) -> tuple[int, int, int, int, pygame.Rect]:
        """Tile width and height, cell width and height and the grid's rectangle for a table
        grid of ``rows`` rows in the table area."""
        area = self.areas["table"]
        ratio = self.painter.height(100) / 100
        tile_w = min(area.width / (TABLE_COLS * (1 + GAP_X)), area.height / (rows * (1 + GAP_Y)) / ratio)
        tile_w = max(12, int(tile_w))
        tile_h = self.painter.height(tile_w)
        cell_w = round(tile_w * (1 + GAP_X))
        cell_h = round(tile_h * (1 + GAP_Y))
        grid = pygame.Rect(0, 0, cell_w * TABLE_COLS, cell_h * rows)
        grid.center = area.center
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

    def landing_cell(self, sprite: Sprite) -> tuple[tuple[int, int], str]:
        """The cell of the draft's grid under the centre of a held tile, and which half of it
        (measured on the draft, not on a preview that may have grown the grid)."""
        rows = self.draft.rows if self.draft is not None else self.grid_rows
        _tw, _th, cell_w, cell_h, g = self.grid_metrics(rows)
        cx = sprite.x + sprite.width / 2
        cy = sprite.y + self.painter.height(sprite.width) / 2
        col = min(TABLE_COLS - 1, max(0, int((cx - g.x) // cell_w)))
        row = min(rows - 1, max(0, int((cy - g.y) // cell_h)))
        middle = g.x + col * cell_w + cell_w / 2
        return (row, col), ("after" if cx > middle else "before")

    def rack_metrics(self, cols: int) -> tuple[int, float]:
        """The rack's tile width and slot width for ``cols`` slots per shelf."""
        slot_w = self.areas["slots"].width / cols
        return min(self.rack_tile_max, int(slot_w * 0.93)), slot_w

    def slot_pos(self, row: int, col: int, cols: int) -> tuple[float, float]:
        """The top-left corner of a tile in rack slot (``row``, ``col``)."""
        tile_w, slot_w = self.rack_metrics(cols)
        x = self.areas["slots"].x + col * slot_w + (slot_w - tile_w) / 2
        return x, self.shelf_bottoms[row] - self.painter.height(tile_w)

    def rack_slot(self, sprite: Sprite, cols: int) -> tuple[tuple[int, int], str]:
        """The rack slot under the centre of a held tile, and which half of it."""
        _tile_w, slot_w = self.rack_metrics(cols)
        cx = sprite.x + sprite.width / 2
        cy = sprite.y + self.painter.height(sprite.width) / 2
        top_of_lower_shelf = self.shelf_bottoms[1] - self.painter.height(self.rack_tile_max)
        divider = (self.shelf_bottoms[0] + self.rack_lip + top_of_lower_shelf) / 2
        row = 0 if cy < divider else 1
        slots = self.areas["slots"]
        col = min(cols - 1, max(0, int((cx - slots.x) // slot_w)))
        middle = slots.x + col * slot_w + slot_w / 2
        return (row, col), ("after" if cx > middle else "before")

    def lay_out_pieces(self) -> None:
        if "table" not in self.areas:
            return
        view, d = self.view, self.duration()
        keep: set = set()
        held = {s.key for s in self.drag.held}
        grid = self.shown_grid()
        self.fit_grid(grid.rows)
        if self.preview is not None:
            self.ghosts = [self.cell_rect(*self.preview.cells[k]) for k in held if k in self.preview.cells]
        arrivals = 0

        def put(key, piece, x, y, width, z, face_up=True, spawn=None):
            nonlocal arrivals
            if key in held:
                return
            new = key not in self.sprites.sprites
            sprite = self.sprites.get(key, piece, spawn or (x, y), width)
            sprite.face_up = face_up
            sprite.z = z
            duration = d
            if new and spawn is not None and d > 0:
                # Tiles that appear together leave together and land one after the other.
                duration = d + min(0.6, arrivals * 0.04)
                arrivals += 1
            sprite.move_to(x, y, 0.0, duration)
            keep.add(key)

        player = self._last_player()
        for ident, (r, c) in grid.cells.items():
            tile = self.tiles.get(ident)
            if tile is None:
                continue
            rect = self.cell_rect(r, c)
            put(ident, tile, rect.x, rect.y, self.tile_w, 10 + c, spawn=self._spawn(ident, player))
        rack = self.racks.get(view.seat) if self.viewer is not None else None
        if rack is not None:
            tile_w, _ = self.rack_metrics(rack.cols)
            for ident, (r, c) in rack.cells.items():
                tile = self.tiles.get(ident)
                if tile is None:
                    continue
                x, y = self.slot_pos(r, c, rack.cols)
                put(ident, tile, x, y, tile_w, 100 + r * 100 + c, spawn=self._spawn(ident, player))
        if view.pool_size:
            pool = self.areas["pool"]
            put(POOL_KEY, None, pool.x, pool.y, self.pool_w, 5, face_up=False)
        keep |= held
        self.sprites.keep_only(keep)

    def _last_player(self) -> int | None:
        for entry in reversed(self.view.log):
            if entry.get("kind") == "play":
                return entry.get("seat")
        return None

    def _spawn(self, ident: str, player: int | None) -> tuple[float, float] | None:
        """Where a tile that just appeared comes from: the seat that laid it, or the pool."""
        if ident in self.sprites.sprites:
            return None
        if (
            player is not None
            and player != self.viewer
            and ident in self.grid.cells
            and player in self.seat_rects
        ):
            return self.seat_rects[player].center
        pool = self.areas["pool"]
        return (pool.x, pool.y)

    # Drag and drop ----------------------------------------------------------------------------------
    def pick(self, pos: tuple[int, int]) -> Sprite | None:
        if self.viewer is None or self.show_sheet:
            return None
        for sprite in reversed(self.sprites.ordered()):
            if sprite.rect(self.painter.height(sprite.width)).collidepoint(pos) and self._can_pick(sprite):
                return sprite
        return None

    def _can_pick(self, sprite: Sprite) -> bool:
        view = self.view
        rack = self.racks.get(view.seat)
        on_rack = rack is not None and sprite.key in rack.cells
        if not self.my_turn:
            return on_rack
        if sprite.key == POOL_KEY:
            return any(isinstance(m, Draw) for m in self.legal)
        if on_rack:
            return view.phase in ("play", "discard") or view.phase == "draw"
        if self.draft is None or sprite.key not in self.draft.cells:
            return False
        if sprite.key in self.placed_ids:
            return True
        return view.has_opened or view.options.continue_after_opening

    def drop_targets(self, held: list[Sprite]) -> list[DropTarget]:
        rack_zone = self.areas["rack"].inflate(0, self.scale(24))
        if held[0].key == POOL_KEY:
            return [DropTarget("rack", rack_zone, True, lambda h: self.play_or_raise(Draw()))]
        keys = [s.key for s in held]
        rack = self.racks.get(self.view.seat)
        from_table = [k for k in keys if rack is None or k not in rack.cells]
        back_ok = all(k in self.placed_ids for k in from_table)
        targets = [DropTarget("rack", rack_zone, back_ok, self._drop_on_rack, quiet=not from_table)]
        if not self.my_turn:
            return targets
        if self.view.phase == "play" and self.draft is not None:
            self._arrange_held(held)
            targets.append(DropTarget("table", self.areas["table"], True, self._drop_on_table, quiet=True))
        if len(held) == 1 and not from_table:
            tile = held[0].piece
            move = next(
                (m for m in self.legal if isinstance(m, (Exchange, Discard)) and m.tile.ident == tile.ident),
                None,
            )
            accepts = move is not None and not self.placed_ids
            zone = self.areas["pool"].union(self.areas["glass"]).inflate(self.scale(16), self.scale(16))
            targets.append(DropTarget("pool", zone, accepts, lambda h, mv=move: self._drop_on_pool(mv)))
        return targets

    def _arrange_held(self, held: list[Sprite]) -> None:
        """Held tiles take the table's size and travel in a row in their own order (table
        cells, then rack slots), the pressed one under the pointer."""
        pressed = self.drag.pressed or held[0]
        press = self.drag.pressed_at or (pressed.x, pressed.y)
        rack = self.racks.get(self.view.seat)

        def origin(sprite: Sprite) -> tuple:
            if self.draft is not None and sprite.key in self.draft.cells:
                return (0, *self.draft.cells[sprite.key])
            return (1, *(rack.cells.get(sprite.key, (0, 0)) if rack else (0, 0)))

        ordered = sorted(held, key=origin)
        k = next((i for i, s in enumerate(ordered) if s.key == pressed.key), 0)
        ratio = self.tile_w / max(1, pressed.width)
        dx = (press[0] - pressed.x) * ratio
        dy = (press[1] - pressed.y) * ratio
        for sprite in ordered:
            sprite.width = self.tile_w
        self.drag.held[:] = ordered
        self.drag.offsets[:] = [(-dx + (i - k) * self.cell_w, -dy) for i in range(len(ordered))]

    def _drop_on_table(self, held: list[Sprite]) -> None:
        ids = [s.key for s in held]
        cell, side = self.landing_cell(held[0])
        draft = drop(self.draft, ids, cell, side, self.valid_ids)
        rack = self.racks[self.view.seat].without(ids)
        self._change(draft, rack)

    def _drop_on_rack(self, held: list[Sprite]) -> None:
        ids = [s.key for s in held]
        rack = self.racks[self.view.seat]
        for ident in ids:
            if ident not in rack.cells and ident not in self.placed_ids:
                tile = self.tiles.get(ident)
                if tile is not None and tile.is_star:
                    raise IllegalMove("star_to_rack")
                raise IllegalMove("table_tile_missing", tile=tile.text if tile else ident)
        cell, side = self.rack_slot(held[0], rack.cols)
        new_rack = rack.drop(ids, cell, side)
        if self.draft is not None and any(i in self.draft.cells for i in ids):
            self._change(self.draft.without(ids), new_rack)
        elif self.draft is not None and self.my_turn:
            self._change(None, new_rack, sound="click")
        else:
            self.racks[self.view.seat] = new_rack
            self._save_soon()
            self.app.sound.play("click")
            self.lay_out_pieces()

    def _drop_on_pool(self, move: Move | None) -> None:
        if move is None:
            raise IllegalMove(self._why_no_exchange())
        if self.placed_ids:
            raise IllegalMove("tiles_laid_this_turn")
        self.play_or_raise(move)

    def _why_no_exchange(self) -> str:
        """The engine's reason code for a rack tile dropped on the pool when no exchange or
        return is open."""
        view = self.view
        rule = view.options.turn_rule
        if view.phase == "draw":
            return "must_draw_first"
        if rule == "draw":
            return "no_exchange_in_turn_rule"
        if rule == "draw_exchange" and view.has_opened:
            return "exchange_after_opening"
        if rule == "draw_discard" and view.drawn_this_turn:
            return "must_discard" if view.phase == "discard" else "no_discard_in_turn_rule"
        if rule == "draw_discard":
            return "discard_without_draw"
        return "pool_empty" if not view.pool_size else "no_exchange_in_turn_rule"

    def on_piece_click(self, sprite: Sprite) -> None:
        if sprite.key == POOL_KEY:
            self.drag.selection = []
        self.app.sound.play("click")
        self.lay_out_pieces()

    def on_piece_double_click(self, sprite: Sprite) -> None:
        if sprite.key == POOL_KEY:
            if any(isinstance(m, Draw) for m in self.legal):
                self.play(Draw(), self.areas["pool"].midtop)
            return
        if self.draft is not None and sprite.key in self.draft.cells and self.my_turn:
            block = self.draft.block_of(sprite.key)
            if block is not None:
                chosen = [self.sprites.sprites[i] for i in block.idents if i in self.sprites.sprites]
                self.drag.selection = [s for s in chosen if self._can_pick(s)]

    # Input ------------------------------------------------------------------------------------------
    def widgets(self) -> list:
        return [
            *self.top_buttons,
            self.sheet_button,
            self.sort_colour,
            self.sort_number,
            self.end_button,
            self.action_button,
            self.pass_button,
            self.reset_button,
            self.undo_button,
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.show_sheet:
            closing_key = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_s)
            if closing_key or event.type == pygame.MOUSEBUTTONDOWN:
                self.show_sheet = False
                return True
            return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        if self.sheet_button.handle(event):
            return True
        if self.viewer is not None:
            for b in (self.sort_colour, self.sort_number, *self.turn_buttons()):
                if b.handle(event):
                    return True
            if not self.my_turn and self.drag.handle(event):
                if not self.drag.dragging:
                    self.lay_out_pieces()
                return True
        return super().handle(event)

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.drag.selection:
            self.drag.selection = []
            self.lay_out_pieces()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_s:
            self.toggle_sheet()
        elif event.key == pygame.K_c and self.viewer is not None:
            self.sort("colour")
        elif event.key == pygame.K_n and self.viewer is not None:
            self.sort("number")
        elif not self.my_turn:
            return False
        elif event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.end_button in self.turn_buttons():
                self.end_turn()
            elif self.action_button in self.turn_buttons() and self.action_button.enabled:
                self.do_action()
        elif event.key == pygame.K_d and any(isinstance(m, Draw) for m in self.legal):
            self.play(Draw())
        else:
            return False
        return True

    # Status -----------------------------------------------------------------------------------------
    def status(self) -> Text:
        view, tr = self.view, self.app.tr
        seat = view.current_player
        if seat is None or view.phase not in TURN_PHASES:
            return tr("tiles.status.round_over")
        if not self.my_turn:
            if self.is_human(seat):
                return tr("status.waiting_for", name=self.seat_name(seat))
            return tr("status.computer_playing", name=self.seat_name(seat))
        if view.phase == "draw":
            return tr("tiles.status.draw")
        if view.phase == "discard":
            return tr("tiles.status.discard")
        if self.placed_ids and self.can_end:
            if len(self.placed_ids) == len(view.rack):
                return tr("tiles.status.go_out")
            return tr("tiles.status.ready")
        if self.check_error is not None:
            return self.reason(self.check_error)
        kinds = {m.kind for m in self.legal}
        rule = view.options.turn_rule
        if kinds <= {"pass", "timeout"} and rule in ("exchange", "draw"):
            return tr("tiles.status.pass")
        if not view.has_opened:
            if view.opening_min:
                return tr(f"tiles.status.open.{rule}", points=view.opening_min)
            return tr(f"tiles.status.first.{rule}")
        return tr(f"tiles.status.play.{rule}")

    # Summaries --------------------------------------------------------------------------------------
    def summary_scene(self, final: bool):
        from game.ui.tables.tiles_sheet import TilesSummary

        return TilesSummary(self.app, self, final=final)
