"""The turn in progress at the 500 Rum table, without pygame: each person's hand order, the
seat's legal moves, what may be taken from the pile, and the moves a gesture makes (a meld of
the selected cards, lay-offs one after the other, the best Rummy! claim)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.engine import schema as sc
from game.engine.pieces import SUITS, Card
from game.engine.rum500 import ClaimRummy, LayOff, Meld, TakeDiscard, card_points, lay_off_ends, meld_starters
from game.ui.tables.card_model import CardTurn, ace_high
from game.ui.tables.card_undo import UI_KEY as UNDO_KEY
from game.ui.tables.saved_ui import IDENTS, SEAT

UI_SCHEMA = sc.Obj({}, {"hand_orders": sc.Map(SEAT, IDENTS, hi=6), UNDO_KEY: sc.Anything()})
"""The interface block of a save: each person's hand order and the turn's undo (``card_undo``,
checked when the table opens)."""


def suit_order(card: Card) -> tuple:
    """Sort key: by suit, then rank (ace high)."""
    return (SUITS.index(card.suit), ace_high(card.rank), card.ident)


def rank_order(card: Card) -> tuple:
    """Sort key: by rank (ace high), then suit."""
    return (ace_high(card.rank), SUITS.index(card.suit), card.ident)


def table_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in an order the engine can read as a meld (a run ascending, ace low)."""
    return tuple(sorted(cards, key=lambda c: (c.rank, SUITS.index(c.suit))))


class Rum500Turn(CardTurn):
    """See the module docstring. The save keeps ``{"hand_orders": {seat: [idents]}}``."""

    def __init__(self, ui: Any = None) -> None:
        saved = ui.get("hand_orders") if isinstance(ui, dict) else None
        super().__init__(
            {
                int(seat): [i for i in order if isinstance(i, str)]
                for seat, order in (saved.items() if isinstance(saved, dict) else ())
                if str(seat).isdigit() and isinstance(order, list)
            }
        )
        self.pile_index: dict[str, int] = {}
        """Position in the discard pile of each card of it."""
        self.takeable: set[int] = set()
        """Pile positions the seat may take from now."""
        self.starters: list[int] = []
        """The seat that started each table meld."""

    def follow(self, view: Any, viewer: int | None, mine: bool) -> None:
        super().follow(view, viewer, mine)
        self.pile_index = {c.ident: i for i, c in enumerate(view.discard)}
        self.takeable = {m.index for m in self.legal if isinstance(m, TakeDiscard)}
        self.starters = meld_starters(view.table, view.log)

    def to_ui(self) -> dict[str, Any]:
        """What ``session.ui`` keeps."""
        return {"hand_orders": {str(seat): order for seat, order in self.hand_orders.items()}}

    def selected_cards(self, selected: Iterable[Any]) -> list[Card]:
        """The hand cards among the ``selected`` idents, in hand order."""
        chosen = set(selected)
        return [c for c in self.hand_cards() if c.ident in chosen]

    def claim_card(self) -> Card | None:
        """The card offered in a claim window, if one is open."""
        return self.view.claim_card if self.view.phase == "claim" else None

    def meld_move(self, cards: list[Card]) -> Meld:
        """The legal meld made of exactly ``cards`` if there is one, else the cards in table
        order (the engine then says what is wrong with them)."""
        wanted = sorted(c.ident for c in cards)
        for move in self.legal:
            if isinstance(move, Meld) and sorted(c.ident for c in move.cards) == wanted:
                return move
        return Meld(table_order(cards))

    def lay_off_sequence(self, cards: list[Card], index: int) -> list[LayOff] | None:
        """Lay-offs that put every card of ``cards`` on meld ``index`` one after the other, or
        ``None`` when some card would not fit."""
        meld = self.view.table[index]
        seat = self.view.seat
        left = sorted(cards, key=lambda c: ace_high(c.rank))
        moves: list[LayOff] = []
        while left:
            for card in left:
                ends = lay_off_ends(meld, card)
                if ends:
                    moves.append(LayOff(card, index, ends[0]))
                    meld = meld.with_card(card, ends[0], seat)
                    left.remove(card)
                    break
            else:
                return None
        return moves

    def best_claim(self, selected: Iterable[Any], melds_only: bool = False) -> ClaimRummy:
        """The claim the Rummy! button makes: the meld of the ``selected`` hand cards with the
        discarded card if they make one, else the claim that lays down the most points."""
        claims = [m for m in self.legal if isinstance(m, ClaimRummy)]
        card = self.claim_card()
        hand = self.selected_cards(selected)
        chosen = {c.ident for c in hand}
        if chosen and card is not None:
            for move in claims:
                if move.cards and {c.ident for c in move.cards} == chosen | {card.ident}:
                    return move
            # The cards chosen make no meld with it: the engine says why.
            return ClaimRummy(cards=table_order([*hand, card]))
        if melds_only:
            claims = [m for m in claims if m.cards]
        if not claims:
            return ClaimRummy(cards=(card,) if card is not None else ())

        def points(move: ClaimRummy) -> int:
            if move.cards:
                return sum(card_points(c) for c in move.cards)
            return card_points(card) if card is not None else 0

        return max(claims, key=points)
