"""The tile game's score sheet, and the end-of-round and end-of-game screens.

The sheet is seed 004's: one row per round, one column per player, and the total. A round won
by going out in a single turn ("Rummy", scored double) is marked on the winner's cell; a blocked
round says so in its row. Rounds still to play are listed, empty, as on a paper sheet.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import Verbatim
from game.ui import theme
from game.ui.tables.overlay import Paint, PanelSize, Pen, paint_heading
from game.ui.tables.summary_base import SummaryScene
from game.ui.tables.tiles.parts import number_text
from game.ui.widgets import draw_panel

WINNER_FILL = (247, 226, 160)
RUMMY_FILL = (196, 60, 48)
STRIPE = (240, 233, 214)


def draw_score_sheet(pen: Pen, view: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The score sheet of the game ``view`` shows, inside ``rect``."""
    s, fonts, tr = pen.scale, pen.fonts, pen.tr
    n = view.num_players
    label_w = min(int(rect.width * 0.3), s(210))
    col_w = (rect.width - label_w) // n
    rounds = max(view.options.rounds, len(view.sheet))
    shown = rounds
    row_h = min(s(38), rect.height // (shown + 2))
    if row_h < s(28):
        shown = max(1, rect.height // s(28) - 2)
        row_h = rect.height // (shown + 2)
    first_round = max(1, min(len(view.sheet) + 1, rounds) - shown + 1)
    size = max(s.font(16), min(s.font(18), int(row_h * 0.6)))
    y = rect.y
    for seat in range(n):
        name = pen.names[seat]
        fitted = fonts.fit(name, size, col_w - s(8), bold=True, minimum=10)
        cx = rect.x + label_w + seat * col_w + col_w // 2
        fonts.draw(surface, name, (cx, y + row_h // 2), fitted, theme.INK, bold=True, anchor="center")
    y += row_h
    pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x, y), (rect.right, y), 2)
    for number in range(first_round, first_round + shown):
        row = pygame.Rect(rect.x, y, rect.width, row_h)
        if number % 2:
            pygame.draw.rect(surface, STRIPE, row)
        record = view.sheet[number - 1] if number <= len(view.sheet) else None
        _draw_row(pen, surface, row, label_w, col_w, number, record, size)
        y += row_h
    pygame.draw.line(surface, theme.INK_SOFT, (rect.x, y), (rect.right, y), 2)
    total_row = pygame.Rect(rect.x, y, rect.width, row_h)
    fonts.draw(
        surface,
        tr("table.sheet.total"),
        (rect.x + s(10), total_row.centery),
        size,
        theme.INK,
        bold=True,
        anchor="midleft",
    )
    best = max(view.totals) if view.sheet else None
    for seat in range(n):
        cell = pygame.Rect(rect.x + label_w + seat * col_w, y, col_w, row_h)
        if best is not None and view.totals[seat] == best:
            pygame.draw.rect(surface, WINNER_FILL, cell.inflate(-s(8), -s(6)), border_radius=s(8))
        fonts.draw(
            surface,
            number_text(view.totals[seat], signed=True),
            cell.center,
            size,
            theme.INK,
            bold=True,
            anchor="center",
        )
    pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + label_w, rect.y), (rect.x + label_w, y + row_h), 1)


def _draw_row(
    pen: Pen,
    surface: pygame.Surface,
    row: pygame.Rect,
    label_w: int,
    col_w: int,
    number: int,
    record,
    size: int,
) -> None:
    s, fonts, tr = pen.scale, pen.fonts, pen.tr
    label = tr("table.round", n=number)
    ink = theme.INK if record is not None else theme.INK_SOFT
    label_rect = fonts.draw(surface, label, (row.x + s(10), row.centery), size, ink, anchor="midleft")
    if record is not None and record["end"] != "out":
        note = tr(f"tiles.sheet.{record['end']}")
        small = max(s.font(16), size - 2)
        fitted = fonts.fit(note, small, label_w - label_rect.width - s(24), minimum=10)
        fonts.draw(
            surface, note, (label_rect.right + s(8), row.centery), fitted, theme.INK_SOFT, anchor="midleft"
        )
    if record is None:
        return
    for seat in range(len(record["scores"])):
        cell = pygame.Rect(row.x + label_w + seat * col_w, row.y, col_w, row.height)
        score = record["scores"][seat]
        if record["winner"] == seat:
            pygame.draw.rect(surface, WINNER_FILL, cell.inflate(-s(8), -s(6)), border_radius=s(8))
        text = number_text(score, signed=True)
        if record["winner"] == seat and record["rummy"]:
            badge = tr("tiles.sheet.rummy")
            bsize = s.font(16)
            bw = fonts.size(badge, bsize, bold=True)[0] + s(12)
            tw = fonts.size(text, size, bold=True)[0]
            x = cell.centerx - (tw + s(6) + bw) // 2
            fonts.draw(surface, text, (x, cell.centery), size, theme.INK, bold=True, anchor="midleft")
            brect = pygame.Rect(x + tw + s(6), 0, bw, fonts.line_height(bsize) + s(2))
            brect.centery = cell.centery
            pygame.draw.rect(surface, RUMMY_FILL, brect, border_radius=brect.height // 2)
            fonts.draw(surface, badge, brect.center, bsize, theme.CREAM, bold=True, anchor="center")
        else:
            bold = record["winner"] == seat
            fonts.draw(surface, text, cell.center, size, theme.INK, bold=bold, anchor="center")


def sheet_panel_size(scale: theme.Scale, players: int, width: int, height: int) -> pygame.Rect:
    """The size of the score sheet panel for ``players`` seats."""
    return pygame.Rect(0, 0, min(width - scale(60), scale(300) + players * scale(150)), height)


def sheet_panel(pen: Pen, view: Any) -> tuple[PanelSize, Paint]:
    """The score sheet's panel over the table (the top bar's button or G): its size and its
    painting."""
    s, tr = pen.scale, pen.tr
    rounds = max(view.options.rounds, len(view.sheet))

    def size(w: int, h: int) -> tuple[int, int]:
        return sheet_panel_size(s, view.num_players, w, min(h - s(60), s(130) + (rounds + 2) * s(38))).size

    def paint(layer: pygame.Surface, panel: pygame.Rect) -> None:
        paint_heading(pen, layer, panel, tr("table.score_sheet"), tr("table.sheet.close"))
        body = pygame.Rect(panel.x + s(24), panel.y + s(66), panel.width - s(48), panel.height - s(112))
        draw_score_sheet(pen, view, layer, body)

    return size, paint


class TilesSummary(SummaryScene):
    """End of a round (who went out, Rummy or blocked, what is left on each rack, the sheet)
    or of the game (the winner, the final sheet)."""

    def __init__(self, app, table, final: bool) -> None:
        super().__init__(app, table, final)
        self._veil: pygame.Surface | None = None
        self._card: pygame.Surface | None = None
        self._still: pygame.Surface | None = None

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.Scale.for_size(size)
        self._card = None
        self._still = None
        self.opaque = False
        room = self.room()
        view = self.table.view
        width = min(room.width - s(20), s(360) + view.num_players * s(160))
        fonts = self.app.fonts
        sub = self.subline()
        sub_h = len(fonts.wrap(sub, s.font(19), width - s(60))) * fonts.line_height(s.font(19)) if sub else 0
        wanted = s(68) + sub_h + s(12) + self._leftovers_height() + self._sheet_height() + s(90) + s(8)
        self.panel = pygame.Rect(0, 0, width, min(room.height, wanted))
        self.panel.center = room.center
        self.place_buttons(self.panel.centerx, self.panel.bottom - s(22), s(52))

    def record(self):
        """The score sheet row of the round just finished."""
        sheet = self.table.view.sheet
        return sheet[-1] if sheet else None

    def headline(self):
        """The title: the round that ended, or who won the game."""
        view, tr = self.table.view, self.app.tr
        if self.final:
            return self.winners_headline()
        record = self.record()
        return tr("summary.round_over", n=record["round"] if record else view.round_number)

    def subline(self):
        """How the round ended: who went out (Rummy or not), or why it was blocked."""
        record, tr = self.record(), self.app.tr
        if record is None:
            return None
        if record["end"] != "out":
            return tr(f"tiles.summary.{record['end']}")
        name = self.table.seat_name(record["winner"])
        points = record["scores"][record["winner"]]
        if record["rummy"]:
            return tr("tiles.summary.rummy", name=name, points=number_text(points))
        return tr("tiles.summary.out", name=name, points=number_text(points))

    def update(self, dt: float) -> None:
        # Once the table has stopped moving it is drawn one last time under the veil and kept:
        # the screen is then opaque and the table is not redrawn every frame behind it.
        super().update(dt)
        table = self.table
        if self.folded:
            return
        if self._still is None and table.sprites.settled and not table.news.flyers and not table.bubbles:
            still = pygame.Surface(self.app.size)
            table.draw(still)
            still.blit(self._veil_for(still.get_size()), (0, 0))
            self._still = still
            self.opaque = True

    def _veil_for(self, size: tuple[int, int]) -> pygame.Surface:
        if self._veil is None or self._veil.get_size() != size:
            self._veil = pygame.Surface(size)
            self._veil.fill((0, 0, 0))
            self._veil.set_alpha(150)
        return self._veil

    def draw_summary(self, surface: pygame.Surface) -> None:
        if self._still is not None and self._still.get_size() == surface.get_size():
            surface.blit(self._still, (0, 0))
        else:
            surface.blit(self._veil_for(surface.get_size()), (0, 0))
        if self._card is None:
            if self._warm_leftovers():
                return  # the veil alone for a frame or two, while the tiles' pictures are drawn
            self._card = self._render_card()
        pad = self.scale(24)
        surface.blit(self._card, (self.panel.x - pad, self.panel.y - pad))
        for b in self.buttons:
            b.draw(surface, self.app.fonts)

    WARM_PER_FRAME = 4
    """Leftover tiles' pictures drawn per frame before the card is shown (each takes about a
    millisecond from the vector art: two dozen at once made the round's last frame a hitch)."""

    def _warm_leftovers(self) -> bool:
        """Draw a few of the leftover tiles' pictures; True while some are still to draw."""
        art, s = self.app.art, self.scale
        width, colour_blind = s(20), self.app.settings.colour_blind
        done = 0
        state = self.table.state
        for seat in range(state.num_players):
            for tile in state.hand(seat):
                if not art.has_tile(tile, width, colour_blind=colour_blind):
                    if done == self.WARM_PER_FRAME:
                        return True
                    art.tile(tile, width, colour_blind=colour_blind)
                    done += 1
        return False

    def _render_card(self) -> pygame.Surface:
        """The panel and everything on it but the buttons (it does not change while shown)."""
        s, fonts = self.scale, self.app.fonts
        pad = s(24)
        card = pygame.Surface(self.panel.inflate(2 * pad, 2 * pad).size, pygame.SRCALPHA)
        panel = pygame.Rect(pad, pad, self.panel.width, self.panel.height)
        draw_panel(card, panel, radius=s(18))
        headline = self.headline()
        size = fonts.fit(headline, s.font(32), panel.width - s(40), bold=True)
        fonts.draw(
            card, headline, (panel.centerx, panel.y + s(20)), size, theme.INK, bold=True, anchor="midtop"
        )
        y = panel.y + s(68)
        sub = self.subline()
        if sub:
            for line in fonts.wrap(sub, s.font(19), panel.width - s(60)):
                fonts.draw(card, line, (panel.centerx, y), s.font(19), theme.INK_SOFT, anchor="midtop")
                y += fonts.line_height(s.font(19))
        y += s(12)
        bottom = panel.bottom - s(90)
        leftovers_h = self._leftovers_height()
        sheet_h = min(self._sheet_height(), bottom - y - leftovers_h)
        if sheet_h < min(self._sheet_height(), 5 * s(28)):  # a window too small for both
            leftovers_h = 0
            sheet_h = min(self._sheet_height(), bottom - y)
        if leftovers_h:
            self._draw_leftovers(card, pygame.Rect(panel.x + s(28), y, panel.width - s(56), leftovers_h))
            y += leftovers_h
        sheet = pygame.Rect(panel.x + s(28), y, panel.width - s(56), sheet_h)
        draw_score_sheet(self.table.pen(), self.table.view, card, sheet)
        return card

    def _leftovers_height(self) -> int:
        """The height of the racks' list: its title and a row per player."""
        s = self.scale
        return self.table.view.num_players * s(34) + s(36)

    def _sheet_height(self) -> int:
        """The score sheet's height with every round at its full row height."""
        view = self.table.view
        return (max(view.options.rounds, len(view.sheet)) + 2) * self.scale(38)

    def _draw_leftovers(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What each player still holds (the round is over, the racks are shown)."""
        table, s, fonts = self.table, self.scale, self.app.fonts
        state = table.state
        record = self.record()
        fonts.draw(surface, self.app.tr("tiles.summary.left"), rect.topleft, s.font(17), theme.INK, bold=True)
        y = rect.y + s(30)
        name_w = s(150)
        tile_w = s(20)
        for seat in range(state.num_players):
            rack = sorted(state.hand(seat), key=lambda t: (t.is_star, t.colour, t.number))
            name = table.seat_name(seat)
            fitted = fonts.fit(name, s.font(16), name_w - s(8), bold=True)
            fonts.draw(surface, name, (rect.x, y + s(14)), fitted, theme.INK, bold=True, anchor="midleft")
            x = rect.x + name_w
            limit = rect.right - s(70)
            for tile in rack:
                if x + tile_w > limit:
                    fonts.draw(
                        surface, Verbatim("…"), (x, y + s(14)), s.font(16), theme.INK, anchor="midleft"
                    )
                    break
                image = table.app.art.tile(tile, tile_w, colour_blind=table.app.settings.colour_blind)
                surface.blit(image, (x, y))
                x += tile_w + s(2)
            if record is not None:
                penalty = record["penalties"][seat]
                fonts.draw(
                    surface,
                    number_text(-penalty) if penalty else Verbatim("0"),
                    (rect.right, y + s(14)),
                    s.font(16),
                    theme.INK_SOFT,
                    bold=True,
                    anchor="midright",
                )
            y += s(34)
