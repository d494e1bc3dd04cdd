"""500 Rum melds grow in place: the melds flow (``layout.flow_melds``) kept where it was shown
while the melds only grew, each block stretched over its melds (see ``meld_places``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.ui.tables.meld_places import MeldPlaces, meld_step
from game.ui.tables.rum500.layout import FlowMetrics, MeldFlow

__all__ = ["MeldPlaces", "grown_in_place", "meld_step"]


def grown_in_place(table: Any, fresh: MeldFlow, metrics: FlowMetrics) -> MeldFlow:
    """``fresh``, unless the table's melds only grew since they were last shown
    (``table.flow``): then every meld where it was shown (``table.meld_places``), each block
    stretched over its melds."""
    memory: MeldPlaces = table.meld_places
    shown: MeldFlow = table.flow
    starters: Sequence[int] = table.model.starters
    area: pygame.Rect = table.areas["melds"]
    m = metrics
    cards = [frozenset(c.ident for c in meld.cards) for meld in table.view.table]

    def spacing(i: int, j: int) -> int:
        return m.gap if starters[i] == starters[j] else 2 * m.pad + m.block_gap

    width, places, kept = memory.settle(
        fresh.card_w,
        fresh.places,
        area,
        cards,
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
