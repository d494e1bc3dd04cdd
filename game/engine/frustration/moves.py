"""The moves of Frustration Rummy and their JSON codec.

Moves name physical cards; two moves are equal only when they name the same physical cards
(same ``ident``), so ``move in view.legal_moves()`` never confuses twins from two decks.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from game.engine.base import Move, MoveCodec, NextRound
from game.engine.pieces import Card


def _key(value: Any) -> Any:
    if isinstance(value, Card):
        return value.ident
    if isinstance(value, (tuple, list)):
        return tuple(_key(v) for v in value)
    return value


@dataclass(frozen=True, eq=False)
class FrustrationMove(Move):
    """Base of the game's own moves: equality and hash by kind and physical cards."""

    kind: ClassVar[str] = "frustration_move"

    def key(self) -> tuple[Any, ...]:
        """Kind plus every field, cards by ident."""
        return (self.kind, *(_key(getattr(self, f.name)) for f in fields(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FrustrationMove):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


@dataclass(frozen=True, eq=False)
class DrawStock(FrustrationMove):
    """Draw the top card of the stock (phase ``draw``)."""

    kind: ClassVar[str] = "draw_stock"


@dataclass(frozen=True, eq=False)
class DrawDiscard(FrustrationMove):
    """Take the top card of the discard pile (phase ``draw``)."""

    kind: ClassVar[str] = "draw_discard"


@dataclass(frozen=True, eq=False)
class LayDown(FrustrationMove):
    """Lay down the whole current contract: one tuple of cards per meld, in table order."""

    kind: ClassVar[str] = "lay_down"
    melds: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, eq=False)
class LayOff(FrustrationMove):
    """Add ``card`` to table meld number ``meld``: at ``end`` ``"low"`` or ``"high"`` of a
    run; ``end`` must be ``None`` for a set."""

    kind: ClassVar[str] = "lay_off"
    card: Card
    meld: int
    end: str | None = None


@dataclass(frozen=True, eq=False)
class ExtraMeld(FrustrationMove):
    """Lay a new set (3+) or run (``extra_run_min``+) from the hand, in table order."""

    kind: ClassVar[str] = "extra_meld"
    cards: tuple[Card, ...]


@dataclass(frozen=True, eq=False)
class TakeBackWild(FrustrationMove):
    """Put the natural ``card`` in place of the wild at ``position`` of run number ``meld``;
    the wild goes to the hand and must be played on the table this turn."""

    kind: ClassVar[str] = "take_back_wild"
    card: Card
    meld: int
    position: int


@dataclass(frozen=True, eq=False)
class Discard(FrustrationMove):
    """Discard ``card``; ends the turn (and the round when it was the last card)."""

    kind: ClassVar[str] = "discard"
    card: Card


MOVE_CLASSES: tuple[type[Move], ...] = (
    DrawStock,
    DrawDiscard,
    LayDown,
    LayOff,
    ExtraMeld,
    TakeBackWild,
    Discard,
    NextRound,
)

CODEC = MoveCodec(*MOVE_CLASSES)
"""``CODEC.encode(move)`` / ``CODEC.decode(data)`` for every Frustration move."""
