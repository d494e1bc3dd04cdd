"""The record of play: one game at a time (tabs), one row per opponent level, with games played
and won, the win rate, the best and average score and the winning streaks; "Reset" forgets it
all after a confirmation."""

from __future__ import annotations

import pygame

from game.i18n import Verbatim
from game.ui import theme
from game.ui.games import GAMES
from game.ui.scene import AppServices, Scene
from game.ui.stats import LEVELS, Line
from game.ui.widgets import Button, Segmented, draw_screen_panel


def level_label(level: str) -> str:
    """The catalogue key naming a row: the computer levels are named as on the setup screen."""
    return "stats.level.people" if level == "people" else f"setup.kind.{level}"


COLUMNS = ("played", "won", "win_rate", "best", "average", "streak", "longest")


class StatsScene(Scene):
    """See the module docstring."""

    def __init__(self, app: AppServices, game: str = GAMES[0]) -> None:
        super().__init__(app)
        tr = app.tr
        self.game = game
        self.record, problem = app.storage.load_stats()
        if problem:
            app.notify(tr(f"problem.{problem}"), bad=True)
        self.tabs = Segmented(
            choices=[(g, (lambda g=g: tr(f"game.{g}.name"))) for g in GAMES],
            selected=lambda: self.game,
            on_select=self._select,
            name="tabs",
        )
        self.back = Button(lambda: tr("common.back"), self.close, name="back")
        self.reset = Button(lambda: tr("stats.reset"), self._ask_reset, name="reset")

    def _select(self, game: str) -> None:
        self.game = game

    def _ask_reset(self) -> None:
        self.app.confirm(self.app.tr("stats.reset_question"), self.app.tr("stats.reset"), self._reset)

    def _reset(self) -> None:
        self.app.storage.reset_stats()
        self.record, _ = self.app.storage.load_stats()

    def close(self) -> None:
        self.app.scenes.pop()

    # Values -----------------------------------------------------------------------------
    def cell(self, line: Line, column: str) -> str:
        """The text of one cell (a dash when there is nothing to show yet)."""
        if column in ("played", "won", "streak", "longest"):
            return Verbatim(str(getattr(line, column)))
        if not line.played:
            return Verbatim("–")
        if column == "win_rate":
            return self.app.tr("common.percent", n=round(100 * (line.win_rate or 0)))
        if column == "best":
            return Verbatim(str(line.best))
        average = f"{line.average:.1f}"
        return Verbatim(average.replace(".", ",") if self.app.lang == "fr" else average)

    def table(self) -> list[tuple[str, list[str]]]:
        """The rows shown for the current game: the level and its cells."""
        return [
            (level, [self.cell(self.record.line(self.game, level), c) for c in COLUMNS]) for level in LEVELS
        ]

    # Layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        self.panel = pygame.Rect(0, 0, min(w - s(40), s(1100)), min(h - s(40), s(680)))
        self.panel.center = (w // 2, h // 2)
        self.tabs.rect = pygame.Rect(0, 0, min(self.panel.width - s(80), s(760)), s(46))
        self.tabs.rect.midtop = (self.panel.centerx, self.panel.y + s(84))
        self.tabs.font_size = s.font(18)
        self.grid = pygame.Rect(
            self.panel.x + s(36),
            self.tabs.rect.bottom + s(30),
            self.panel.width - s(72),
            self.panel.bottom - s(100) - self.tabs.rect.bottom - s(30),
        )
        self.back.rect = pygame.Rect(0, 0, s(190), s(52))
        self.back.rect.bottomleft = (self.panel.x + s(36), self.panel.bottom - s(24))
        self.reset.rect = pygame.Rect(0, 0, s(230), s(52))
        self.reset.rect.bottomright = (self.panel.right - s(36), self.panel.bottom - s(24))
        for b in (self.back, self.reset):
            b.font_size = s.font(20)

    def widgets(self) -> list:
        return [self.tabs, self.back, self.reset]

    # Input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        for widget in self.widgets():
            if widget.handle(event):
                return True
        return True

    # Drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, s, fonts, tr = self.app, self.scale, self.app.fonts, self.app.tr
        draw_screen_panel(surface, app, s, self.panel, tr("common.stats"), s(24))
        self.tabs.draw(surface, fonts, dark=False)
        grid = self.grid
        first_w = int(grid.width * 0.22)
        col_w = (grid.width - first_w) // len(COLUMNS)
        rows = self.table()
        row_h = min(s(56), grid.height // (len(rows) + 1))
        head = s.font(15)
        for k, column in enumerate(COLUMNS):
            x = grid.x + first_w + k * col_w + col_w // 2
            lines = fonts.wrap(tr(f"stats.column.{column}"), head, col_w - s(8), bold=True)[:2]
            y = grid.y + row_h // 2 - len(lines) * fonts.line_height(head, bold=True) // 2
            for line in lines:
                size = fonts.fit(line, head, col_w - s(8), bold=True, minimum=s.font(11))
                fonts.draw(surface, line, (x, y), size, theme.GOLD_DARK, bold=True, anchor="midtop")
                y += fonts.line_height(head, bold=True)
        body = s.font(19)
        label_size = min(
            fonts.fit(tr(level_label(level)), s.font(18), first_w - s(20), bold=True, minimum=s.font(12))
            for level, _ in rows
        )
        for r, (level, cells) in enumerate(rows):
            y = grid.y + (r + 1) * row_h
            band = pygame.Rect(grid.x, y, grid.width, row_h - s(4))
            pygame.draw.rect(surface, (236, 226, 200), band, border_radius=s(8))
            label = tr(level_label(level))
            fonts.draw(
                surface,
                label,
                (grid.x + s(14), band.centery),
                label_size,
                theme.INK,
                bold=True,
                anchor="midleft",
            )
            for k, text in enumerate(cells):
                x = grid.x + first_w + k * col_w + col_w // 2
                fonts.draw(surface, text, (x, band.centery), body, theme.INK, anchor="center")
        self.back.draw(surface, fonts)
        self.reset.draw(surface, fonts)
