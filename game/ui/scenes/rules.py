"""The rules screens: each game's rules in the current language, scrollable, and a button to
its guided lesson ("Learn to play").

The text lives in the catalogues (``rules.<game>.text``) with a light markup: ``## `` heading,
``- `` bullet, ``| a | b`` table row (the first row is the header), blank line between
paragraphs, ``**bold**`` for key terms. The page is laid out once per width and language.
"""

from __future__ import annotations

import re

import pygame

from game.i18n import Text
from game.lessons import has_lesson
from game.ui import theme
from game.ui.games import GAMES
from game.ui.scene import Scene
from game.ui.text import Fonts
from game.ui.widgets import Button, Segmented, draw_panel


def layout_rules(text: str, fonts: Fonts, width: int, size: int) -> pygame.Surface:
    """The rules text rendered as one tall transparent surface ``width`` wide."""
    line_h = fonts.line_height(size)
    pieces: list[tuple[int, pygame.Surface]] = []
    y = 0
    table: list[list[str]] = []

    def flush_table() -> None:
        nonlocal y, table
        if not table:
            return
        columns = max(len(r) for r in table)
        col_w = width // columns
        for r, row in enumerate(table):
            row_surface = pygame.Surface((width, line_h + 8), pygame.SRCALPHA)
            if r == 0:
                pygame.draw.rect(row_surface, (*theme.GOLD, 120), row_surface.get_rect(), border_radius=6)
            elif r % 2 == 0:
                pygame.draw.rect(row_surface, (0, 0, 0, 14), row_surface.get_rect())
            for c, cell in enumerate(row):
                cell_size = fonts.fit(Text(cell), size - 1, col_w - 12, bold=r == 0)
                rendered = fonts.render(Text(cell), cell_size, theme.INK, bold=r == 0)
                row_surface.blit(rendered, (c * col_w + 8, 4))
            pieces.append((y, row_surface))
            y += line_h + 8
        y += line_h // 2
        table = []

    for raw in text.split("\n"):
        line = raw.rstrip()
        if line.startswith("| "):
            table.append([cell.strip() for cell in line.strip("| ").split(" | ")])
            continue
        flush_table()
        if not line:
            y += line_h // 2
        elif line.startswith("## "):
            y += line_h // 2
            heading = fonts.render(Text(line[3:]), round(size * 1.3), theme.GOLD_DARK, bold=True)
            pieces.append((y, heading))
            y += heading.get_height() + line_h // 4
        else:
            bullet = line.startswith("- ")
            body = line[2:] if bullet else line
            indent = round(size * 1.4) if bullet else 0
            for i, wrapped in enumerate(fonts.wrap(Text(body), size, width - indent)):
                rendered = _render_rich(fonts, wrapped, size)
                if bullet and i == 0:
                    pieces.append((y, _bullet(size, line_h)))
                pieces.append((y, _offset(rendered, indent)))
                y += line_h
    flush_table()
    page = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
    for top, surface in pieces:
        page.blit(surface, (0, top))
    return page


def _bullet(size: int, line_h: int) -> pygame.Surface:
    dot = pygame.Surface((size, line_h), pygame.SRCALPHA)
    pygame.draw.circle(dot, theme.GOLD_DARK, (size // 2, line_h // 2), max(2, size // 6))
    return dot


def _offset(surface: pygame.Surface, dx: int) -> pygame.Surface:
    if dx == 0:
        return surface
    out = pygame.Surface((surface.get_width() + dx, surface.get_height()), pygame.SRCALPHA)
    out.blit(surface, (dx, 0))
    return out


def _render_rich(fonts: Fonts, line: str, size: int) -> pygame.Surface:
    """A line in which ``**...**`` spans are bold."""
    parts = line.split("**")
    surfaces = [
        fonts.render(Text(part), size, theme.INK, bold=i % 2 == 1) for i, part in enumerate(parts) if part
    ]
    width = sum(s.get_width() for s in surfaces)
    height = max((s.get_height() for s in surfaces), default=fonts.line_height(size))
    out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for s in surfaces:
        out.blit(s, (x, 0))
        x += s.get_width()
    return out


OPTION_PLACEHOLDER = re.compile(r"\{o__(\w+)\}")
"""An option's name in a rules text."""


class RulesScene(Scene):
    """The rules of the three games, one tab each (see the module docstring)."""

    arrow_focus = False  # Up and Down scroll the page

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.scroll = 0.0
        self.target_scroll = 0.0
        self._page: pygame.Surface | None = None
        self._page_key: tuple | None = None
        self.tabs = Segmented(
            choices=[(g, (lambda g=g: app.tr(f"game.{g}.name"))) for g in GAMES],
            selected=lambda: self.game,
            on_select=self.select,
            name="tabs",
        )
        self.back = Button(lambda: app.tr("common.back"), self.close, primary=True, name="back")
        self.learn = Button(lambda: app.tr("lesson.learn"), lambda: app.open_lesson(self.game), name="learn")
        self._dragging: int | None = None

    def select(self, game: str) -> None:
        self.game = game
        self.scroll = self.target_scroll = 0.0

    def close(self) -> None:
        self.app.scenes.pop()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        self.panel = pygame.Rect(0, 0, min(w - s(60), s(1060)), h - s(60))
        self.panel.center = (w // 2, h // 2)
        self.tabs.rect = pygame.Rect(0, 0, min(self.panel.width - s(80), s(720)), s(44))
        self.tabs.rect.midtop = (self.panel.centerx, self.panel.y + s(86))
        self.tabs.font_size = s.font(17)
        self.view = pygame.Rect(
            self.panel.x + s(48),
            self.tabs.rect.bottom + s(20),
            self.panel.width - s(96),
            self.panel.bottom - self.tabs.rect.bottom - s(110),
        )
        self.back.rect = pygame.Rect(0, 0, s(200), s(50))
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - s(20))
        self.learn.rect = pygame.Rect(0, 0, s(240), s(50))
        self.learn.rect.midbottom = (self.panel.centerx + s(130), self.back.rect.bottom)
        self.back.rect.midbottom = (self.panel.centerx - s(110), self.back.rect.bottom)
        for button in (self.back, self.learn):
            button.font_size = s.font(20)
        self._page = None

    def widgets(self) -> list:
        return [self.tabs, self.back, *([self.learn] if has_lesson(self.game) else [])]

    def rules_text(self):
        """The rules of the game shown, each option named by its own catalogue entry (the one
        the setup screen shows): ``{o__turn_rule__draw}`` is ``option.<game>.turn_rule.draw``."""
        key = f"rules.{self.game}.text"
        names = OPTION_PLACEHOLDER.findall(str(self.app.tr(key)))
        params = {f"o__{n}": self.app.tr(f"option.{self.game}.{n.replace('__', '.')}") for n in names}
        return self.app.tr(key, **params)

    def page(self) -> pygame.Surface:
        key = (self.game, self.app.lang, self.view.width)
        if self._page is None or self._page_key != key:
            text = self.rules_text()
            self._page = layout_rules(
                text, self.app.fonts, self.view.width - self.scale(16), self.scale.font(18)
            )
            self._page_key = key
        return self._page

    def max_scroll(self) -> float:
        return max(0.0, self.page().get_height() - self.view.height)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            step = {
                pygame.K_DOWN: 60,
                pygame.K_UP: -60,
                pygame.K_PAGEDOWN: self.view.height * 0.9,
                pygame.K_PAGEUP: -self.view.height * 0.9,
                pygame.K_HOME: -1e9,
                pygame.K_END: 1e9,
            }
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key in step:
                self.target_scroll = min(self.max_scroll(), max(0.0, self.target_scroll + step[event.key]))
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.target_scroll = min(
                self.max_scroll(), max(0.0, self.target_scroll - event.y * self.scale(70))
            )
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.view.collidepoint(event.pos):
            self._dragging = event.pos[1]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = None
        elif event.type == pygame.MOUSEMOTION and self._dragging is not None:
            self.target_scroll = min(
                self.max_scroll(), max(0.0, self.target_scroll - (event.pos[1] - self._dragging))
            )
            self.scroll = self.target_scroll
            self._dragging = event.pos[1]
        for widget in self.widgets():
            if widget.handle(event):
                return True
        return True

    def update(self, dt: float) -> None:
        self.scroll += (self.target_scroll - self.scroll) * min(1.0, dt * 16)

    def busy(self) -> bool:
        return abs(self.target_scroll - self.scroll) > 0.5

    def draw(self, surface: pygame.Surface) -> None:
        app, s, fonts = self.app, self.scale, self.app.fonts
        surface.blit(app.art.felt(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel, radius=s(18))
        fonts.draw(
            surface,
            app.tr("common.rules"),
            (self.panel.centerx, self.panel.y + s(26)),
            s.font(34),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        self.tabs.draw(surface, fonts, dark=False)
        page = self.page()
        clip = surface.get_clip()
        surface.set_clip(self.view)
        surface.blit(page, (self.view.x, self.view.y - round(self.scroll)))
        surface.set_clip(clip)
        if self.max_scroll() > 0:
            track = pygame.Rect(self.view.right + s(14), self.view.y, s(6), self.view.height)
            pygame.draw.rect(surface, (226, 216, 192), track, border_radius=s(3))
            frac = self.view.height / page.get_height()
            thumb_h = max(s(30), int(track.height * frac))
            thumb_y = track.y + int((track.height - thumb_h) * (self.scroll / self.max_scroll()))
            pygame.draw.rect(
                surface, theme.GOLD_DARK, (track.x, thumb_y, track.width, thumb_h), border_radius=s(3)
            )
        for button in self.widgets()[1:]:
            button.draw(surface, fonts)
