"""The hot-seat hand-off: a full screen that hides every hand until the next person is ready."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import Verbatim
from game.ui import theme
from game.ui.games import table_info
from game.ui.scene import Scene
from game.ui.widgets import Button, draw_panel


class HandoffScene(Scene):
    """ "Pass to Marie": opaque, so nothing of the table shows; a click reveals Marie's hand."""

    opaque = True

    def __init__(self, app, name: str, on_ready: Callable[[], None], game: str = "") -> None:
        super().__init__(app)
        self.player_name = Verbatim(name)
        self.on_ready = on_ready
        self.game = game
        self.rack = bool(game) and table_info(game).rack
        """The player holds a rack of tiles (the words and the backs shown say so)."""
        self.ready = Button(
            lambda: app.tr(self._key("handoff.ready"), name=self.player_name),
            self._ready,
            primary=True,
            name="ready",
        )

    def _key(self, key: str) -> str:
        """The tile game speaks of a rack, the card games of a hand."""
        return f"{key}.tiles" if self.rack else key

    def _ready(self) -> None:
        self.app.scenes.pop()
        self.on_ready()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        self.panel = pygame.Rect(0, 0, min(w - s(80), s(720)), s(290))
        self.panel.center = (w // 2, h // 2)
        self.ready.rect = pygame.Rect(0, 0, min(self.panel.width - s(80), s(460)), s(60))
        self.ready.rect.midbottom = (self.panel.centerx, self.panel.bottom - s(34))
        self.ready.font_size = s.font(22)

    def widgets(self) -> list:
        return [self.ready]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._ready()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False  # the table below offers its menu
        self.ready.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, s, fonts = self.app, self.scale, self.app.fonts
        surface.blit(app.art.felt(surface.get_size()), (0, 0))
        back = (
            app.art.card_back(s(120), app.settings.card_back) if not self.rack else app.art.tile_back(s(100))
        )
        w = surface.get_width()
        for i, dx in enumerate((-s(46), 0, s(46))):
            rotated = pygame.transform.rotozoom(back, (1 - i) * 8, 1.0)
            surface.blit(rotated, rotated.get_rect(midbottom=(w // 2 + dx, self.panel.y + s(30))))
        draw_panel(surface, self.panel, radius=s(18))
        fonts.draw(
            surface,
            app.tr("handoff.pass_to", name=self.player_name),
            (self.panel.centerx, self.panel.y + s(44)),
            s.font(36),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        hint = app.tr(self._key("handoff.hint"), name=self.player_name)
        for i, line in enumerate(fonts.wrap(hint, s.font(19), self.panel.width - s(80))):
            fonts.draw(
                surface,
                line,
                (self.panel.centerx, self.panel.y + s(112) + i * fonts.line_height(s.font(19))),
                s.font(19),
                theme.INK_SOFT,
                anchor="midtop",
            )
        self.ready.draw(surface, fonts)
