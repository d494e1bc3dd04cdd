"""Geometry of the Frustration Rummy table that does not depend on the scene: the melds on the
table grouped by owner in a grid that fits their area, and the staging slots. Nothing is drawn
here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from game.ui.tables.cardtable import row_width

MeldPlaces = list[tuple[int, pygame.Rect]]
"""(meld index, rectangle of its cards)."""


def meld_grid(
    owners: Mapping[int, Sequence[int]],
    lengths: Sequence[int],
    area: pygame.Rect,
    card: tuple[int, int],
    columns: int,
    s: Callable[[float], int],
    force: bool = False,
    label_h: int = 0,
) -> tuple[MeldPlaces, dict[int, pygame.Rect]] | None:
    """Melds (``owners``: seat -> meld indices, in the order shown; ``lengths``: cards per meld)
    of cards ``card`` (width, height) in blocks of ``columns`` columns, one block per owner,
    under a label ``label_h`` high (the owner's name). ``None`` when they do not fit (unless
    ``force``)."""
    width, height = card
    label_h = label_h or s(24)
    if not owners:
        return [], {}
    order = list(owners)
    rows = -(-len(order) // columns)
    block_w = (area.width - s(14) * (columns - 1)) // columns
    block_h = (area.height - s(10) * (rows - 1)) // rows
    gap = s(12)
    placed, blocks = [], {}
    for b, seat in enumerate(order):
        bx = area.x + (b % columns) * (block_w + s(14))
        by = area.y + (b // columns) * (block_h + s(10))
        blocks[seat] = pygame.Rect(bx, by, block_w, block_h)
        x, y = bx + s(8), by + label_h
        for index in owners[seat]:
            mw = row_width(lengths[index], width)
            if x + mw > bx + block_w - s(6) and x > bx + s(8):
                x, y = bx + s(8), y + height + s(8)
            if (y + height > by + block_h or mw > block_w - s(14)) and not force:
                return None
            placed.append((index, pygame.Rect(x, y, mw, height)))
            x += mw + gap
    return placed, blocks


def lay_out_melds(
    owner_of: Sequence[int],
    lengths: Sequence[int],
    seats: Sequence[int],
    area: pygame.Rect,
    s: Callable[[float], int],
    height: Callable[[int], int],
    label_h: int = 0,
) -> tuple[int, MeldPlaces, dict[int, pygame.Rect]]:
    """Card width, one rectangle per meld and one block per owner: the largest cards whose
    grid fits ``area`` (owners in the order of ``seats``; ``owner_of``: each meld's owner;
    ``label_h``: the height of an owner's name over its melds)."""
    by_owner: dict[int, list[int]] = {}
    for index, owner in enumerate(owner_of):
        by_owner.setdefault(owner, []).append(index)
    owners = {seat: by_owner[seat] for seat in seats if seat in by_owner}
    for width in range(s(58), s(34) - 1, -2):
        for columns in (1, 2, 3):
            found = meld_grid(owners, lengths, area, (width, height(width)), columns, s, label_h=label_h)
            if found is not None:
                return (width, *found)
    width = s(34)
    forced = meld_grid(owners, lengths, area, (width, height(width)), 3, s, force=True, label_h=label_h)
    assert forced is not None  # a forced grid always places every meld
    return (width, *forced)


def slot_rects(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``count`` staging slots side by side in ``area``."""
    n = max(1, count)
    w = (area.width - gap * (n - 1)) // n
    return [pygame.Rect(area.x + i * (w + gap), area.y, w, area.height) for i in range(n)]


def seat_fan(
    rect: pygame.Rect, top: int, s: Callable[[float], int], height: Callable[[int], int]
) -> tuple[pygame.Rect, int]:
    """Where an opponent's card backs are fanned in its panel ``rect``: under ``top`` (the foot
    of its text) and above the panel's foot, across the panel. Returns the fan's area and the
    card width (``s(26)``, smaller when the panel is too short for it)."""
    bottom = rect.bottom - s(8)
    width = s(26)
    while width > s(12) and bottom - height(width) < top:
        width -= 1
    return pygame.Rect(rect.x + s(10), bottom - height(width), rect.width - s(20), height(width)), width
