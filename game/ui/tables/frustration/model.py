"""The turn in progress at the Frustration Rummy table, without pygame: each person's hand
order and staging area (the contract's melds arranged before "Lay down", or an extra meld
after), the seat's legal moves, and the move the staging area makes."""

from __future__ import annotations

from typing import Any

from game.engine import schema as sc
from game.engine.base import Move
from game.engine.errors import IllegalMove
from game.engine.frustration import HIGH, LOW, ExtraMeld, LayDown, contract, is_wild, validate_meld
from game.engine.frustration.rules import lay_off
from game.engine.notation import parse
from game.engine.pieces import SUITS, Card
from game.ui.tables.card_model import CardTurn, ace_high
from game.ui.tables.card_undo import UI_KEY as UNDO_KEY
from game.ui.tables.saved_ui import IDENTS, SEAT

UI_SCHEMA = sc.Obj(
    {},
    {
        "seats": sc.Map(SEAT, sc.Obj({}, {"staged": sc.List(IDENTS, hi=20), "hand_order": IDENTS}), hi=6),
        UNDO_KEY: sc.Anything(),
    },
)
"""The interface block of a save: each person's staging area and hand order, and the turn's
undo (``card_undo``, checked when the table opens)."""


def suit_order(card: Card) -> tuple:
    """Sort key: wilds last, then by suit and rank (ace high)."""
    if is_wild(card):
        return (9, card.rank, card.ident)
    return (SUITS.index(card.suit), ace_high(card.rank), card.ident)


def rank_order(card: Card) -> tuple:
    """Sort key: wilds last, then by rank (ace high) and suit."""
    if is_wild(card):
        return (99, card.rank, card.ident)
    return (ace_high(card.rank), SUITS.index(card.suit), card.ident)


def goes_out_with(view: Any, discarded: str) -> bool:
    """Whether the card ``discarded`` by ``view``'s seat lets the next player go out, from public
    information only (the coach's ``feed`` note): that player has laid down and holds one card,
    and the card joins a meld of the table (the engine's ``lay_off``), so taking it they lay it
    off and discard their last card."""
    after = (view.seat + 1) % view.num_players
    if not view.down[after] or view.hand_sizes[after] != 1:
        return False
    card = parse(discarded)[0]
    for meld in view.table:
        for end in (None, LOW, HIGH):
            try:
                lay_off(meld, card, end)
            except IllegalMove:
                continue
            return True
    return False


class FrustrationTurn(CardTurn):
    """See the module docstring. The save keeps ``{"seats": {seat: {staged, hand_order}}}``."""

    def __init__(self, ui: Any = None) -> None:
        super().__init__()
        saved = ui.get("seats", {}) if isinstance(ui, dict) else {}
        self.seat_ui: dict[str, dict] = saved if isinstance(saved, dict) else {}
        """Per person (seat number as text): their staging area and hand order."""
        self.ui_seat: int | None = None
        """The person whose arrangement ``staged`` and the hand order are."""
        self.staged: list[list[str]] = []
        """One list of card idents per staging slot."""
        self.round_seen: int | None = None
        """The round the staging areas belong to."""

    def follow(self, view: Any, viewer: int | None, mine: bool) -> None:
        if self.round_seen is not None and view.round_number != self.round_seen:
            # A new deal: nobody's staging area carries over (the same idents come back).
            for own in self.seat_ui.values():
                own["staged"] = []
            self.staged = []
        self.round_seen = view.round_number
        if viewer != self.ui_seat:
            self.stash()
            own = self.seat_ui.get(str(viewer), {}) if viewer is not None else {}
            self.staged = [list(g) for g in own.get("staged", [])]
            if viewer is not None:
                self.hand_orders[viewer] = list(own.get("hand_order", []))
            self.ui_seat = viewer
        super().follow(view, viewer, mine)
        hand_ids = {c.ident for c in view.hand} if viewer is not None else set()
        self.staged = [[i for i in group if i in hand_ids] for group in self.staged]
        if not self.staged or viewer is None or len(self.staged) != self.slot_count():
            self.staged = [[] for _ in range(self.slot_count())] if viewer is not None else []
        self.stash()

    def stash(self) -> None:
        """Keep the arrangement of the person at the screen with the others'."""
        if self.ui_seat is not None:
            order = self.hand_orders.get(self.ui_seat, [])
            self.seat_ui[str(self.ui_seat)] = {"staged": self.staged, "hand_order": order}

    def to_ui(self) -> dict[str, Any]:
        """What ``session.ui`` keeps."""
        self.stash()
        return {"seats": self.seat_ui}

    def slot_count(self) -> int:
        """Staging slots: one per contract meld before laying down, one for an extra meld after."""
        if self.viewer is None:
            return 0
        return 1 if self.view.is_down else len(contract(self.view.contract))

    def staged_ids(self) -> set[str]:
        return {i for group in self.staged for i in group}

    def hand_cards(self, leaving_out=()) -> list[Card]:
        """The hand in the player's order, without the staged cards."""
        return super().hand_cards(self.staged_ids() | set(leaving_out))

    def take_back(self, ids: list[str]) -> None:
        """Take these cards out of the staging area."""
        for group in self.staged:
            for i in ids:
                if i in group:
                    group.remove(i)

    def arrangement(self) -> list[list[str]]:
        return [list(g) for g in self.staged]

    def restore(self, arrangement: Any) -> None:
        hand_ids = {c.ident for c in self.view.hand}
        self.staged = [[i for i in g if i in hand_ids] for g in arrangement]
        self.stash()

    def stage(self, ids: list[str], slot: int) -> None:
        """Put these cards in staging slot ``slot`` (out of any other)."""
        self.take_back(ids)
        self.staged[slot].extend(ids)

    def staged_move(self) -> Move:
        """What the staging area lays: the contract's melds, or one extra meld once down."""
        groups = [[c for c in (self.card_of(i) for i in g) if c is not None] for g in self.staged]
        if self.view.is_down:
            return ExtraMeld(tuple(groups[0]) if groups else ())
        return LayDown(tuple(tuple(g) for g in groups))

    def slot_at_fault(self) -> tuple[int, IllegalMove] | None:
        """Before laying down: the first staging slot whose cards are not the meld its part of
        the contract asks for, with the engine's reason (``None`` when every slot is one)."""
        if self.view is None or self.view.is_down:
            return None
        for slot, ((kind, length), group) in enumerate(
            zip(contract(self.view.contract), self.staged, strict=False)
        ):
            cards = [c for c in (self.card_of(i) for i in group) if c is not None]
            try:
                validate_meld(cards, kind, length)
            except IllegalMove as exc:
                return slot, exc
        return None
