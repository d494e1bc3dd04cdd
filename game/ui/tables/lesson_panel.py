"""The coach panel of a lesson (``tables/lesson.py``): what it shows and where.

The panel takes the place of the status line and of the "last turns" strip above it (the
tables keep that band free: ``FollowLayer.strip_room`` gives the panel's height during a
lesson), or, while a score sheet is open, the bottom of the window (the sheet is laid out
above it: ``TableScene.overlay_room``), clear of the table's buttons, beside the seats' panels
(``TableScene.seat_panels``) when it fits there at its width, else opaque over the whole of the
panels it would cut. It says the step in one or two sentences, with the
step's number, and holds Next or Finish (on steps that wait for them) and Leave. The step's
pieces glow gold, as the hint's do, and so do its places: a drop target of the table (found
by asking the table where the step's first piece may go, ``drop_targets``), one of its areas
(``TableScene.area``) or one of its buttons (``button:<name>``). A nudge is a bubble in the
coach's colours beside the gesture it answers, clear of the pieces it speaks of and of the
step's places.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui import text as text_layer
from game.ui import theme
from game.ui.dnd import BUBBLE_FADE, DropTarget, clear_place, hidden_area
from game.ui.motion import Sprite
from game.ui.tables.hint import HINT_GOLD, bubble_surface, draw_glow
from game.ui.widgets import Button

PANEL_HEIGHT = 104
"""The panel's height at the reference size (1280x800)."""
PANEL_WIDTH = 1000
"""Its widest, at the reference size (narrower windows: their width, less the margins)."""
PANEL_COLOUR = (14, 46, 32, 242)


class LessonPanel:
    """The coach panel of ``lesson`` (a ``Lesson``; see the module docstring)."""

    def __init__(self, lesson: Any) -> None:
        self.lesson = lesson
        self.table = lesson.table
        tr = self.table.app.tr
        self.next_button = Button(
            lambda: tr("lesson.finish" if lesson.step.wait == "finish" else "lesson.next"),
            lesson.press,
            primary=True,
            name="lesson_next",
        )
        self.leave_button = Button(lambda: tr("lesson.leave"), lesson.leave, name="lesson_leave")
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.clock = 0.0
        self._targets: tuple[Any, list[DropTarget]] | None = None
        self._text: tuple[Any, list[str], int] | None = None
        self._nudge_at: tuple[Any, pygame.Rect] | None = None

    # Where it lies ------------------------------------------------------------------------------
    def height(self) -> int:
        """The panel's height at the table's size."""
        return self.table.scale(PANEL_HEIGHT)

    def docked(self) -> bool:
        """True while a score sheet is open: the panel lies at the bottom of the window."""
        return bool(getattr(self.table, "show_sheet", False))

    def _where(self) -> pygame.Rect:
        """The panel's rectangle for the table's layout now."""
        table = self.table
        s, status = table.scale, table.status_rect
        h = self.height()
        width = min(table.app.size[0] - 2 * table.margin_x, s(PANEL_WIDTH))
        rect = pygame.Rect(0, status.bottom - h, width, h)
        rect.centerx = status.centerx
        rect.clamp_ip(pygame.Rect((0, 0), table.app.size).inflate(-2 * table.margin_x, 0))
        if self.docked():
            rect.bottom = table.app.size[1] - table.margin_y
            panels = table.seat_panels()
            left, right = self._free_span(rect, panels)
            if right - left < rect.width:  # too narrow beside the seats' panels: over them
                left, right = self._free_span(rect, [])
            rect.width = min(rect.width, right - left)
            rect.centerx = (left + right) // 2
            for panel in panels:  # a seat's panel is covered whole, never cut
                if panel.colliderect(rect):
                    rect.union_ip(panel)
        return rect

    def _free_span(self, band: pygame.Rect, panels: list[pygame.Rect]) -> tuple[int, int]:
        """The widest stretch of ``band``'s height, across the window, that none of the table's
        buttons nor of ``panels`` crosses (where the panel docks under an open score sheet)."""
        table = self.table
        mine = self.buttons()
        rects = [w.rect for w in table.widgets() if w not in mine and w.rect.width > 1] + panels
        taken = sorted((r.left, r.right) for r in rects if r.top < band.bottom and r.bottom > band.top)
        edge = table.margin_x
        gaps, start = [], edge
        for left, right in taken:
            gaps.append((start, left - table.scale(8)))
            start = max(start, right + table.scale(8))
        gaps.append((start, table.app.size[0] - edge))
        return max(gaps, key=lambda gap: gap[1] - gap[0])

    def place(self) -> None:
        """The panel's rectangle and its buttons' for the table's layout now."""
        table = self.table
        if table.scale is None:
            return
        s, h = table.scale, self.height()
        self.rect = self._where()
        pad = s(10)
        width = min(s(200), self.rect.width // 4)
        button_h = (h - 3 * pad) // 2
        x = self.rect.right - pad - width
        self.next_button.rect = pygame.Rect(x, self.rect.y + pad, width, button_h)
        self.leave_button.rect = pygame.Rect(x, self.rect.bottom - pad - button_h, width, button_h)
        if self.next_button not in self.buttons():  # alone, Leave sits in the middle
            self.leave_button.rect.centery = self.rect.centery
        for button in self.buttons():
            button.font_size = s.font(16)

    def room(self, size: tuple[int, int]) -> pygame.Rect:
        """Where a score sheet may lie while the panel is docked under it."""
        return pygame.Rect(0, 0, size[0], max(1, self._where().top - self.table.scale(6)))

    def buttons(self) -> list[Button]:
        """The panel's buttons shown now (Next or Finish only on steps that wait for them)."""
        lesson = self.lesson
        waits = lesson.step.wait in ("next", "finish") and not lesson.watching
        return [self.next_button, self.leave_button] if waits else [self.leave_button]

    # Every frame --------------------------------------------------------------------------------
    def changed(self) -> None:
        """The step, the language or the layout changed: words and places are found again."""
        self._targets = None
        self._text = None

    def update(self, dt: float = 0.0) -> None:
        self.clock += dt
        self.place()

    def handle(self, event: pygame.event.Event) -> bool:
        return any(button.handle(event) for button in self.buttons())

    # What glows ---------------------------------------------------------------------------------
    def targets(self) -> list[DropTarget]:
        """Where the step's first piece may be dropped (asked once per step and view)."""
        table, lesson = self.table, self.lesson
        key = (lesson.index, id(table.view), table.app.size, lesson.watching)
        if self._targets is None or self._targets[0] != key:
            held = self._first_piece()
            found = table.drop_targets([held]) if held is not None and table.scale is not None else []
            self._targets = (key, found)
        return self._targets[1]

    def _first_piece(self) -> Sprite | None:
        sprites = self.lesson.glowing()
        for token in self.lesson.step.glow:
            for sprite in sprites:
                if self.lesson._named(token, sprite):
                    return sprite
        return None

    def place_rects(self) -> list[pygame.Rect]:
        """The rectangles of the step's places (see the module docstring)."""
        table = self.table
        rects = []
        for name in self.lesson.step.places:
            if name.startswith("button:"):  # a button glows once it may be pressed
                wanted = name.partition(":")[2]
                rects += [
                    w.rect
                    for w in table.widgets()
                    if getattr(w, "name", "") == wanted and getattr(w, "enabled", True)
                ]
                continue
            area = table.area(name)
            if area is not None:
                rects.append(area)
                continue
            matching = [t.rect for t in self.targets() if t.key == name or t.key.startswith(name + ":")]
            rects += _joined(matching)
        return rects

    # Drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The glows, the panel, the nudge."""
        table, lesson = self.table, self.lesson
        if table.scale is None:
            return
        s = table.scale
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.2)
        if not lesson.watching and not self.docked():  # nothing glows under an open sheet
            for sprite in lesson.glowing():
                draw_glow(surface, self._shown_part(sprite), s(6), pulse)
            for rect in self.place_rects():
                _draw_place_glow(surface, rect.inflate(s(4), s(4)), s(10), pulse)
        self._draw_box(surface)
        if lesson.nudge is not None:
            self._draw_nudge(surface)

    def _shown_part(self, sprite: Sprite) -> pygame.Rect:
        """The part of ``sprite`` not covered by a piece drawn over it on its right (a fan)."""
        table = self.table
        rect = sprite.rect(table.piece_height(sprite.width))
        right = rect.right
        for other in table.sprites.sprites.values():
            if other is sprite or other.z <= sprite.z:
                continue
            cover = other.rect(table.piece_height(other.width))
            if (
                cover.colliderect(rect)
                and rect.left < cover.left < right
                and abs(cover.top - rect.top) < rect.height // 3
            ):
                right = cover.left
        return pygame.Rect(rect.x, rect.y, max(table.scale(12), right - rect.x), rect.height)

    def _lines(self, width: int, height: int) -> tuple[list[str], int]:
        """The step's words cut to ``width``, at the largest size that fits ``height``."""
        table = self.table
        fonts, s = table.app.fonts, table.scale
        text = self.lesson.text()
        key = (str(text), width, height)
        if self._text is None or self._text[0] != key:
            size = s.font(17)
            lines = fonts.wrap(text, size, width)
            while size > 11 and len(lines) * fonts.line_height(size) > height:
                size -= 1
                lines = fonts.wrap(text, size, width)
            self._text = (key, lines, size)
        return self._text[1], self._text[2]

    def _draw_box(self, surface: pygame.Surface) -> None:
        table, lesson = self.table, self.lesson
        s, fonts, tr = table.scale, table.app.fonts, table.app.tr
        rect = self.rect
        radius = s(12)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        colour = (*PANEL_COLOUR[:3], 255) if self.docked() else PANEL_COLOUR  # what it covers, hidden
        pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
        pygame.draw.rect(layer, (*theme.GOLD, 255), layer.get_rect(), width=2, border_radius=radius)
        surface.blit(layer, rect)
        text_layer.note(surface, "panel", rect)
        pad = s(12)
        count = len(lesson.script.steps)
        head = tr("lesson.step", game=tr(f"game.{lesson.script.game}.name"), n=lesson.index + 1, count=count)
        head_size = s.font(14)
        text_right = self.next_button.rect.left - pad
        fonts.draw(
            surface, head, (rect.x + pad, rect.y + s(7)), head_size, theme.GOLD, bold=True, anchor="topleft"
        )
        top = rect.y + s(7) + fonts.line_height(head_size, bold=True)
        lines, size = self._lines(text_right - rect.x - pad, rect.bottom - s(6) - top)
        line_h = fonts.line_height(size)
        for i, line in enumerate(lines):
            fonts.draw(surface, line, (rect.x + pad, top + i * line_h), size, theme.CREAM, anchor="topleft")
        for button in self.buttons():
            button.draw(surface, fonts)

    def _nudge_place(self, size: tuple[int, int], pos: tuple[int, int]) -> pygame.Rect:
        """Where a nudge of ``size`` goes: beside the gesture's place ``pos``, or else just
        above the coach panel, whichever hides less of the pieces it speaks of
        (``Lesson.spoken_of``), of the places the step points at (not a whole area, such as the
        table), of the coach's words and of the table's labels, then of the other pieces and
        the buttons (beside the gesture when both hide as little)."""
        table, lesson = self.table, self.lesson
        window = pygame.Rect((0, 0), table.app.size)
        about = [sp.rect(table.piece_height(sp.width)) for sp in lesson.spoken_of()]
        about += [r for r in self.place_rects() if r.width * r.height * 8 < window.width * window.height]
        about += [self.rect, *table.labels()]
        others = [sp.rect(table.piece_height(sp.width)) for sp in table.sprites.sprites.values()]
        others += [w.rect for w in table.widgets() if w.rect.width > 1]
        key = (size, pos, window.size, *map(tuple, about), *map(tuple, others))
        if self._nudge_at is None or self._nudge_at[0] != key:
            room = window.inflate(-table.margin_x * 2, -table.margin_y * 2)
            gap = table.scale(12)
            near = clear_place(size, pygame.Rect(pos, (1, 1)), gap, room, others, first=about)
            above = clear_place(size, self.rect, gap, room, others, first=about)
            best = min((near, above), key=lambda box: (hidden_area(box, about), hidden_area(box, others)))
            self._nudge_at = (key, best)
        return self._nudge_at[1]

    def _draw_nudge(self, surface: pygame.Surface) -> None:
        table = self.table
        s, fonts = table.scale, table.app.fonts
        bubble = self.lesson.nudge
        size = s.font(17)
        icon = table.app.art.icon("hint", size * 3 // 2, theme.GOLD)
        layer = bubble_surface(bubble.text, fonts, size, surface.get_width() // 2, icon)
        layer.set_alpha(int(255 * max(0.0, min(1.0, bubble.fade / BUBBLE_FADE))))
        box = self._nudge_place(layer.get_size(), bubble.pos)
        surface.blit(layer, box)
        text_layer.note(surface, "panel", box)


def _joined(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with those that touch merged (the two halves of a run are one place; a
    contract's slots stay apart)."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        for i, other in enumerate(merged):
            if other.inflate(2, 2).colliderect(rect):
                merged[i] = other.union(rect)
                break
        else:
            merged.append(pygame.Rect(rect))
    return merged


def _draw_place_glow(surface: pygame.Surface, rect: pygame.Rect, radius: int, pulse: float) -> None:
    """A place to use: a gold edge with a soft halo outside it, its strength following
    ``pulse`` (0 to 1), its corners as round as a panel's whatever its size."""
    spread = max(3, radius // 2)
    outer = rect.inflate(spread * 2, spread * 2)
    layer = pygame.Surface(outer.size, pygame.SRCALPHA)
    for i in range(spread):
        alpha = int((40 + 70 * pulse) * (i + 1) / spread)
        ring = layer.get_rect().inflate(-i * 2, -i * 2)
        pygame.draw.rect(layer, (*HINT_GOLD, alpha), ring, width=2, border_radius=radius + spread - i)
    inner = layer.get_rect().inflate(-spread * 2, -spread * 2)
    pygame.draw.rect(layer, (*HINT_GOLD, 22 + int(18 * pulse)), inner, border_radius=radius)
    pygame.draw.rect(layer, (*HINT_GOLD, 190 + int(65 * pulse)), inner, width=3, border_radius=radius)
    surface.blit(layer, outer)
