"""The table of Rummy with tiles.

Bottom: the player's rack, two wooden shelves (sorted by colour runs or number groups with one
click, re-arranged by dragging), the pool and the sand glass on its left, the turn's buttons on
its right. Middle: the table, a snap grid where every horizontal run of adjacent tiles is one
combination (``grids``). Top: the score sheet button, the round, the other players
(tiles left, opened or not, total score; a note says what each one just did).

During a turn the interface keeps a draft of the table; the engine sees it only when End turn
proposes it as a ``Play``, and End turn is enabled only when ``view.why_not`` accepts it.
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
the turn rule's action), Ctrl+Z undoes, C and N sort the rack, G shows the score sheet; the
keyboard cursor (``keys``) walks the rack and the table and drops where the mouse can.

The turn in progress (the draft, undo, the rack arrangement of every person, what is lit) is
``model.TilesTurn``, free of pygame; it lives in ``session.ui`` (tile idents and grid cells), so
a game saved mid-turn resumes identically. Places come from ``layout``, pictures from ``draw``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.engine.errors import IllegalMove
from game.engine.events import PublicEvent
from game.engine.tiles import TURN_PHASES, Discard, Draw, Exchange, Pass, Play, Timeout, read_meld
from game.i18n import Text, Verbatim
from game.ui import theme
from game.ui.dnd import Bubble, DropTarget, Offset, Point, group_of
from game.ui.motion import Sprite
from game.ui.tables import near_end
from game.ui.tables.base import TableScene, key_cap, move_sounds
from game.ui.tables.move_words import NameOf
from game.ui.tables.piece_words import PieceWords, is_tile_text, tile_label, tile_words
from game.ui.tables.tiles.draw import (
    ACTION_LABELS,
    FRESH_SECONDS,
    NOTE_FONT,
    WARNING_SECONDS,
    News,
    TilesDrawing,
)
from game.ui.tables.tiles.keys import TileKeys
from game.ui.tables.tiles.layout import TilesGeometry, piece_places, rack_ghosts
from game.ui.tables.tiles.model import UI_SCHEMA, TilesTurn
from game.ui.tables.tiles.parts import TilePainter, sort_icon
from game.ui.tables.tiles.summary import TilesSummary
from game.ui.widgets import Button, IconButton

POOL_KEY = "pool"
SAVE_DELAY = 1.0


def starter_words(
    app: Any,
    event: PublicEvent,
    start_draw: Sequence[Sequence[Mapping[str, Any]]],
    name_of: NameOf,
    pieces: PieceWords,
) -> Text:
    """Who starts the round a tile ``deal`` event opens, and why: in the first round the tile
    each seat drew (ties drawing again) and the lowest starting; later, the next seat."""
    starter = event.get("starter")
    if starter is None:
        return app.tr("follow.dealt")
    if event.get("round", 1) == 1 and start_draw:
        draws: Any = None
        for drawn_pass in start_draw:
            said = Verbatim(
                ", ".join(
                    str(
                        app.tr(
                            "follow.start_draw.tile",
                            name=name_of(d["seat"]),
                            tile=pieces.label(d["tiles"][-1]),
                        )
                    )
                    for d in drawn_pass
                )
            )
            draws = said if draws is None else app.tr("follow.start_draw.again", first=draws, next=said)
        return app.tr("follow.start_draw", draws=draws, name=name_of(starter))
    return app.tr("follow.next_starter", round=event.get("round", 1), name=name_of(starter))


class TilesTable(TableScene):
    """See the module docstring."""

    game_id = "tiles"
    UI_SCHEMA = UI_SCHEMA
    SOUNDS = move_sounds(
        meld=("play",),
        draw=("draw", "exchange"),
        place=("discard",),
        click=("pass",),
        invalid=("timeout",),
        shuffle=("next_round",),
    )
    COACH_NOTES = ("go_out", "open", "lay")

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.painter = TilePainter(app)
        self.model = TilesTurn(session.ui)
        self.geo = TilesGeometry(self.painter.height)
        self.drawing = TilesDrawing(self)
        self.keys = TileKeys(self)
        self.warned: int | None = None
        self.ghosts: list[pygame.Rect] = []
        self.fresh: dict[str, float] = {}
        self.news = News(self)
        self.show_sheet = False
        self.save_due: float | None = None
        """Seconds of frame time left before a pending save (None: nothing to save)."""
        tr = app.tr
        # "Tidy the table": the combinations laid out afresh (nothing else rearranges the table).
        tidy = lambda: (self.model.tidy(), self._changed("shuffle"))  # noqa: E731
        self.top_buttons.append(IconButton(lambda: tr("follow.tidy"), tidy, name="tidy"))
        self.sheet_button = Button(
            lambda: tr("table.score_sheet"), self.toggle_sheet, name="sheet", keys=key_cap("G")
        )
        self.end_button = Button(lambda: tr("tiles.end_turn"), self.end_turn, primary=True, name="end_turn")
        self.action_button = Button(
            lambda: tr(ACTION_LABELS[self.action_kind() or "pass"]),
            self.do_action,
            primary=True,
            name="action",
        )
        self.pass_button = Button(lambda: tr("table.pass"), self.do_pass, name="pass")
        self.reset_button = Button(lambda: tr("tiles.reset"), self.reset_turn, name="reset")
        self.undo_button = IconButton(
            lambda: tr("tiles.undo"), self.undo, name="undo", keys=key_cap("Ctrl+Z")
        )
        self.sort_colour = IconButton(
            lambda: tr("tiles.sort_colour"),
            lambda: self.sort("colour"),
            name="sort_colour",
            keys=key_cap("C"),
        )
        self.sort_number = IconButton(
            lambda: tr("tiles.sort_number"),
            lambda: self.sort("number"),
            name="sort_number",
            keys=key_cap("N"),
        )

    # Engine view -> interface state --------------------------------------------------------------
    def on_view_changed(self) -> None:
        view = self.view
        seat = view.current_player
        began, fresh = self.model.follow(view, mine=self.my_turn, human_to_move=self.is_human(seat))
        if began:
            self.warned = None
            key = self.model.turn_key
            if key is not None and key[1] == self.viewer and not self.session.hot_seat:
                self.app.sound.play("your_turn")
        if self.model.turn_key is None:
            self.show_sheet = False  # the round's summary shows the sheet
        if self.viewer == view.seat:
            for ident in fresh:
                self.fresh[ident] = FRESH_SECONDS
        self.news.read_log(view)
        self.model.evaluate([h.key for h in self.gesture.held])
        self.session.ui = self.model.to_ui()
        if self.geo.seat_rects and self.geo.anchor != self.seating()[0]:
            self.lay_out_table(self.app.size)

    def rack_seat(self) -> int | None:
        """Whose rack lies at the bottom: the person's at the screen (face up); in a watched
        game, the seat at the bottom of the table (face down); nobody's during a hand-off."""
        if self.viewer is not None:
            return self.viewer
        return self.seating()[0] if self.session.watched else None

    # Saving ---------------------------------------------------------------------------------------
    def _save_soon(self) -> None:
        self.session.ui = self.model.to_ui()
        if self.save_due is None:
            self.save_due = SAVE_DELAY

    def save_now(self) -> None:
        """Save the game with the interface's state (draft, racks, sand glass) now (the app
        writes it in the background)."""
        self.session.ui = self.model.to_ui()
        self.save_due = None
        self.app.save_session(self.session)

    def flush_saves(self) -> None:
        """Wait until every save asked for is on the disk."""
        self.app.flush_saves()

    def pause(self) -> None:
        super().pause()
        if self.save_due is not None or self.model.draft is not None:
            self.save_now()

    def leave(self) -> None:
        if self.save_due is not None:
            self.save_now()
        super().leave()

    # Player actions ---------------------------------------------------------------------------------
    def _changed(self, sound: str = "place", save: bool = True) -> None:
        """After a change of the draft or the rack: save, sound, pieces to their places."""
        if save:
            self._save_soon()
        else:
            self.session.ui = self.model.to_ui()
        self.app.sound.play(sound)
        self.lay_out_pieces()

    def undo(self) -> None:
        """Step back to the draft and rack before the last change of this turn."""
        if self.model.undo():
            self._changed("click")

    def reset_turn(self) -> None:
        """The table and the rack as they were at the start of the turn."""
        if self.model.draft is None:
            return
        self.gesture.select(())
        self.model.reset()
        self._changed("shuffle")

    def sort(self, how: str) -> None:
        """Sort the rack into colour runs or number groups."""
        if self.viewer is None:
            return
        rack = self.model.sorted_rack(how)
        # The order of the rack is saved with the next change of the game or of the table.
        if self.model.draft is not None and self.my_turn:
            self.model.change(None, rack, [h.key for h in self.gesture.held])
        else:
            self.model.racks[self.view.seat] = rack
        self._changed("shuffle", save=False)

    def end_turn(self) -> None:
        """Propose the draft to the engine as this turn's ``Play``."""
        if self.model.draft is None or not self.model.can_end:
            return
        self.gesture.cancel()
        self.play(Play(self.model.combinations_of(self.model.draft)), self.end_button.rect.midtop)

    def action_kind(self) -> str | None:
        """The turn rule's action when nothing is laid: draw, exchange, discard or pass."""
        return self.model.action_kind() if self.my_turn else None

    def do_action(self) -> None:
        """The turn rule's action (draw, pass, or exchange/return the selected rack tile)."""
        kind = self.action_kind()
        at = self.action_button.rect.midtop
        if kind in ("draw", "pass"):
            self.play(Draw() if kind == "draw" else Pass(), at)
        elif kind in ("exchange", "discard"):
            tile = self.model.selected_rack_tile([sp.key for sp in self.gesture.selection])
            if tile is None:
                self.app.sound.play("invalid")
                self.bubbles = [
                    Bubble(self.app.tr(f"tiles.hint.choose.{kind}"), (at[0], at[1] - self.scale(10)))
                ]
                return
            self.play(Exchange(tile) if kind == "exchange" else Discard(tile), at)

    def do_pass(self) -> None:
        """End the turn without laying or taking a tile (when the rules allow it)."""
        if any(m.kind == "pass" for m in self.model.legal):
            self.play(Pass(), self.pass_button.rect.midtop)

    def toggle_sheet(self) -> None:
        """Show or hide the score sheet over the table."""
        self.show_sheet = not self.show_sheet
        self.app.sound.play("click")

    def param_text(self, value: Any) -> Any:
        return tile_label(self.app, value) if is_tile_text(value) else value

    @property
    def piece_words(self) -> PieceWords:
        return tile_words(self.app)

    def deal_words(self, event: PublicEvent) -> Text:
        """Who starts the round this deal opens, and why (the strip and the history say it)."""
        return starter_words(self.app, event, self.view.start_draw, self.seat_name, self.piece_words)

    def reason(self, exc: IllegalMove) -> Text:
        if exc.code == "invalid_combination" and self.model.draft is not None:
            combos = self.model.combinations_of(self.model.draft)
            index = exc.params.get("index", -1)
            if 0 <= index < len(combos):
                try:
                    read_meld(combos[index], self.view.options)
                except IllegalMove as inner:
                    return super().reason(inner)
        return super().reason(exc)

    def labels(self) -> list[pygame.Rect]:
        """Besides the table's labels, the bands under the seat panels where the notes go and
        the seconds left under the sand glass."""
        s, geo = self.scale, self.geo
        notes = [pygame.Rect(r.x, r.bottom, r.width, s(6) + geo.note_h) for r in geo.seat_rects.values()]
        glass = geo.areas["glass"]
        seconds = pygame.Rect(glass.x - s(10), glass.bottom, glass.width + s(20), s(36))
        return [*super().labels(), *notes, seconds]

    def moves_on_its_own(self, on_top: bool) -> bool:
        """The seats' notes and the flying tiles, the marks of tiles just drawn fading, a save
        waiting (``SAVE_DELAY``), and, with nothing over the table, the sand glass running."""
        news = self.news
        if news.notes or news.flyers or self.fresh or self.save_due is not None:
            return True
        return on_top and self.model.clock is not None

    # Clock ------------------------------------------------------------------------------------------
    def tick_clock(self, dt: float) -> None:
        """Run the sand glass of the turn in progress; it stands still while anything covers the
        table (``covered``: another screen, the score sheet, the history) and, during a lesson,
        waits for the person who learns."""
        if self.model.clock is None or self.model.turn_key is None or self.covered or self.lesson is not None:
            return
        seat = self.view.current_player
        if seat is None:
            return
        if self.is_human(seat) and self.viewer != seat:
            return
        if not self.is_human(seat) and self.gesture.dragging:
            return
        self.model.clock = max(0.0, self.model.clock - dt)
        if self.my_turn and self.model.clock > 0:
            second = math.ceil(self.model.clock)
            if second <= WARNING_SECONDS and second != self.warned:
                self.warned = second
                self.app.sound.play("timer_warning")
        if self.model.clock <= 0:
            self.time_up()

    def time_up(self) -> None:
        """The sand glass ran out: the engine's ``Timeout`` for whoever is playing."""
        self.model.clock = None
        self.turns.stop_thinking()
        self.gesture.cancel()
        self.model.preview = self.model.preview_key = None
        self.play(Timeout())

    # Frame ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._update_buttons()
        self.tick_clock(dt)
        self._update_preview()
        self.news.update(dt)
        self.fresh = {k: v - dt for k, v in self.fresh.items() if v - dt > 0}
        super().update(dt)
        if self.save_due is not None:
            self.save_due -= dt
        due = self.save_due is not None and self.save_due <= 0
        if due and not self.gesture.dragging:
            self.save_now()

    def _update_buttons(self) -> None:
        mine, model = self.my_turn, self.model
        self.end_button.enabled = mine and model.can_end
        self.action_button.enabled = mine and self.action_kind() is not None
        self.pass_button.enabled = mine and any(m.kind == "pass" for m in model.legal)
        self.reset_button.enabled = mine and model.changed()
        self.undo_button.enabled = mine and bool(model.undo_stack)
        self.sort_colour.enabled = self.sort_number.enabled = self.viewer is not None

    def turn_buttons(self) -> list[Button]:
        """The buttons of the turn shown now."""
        if not self.my_turn:
            return []
        buttons: list[Button] = []
        playing = self.view.phase == "play"
        if playing and self.model.placed_ids:
            buttons.append(self.end_button)
        elif self.action_kind() is not None:
            buttons.append(self.action_button)
        if playing:
            buttons += [self.reset_button, self.undo_button]
            kinds = {m.kind for m in self.model.legal}
            if not self.model.placed_ids and "pass" in kinds and self.action_kind() != "pass":
                buttons.append(self.pass_button)
        return buttons

    def _update_preview(self) -> None:
        """While tiles are held over the table, the row makes room where they would land."""
        held, model = self.gesture.held, self.model
        target = self.gesture.hovered
        over_table = target is not None and target.key == "table" and target.accepts
        if held and model.draft is not None and self.my_turn and over_table:
            cell, side = self.geo.landing_cell(held[0])
            ids = [s.key for s in held]
            if model.preview_drop(ids, cell, side):
                self.ghosts = [self.geo.cell_rect(*model.preview.cells[i]) for i in ids]
                self.lay_out_pieces()
        else:
            if model.clear_preview([h.key for h in held]):
                self.lay_out_pieces()
            rack = model.rack
            onto_rack = held and target is not None and target.key == "rack" and target.accepts
            self.ghosts = rack_ghosts(self.geo, rack, held) if onto_rack and rack is not None else []

    # Layout ---------------------------------------------------------------------------------------
    def bench_animations(self) -> list:
        """Actions that start an animation (for the frame benchmark)."""
        return [lambda: self.sort("colour"), lambda: self.sort("number")]

    def lay_out_table(self, size: tuple[int, int]) -> None:
        s, fonts = self.scale, self.app.fonts
        self.sheet_button.font_size = s.font(17)
        label_w = fonts.size(self.sheet_button.label(), self.sheet_button.font_size, bold=True)[0]
        round_w = fonts.size(self.drawing.round_text(), s.font(18), bold=True)[0]
        tidy = self.top_buttons[-1]  # the tidy button sits by the table (``geo.buttons["tidy"]``)
        right = min(b.rect.left for b in self.top_buttons if b is not tidy)
        note_h = fonts.line_height(s.font(NOTE_FONT), bold=True) + s(6)
        self.geo.lay_out(
            size,
            s,
            self.margin,
            self.seating(),
            (label_w, round_w),
            right,
            self.follow_layer.strip_room(),
            note_h,
        )
        tidy.rect = self.geo.buttons["tidy"]
        buttons = (self.sheet_button, self.sort_colour, self.sort_number, self.end_button, self.action_button)
        for button in (*buttons, self.undo_button, self.reset_button, self.pass_button):
            button.rect = self.geo.buttons[button.name]
        icon = self.geo.buttons["sort_colour"].width
        for b in (self.sort_colour, self.sort_number):
            b.icon = sort_icon(self.app.fonts, b.name, int(icon * 0.74))
        small = self.undo_button.rect.width
        self.undo_button.icon = self.app.art.icon("undo", int(small * 0.56))
        self.reset_button.icon = self.app.art.icon("reset", int(small * 0.46), theme.INK)
        for b in (self.end_button, self.action_button):
            b.font_size = s.font(20)
        for b in (self.reset_button, self.pass_button):
            b.font_size = s.font(18)
        self.status_rect = self.geo.status_rect

    def lay_out_pieces(self) -> None:
        if not self.geo.ready:
            return
        d = self.duration()
        held = {s.key for s in self.gesture.held}
        known = self.sprites.sprites.keys()
        places = piece_places(self.geo, self.model, self.viewer, known, POOL_KEY, holding=bool(held))
        preview = self.model.preview
        if preview is not None:
            self.ghosts = [self.geo.cell_rect(*preview.cells[k]) for k in held if k in preview.cells]
        arrivals = 0
        for place in places:
            if place.key in held:
                continue
            new = place.key not in self.sprites.sprites
            sprite = self.sprites.get(place.key, place.piece, place.spawn or (place.x, place.y), place.width)
            sprite.face_up = place.face_up
            sprite.z = place.z
            duration = d
            if new and place.spawn is not None and d > 0:
                # Tiles that appear together leave together and land one after the other.
                duration = d + min(0.6, arrivals * 0.04)
                arrivals += 1
            sprite.move_to(place.x, place.y, 0.0, duration)
        self.sprites.keep_only({p.key for p in places} | held)

    def area(self, name: str) -> pygame.Rect | None:
        """The rectangle of one of the table's areas ("table", "rack", "pool", "glass")."""
        return self.geo.areas.get(name)

    def seat_panels(self) -> list[pygame.Rect]:
        return list(self.geo.seat_rects.values())

    def screen_groups(self) -> list[list[Any]]:
        """The combinations of the table as shown (the draft on the person's turn)."""
        return [self.model.tiles_of(ids) for ids in self.model.shown_grid().combinations()]

    # Drag and drop ----------------------------------------------------------------------------------
    def pick(self, pos: tuple[int, int]) -> Sprite | None:
        if self.viewer is None or self.show_sheet:
            return None
        for sprite in reversed(self.sprites.ordered()):
            hit = sprite.rect(self.painter.height(sprite.width)).collidepoint(pos)
            if hit and self.model.can_pick(sprite.key, sprite.key == POOL_KEY):
                return sprite
        return None

    def drop_targets(self, held: list[Sprite]) -> list[DropTarget]:
        """Pool -> rack draws; tiles -> the rack rearranges it (tiles laid this turn come back);
        on one's turn, tiles -> the table changes the draft; one rack tile -> the pool exchanges
        or returns it (the turn rule says which)."""
        model = self.model
        rack_zone = self.geo.areas["rack"].inflate(0, self.scale(24))
        if held[0].key == POOL_KEY:
            return [DropTarget("rack", rack_zone, True, moves=(Draw(),))]
        keys = [s.key for s in held]
        rack = model.rack
        from_table = [k for k in keys if rack is None or k not in rack.cells]
        locked = model.table_tile_refusal(from_table) if self.my_turn else None
        if locked is not None:  # tiles the rules keep on the table now: wherever they are let go, why
            return [DropTarget("table", pygame.Rect((0, 0), self.app.size), False, refusal=locked)]
        back_ok = all(k in model.placed_ids for k in from_table)
        targets = [DropTarget("rack", rack_zone, back_ok, arrange=self._drop_on_rack, quiet=not from_table)]
        if not self.my_turn:
            return targets
        if self.view.phase == "play" and model.draft is not None:
            targets.append(
                DropTarget("table", self.geo.areas["table"], True, arrange=self._drop_on_table, quiet=True)
            )
        if len(held) == 1 and not from_table:
            move = model.give_move(held[0].key)
            refusal: str | IllegalMove | None
            if move is None:
                refusal = model.why_not_give(held[0].key)
            else:
                refusal = "tiles_laid_this_turn" if model.placed_ids else None
            zone = (
                self.geo.areas["pool"].union(self.geo.areas["glass"]).inflate(self.scale(16), self.scale(16))
            )
            moves = (move,) if refusal is None else ()
            targets.append(DropTarget("pool", zone, refusal is None, moves=moves, refusal=refusal))
        return targets

    def carry(self, pressed: Sprite, selection: Sequence[Sprite], at: Point) -> list[tuple[Sprite, Offset]]:
        """While the turn's draft is open, held tiles take the table's size and travel in a row
        in their own order (table cells, then rack slots), the pressed one under the pointer."""
        group = group_of(pressed, selection)
        drafting = self.my_turn and self.view.phase == "play" and self.model.draft is not None
        if not drafting or group[0].key == POOL_KEY:
            return super().carry(pressed, selection, at)

        by_key = {s.key: s for s in group}
        ordered = [by_key[k] for k in self.model.carry_order(by_key)]
        k = next((i for i, s in enumerate(ordered) if s.key == pressed.key), 0)
        ratio = self.geo.tile_w / max(1, pressed.width)
        dx = (at[0] - pressed.x) * ratio
        dy = (at[1] - pressed.y) * ratio
        for sprite in ordered:
            sprite.width = self.geo.tile_w
        return [(s, (-dx + (i - k) * self.geo.cell_w, -dy)) for i, s in enumerate(ordered)]

    def _drop_on_table(self, held: list[Sprite], target: DropTarget) -> None:
        cell, side = self.geo.landing_cell(held[0])
        self.model.drop_on_table([s.key for s in held], cell, side)
        self._changed()

    def _drop_on_rack(self, held: list[Sprite], target: DropTarget) -> None:
        rack = self.model.rack
        cell, side = self.geo.rack_slot(held[0], rack.cols)
        kind = self.model.drop_on_rack([s.key for s in held], cell, side)
        self._changed("place" if kind == "draft" else "click")

    def on_piece_click(self, sprite: Sprite) -> None:
        if sprite.key == POOL_KEY:
            self.gesture.select(())
        self.app.sound.play("click")
        self.lay_out_pieces()

    def on_piece_double_click(self, sprite: Sprite) -> None:
        model = self.model
        if sprite.key == POOL_KEY:
            if any(m.kind == "draw" for m in model.legal):
                self.play(Draw(), self.geo.areas["pool"].midtop)
            return
        if model.draft is not None and sprite.key in model.draft.cells and self.my_turn:
            block = model.draft.block_of(sprite.key)
            if block is not None:
                chosen = [self.sprites.sprites[i] for i in block.idents if i in self.sprites.sprites]
                self.gesture.select(s for s in chosen if model.can_pick(s.key, False))

    # Input ------------------------------------------------------------------------------------------
    def widgets(self) -> list:
        return [
            *super().widgets(),
            self.sheet_button,
            self.sort_colour,
            self.sort_number,
            self.end_button,
            self.action_button,
            self.pass_button,
            self.reset_button,
            self.undo_button,
        ]

    def bar_buttons(self) -> list[IconButton]:
        """The top bar, without the tidy button (it lies by the table, under the sheet's)."""
        return [b for b in self.top_buttons if b.name != "tidy"]

    def handle_sheet(self, event: pygame.event.Event) -> bool:
        """The score sheet's button; while the sheet is open, G, Escape or a press closes it
        (and nothing under it takes the event)."""
        if self.show_sheet:
            closing_key = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_g)
            if closing_key or event.type == pygame.MOUSEBUTTONDOWN:
                self.show_sheet = False
                return True
            return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        return self.sheet_button.handle(event)

    def own_buttons(self) -> list[Button]:
        if self.viewer is None:
            return []
        return [self.sort_colour, self.sort_number, *self.turn_buttons()]

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.gesture.selection:
            self.gesture.select(())
            self.lay_out_pieces()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_g:
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
        elif event.key == pygame.K_d and any(m.kind == "draw" for m in self.model.legal):
            self.play(Draw())
        else:
            return False
        return True

    # Status -----------------------------------------------------------------------------------------
    def status(self) -> Text:
        view, tr = self.view, self.app.tr
        seat = view.current_player
        if seat is None or view.phase not in TURN_PHASES:
            return tr("table.round_over")
        if not self.my_turn:
            if self.is_human(seat):
                return tr("status.waiting_for", name=self.seat_name(seat))
            return tr("status.computer_playing", name=self.seat_name(seat))
        if view.phase == "draw":
            return tr("tiles.status.draw")
        if view.phase == "discard":
            return tr("tiles.status.discard")
        if self.model.placed_ids and self.model.can_end:
            if len(self.model.placed_ids) == len(view.hand):
                return tr("tiles.status.go_out")
            # Under "draw then discard" the turn still needs a returned tile after End turn.
            then_return = view.options.turn_rule == "draw_discard"
            return tr("tiles.status.ready.draw_discard" if then_return else "tiles.status.ready")
        if self.model.check_error is not None:
            return self.reason(self.model.check_error)
        kinds = {m.kind for m in self.model.legal}
        rule = view.options.turn_rule
        if kinds <= {"pass", "timeout"} and rule in ("exchange", "draw"):
            return tr("tiles.status.pass")
        if not view.has_opened:
            if view.opening_min:
                return tr(f"tiles.status.open.{rule}", points=view.opening_min)
            return tr(f"tiles.status.first.{rule}")
        return tr(f"tiles.status.play.{rule}")

    def near_end_warning(self) -> Text | None:
        """The circuits left before the round ends blocked, in the last two."""
        return near_end.stalemate_warning(self.app, self.view, self.follow.events)

    # Summaries -------------------------------------------------------------------------------------
    def summary_scene(self, final: bool):
        return TilesSummary(self.app, self, final=final)


SCENE = TilesTable
"""This package's table scene (``game.ui.scenes.navigation.table_class``)."""
