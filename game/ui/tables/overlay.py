"""A panel over a dimmed table: the score sheets and the contract grid.

The table under the panel is darkened in place each frame (a colour multiply, quick even on a
large window); the panel and its contents are drawn once on their own layer and kept until the
table is invalidated (a new view, a new size, another language).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from game.i18n import Text
from game.ui import text as text_layer
from game.ui import theme
from game.ui.widgets import _shadow, draw_panel

VEIL = (105, 105, 105)
"""Multiplier of the colours under an overlay (as a black veil of opacity 150)."""

Paint = Callable[[pygame.Surface, pygame.Rect], None]


def darken(surface: pygame.Surface) -> None:
    """Dim everything drawn so far (a veil under an overlay)."""
    surface.fill(VEIL, special_flags=pygame.BLEND_RGB_MULT)
    text_layer.note(surface, "veil", surface.get_rect())


def compose(rect: pygame.Rect, radius: int, paint: Paint) -> tuple[pygame.Surface, tuple[int, int]]:
    """A panel and its contents drawn once on their own surface: ``paint(surface, panel)``
    draws on it with ``panel`` in the surface's coordinates. Returns the surface and where to
    blit it (the panel's shadow reaches outside ``rect``)."""
    spread = radius * 2
    layer = pygame.Surface(rect.inflate(2 * spread, 2 * spread).size, pygame.SRCALPHA)
    local = pygame.Rect(spread, spread, rect.width, rect.height)
    draw_panel(layer, local, radius=radius)
    paint(layer, local)
    return layer, (rect.x - spread, rect.y - spread)


def compose_in_steps(
    rect: pygame.Rect, radius: int, paint: Paint
) -> Iterator[tuple[pygame.Surface, tuple[int, int]] | None]:
    """``compose`` one large piece of work per frame: the panel's shadow, then its surface and
    the panel, then its contents. Yields ``None`` until the last step, which yields what
    ``compose`` returns (a screen-sized panel at once was the heaviest frame of a game)."""
    spread = radius * 2
    _shadow(rect.size, radius, 70)  # draw_panel's shadow, kept for the next step
    yield None
    layer = pygame.Surface(rect.inflate(2 * spread, 2 * spread).size, pygame.SRCALPHA)
    local = pygame.Rect(spread, spread, rect.width, rect.height)
    draw_panel(layer, local, radius=radius)
    yield None
    paint(layer, local)
    yield layer, (rect.x - spread, rect.y - spread)


def draw_overlay(
    table, surface: pygame.Surface, panel_size: Callable[[int, int], tuple[int, int]], paint: Paint
) -> None:
    """Darken ``surface`` and put ``table``'s overlay panel on it, centred, of
    ``panel_size(width, height)``, painted by ``paint`` once per ``table.invalidate()``."""
    darken(surface)
    w, h = surface.get_size()
    cached = table.drawing.overlay
    if cached is None or cached[0] != (w, h):
        panel = pygame.Rect((0, 0), panel_size(w, h))
        panel.center = (w // 2, h // 2)
        cached = ((w, h), *compose(panel, table.scale(16), paint))
        table.drawing.overlay = cached
    surface.blit(cached[1], cached[2])


def paint_heading(
    table, surface: pygame.Surface, panel: pygame.Rect, title: Text, close: Text | None
) -> None:
    """The panel's title at its top and, with ``close``, the hint to close it at its foot."""
    s, fonts = table.scale, table.app.fonts
    fonts.draw(
        surface, title, (panel.centerx, panel.y + s(16)), s.font(26), theme.INK, bold=True, anchor="midtop"
    )
    if close is not None:
        fonts.draw(
            surface,
            close,
            (panel.centerx, panel.bottom - s(14)),
            s.font(16),
            theme.INK_SOFT,
            anchor="midbottom",
        )
