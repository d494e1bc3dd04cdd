"""Meld rules of Frustration Rummy: wilds, sets, runs, contracts, table melds, penalties.

Everything here is a pure function of cards: no state, no turn order. ``state`` and ``turn``
build the game on top. Values of run positions: 1 (ace low) to 14 (ace high); 2s are always
wild, so a natural card of a run is never a 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.errors import IllegalMove
from game.engine.melds import run_starts
from game.engine.pieces import RANK_TEXT, Card

SET = "set"
RUN = "run"
KINDS = (SET, RUN)
LOW = "low"
HIGH = "high"
ENDS = (LOW, HIGH)

ACE_HIGH = 14
"""Value of an ace standing above the king."""
MAX_RUN = 13
"""A run spans at most 13 cards (A..K or 2..A): the ace is low or high, never both."""
HAND_SIZE = 13
"""Cards dealt to each player."""

Contract = tuple[tuple[str, int], ...]

CONTRACTS: tuple[Contract, ...] = (
    ((SET, 3), (SET, 3), (SET, 3)),
    ((SET, 3), (RUN, 4)),
    ((SET, 3), (SET, 3), (RUN, 4)),
    ((SET, 4), (SET, 4)),
    ((RUN, 4), (RUN, 4)),
    ((SET, 3), (SET, 3), (SET, 3), (SET, 3)),
    ((SET, 3), (RUN, 7)),
    ((SET, 4), (SET, 4), (SET, 4)),
    ((RUN, 4), (RUN, 4), (RUN, 4)),
    ((SET, 5), (SET, 5)),
    ((RUN, 5), (RUN, 5)),
    ((SET, 4), (SET, 4), (RUN, 4)),
    ((SET, 4), (RUN, 4), (RUN, 4)),
    ((SET, 3), (RUN, 9)),
)
"""The 14 contracts: ``CONTRACTS[n - 1]`` is contract ``n``, a tuple of ``(kind, length)``
with kind ``"set"`` or ``"run"``; each length is a minimum unless the exact-length option is on."""


def contract(number: int) -> Contract:
    """The melds of contract ``number`` (1-14); raises ``IllegalMove("unknown_contract")``."""
    if not isinstance(number, int) or isinstance(number, bool):
        raise IllegalMove("bad_move")
    if not 1 <= number <= len(CONTRACTS):
        raise IllegalMove("unknown_contract", contract=number)
    return CONTRACTS[number - 1]


def is_wild(card: Card) -> bool:
    """Jokers and every 2 are wild, wherever they lie."""
    return card.rank == 0 or card.rank == 2


def rank_of_value(value: int) -> int:
    """The card rank standing at a run value (14, the high ace, is rank 1)."""
    return 1 if value == ACE_HIGH else value


def face_text(rank: int, suit: str) -> str:
    """Notation of a face (``7H``); rank 14 is written as the ace."""
    return RANK_TEXT[rank_of_value(rank)] + suit


def hand_penalty(cards: Iterable[Card]) -> int:
    """Points of cards left in hand: 3-9 = 5, 10/J/Q/K = 10, A = 15, 2 and joker = 50."""
    total = 0
    for card in cards:
        if is_wild(card):
            total += 50
        elif card.rank == 1:
            total += 15
        elif card.rank >= 10:
            total += 10
        else:
            total += 5
    return total


def as_cards(cards: Iterable[object]) -> tuple[Card, ...]:
    """``cards`` as a tuple of ``Card``; raises ``IllegalMove("bad_move")`` on anything else."""
    try:
        out = tuple(cards)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalMove("bad_move") from None
    for c in out:
        if not isinstance(c, Card):
            raise IllegalMove("bad_move")
    return out  # type: ignore[return-value]


# --------------------------------------------------------------------------------------------
# Reading melds


def _run_low(cards: Sequence[Card]) -> tuple[int, str]:
    """(low value, suit) of a run laid in table order; raises IllegalMove."""
    naturals = [c for c in cards if not is_wild(c)]
    suit = naturals[0].suit
    if any(c.suit != suit for c in naturals):
        raise IllegalMove("not_a_run")
    if len(cards) > MAX_RUN:
        raise IllegalMove("run_too_long", length=len(cards))
    values = [None if is_wild(c) else c.rank for c in cards]
    starts = run_starts(values, ace_high=True)
    if starts:
        return starts[0], suit
    if _wraps(values):
        raise IllegalMove("run_wraps")
    raise IllegalMove("not_a_run")


def _wraps(values: Sequence[int | None]) -> bool:
    """True when the naturals would follow each other only by going round past the king."""
    for start in range(1, 14):
        if all(v is None or v == (start - 1 + i) % 13 + 1 for i, v in enumerate(values)):
            return True
    return False


def read_meld(cards: Iterable[Card], kind: str, min_len: int = 3) -> tuple[int, str]:
    """Check a meld of ``kind`` in table order and return ``(low, suit)``.

    For a run, ``low`` is the value (1-14) of its first position and ``suit`` its suit; for a
    set, ``low`` is the rank and ``suit`` is ``""``. Raises ``IllegalMove`` (``meld_too_short``,
    ``only_wilds``, ``not_a_set``, ``not_a_run``, ``run_too_long``, ``run_wraps``,
    ``too_many_wilds``).
    """
    if kind not in KINDS:
        raise ValueError(f"meld kind must be 'set' or 'run', not {kind!r}")
    cards = as_cards(cards)
    if len(cards) < min_len:
        raise IllegalMove("meld_too_short", length=len(cards), minimum=min_len)
    naturals = [c for c in cards if not is_wild(c)]
    if not naturals:
        raise IllegalMove("only_wilds")
    if kind == SET:
        rank = naturals[0].rank
        if any(c.rank != rank for c in naturals):
            raise IllegalMove("not_a_set")
        low, suit = rank, ""
    else:
        low, suit = _run_low(cards)
    wilds = len(cards) - len(naturals)
    if wilds > len(naturals):
        raise IllegalMove("too_many_wilds", wilds=wilds, naturals=len(naturals))
    return low, suit


def validate_meld(cards: Iterable[Card], kind: str, min_len: int = 3) -> None:
    """Return ``None`` when ``cards`` (table order, wilds where they lie) are a legal meld of
    ``kind`` (``"set"`` or ``"run"``) with at least ``min_len`` cards; raise ``IllegalMove``."""
    read_meld(cards, kind, min_len)


def deduce_kind(cards: Iterable[Card], min_len: int = 3) -> str:
    """Whether ``cards`` can only be a set or a run (with two naturals or more, a legal meld is
    never both). Raises ``IllegalMove`` (``meld_too_short``, ``only_wilds``, ``not_a_meld``)."""
    cards = as_cards(cards)
    if len(cards) < min_len:
        raise IllegalMove("meld_too_short", length=len(cards), minimum=min_len)
    naturals = [c for c in cards if not is_wild(c)]
    if not naturals:
        raise IllegalMove("only_wilds")
    if len({c.rank for c in naturals}) == 1:
        return SET
    if len({c.suit for c in naturals}) == 1:
        return RUN
    raise IllegalMove("not_a_meld")


def read_contract(
    number: int, melds: Iterable[Iterable[Card]], exact: bool = False
) -> list[tuple[str, int, str]]:
    """Check that ``melds`` together fulfil contract ``number`` and return each meld's
    ``(kind, low, suit)``; raises ``IllegalMove``."""
    wanted = contract(number)
    try:
        groups = [as_cards(m) for m in melds]
    except TypeError:
        raise IllegalMove("bad_move") from None
    readings = []
    for cards in groups:
        kind = deduce_kind(cards)
        low, suit = read_meld(cards, kind)
        readings.append((kind, low, suit))
    for kind in KINDS:
        asked = sorted(n for k, n in wanted if k == kind)
        given = sorted(len(cards) for cards, r in zip(groups, readings, strict=True) if r[0] == kind)
        if len(asked) != len(given):
            raise IllegalMove("wrong_contract", contract=number)
        for a, g in zip(asked, given, strict=True):
            if g < a or (exact and g != a):
                raise IllegalMove("wrong_contract", contract=number)
    return readings


def validate_contract(number: int, melds: Iterable[Iterable[Card]], exact: bool = False) -> None:
    """Return ``None`` when ``melds`` (lists of cards in table order) together fulfil contract
    ``number`` (1-14): one meld per part of the contract, each of the deduced kind and at
    least the asked length (exactly, with ``exact=True``). Raises ``IllegalMove``:
    ``wrong_contract`` or the code of a meld that is illegal on its own."""
    read_contract(number, melds, exact)


# --------------------------------------------------------------------------------------------
# Melds on the table


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table. ``low`` is a run's first value (1-14) or a set's rank; ``suit`` is
    a run's suit (``""`` for a set). ``owner`` is the seat that laid it down."""

    owner: int
    kind: str
    cards: tuple[Card, ...]
    low: int
    suit: str = ""

    @property
    def high(self) -> int:
        """Value of a run's last position (a set's rank)."""
        return self.low + len(self.cards) - 1 if self.kind == RUN else self.low

    @property
    def wild_count(self) -> int:
        return sum(1 for c in self.cards if is_wild(c))

    @property
    def natural_count(self) -> int:
        return len(self.cards) - self.wild_count

    def stand_in(self, position: int) -> str | None:
        """The card a wild at ``position`` of a run stands for (``"8H"``); ``None`` for a
        natural card or a set (where a wild stands for its rank in no definite suit)."""
        if self.kind != RUN or not is_wild(self.cards[position]):
            return None
        return face_text(self.low + position, self.suit)

    def stand_ins(self) -> tuple[str | None, ...]:
        """``stand_in`` of every position."""
        return tuple(self.stand_in(i) for i in range(len(self.cards)))

    def open_ends(self) -> tuple[bool, bool]:
        """Whether a run can grow at its (low, high) end; a set is always open."""
        if self.kind == SET:
            return True, True
        room = len(self.cards) < MAX_RUN
        return room and self.low > 1, room and self.high < ACE_HIGH

    def wild_room(self) -> int:
        """How many wilds could still be laid off here, one after another."""
        ratio = max(0, self.natural_count - self.wild_count)
        if self.kind == SET:
            return ratio
        span = min(MAX_RUN - len(self.cards), (self.low - 1) + (ACE_HIGH - self.high))
        return min(ratio, max(0, span))

    def fits_natural(self, card: Card, end: str) -> bool:
        """Whether the natural ``card`` extends this run at ``end`` (ignores the length cap)."""
        if card.suit != self.suit:
            return False
        if end == LOW:
            return self.low > 1 and rank_of_value(self.low - 1) == card.rank
        return self.high < ACE_HIGH and rank_of_value(self.high + 1) == card.rank


def lay_off(meld: TableMeld, card: Card, end: str | None) -> TableMeld:
    """``meld`` with ``card`` laid off at ``end`` (``None`` for a set; ``"low"``/``"high"`` for a
    run). Raises ``IllegalMove``: ``bad_end``, ``end_closed``, ``not_a_set``, ``not_a_run``,
    ``run_too_long``, ``too_many_wilds``."""
    wild = is_wild(card)
    if meld.kind == SET:
        if end is not None:
            raise IllegalMove("bad_end")
        if not wild and card.rank != meld.low:
            raise IllegalMove("not_a_set")
        _check_room_for_wild(meld, wild)
        return TableMeld(meld.owner, SET, (*meld.cards, card), meld.low)
    if end not in ENDS:
        raise IllegalMove("bad_end")
    if not wild and card.suit != meld.suit:
        raise IllegalMove("not_a_run")
    if len(meld.cards) >= MAX_RUN:
        raise IllegalMove("run_too_long", length=len(meld.cards) + 1)
    if wild:
        if (end == LOW and meld.low <= 1) or (end == HIGH and meld.high >= ACE_HIGH):
            raise IllegalMove("end_closed")
        _check_room_for_wild(meld, True)
    elif not meld.fits_natural(card, end):
        other = HIGH if end == LOW else LOW
        raise IllegalMove("bad_end" if meld.fits_natural(card, other) else "not_a_run")
    if end == LOW:
        return TableMeld(meld.owner, RUN, (card, *meld.cards), meld.low - 1, meld.suit)
    return TableMeld(meld.owner, RUN, (*meld.cards, card), meld.low, meld.suit)


def _check_room_for_wild(meld: TableMeld, wild: bool) -> None:
    if wild and meld.wild_count + 1 > meld.natural_count:
        raise IllegalMove("too_many_wilds", wilds=meld.wild_count + 1, naturals=meld.natural_count)


def take_back(meld: TableMeld, position: int, card: Card) -> tuple[TableMeld, Card]:
    """Put the natural ``card`` in place of the wild at ``position`` of a run; return the new
    meld and the wild taken back. Raises ``IllegalMove``: ``takeback_only_from_runs``,
    ``no_such_position``, ``not_a_wild``, ``not_the_stand_in``."""
    if meld.kind != RUN:
        raise IllegalMove("takeback_only_from_runs")
    if not isinstance(position, int) or isinstance(position, bool):
        raise IllegalMove("bad_move")
    if not 0 <= position < len(meld.cards):
        raise IllegalMove("no_such_position")
    wild = meld.cards[position]
    if not is_wild(wild):
        raise IllegalMove("not_a_wild", card=wild.text)
    wanted = meld.stand_in(position)
    if is_wild(card) or card.text != wanted:
        raise IllegalMove("not_the_stand_in", card=card.text, stand_in=wanted)
    cards = (*meld.cards[:position], card, *meld.cards[position + 1 :])
    return TableMeld(meld.owner, RUN, cards, meld.low, meld.suit), wild


def table_meld(owner: int, cards: Sequence[Card], kind: str, min_len: int = 3) -> TableMeld:
    """A checked ``TableMeld`` of ``kind`` from ``cards`` in table order; raises IllegalMove."""
    low, suit = read_meld(cards, kind, min_len)
    return TableMeld(owner, kind, tuple(cards), low, suit)
