"""A question over the current screen: "yes" runs the action, "no" (or Escape) leaves it; a
question whose "no" is an action of its own names it (``no``: its words and what it does;
Escape still leaves both)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import Text
from game.ui import theme
from game.ui.scene import Answer, AppServices, Scene
from game.ui.widgets import Button, dim, draw_panel


class ConfirmScene(Scene):
    """An overlay asking one question (see the module docstring)."""

    opaque = False

    def __init__(
        self,
        app: AppServices,
        question: Text,
        yes: Text,
        on_yes: Callable[[], None],
        no: Answer | None = None,
    ) -> None:
        super().__init__(app)
        self.question = question
        self.yes_label = yes
        self.on_yes = on_yes
        self.no_label, self.on_no = no if no is not None else (None, None)
        tr = app.tr
        self.yes = Button(lambda: app.tr_.refresh(self.yes_label), self._yes, primary=True, name="yes")
        self.no = Button(
            lambda: tr("common.cancel") if self.no_label is None else app.tr_.refresh(self.no_label),
            self._no,
            name="no",
        )
        self.lines: list[str] = []

    def close(self) -> None:
        self.app.scenes.pop()

    def _yes(self) -> None:
        self.app.scenes.pop()
        self.on_yes()

    def _no(self) -> None:
        self.app.scenes.pop()
        if self.on_no is not None:
            self.on_no()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        width = min(w - s(40), s(560))
        self.text_size = s.font(20)
        question = self.app.tr_.refresh(self.question)
        self.lines = self.app.fonts.wrap(question, self.text_size, width - s(80))
        line_h = self.app.fonts.line_height(self.text_size)
        bh = s(52)
        self.panel = pygame.Rect(0, 0, width, s(50) + line_h * len(self.lines) + s(40) + bh + s(36))
        self.panel.center = (w // 2, h // 2)
        bw = (width - s(80) - s(20)) // 2
        self.no.rect = pygame.Rect(self.panel.x + s(40), self.panel.bottom - s(36) - bh, bw, bh)
        self.yes.rect = pygame.Rect(self.no.rect.right + s(20), self.no.rect.y, bw, bh)
        for b in (self.yes, self.no):
            b.font_size = s.font(19)

    def widgets(self) -> list:
        return [self.no, self.yes]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        for b in (self.no, self.yes):
            if b.handle(event):
                return True
        return True  # nothing below answers while the question is open

    def draw(self, surface: pygame.Surface) -> None:
        s, fonts = self.scale, self.app.fonts
        dim(surface)
        draw_panel(surface, self.panel, radius=s(18))
        y = self.panel.y + s(50)
        for line in self.lines:
            fonts.draw(surface, line, (self.panel.centerx, y), self.text_size, theme.INK, anchor="midtop")
            y += fonts.line_height(self.text_size)
        self.no.draw(surface, fonts)
        self.yes.draw(surface, fonts)
