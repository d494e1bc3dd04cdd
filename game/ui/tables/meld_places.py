"""Melds that grow in place, for the card tables.

A table lays its melds out afresh from their lengths, which is right for a new meld but would
shift every meld after one that grew by a card. ``MeldPlaces`` remembers where each meld was
shown and, when the only change is that some melds grew (a lay-off, a wild taken back), keeps
every meld where it was: a grown meld keeps its left and top edges and, when the meld after it
on the same line leaves no room, its cards overlap a little more. The fresh layout is taken when
a meld is new or gone, the melds area changed, or a grown meld no longer fits even tightly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.tables.cardtable import INDEX_STEP

TIGHTEST_STEP = 0.2
"""The least share of a card's width a meld card shows of itself (its index stays readable)."""


def meld_step(rect: pygame.Rect, count: int, card_w: int) -> float:
    """How far apart the cards of a meld of ``count`` cards ``card_w`` wide shown in ``rect`` are."""
    if count < 2:
        return card_w * INDEX_STEP
    return min(card_w * INDEX_STEP, (rect.width - card_w) / (count - 1))


@dataclass
class MeldPlaces:
    """The places the melds were last shown at (see the module's docstring)."""

    card_w: int = 0
    area: tuple[int, int, int, int] = (0, 0, 0, 0)
    places: dict[int, pygame.Rect] = field(default_factory=dict)
    cards: dict[int, frozenset[str]] = field(default_factory=dict)

    def settle(
        self,
        fresh_w: int,
        fresh: Mapping[int, pygame.Rect],
        area: pygame.Rect,
        cards: Sequence[frozenset[str]],
        right_edge: Callable[[int], int],
        spacing: Callable[[int, int], int],
    ) -> tuple[int, dict[int, pygame.Rect], bool]:
        """Card width and one rectangle per meld for the melds ``cards`` (each meld's card
        idents, by table index), given the ``fresh`` layout; True when the places are kept.
        ``right_edge(i)``: how far right meld ``i`` may reach; ``spacing(i, j)``: the room to
        leave between meld ``i`` and meld ``j`` after it on the same line."""
        kept = self._kept(fresh_w, fresh, area, cards, right_edge, spacing)
        if kept is None:
            self.card_w, self.places = fresh_w, {i: pygame.Rect(r) for i, r in fresh.items()}
        else:
            self.places = kept
        self.area = tuple(area)
        self.cards = dict(enumerate(cards))
        return self.card_w, dict(self.places), kept is not None

    def _kept(self, fresh_w, fresh, area, cards, right_edge, spacing) -> dict[int, pygame.Rect] | None:
        before = self.places
        if not before or tuple(area) != self.area or set(before) != set(range(len(cards))):
            return None
        if any(not self.cards[i] <= cards[i] for i in before):
            return None  # not the same melds (a new round, another game)
        if fresh_w == self.card_w and all(fresh[i].topleft == before[i].topleft for i in before):
            return None  # the fresh layout already keeps every meld in place
        card_w = self.card_w
        kept = {}
        for i, rect in before.items():
            count = len(cards[i])
            need = card_w + round(card_w * INDEX_STEP * max(0, count - 1))
            limit = right_edge(i)
            for j, other in before.items():
                if j != i and other.y == rect.y and other.x > rect.x:
                    limit = min(limit, other.x - spacing(i, j))
            width = min(need, limit - rect.x)
            if count > 1 and width < card_w + card_w * TIGHTEST_STEP * (count - 1):
                return None
            kept[i] = pygame.Rect(rect.x, rect.y, max(width, min(need, card_w)), rect.height)
        return kept
