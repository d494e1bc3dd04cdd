"""Drawing the tile table.

What changes only with a move (the felt, the grid's empty places, the other players' panels,
the pool, the wooden rack and its labels) lies on the still layer (``tables/still.py``), where
a move draws again only the parts it changed; each frame then adds what moves: outlines, tiles,
the sand glass, buttons, notes. While a tile is held, the grid's places are drawn brighter over
the still layer, which a pickup leaves as it is.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import pygame

from game.i18n import Text, Verbatim
from game.ui import text as text_layer
from game.ui import theme
from game.ui.art import TILE_INK
from game.ui.dnd import Bubble
from game.ui.motion import Sprite
from game.ui.tables.drawing import TableDrawing, draw_stand_in
from game.ui.tables.still import StillPart, panel_bounds, text_box
from game.ui.tables.tiles.grids import TABLE_COLS, rack_cols
from game.ui.tables.tiles.parts import (
    INVALID,
    VALID,
    draw_ghost,
    draw_note,
    draw_outline,
    draw_pill,
    draw_sand_glass,
    draw_seat,
    grid_slots,
    number_text,
    rack_wood,
)
from game.ui.tables.tiles.summary import sheet_panel

WARNING_SECONDS = 10
FRESH_SECONDS = 2.6
NOTE_SECONDS = 3.5
NOTE_FONT = 16
"""The text size of the note under a seat panel (unscaled)."""
ACTION_LABELS = {
    "draw": "option.tiles.turn_rule.draw",
    "exchange": "option.tiles.turn_rule.exchange",
    "discard": "tiles.action.discard",
    "pass": "table.pass",
}
"""The action button's label for each turn-rule action: the turn rule's own name for it."""
SEAT_NOTES = {
    "play": "move.play",
    "draw": "move.draw_tiles",
    "discard": "move.return_tile",
    "exchange": "move.exchange",
    "pass": "move.pass",
    "timeout": "move.timeout",
}
"""The words of the note under a seat, the same as the "last turns" strip's for that action."""


def capitalised(text: str) -> Verbatim:
    """``text`` (a translated phrase that goes after a name) starting with a capital letter."""
    return Verbatim(text[:1].upper() + text[1:])


class News:
    """What the other players just did, shown at ``table`` (a ``TilesTable``): a note under
    their panel, face-down tiles flying between the pool and their seat."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.notes: dict[int, list[Any]] = {}
        """Seat -> [what it did, how many tiles, seconds left]."""
        self.flyers: list[Sprite] = []
        self.flown = 0
        """Flyers sent so far (each flyer's sprite key is new)."""
        self.log_seen: tuple[int, int] | None = None

    def read_log(self, view: Any) -> None:
        """Notes for what the others did since the last look at the log."""
        marker = (view.round_number, len(view.log))
        if self.log_seen is None:
            self.log_seen = marker
            return
        round_seen, count = self.log_seen
        entries = view.log[count:] if round_seen == view.round_number else view.log
        self.log_seen = marker
        for entry in entries:
            self._note(entry)

    def _note(self, entry: Any) -> None:
        table = self.table
        seat, kind = entry.seat, entry.kind
        if kind != "timeout" or seat != table.viewer:
            # The time-out message stays until the next player's first action (or their own
            # time-out, when a slow computer player runs out of time too).
            for bubble in table.bubbles:
                if bubble.tag == "timeout":
                    bubble.dismiss()
        if seat is None or kind not in ("play", "draw", "exchange", "discard", "pass", "timeout"):
            return
        count = len(entry.pieces) if kind == "play" else 1
        self.notes[seat] = [kind, count, NOTE_SECONDS]
        if kind == "timeout" and seat == table.viewer:
            rack = table.geo.areas.get("rack")
            if rack is not None:
                table.bubbles = [
                    Bubble(table.app.tr("tiles.timeout.you"), (rack.centerx, rack.y), tag="timeout")
                ]
        if seat != table.viewer and "pool" in table.geo.areas:
            self._fly(seat, kind)

    def _fly(self, seat: int, kind: str) -> None:
        """A face-down tile travelling between the pool and a seat (draws, exchanges)."""
        table = self.table
        panel = table.geo.seat_rects.get(seat)
        if panel is None:
            return
        pool = table.geo.areas["pool"]
        width = table.geo.pool_w
        height = table.painter.height(width)
        routes = {
            "draw": [(pool, panel)],
            "exchange": [(panel, pool), (pool, panel)],
            "discard": [(panel, pool)],
        }
        for i, (start, end) in enumerate(routes.get(kind, [])):
            self.flown += 1
            sprite = Sprite(("flyer", seat, i, self.flown), None, width=width, face_up=False, z=200)
            sprite.place(start.centerx - width / 2, start.centery - height / 2)
            d = max(0.001, table.duration() * 2)
            sprite.move_to(end.centerx - width / 2, end.centery - height / 2, 0.0, d, i * d)
            self.flyers.append(sprite)

    def update(self, dt: float) -> None:
        """Notes fade, flyers travel."""
        for note in self.notes.values():
            note[2] -= dt
        self.notes = {k: v for k, v in self.notes.items() if v[2] > 0}
        for flyer in self.flyers:
            flyer.update(dt)
        self.flyers = [f for f in self.flyers if f.moving]


class TilesDrawing(TableDrawing):
    """Draws one tile table (``table``, a ``TilesTable``)."""

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self._pills: dict[tuple, pygame.Surface] = {}

    def round_text(self) -> Text:
        """ "Round 2 of 4"."""
        view = self.table.view
        return self.table.app.tr("tiles.round", n=view.round_number, total=view.options.rounds)

    # The frame --------------------------------------------------------------------------------------
    def draw_overlays(self, surface: pygame.Surface) -> None:
        """The score sheet over the table when it is open."""
        if self.table.show_sheet:
            self.draw_overlay(surface, *sheet_panel(self.table.pen(), self.table.view))

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The still layer; while a tile of the draft turn is held, the grid's places lit."""
        super().draw_backdrop(surface)
        table = self.table
        on_table = any(t.key == "table" and t.accepts for t in table.gesture.targets)
        if table.gesture.dragging and on_table:
            self._draw_lit_grid(surface)

    def _draw_lit_grid(self, surface: pygame.Surface) -> None:
        """The grid's region of the still layer drawn again on ``surface`` with the places
        brighter: the felt, then every still part that crosses it, in order."""
        grid = self.table.geo.grid_rect
        clip = surface.get_clip()
        surface.set_clip(grid.clip(clip))
        surface.blit(self.table.app.art.felt(surface.get_size()), grid, grid)
        for part in self.still.parts:
            area = part.rect.clip(grid).clip(clip)
            if area.width and area.height:
                surface.set_clip(area)
                if part.name == "grid":
                    self._paint_grid(surface, lit=True)
                else:
                    part.paint(surface)
        surface.set_clip(clip)

    def more_tips(self) -> list:
        """The rack's sort buttons, and the undo button while it is shown."""
        table = self.table
        tips = [table.sort_colour, table.sort_number] if table.viewer is not None else []
        return tips + ([table.undo_button] if table.undo_button in table.turn_buttons() else [])

    def draw_table(self, surface: pygame.Surface) -> None:
        fonts = self.table.app.fonts
        self.table.sheet_button.draw(surface, fonts)
        self._draw_notes(surface)
        self._draw_marks(surface)
        self._draw_glass(surface)
        self.table.sort_colour.draw(surface, fonts)
        self.table.sort_number.draw(surface, fonts)
        self._draw_opening(surface)
        for b in self.table.turn_buttons():
            b.draw(surface, fonts)

    def draw_sprites(self, surface: pygame.Surface) -> None:
        held = {s.key for s in self.table.gesture.held}
        selected = {s.key for s in self.table.gesture.selection}
        placed = self.table.model.placed_ids if self.table.my_turn else set()
        for sprite in self.table.sprites.ordered():
            if sprite.key in held:
                continue
            fresh = self.table.fresh.get(sprite.key, 0.0)
            self.table.painter.draw(
                surface,
                sprite,
                selected=sprite.key in selected,
                placed=sprite.key in placed,
                glow=fresh / FRESH_SECONDS * 1.6,
            )
        self._draw_stand_ins(surface, held)
        for flyer in self.table.news.flyers:
            self.table.painter.draw(surface, flyer)
        for sprite in self.table.gesture.held:
            self.table.painter.draw(surface, sprite, placed=sprite.key in placed)

    def _draw_stand_ins(self, surface: pygame.Surface, held: set) -> None:
        """On each star of the table, the tile it stands for: its number, in its run's colour
        (a group's star, or a mixed-colour run's, stands for a number in no one colour)."""
        table = self.table
        for ident, place in table.model.star_stands().items():
            sprite = table.sprites.sprites.get(ident)
            if sprite is None or ident in held or not sprite.face_up:
                continue
            ink = pygame.Color(TILE_INK[place.colour]) if place.colour else theme.INK
            rect = sprite.rect(table.piece_height(sprite.width))
            label = Verbatim(str(place.number))
            draw_stand_in(
                surface, table.app.fonts, table.scale, rect, label, ink=ink, fill=theme.CREAM, inside=True
            )

    def draw_status(self, surface: pygame.Surface) -> None:
        text = self.status_text()
        if not text:
            return
        key = (str(text), self.table.my_turn, tuple(self.table.status_rect), self.table.app.lang)
        drawn = self._pills.get(key)
        if drawn is None:
            drawn = self._status_pill(text)
            if len(self._pills) > 12:
                self._pills.clear()
            self._pills[key] = drawn
        pill, lines = drawn
        rect = surface.blit(pill, pill.get_rect(midbottom=self.table.status_rect.midbottom))
        text_layer.note(surface, "panel", rect)
        for line, rendered, at in lines:
            text_layer.note_line(surface, line, rendered, (rect.x + at[0], rect.y + at[1]))

    def _status_pill(
        self, text: str
    ) -> tuple[pygame.Surface, list[tuple[str, pygame.Surface, tuple[int, int]]]]:
        """The status line in its pill, and where each of its lines lies in it; a long
        sentence (an engine reason) takes two lines rather than shrinking under the smallest
        text size."""
        s, fonts = self.table.scale, self.table.app.fonts
        room = self.table.status_rect.width - s(40)
        size = fonts.fit(text, s.font(20), room, bold=True, minimum=s.font(17))
        lines = (
            [text]
            if fonts.size(text, size, bold=True)[0] <= room
            else fonts.wrap(text, size, room, bold=True)
        )
        line_h = fonts.line_height(size, bold=True)
        width = max(fonts.size(line, size, bold=True)[0] for line in lines) + s(44)
        height = max(self.table.status_rect.height, line_h * len(lines) + s(12))
        pill = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = min(height, self.table.status_rect.height) // 2
        pygame.draw.rect(pill, (10, 30, 22, 215), pill.get_rect(), border_radius=radius)
        if self.table.my_turn:
            pygame.draw.rect(pill, (*theme.GOLD, 255), pill.get_rect(), width=2, border_radius=radius)
        top = (height - line_h * len(lines)) // 2
        placed = []
        for i, line in enumerate(lines):
            rendered = fonts.render(line, size, theme.CREAM, bold=True)
            at = rendered.get_rect(midtop=(width // 2, top + i * line_h))
            pill.blit(rendered, at)
            placed.append((line, rendered, at.topleft))
        return pill, placed

    # What changes every frame --------------------------------------------------------------------
    def _draw_notes(self, surface: pygame.Surface) -> None:
        s, fonts, tr, tr_n = self.table.scale, self.table.app.fonts, self.table.app.tr, self.table.app.tr_n
        for seat, (kind, count, left) in self.table.news.notes.items():
            rect = self.table.geo.seat_rects.get(seat)
            if rect is None:
                continue
            plural = kind in ("play", "draw")
            key = SEAT_NOTES[kind]
            text = capitalised(tr_n(key, count) if plural else tr(key))
            at, alpha = (rect.centerx, rect.bottom + s(6)), min(1.0, left / 0.4)
            draw_note(surface, fonts, s, text, at, alpha, rect.width, s.font(NOTE_FONT))

    def _draw_marks(self, surface: pygame.Surface) -> None:
        pad = max(3, self.table.geo.tile_w // 10)
        for block, ok in self.table.model.marks:
            first = self.table.geo.cell_rect(block.row, block.col)
            last = self.table.geo.cell_rect(block.row, block.end)
            rect = first.union(last).inflate(2 * pad, 2 * pad)
            draw_outline(
                surface, rect, VALID if ok else INVALID, max(2, self.table.scale(3)), 0 if ok else 46
            )
        for ghost in self.table.ghosts:
            draw_ghost(surface, ghost)

    def _draw_glass(self, surface: pygame.Surface) -> None:
        timer = self.table.view.options.timer
        if not timer or self.table.model.turn_key is None:
            return
        s, fonts = self.table.scale, self.table.app.fonts
        rect = self.table.geo.areas["glass"]
        left = self.table.model.clock if self.table.model.clock is not None else 0.0
        warning = left <= WARNING_SECONDS
        running = not self.table.covered
        draw_sand_glass(surface, rect, left / timer, running, warning)
        seconds = self.table.app.tr("tiles.seconds", n=math.ceil(left))
        fill = (150, 30, 26) if warning else (10, 30, 22)
        draw_pill(
            surface, fonts, seconds, (rect.centerx, rect.bottom + s(18)), s.font(17), fill, theme.CREAM, s(8)
        )

    def _draw_opening(self, surface: pygame.Surface) -> None:
        view = self.table.view
        if self.table.viewer is None or view.opened[view.seat] or not view.opening_min:
            return
        if not (self.table.my_turn and view.phase == "play"):
            return
        s, fonts = self.table.scale, self.table.app.fonts
        rack = self.table.geo.areas["rack"]
        text = self.table.app.tr(
            "tiles.opening", points=self.table.model.opening_points, minimum=view.opening_min
        )
        w = fonts.size(text, s.font(16), bold=True)[0] + s(20)
        fill = theme.GOOD if self.table.model.opening_points >= view.opening_min else theme.GOLD
        centre = (rack.right - s(16) - w // 2, rack.y + self.table.geo.rack_band // 2)
        draw_pill(surface, fonts, text, centre, s.font(16), fill, theme.INK, s(10))

    # The still layer ----------------------------------------------------------------------------------
    def still_marker(self) -> tuple:
        """What a draft turn may change without a move: the grid's size, the table's emptiness."""
        geo, model = self.table.geo, self.table.model
        return (tuple(geo.grid_rect), geo.grid_rows, bool(model.grid.cells) or model.draft is not None)

    def still_parts(self) -> list[StillPart]:
        """The round, the other players' panels, the grid's empty places (or a line saying the
        table is empty), the pool and the rack."""
        table = self.table
        s, geo = table.scale, table.geo
        pos = geo.round_pos
        parts = [
            self.text_part(
                "round", self.round_text(), pos, s.font(18), theme.CREAM, bold=True, anchor="midleft"
            )
        ]
        parts += self._seat_parts()
        g = geo.grid_rect
        key = (tuple(g), geo.grid_rows, geo.cell_w, geo.cell_h, geo.tile_w, geo.tile_h)
        parts.append(StillPart("grid", g, key, self._paint_grid))
        if not table.model.grid.cells and table.model.draft is None:
            text = table.app.tr("tiles.empty_table")
            parts.append(
                self.text_part("empty", text, g.center, s.font(18), theme.CREAM_SOFT, anchor="center")
            )
        parts.append(self._pool_part())
        parts.append(self._rack_part())
        return parts

    def _paint_grid(self, surface: pygame.Surface, lit: bool = False) -> None:
        """The grid's empty places, brighter while a tile is held (``lit``)."""
        geo = self.table.geo
        slots = grid_slots(
            geo.grid_rect.size,
            TABLE_COLS,
            geo.grid_rows,
            (geo.cell_w, geo.cell_h),
            (geo.tile_w, geo.tile_h),
            34 if lit else 14,
        )
        surface.blit(slots, geo.grid_rect)

    def _seat_parts(self) -> list[StillPart]:
        table = self.table
        s, view, tr = table.scale, table.view, table.app.tr
        parts = []
        for seat, rect in table.geo.seat_rects.items():
            facts = table.app.tr_n("tiles.seat.tiles", view.hand_sizes[seat])
            score = tr("tiles.total", score=number_text(view.totals[seat], signed=True))
            badge = tr("tiles.seat.opened") if view.opened[seat] else None
            active = view.current_player == seat
            name = table.seat_name(seat)
            key = (tuple(rect), str(name), str(facts), str(score), active, str(badge), view.hand_sizes[seat])
            paint = partial(self._seat, rect, name, facts, score, active, badge, view.hand_sizes[seat])
            parts.append(StillPart(("seat", seat), panel_bounds(s, rect), key, paint))
        return parts

    def _seat(self, rect, name, facts, score, active, badge, count, surface: pygame.Surface) -> None:
        s = self.table.scale
        back = self.table.app.art.tile_back(s(14))
        draw_seat(
            surface,
            self.table.app.fonts,
            s,
            rect,
            name,
            facts,
            score,
            active=active,
            badge=badge,
            back=back,
            count=count,
        )

    def _pool_part(self) -> StillPart:
        """The pool: its label, its stack of backs and how many tiles it holds."""
        table = self.table
        s, fonts, geo = table.scale, table.app.fonts, table.geo
        pool, rack = geo.areas["pool"], geo.areas["rack"]
        bounds = pool.inflate(s(2), s(2)).union(pool.move(4 * s(2), 4 * s(2)))
        label_at = (pool.centerx, rack.y + s(4))
        bounds.union_ip(
            text_box(fonts, table.app.tr("tiles.pool"), label_at, s.font(16), bold=True, anchor="midtop")
        )
        count = Verbatim(str(table.view.pool_size))
        count_at = (pool.centerx + s(4), pool.bottom + s(8))
        bounds.union_ip(text_box(fonts, count, count_at, s.font(17), bold=True, anchor="midtop"))
        return StillPart("pool", bounds, (tuple(pool), rack.y, table.view.pool_size), self._compose_pool)

    def _rack_part(self) -> StillPart:
        """The wooden rack, with the name, total and opening of its seat (``rack_seat``: the
        person at the screen, or the seat at the bottom of a watched game, its tiles face down)."""
        table = self.table
        geo, view = table.geo, table.view
        rack = geo.areas["rack"]
        seat = table.rack_seat()
        key: tuple = (tuple(rack), geo.rack_band, tuple(geo.shelf_bottoms), geo.rack_lip, table.viewer, seat)
        if seat is not None:
            key += (str(table.seat_name(seat)), view.totals[seat], view.opened[seat], view.hand_sizes[seat])
        return StillPart("rack", rack, key, self._compose_rack)

    def _compose_pool(self, surface: pygame.Surface) -> None:
        s, fonts, view = self.table.scale, self.table.app.fonts, self.table.view
        pool = self.table.geo.areas["pool"]
        fonts.draw(
            surface,
            self.table.app.tr("tiles.pool"),
            (pool.centerx, self.table.geo.areas["rack"].y + s(4)),
            s.font(16),
            theme.CREAM_SOFT,
            bold=True,
            anchor="midtop",
        )
        layers = min(4, (view.pool_size + 9) // 10)
        back = self.table.app.art.tile_back(self.table.geo.pool_w)
        for i in range(layers, 0, -1):
            surface.blit(back, (pool.x + i * s(2), pool.y + i * s(2)))
        if not view.pool_size:
            pygame.draw.rect(surface, theme.CREAM_SOFT, pool, width=2, border_radius=max(4, pool.width // 8))
        fonts.draw(
            surface,
            Verbatim(str(view.pool_size)),
            (pool.centerx + s(4), pool.bottom + s(8)),
            s.font(17),
            theme.CREAM,
            bold=True,
            anchor="midtop",
        )

    def _paint_backs(self, surface: pygame.Surface, count: int) -> None:
        """``count`` tiles face down on the rack's shelves (a watched game's seat)."""
        geo = self.table.geo
        cols = rack_cols(count)
        back = self.table.app.art.tile_back(geo.rack_metrics(cols)[0])
        for i in range(count):
            x, y = geo.slot_pos(*divmod(i, cols), cols)
            surface.blit(back, (round(x), round(y)))

    def _compose_rack(self, surface: pygame.Surface) -> None:
        s, fonts, view, tr = self.table.scale, self.table.app.fonts, self.table.view, self.table.app.tr
        rack = self.table.geo.areas["rack"]
        shelves = tuple(b - rack.y for b in self.table.geo.shelf_bottoms)
        surface.blit(rack_wood(rack.size, self.table.geo.rack_band, shelves, self.table.geo.rack_lip), rack)
        seat = self.table.rack_seat()
        if seat is None:
            return
        if self.table.viewer is None:
            self._paint_backs(surface, view.hand_sizes[seat])
        band_y = rack.y + self.table.geo.rack_band // 2
        name_rect = fonts.draw(
            surface,
            self.table.seat_name(seat),
            (rack.x + s(16), band_y),
            s.font(18),
            theme.CREAM,
            bold=True,
            anchor="midleft",
        )
        total = tr("tiles.total", score=number_text(view.totals[seat], signed=True))
        total_rect = fonts.draw(
            surface, total, (name_rect.right + s(16), band_y), s.font(16), theme.CREAM_SOFT, anchor="midleft"
        )
        if view.opened[seat]:
            label = tr("tiles.seat.opened")
            w = fonts.size(label, s.font(16), bold=True)[0] + s(16)
            centre = (total_rect.right + s(14) + w // 2, band_y)
            draw_pill(surface, fonts, label, centre, s.font(16), theme.GOOD, (16, 40, 22), s(8))
