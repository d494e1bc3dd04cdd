"""The still layer of a table: the felt and what lies on it between moves (seat panels, labels,
the places of the piles, meld blocks, the tile grid's empty places, the rack), kept on one
window-sized surface that every frame starts from.

The layer is made of parts (``StillPart``): a name, the rectangle it paints in, a key that
holds everything its look depends on, and the function that paints it. After a move the game
lists its parts again and ``StillLayer.update`` compares them with the ones on the layer: only
the rectangles of the parts that appeared, went or whose key or place changed are drawn again
(the felt restored there, then every part that crosses them painted in order, clipped to them).
A part always paints clipped to its own rectangle, in a full redraw too, so what a partial
redraw leaves is what a full one draws, as long as the keys are complete.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import text as text_layer


@dataclass(frozen=True, eq=False)
class StillPart:
    """One part of the still layer: ``paint(surface)`` draws it within ``rect``; two parts of
    the same ``name`` and ``key`` at the same ``rect`` look the same."""

    name: Hashable
    rect: pygame.Rect
    key: Hashable
    paint: Callable[[pygame.Surface], object]


def text_box(fonts, text, pos: tuple[int, int], size: int, *, bold: bool = False, anchor: str = "topleft"):
    """The rectangle a line drawn by ``fonts.draw`` with these arguments covers, with a few
    pixels to spare (a part's rectangle may be larger than what it paints, never smaller)."""
    rect = pygame.Rect((0, 0), fonts.size(text, size, bold))
    setattr(rect, anchor, pos)
    spare = max(2, size // 4)
    return rect.inflate(2 * spare, 2 * spare)


class StillLayer:
    """The still layer's surface and the parts drawn on it (see the module docstring)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.parts: list[StillPart] = []
        """The parts on the layer, in the order they were painted."""
        self._drawn: dict[Hashable, tuple[tuple[int, int, int, int], Hashable]] = {}
        self.redrawn: list[pygame.Rect] = []
        """The regions drawn at the last redraw (the whole layer after a full one)."""
        self.redraws = 0
        """How many times the layer was drawn on, fully or in part."""
        self.lines: dict[Hashable, list[pygame.Rect]] = {}
        """The ink of the lines of text each part drew (its labels), by part name."""

    @property
    def size(self) -> tuple[int, int] | None:
        return None if self.surface is None else self.surface.get_size()

    def redraw_all(self, felt: pygame.Surface, parts: Sequence[StillPart]) -> None:
        """Draw the whole layer: the felt (its size is the layer's), then every part."""
        size = felt.get_size()
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size).convert()
        self._repaint([self.surface.get_rect()], felt, parts)

    def update(self, felt: pygame.Surface, parts: Sequence[StillPart]) -> None:
        """Draw again only where ``parts`` differ from the parts on the layer."""
        damage = self.damage(parts)
        if damage:
            self._repaint(damage, felt, parts)
        else:
            self.parts = list(parts)

    def damage(self, parts: Sequence[StillPart]) -> list[pygame.Rect]:
        """The regions of the layer that ``parts`` change: the old and the new rectangle of
        every part that appeared, went, moved or changed its key (within the layer)."""
        now = {p.name: (tuple(p.rect), p.key) for p in parts}
        names = list(now) + [name for name in self._drawn if name not in now]
        bounds = self.surface.get_rect()
        rects: list[pygame.Rect] = []
        for name in names:
            old, new = self._drawn.get(name), now.get(name)
            if old == new:
                continue
            for drawn in (old, new):
                if drawn is None:
                    continue
                rect = pygame.Rect(drawn[0]).clip(bounds)
                if rect.width and rect.height and not any(r.contains(rect) for r in rects):
                    rects = [r for r in rects if not rect.contains(r)] + [rect]
        return rects

    def _repaint(self, regions: list[pygame.Rect], felt: pygame.Surface, parts: Sequence[StillPart]) -> None:
        surface = self.surface
        for region in regions:
            surface.set_clip(region)
            surface.blit(felt, region, region)
            for part in parts:
                area = part.rect.clip(region)
                if area.width and area.height:
                    surface.set_clip(area)
                    with text_layer.collecting_lines() as lines:
                        part.paint(surface)
                    self.lines[part.name] = lines
        surface.set_clip(None)
        names = {p.name for p in parts}
        self.lines = {name: lines for name, lines in self.lines.items() if name in names}
        self.parts = list(parts)
        self._drawn = {p.name: (tuple(p.rect), p.key) for p in parts}
        self.redrawn = [r.copy() for r in regions]
        self.redraws += 1

    def labels(self) -> list[pygame.Rect]:
        """Where the lines of text on the layer lie (names, labels, counts)."""
        return [rect for lines in self.lines.values() for rect in lines]

    def redrawn_share(self) -> float:
        """The part of the layer drawn at the last redraw (1.0: all of it; overlapping
        regions count twice)."""
        if self.surface is None:
            return 0.0
        w, h = self.surface.get_size()
        return sum(r.width * r.height for r in self.redrawn) / (w * h)


def panel_bounds(scale, rect: pygame.Rect) -> pygame.Rect:
    """What a seat panel in ``rect`` covers, the shadow around the panel of the seat to play
    included (``draw_shadow(rect.inflate(s(6), s(6)), s(14), offset=0)``)."""
    spread = max(2, scale(14) // 2)
    grow = scale(6) + 2 * spread + 2
    return rect.inflate(grow, grow)
