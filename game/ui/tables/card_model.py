"""What the turn in progress at the two card tables shares, without pygame: the view it follows,
the seat's legal moves, and each person's order of the cards in hand (kept in the save, so
that everyone at a shared screen finds their own arrangement)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from game.engine.base import Move
from game.engine.pieces import SUITS, Card


def ace_high(rank: int) -> int:
    return 14 if rank == 1 else rank


def is_card_text(value: Any) -> bool:
    """True for a card in notation (``10H``, ``JK``): the engine's reasons name cards so."""
    return isinstance(value, str) and (value == "JK" or (len(value) in (2, 3) and value[-1] in SUITS))


class CardTurn:
    """Base of the card tables' models (see the module docstring). ``follow`` reads each new
    view; a game's model adds its own state (staging area, pile)."""

    def __init__(self, hand_orders: dict[int, list[str]] | None = None) -> None:
        self.view: Any = None
        self.viewer: int | None = None
        self.legal: list[Move] = []
        """The seat's legal moves when the person at the screen is to move, else none."""
        self.hand_orders: dict[int, list[str]] = hand_orders or {}
        """Each person's order of their hand (card idents), by seat."""
        self.arrived: list[str] = []
        """The cards that came into the viewer's hand with the last view (a draw)."""

    def follow(self, view: Any, viewer: int | None, mine: bool) -> None:
        """Bring the model up to date with ``view`` (``mine``: the viewer is to move)."""
        self.view, self.viewer = view, viewer
        self.legal = view.legal_moves() if mine else []
        self.arrived = []
        if viewer is not None:
            hand_ids = {c.ident for c in view.hand}
            known = [i for i in self.hand_orders.get(viewer, []) if i in hand_ids]
            self.arrived = [c.ident for c in view.hand if c.ident not in known]
            self.hand_orders[viewer] = known + self.arrived

    @property
    def hand_order(self) -> list[str]:
        """The order of the cards in the hand on screen (each person at the table has theirs)."""
        return self.hand_orders.get(self.viewer, []) if self.viewer is not None else []

    @hand_order.setter
    def hand_order(self, order: list[str]) -> None:
        if self.viewer is not None:
            self.hand_orders[self.viewer] = order

    def card_of(self, ident: Any) -> Card | None:
        """The card of the viewer's hand with this ident, if any."""
        return next((card for card in self.view.hand if card.ident == ident), None)

    def hand_cards(self, leaving_out: Iterable[str] = ()) -> list[Card]:
        """The hand in the player's order (without the ``leaving_out`` idents)."""
        gone = set(leaving_out)
        by_id = {c.ident: c for c in self.view.hand}
        return [by_id[i] for i in self.hand_order if i in by_id and i not in gone]

    def arrangement(self) -> Any:
        """What undo keeps of the interface's arrangement in a turn (games with staging)."""
        return None

    def restore(self, arrangement: Any) -> None:
        """Put back an ``arrangement`` taken earlier in the turn."""

    def take_back(self, ids: list[str]) -> None:
        """Cards come back to the hand from elsewhere on the screen (a staging area)."""

    def sort(self, key: Callable[[Card], Any]) -> None:
        """Order the hand by ``key``."""
        self.hand_order = [c.ident for c in sorted(self.view.hand, key=key)]

    def legal_kind(self, kind: str) -> Move | None:
        """The first legal move of ``kind`` ("draw_stock"...), if any."""
        return next((m for m in self.legal if m.kind == kind), None)
