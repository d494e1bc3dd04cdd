"""The 500 Rum score sheet, and the end-of-hand and end-of-game screens.

The sheet has one row per hand and one column per player. Each cell gives the hand's result
(points put on the table minus points left in hand, both shown small beside it, a star for the
player who went out) and the running total. The game-over screen adds the settlement: what each
player pays the winner (the difference between their totals).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import Verbatim
from game.ui import theme
from game.ui.tables.overlay import Paint, PanelSize, Pen, compose, compose_in_steps, darken, paint_heading
from game.ui.tables.summary_base import SummaryScene

POSITIVE = (24, 110, 50)
NEGATIVE = (166, 36, 28)
STRIPE = (240, 233, 214)
LAST_ROW = (248, 230, 170)
STAR = "★"


def signed(n: int) -> Verbatim:
    """A score with its sign (a true minus sign)."""
    return Verbatim(f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0")


def number(n: int) -> Verbatim:
    return Verbatim(str(n) if n >= 0 else f"−{-n}")


def draw_score_sheet(
    pen: Pen, view: Any, surface: pygame.Surface, rect: pygame.Rect, highlight_last: bool = False
) -> None:
    """The score sheet of the game ``view`` shows, inside ``rect``: names, one row per finished
    hand (the latest ones when they do not all fit), and a legend line under it."""
    s, fonts, tr = pen.scale, pen.fonts, pen.tr
    n = view.num_players
    label_w = min(int(rect.width * 0.16), s(130))
    col_w = (rect.width - label_w) // n
    row_h = s(34)
    size = s.font(16)
    legend_h = fonts.line_height(size) + s(10)
    y = rect.y
    for seat in range(n):
        name = pen.names[seat]
        fitted = fonts.fit(name, s.font(17), col_w - s(12), bold=True, minimum=10)
        centre = (rect.x + label_w + seat * col_w + col_w // 2, y + row_h // 2)
        text = fonts.draw(surface, name, centre, fitted, theme.INK, bold=True, anchor="center")
        bar = pygame.Rect(text.x, text.bottom, text.width, s(5))
        pygame.draw.rect(surface, theme.INK_SOFT, bar.inflate(2, 2), border_radius=s(3))
        pygame.draw.rect(surface, pen.colours[seat], bar, border_radius=s(2))
    y += row_h
    for seat in range(n):
        cell = pygame.Rect(rect.x + label_w + seat * col_w, y, col_w, row_h)
        fonts.draw(
            surface,
            tr("rum500.sheet.hand"),
            (cell.x + s(10), cell.centery),
            size,
            theme.INK_SOFT,
            anchor="midleft",
        )
        fonts.draw(
            surface,
            tr("table.sheet.total"),
            (cell.right - s(10), cell.centery),
            size,
            theme.INK_SOFT,
            anchor="midright",
        )
    y += row_h
    pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x, y), (rect.right, y), 2)
    body_bottom = rect.bottom - legend_h
    history = view.history
    fit = max(0, (body_bottom - y) // row_h)
    shown = history[len(history) - fit :] if fit else ()
    if not history:
        fonts.draw(
            surface,
            tr("rum500.sheet.empty"),
            (rect.centerx, y + row_h),
            size,
            theme.INK_SOFT,
            anchor="midtop",
        )
    for i, entry in enumerate(shown):
        row = pygame.Rect(rect.x, y, rect.width, row_h)
        last = i == len(shown) - 1
        if highlight_last and last:
            pygame.draw.rect(surface, LAST_ROW, row)
        elif entry["hand"] % 2:
            pygame.draw.rect(surface, STRIPE, row)
        label = tr("rum500.sheet.row", n=entry["hand"])
        fonts.draw(
            surface,
            label,
            (rect.x + s(8), row.centery),
            fonts.fit(label, size, label_w - s(10)),
            theme.INK,
            anchor="midleft",
        )
        for seat in range(n):
            cell = pygame.Rect(rect.x + label_w + seat * col_w, y, col_w, row_h)
            _draw_cell(pen, surface, cell, entry, seat, size, bold_total=last)
        y += row_h
    for seat in range(n):
        x = rect.x + label_w + seat * col_w
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, rect.y + s(4)), (x, y), 1)
    legend = tr("rum500.sheet.legend", star=Verbatim(STAR))
    fonts.draw(
        surface,
        legend,
        (rect.x + s(8), rect.bottom - s(4)),
        fonts.fit(legend, size, rect.width - s(16)),
        theme.INK_SOFT,
        anchor="bottomleft",
    )


def _draw_cell(
    pen: Pen, surface: pygame.Surface, cell: pygame.Rect, entry, seat: int, size: int, bold_total: bool
) -> None:
    """One player's result for one hand: star, result, detail, then the total on the right."""
    s, fonts = pen.scale, pen.fonts
    total = number(entry["totals"][seat])
    total_rect = fonts.draw(
        surface,
        total,
        (cell.right - s(10), cell.centery),
        size,
        theme.INK,
        bold=bold_total,
        anchor="midright",
    )
    x = cell.x + s(10)
    if entry["went_out"] == seat:
        star = fonts.draw(
            surface, Verbatim(STAR), (x, cell.centery), size, theme.GOLD_DARK, bold=True, anchor="midleft"
        )
        x = star.right + s(4)
    score = entry["scores"][seat]
    colour = POSITIVE if score > 0 else NEGATIVE if score < 0 else theme.INK
    shown = fonts.draw(surface, signed(score), (x, cell.centery), size, colour, bold=True, anchor="midleft")
    detail = Verbatim(f"{entry['table_points'][seat]} − {entry['hand_points'][seat]}")
    detail_w = fonts.size(detail, size)[0]
    if shown.right + s(8) + detail_w <= total_rect.x - s(8):
        fonts.draw(
            surface, detail, (shown.right + s(8), cell.centery), size, theme.INK_SOFT, anchor="midleft"
        )


def sheet_panel(pen: Pen, view: Any) -> tuple[PanelSize, Paint]:
    """The sheet's panel over the table (G or the top bar's button): its size and its painting."""
    s = pen.scale

    def size(w: int, h: int) -> tuple[int, int]:
        edge = max(s(40), w * 3 // 100)
        return min(w - 2 * edge, s(300) + view.num_players * s(160)), min(h - s(80), s(640))

    def paint(layer: pygame.Surface, panel: pygame.Rect) -> None:
        paint_heading(pen, layer, panel, pen.tr("table.score_sheet"), pen.tr("table.sheet.close"))
        body = pygame.Rect(panel.x + s(24), panel.y + s(62), panel.width - s(48), panel.height - s(110))
        draw_score_sheet(pen, view, layer, body)

    return size, paint


class Rum500Summary(SummaryScene):
    """End of a hand (how it ended, the sheet) or of the game (the winner, the sheet and the
    settlement)."""

    next_label = "rum500.next_hand"

    def __init__(self, app, table, final: bool) -> None:
        super().__init__(app, table, final)
        self._cache: tuple | None = None
        self._snapshot: pygame.Surface | None = None
        self._steps: tuple | None = None
        self._shown = False
        """The panel has been shown once (composing it again is done at once)."""

    def layout(self, size: tuple[int, int]) -> None:
        w = size[0]
        s = self.scale = self.table.scale
        n = self.table.view.num_players
        room = self.room()
        edge_x = max(s(30), w * 3 // 100)
        width = min(w - 2 * edge_x, s(340) + n * s(160))
        self.panel = pygame.Rect(0, 0, width, room.height)
        self.panel.height = min(room.height, self._wanted_height())
        self.panel.center = room.center
        self._cache = self._snapshot = self._steps = None
        self.place_buttons(self.panel.centerx, self.panel.bottom - s(22), s(54))

    def _wanted_height(self) -> int:
        """The panel's height with every finished hand in its sheet (the room may cut it: then
        the sheet keeps the latest hands)."""
        s, fonts = self.scale, self.app.fonts
        rows = 2 + max(1, len(self.table.view.history))
        sheet = rows * s(34) + fonts.line_height(s.font(16)) + s(24)
        settlement = 0
        if self.final and self.table.view.settlement:
            line_h = fonts.line_height(s.font(17), bold=True) + s(12)
            settlement = len(self._chip_rows()) * (line_h + s(8)) + s(40)
        return s(68) + len(self.sublines()) * s(28) + s(8) + sheet + settlement + s(96)

    def _chip_rows(self) -> list[list[tuple[Any, int]]]:
        """The payments to the winner as chips (text, width), in rows that fit the panel."""
        s, fonts, view, tr = self.scale, self.app.fonts, self.table.view, self.app.tr
        size = s.font(17)
        inner = self.panel.inflate(-s(56), 0)
        rows: list[list[tuple[Any, int]]] = [[]]
        x = inner.x
        for p in view.settlement:
            chip = tr(
                "rum500.settlement.pays",
                payer=self.table.seat_name(p["payer"]),
                winner=self.table.seat_name(p["payee"]),
                amount=p["amount"],
            )
            width = fonts.size(chip, size, bold=True)[0] + s(24)
            if rows[-1] and x + width > inner.right:
                rows.append([])
                x = inner.x
            rows[-1].append((chip, width))
            x += width + s(12)
        return rows if rows[-1] else []

    def headline(self):
        view, tr = self.table.view, self.app.tr
        if self.final and view.winners:
            return self.winners_headline()
        hand = view.history[-1]["hand"] if view.history else view.round_number
        return tr("rum500.summary.hand_over", n=hand)

    def sublines(self) -> list:
        view, tr = self.table.view, self.app.tr
        if not view.history:
            return []
        entry = view.history[-1]
        lines = []
        if entry["went_out"] is not None:
            lines.append(tr("cards.summary.went_out", name=self.table.seat_name(entry["went_out"])))
        else:
            lines.append(tr("cards.summary.stock_empty"))
        best = max(view.totals)
        if not self.final and best >= view.options.target:
            lines.append(tr("rum500.summary.tie", points=best))
        elif not self.final:
            lines.append(tr("rum500.summary.target", target=view.options.target))
        return lines

    def covers(self, surface: pygame.Surface) -> bool:
        """True once the screen under the buttons is frozen: the table below need not draw."""
        if self.folded:
            return False
        return self._snapshot is not None and self._snapshot.get_size() == surface.get_size()

    def draw_summary(self, surface: pygame.Surface) -> None:
        if self.covers(surface):
            surface.blit(self._snapshot, (0, 0))
        else:
            darken(surface)
            key = (surface.get_size(), self.app.lang)
            composed = self._cache is None or self._cache[0] != key
            if composed and self._shown:  # a language switch or a new size: at once
                self._cache = (key, *compose(self.panel, self.scale(18), self._paint))
            elif composed:
                # On opening, one step of the panel per frame; the veil alone until it is ready.
                if self._steps is None or self._steps[0] != key:
                    self._steps = (key, compose_in_steps(self.panel, self.scale(18), self._paint))
                done = next(self._steps[1])
                if done is None:
                    return
                self._cache, self._steps, self._shown = (key, *done), None, True
            surface.blit(self._cache[1], self._cache[2])
            if self.table.sprites.settled and not composed:
                # Nothing moves under this screen any more: keep the picture, not the work (from
                # the next frame on, so that one frame does not both compose and copy).
                self._snapshot = surface.copy()
        for b in self.buttons:
            b.draw(surface, self.app.fonts)

    def _paint(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The panel's contents (drawn once: the game does not change under this screen)."""
        s, fonts = self.scale, self.app.fonts
        fonts.draw(
            surface,
            self.headline(),
            (panel.centerx, panel.y + s(20)),
            s.font(32),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        y = panel.y + s(68)
        for line in self.sublines():
            fonts.draw(surface, line, (panel.centerx, y), s.font(18), theme.INK_SOFT, anchor="midtop")
            y += s(28)
        bottom = panel.bottom - s(96)
        if self.final:
            bottom = self._draw_settlement(surface, panel, bottom)
        sheet = pygame.Rect(panel.x + s(28), y + s(8), panel.width - s(56), bottom - y - s(8))
        draw_score_sheet(self.table.pen(), self.table.view, surface, sheet, highlight_last=True)

    def _draw_settlement(self, surface: pygame.Surface, panel: pygame.Rect, bottom: int) -> int:
        """The payments to the winner, as a row (or rows) of chips above ``bottom``; returns
        the top of the settlement area."""
        s, fonts, tr = self.scale, self.app.fonts, self.app.tr
        size = s.font(17)
        rows = self._chip_rows()
        if not rows:
            return bottom
        line_h = fonts.line_height(size, bold=True) + s(12)
        top = bottom - len(rows) * (line_h + s(8))
        title_y = top - s(30)
        fonts.draw(
            surface,
            tr("rum500.settlement.title"),
            (panel.centerx, title_y),
            s.font(19),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        y = top
        for row in rows:
            total = sum(w for _, w in row) + s(12) * (len(row) - 1)
            x = panel.centerx - total // 2
            for chip, width in row:
                rect = pygame.Rect(x, y, width, line_h)
                pygame.draw.rect(surface, STRIPE, rect, border_radius=line_h // 2)
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=2, border_radius=line_h // 2)
                fonts.draw(surface, chip, rect.center, size, theme.INK, bold=True, anchor="center")
                x += width + s(12)
            y += line_h + s(8)
        return title_y - s(10)
