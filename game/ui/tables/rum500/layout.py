"""Geometry of the 500 Rum table, kept free of drawing so that it can be tested alone: the
discard pile spread in a row (wrapping to more rows only when a row cannot hold it) so that the
index of every card shows. (The melds are laid out by ``tables/meld_places.py``.)"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.tables.cardtable import INDEX_STEP

PILE_LOOSE = 0.62
"""Step between pile cards while the row has room (in card widths)."""
PILE_ROW_DROP = 0.46
"""Vertical offset between wrapped pile rows (in card heights): the earlier row's index shows."""


@dataclass(frozen=True)
class PileLayout:
    """Where every card of the discard pile lies, bottom (oldest) first, and where the next
    discard goes. ``strips`` are the visible parts of the cards (their hit areas)."""

    card_w: int
    card_h: int
    positions: tuple[tuple[float, float], ...]
    strips: tuple[pygame.Rect, ...]
    slot: pygame.Rect
    rows: int

    def group_rect(self, start: int) -> pygame.Rect:
        """The outline of cards ``start`` to the top (the cards a deep pick-up takes)."""
        rects = [pygame.Rect(round(x), round(y), self.card_w, self.card_h) for x, y in self.positions[start:]]
        if not rects:
            return pygame.Rect(self.slot)
        return rects[0].unionall(rects[1:])


def spread_pile(count: int, area: pygame.Rect, card_w: int, card_h: int) -> PileLayout:
    """The pile of ``count`` cards laid left to right from ``area``'s top-left corner, with
    room for the next discard after the top card. The step between cards shrinks as the pile
    grows, never under the width of a card's index; past that the row wraps."""
    places = count + 1  # every card, then the slot of the next discard
    room = max(1.0, area.width - card_w)
    step = card_w * PILE_LOOSE if places == 1 else min(card_w * PILE_LOOSE, room / (places - 1))
    per_row = places
    if step < card_w * INDEX_STEP:
        step = card_w * INDEX_STEP
        per_row = max(2, int(room // step) + 1)
    rows = math.ceil(places / per_row)
    drop = card_h * PILE_ROW_DROP
    spots = [(area.x + (i % per_row) * step, area.y + (i // per_row) * drop) for i in range(places)]
    strips = []
    for i in range(count):
        x, y = round(spots[i][0]), round(spots[i][1])
        same_row_next = i + 1 < count and (i + 1) // per_row == i // per_row
        width = round(spots[i + 1][0]) - x if same_row_next else card_w
        row = i // per_row
        height = round(area.y + (row + 1) * drop) - y if row < (count - 1) // per_row else card_h
        strips.append(pygame.Rect(x, y, max(1, width), max(1, height)))
    sx, sy = spots[count]
    slot = pygame.Rect(round(sx), round(sy), card_w, card_h)
    return PileLayout(card_w, card_h, tuple(spots[:count]), tuple(strips), slot, rows)


def pile_height(rows: int, card_h: int) -> int:
    """Height taken by a pile of ``rows`` rows."""
    return round(card_h + (rows - 1) * card_h * PILE_ROW_DROP)
