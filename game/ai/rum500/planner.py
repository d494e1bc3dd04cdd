"""Laying down: which melds and lay-offs put the most points on the table this turn.

Every card put down scores its value for the player who lays it and can no longer be caught in
hand, so the plan that lays the most points is the one to play (the policies decide separately
whether to go out). The search tries every packing of the hand's disjoint melds
(``meld_options``), then lays off what is left, over and over, on the table and the new melds
(a card laid off may open a place for the next one). A node limit keeps big hands fast.

Table melds are read once into ``Spot``s: a set's rank and suits, a run's suit and its lowest and
highest values (1-14, an ace 1 below a 2, 14 above a king).

With two decks (five or six players) a hand may hold twins: the search tells cards apart by the
objects it was given, never by equality (two ``5D`` are equal), and a hand holding a face twice
is searched with the two-deck sets (up to 8 cards, twins allowed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.base import Move
from game.engine.pieces import Card
from game.engine.rum500 import (
    HIGH,
    LOW,
    RUN,
    SET,
    LayOff,
    Meld,
    TableMeld,
    card_points,
    max_set,
    meld_options,
)

NODE_LIMIT = 3000
"""Packings of melds tried at most per plan (the best found so far is kept beyond it)."""


@dataclass(frozen=True, slots=True)
class Spot:
    """A meld on the table as far as lay-offs go."""

    kind: str
    suit: str
    rank: int = 0
    suits: tuple[str, ...] = ()
    """A set's suits, sorted, a suit twice for twins."""
    lo: int = 0
    hi: int = 0
    decks: int = 1

    def ends_for(self, card: Card) -> tuple[str | None, ...]:
        """Where ``card`` fits: ``(None,)`` on a set, ``"high"``/``"low"`` on a run, ``()``."""
        if self.kind == SET:
            if card.rank == self.rank and self.set_takes(card.suit):
                return (None,)
            return ()
        if card.suit != self.suit:
            return ()
        ends: list[str] = []
        if self.hi < 14 and (card.rank == self.hi + 1 or (card.rank == 1 and self.hi == 13)):
            ends.append(HIGH)
        if self.lo > 1 and card.rank == self.lo - 1:
            ends.append(LOW)
        return tuple(ends)

    def set_takes(self, suit: str) -> bool:
        """Whether this set has room for a card of ``suit`` (``max_set``, a suit once per deck)."""
        return len(self.suits) < max_set(self.decks) and self.suits.count(suit) < self.decks

    def with_card(self, card: Card, end: str | None) -> Spot:
        """This spot once ``card`` is laid off at ``end``."""
        if self.kind == SET:
            return Spot(SET, "", self.rank, tuple(sorted((*self.suits, card.suit))), decks=self.decks)
        if end == HIGH:
            return Spot(RUN, self.suit, lo=self.lo, hi=self.hi + 1)
        return Spot(RUN, self.suit, lo=self.lo - 1, hi=self.hi)


def spot_of(meld: TableMeld) -> Spot:
    """The ``Spot`` of a table meld."""
    if meld.kind == SET:
        return Spot(SET, "", meld.cards[0].rank, tuple(sorted(c.suit for c in meld.cards)), decks=meld.decks)
    values = meld.values
    return Spot(RUN, meld.suit, lo=values[0], hi=values[-1])


def spot_of_cards(kind: str, cards: Sequence[Card], decks: int = 1) -> Spot:
    """The ``Spot`` of a new meld given as ``meld_options`` gives it (runs ascending)."""
    if kind == SET:
        return Spot(SET, "", cards[0].rank, tuple(sorted(c.suit for c in cards)), decks=decks)
    lo = cards[0].rank
    hi = lo + len(cards) - 1
    return Spot(RUN, cards[0].suit, lo=lo, hi=hi)


def lay_off_points(card: Card, end: str | None) -> int:
    """What a card scores laid off at ``end`` (an ace below a 2 counts 1)."""
    return card_points(card, low_ace=end == LOW and card.rank == 1)


def meld_value(kind: str, cards: Sequence[Card]) -> int:
    """Points of a meld as ``meld_options`` gives it (runs ascending, a leading ace is low)."""
    total = sum(card_points(c) for c in cards)
    if kind == RUN and cards[0].rank == 1:
        total -= 14
    return total


def kind_of(cards: Sequence[Card]) -> str:
    return SET if cards[0].rank == cards[1].rank else RUN


@dataclass
class Plan:
    """Melds then lay-offs to play in order, the points they score and the cards left."""

    melds: list[tuple[Card, ...]] = field(default_factory=list)
    lay_offs: list[tuple[Card, int, str | None]] = field(default_factory=list)
    points: int = 0
    rest: list[Card] = field(default_factory=list)
    spots: list[Spot] = field(default_factory=list)

    @property
    def laid(self) -> list[Card]:
        """Every card the plan puts down."""
        return [c for m in self.melds for c in m] + [c for c, _, _ in self.lay_offs]

    def moves(self) -> list[Move]:
        """The plan as engine moves, in playing order."""
        moves: list[Move] = [Meld(m) for m in self.melds]
        moves.extend(LayOff(c, i, end) for c, i, end in self.lay_offs)
        return moves


def lay_off_all(
    rest: Sequence[Card], spots: list[Spot]
) -> tuple[list[tuple[Card, int, str | None]], int, list[Card]]:
    """Lay off every card of ``rest`` that fits, over and over (``spots`` is changed in place).
    Returns the lay-offs, their points and the cards left."""
    left = sorted(rest, key=card_points, reverse=True)
    done: list[tuple[Card, int, str | None]] = []
    points = 0
    changed = True
    while changed and left:
        changed = False
        for card in list(left):
            for i, spot in enumerate(spots):
                ends = spot.ends_for(card)
                if ends:
                    end = ends[0]
                    spots[i] = spot.with_card(card, end)
                    done.append((card, i, end))
                    points += lay_off_points(card, end)
                    left = [c for c in left if c is not card]
                    changed = True
                    break
    return done, points, left


def _reachable(hand: Sequence[Card], spots: Sequence[Spot], in_melds: set[int]) -> set[int]:
    """The cards (by ``id``) that could be put down in some plan: in a meld option or laid
    off, directly or after a chain of hand cards (an upper bound for the search)."""
    out = set(in_melds)
    by_suit: dict[str, set[int]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, set()).add(c.rank)
    for c in hand:
        if id(c) in out:
            continue
        for spot in spots:
            if spot.kind == SET:
                if spot.ends_for(c):
                    out.add(id(c))
                continue
            if spot.suit != c.suit:
                continue
            ranks = by_suit[c.suit]
            for v in (c.rank, 14) if c.rank == 1 else (c.rank,):
                if v > spot.hi and all((w if w <= 13 else 1) in ranks for w in range(spot.hi + 1, v)):
                    out.add(id(c))
                if v < spot.lo and all(w in ranks for w in range(v + 1, spot.lo)):
                    out.add(id(c))
    return out


def best_plan(
    hand: Sequence[Card], spots: Sequence[Spot], must_use: Card | None = None, node_limit: int = NODE_LIMIT
) -> Plan:
    """The plan that puts down the most points (then the most cards) from ``hand`` on a table
    of ``spots``; with ``must_use``, only plans that put that card down (an empty plan if none
    is found)."""
    hand = list(hand)
    if must_use is not None:
        must_use = next((c for c in hand if c.ident == must_use.ident), must_use)
    decks = max([2 if len({c.text for c in hand}) < len(hand) else 1, *(s.decks for s in spots)])
    options = [(o, kind_of(o), meld_value(kind_of(o), o)) for o in meld_options(hand, decks)]
    in_melds = {id(c) for o, _, _ in options for c in o}
    reachable = _reachable(hand, spots, in_melds)
    if must_use is not None and id(must_use) not in reachable:
        return Plan(rest=hand, spots=list(spots))
    order = [c for c in hand if id(c) in in_melds]
    by_card: dict[int, list[int]] = {id(c): [] for c in order}
    for k, (o, _, _) in enumerate(options):
        for c in o:
            by_card[id(c)].append(k)
    best: list[Plan | None] = [None]
    best_key: list[tuple[int, int]] = [(-1, -1)]
    nodes = [0]
    total_reachable = sum(card_points(c) for c in hand if id(c) in reachable)

    def leaf(chosen: list[int], used: set[int], meld_pts: int) -> None:
        new_spots = list(spots)
        melds = []
        for k in chosen:
            cards, kind, _ = options[k]
            melds.append(cards)
            new_spots.append(spot_of_cards(kind, cards, decks))
        rest = [c for c in hand if id(c) not in used]
        lays, lay_pts, left = lay_off_all(rest, new_spots)
        if must_use is not None and any(c is must_use for c in left):
            return
        key = (meld_pts + lay_pts, len(hand) - len(left))
        if key > best_key[0]:
            best_key[0] = key
            best[0] = Plan(melds, lays, meld_pts + lay_pts, left, new_spots)

    def search(pos: int, chosen: list[int], used: set[int], meld_pts: int) -> None:
        nodes[0] += 1
        if nodes[0] > node_limit and (best[0] is not None or nodes[0] > 10 * node_limit):
            return
        if best_key[0][0] >= total_reachable:
            return
        while pos < len(order) and id(order[pos]) in used:
            pos += 1
        if pos == len(order):
            leaf(chosen, used, meld_pts)
            return
        card = order[pos]
        for k in by_card[id(card)]:
            cards, _, pts = options[k]
            if any(id(c) in used for c in cards):
                continue
            chosen.append(k)
            search(pos + 1, chosen, used | {id(c) for c in cards}, meld_pts + pts)
            chosen.pop()
        # Leave the card out of every new meld (it may still be laid off).
        search(pos + 1, chosen, used, meld_pts)

    search(0, [], set(), 0)
    plan = best[0]
    if plan is None:
        return Plan(rest=hand, spots=list(spots))
    return plan


def ordered_moves(plan: Plan, must_use: Card | None) -> list[Move]:
    """The plan's moves with the one that puts ``must_use`` down first when it is a meld (a
    lay-off of it may need the melds before it)."""
    moves = plan.moves()
    if must_use is None:
        return moves
    first = [m for m in moves if isinstance(m, Meld) and must_use in m.cards]
    return first + [m for m in moves if m not in first]
