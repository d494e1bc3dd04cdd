"""Geometry of the 500 Rum table, kept free of drawing so that it can be tested alone.

Two layouts live here: the discard pile spread in a row (wrapping to more rows only when a row
cannot hold it) so that the index of every card shows, and the melds flowed in blocks, one block
per player who started melds, left to right and line after line.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.tables.cardtable import INDEX_STEP, row_width
from game.ui.tables.meld_places import MeldPlaces

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


@dataclass(frozen=True)
class FlowMetrics:
    """Sizes of the meld flow: the label line above a block's melds, the padding inside a
    block, the gap between melds and between blocks, the stripe under the cards, the gap
    between lines, and the width each block's label needs (by seat)."""

    label_h: int
    pad: int
    gap: int
    block_gap: int
    stripe_h: int
    line_gap: int
    label_w: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class MeldFlow:
    """Melds placed in blocks: ``places`` gives each meld index the rectangle of its cards,
    ``blocks`` each block (seat, rectangle), a seat's block possibly split over two lines."""

    card_w: int
    card_h: int
    places: dict[int, pygame.Rect]
    blocks: list[tuple[int, pygame.Rect]]
    fits: bool


def flow_melds(
    groups: Sequence[tuple[int, Sequence[int]]],
    lengths: Mapping[int, int],
    area: pygame.Rect,
    card_w: int,
    card_h: int,
    metrics: FlowMetrics,
) -> MeldFlow:
    """Lay ``groups`` (seat, meld indices) out in ``area`` with cards ``card_w`` wide."""
    m = metrics
    line_h = m.label_h + card_h + m.stripe_h + m.pad
    places: dict[int, pygame.Rect] = {}
    blocks: list[tuple[int, pygame.Rect]] = []
    x, y = area.x, area.y
    fits = True
    for seat, indices in groups:
        widths = [row_width(lengths[i], card_w) for i in indices]
        label = m.label_w.get(seat, 0) + 2 * m.pad
        need = max(label, 2 * m.pad + sum(widths) + m.gap * (len(widths) - 1))
        if x > area.x and x + need > area.right:
            x, y = area.x, y + line_h + m.line_gap
        start, cx = x, x + m.pad
        for index, width in zip(indices, widths, strict=True):
            if cx + width + m.pad > area.right and cx > start + m.pad:
                blocks.append((seat, pygame.Rect(start, y, max(label, cx - m.gap + m.pad - start), line_h)))
                start, cx, y = area.x, area.x + m.pad, y + line_h + m.line_gap
            if width + 2 * m.pad > area.width:
                fits = False
            places[index] = pygame.Rect(cx, y + m.label_h, width, card_h)
            cx += width + m.gap
        block_w = max(label, cx - m.gap + m.pad - start)
        blocks.append((seat, pygame.Rect(start, y, block_w, line_h)))
        x = start + block_w + m.block_gap
    if groups and y + line_h > area.bottom:
        fits = False
    return MeldFlow(card_w, card_h, places, blocks, fits)


def grown_in_place(
    fresh: MeldFlow,
    shown: MeldFlow,
    memory: MeldPlaces,
    melds: Sequence[frozenset[str]],
    starters: Sequence[int],
    area: pygame.Rect,
    metrics: FlowMetrics,
) -> MeldFlow:
    """The melds grow in place: ``fresh`` (the melds flowed anew), unless the ``melds`` (each
    meld's idents) only grew since they were last shown in ``shown``; then every meld stays
    where it was shown (``memory``, ``meld_places``), each block stretched over its melds."""
    m = metrics

    def spacing(i: int, j: int) -> int:
        return m.gap if starters[i] == starters[j] else 2 * m.pad + m.block_gap

    width, places, kept = memory.settle(
        fresh.card_w,
        fresh.places,
        area,
        list(melds),
        right_edge=lambda i: area.right - m.pad,
        spacing=spacing,
    )
    if not kept:
        return fresh
    blocks = []
    for seat, block in shown.blocks:
        inside = [r for i, r in places.items() if starters[i] == seat and block.colliderect(r)]
        right = max([block.right, *(r.right + m.pad for r in inside)])
        blocks.append((seat, pygame.Rect(block.x, block.y, right - block.x, block.height)))
    return MeldFlow(width, shown.card_h, places, blocks, True)
