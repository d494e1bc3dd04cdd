"""The table's menu: resume, rules, settings, or leave for the title (the game stays saved)."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.scene import AppServices, Scene
from game.ui.widgets import Button, dim, draw_panel


class PauseScene(Scene):
    """An overlay over the table (see the module docstring)."""

    opaque = False

    def __init__(self, app: AppServices, game: str) -> None:
        super().__init__(app)
        tr = app.tr
        self.buttons = [
            Button(lambda: tr("menu.resume"), self.close, primary=True, name="resume"),
            Button(lambda: tr("common.rules"), lambda: app.open_rules(game), name="rules"),
            Button(lambda: tr("common.settings"), app.open_settings, name="settings"),
            Button(lambda: tr("menu.leave"), app.back_to_title, name="leave"),
        ]

    def close(self) -> None:
        self.app.scenes.pop()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        bh, gap = s(54), s(16)
        self.panel = pygame.Rect(0, 0, s(440), s(120) + len(self.buttons) * (bh + gap) + s(50))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.y + s(100)
        for b in self.buttons:
            b.rect = pygame.Rect(self.panel.x + s(50), y, self.panel.width - s(100), bh)
            b.font_size = s.font(21)
            y += bh + gap

    def widgets(self) -> list:
        return list(self.buttons)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        s, fonts = self.scale, self.app.fonts
        dim(surface)
        draw_panel(surface, self.panel, radius=s(18))
        fonts.draw(
            surface,
            self.app.tr("menu.title"),
            (self.panel.centerx, self.panel.y + s(34)),
            s.font(32),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        fonts.draw(
            surface,
            self.app.tr("menu.saved"),
            (self.panel.centerx, self.panel.bottom - s(22)),
            s.font(16),
            theme.INK_SOFT,
            anchor="midbottom",
        )
        for b in self.buttons:
            b.draw(surface, fonts)
