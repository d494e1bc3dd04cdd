"""Small widgets drawn in the game's own style: buttons, the language switch, panels, toasts.

Form widgets that need real text editing, drop-downs or sliders come from pygame_gui (see
``game.ui.forms``); these cover the rest. Labels are looked up at draw time, so a language
switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.i18n import Text
from game.ui import text as text_layer
from game.ui import theme
from game.ui.text import Fonts

Label = Callable[[], str]


@lru_cache(maxsize=64)
def _shadow(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    w, h = size
    spread = max(2, radius // 2)
    surface = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    for i in range(spread, 0, -1):
        a = int(alpha * (1 - i / (spread + 1)) / 2)
        pygame.draw.rect(
            surface,
            (0, 0, 0, a),
            pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i),
            border_radius=radius + i,
        )
    pygame.draw.rect(surface, (0, 0, 0, alpha), pygame.Rect(spread, spread, w, h), border_radius=radius)
    return surface


@lru_cache(maxsize=128)
def piece_shadow(size: tuple[int, int], pad: int, radius: int, alpha: int, step: int) -> pygame.Surface:
    """The soft shadow of a card or a tile of ``size``: ``pad`` pixels wider on each side, in
    four rings from ``alpha`` at the edge, ``step`` darker each ring inward."""
    w, h = size
    surface = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    rings = 4
    for i in range(rings):
        inset = i * pad // rings
        pygame.draw.rect(
            surface,
            (0, 0, 0, alpha + i * step),
            pygame.Rect(inset, inset, w + 2 * (pad - inset), h + 2 * (pad - inset)),
            border_radius=radius + pad - inset,
        )
    return surface


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn on ``surface`` so far, as a black veil of opacity ``alpha`` laid
    over it would (a colour multiply in place: no window-sized layer to make and blend)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    text_layer.note(surface, "veil", surface.get_rect())


def draw_shadow(
    surface: pygame.Surface, rect: pygame.Rect, radius: int, offset: int = 4, alpha: int = 70
) -> None:
    """A soft drop shadow under ``rect``."""
    shadow = _shadow(rect.size, radius, alpha)
    spread = (shadow.get_width() - rect.width) // 2
    surface.blit(shadow, (rect.x - spread, rect.y - spread + offset))


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    colour: tuple[int, ...] = theme.PANEL,
    edge: tuple[int, ...] | None = theme.PANEL_EDGE,
    radius: int = 14,
    shadow: bool = True,
) -> None:
    """A rounded panel with an optional shadow and edge."""
    if shadow:
        draw_shadow(surface, rect, radius)
    if len(colour) == 4:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, width=max(1, radius // 8), border_radius=radius)
    text_layer.note(surface, "panel", rect)


class Button:
    """A clickable button. ``label`` is called at draw time (so it follows the language).

    ``name`` is a stable name for tests and the smoke run (never shown); ``keys`` names the key
    that does the same (in the button's tooltip), if any. (The widgets of this module are plain
    classes rather than dataclasses: they are imported before the title's first frame, and a
    dataclass costs about half a millisecond to define.)"""

    def __init__(
        self,
        label: Label,
        on_click: Callable[[], None],
        rect: pygame.Rect | None = None,
        primary: bool = False,
        enabled: bool = True,
        icon: pygame.Surface | None = None,
        hovered: bool = False,
        pressed: bool = False,
        font_size: int = 22,
        name: str = "",
        keys: Label | None = None,
    ) -> None:
        self.label = label
        self.on_click = on_click
        self.rect = rect if rect is not None else pygame.Rect(0, 0, 10, 10)
        self.primary = primary
        self.enabled = enabled
        self.icon = icon
        self.hovered = hovered
        self.pressed = pressed
        self.font_size = font_size
        self.name = name
        self.keys = keys

    def __repr__(self) -> str:
        return f"Button(name={self.name!r}, rect={self.rect}, enabled={self.enabled})"

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.enabled and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts) -> None:
        radius = max(6, self.rect.height // 4)
        if not self.enabled:
            fill, ink = theme.BUTTON_DISABLED, (70, 76, 72)
        elif self.primary:
            fill = theme.BUTTON_PRIMARY_HOVER if self.hovered else theme.BUTTON_PRIMARY
            ink = theme.CREAM
        else:
            fill = (
                theme.BUTTON_PRESSED if self.pressed else theme.BUTTON_HOVER if self.hovered else theme.BUTTON
            )
            ink = theme.INK
        rect = self.rect.move(0, 2 if self.pressed else 0)
        if self.enabled and not self.pressed:
            draw_shadow(surface, rect, radius, offset=3, alpha=60)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = theme.GOLD if self.hovered and self.enabled else (0, 0, 0, 0)
        if self.hovered and self.enabled:
            pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)
        label = self.label()
        size = fonts.fit(
            label, self.font_size, rect.width - 2 * radius - (rect.height if self.icon else 0), bold=True
        )
        if self.icon is not None:
            gap = rect.height // 6
            total = self.icon.get_width() + gap + fonts.size(label, size, bold=True)[0]
            x = rect.centerx - total // 2
            surface.blit(self.icon, self.icon.get_rect(midleft=(x, rect.centery)))
            at = (x + self.icon.get_width() + gap, rect.centery)
            fonts.draw(surface, label, at, size, ink, bold=True, anchor="midleft")
        else:
            fonts.draw(surface, label, rect.center, size, ink, bold=True, anchor="center")


class Segmented:
    """A row of mutually exclusive choices (the language switch, option values). The choices
    share the width equally when every label fits so; otherwise each takes the width its label
    needs plus an equal share of the room left, and when even that is too narrow all labels
    shrink to one size (``draw`` measures them)."""

    def __init__(
        self,
        choices: list[tuple[str, Label]],
        selected: Callable[[], str],
        on_select: Callable[[str], None],
        rect: pygame.Rect | None = None,
        font_size: int = 18,
        hovered: str | None = None,
        name: str = "",
    ) -> None:
        self.choices = choices
        self.selected = selected
        self.on_select = on_select
        self.rect = rect if rect is not None else pygame.Rect(0, 0, 10, 10)
        self.font_size = font_size
        self.hovered = hovered
        self.name = name
        self._needs: tuple[int, ...] = ()
        """The width each label needs at ``font_size`` (measured when drawn)."""

    def __repr__(self) -> str:
        return f"Segmented(name={self.name!r}, rect={self.rect})"

    def segment_rects(self) -> list[pygame.Rect]:
        n = len(self.choices)
        needs = self._needs if len(self._needs) == n else (1,) * n
        if max(needs) * n <= self.rect.width:
            needs = (1,) * n
        total = sum(needs)
        spare = self.rect.width - total
        if spare >= 0:
            widths = [need + spare / n for need in needs]
        else:
            widths = [need * self.rect.width / total for need in needs]
        rects, x = [], float(self.rect.x)
        for i, width in enumerate(widths):
            right = self.rect.right if i == n - 1 else round(x + width)
            rects.append(pygame.Rect(round(x), self.rect.y, right - round(x), self.rect.height))
            x += width
        return rects

    def _measure(self, fonts: Fonts) -> int:
        """Measure the labels (their widths shape the segments) and return the one size they
        are all drawn at."""
        pad = max(8, self.rect.height // 2) + 6  # clear of the round ends
        labels = [label() for _, label in self.choices]
        self._needs = tuple(fonts.size(text, self.font_size, bold=True)[0] + pad for text in labels)
        rects = self.segment_rects()
        return min(
            fonts.fit(text, self.font_size, rect.width - pad, bold=True)
            for text, rect in zip(labels, rects, strict=True)
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = None
            for (value, _), rect in zip(self.choices, self.segment_rects(), strict=True):
                if rect.collidepoint(event.pos):
                    self.hovered = value
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            for (value, _), rect in zip(self.choices, self.segment_rects(), strict=True):
                if rect.collidepoint(event.pos) and value != self.selected():
                    self.on_select(value)
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, dark: bool = True) -> None:
        size = self._measure(fonts)
        radius = self.rect.height // 2
        base = (255, 255, 255, 40) if dark else (0, 0, 0, 25)
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, base, layer.get_rect(), border_radius=radius)
        surface.blit(layer, self.rect)
        current = self.selected()
        for (value, label), rect in zip(self.choices, self.segment_rects(), strict=True):
            chosen = value == current
            if chosen:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(-4, -4), border_radius=radius)
            elif value == self.hovered:
                pygame.draw.rect(
                    surface, (255, 255, 255, 60), rect.inflate(-4, -4), width=2, border_radius=radius
                )
            ink = theme.INK if chosen else (theme.CREAM if dark else theme.INK)
            fonts.draw(surface, label(), rect.center, size, ink, bold=True, anchor="center")


class Toast:
    """A short message shown above everything for a few seconds."""

    def __init__(self, text: Text, seconds: float = 4.0, bad: bool = False) -> None:
        self.text = text
        self.seconds = seconds
        self.bad = bad

    def __repr__(self) -> str:
        return f"Toast(text={self.text!r}, seconds={self.seconds}, bad={self.bad})"

    def update(self, dt: float) -> bool:
        self.seconds -= dt
        return self.seconds > 0

    def draw(self, surface: pygame.Surface, fonts: Fonts, scale: theme.Scale, index: int = 0) -> None:
        size = scale.font(20)
        width = min(surface.get_width() - scale(80), scale(760))
        lines = fonts.wrap(self.text, size, width - scale(40))
        line_h = fonts.line_height(size)
        rect = pygame.Rect(0, 0, width, line_h * len(lines) + scale(24))
        rect.midtop = (surface.get_width() // 2, scale(24) + index * (rect.height + scale(8)))
        alpha = int(255 * min(1.0, self.seconds / 0.4))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        colour = (120, 28, 24, 235) if self.bad else (20, 34, 28, 235)
        pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=scale(12))
        pygame.draw.rect(layer, (*theme.GOLD, 255), layer.get_rect(), width=2, border_radius=scale(12))
        for i, line in enumerate(lines):
            rendered = fonts.render(line, size, theme.CREAM)
            layer.blit(rendered, rendered.get_rect(midtop=(rect.width // 2, scale(12) + i * line_h)))
        layer.set_alpha(alpha)
        surface.blit(layer, rect)


class Stepper:
    """A value chosen among many with "<" and ">" (final contract 1-14, number of rounds)."""

    def __init__(
        self,
        values: list,
        selected: Callable[[], object],
        on_select: Callable[[object], None],
        label: Callable[[object], str],
        rect: pygame.Rect | None = None,
        font_size: int = 18,
        name: str = "",
    ) -> None:
        self.values = values
        self.selected = selected
        self.on_select = on_select
        self.label = label
        self.rect = rect if rect is not None else pygame.Rect(0, 0, 10, 10)
        self.font_size = font_size
        self.name = name

    def __repr__(self) -> str:
        return f"Stepper(name={self.name!r}, rect={self.rect})"

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        side = self.rect.height
        return (
            pygame.Rect(self.rect.x, self.rect.y, side, side),
            pygame.Rect(self.rect.right - side, self.rect.y, side, side),
        )

    def _index(self) -> int:
        try:
            return self.values.index(self.selected())
        except ValueError:
            return 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            left, right = self.arrows()
            i = self._index()
            if left.collidepoint(event.pos) and i > 0:
                self.on_select(self.values[i - 1])
            elif right.collidepoint(event.pos) and i < len(self.values) - 1:
                self.on_select(self.values[i + 1])
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            i = min(len(self.values) - 1, max(0, self._index() + (1 if event.y > 0 else -1)))
            self.on_select(self.values[i])
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, dark: bool = False) -> None:
        radius = self.rect.height // 2
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            layer, (0, 0, 0, 25) if not dark else (255, 255, 255, 40), layer.get_rect(), border_radius=radius
        )
        surface.blit(layer, self.rect)
        i = self._index()
        for rect, enabled, pointing in zip(
            self.arrows(), (i > 0, i < len(self.values) - 1), (-1, 1), strict=True
        ):
            colour = theme.GOLD_DARK if enabled else (170, 170, 160)
            pygame.draw.circle(surface, colour, rect.center, rect.height // 2 - 3)
            cx, cy, r = rect.centerx, rect.centery, rect.height // 6
            points = [
                (cx - pointing * r // 2, cy - r),
                (cx - pointing * r // 2, cy + r),
                (cx + pointing * r, cy),
            ]
            pygame.draw.polygon(surface, theme.CREAM, points)
        text = self.label(self.values[i])
        size = fonts.fit(text, self.font_size, self.rect.width - 2 * self.rect.height - 8, bold=True)
        fonts.draw(
            surface,
            text,
            self.rect.center,
            size,
            theme.INK if not dark else theme.CREAM,
            bold=True,
            anchor="center",
        )


def draw_screen_panel(surface: pygame.Surface, app, scale, panel: pygame.Rect, title: Text, top: int) -> None:
    """A full-screen page of the shell: the felt, a cream ``panel`` and its ``title``, ``top``
    pixels (already scaled) under the panel's top edge."""
    app.art.lay_felt(surface)
    draw_panel(surface, panel, radius=scale(18))
    app.fonts.draw(
        surface, title, (panel.centerx, panel.y + top), scale.font(34), theme.INK, bold=True, anchor="midtop"
    )


def draw_tooltip(
    surface: pygame.Surface, fonts: Fonts, size: int, label: str, anchor: pygame.Rect, margin: int
) -> pygame.Rect:
    """A button's tooltip, ``label`` in a dark pill: under ``anchor`` (the button) when it fits
    there, else over it, moved sideways so that it stays ``margin`` inside the window (a
    button at the window's edge keeps its whole tooltip). Returns the pill."""
    tw, th = fonts.size(label, size)
    gap = max(4, size // 3)
    rect = pygame.Rect(0, 0, tw + size, th + gap)
    room = surface.get_rect().inflate(-2 * margin, -2 * margin)
    rect.midtop = (anchor.centerx, anchor.bottom + gap)
    if rect.bottom > room.bottom:
        rect.midbottom = (anchor.centerx, anchor.top - gap)
    rect.clamp_ip(room)
    pygame.draw.rect(surface, (10, 30, 22), rect, border_radius=rect.height // 2)
    fonts.draw(surface, label, rect.center, size, theme.CREAM, anchor="center")
    return rect


class IconButton(Button):
    """A round button showing one of the art's icons (its label is the tooltip); faded when
    disabled."""

    def draw(self, surface: pygame.Surface, fonts) -> None:
        r = self.rect.width // 2
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        if not self.enabled:
            pygame.draw.circle(layer, (255, 255, 255, 22), (r, r), r)
            if self.icon is not None:
                faded = self.icon.copy()
                faded.set_alpha(90)
                layer.blit(faded, faded.get_rect(center=(r, r)))
            surface.blit(layer, self.rect)
            return
        # Hovered: a darker disc with a gold ring, so the light icon stays readable.
        colour = (0, 0, 0, 120) if self.hovered else (255, 255, 255, 50)
        pygame.draw.circle(layer, colour, (r, r), r)
        if self.hovered:
            pygame.draw.circle(layer, (*theme.GOLD, 255), (r, r), r, width=max(2, r // 10))
        surface.blit(layer, self.rect)
        if self.icon is not None:
            surface.blit(self.icon, self.icon.get_rect(center=self.rect.center))
