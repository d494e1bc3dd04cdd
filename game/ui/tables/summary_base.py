"""What the end-of-round and end-of-game screens of the three tables share: their buttons
("Next round", or "New game" and "Title screen", and "See the table", which folds the panel
away to show the final table with every hand face up, and back), the keys, the winners'
headline, the end of the game's celebration."""

from __future__ import annotations

import pygame

from game.i18n import Text, Verbatim
from game.ui import theme
from game.ui.scene import Scene
from game.ui.tables.celebration import Celebration
from game.ui.widgets import Button, draw_panel


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
                Button(lambda: tr("common.new_game"), self.new_game, primary=True, name="new_game"),
                Button(lambda: tr("summary.title"), app.back_to_title, name="title"),
            ]
        else:
            self.buttons = [
                Button(lambda: tr(self.next_label), self.next_round, primary=True, name="next_round")
            ]
        self.folded = False
        """True while the panel is put aside to look at the final table (every hand face up)."""
        self.fold_button = Button(
            lambda: tr("summary.unfold" if self.folded else "summary.fold"), self.toggle_fold, name="fold"
        )
        self.buttons.append(self.fold_button)
        self.celebration = Celebration() if final else None
        """The end of the game's short celebration (drawn over the table, then gone)."""

    def toggle_fold(self) -> None:
        """Put the panel aside (the final table shows, with a bar to bring it back), or back."""
        self.folded = not self.folded
        self.table.summary_folded = self.folded
        self.opaque = False  # the table under the bar is drawn again
        if getattr(self, "scale", None) is not None:
            self.layout(self.app.size)

    def update(self, dt: float) -> None:
        if self.celebration is not None:
            self.celebration.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel (``draw_summary``), or, folded, a bar over the final table."""
        if self.folded:
            self.draw_folded(surface)
        else:
            self.draw_summary(surface)
        if self.celebration is not None:
            self.celebration.draw(surface, getattr(self, "scale", None))

    def draw_summary(self, surface: pygame.Surface) -> None:
        """The end-of-round or end-of-game panel (subclasses)."""

    def draw_folded(self, surface: pygame.Surface) -> None:
        """A bar in the status line's place (between the table and the hands, clear of the
        players' panels): the headline and the buttons; the table shows around it."""
        s, fonts = self.scale, self.app.fonts
        bar = self.folded_bar
        draw_panel(surface, bar, radius=s(14))
        fonts.draw(
            surface,
            self.headline(),
            (bar.x + s(18), bar.centery),
            self.folded_font,
            theme.INK,
            bold=True,
            anchor="midleft",
        )
        for b in self.buttons:
            b.draw(surface, fonts)

    def place_folded(self) -> None:
        """The folded bar and its buttons (right of the headline), where the status line was."""
        s, fonts = self.scale, self.app.fonts
        w = self.app.size[0]
        height = s(40)
        widths = [min(s(220), fonts.size(b.label(), s.font(17), bold=True)[0] + s(30)) for b in self.buttons]
        room = w - 2 * s(20)
        title_room = room - sum(widths) - s(12) * len(widths) - s(36)
        self.folded_font = fonts.fit(self.headline(), s.font(20), max(s(80), title_room), bold=True)
        title_w = min(title_room, fonts.size(self.headline(), self.folded_font, bold=True)[0])
        total = title_w + sum(widths) + s(12) * len(widths) + s(36)
        self.folded_bar = pygame.Rect(0, 0, total, height + s(12))
        self.folded_bar.center = (w // 2, self.table.status_rect.centery)
        x = self.folded_bar.x + s(18) + title_w + s(12)
        for b, bw in zip(self.buttons, widths, strict=True):
            b.rect = pygame.Rect(x, self.folded_bar.y + s(6), bw, height)
            b.font_size = s.font(17)
            x += bw + s(12)

    def next_round(self) -> None:
        self.table.summary_folded = False
        self.app.scenes.pop()
        self.table.next_round()

    def new_game(self) -> None:
        self.app.back_to_title()
        self.app.open_setup(self.table.game_id)

    def place_buttons(self, centre_x: int, bottom: int, height: int) -> None:
        """The buttons side by side, centred on ``centre_x``, their bottom at ``bottom``."""
        s = self.scale
        if self.folded:
            self.place_folded()
            return
        gap = s(20)
        room = self.panel.width - 2 * s(22) if hasattr(self, "panel") else s(240) * len(self.buttons)
        width = min(s(240), (room - gap * (len(self.buttons) - 1)) // len(self.buttons))
        total = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(centre_x - total // 2 + i * (width + gap), bottom - height, width, height)
            b.font_size = s.font(20)

    def headline(self) -> Text:
        """The panel's title (subclasses)."""
        return Text("")

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
