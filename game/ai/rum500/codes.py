"""Cards as small integers and hands as bit masks, for fast evaluation.

A card's code is ``suit_index * 13 + rank - 1`` (0-51); a set of cards is an int with bit
``code`` set. Run values go from 1 to 14: the ace stands for 1 below a 2 and for 14 above a
king. The tables below give, for each card, the other cards of its rank and the cards of its
suit one or two steps away.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.pieces import SUITS, Card, make_cards
from game.engine.rum500 import card_points

CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The card of each code."""

assert sorted(c.text for c in CARDS) == sorted(c.text for c in make_cards(1, 0))

POINTS: tuple[int, ...] = tuple(card_points(c) for c in CARDS)
"""The value of each card in hand (an ace 15)."""


def code(card: Card) -> int:
    """The code of ``card``."""
    return SUITS.index(card.suit) * 13 + card.rank - 1


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << code(c)
    return m


def codes_of(mask: int) -> list[int]:
    """The codes whose bits are set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def code_at(value: int, suit: int) -> int | None:
    """The code of the card of suit index ``suit`` standing for run value ``value`` (1-14)."""
    if value < 1 or value > 14:
        return None
    return suit * 13 + (0 if value == 14 else value - 1)


def values_of(c: int) -> tuple[int, ...]:
    """The run values card ``c`` can stand for."""
    rank = c % 13 + 1
    return (1, 14) if rank == 1 else (rank,)


def _rank_mates(c: int) -> int:
    rank = c % 13
    return sum(1 << (s * 13 + rank) for s in range(4)) & ~(1 << c)


def _steps(c: int, distance: int) -> int:
    """Cards of ``c``'s suit exactly ``distance`` run steps away (either way)."""
    suit = c // 13
    m = 0
    for v in values_of(c):
        for w in (v - distance, v + distance):
            other = code_at(w, suit)
            if other is not None and other != c:
                m |= 1 << other
    return m


RANK_MATES: tuple[int, ...] = tuple(_rank_mates(c) for c in range(52))
"""The other three cards of each card's rank."""

NEAR: tuple[int, ...] = tuple(_steps(c, 1) | _steps(c, 2) for c in range(52))
"""The cards of each card's suit one or two steps away."""

RELATED: tuple[int, ...] = tuple(RANK_MATES[c] | NEAR[c] for c in range(52))
"""The cards whose presence in a hand changes what a card is worth."""

SUIT_BITS = (1 << 13) - 1


def has_meld(mask: int) -> bool:
    """Whether the cards of ``mask`` hold a set of three or a run of three."""
    a, b, c, d = (mask >> (13 * s) & SUIT_BITS for s in range(4))
    if (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d):
        return True
    for bits in (a, b, c, d):
        ext = bits | (bits & 1) << 13
        if ext & ext >> 1 & ext >> 2:
            return True
    return False
