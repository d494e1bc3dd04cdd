"""What the end-of-round and end-of-game screens of the three tables share: their buttons
("Next round", or "New game" and "Title screen"), the keys, the winners' headline."""

from __future__ import annotations

import pygame

from game.i18n import Text, Verbatim
from game.ui.scene import Scene
from game.ui.widgets import Button


class SummaryScene(Scene):
    """An overlay over a table at the end of a round (``final`` False) or of the game."""

    opaque = False
    next_label = "summary.next_round"
    """Catalogue id of the button that deals the next round."""

    def __init__(self, app, table, final: bool) -> None:
        super().__init__(app)
        self.table = table
        self.final = final
        tr = app.tr
        if final:
            self.buttons = [
                Button(lambda: tr("summary.new_game"), self.new_game, primary=True, name="new_game"),
                Button(lambda: tr("summary.title"), app.back_to_title, name="title"),
            ]
        else:
            self.buttons = [
                Button(lambda: tr(self.next_label), self.next_round, primary=True, name="next_round")
            ]

    def next_round(self) -> None:
        self.app.scenes.pop()
        self.table.next_round()

    def new_game(self) -> None:
        self.app.back_to_title()
        self.app.open_setup(self.table.game_id)

    def place_buttons(self, centre_x: int, bottom: int, height: int) -> None:
        """The buttons side by side, centred on ``centre_x``, their bottom at ``bottom``."""
        s = self.scale
        width, gap = s(240), s(20)
        total = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(centre_x - total // 2 + i * (width + gap), bottom - height, width, height)
            b.font_size = s.font(20)

    def winners_headline(self) -> Text:
        """ "Marie wins the game!" or the shared win."""
        names = [self.table.seat_name(s) for s in self.table.view.winners]
        if len(names) == 1:
            return self.app.tr("summary.winner", name=names[0])
        return self.app.tr("summary.winners", names=Verbatim(", ".join(names)))

    def widgets(self) -> list:
        return list(self.buttons)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.buttons[0].on_click()
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return True
