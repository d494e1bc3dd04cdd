"""The settings screen: language, sound, speeds, card back and faces, tiles, full screen.

Every change applies at once and is saved at once (the settings file is small).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.notation import parse
from game.ui import theme
from game.ui.forms import FormLayer
from game.ui.scene import Scene
from game.ui.storage import ANIMATION_SPEEDS, CARD_BACKS, COMPUTER_SPEEDS
from game.ui.widgets import Button, Segmented, draw_panel


@dataclass
class Row:
    """One line of the settings panel: a label and its control (or a slider)."""

    label: str
    control: Segmented | None
    preview: Callable[[pygame.Surface, pygame.Rect], None] | None = None
    slider: bool = False
    rect: pygame.Rect | None = None


class SettingsScene(Scene):
    """See the module docstring."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.back = Button(lambda: app.tr("common.back"), self.close, primary=True, name="back")
        self.form: FormLayer | None = None
        self.rows = self._rows()

    def _segmented(self, name: str, values, label_key: str, get, put) -> Segmented:
        tr = self.app.tr
        return Segmented(
            choices=[(v, (lambda v=v: tr(f"{label_key}.{v}"))) for v in values],
            selected=lambda: get(),
            on_select=lambda v: self._set(put, v),
            name=name,
        )

    def _rows(self) -> list[Row]:
        app, st = self.app, self.app.settings

        def put(attr):
            return lambda v: setattr(st, attr, v)

        def on_off(attr):
            return lambda v: setattr(st, attr, v == "on")

        language = Segmented(
            choices=[("fr", lambda: app.tr("language.fr")), ("en", lambda: app.tr("language.en"))],
            selected=lambda: app.lang,
            on_select=app.set_language,
            name="language",
        )
        return [
            Row("settings.language", language),
            Row(
                "settings.sound",
                self._segmented(
                    "sound", ("on", "off"), "common", lambda: "on" if st.sound else "off", on_off("sound")
                ),
            ),
            Row("settings.volume", None, slider=True),
            Row(
                "settings.animation_speed",
                self._segmented(
                    "animation_speed",
                    ANIMATION_SPEEDS,
                    "settings.speed",
                    lambda: st.animation_speed,
                    put("animation_speed"),
                ),
            ),
            Row(
                "settings.computer_speed",
                self._segmented(
                    "computer_speed",
                    COMPUTER_SPEEDS,
                    "settings.speed",
                    lambda: st.computer_speed,
                    put("computer_speed"),
                ),
            ),
            Row(
                "settings.coach",
                self._segmented(
                    "coach", ("off", "on"), "common", lambda: "on" if st.coach else "off", on_off("coach")
                ),
            ),
            Row(
                "settings.card_back",
                self._segmented(
                    "card_back", CARD_BACKS, "settings.back", lambda: st.card_back, put("card_back")
                ),
                preview=self._preview_back,
            ),
            Row(
                "settings.card_faces",
                self._segmented(
                    "four_colour",
                    ("two", "four"),
                    "settings.faces",
                    lambda: "four" if st.four_colour else "two",
                    lambda v: setattr(st, "four_colour", v == "four"),
                ),
                preview=self._preview_faces,
            ),
            Row(
                "settings.tiles",
                self._segmented(
                    "colour_blind",
                    ("off", "on"),
                    "settings.marks",
                    lambda: "on" if st.colour_blind else "off",
                    on_off("colour_blind"),
                ),
                preview=self._preview_tiles,
            ),
            Row(
                "settings.double_click",
                self._segmented(
                    "double_click_discard",
                    ("off", "on"),
                    "common",
                    lambda: "on" if st.double_click_discard else "off",
                    on_off("double_click_discard"),
                ),
            ),
            Row(
                "settings.watched",
                self._segmented(
                    "watched_goes_on",
                    ("on", "off"),
                    "settings.watched",
                    lambda: "on" if st.watched_goes_on else "off",
                    on_off("watched_goes_on"),
                ),
            ),
            Row(
                "settings.display",
                self._segmented(
                    "fullscreen",
                    ("window", "fullscreen"),
                    "settings.display",
                    lambda: "fullscreen" if st.fullscreen else "window",
                    lambda v: self._fullscreen(v == "fullscreen"),
                ),
            ),
        ]

    def _set(self, put: Callable[[str], None], value: str) -> None:
        put(value)
        self.app.save_settings()
        self.app.apply_sound_settings()
        self.app.sound.play("click")

    def _fullscreen(self, on: bool) -> None:
        if on != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()

    def _volume(self, value: float) -> None:
        self.app.settings.volume = round(float(value), 2)
        self.app.save_settings()
        self.app.apply_sound_settings()

    def close(self) -> None:
        self.app.scenes.pop()

    # Layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        panel_w = min(w - s(60), max(s(1000), 900))  # room for French labels on small screens
        row_h = min(s(56), (h - s(240)) // len(self.rows))  # every row between the title and Back
        panel_h = s(110) + row_h * len(self.rows) + s(90)
        self.panel = pygame.Rect(0, 0, panel_w, min(panel_h, h - s(40)))
        self.panel.center = (w // 2, h // 2)
        # The labels' column is as wide as the longest label in this language (the controls
        # start after it, never under it); the previews keep their room on the right.
        inner = panel_w - 2 * s(40)
        preview_w = s(180)
        self.label_size = s.font(19)
        longest = max(
            self.app.fonts.size(self.app.tr(r.label), self.label_size, bold=True)[0] for r in self.rows
        )
        label_w = max(int(inner * 0.30), longest + s(24))
        control_w = inner - label_w - preview_w
        if control_w < s(340):  # a narrow panel: the labels give way (smaller), not the controls
            control_w = min(s(340), inner - preview_w - int(inner * 0.30))
            label_w = inner - preview_w - control_w
            self.label_size = self.app.fonts.fit(
                max((self.app.tr(r.label) for r in self.rows), key=lambda t: self.app.fonts.size(t, 19)[0]),
                self.label_size,
                label_w - s(24),
                bold=True,
            )
        y = self.panel.y + s(100)
        if self.form is None:
            self.form = FormLayer(size, s)
        else:
            self.form.resize(size, s)
        for row in self.rows:
            row.rect = pygame.Rect(self.panel.x + s(40), y, panel_w - s(80), row_h - s(10))
            control_rect = pygame.Rect(self.panel.x + s(40) + label_w, y + s(4), control_w, row_h - s(18))
            if row.control is not None:
                row.control.rect = control_rect
                row.control.font_size = s.font(16)
            if row.slider:
                self.form.slider(control_rect, self.app.settings.volume, self._volume)
                self.volume_label_at = (control_rect.right + s(20), control_rect.centery)
            y += row_h
        self.back.rect = pygame.Rect(0, 0, s(200), s(52))
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - s(22))
        self.back.font_size = s.font(21)

    def widgets(self) -> list:
        return [*(r.control for r in self.rows if r.control is not None), self.back]

    # Input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if self.form is not None and self.form.process(event):
            return True
        for widget in self.widgets():
            if widget.handle(event):
                return True
        return True

    def update(self, dt: float) -> None:
        if self.form is not None:
            self.form.update(dt)

    # Drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, s, fonts = self.app, self.scale, self.app.fonts
        surface.blit(app.art.felt(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel, radius=s(18))
        fonts.draw(
            surface,
            app.tr("common.settings"),
            (self.panel.centerx, self.panel.y + s(30)),
            s.font(34),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        for row in self.rows:
            fonts.draw(
                surface,
                app.tr(row.label),
                (row.rect.x, row.rect.centery),
                self.label_size,
                theme.INK,
                bold=True,
                anchor="midleft",
            )
            if row.control is not None:
                row.control.draw(surface, fonts, dark=False)
            if row.slider:
                percent = app.tr("common.percent", n=round(100 * app.settings.volume))
                fonts.draw(
                    surface, percent, self.volume_label_at, s.font(18), theme.INK, bold=True, anchor="midleft"
                )
            if row.preview is not None:
                area = pygame.Rect(
                    row.control.rect.right + s(20),
                    row.rect.y - s(4),
                    row.rect.right - row.control.rect.right - s(20),
                    row.rect.height + s(8),
                )
                row.preview(surface, area)
        if self.form is not None:
            self.form.draw(surface)
        self.back.draw(surface, fonts)

    def _preview_back(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        back = self.app.art.card_back(int(area.height * 0.72), self.app.settings.card_back)
        surface.blit(back, back.get_rect(midleft=area.midleft))

    def _preview_faces(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        width = int(area.height * 0.72)
        for i, card in enumerate(parse("AS AH AD AC")):
            face = self.app.art.card(
                card, width, lang=self.app.lang, four_colour=self.app.settings.four_colour
            )
            surface.blit(face, face.get_rect(midleft=(area.x + i * int(width * 0.55), area.centery)))

    def _preview_tiles(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        width = int(area.height * 0.72)
        for i, tile in enumerate(parse("K5 R5 B5 O5")):
            face = self.app.art.tile(tile, width, colour_blind=self.app.settings.colour_blind)
            surface.blit(face, face.get_rect(midleft=(area.x + i * (width + 3), area.centery)))
