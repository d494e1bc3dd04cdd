"""The Continue list: one line per saved game (the game, its players, the round, when it was
last played), each with "Continue" and "Delete" (after a confirmation).

Every save is read when the list opens; one that cannot be read is set aside with a message
and the others are listed as usual."""

from __future__ import annotations

import time

import pygame

from game.i18n import Verbatim
from game.ui import theme
from game.ui.emblems import game_icon
from game.ui.games import table_info
from game.ui.scene import AppServices, Scene
from game.ui.session import SavedGame, saved_games
from game.ui.widgets import Button, draw_screen_panel


def played_when(app: AppServices, stamp: float | None) -> str:
    """When a save was last written, in the current language (``""`` when unknown)."""
    if stamp is None:
        return ""
    moment = time.localtime(stamp)
    months = [m.strip() for m in app.tr("saves.months").split(",")]
    month = months[moment.tm_mon - 1] if len(months) == 12 else str(moment.tm_mon)
    return app.tr(
        "saves.last_played",
        day=moment.tm_mday,
        month=Verbatim(month),
        year=moment.tm_year,
        time=Verbatim(f"{moment.tm_hour:02d}:{moment.tm_min:02d}"),
    )


class SavedGameRow:
    """One saved game on the list, with its two buttons."""

    def __init__(self, scene: SavedGamesScene, saved: SavedGame) -> None:
        app = scene.app
        self.saved = saved
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.resume = Button(
            lambda: app.tr("common.continue"),
            lambda: app.show_table(saved.session),
            primary=True,
            name=f"resume.{saved.game}",
        )
        self.delete = Button(
            lambda: app.tr("saves.delete"), lambda: scene.ask_delete(saved.game), name=f"delete.{saved.game}"
        )


class SavedGamesScene(Scene):
    """See the module docstring."""

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.back = Button(lambda: app.tr("common.back"), self.close, name="back")
        self.rows: list[SavedGameRow] = []
        self.read_saves()

    def read_saves(self) -> None:
        """Read every saved game again (after a delete); report those set aside."""
        found, problems = saved_games(self.app.storage)
        for problem in problems:
            self.app.notify(self.app.tr(f"problem.{problem}"), bad=True)
        self.rows = [SavedGameRow(self, saved) for saved in found]

    def ask_delete(self, game: str) -> None:
        name = self.app.tr(f"game.{game}.name")
        self.app.confirm(
            self.app.tr("saves.delete_question", game=name),
            self.app.tr("saves.delete"),
            lambda: self.delete(game),
        )

    def delete(self, game: str) -> None:
        self.app.delete_saved_game(game)
        self.read_saves()
        if not self.rows:
            self.close()
            return
        self.layout(self.app.size)

    def close(self) -> None:
        self.app.scenes.pop()

    # Layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        self.panel = pygame.Rect(0, 0, min(w - s(40), s(980)), min(h - s(40), s(720)))
        self.panel.center = (w // 2, h // 2)
        top = self.panel.y + s(90)
        bottom = self.panel.bottom - s(100)
        row_h = min(s(130), (bottom - top) // max(1, len(self.rows)) - s(12))
        bw, bh = s(170), min(s(48), (row_h - s(24)) // 2 + s(4))
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(
                self.panel.x + s(36), top + i * (row_h + s(12)), self.panel.width - s(72), row_h
            )
            x = row.rect.right - s(16) - bw
            row.resume.rect = pygame.Rect(x, row.rect.centery - bh - s(4), bw, bh)
            row.delete.rect = pygame.Rect(x, row.rect.centery + s(4), bw, bh)
            for b in (row.resume, row.delete):
                b.font_size = s.font(18)
        self.back.rect = pygame.Rect(0, 0, s(190), s(52))
        self.back.rect.bottomleft = (self.panel.x + s(36), self.panel.bottom - s(24))
        self.back.font_size = s.font(21)

    def widgets(self) -> list:
        return [*(b for row in self.rows for b in (row.resume, row.delete)), self.back]

    # Input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        for b in self.widgets():
            if b.handle(event):
                return True
        return True

    # Drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, s, fonts, tr = self.app, self.scale, self.app.fonts, self.app.tr
        draw_screen_panel(surface, app, s, self.panel, tr("saves.title"), s(26))
        for row in self.rows:
            self._draw_row(surface, row)
        self.back.draw(surface, fonts)

    def _draw_row(self, surface: pygame.Surface, row: SavedGameRow) -> None:
        app, s, fonts, tr = self.app, self.scale, self.app.fonts, self.app.tr
        saved = row.saved
        pygame.draw.rect(surface, (236, 226, 200), row.rect, border_radius=s(12))
        pygame.draw.rect(surface, theme.PANEL_EDGE, row.rect, width=1, border_radius=s(12))
        icon_size = min(s(84), row.rect.height - s(16))
        icon = game_icon(app.art, saved.game, icon_size, app.lang)
        surface.blit(icon, icon.get_rect(midleft=(row.rect.x + s(14), row.rect.centery)))
        x = row.rect.x + s(28) + icon.get_width()
        width = row.resume.rect.x - s(16) - x
        saved.session.rename_default_seats(lambda n: tr("setup.default_player", n=n))
        round_label = table_info(saved.game).round_label(tr, saved.session.state)
        lines = [
            (tr(f"game.{saved.game}.name"), s.font(22), theme.INK, True),
            (Verbatim(", ".join(saved.names)), s.font(17), theme.INK, False),
            (
                tr("saves.details", round=round_label, when=played_when(app, saved.last_played)),
                s.font(16),
                theme.INK_SOFT,
                False,
            ),
        ]
        total = sum(fonts.line_height(size, bold=bold) for _, size, _, bold in lines)
        y = row.rect.centery - total // 2
        for text, size, colour, bold in lines:
            fitted = fonts.fit(text, size, width, bold=bold, minimum=s.font(12))
            fonts.draw(surface, text, (x, y), fitted, colour, bold=bold)
            y += fonts.line_height(size, bold=bold)
        row.resume.draw(surface, fonts)
        row.delete.draw(surface, fonts)
