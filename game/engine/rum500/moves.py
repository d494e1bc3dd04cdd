"""The moves of 500 Rum: frozen dataclasses naming physical cards, and their JSON codec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.base import Move, MoveCodec, NextRound
from game.engine.pieces import Card


@dataclass(frozen=True)
class DrawStock(Move):
    """Draw the top card of the stock (phase ``"draw"``)."""

    kind: ClassVar[str] = "draw_stock"


@dataclass(frozen=True)
class TakeDiscard(Move):
    """Take the discard pile card at ``index`` (0 = bottom, the oldest) and every card above it
    (phase ``"draw"``). The card at ``index`` must be used this turn."""

    index: int
    kind: ClassVar[str] = "take_discard"


@dataclass(frozen=True)
class PassEmptyStock(Move):
    """With the stock empty, decline the discard pile: the hand ends (or, with
    ``reuse_discards``, the pile but its top card becomes the stock and the player draws)."""

    kind: ClassVar[str] = "pass_empty_stock"


@dataclass(frozen=True)
class Meld(Move):
    """Lay a new set or run from the hand, ``cards`` in table order (phase ``"play"``)."""

    cards: tuple[Card, ...]
    kind: ClassVar[str] = "meld"


@dataclass(frozen=True)
class LayOff(Move):
    """Add ``card`` from the hand to table meld ``meld`` (its index on the table): at ``end``
    ``"low"``/``"high"`` of a run (``None``: the only end that fits), ``None`` for a set."""

    card: Card
    meld: int
    end: str | None = None
    kind: ClassVar[str] = "lay_off"


@dataclass(frozen=True)
class Discard(Move):
    """Discard ``card`` on the pile, ending the turn (phase ``"play"``)."""

    card: Card
    kind: ClassVar[str] = "discard"


@dataclass(frozen=True)
class ClaimRummy(Move):
    """Claim the card just discarded (phase ``"claim"``) and lay it down at once: either in a
    new meld ``cards`` (table order, the discarded card plus cards of the claimer's hand), or as
    a lay-off on table meld ``meld`` at ``end`` (as for ``LayOff``). Give one or the other."""

    cards: tuple[Card, ...] = ()
    meld: int | None = None
    end: str | None = None
    kind: ClassVar[str] = "claim_rummy"


@dataclass(frozen=True)
class PassClaim(Move):
    """Do not claim the card just discarded (phase ``"claim"``)."""

    kind: ClassVar[str] = "pass_claim"


MOVE_CODEC = MoveCodec(
    DrawStock, TakeDiscard, PassEmptyStock, Meld, LayOff, Discard, ClaimRummy, PassClaim, NextRound
)
"""Encodes 500 Rum moves to JSON objects and back."""

CODEC = MOVE_CODEC
"""The codec under the name the other engines give it."""

MOVE_CLASSES: tuple[type[Move], ...] = (
    DrawStock,
    TakeDiscard,
    PassEmptyStock,
    Meld,
    LayOff,
    Discard,
    ClaimRummy,
    PassClaim,
    NextRound,
)
