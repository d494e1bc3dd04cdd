"""500 Rum (shared/RULES.md section 2): the rules engine.

Rules as played here (the decisions where RULES.md is silent are marked *):

- 2 to 6 players, one 52-card deck, no jokers. 7 cards each, 13 each for two players. The top
  card of the stock starts the discard pile, which is spread: every card in it is public (views
  hold the whole pile, bottom first). The player left of the dealer (the next seat) starts; the
  deal moves one seat each hand. *The first hand is dealt by the last seat, so seat 0 starts.
- Card values: A = 15, K Q J 10 = 10, 2-9 face value. An ace counts 1 only when it stands at the
  low end of a run (``A 2 3``, or laid off below ``2 3 4``); in ``Q K A``, in a set or in hand it
  counts 15. A card's position in a run never changes once laid (runs only grow at their ends),
  so its value is fixed when it is laid.
- Melds: sets of 3 or 4 cards of one rank; runs of 3+ consecutive cards of one suit, ace low or
  high, no wrapping. *A meld is given in table order: a run may be given ascending (``A 2 3``,
  ``Q K A``) or descending (``3 2 A``, ``A K Q``); the table always shows it ascending.
  ``K A 2`` is refused (``run_wraps``).
- A turn: phase ``"draw"``: ``DrawStock`` or ``TakeDiscard(index)``, which takes the card at that
  position of the pile and every card above it. The deepest card taken is the card that must be
  used this turn, in a new meld or a lay-off (even when it was the top card). *Taking is refused
  (``cannot_use_card``) unless that card can be used with the hand plus the cards taken, and in
  phase ``"play"`` a meld or lay-off that would leave it unusable is refused
  (``would_strand_card``): a player can never be stuck with a card they cannot use. Phase
  ``"play"``: ``Meld``, ``LayOff`` on any meld on the table (anyone's), then ``Discard``, which
  ends the turn and is refused (``must_use_card``) while the card that must be used is in hand.
- Credit: every card on the table is credited to the player who put it there.
- Going out: the hand ends at once when a player has no card left, after a meld or lay-off of
  the last card (no discard needed), after discarding the last card, or after a Rummy! claim.
- Empty stock: when the stock is empty the player to move either takes from the discard pile or
  plays ``PassEmptyStock``, which ends the hand. With the option ``reuse_discards`` it instead
  turns the discard pile but its top card over as the new stock (not shuffled: the oldest discard
  becomes the top of the stock) and *the player draws its top card at once; when that gives no
  card (a pile of one card or none) the hand ends.
- Scoring: each player scores the points of the cards credited to them on the table minus the
  points of the cards left in hand (A = 15), added to a running total. The game ends after the
  hand in which someone reaches ``target`` (500): the highest total among those who reached it
  wins; a tie for that highest total plays another hand. The winner collects from each opponent
  the difference between their totals (``settlement``).
- *"Rummy!" (option ``rummy_claims``): after a discard that does not end the hand, every other
  player who could lay the discarded card down at once (a lay-off on any table meld, or a meld
  with cards of their own hand) is asked in turn order starting after the discarder (phase
  ``"claim"``, ``current_player`` is the player asked): ``ClaimRummy`` or ``PassClaim``. Players
  who cannot claim are not asked. The first claimer takes the card and lays it down at once
  (credited to the claimer); then the normal next player draws. A claimer who empties their hand
  this way goes out. Note that a claim window shows everyone that the player asked can use the
  card (as a player's hesitation would at a real table).

``legal_moves()`` lists, for the player to move: every ``TakeDiscard`` index that may be taken
(not those refused with ``cannot_use_card``), ``DrawStock`` or ``PassEmptyStock``; every meld of
the hand (``meld_options``: every set of 3 and 4 and every run of 3+ of consecutive cards, runs
ascending), every lay-off (runs with an explicit end, sets with ``end=None``), every discard; in
a claim window every claim and ``PassClaim``; ``NextRound`` between hands. A ``LayOff`` with
``end=None`` on a run is also accepted when only one end fits.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from . import schema as sc
from .base import (
    Event,
    FrozenRecord,
    GameState,
    Move,
    MoveCodec,
    NextRound,
    check_conservation,
    check_fields,
    check_header,
    pieces_from_json,
    pieces_to_json,
    rng_from_json,
    rng_to_json,
    seat_order,
    want_int,
)
from .errors import IllegalMove, InvariantError, SaveError
from .melds import ACE, ACE_HIGH, read_run
from .notation import parse
from .pieces import SUITS, Card, index_of, make_cards, without

__all__ = [
    "GAME_ID",
    "HIGH",
    "LOW",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOVE_CODEC",
    "OPTION_CHOICES",
    "PHASES",
    "RUN",
    "SAVE_VERSION",
    "SET",
    "ClaimRummy",
    "Discard",
    "DrawStock",
    "LayOff",
    "Meld",
    "NextRound",
    "Options",
    "PassClaim",
    "PassEmptyStock",
    "Rum500State",
    "Rum500View",
    "TableMeld",
    "TakeDiscard",
    "arrange_meld",
    "can_use_card",
    "card_points",
    "claim_options",
    "hand_points",
    "lay_off_ends",
    "lay_off_options",
    "meld_options",
    "meld_points",
    "new_game",
    "validate_meld",
]

GAME_ID = "rum500"
SAVE_VERSION = 1
MIN_PLAYERS = 2
MAX_PLAYERS = 6

SET = "set"
RUN = "run"
LOW = "low"
HIGH = "high"

DRAW = "draw"
PLAY = "play"
CLAIM = "claim"
ROUND_OVER = "round_over"
GAME_OVER = "game_over"
PHASES: tuple[str, ...] = (DRAW, PLAY, CLAIM, ROUND_OVER, GAME_OVER)

ENDED_WENT_OUT = "went_out"
ENDED_STOCK_EMPTY = "stock_empty"

MAX_SET = 4
MIN_MELD = 3

Record = Mapping[str, Any]
"""A read-only log or history entry: flat JSON data, lists stored as tuples."""


def _freeze(entry: Mapping[str, Any]) -> Record:
    return FrozenRecord({k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()})


def _thaw(entry: Record) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in entry.items()}


# --------------------------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class Options:
    """The rule options of a 500 Rum game (stored in the save).

    ``target``: the total that ends the game (500). ``reuse_discards``: when the stock is empty
    and the player to move does not take from the discard pile, turn the pile but its top card
    over as a new stock instead of ending the hand. ``rummy_claims``: the "Rummy!" claim window.
    """

    target: int = 500
    reuse_discards: bool = False
    rummy_claims: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.target, int) or isinstance(self.target, bool) or self.target < 1:
            raise ValueError(f"target must be a positive integer, not {self.target!r}")
        for name in ("reuse_discards", "rummy_claims"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "reuse_discards": self.reuse_discards,
            "rummy_claims": self.rummy_claims,
        }

    @classmethod
    def from_json(cls, data: Any) -> Options:
        """The inverse of ``to_json``; raises ``SaveError``."""
        check_fields(data, "options", ["target", "reuse_discards", "rummy_claims"])
        try:
            return cls(**data)
        except ValueError as exc:
            raise SaveError("bad_field", f"options: {exc}") from exc


OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "target": (250, 300, 500, 750, 1000),
    "reuse_discards": (False, True),
    "rummy_claims": (False, True),
}
"""The values the new-game screen offers for each option (any positive target is accepted)."""


# --------------------------------------------------------------------------------------------
# Card values and meld shapes


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


def _check_cards(cards: Sequence[Card]) -> None:
    if not all(isinstance(c, Card) for c in cards):
        raise TypeError("500 Rum melds are made of cards")
    faces: set[str] = set()
    for c in cards:
        if c.is_joker:
            raise IllegalMove("no_jokers")
        if c.text in faces:
            raise IllegalMove("duplicate_card", card=c.text)
        faces.add(c.text)


def _wraps(ranks: Sequence[int]) -> bool:
    """True when the ranks would be consecutive only by going round the corner (``K A 2``)."""
    ups = all((b - a) % 13 == 1 for a, b in itertools.pairwise(ranks))
    downs = all((a - b) % 13 == 1 for a, b in itertools.pairwise(ranks))
    return ups or downs


def arrange_meld(cards: Sequence[Card]) -> tuple[str, tuple[Card, ...]]:
    """The kind (``"set"``/``"run"``) of a meld given in table order and its cards as the table
    shows them (runs ascending). Raises ``IllegalMove``: ``meld_too_short``, ``no_jokers``,
    ``duplicate_card``, ``not_a_meld``, ``run_wraps``, ``not_a_run``."""
    cards = tuple(cards)
    if len(cards) < MIN_MELD:
        raise IllegalMove("meld_too_short", length=len(cards), minimum=MIN_MELD)
    _check_cards(cards)
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


def validate_meld(cards: Sequence[Card]) -> str:
    """Raise ``IllegalMove`` unless ``cards``, in table order, are a legal set (3-4 cards of one
    rank) or run (3+ consecutive cards of one suit, ace low or high, no wrapping, given
    ascending or descending). Returns ``"set"`` or ``"run"``."""
    return arrange_meld(cards)[0]


def _meld_card_points(kind: str, cards: Sequence[Card]) -> tuple[int, ...]:
    """Per-card values of a meld as the table shows it (runs ascending)."""
    return tuple(card_points(c, low_ace=kind == RUN and i == 0) for i, c in enumerate(cards))


def meld_points(cards: Sequence[Card]) -> int:
    """The value of a legal meld as laid: an ace counts 1 at the low end of a run (``A 2 3``),
    15 anywhere else (``Q K A``, a set of aces). Raises ``IllegalMove`` for an illegal meld."""
    kind, ordered = arrange_meld(cards)
    return sum(_meld_card_points(kind, ordered))


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: its kind, its cards (runs ascending) and, for each card, the seat
    credited with it (the player who put that card on the table)."""

    kind: str
    cards: tuple[Card, ...]
    owners: tuple[int, ...]

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

    def points_of(self, seat: int) -> int:
        """The points of this meld credited to ``seat``."""
        return sum(p for p, o in zip(self.card_points(), self.owners, strict=True) if o == seat)

    def with_card(self, card: Card, end: str | None, seat: int) -> TableMeld:
        """This meld with ``card`` laid off at ``end`` (``None`` for a set) by ``seat``."""
        if end == LOW:
            return replace(self, cards=(card, *self.cards), owners=(seat, *self.owners))
        return replace(self, cards=(*self.cards, card), owners=(*self.owners, seat))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": pieces_to_json(self.cards), "owners": list(self.owners)}


def lay_off_ends(meld: TableMeld, card: Card) -> list[str | None]:
    """Where ``card`` may be laid off on ``meld``: ``[None]`` for a set it completes, ``"low"``
    and/or ``"high"`` for a run (both only for an ace on a run from 2 to K), ``[]`` if nowhere."""
    if card.is_joker:
        return []
    if meld.kind == SET:
        fits = (
            card.rank == meld.cards[0].rank
            and len(meld.cards) < MAX_SET
            and all(c.suit != card.suit for c in meld.cards)
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


def meld_options(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every legal meld that can be made from ``cards``, in table order: every set of 3 and of
    4 cards, then every run of 3 or more consecutive cards (ascending; both ``A 2 3`` and
    ``Q K A`` readings of an ace)."""
    options: list[tuple[Card, ...]] = []
    for rank in range(1, 14):
        same = _one_per_suit([c for c in cards if c.rank == rank])
        for size in (3, 4):
            options.extend(itertools.combinations(same, size))
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


def _one_per_suit(cards: Sequence[Card]) -> list[Card]:
    """``cards`` of one rank sorted by suit, one per suit (a set never holds a suit twice)."""
    chosen: dict[str, Card] = {}
    for c in cards:
        chosen.setdefault(c.suit, c)
    return [chosen[s] for s in SUITS if s in chosen]


def can_use_card(card: Card, hand: Sequence[Card], table: Sequence[TableMeld]) -> bool:
    """Whether ``card`` can be put on the table this turn given the other cards of ``hand`` (the
    card itself is ignored if in it) and ``table``: laid off on a meld, melded with hand cards,
    or laid off after a chain of hand cards that joins it to a run on the table."""
    if any(lay_off_ends(m, card) for m in table):
        return True
    others = [c for c in hand if c.ident != card.ident]
    if len(_one_per_suit([c for c in others if c.rank == card.rank and c.suit != card.suit])) >= 2:
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


# --------------------------------------------------------------------------------------------
# Moves


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

_PHASE_OF_MOVE: dict[type[Move], str] = {
    DrawStock: DRAW,
    TakeDiscard: DRAW,
    PassEmptyStock: DRAW,
    Meld: PLAY,
    LayOff: PLAY,
    Discard: PLAY,
    ClaimRummy: CLAIM,
    PassClaim: CLAIM,
    NextRound: ROUND_OVER,
}


def lay_off_options(hand: Sequence[Card], table: Sequence[TableMeld]) -> list[LayOff]:
    """Every lay-off of a card of ``hand`` on ``table`` (runs with their end, sets ``None``)."""
    return [
        LayOff(card, i, end)
        for card in hand
        for i, meld in enumerate(table)
        for end in lay_off_ends(meld, card)
    ]


def claim_options(hand: Sequence[Card], table: Sequence[TableMeld], card: Card) -> list[ClaimRummy]:
    """Every way a player holding ``hand`` can claim the discarded ``card``: melds of ``card``
    with hand cards, then lay-offs of ``card`` on the table."""
    melds = [m for m in meld_options([*hand, card]) if index_of(m, card) >= 0]
    claims = [ClaimRummy(cards=m) for m in melds]
    claims.extend(ClaimRummy(meld=i, end=end) for i, m in enumerate(table) for end in lay_off_ends(m, card))
    return claims


def _after_meld(
    hand: Sequence[Card], table: Sequence[TableMeld], kind: str, cards: Sequence[Card], seat: int
) -> tuple[list[Card], list[TableMeld]]:
    """The hand and table after ``seat`` melds ``cards`` (shown as the table shows them)."""
    new_table = [*table, TableMeld(kind, tuple(cards), (seat,) * len(cards))]
    return without(hand, cards), new_table


def _after_lay_off(
    hand: Sequence[Card], table: Sequence[TableMeld], move: LayOff, end: str | None, seat: int
) -> tuple[list[Card], list[TableMeld]]:
    """The hand and table after ``seat`` lays ``move.card`` off at ``end``."""
    new_table = list(table)
    new_table[move.meld] = table[move.meld].with_card(move.card, end, seat)
    return without(hand, [move.card]), new_table


def _play_options(
    hand: Sequence[Card], table: Sequence[TableMeld], must_use: Card | None, seat: int
) -> list[Move]:
    """The legal moves of phase ``"play"``: melds, lay-offs, then discards. While a card taken
    from the discard pile is still to be used, no discard, and no play that would strand it."""
    melds = meld_options(hand)
    lay_offs = lay_off_options(hand, table)
    if must_use is None:
        return [*(Meld(c) for c in melds), *lay_offs, *(Discard(c) for c in hand)]
    moves: list[Move] = [
        Meld(c)
        for c in melds
        if index_of(c, must_use) >= 0
        or can_use_card(must_use, *_after_meld(hand, table, _kind_of(c), c, seat))
    ]
    moves.extend(
        lay
        for lay in lay_offs
        if lay.card.ident == must_use.ident
        or can_use_card(must_use, *_after_lay_off(hand, table, lay, lay.end, seat))
    )
    return moves


def _kind_of(cards: Sequence[Card]) -> str:
    return SET if len({c.rank for c in cards}) == 1 else RUN


def _draw_options(
    hand: Sequence[Card], table: Sequence[TableMeld], discard: Sequence[Card], stock_count: int
) -> list[Move]:
    """The legal moves of phase ``"draw"``: the stock (or the pass when it is empty), then every
    pile index whose card could be used with the hand and the cards above it."""
    moves: list[Move] = [DrawStock() if stock_count else PassEmptyStock()]
    for i, card in enumerate(discard):
        if can_use_card(card, [*hand, *discard[i + 1 :]], table):
            moves.append(TakeDiscard(i))
    return moves


def _legal_moves(
    phase: str,
    seat: int,
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    discard: Sequence[Card],
    stock_count: int,
    must_use: Card | None,
) -> list[Move]:
    """The legal moves of ``seat`` (the player to move) from what that seat can see."""
    if phase == DRAW:
        return _draw_options(hand, table, discard, stock_count)
    if phase == PLAY:
        return _play_options(hand, table, must_use, seat)
    if phase == CLAIM:
        return [*claim_options(hand, table, discard[-1]), PassClaim()]
    if phase == ROUND_OVER:
        return [NextRound()]
    return []


# --------------------------------------------------------------------------------------------
# The view of one seat


@dataclass(frozen=True)
class Rum500View:
    """What seat ``seat`` may see. ``discard`` is the whole pile, bottom (oldest) first;
    ``table`` the melds in the order they were laid (their index is the ``meld`` of a lay-off);
    ``must_use`` the card taken from the pile that must still be used (public: all saw it
    taken); ``claim_card``/``claim_from`` the card offered and its discarder in a claim window.

    ``log`` is the public log of the hand, read-only entries with ``action`` and ``seat``:
    ``deal`` (seat = dealer, ``card`` turned up), ``draw_stock`` (no card: it is hidden),
    ``take_discard`` (``index``, ``cards`` taken, ``must_use``), ``pass_empty_stock``,
    ``stock_renewed`` (``count``), ``meld`` (``meld`` index, ``cards``), ``lay_off`` (``meld``,
    ``card``, ``end``), ``discard`` (``card``), ``claim_rummy`` (``card``, ``meld``, and
    ``cards`` or ``end``). Cards are notation text, lists are tuples. ``history`` holds one
    entry per finished hand (see ``Rum500State.history``); ``settlement`` the payments once the
    game is over."""

    seat: int
    num_players: int
    options: Options
    phase: str
    current_player: int | None
    turn_player: int
    dealer: int
    round_number: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_count: int
    discard: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    must_use: Card | None
    claim_card: Card | None
    claim_from: int | None
    totals: tuple[int, ...]
    history: tuple[Record, ...]
    log: tuple[Record, ...]
    winners: tuple[int, ...]
    settlement: tuple[Record, ...] = field(default=())

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is to move (else ``[]``), as ``state.legal_moves()``."""
        if self.current_player != self.seat:
            return []
        return _legal_moves(
            self.phase, self.seat, self.hand, self.table, self.discard, self.stock_count, self.must_use
        )

    def table_points(self) -> tuple[int, ...]:
        """The points credited to each seat on the table this hand."""
        return _table_points(self.table, self.num_players)


def _table_points(table: Iterable[TableMeld], players: int) -> tuple[int, ...]:
    points = [0] * players
    for meld in table:
        for p, owner in zip(meld.card_points(), meld.owners, strict=True):
            points[owner] += p
    return tuple(points)


# --------------------------------------------------------------------------------------------
# The state


def new_game(players: int, options: Options | None = None, seed: int = 0) -> Rum500State:
    """A new game of ``players`` (2-6) seats, first hand dealt (seat 0 starts)."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"500 Rum is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    state = Rum500State(players, options or Options(), random.Random(seed))
    state._deal(dealer=players - 1)
    return state


def _deal_size(players: int) -> int:
    return 13 if players == 2 else 7


class Rum500State(GameState):
    """A game of 500 Rum. Create it with ``new_game``; change it only with ``apply``."""

    game_id: ClassVar[str] = GAME_ID

    def __init__(self, players: int, options: Options, rng: random.Random) -> None:
        self._n = players
        self._options = options
        self._rng = rng
        self._round = 1
        self._dealer = players - 1
        self._turn = 0
        self._phase = DRAW
        self._hands: list[list[Card]] = [[] for _ in range(players)]
        self._stock: list[Card] = []
        self._discard: list[Card] = []
        self._table: list[TableMeld] = []
        self._must_use: Card | None = None
        self._claim_queue: list[int] = []
        self._totals = [0] * players
        self._history: list[Record] = []
        self._log: list[Record] = []
        self._winners: list[int] = []

    # ---- the GameState interface ------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        if self._phase == GAME_OVER:
            return None
        if self._phase == CLAIM:
            return self._claim_queue[0]
        if self._phase == ROUND_OVER:
            return (self._dealer + 2) % self._n
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._phase == GAME_OVER

    # ---- read-only access for the UI, the tests and the simulation ---------------------------

    @property
    def options(self) -> Options:
        return self._options

    @property
    def phase(self) -> str:
        """``"draw"``, ``"play"``, ``"claim"``, ``"round_over"`` or ``"game_over"``."""
        return self._phase

    @property
    def turn_player(self) -> int:
        """Whose turn it is (during a claim window: the player who discarded)."""
        return self._turn

    @property
    def dealer(self) -> int:
        return self._dealer

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s hand (the full state: never give it to another seat)."""
        return tuple(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, by seat (the full state: never give it to a player)."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom (oldest) first."""
        return tuple(self._discard)

    @property
    def table(self) -> tuple[TableMeld, ...]:
        return tuple(self._table)

    @property
    def must_use(self) -> Card | None:
        """The card taken from the discard pile that must still be used this turn."""
        return self._must_use

    @property
    def claim_queue(self) -> tuple[int, ...]:
        """The seats still to be asked in a claim window (the first is ``current_player``)."""
        return tuple(self._claim_queue)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    @property
    def history(self) -> tuple[Record, ...]:
        """One entry per finished hand: ``hand``, ``dealer``, ``ended`` (``"went_out"`` or
        ``"stock_empty"``), ``went_out`` (seat or ``None``), per-seat lists ``table_points``,
        ``hand_points``, ``scores`` and ``totals`` (running totals after the hand)."""
        return tuple(self._history)

    @property
    def log(self) -> tuple[Record, ...]:
        """The public log of the current hand (see ``Rum500View.log``)."""
        return tuple(self._log)

    def table_points(self) -> tuple[int, ...]:
        """The points credited to each seat on the table this hand."""
        return _table_points(self._table, self._n)

    @property
    def settlement(self) -> list[dict[str, int]]:
        """Once the game is over: for each opponent, ``{"payer", "payee", "amount"}`` where the
        amount is the winner's total minus the opponent's. Empty before."""
        if not self._winners:
            return []
        w = self._winners[0]
        return [
            {"payer": s, "payee": w, "amount": self._totals[w] - self._totals[s]}
            for s in range(self._n)
            if s != w
        ]

    # ---- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        seat = self.current_player
        if seat is None:
            return []
        return _legal_moves(
            self._phase, seat, self._hands[seat], self._table, self._discard, len(self._stock), self._must_use
        )

    def apply(self, move: Move, player: int | None = None) -> list[Event]:
        """Check and play ``move`` for the player to move; with ``player``, also check that it
        is that seat's turn (``not_your_turn``). Raises ``IllegalMove`` and changes nothing
        when the move is illegal; returns the events of the move."""
        if player is not None and self._phase != GAME_OVER and player != self.current_player:
            raise IllegalMove("not_your_turn")
        phase = _PHASE_OF_MOVE.get(type(move))
        if phase is None:
            raise IllegalMove("unknown_move", move=str(getattr(move, "kind", type(move).__name__)))
        self._check_phase(phase)
        handler = getattr(self, f"_apply_{move.kind}")
        return handler(move)

    def _check_phase(self, wanted: str) -> None:
        if self._phase == wanted:
            return
        if self._phase == GAME_OVER:
            raise IllegalMove("game_is_over")
        if wanted == ROUND_OVER:
            raise IllegalMove("round_not_over")
        if self._phase == ROUND_OVER:
            raise IllegalMove("round_is_over")
        if wanted == CLAIM:
            raise IllegalMove("no_claim_window")
        if self._phase == CLAIM:
            raise IllegalMove("claim_window_open")
        raise IllegalMove("must_draw_first" if self._phase == DRAW else "already_drawn")

    def _apply_draw_stock(self, move: DrawStock) -> list[Event]:
        if not self._stock:
            raise IllegalMove("stock_empty")
        self._hands[self._turn].append(self._stock.pop())
        self._phase = PLAY
        return [self._note("draw_stock", seat=self._turn)]

    def _apply_take_discard(self, move: TakeDiscard) -> list[Event]:
        index = move.index
        if not self._discard:
            raise IllegalMove("discard_empty")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self._discard):
            raise IllegalMove("bad_discard_index", index=index if isinstance(index, int) else -1)
        taken = self._discard[index:]
        hand = self._hands[self._turn]
        if not can_use_card(taken[0], [*hand, *taken[1:]], self._table):
            raise IllegalMove("cannot_use_card", card=taken[0].text)
        del self._discard[index:]
        hand.extend(taken)
        self._must_use = taken[0]
        self._phase = PLAY
        return [
            self._note(
                "take_discard",
                seat=self._turn,
                index=index,
                cards=[c.text for c in taken],
                must_use=taken[0].text,
            )
        ]

    def _apply_pass_empty_stock(self, move: PassEmptyStock) -> list[Event]:
        if self._stock:
            raise IllegalMove("stock_not_empty")
        seat = self._turn
        if not self._options.reuse_discards or len(self._discard) < 2:
            events = [self._note("pass_empty_stock", seat=seat)]
            return events + self._end_hand(None)
        turned = self._discard[:-1]
        self._discard = self._discard[-1:]
        self._stock = turned[::-1]
        events = [self._note("stock_renewed", seat=seat, count=len(turned))]
        self._hands[seat].append(self._stock.pop())
        self._phase = PLAY
        return [*events, self._note("draw_stock", seat=seat)]

    def _apply_meld(self, move: Meld) -> list[Event]:
        seat = self._turn
        cards = tuple(move.cards)
        self._check_in_hand(seat, cards)
        kind, ordered = arrange_meld(cards)
        hand, table = _after_meld(self._hands[seat], self._table, kind, ordered, seat)
        self._check_not_stranded(cards, hand, table)
        self._hands[seat], self._table = hand, table
        if self._must_use is not None and index_of(cards, self._must_use) >= 0:
            self._must_use = None
        events = [self._note("meld", seat=seat, meld=len(table) - 1, cards=[c.text for c in ordered])]
        return events + self._after_laying(seat)

    def _apply_lay_off(self, move: LayOff) -> list[Event]:
        seat = self._turn
        self._check_in_hand(seat, [move.card])
        end = self._lay_off_end(move.card, move.meld, move.end)
        hand, table = _after_lay_off(self._hands[seat], self._table, move, end, seat)
        self._check_not_stranded([move.card], hand, table)
        self._hands[seat], self._table = hand, table
        if self._must_use is not None and self._must_use.ident == move.card.ident:
            self._must_use = None
        events = [self._note("lay_off", seat=seat, meld=move.meld, card=move.card.text, end=end)]
        return events + self._after_laying(seat)

    def _apply_discard(self, move: Discard) -> list[Event]:
        seat = self._turn
        self._check_in_hand(seat, [move.card])
        if self._must_use is not None:
            raise IllegalMove("must_use_card", card=self._must_use.text)
        self._hands[seat] = without(self._hands[seat], [move.card])
        self._discard.append(move.card)
        events = [self._note("discard", seat=seat, card=move.card.text)]
        if not self._hands[seat]:
            return events + self._end_hand(seat)
        return events + self._open_claim_window_or_pass()

    def _apply_claim_rummy(self, move: ClaimRummy) -> list[Event]:
        seat = self._claim_queue[0]
        card = self._discard[-1]
        cards = tuple(move.cards)
        if bool(cards) == (move.meld is not None):
            raise IllegalMove("bad_claim")
        if not all(isinstance(c, Card) for c in cards):
            raise IllegalMove("card_not_in_hand", card=str(next(c for c in cards if not isinstance(c, Card))))
        hand = self._hands[seat]
        if cards:
            if index_of(cards, card) < 0:
                raise IllegalMove("claim_without_card", card=card.text)
            self._check_in_hand(seat, without(cards, [card]))
            kind, ordered = arrange_meld(cards)
            hand, table = _after_meld([*hand, card], self._table, kind, ordered, seat)
            detail: dict[str, Any] = {"meld": len(table) - 1, "cards": [c.text for c in ordered]}
        else:
            assert move.meld is not None
            end = self._lay_off_end(card, move.meld, move.end)
            lay = LayOff(card, move.meld, end)
            hand, table = _after_lay_off([*hand, card], self._table, lay, end, seat)
            detail = {"meld": move.meld, "end": end}
        self._discard.pop()
        self._hands[seat], self._table = hand, table
        self._claim_queue = []
        events = [self._note("claim_rummy", seat=seat, card=card.text, **detail)]
        if not hand:
            return events + self._end_hand(seat)
        return events + self._pass_turn()

    def _apply_pass_claim(self, move: PassClaim) -> list[Event]:
        self._claim_queue.pop(0)
        if self._claim_queue:
            return []
        return self._pass_turn()

    def _apply_next_round(self, move: NextRound) -> list[Event]:
        self._round += 1
        self._deal(dealer=(self._dealer + 1) % self._n)
        return [Event("dealt", {"round": self._round, "dealer": self._dealer, "first": self._turn})]

    # ---- checks shared by the moves -----------------------------------------------------------

    def _check_in_hand(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self._hands[seat]
        seen: set[str] = set()
        for c in cards:
            if not isinstance(c, Card):
                raise IllegalMove("card_not_in_hand", card=str(c))
            if c.ident in seen:
                raise IllegalMove("duplicate_card", card=c.text)
            seen.add(c.ident)
            if index_of(hand, c) < 0:
                raise IllegalMove("card_not_in_hand", card=c.text)

    def _lay_off_end(self, card: Card, meld: Any, end: Any) -> str | None:
        """The end where ``card`` goes on table meld ``meld``; raises ``IllegalMove``."""
        if not isinstance(meld, int) or isinstance(meld, bool) or not 0 <= meld < len(self._table):
            raise IllegalMove("no_such_meld", meld=meld if isinstance(meld, int) else -1)
        target = self._table[meld]
        if end not in (None, LOW, HIGH) or (target.kind == SET and end is not None):
            raise IllegalMove("bad_end", end=str(end))
        ends = lay_off_ends(target, card)
        if end is None and len(ends) > 1:
            raise IllegalMove("ambiguous_end", card=card.text, meld=meld)
        if not ends or (end is not None and end not in ends):
            raise IllegalMove("cannot_lay_off", card=card.text, meld=meld)
        return ends[0] if end is None else end

    def _check_not_stranded(
        self, laid: Sequence[Card], hand: Sequence[Card], table: Sequence[TableMeld]
    ) -> None:
        must = self._must_use
        if must is None or index_of(laid, must) >= 0:
            return
        if not can_use_card(must, hand, table):
            raise IllegalMove("would_strand_card", card=must.text)

    # ---- turn flow ----------------------------------------------------------------------------

    def _after_laying(self, seat: int) -> list[Event]:
        return self._end_hand(seat) if not self._hands[seat] else []

    def _open_claim_window_or_pass(self) -> list[Event]:
        if self._options.rummy_claims:
            card = self._discard[-1]
            queue = [
                s
                for s in seat_order((self._turn + 1) % self._n, self._n)
                if s != self._turn and claim_options(self._hands[s], self._table, card)
            ]
            if queue:
                self._claim_queue = queue
                self._phase = CLAIM
                return [Event("claim_window", {"card": card.text, "discarder": self._turn})]
        return self._pass_turn()

    def _pass_turn(self) -> list[Event]:
        self._turn = (self._turn + 1) % self._n
        self._phase = DRAW
        return []

    def _end_hand(self, went_out: int | None) -> list[Event]:
        table_points = list(self.table_points())
        in_hand = [hand_points(h) for h in self._hands]
        scores = [t - h for t, h in zip(table_points, in_hand, strict=True)]
        self._totals = [t + s for t, s in zip(self._totals, scores, strict=True)]
        entry = {
            "hand": self._round,
            "dealer": self._dealer,
            "ended": ENDED_WENT_OUT if went_out is not None else ENDED_STOCK_EMPTY,
            "went_out": went_out,
            "table_points": table_points,
            "hand_points": in_hand,
            "scores": scores,
            "totals": list(self._totals),
        }
        frozen = _freeze(entry)
        self._history.append(frozen)
        self._must_use = None
        self._claim_queue = []
        events = [Event("round_over", frozen)]
        winner = self._game_winner()
        if winner is None:
            self._phase = ROUND_OVER
            return events
        self._winners = [winner]
        self._phase = GAME_OVER
        events.append(Event("game_over", {"winners": [winner], "settlement": self.settlement}))
        return events

    def _game_winner(self) -> int | None:
        """The seat that wins now, if any: the highest total among those at or over the
        target, unless two share it (then another hand is played)."""
        reached = [t for t in self._totals if t >= self._options.target]
        if not reached:
            return None
        best = max(reached)
        if self._totals.count(best) > 1:
            return None
        return self._totals.index(best)

    def _deal(self, dealer: int) -> None:
        deck = make_cards(1, 0)
        self._rng.shuffle(deck)
        self._dealer = dealer
        self._hands = [[] for _ in range(self._n)]
        order = seat_order((dealer + 1) % self._n, self._n)
        for _ in range(_deal_size(self._n)):
            for seat in order:
                self._hands[seat].append(deck.pop())
        self._discard = [deck.pop()]
        self._stock = deck
        self._table = []
        self._must_use = None
        self._claim_queue = []
        self._turn = order[0]
        self._phase = DRAW
        self._log = [_freeze({"action": "deal", "seat": dealer, "card": self._discard[0].text})]

    def _note(self, action: str, **data: Any) -> Event:
        """Record a public log entry and return it as an event."""
        entry = _freeze({"action": action, **data})
        self._log.append(entry)
        return Event(action, entry)

    def _all_cards(self) -> list[Card]:
        cards = [c for h in self._hands for c in h]
        cards += self._stock + self._discard
        cards += [c for m in self._table for c in m.cards]
        return cards

    # ---- views ----------------------------------------------------------------------------------

    def view(self, player: int) -> Rum500View:
        if not 0 <= player < self._n:
            raise ValueError(f"no seat {player}")
        in_claim = self._phase == CLAIM
        return Rum500View(
            seat=player,
            num_players=self._n,
            options=self._options,
            phase=self._phase,
            current_player=self.current_player,
            turn_player=self._turn,
            dealer=self._dealer,
            round_number=self._round,
            hand=tuple(self._hands[player]),
            hand_sizes=tuple(len(h) for h in self._hands),
            stock_count=len(self._stock),
            discard=tuple(self._discard),
            table=tuple(self._table),
            must_use=self._must_use,
            claim_card=self._discard[-1] if in_claim else None,
            claim_from=self._turn if in_claim else None,
            totals=tuple(self._totals),
            history=tuple(self._history),
            log=tuple(self._log),
            winners=tuple(self._winners),
            settlement=tuple(_freeze(s) for s in self.settlement),
        )

    # ---- save -----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "rami-save",
            "game": GAME_ID,
            "version": SAVE_VERSION,
            "options": self._options.to_json(),
            "players": self._n,
            "round": self._round,
            "dealer": self._dealer,
            "turn": self._turn,
            "phase": self._phase,
            "hands": [pieces_to_json(h) for h in self._hands],
            "stock": pieces_to_json(self._stock),
            "discard": pieces_to_json(self._discard),
            "table": [m.to_json() for m in self._table],
            "must_use": self._must_use.ident if self._must_use else None,
            "claim_queue": list(self._claim_queue),
            "totals": list(self._totals),
            "history": [_thaw(e) for e in self._history],
            "log": [_thaw(e) for e in self._log],
            "winners": list(self._winners),
            "rng": rng_to_json(self._rng),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rum500State:
        return _load(data)

    # ---- audit ----------------------------------------------------------------------------------

    def audit(self) -> None:
        _audit(self)

    # ---- arranged positions (tests, tutorials) --------------------------------------------------

    @classmethod
    def arranged(
        cls,
        hands: Sequence[str | Sequence[Card]],
        *,
        discard: str | Sequence[Card] = (),
        stock: str | Sequence[Card] = (),
        table: Sequence[tuple[str | Sequence[Card], int]] = (),
        turn: int = 0,
        totals: Sequence[int] | None = None,
        options: Options | None = None,
        round_number: int = 1,
        seed: int = 0,
    ) -> Rum500State:
        """A position set up by hand, in phase ``"draw"`` with seat ``turn`` to move.

        Cards are notation text or ``Card`` lists. ``discard`` is bottom first. ``stock`` gives
        the top cards of the stock, the next card drawn first; every card placed nowhere else
        goes below them, shuffled by ``seed`` (place all 52 cards for an empty stock).
        ``table`` holds ``(meld, seat)`` pairs, each meld credited wholly to that seat.
        ``totals`` (running totals before this hand) are recorded as one earlier hand in the
        history, and the hand is then at least the second. Raises ``ValueError`` on an
        impossible position.
        """
        n = len(hands)
        state = cls(n, options or Options(), random.Random(seed))
        state._hands = [_cards(h) for h in hands]
        state._discard = _cards(discard)
        state._table = []
        for cards, owner in table:
            kind, ordered = arrange_meld(_cards(cards))
            state._table.append(TableMeld(kind, ordered, (owner,) * len(ordered)))
        top = _cards(stock)
        placed = {c.ident for c in state._all_cards() + top}
        below = [c for c in make_cards(1, 0) if c.ident not in placed]
        state._rng.shuffle(below)
        state._stock = below + top[::-1]
        state._round = round_number
        state._turn = turn
        state._dealer = (turn - 1) % n
        if totals is not None:
            state._round = max(round_number, 2)
            state._history = [_earlier_hands(list(totals), state._dealer)]
            state._totals = list(totals)
        state._log = []
        try:
            _audit(state)
        except InvariantError as exc:
            raise ValueError(f"impossible position: {exc}") from exc
        return state


def _earlier_hands(totals: list[int], dealer: int) -> Record:
    """A history entry standing for the hands played before an arranged position."""
    return _freeze(
        {
            "hand": 1,
            "dealer": dealer,
            "ended": ENDED_STOCK_EMPTY,
            "went_out": None,
            "table_points": [max(t, 0) for t in totals],
            "hand_points": [max(-t, 0) for t in totals],
            "scores": totals,
            "totals": totals,
        }
    )


def _cards(cards: str | Sequence[Card]) -> list[Card]:
    parsed = parse(cards) if isinstance(cards, str) else list(cards)
    if not all(isinstance(c, Card) and not c.is_joker for c in parsed):
        raise ValueError("500 Rum uses the 52 cards, no jokers or tiles")
    return [Card(c.rank, c.suit, 0) for c in parsed]


# --------------------------------------------------------------------------------------------
# Audit


_DECK_KEYS = sorted((c.rank, c.suit, c.copy) for c in make_cards(1, 0))


def _fail(message: str) -> None:
    raise InvariantError(message)


def _audit(state: Rum500State) -> None:
    n = state._n
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        _fail(f"{n} players")
    if state._phase not in PHASES:
        _fail(f"unknown phase {state._phase!r}")
    if sorted((c.rank, c.suit, c.copy) for c in state._all_cards()) != _DECK_KEYS:
        _fail(_conservation_problem(state._all_cards()))
    for i, meld in enumerate(state._table):
        _audit_meld(i, meld, n)
    for seat in (state._turn, state._dealer):
        if not 0 <= seat < n:
            _fail(f"seat {seat} out of range")
    if len(state._totals) != n:
        _fail("one total per seat expected")
    _audit_phase(state)
    _audit_scores(state)


def _conservation_problem(cards: Sequence[Card]) -> str:
    """Which card is duplicated, missing or foreign (the cards are known not to be the deck)."""
    try:
        check_conservation(cards, make_cards(1, 0), "the cards")
    except SaveError as exc:
        return str(exc)
    return "the cards are not the 52 cards of one deck"


def _audit_meld(i: int, meld: TableMeld, n: int) -> None:
    try:
        kind, ordered = arrange_meld(meld.cards)
    except IllegalMove as exc:
        _fail(f"table meld {i} is illegal: {exc}")
    if kind != meld.kind or [c.ident for c in ordered] != [c.ident for c in meld.cards]:
        _fail(f"table meld {i} is not stored as the table shows it")
    if len(meld.owners) != len(meld.cards) or not all(0 <= o < n for o in meld.owners):
        _fail(f"table meld {i} has a bad credit list")


def _audit_phase(state: Rum500State) -> None:
    phase = state._phase
    live = phase in (DRAW, PLAY, CLAIM)
    if live and not all(state._hands):
        _fail("a hand is empty but the hand goes on")
    if state._must_use is not None:
        hand = state._hands[state._turn]
        if phase != PLAY or index_of(hand, state._must_use) < 0:
            _fail("the card that must be used is not in the hand of the player to move")
        if not can_use_card(state._must_use, hand, state._table):
            _fail(f"{state._must_use} must be used but cannot be")
    queue = state._claim_queue
    if (phase == CLAIM) != bool(queue):
        _fail("claim queue and phase disagree")
    if queue:
        if not state._discard or len(set(queue)) != len(queue) or state._turn in queue:
            _fail("bad claim window")
        card = state._discard[-1]
        if not all(0 <= s < state._n and claim_options(state._hands[s], state._table, card) for s in queue):
            _fail("a player in the claim window cannot claim")
    if (phase == GAME_OVER) != bool(state._winners):
        _fail("winners and phase disagree")


def _audit_scores(state: Rum500State) -> None:
    sums = [0] * state._n
    for entry in state._history:
        scores = entry["scores"]
        for seat in range(state._n):
            if scores[seat] != entry["table_points"][seat] - entry["hand_points"][seat]:
                _fail(f"hand {entry['hand']}: score of seat {seat} is not table minus hand")
            sums[seat] += scores[seat]
        if list(entry["totals"]) != sums:
            _fail(f"hand {entry['hand']}: running totals do not add up")
    if sums != state._totals:
        _fail("totals are not the sum of the hand scores")
    if state._phase in (ROUND_OVER, GAME_OVER) and not state._history:
        _fail("a finished hand has no score entry")
    if state._winners and state._winners != [state._game_winner()]:
        _fail("the recorded winner is not the winner by the totals")


# --------------------------------------------------------------------------------------------
# Loading a save

_SAVE_FIELDS = (
    "format",
    "game",
    "version",
    "options",
    "players",
    "round",
    "dealer",
    "turn",
    "phase",
    "hands",
    "stock",
    "discard",
    "table",
    "must_use",
    "claim_queue",
    "totals",
    "history",
    "log",
    "winners",
    "rng",
)
_HISTORY_FIELDS = ("hand", "dealer", "ended", "went_out", "table_points", "hand_points", "scores", "totals")
_LOG_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # action: (required fields besides action and seat, optional fields)
    "deal": (("card",), ()),
    "draw_stock": ((), ()),
    "take_discard": (("index", "cards", "must_use"), ()),
    "pass_empty_stock": ((), ()),
    "stock_renewed": (("count",), ()),
    "meld": (("meld", "cards"), ()),
    "lay_off": (("meld", "card", "end"), ()),
    "discard": (("card",), ()),
    "claim_rummy": (("card", "meld"), ("cards", "end")),
}


_SEAT = sc.Int(0, MAX_PLAYERS - 1)
_CARDS = sc.List(sc.Piece((Card,), lambda c: not c.is_joker and c.copy == 0), hi=52)
_FACES = sc.List(sc.Face((Card,)), hi=52)
_PER_SEAT = sc.List(sc.Int(), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_LOG_VALUES: dict[str, sc.Spec] = {
    "card": sc.Face((Card,)),
    "cards": _FACES,
    "must_use": sc.Face((Card,)),
    "index": sc.Int(0, 52),
    "meld": sc.Int(0, 52),
    "count": sc.Int(0, 52),
    "end": sc.Maybe(sc.Str(("low", "high"))),
}
SAVE_SCHEMA = sc.Obj(
    {
        "format": sc.Anything(),
        "game": sc.Anything(),
        "version": sc.Anything(),
        "options": sc.Custom(Options.from_json),
        "players": sc.Int(MIN_PLAYERS, MAX_PLAYERS),
        "round": sc.Int(1, 100_000),
        "dealer": _SEAT,
        "turn": _SEAT,
        "phase": sc.Str(PHASES),
        "hands": sc.List(_CARDS, lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "stock": _CARDS,
        "discard": _CARDS,
        "table": sc.List(
            sc.Obj({"kind": sc.Str((SET, RUN)), "cards": _CARDS, "owners": sc.List(_SEAT, hi=52)}), hi=52
        ),
        "must_use": sc.Maybe(sc.Str(max_len=12)),
        "claim_queue": sc.List(_SEAT, hi=MAX_PLAYERS),
        "totals": _PER_SEAT,
        "history": sc.List(
            sc.Obj(
                {
                    "hand": sc.Int(1, 100_000),
                    "dealer": _SEAT,
                    "ended": sc.Str((ENDED_WENT_OUT, ENDED_STOCK_EMPTY)),
                    "went_out": sc.Maybe(_SEAT),
                    "table_points": _PER_SEAT,
                    "hand_points": _PER_SEAT,
                    "scores": _PER_SEAT,
                    "totals": _PER_SEAT,
                }
            ),
            hi=100_000,
        ),
        "log": sc.List(
            sc.Tagged(
                "action",
                {
                    action: sc.Obj(
                        {"action": sc.Anything(), "seat": _SEAT, **{k: _LOG_VALUES[k] for k in required}},
                        {k: _LOG_VALUES[k] for k in optional},
                    )
                    for action, (required, optional) in _LOG_FIELDS.items()
                },
            ),
            hi=100_000,
        ),
        "winners": sc.List(_SEAT, hi=MAX_PLAYERS),
        "rng": sc.Custom(rng_from_json),
    }
)
"""The shape of a saved game of 500 Rum (``game.engine.schema``); what it cannot say (each card
once, legal melds, scores that add up, a phase that agrees with the hands) ``_load`` checks
after it."""


def _load(data: Any) -> Rum500State:
    check_header(data, GAME_ID, SAVE_VERSION)
    check_fields(data, "saved game", _SAVE_FIELDS)
    sc.check(SAVE_SCHEMA, data)
    options = Options.from_json(data["options"])
    n = want_int(data, "players", "saved game", MIN_PLAYERS, MAX_PLAYERS)
    state = Rum500State(n, options, rng_from_json(data["rng"]))
    state._round = want_int(data, "round", "saved game", 1)
    state._dealer = want_int(data, "dealer", "saved game", 0, n - 1)
    state._turn = want_int(data, "turn", "saved game", 0, n - 1)
    if data["phase"] not in PHASES:
        raise SaveError("bad_field", f"saved game.phase: unknown phase {data['phase']!r}")
    state._phase = data["phase"]
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise SaveError("bad_field", "saved game.hands: one hand per player expected")
    state._hands = [_load_cards(h, f"hands[{i}]") for i, h in enumerate(hands)]
    state._stock = _load_cards(data["stock"], "stock")
    state._discard = _load_cards(data["discard"], "discard")
    state._table = _load_table(data["table"], n)
    check_conservation(state._all_cards(), make_cards(1, 0))
    state._must_use = _load_must_use(data["must_use"], state._hands[state._turn])
    state._claim_queue = _load_int_list(data["claim_queue"], "claim_queue", None, 0, n - 1)
    state._totals = _load_int_list(data["totals"], "totals", n)
    state._history = [_load_history_entry(e, n) for e in _want_list(data["history"], "history")]
    state._log = [_load_log_entry(e, n) for e in _want_list(data["log"], "log")]
    state._winners = _load_int_list(data["winners"], "winners", None, 0, n - 1)
    try:
        _audit(state)
    except InvariantError as exc:
        raise SaveError("inconsistent", f"saved game is inconsistent: {exc}") from exc
    return state


def _want_list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SaveError("bad_field", f"saved game.{where}: expected a list")
    return value


def _load_cards(value: Any, where: str) -> list[Card]:
    cards = pieces_from_json(value, where)
    if not all(isinstance(c, Card) and not c.is_joker and c.copy == 0 for c in cards):
        raise SaveError("bad_piece", f"{where}: only the 52 cards of one deck belong to 500 Rum")
    return cards  # type: ignore[return-value]


def _load_int_list(
    value: Any, where: str, length: int | None, lo: int | None = None, hi: int | None = None
) -> list[int]:
    items = _want_list(value, where)
    if length is not None and len(items) != length:
        raise SaveError("bad_field", f"saved game.{where}: expected {length} numbers")
    for i in range(len(items)):
        want_int({"v": items[i]}, "v", f"{where}[{i}]", lo, hi)
    return list(items)


def _load_table(value: Any, n: int) -> list[TableMeld]:
    table = []
    for i, item in enumerate(_want_list(value, "table")):
        where = f"table[{i}]"
        check_fields(item, where, ["kind", "cards", "owners"])
        cards = _load_cards(item["cards"], where)
        owners = _load_int_list(item["owners"], f"{where}.owners", len(cards), 0, n - 1)
        if item["kind"] not in (SET, RUN):
            raise SaveError("bad_field", f"{where}.kind: unknown kind {item['kind']!r}")
        table.append(TableMeld(item["kind"], tuple(cards), tuple(owners)))
    return table


def _load_must_use(value: Any, hand: Sequence[Card]) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise SaveError("bad_field", "saved game.must_use: expected a card or null")
    card = _load_cards([value], "must_use")[0]
    if index_of(hand, card) < 0:
        raise SaveError("bad_field", "saved game.must_use: not a card of the hand to move")
    return card


def _load_history_entry(entry: Any, n: int) -> Record:
    check_fields(entry, "history entry", _HISTORY_FIELDS)
    out: dict[str, Any] = {
        "hand": want_int(entry, "hand", "history entry", 1),
        "dealer": want_int(entry, "dealer", "history entry", 0, n - 1),
    }
    if entry["ended"] not in (ENDED_WENT_OUT, ENDED_STOCK_EMPTY):
        raise SaveError("bad_field", f"history entry.ended: {entry['ended']!r}")
    out["ended"] = entry["ended"]
    went_out = entry["went_out"]
    if (went_out is None) != (entry["ended"] == ENDED_STOCK_EMPTY):
        raise SaveError("bad_field", "history entry.went_out disagrees with ended")
    out["went_out"] = None if went_out is None else want_int(entry, "went_out", "history entry", 0, n - 1)
    for key in ("table_points", "hand_points", "scores", "totals"):
        out[key] = _load_int_list(entry[key], f"history.{key}", n)
    return _freeze(out)


def _load_log_entry(entry: Any, n: int) -> Record:
    if not isinstance(entry, Mapping) or entry.get("action") not in _LOG_FIELDS:
        raise SaveError("bad_field", f"log entry {entry!r}: unknown action")
    required, optional = _LOG_FIELDS[entry["action"]]
    check_fields(entry, f"log entry {entry['action']}", ["action", "seat", *required], optional)
    want_int(entry, "seat", "log entry", 0, n - 1)
    for key in ("index", "meld", "count"):
        if key in entry:
            want_int(entry, key, f"log entry {entry['action']}", 0)
    for key, value in entry.items():
        if isinstance(value, list):
            if not all(isinstance(v, str) for v in value):
                raise SaveError("bad_field", f"log entry {entry['action']}.{key}: expected card texts")
        elif not isinstance(value, (str, int, type(None))):
            raise SaveError("bad_field", f"log entry {entry['action']}.{key}: unexpected value")
    return _freeze(entry)
