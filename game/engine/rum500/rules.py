"""Card values and meld shapes of 500 Rum: sets, runs, lay-offs, and whether a card can be put
on the table (pure functions; ``decks`` is 1, or 2 with five or six players)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.engine.base import pieces_to_json
from game.engine.errors import IllegalMove
from game.engine.events import PublicEvent
from game.engine.melds import ACE, ACE_HIGH, read_run
from game.engine.pieces import SUITS, Card, index_of, without

SET = "set"
RUN = "run"
LOW = "low"
HIGH = "high"

CARDS_PER_DECK_RANK = 4
MIN_MELD = 3


def max_set(decks: int) -> int:
    """The largest set: one card of each suit per deck (4 with one deck, 8 with two)."""
    return CARDS_PER_DECK_RANK * decks


def card_points(card: Card, low_ace: bool = False) -> int:
    """A card's value: A = 15 (1 when ``low_ace``: at the low end of a run), K Q J 10 = 10,
    2-9 face value."""
    if card.rank == ACE:
        return 1 if low_ace else 15
    return min(card.rank, 10)


def hand_points(cards: Iterable[Card]) -> int:
    """The value of cards left in hand (every ace 15)."""
    return sum(card_points(c) for c in cards)


def _values_of(card: Card) -> tuple[int, ...]:
    """The run values a card can stand for: an ace is 1 or 14."""
    return (ACE, ACE_HIGH) if card.rank == ACE else (card.rank,)


def _check_cards(cards: Sequence[Card], decks: int) -> None:
    """Cards, no jokers, no physical card twice and no face more often than there are decks."""
    if not all(isinstance(c, Card) for c in cards):
        raise TypeError("500 Rum melds are made of cards")
    faces: dict[str, int] = {}
    idents: set[str] = set()
    for c in cards:
        if c.is_joker:
            raise IllegalMove("no_jokers")
        faces[c.text] = faces.get(c.text, 0) + 1
        if c.ident in idents or faces[c.text] > decks:
            raise IllegalMove("duplicate_card", card=c.text)
        idents.add(c.ident)


def _wraps(ranks: Sequence[int]) -> bool:
    """True when the ranks would be consecutive only by going round the corner (``K A 2``)."""
    ups = all((b - a) % 13 == 1 for a, b in itertools.pairwise(ranks))
    downs = all((a - b) % 13 == 1 for a, b in itertools.pairwise(ranks))
    return ups or downs


def arrange_meld(cards: Sequence[Card], decks: int = 1) -> tuple[str, tuple[Card, ...]]:
    """The kind (``"set"``/``"run"``) of a meld given in table order and its cards as the table
    shows them (runs ascending), in a game of ``decks`` decks (a face may appear once per deck,
    so a set holds at most 4 cards per deck). Raises ``IllegalMove``: ``meld_too_short``,
    ``no_jokers``, ``duplicate_card``, ``not_a_meld``, ``run_wraps``, ``not_a_run``."""
    cards = tuple(cards)
    if len(cards) < MIN_MELD:
        raise IllegalMove("meld_too_short", length=len(cards), minimum=MIN_MELD)
    _check_cards(cards, decks)
    if len({c.rank for c in cards}) == 1:
        return SET, cards
    if len({c.suit for c in cards}) != 1:
        raise IllegalMove("not_a_meld")
    ranks = [c.rank for c in cards]
    if read_run(ranks, ace_high=True) is not None:
        return RUN, cards
    if read_run(ranks[::-1], ace_high=True) is not None:
        return RUN, cards[::-1]
    if _wraps(ranks):
        raise IllegalMove("run_wraps")
    raise IllegalMove("not_a_run")


def validate_meld(cards: Sequence[Card], decks: int = 1) -> str:
    """Raise ``IllegalMove`` unless ``cards``, in table order, are a legal set (3-4 cards of one
    rank; with ``decks=2``, 3-8 cards, twins allowed) or run (3+ consecutive cards of one suit,
    ace low or high, no wrapping, given ascending or descending). Returns ``"set"`` or
    ``"run"``."""
    return arrange_meld(cards, decks)[0]


def _meld_card_points(kind: str, cards: Sequence[Card]) -> tuple[int, ...]:
    """Per-card values of a meld as the table shows it (runs ascending)."""
    return tuple(card_points(c, low_ace=kind == RUN and i == 0) for i, c in enumerate(cards))


def meld_points(cards: Sequence[Card], decks: int = 1) -> int:
    """The value of a legal meld as laid: an ace counts 1 at the low end of a run (``A 2 3``),
    15 anywhere else (``Q K A``, a set of aces). Raises ``IllegalMove`` for an illegal meld."""
    kind, ordered = arrange_meld(cards, decks)
    return sum(_meld_card_points(kind, ordered))


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: its kind, its cards (runs ascending) and, for each card, the seat
    credited with it (the player who put that card on the table). ``decks`` is the number of
    decks in play, which bounds a set (``max_set``, each face at most once per deck); it is the
    game's, not saved with the meld."""

    kind: str
    cards: tuple[Card, ...]
    owners: tuple[int, ...]
    decks: int = 1

    @property
    def values(self) -> tuple[int, ...]:
        """Run values 1-14 of the cards (ace low 1, ace high 14); a set's cards all have its rank."""
        if self.kind == SET:
            return tuple(c.rank for c in self.cards)
        shape = read_run([c.rank for c in self.cards], ace_high=True)
        assert shape is not None, "a table run is always legal"
        return shape.values

    @property
    def suit(self) -> str:
        return self.cards[0].suit

    def card_points(self) -> tuple[int, ...]:
        """The value of each card as it stands (an ace at the low end of a run counts 1)."""
        return _meld_card_points(self.kind, self.cards)

    def with_card(self, card: Card, end: str | None, seat: int) -> TableMeld:
        """This meld with ``card`` laid off at ``end`` (``None`` for a set) by ``seat``."""
        if end == LOW:
            return replace(self, cards=(card, *self.cards), owners=(seat, *self.owners))
        return replace(self, cards=(*self.cards, card), owners=(*self.owners, seat))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": pieces_to_json(self.cards), "owners": list(self.owners)}


def lay_off_ends(meld: TableMeld, card: Card) -> list[str | None]:
    """Where ``card`` may be laid off on ``meld``: ``[None]`` for a set it completes, ``"low"``
    and/or ``"high"`` for a run (both only for an ace on a run from 2 to K), ``[]`` if nowhere.
    A set takes a card of its rank while it has fewer than ``max_set(meld.decks)`` cards and
    fewer than ``meld.decks`` cards of that suit (with two decks, twins)."""
    if card.is_joker:
        return []
    if meld.kind == SET:
        fits = (
            card.rank == meld.cards[0].rank
            and len(meld.cards) < max_set(meld.decks)
            and sum(c.suit == card.suit for c in meld.cards) < meld.decks
            and index_of(meld.cards, card) < 0
        )
        return [None] if fits else []
    if card.suit != meld.suit:
        return []
    values = meld.values
    ends: list[str | None] = []
    if values[0] > ACE and card.rank == values[0] - 1:
        ends.append(LOW)
    above = values[-1] + 1
    if above <= ACE_HIGH and (card.rank == above or (card.rank == ACE and above == ACE_HIGH)):
        ends.append(HIGH)
    return ends


def meld_options(cards: Sequence[Card], decks: int = 1, prefer: Card | None = None) -> list[tuple[Card, ...]]:
    """Every legal meld that can be made from ``cards``, in table order: every set of 3 cards
    or more (4 with one deck, 8 with two), then every run of 3 or more consecutive cards
    (ascending; both ``A 2 3`` and ``Q K A`` readings of an ace). Twin cards give each meld
    once (by faces); ``prefer``, when among ``cards``, is the copy used for its face."""
    if prefer is not None and index_of(cards, prefer) >= 0:
        cards = [prefer, *without(cards, [prefer])]
    options: list[tuple[Card, ...]] = []
    for rank in range(1, 14):
        same = _per_suit([c for c in cards if c.rank == rank], decks)
        faces_seen: set[tuple[str, ...]] = set()
        for size in range(MIN_MELD, len(same) + 1):
            for combo in itertools.combinations(same, size):
                faces = tuple(c.text for c in combo)
                if faces not in faces_seen:
                    faces_seen.add(faces)
                    options.append(combo)
    for suit in SUITS:
        by_value: dict[int, Card] = {}
        for c in cards:
            if c.suit == suit and not c.is_joker:
                for v in _values_of(c):
                    by_value.setdefault(v, c)
        for lo in range(ACE, ACE_HIGH - MIN_MELD + 2):
            if lo not in by_value:
                continue
            hi = lo
            while hi + 1 in by_value and not (lo == ACE and hi + 1 == ACE_HIGH):
                hi += 1
                if hi - lo + 1 >= MIN_MELD:
                    options.append(tuple(by_value[v] for v in range(lo, hi + 1)))
    return options


def _per_suit(cards: Sequence[Card], decks: int) -> list[Card]:
    """``cards`` of one rank sorted by suit, at most ``decks`` of each suit (a set holds a suit
    once per deck), the first given of a suit first."""
    chosen: dict[str, list[Card]] = {}
    for c in cards:
        copies = chosen.setdefault(c.suit, [])
        if len(copies) < decks:
            copies.append(c)
    return [c for s in SUITS for c in chosen.get(s, [])]


def can_use_card(card: Card, hand: Sequence[Card], table: Sequence[TableMeld], decks: int = 1) -> bool:
    """Whether ``card`` can be put on the table this turn given the other cards of ``hand`` (the
    card itself is ignored if in it) and ``table``: laid off on a meld, melded with hand cards,
    or laid off after a chain of hand cards that joins it to a run on the table."""
    if any(lay_off_ends(m, card) for m in table):
        return True
    others = [c for c in hand if c.ident != card.ident]
    if len(_per_suit([card, *(c for c in others if c.rank == card.rank)], decks)) > MIN_MELD - 1:
        return True
    present = {v for c in others if c.suit == card.suit for v in _values_of(c)}
    runs = [m for m in table if m.kind == RUN and m.suit == card.suit]
    for v in _values_of(card):
        lo, hi = v, v
        while lo - 1 in present:
            lo -= 1
        while hi + 1 in present:
            hi += 1
        if hi - lo + 1 >= MIN_MELD:
            return True
        for m in runs:
            values = m.values
            if v < values[0] <= hi + 1 or lo - 1 <= values[-1] < v:
                return True
    return False


def table_points(table: Iterable[TableMeld], players: int) -> tuple[int, ...]:
    """The points credited to each seat by the melds of ``table``."""
    points = [0] * players
    for meld in table:
        for p, owner in zip(meld.card_points(), meld.owners, strict=True):
            points[owner] += p
    return tuple(points)


def meld_starters(table: Sequence[TableMeld], log: Sequence[PublicEvent]) -> list[int]:
    """The seat that started each table meld: from the hand's log (a meld, or a Rummy! claim
    that made a new meld), else the seat credited with most of its cards."""
    starters: dict[int, int] = {}
    for event in log:
        if event.seat is not None and (
            event.kind == "meld" or (event.kind == "claim" and len(event.pieces) > 1)
        ):
            starters.setdefault(event.melds[0], event.seat)
    out = []
    for index, meld in enumerate(table):
        if index in starters:
            out.append(starters[index])
        else:
            counts = Counter(meld.owners)
            best = max(counts.values())
            out.append(next(o for o in meld.owners if counts[o] == best))
    return out
