"""What the end-of-round and end-of-game screens of the three tables share: their buttons
("Next round", or "New game" and "Title screen", and "See the table", which folds the panel
away to show the final table with every hand face up, and back), the keys, the winners'
headline, the end of the game's celebration.

The table's top bar stays alive over them, folded or not: the menu (and Escape), the rules,
the settings, the sound, the round's history (and L) and the score sheet (and G); the panel
lies below the bar, and the history and the score sheet open over the panel. In a watched game
(computer players only) the next round is dealt by itself after a pause a person can read
(``WATCH_PAUSE``), unless the settings keep the summary until "Next round" is clicked."""

from __future__ import annotations

import math

import pygame

from game.i18n import Text, Verbatim
from game.ui import theme
from game.ui.scene import Scene
from game.ui.tables.celebration import Celebration
from game.ui.widgets import Button, draw_panel

WATCH_PAUSE = {"fast": 5.0, "normal": 8.0, "slow": 12.0}
"""Seconds of frame time a watched game's round summary stays before the next round, by the
computer players' pace; it starts again after every key or click on the summary, and stands
still while the panel is folded away or something covers it."""


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
            self.buttons = [Button(self.next_text, self.next_round, primary=True, name="next_round")]
        self.folded = False
        """True while the panel is put aside to look at the final table (every hand face up)."""
        self.fold_button = Button(
            lambda: tr("summary.unfold" if self.folded else "summary.fold"), self.toggle_fold, name="fold"
        )
        self.buttons.append(self.fold_button)
        self.celebration = Celebration() if final else None
        """The end of the game's short celebration (drawn over the table, then gone)."""
        goes_on = not final and table.session.watched and app.settings.watched_goes_on
        self.goes_on_in: float | None = self.watch_pause() if goes_on else None
        """Seconds left before a watched game's next round is dealt by itself (None: it waits
        for "Next round")."""

    # Life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.table.round_end = self
        super().enter()

    def leave(self) -> None:
        if self.table.round_end is self:
            self.table.round_end = None

    def watch_pause(self) -> float:
        """The watched game's pause at this pace (``WATCH_PAUSE``)."""
        return WATCH_PAUSE.get(self.app.settings.computer_speed, WATCH_PAUSE["normal"])

    def counting(self) -> bool:
        """True while a watched game's pause runs: the panel shown, nothing over it."""
        table = self.table
        return (
            self.goes_on_in is not None
            and not self.folded
            and self.app.scenes.top is self
            and not table.show_sheet
            and not table.follow_layer.history_open
        )

    def next_text(self) -> Text:
        """ "Next round", and in a watched game how soon it comes by itself (while the pause
        runs)."""
        label = self.app.tr(self.next_label)
        if not self.counting():
            return label
        return self.app.tr("summary.goes_on_in", label=label, n=max(1, math.ceil(self.goes_on_in)))

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
        if self.counting():
            self.goes_on_in -= dt
            if self.goes_on_in <= 0:
                self.goes_on_in = None
                self.next_round()

    def busy(self) -> bool:
        """The confetti flying, or a watched game's pause running."""
        return bool(self.celebration is not None and self.celebration.running) or self.counting()

    # Drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The panel (``draw_summary``) under the table's top bar, or, folded, a bar over the
        final table; then the celebration and the table's own panels (history, score sheet)."""
        if self.folded:
            self.draw_folded(surface)
        else:
            self.draw_summary(surface)
            self.table.drawing.draw_bar(surface)
        if self.celebration is not None:
            self.celebration.draw(surface, getattr(self, "scale", None))
        self.table.drawing.draw_covers(surface)

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

    # Layout --------------------------------------------------------------------------------
    def room(self) -> pygame.Rect:
        """Where the panel may lie: below the table's top bar (which stays alive over it), within
        the table's margins."""
        w, h = self.app.size
        table = self.table
        top = table.bar_bottom() + self.scale(8)
        return pygame.Rect(table.margin_x, top, w - 2 * table.margin_x, h - table.margin_y - top)

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

    # Actions -------------------------------------------------------------------------------
    def next_round(self) -> None:
        self.table.summary_folded = False
        self.app.scenes.pop()
        self.table.next_round()

    def new_game(self) -> None:
        self.app.back_to_title()
        self.app.open_setup(self.table.game_id)

    def headline(self) -> Text:
        """The panel's title (subclasses)."""
        return Text("")

    def winners_headline(self) -> Text:
        """ "Marie wins the game!" or the shared win."""
        names = [self.table.seat_name(s) for s in self.table.view.winners]
        if len(names) == 1:
            return self.app.tr("summary.winner", name=names[0])
        return self.app.tr("summary.winners", names=Verbatim(", ".join(names)))

    # Input ---------------------------------------------------------------------------------
    def covered(self) -> bool:
        """True while one of the table's panels (the history, the score sheet) lies over this."""
        return self.table.show_sheet or self.table.follow_layer.history_open

    def widgets(self) -> list:
        if self.covered():
            return []  # the panel over this takes the keys
        sheet = [self.table.sheet_button] if self.table.sheet_button is not None else []
        return [*self.buttons, *sheet, *self.table.bar_buttons()]

    def handle(self, event: pygame.event.Event) -> bool:
        """An open history or score sheet first, then this screen's buttons (Enter or Space:
        the first), then the table's top bar and its keys (Escape, G, L). Every key and click
        stops here; in a watched game each one starts the pause again."""
        if self.goes_on_in is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.goes_on_in = self.watch_pause()
        if self.covered():
            self.table.handle_bar(event)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.buttons[0].on_click()
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        self.table.handle_bar(event)
        return True
