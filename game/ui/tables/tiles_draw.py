"""Drawing the tile table (a mixin of ``TilesTable``).

What changes only with the game (the felt, the grid's empty places, the other players' panels,
the pool, the wooden rack and its labels) is composed once into an opaque backdrop and blitted
in one go; each frame then adds what moves: outlines, tiles, the sand glass, buttons, notes.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.i18n import Verbatim
from game.ui import theme
from game.ui.tables.tiles_layout import TABLE_COLS
from game.ui.tables.tiles_parts import (
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
from game.ui.widgets import Button

WARNING_SECONDS = 10
FRESH_SECONDS = 2.6


class TilesDrawing:
    """The drawing half of the tile table."""

    _backdrops: dict[tuple, pygame.Surface]
    _pills: dict[tuple, pygame.Surface]

    # The frame --------------------------------------------------------------------------------------
    def draw(self: Any, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.show_sheet:
            from game.ui.tables.tiles_sheet import draw_sheet_overlay

            draw_sheet_overlay(self, surface)

    def draw_backdrop(self: Any, surface: pygame.Surface) -> None:
        surface.blit(self._backdrop(surface.get_size()), (0, 0))

    def draw_tooltips(self: Any, surface: pygame.Surface) -> None:
        super().draw_tooltips(surface)
        for b in (self.sort_colour, self.sort_number, self.undo_button):
            if b.hovered and (b is not self.undo_button or b in self.turn_buttons()):
                self._tooltip(surface, b)

    def draw_table(self: Any, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        self.sheet_button.draw(surface, fonts)
        self._draw_notes(surface)
        self._draw_marks(surface)
        self._draw_glass(surface)
        self.sort_colour.draw(surface, fonts)
        self.sort_number.draw(surface, fonts)
        self._draw_opening(surface)
        for b in self.turn_buttons():
            b.draw(surface, fonts)

    def draw_sprites(self: Any, surface: pygame.Surface) -> None:
        held = {s.key for s in self.drag.held}
        selected = {s.key for s in self.drag.selection}
        placed = self.placed_ids if self.my_turn else set()
        for sprite in self.sprites.ordered():
            if sprite.key in held:
                continue
            fresh = self.fresh.get(sprite.key, 0.0)
            self.painter.draw(
                surface,
                sprite,
                selected=sprite.key in selected,
                placed=sprite.key in placed,
                glow=fresh / FRESH_SECONDS * 1.6,
            )
        for flyer in self.flyers:
            self.painter.draw(surface, flyer)
        for sprite in self.drag.held:
            self.painter.draw(surface, sprite, placed=sprite.key in placed)

    def draw_status(self: Any, surface: pygame.Surface) -> None:
        text = self.status()
        if not text:
            return
        key = (str(text), self.my_turn, tuple(self.status_rect), self.app.lang)
        pill = self._pills.get(key)
        if pill is None:
            pill = self._status_pill(text)
            if len(self._pills) > 12:
                self._pills.clear()
            self._pills[key] = pill
        surface.blit(pill, pill.get_rect(midbottom=self.status_rect.midbottom))

    def _status_pill(self: Any, text: str) -> pygame.Surface:
        """The status line in its pill; a long sentence (an engine reason) takes two lines
        rather than shrinking under the smallest text size."""
        s, fonts = self.scale, self.app.fonts
        room = self.status_rect.width - s(40)
        size = fonts.fit(text, s.font(20), room, bold=True, minimum=s.font(17))
        lines = (
            [text]
            if fonts.size(text, size, bold=True)[0] <= room
            else fonts.wrap(text, size, room, bold=True)
        )
        line_h = fonts.line_height(size, bold=True)
        width = max(fonts.size(line, size, bold=True)[0] for line in lines) + s(44)
        height = max(self.status_rect.height, line_h * len(lines) + s(12))
        pill = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = min(height, self.status_rect.height) // 2
        pygame.draw.rect(pill, (10, 30, 22, 215), pill.get_rect(), border_radius=radius)
        if self.my_turn:
            pygame.draw.rect(pill, (*theme.GOLD, 255), pill.get_rect(), width=2, border_radius=radius)
        top = (height - line_h * len(lines)) // 2
        for i, line in enumerate(lines):
            rendered = fonts.render(line, size, theme.CREAM, bold=True)
            pill.blit(rendered, rendered.get_rect(midtop=(width // 2, top + i * line_h)))
        return pill

    def _tooltip(self: Any, surface: pygame.Surface, button: Button) -> None:
        s, fonts = self.scale, self.app.fonts
        label = button.label()
        size = s.font(16)
        tw, th = fonts.size(label, size)
        rect = pygame.Rect(0, 0, tw + s(16), th + s(6))
        rect.midbottom = (button.rect.centerx, button.rect.top - s(6))
        rect.clamp_ip(surface.get_rect().inflate(-2 * self.margin, -2 * self.margin))
        pygame.draw.rect(surface, (10, 30, 22), rect, border_radius=rect.height // 2)
        fonts.draw(surface, label, rect.center, size, theme.CREAM, anchor="center")

    # What changes every frame --------------------------------------------------------------------
    def _draw_notes(self: Any, surface: pygame.Surface) -> None:
        s, fonts, tr, tr_n = self.scale, self.app.fonts, self.app.tr, self.app.tr_n
        for seat, (kind, count, left) in self.notes.items():
            rect = self.seat_rects.get(seat)
            if rect is None:
                continue
            plural = kind in ("play", "draw")
            text = tr_n(f"tiles.did.{kind}", count) if plural else tr(f"tiles.did.{kind}")
            draw_note(surface, fonts, s, text, (rect.centerx, rect.bottom + s(6)), min(1.0, left / 0.4))

    def _draw_marks(self: Any, surface: pygame.Surface) -> None:
        pad = max(3, self.tile_w // 10)
        for block, ok in self.marks:
            first = self.cell_rect(block.row, block.col)
            last = self.cell_rect(block.row, block.end)
            rect = first.union(last).inflate(2 * pad, 2 * pad)
            draw_outline(surface, rect, VALID if ok else INVALID, max(2, self.scale(3)), 0 if ok else 46)
        for ghost in self.ghosts:
            draw_ghost(surface, ghost)

    def _draw_glass(self: Any, surface: pygame.Surface) -> None:
        timer = self.view.options.timer
        if not timer or self.turn_key is None:
            return
        s, fonts = self.scale, self.app.fonts
        rect = self.areas["glass"]
        left = self.clock if self.clock is not None else 0.0
        warning = left <= WARNING_SECONDS
        running = self.app.scenes.top is self
        draw_sand_glass(surface, rect, left / timer, running, warning)
        seconds = self.app.tr("tiles.seconds", n=math.ceil(left))
        fill = (150, 30, 26) if warning else (10, 30, 22)
        draw_pill(
            surface, fonts, seconds, (rect.centerx, rect.bottom + s(18)), s.font(17), fill, theme.CREAM, s(8)
        )

    def _draw_opening(self: Any, surface: pygame.Surface) -> None:
        view = self.view
        if self.viewer is None or view.opened[view.seat] or not view.opening_min:
            return
        if not (self.my_turn and view.phase == "play"):
            return
        s, fonts = self.scale, self.app.fonts
        rack = self.areas["rack"]
        text = self.app.tr("tiles.opening", points=self.opening_points, minimum=view.opening_min)
        w = fonts.size(text, s.font(16), bold=True)[0] + s(20)
        fill = theme.GOOD if self.opening_points >= view.opening_min else theme.GOLD
        centre = (rack.right - s(16) - w // 2, rack.y + self.rack_band // 2)
        draw_pill(surface, fonts, text, centre, s.font(16), fill, theme.INK, s(10))

    # The backdrop -------------------------------------------------------------------------------------
    def _backdrop(self: Any, size: tuple[int, int]) -> pygame.Surface:
        view = self.view
        active = self.drag.dragging and self.my_turn and self.draft is not None
        seats = tuple(
            (
                seat,
                tuple(rect),
                view.opened[seat],
                view.rack_sizes[seat],
                view.totals[seat],
                view.current_player,
            )
            for seat, rect in self.seat_rects.items()
        )
        key = (
            size,
            self.app.lang,
            tuple(self.grid_rect),
            self.grid_rows,
            (self.cell_w, self.cell_h, self.tile_w),
            active,
            seats,
            self.viewer,
            view.seat,
            view.totals,
            view.opened,
            view.pool_size,
            view.round_number,
            bool(self.grid.cells) or self.draft is not None,
            tuple(self.areas["rack"]),
        )
        backdrop = self._backdrops.get(key)
        if backdrop is None:
            backdrop = self.app.art.felt(size).copy()
            self._compose(backdrop, active)
            if len(self._backdrops) >= 2:
                self._backdrops.pop(next(iter(self._backdrops)))
            self._backdrops[key] = backdrop
        return backdrop

    def _compose(self: Any, surface: pygame.Surface, active: bool) -> None:
        s, fonts = self.scale, self.app.fonts
        fonts.draw(
            surface, self._round_text(), self.round_pos, s.font(18), theme.CREAM, bold=True, anchor="midleft"
        )
        self._compose_seats(surface)
        g = self.grid_rect
        slots = grid_slots(
            g.size,
            TABLE_COLS,
            self.grid_rows,
            (self.cell_w, self.cell_h),
            (self.tile_w, self.tile_h),
            34 if active else 14,
        )
        surface.blit(slots, g)
        if not self.grid.cells and self.draft is None:
            fonts.draw(
                surface,
                self.app.tr("tiles.empty_table"),
                g.center,
                s.font(18),
                theme.CREAM_SOFT,
                anchor="center",
            )
        self._compose_pool(surface)
        self._compose_rack(surface)

    def _compose_seats(self: Any, surface: pygame.Surface) -> None:
        s, fonts, view, tr = self.scale, self.app.fonts, self.view, self.app.tr
        back = self.app.art.tile_back(s(14))
        for seat, rect in self.seat_rects.items():
            draw_seat(
                surface,
                fonts,
                s,
                rect,
                self.seat_name(seat),
                self.app.tr_n("tiles.seat.tiles", view.rack_sizes[seat]),
                tr("tiles.total", score=number_text(view.totals[seat], signed=True)),
                active=view.current_player == seat,
                badge=tr("tiles.seat.opened") if view.opened[seat] else None,
                back=back,
            )

    def _compose_pool(self: Any, surface: pygame.Surface) -> None:
        s, fonts, view = self.scale, self.app.fonts, self.view
        pool = self.areas["pool"]
        fonts.draw(
            surface,
            self.app.tr("tiles.pool"),
            (pool.centerx, self.areas["rack"].y + s(4)),
            s.font(16),
            theme.CREAM_SOFT,
            bold=True,
            anchor="midtop",
        )
        layers = min(4, (view.pool_size + 9) // 10)
        back = self.app.art.tile_back(self.pool_w)
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

    def _compose_rack(self: Any, surface: pygame.Surface) -> None:
        s, fonts, view, tr = self.scale, self.app.fonts, self.view, self.app.tr
        rack = self.areas["rack"]
        shelves = tuple(b - rack.y for b in self.shelf_bottoms)
        surface.blit(rack_wood(rack.size, self.rack_band, shelves, self.rack_lip), rack)
        if self.viewer is None:
            return
        seat = view.seat
        band_y = rack.y + self.rack_band // 2
        name_rect = fonts.draw(
            surface,
            self.seat_name(seat),
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
