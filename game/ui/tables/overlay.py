"""A panel over a dimmed table: the score sheets and the contract grid.

The table under the panel is darkened in place each frame (a colour multiply, quick even on a
large window); the panel and its contents are drawn once on their own layer and kept until the
table is invalidated (a new view, a new size, another language): ``TableDrawing.draw_overlay``.
What is drawn on a panel gets what it needs (a ``Pen`` and the view), never the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pygame

from game.i18n import Text
from game.ui import theme
from game.ui.text import Fonts
from game.ui.theme import Scale
from game.ui.widgets import _shadow, dim, draw_panel

VEIL = (105, 105, 105)
"""Multiplier of the colours under an overlay (as a black veil of opacity 150)."""

Paint = Callable[[pygame.Surface, pygame.Rect], None]
"""Draws a panel's contents: ``paint(surface, panel)``."""
PanelSize = Callable[[int, int], tuple[int, int]]
"""A panel's size for a window of (width, height)."""


@dataclass(frozen=True)
class Pen:
    """What a panel over a table (a score sheet, the contract grid) is drawn with: the window's
    scale, the fonts, the words, each seat's name and, where the game gives seats one, each
    seat's colour (``TableScene.pen``)."""

    scale: Scale
    fonts: Fonts
    tr: Callable[..., Text]
    names: tuple[Text, ...]
    colours: tuple[tuple[int, int, int], ...] = ()


def darken(surface: pygame.Surface) -> None:
    """Dim everything drawn so far (a veil under an overlay)."""
    dim(surface, 255 - VEIL[0])


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


def paint_heading(
    pen: Pen, surface: pygame.Surface, panel: pygame.Rect, title: Text, close: Text | None
) -> None:
    """The panel's title at its top and, with ``close``, the hint to close it at its foot."""
    s, fonts = pen.scale, pen.fonts
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
