"""The contract grid (the game's score sheet) and the end-of-round and end-of-game screens.

One row per contract, one column per player: completed contracts are checked, each player's
current contract is marked, contracts beyond the final one are greyed. Under the grid, the
penalty points of the last round and the running totals when scoring is on.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import Text, Verbatim
from game.ui import text as text_layer
from game.ui import theme
from game.ui.tables.overlay import Paint, PanelSize, Pen, paint_heading
from game.ui.tables.summary_base import SummaryScene
from game.ui.widgets import dim, draw_panel

CONTRACTS = 14


def contract_text(app, number: int) -> Text:
    """Contract ``number`` in words ("2 sets of 3 + 1 run of 4")."""
    return app.tr(f"contract.{number}")


def draw_check(surface: pygame.Surface, rect: pygame.Rect, colour, width: int) -> None:
    cx, cy, r = rect.centerx, rect.centery, min(rect.width, rect.height) // 3
    points = [(cx - r, cy), (cx - r // 3, cy + r * 2 // 3), (cx + r, cy - r * 2 // 3)]
    pygame.draw.lines(surface, colour, False, points, width)


DONE, CURRENT, DOWN = "done", "current", "down"
"""The marks of a cell of the grid (the legend's first three)."""


def grid_marks(view: Any) -> dict[tuple[int, int], str]:
    """(contract, seat) -> the mark of that cell. During a round: every contract before a
    seat's current one done, its current one marked, "laid down this round" once it is down.
    Once the round is over the engine has moved the seats that laid down on to their next
    contract: the grid then shows the round just played (the contract each seat played, laid
    down or not) and, but at the game's end, the contract each seat plays next."""
    n = view.num_players
    over = view.phase in ("round_over", "game_over") and view.history
    if over:
        record = view.history[-1]
        played, down, after = record.contracts_before, record.laid_down, record.contracts_after
    else:
        played, down, after = view.contracts, view.down, view.contracts
    marks: dict[tuple[int, int], str] = {}
    for seat in range(n):
        for number in range(1, played[seat]):
            marks[(number, seat)] = DONE
        marks[(played[seat], seat)] = DOWN if down[seat] else CURRENT
        if over and view.phase != "game_over" and after[seat] != played[seat]:
            marks[(after[seat], seat)] = CURRENT
    return marks


def draw_contract_grid(pen: Pen, view: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The grid of the game ``view`` shows, inside ``rect``."""
    s, fonts, tr = pen.scale, pen.fonts, pen.tr
    n = view.num_players
    final = view.options.final_contract
    label_w = min(int(rect.width * 0.42), s(330))
    col_w = (rect.width - label_w) // n
    rows = CONTRACTS + (2 if view.options.scoring else 1) + 2  # the last two rows: the legend
    row_h = min(s(30), rect.height // rows)
    size = min(s.font(16), int(row_h * 0.62))
    y = rect.y
    for seat in range(n):
        name = pen.names[seat]
        fitted = fonts.fit(name, size, col_w - s(6), bold=True, minimum=10)
        fonts.draw(
            surface,
            fonts.shorten(name, fitted, col_w - s(6), bold=True),
            (rect.x + label_w + seat * col_w + col_w // 2, y + row_h // 2),
            fitted,
            theme.INK,
            bold=True,
            anchor="center",
        )
    y += row_h
    marks = grid_marks(view)
    for number in range(1, CONTRACTS + 1):
        row = pygame.Rect(rect.x, y, rect.width, row_h)
        if number % 2:
            pygame.draw.rect(surface, (238, 230, 210), row)
        beyond = number > final
        ink = theme.INK_SOFT if beyond else theme.INK
        label = tr("frustration.grid.row", n=number, contract=tr(f"contract.{number}"))
        fitted = fonts.fit(label, size, label_w - s(10), minimum=10)
        fonts.draw(surface, label, (rect.x + s(8), row.centery), fitted, ink, anchor="midleft")
        for seat in range(n):
            cell = pygame.Rect(rect.x + label_w + seat * col_w, y, col_w, row_h)
            mark = marks.get((number, seat))
            if mark == DONE:
                draw_check(surface, cell, theme.GOOD, max(2, s(3)))
            elif mark is not None:
                ring = pygame.Rect(0, 0, row_h - s(6), row_h - s(6))
                ring.center = cell.center
                colour = theme.GOOD if mark == DOWN else theme.GOLD_DARK
                pygame.draw.rect(surface, colour, ring, width=max(2, s(3)), border_radius=ring.height // 2)
                if mark == DOWN:
                    draw_check(surface, cell, theme.GOOD, max(2, s(2)))
            if mark is not None:
                text_layer.note(surface, f"mark:{mark}", cell)
        if number == final:
            pygame.draw.line(surface, theme.BAD, (rect.x, row.bottom), (rect.right, row.bottom), max(2, s(2)))
        y += row_h
    pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + label_w, rect.y), (rect.x + label_w, y), 1)
    if view.options.scoring:
        fonts.draw(
            surface,
            tr("frustration.grid.points"),
            (rect.x + s(8), y + row_h // 2),
            size,
            theme.INK,
            bold=True,
            anchor="midleft",
        )
        for seat in range(n):
            fonts.draw(
                surface,
                Verbatim(str(view.scores[seat])),
                (rect.x + label_w + seat * col_w + col_w // 2, y + row_h // 2),
                size,
                theme.INK,
                bold=True,
                anchor="center",
            )
        y += row_h
    draw_grid_legend(pen, surface, pygame.Rect(rect.x, y, rect.width, row_h * 2), size)


LEGEND = (DONE, CURRENT, DOWN, "final")
"""The marks of the grid, each explained in the legend under it."""


def draw_grid_legend(pen: Pen, surface: pygame.Surface, row: pygame.Rect, size: int) -> None:
    """Two lines under the grid: a contract done, the contract to play, laid down this round,
    the final contract."""
    s, fonts, tr = pen.scale, pen.fonts, pen.tr
    line_h = row.height // 2
    mark = pygame.Rect(0, 0, line_h - s(6), line_h - s(6))
    labels = [tr(f"frustration.grid.legend.{name}") for name in LEGEND]
    part = row.width // 2
    for label in labels:  # one size for the four labels, as large as lets them all fit
        size = fonts.fit(label, size, part - mark.width - s(20), minimum=9)
    for i, (name, label) in enumerate(zip(LEGEND, labels, strict=True)):
        mark.midleft = (row.x + (i % 2) * part + s(4), row.y + (i // 2) * line_h + line_h // 2)
        if name in ("done", "down"):
            draw_check(surface, mark, theme.GOOD, max(2, s(2)))
        if name in ("current", "down"):
            colour = theme.GOOD if name == "down" else theme.GOLD_DARK
            pygame.draw.rect(surface, colour, mark, width=max(2, s(2)), border_radius=mark.height // 2)
        if name == "final":
            pygame.draw.line(surface, theme.BAD, mark.midleft, mark.midright, max(2, s(2)))
        fonts.draw(surface, label, (mark.right + s(6), mark.centery), size, theme.INK_SOFT, anchor="midleft")


def grid_panel(pen: Pen, view: Any) -> tuple[PanelSize, Paint]:
    """The grid's panel over the table (G or the top bar's button): its size and its painting."""
    s = pen.scale

    def size(w: int, h: int) -> tuple[int, int]:
        return min(w - s(80), s(300) + view.num_players * s(110)), min(h - s(60), s(640))

    def paint(layer: pygame.Surface, panel: pygame.Rect) -> None:
        paint_heading(pen, layer, panel, pen.tr("frustration.grid"), None)
        body = pygame.Rect(panel.x + s(24), panel.y + s(60), panel.width - s(48), panel.height - s(84))
        draw_contract_grid(pen, view, layer, body)

    return size, paint


class FrustrationSummary(SummaryScene):
    """End of a round (who went out, who moves on, the grid) or of the game (the winner)."""

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale = self.table.scale or theme.Scale.for_size(size)
        n = self.table.view.num_players
        room = self.room()
        self.panel = pygame.Rect(0, 0, min(room.width, s(340) + n * s(110)), room.height)
        self.panel.center = room.center
        self.place_buttons(self.panel.centerx, self.panel.bottom - s(22), s(54))

    def headline(self):
        view, tr = self.table.view, self.app.tr
        if self.final:
            return self.winners_headline()
        return tr("summary.round_over", n=view.history[-1].round if view.history else view.round_number)

    def subline(self):
        view, tr = self.table.view, self.app.tr
        if not view.history:
            return None
        record = view.history[-1]
        if record.ended == "out" and record.went_out is not None:
            return tr("cards.summary.went_out", name=self.table.seat_name(record.went_out))
        if record.ended == "dry":
            return tr("cards.summary.stock_empty")
        return tr("frustration.summary.all_down")

    def draw_summary(self, surface: pygame.Surface) -> None:
        s, fonts = self.scale, self.app.fonts
        dim(surface)
        draw_panel(surface, self.panel, radius=s(18))
        fonts.draw(
            surface,
            self.headline(),
            (self.panel.centerx, self.panel.y + s(22)),
            s.font(32),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        y = self.panel.y + s(70)
        sub = self.subline()
        if sub:
            fonts.draw(surface, sub, (self.panel.centerx, y), s.font(19), theme.INK_SOFT, anchor="midtop")
        y += s(34)
        moved = self._moved_on()
        if moved:
            fonts.draw(
                surface,
                moved,
                (self.panel.centerx, y),
                s.font(17),
                theme.GOLD_DARK,
                bold=True,
                anchor="midtop",
            )
        y += s(34)
        grid = pygame.Rect(self.panel.x + s(28), y, self.panel.width - s(56), self.panel.bottom - s(96) - y)
        draw_contract_grid(self.table.pen(), self.table.view, surface, grid)
        for b in self.buttons:
            b.draw(surface, fonts)

    def _moved_on(self):
        view, tr = self.table.view, self.app.tr
        if not view.history or self.final:
            return None
        record = view.history[-1]
        names = [
            self.table.seat_name(s)
            for s in range(view.num_players)
            if record.contracts_after[s] > record.contracts_before[s]
        ]
        if not names:
            return tr("frustration.summary.nobody_moves")
        return tr("frustration.summary.moves_on", names=Verbatim(", ".join(names)))
