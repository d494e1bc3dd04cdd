"""What a table shows of the other players' turns: marks on the pieces laid or moved since the
watching player's last action, the "last turns" strip, and the round history panel (button
and key L). The facts come from ``follow.Follow``; this module only draws them."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import Verbatim
from game.ui import text as text_layer
from game.ui import theme
from game.ui.tables import follow as marks_of
from game.ui.tables.move_words import history_lines, sentence
from game.ui.text import Fonts
from game.ui.widgets import dim, draw_panel

MARK_COLOURS = {
    marks_of.LAID: theme.GOLD,
    marks_of.MOVED: (120, 200, 255),
    marks_of.WILD: (255, 140, 200),
}
"""Outline colours; each kind also has its own shape (a dot, corner brackets, a diamond)."""
HISTORY_KEY = pygame.K_l
HISTORY_LINES = 4
"""The most lines one action of the history wraps onto (before its font shrinks)."""


class FollowLayer:
    """Marks, the last-turns strip and the history panel of ``table`` (a ``TableScene``)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.history_open = False
        self.scroll = 0
        self._strip: tuple[tuple, pygame.Surface | None] | None = None
        """The strip's picture and what it was drawn from (drawn again only when that changes)."""
        self._rows: tuple[tuple, list[tuple[str, int, int]]] | None = None
        """The history's lines as drawn (text, action, size) and what they were made from."""

    # Input ------------------------------------------------------------------------------
    def toggle_history(self) -> None:
        """Open or close the round history."""
        self.history_open = not self.history_open
        self.scroll = 0
        self.table.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> bool:
        """The history's key, button, wheel and closing; True when the event was used."""
        if event.type == pygame.KEYDOWN and event.key == HISTORY_KEY:
            self.toggle_history()
            return True
        if self.history_open:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.history_open = False
                return True
            if event.type == pygame.MOUSEWHEEL:
                self.scroll = max(0, self.scroll - event.y)
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
                return True
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                if event.type == pygame.MOUSEBUTTONUP and not self.panel_rect().collidepoint(event.pos):
                    self.history_open = False
                return True
            return event.type in (pygame.KEYDOWN, pygame.KEYUP)
        return False

    # Geometry ---------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        w, h = self.table.app.size
        s = self.table.scale
        rect = pygame.Rect(0, 0, min(w - s(80), s(720)), min(h - s(120), s(600)))
        rect.center = (w // 2, h // 2)
        return rect

    def strip_cap(self) -> int:
        """How many last turns the strip shows: two on a small window, up to five on a tall
        one (the round history has them all)."""
        return max(2, min(5, (self.table.app.size[1] - 480) // 80))

    def strip_lines_room(self) -> int:
        """The lines of text the strip may take: one per other seat (at most ``strip_cap``), and
        one more so that the newest turn may wrap onto a second line before its font shrinks."""
        return max(1, min(self.strip_cap(), self.table.state.num_players - 1)) + 1

    def strip_room(self) -> int:
        """The height a table keeps free above its status line for the strip, so that nothing
        laid on the table lies under it."""
        s, fonts = self.table.scale, self.table.app.fonts
        if self.table.lesson is not None:  # the coach panel lies there, over the status line
            return self.table.lesson.panel.height() - self.table.status_rect.height + s(6)
        return fonts.line_height(s.font(15)) * self.strip_lines_room() + s(10) + s(6) + s(4)

    # Text -------------------------------------------------------------------------------
    def name_of(self, seat: int) -> Verbatim:
        return Verbatim(self.table.session.seats[seat].name)

    def strip_lines(self) -> list[Any]:
        """One sentence per other seat: its last turn, the most recent turn first."""
        fol = self.table.follow
        table = self.table
        turns = fol.last_turns()
        lines = []
        for seat, events in sorted(turns.items(), key=lambda kv: -kv[1][-1].index):
            if seat == fol.watcher:
                continue
            lines.append(
                sentence(table.app, self.name_of(seat), events, table.piece_words, self.name_of, short=True)
            )
        return lines

    def strip_starter(self) -> Any:
        """Who starts the round and why (the tile table's draw), until every seat has had a
        turn in it; ``None`` at a table that does not say (``deal_words``)."""
        deal_words = getattr(self.table, "deal_words", None)
        events = self.table.follow.events
        if deal_words is None or not events or events[0].kind != "deal":
            return None
        acted = {e.seat for e in events if e.is_turn_action}
        if len(acted) >= self.table.state.num_players or any(e.kind == "round_over" for e in events):
            return None
        return deal_words(events[0])

    def history(self) -> list[Any]:
        """Every public action of the round, newest first."""
        table = self.table
        return history_lines(
            table.app,
            table.follow.events,
            self.name_of,
            table.piece_words,
            getattr(table, "deal_words", None),
        )

    # Drawing ----------------------------------------------------------------------------
    def mark_frames(self) -> list[tuple[Any, str, pygame.Rect, bool]]:
        """Each marked piece on screen: its key, the kind of its mark, its frame around the part
        of the piece that shows (a card of a meld, under the next one, shows a strip at its left: its
        frame stops short of the next card, whose own frame starts there), and whether the
        piece shows whole."""
        table = self.table
        marks = table.follow.marks
        if not marks or table.scale is None:
            return []
        s = table.scale
        pad, gap = s(3), max(1, s(2))
        held = {sprite.key for sprite in table.gesture.held}
        ordered = [sprite for sprite in table.sprites.ordered() if sprite.key not in held]
        rects = [sprite.rect(table.piece_height(sprite.width)) for sprite in ordered]
        frames = []
        for k, sprite in enumerate(ordered):
            kind = marks.get(sprite.key)
            if kind is None or not sprite.face_up:
                continue
            rect = rects[k]
            shows = visible_part(rect, rects[k + 1 :])
            frame = shows.inflate(2 * pad, 2 * pad)
            if shows.right < rect.right:  # the next card lies there: stop short of it
                frame.width = shows.right - gap - frame.x
            if shows.left > rect.left:
                frame.width -= shows.left + gap - frame.x
                frame.x = shows.left + gap
            elif any(other.collidepoint(rect.left - 1, rect.centery) for other in rects[:k]):
                frame.width -= pad  # the card before shows there: start on this card's own edge
                frame.x += pad
            frames.append((sprite.key, kind, frame, shows == rect))
        return frames

    def draw_marks(self, surface: pygame.Surface) -> None:
        """An outline and a shape on the part that shows of every marked piece on screen."""
        frames = self.mark_frames()
        if not frames:
            return
        s = self.table.scale
        width = max(2, s(3))
        for _key, kind, rect, whole in frames:
            colour = MARK_COLOURS[kind]
            radius = min(s(7), rect.width // 2)
            if kind == marks_of.MOVED:
                _brackets(surface, rect, colour, width, max(s(8), rect.width // 3))
            else:
                pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)
            r = max(s(5), 4)
            # At the top right of a whole piece; on a strip, at its foot (its top holds the index).
            centre = (rect.right - r - width // 2, rect.top + r if whole else rect.bottom - r - width)
            if kind == marks_of.LAID:
                pygame.draw.circle(surface, theme.INK, centre, r + 1)
                pygame.draw.circle(surface, colour, centre, r)
            elif kind == marks_of.WILD:
                x, y = centre
                diamond = [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)]
                pygame.draw.polygon(surface, theme.INK, diamond)
                pygame.draw.polygon(surface, colour, diamond, width=max(2, r // 2))

    def draw_strip(self, surface: pygame.Surface) -> None:
        """The last turns of the other seats, under the top bar on the right."""
        table = self.table
        if table.scale is None:
            return
        if table.gesture.dragging or table.lesson is not None:
            return
        fol = table.follow
        key = (len(fol.events), fol.watcher, table.app.lang, table.status_rect.size)
        if self._strip is None or self._strip[0] != key:
            self._strip = (key, self._render_strip())
        picture = self._strip[1]
        if picture is not None:
            rect = picture.get_rect(
                midbottom=(table.status_rect.centerx, table.status_rect.top - table.scale(6))
            )
            surface.blit(picture, rect)
            text_layer.note(surface, "panel", rect)

    def strip_width(self) -> int:
        """The strip's width (its lines are ``s(20)`` narrower)."""
        s = self.table.scale
        return min(s(900), self.table.app.size[0] - 2 * s(40))

    def strip_rows(self) -> list[tuple[str, int]]:
        """The strip's lines as drawn, top first, each with its font size: the other seats'
        last turns, newest first, then who started the round while there is room. A turn too
        long for one line wraps onto the spare line (``strip_lines_room``) before its font
        shrinks, and shrinks (to 3 px less at most, then is cut) only when no line is left."""
        turns = self.strip_lines()[: self.strip_cap()]
        budget = self.strip_lines_room()
        starter = self.strip_starter()
        if starter is not None and len(turns) < budget:
            turns.append(starter)  # the oldest news, under the turns, while there is room
        fonts = self.table.app.fonts
        size = self.table.scale.font(15)
        room = self.strip_width() - self.table.scale(20)
        rows: list[tuple[str, int]] = []
        for i, turn in enumerate(turns):
            most = max(1, budget - len(rows) - (len(turns) - i - 1))
            fit, lines = fonts.fit_lines(turn, size, room, most, minimum=max(9, size - 3))
            rows += [(line, fit) for line in within(fonts, lines, fit, room, most)]
        return rows

    def _render_strip(self) -> pygame.Surface | None:
        table = self.table
        drawn = self.strip_rows()
        if not drawn:
            return None
        s, fonts = table.scale, table.app.fonts
        line_h = fonts.line_height(s.font(15))
        width = self.strip_width()
        picture = pygame.Surface((width, line_h * len(drawn) + s(10)), pygame.SRCALPHA)
        pygame.draw.rect(picture, (10, 30, 22, 185), picture.get_rect(), border_radius=s(10))
        y = s(5)
        for line, fit in drawn:
            text = fonts.render(line, fit, theme.CREAM)
            picture.blit(text, text.get_rect(midtop=(width // 2, y + (line_h - fonts.line_height(fit)) // 2)))
            y += line_h
        return picture

    def history_rows(self, size: int, width: int) -> list[tuple[str, int, int]]:
        """The history's actions as drawn lines, newest first: (text, the action's number,
        size). An action too long for one line wraps, its later lines indented (``width`` for
        the first line)."""
        table = self.table
        key = (len(table.follow.events), table.app.lang, size, width)
        if self._rows is None or self._rows[0] != key:
            fonts, indent = table.app.fonts, table.scale(18)
            rows = []
            for n, action in enumerate(self.history() or [table.app.tr("follow.history.empty")]):
                fit, lines = fonts.fit_lines(
                    action, size, width - indent, HISTORY_LINES, minimum=max(9, size - 3)
                )
                rows += [(line, n, fit) for line in within(fonts, lines, fit, width - indent, HISTORY_LINES)]
            self._rows = (key, rows)
        return self._rows[1]

    def draw_history(self, surface: pygame.Surface) -> None:
        """The round history panel, when open."""
        if not self.history_open or self.table.scale is None:
            return
        table = self.table
        s, fonts, app = table.scale, table.app.fonts, table.app
        dim(surface, 120)
        rect = self.panel_rect()
        draw_panel(surface, rect, colour=theme.PANEL_DARK, edge=theme.GOLD, radius=s(16))
        fonts.draw(
            surface,
            app.tr("follow.history.title"),
            (rect.x + s(24), rect.y + s(18)),
            s.font(24),
            theme.GOLD,
            bold=True,
        )
        fonts.draw(
            surface,
            app.tr("follow.history.hint"),
            (rect.right - s(24), rect.bottom - s(12)),
            s.font(14),
            theme.CREAM_SOFT,
            anchor="bottomright",
        )
        size = s.font(17)
        rows = self.history_rows(size, rect.width - s(48))
        line_h = fonts.line_height(size)
        step = line_h + s(4)
        top, bottom = rect.y + s(64), rect.bottom - s(44)
        fits = max(1, (bottom - top) // step)
        self.scroll = min(self.scroll, max(0, len(rows) - fits))
        for i, (line, action, fit) in enumerate(rows[self.scroll : self.scroll + fits]):
            row = self.scroll + i
            first = row == 0 or rows[row - 1][1] != action
            x = rect.x + s(24) + (0 if first else s(18))
            y = top + i * step + (line_h - fonts.line_height(fit)) // 2
            fonts.draw(surface, line, (x, y), fit, theme.CREAM if action else theme.GOLD)
        if len(rows) > fits:  # a scroll bar
            bar = pygame.Rect(rect.right - s(12), top, s(4), bottom - top)
            pygame.draw.rect(surface, (255, 255, 255, 40), bar, border_radius=s(2))
            knob_h = max(s(16), bar.height * fits // len(rows))
            knob_y = bar.y + (bar.height - knob_h) * self.scroll // max(1, len(rows) - fits)
            pygame.draw.rect(surface, theme.GOLD, (bar.x, knob_y, bar.width, knob_h), border_radius=s(2))


def visible_part(rect: pygame.Rect, above: list[pygame.Rect]) -> pygame.Rect:
    """The part of ``rect`` that shows under the rectangles ``above`` it: each one that covers
    its whole height over its right (or left) side cuts that side off."""
    shows = pygame.Rect(rect)
    for other in above:
        if other.top > shows.top or other.bottom < shows.bottom:
            continue
        if shows.left < other.left < shows.right:
            shows.width = other.left - shows.left
        elif shows.left < other.right < shows.right:
            shows.width -= other.right - shows.left
            shows.left = other.right
    return shows


def within(fonts: Fonts, lines: list[str], size: int, width: int, most: int) -> list[str]:
    """``lines`` (one text wrapped) cut to ``most``: the words beyond the last line are left
    out and the last line ends with an ellipsis when needed."""
    if len(lines) <= most and all(fonts.size(line, size)[0] <= width for line in lines):
        return lines
    kind = type(lines[0])
    last = kind(" ".join(lines[most - 1 :]))
    return [*lines[: most - 1], fonts.shorten(last, size, width)]


def _brackets(surface: pygame.Surface, rect: pygame.Rect, colour, width: int, arm: int) -> None:
    """Four corner brackets around ``rect`` (the mark of a moved piece)."""
    for (cx, cy), (dx, dy) in (
        (rect.topleft, (1, 1)),
        (rect.topright, (-1, 1)),
        (rect.bottomleft, (1, -1)),
        (rect.bottomright, (-1, -1)),
    ):
        pygame.draw.line(surface, colour, (cx, cy), (cx + dx * arm, cy), width)
        pygame.draw.line(surface, colour, (cx, cy), (cx, cy + dy * arm), width)
