"""The title screen: the three games (each with its lesson, "Learn to play"), continue, rules,
settings, quit, and the language switch."""

from __future__ import annotations

import pygame

from game.lessons import has_lesson
from game.ui import theme
from game.ui.emblems import game_icon, game_icon_ready
from game.ui.games import GAMES
from game.ui.scene import Scene
from game.ui.widgets import Button, Segmented, draw_panel, draw_shadow

EMBLEM_SIZE = 150
"""The emblem beside the title, in unscaled pixels."""
ICON_HEIGHT = 92
"""Each game's picture on its panel, in unscaled pixels."""
LEARN_BAND = 44
"""The height the "Learn to play" button adds at the foot of a game's panel, unscaled."""


class GameCard:
    """One game's panel on the title screen: its name, a line about it, the player count, and
    the button of its lesson (``learn``, when the game has one)."""

    def __init__(self, game: str, learn: Button | None) -> None:
        self.game = game
        self.name = f"game.{game}"
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.hovered = False
        self.lift = 0.0
        self.learn = learn

    def update(self, dt: float) -> None:
        target = 1.0 if self.hovered else 0.0
        self.lift += (target - self.lift) * min(1.0, dt * 14)


class TitleScene(Scene):
    """The first screen (see the module docstring)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        tr = app.tr
        self.cards = [GameCard(g, self._learn_button(g)) for g in GAMES]
        self.language = Segmented(
            choices=[("fr", lambda: tr("language.fr")), ("en", lambda: tr("language.en"))],
            selected=lambda: app.lang,
            on_select=app.set_language,
            name="language",
        )
        self.continue_button = Button(
            lambda: tr("common.continue"), self._continue, primary=True, name="continue"
        )
        self.buttons = [
            self.continue_button,
            Button(lambda: tr("common.rules"), lambda: app.open_rules(GAMES[0]), name="rules"),
            Button(lambda: tr("common.stats"), app.open_stats, name="stats"),
            Button(lambda: tr("common.settings"), app.open_settings, name="settings"),
            Button(lambda: tr("title.quit"), app.quit, name="quit"),
        ]
        self._pressed_card: GameCard | None = None

    def _learn_button(self, game: str) -> Button | None:
        if not has_lesson(game):
            return None
        return Button(
            lambda: self.app.tr("lesson.learn"), lambda: self.app.open_lesson(game), name=f"learn.{game}"
        )

    # Layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.Scale.for_size(size)
        self.scale = s
        margin = max(s(28), int(0.03 * min(w, h)))
        self.language.rect = pygame.Rect(0, 0, s(260), s(40))
        self.language.rect.topright = (w - margin, margin)
        self.language.font_size = s.font(17)
        self.header_bottom = int(h * 0.36)
        card_w = min(s(330), (w - 2 * margin - 2 * s(28)) // 3)
        card_h = s(LEARN_BAND + 280)
        gap = s(28)
        total = 3 * card_w + 2 * gap
        top = self.header_bottom + s(10)
        for i, card in enumerate(self.cards):
            card.rect = pygame.Rect((w - total) // 2 + i * (card_w + gap), top, card_w, card_h)
            if card.learn is not None:
                card.learn.rect = pygame.Rect(0, 0, card_w - s(48), s(34))
                card.learn.rect.midbottom = (card.rect.centerx, card.rect.bottom - s(14))
                card.learn.font_size = s.font(16)
        self.continue_button.enabled = self.app.storage.has_saved_game()
        shown = [b for b in self.buttons if b is not self.continue_button or b.enabled]
        bh, bgap = s(54), s(20)
        bw = min(s(210), (w - 2 * margin - (len(shown) - 1) * bgap) // len(shown))
        row = len(shown) * bw + (len(shown) - 1) * bgap
        y = min(h - margin - bh, top + card_h + s(44))
        for b in self.buttons:
            b.rect = pygame.Rect(-1000, -1000, 0, 0)
        for i, b in enumerate(shown):
            b.rect = pygame.Rect((w - row) // 2 + i * (bw + bgap), y, bw, bh)
            b.font_size = s.font(21)

    def widgets(self) -> list:
        learn = [card.learn for card in self.cards if card.learn is not None]
        return [self.language, *self.visible_buttons(), *self.cards, *learn]

    def first_focus(self) -> GameCard:
        """The keyboard starts on the first game."""
        return self.cards[0]

    def visible_buttons(self) -> list[Button]:
        return [b for b in self.buttons if b is not self.continue_button or b.enabled]

    # Input ------------------------------------------------------------------------------
    def _continue(self) -> None:
        self.app.open_saved_games()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        if self.language.handle(event):
            return True
        for b in [*self.visible_buttons(), *(c.learn for c in self.cards if c.learn is not None)]:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            for card in self.cards:
                card.hovered = card.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_card = next((c for c in self.cards if c.rect.collidepoint(event.pos)), None)
            return self._pressed_card is not None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card, self._pressed_card = self._pressed_card, None
            if card is not None and card.rect.collidepoint(event.pos):
                self.app.sound.play("click")
                self.app.open_setup(card.game)
                return True
        return False

    def update(self, dt: float) -> None:
        for card in self.cards:
            card.update(dt)
            if card.learn is not None:  # the button rises with its panel
                card.learn.rect.midbottom = (
                    card.rect.centerx,
                    card.rect.bottom - self.scale(14) - round(card.lift * self.scale(8)),
                )

    def busy(self) -> bool:
        return self.app.pictures_later or any(
            abs((1.0 if c.hovered else 0.0) - c.lift) > 0.002 for c in self.cards
        )

    # Drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, s, fonts = self.app, self.scale, self.app.fonts
        w, h = surface.get_size()
        app.art.lay_felt(surface)
        drawn_later = app.pictures_later
        pictures = not self._put_off_pictures()
        emblem_size = max(8, s(EMBLEM_SIZE))
        cy = int(self.header_bottom * 0.50)
        title_size = s.font(96)
        title_w = fonts.size(app.tr("app.name"), title_size, bold=True)[0]
        block = emblem_size + s(26) + title_w
        x0 = (w - block) // 2
        if pictures:
            emblem = app.art.emblem(emblem_size)
            surface.blit(emblem, emblem.get_rect(midleft=(x0, cy)))
        tx = x0 + emblem_size + s(26)
        fonts.draw(
            surface, app.tr("app.name"), (tx + 3, cy + 4), title_size, (0, 0, 0), bold=True, anchor="midleft"
        )
        fonts.draw(surface, app.tr("app.name"), (tx, cy), title_size, theme.GOLD, bold=True, anchor="midleft")
        fonts.draw(
            surface,
            app.tr("title.tagline"),
            (w // 2, cy + emblem_size // 2 + s(26)),
            s.font(24),
            theme.CREAM,
            anchor="center",
        )
        self.language.draw(surface, fonts)
        for card in self.cards:
            self._draw_card(surface, card, pictures)
        for b in self.visible_buttons():
            b.draw(surface, fonts)
        version = app.tr("title.version", version=_version())
        fonts.draw(
            surface, version, (w - s(20), h - s(14)), s.font(15), theme.CREAM_SOFT, anchor="bottomright"
        )
        if drawn_later and pictures:
            app.keep_pictures()

    def _put_off_pictures(self) -> bool:
        """On a first start the pictures are not kept yet and drawing them from their art takes
        about 20 ms: the first frame comes without them, and the next frame draws them."""
        app, s = self.app, self.scale
        if app.frame_count == 0 and not app.pictures_later:
            ready = app.art.emblem_ready(s(EMBLEM_SIZE)) and all(
                game_icon_ready(app.art, card.game, s(ICON_HEIGHT), app.lang) for card in self.cards
            )
            app.pictures_later = not ready
            return not ready
        return False

    def _draw_card(self, surface: pygame.Surface, card: GameCard, picture: bool = True) -> None:
        app, s, fonts = self.app, self.scale, self.app.fonts
        rect = card.rect.move(0, -round(card.lift * s(8)))
        draw_shadow(surface, rect, s(16), offset=s(6) + round(card.lift * s(6)), alpha=80)
        draw_panel(
            surface, rect, radius=s(16), shadow=False, edge=theme.GOLD if card.hovered else theme.PANEL_EDGE
        )
        pad = s(18)
        icon_h = s(ICON_HEIGHT)
        if picture:
            icon = game_icon(app.art, card.game, icon_h, app.lang)
            surface.blit(icon, icon.get_rect(midtop=(rect.centerx, rect.y + pad)))
        y = rect.y + pad + icon_h + s(14)
        name = app.tr(f"game.{card.game}.name")
        size = fonts.fit(name, s.font(27), rect.width - 2 * pad, bold=True)
        fonts.draw(surface, name, (rect.centerx, y), size, theme.INK, bold=True, anchor="midtop")
        y += fonts.line_height(size, bold=True) + s(6)
        body = s.font(17)
        for line in fonts.wrap(app.tr(f"game.{card.game}.blurb"), body, rect.width - 2 * pad)[:3]:
            fonts.draw(surface, line, (rect.centerx, y), body, theme.INK_SOFT, anchor="midtop")
            y += fonts.line_height(body)
        players = app.tr(f"game.{card.game}.players")
        fonts.draw(
            surface,
            players,
            (rect.centerx, rect.bottom - pad - (s(LEARN_BAND) if card.learn is not None else 0)),
            s.font(16),
            theme.GOLD_DARK,
            bold=True,
            anchor="midbottom",
        )
        if card.learn is not None:
            card.learn.draw(surface, fonts)


def _version() -> str:
    from game import __version__

    return __version__
