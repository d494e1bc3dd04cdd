"""Fast play of the rest of a hand, every seat's cards known, for the hard player's search.

A playout starts from a full deal (every hand, the stock in order, the pile, the table) and
plays turns with a cheap greedy policy for every seat until the hand ends (a seat goes out,
or the stock is empty when a seat must draw) or ``max_turns`` turns have been played:

- **draw**: of the pile cards that make a meld with the hand or fit the table, the take (deep
  or not) that puts the most points down, less half the value of the taken cards it must keep,
  when that is worth more than nothing; else the blind draw (the policy never looks at the
  stock);
- **lay down**: the plan that puts the most points down (``planner.best_plan``), going out
  when it leaves one card or none;
- **discard**: the highest card with no partner in hand, keeping cards that would fit the
  table or make a meld with the pile (what the next seat could take).

The result is what each seat scores this hand from the playout's start: the points it put
down, less its hand when the hand ended, or less the part of its hand it is likely to be caught
with when the playout stopped early (``caught_estimate``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine.pieces import Card

from .codes import POINTS, RELATED, code, has_meld, mask_of
from .evaluate import TableInfo, makes_meld
from .planner import Plan, Spot, best_plan, lay_off_all

JUNK_WEIGHT = 0.5
"""How much a greedy take minds the pile cards it takes and cannot lay down (per point)."""

LOOSE_CAUGHT = 0.6
"""At a stopped playout: the share of an unmatched card's value expected to be caught."""

NODE_LIMIT = 400
"""Packings of melds a playout's plan tries at most (``planner.best_plan``): the playouts are
many, and a rough plan does for them."""

PAIRED_CAUGHT = 0.25
"""At a stopped playout: the same for a card with a partner in hand or a place on the table."""


@dataclass
class Deal:
    """One full deal of the hand as a playout sees it (lists are changed as it plays)."""

    hands: list[list[Card]]
    stock: list[Card]
    """The stock, drawn from the end."""
    pile: list[Card]
    spots: list[Spot]


@dataclass
class Outcome:
    """What each seat scored from the playout's start, and whether the hand ended."""

    scores: list[float]
    ended: bool
    plans: int = 0
    """How many plans the playout searched (``planner.best_plan`` calls): its work."""


def fits_of(spots: Sequence[Spot]) -> int:
    """The mask of the cards that can be laid off on ``spots`` now."""
    return TableInfo(0, spots).fits


def greedy_take(
    hand: list[Card], pile: list[Card], spots: Sequence[Spot], fits: int, work: list[int] | None = None
) -> tuple[int, Plan] | None:
    """The pile index worth taking for the greedy policy, with its plan (``None``: draw).
    Each plan searched adds one to ``work[0]``."""
    hand_mask = mask_of(hand)
    best: tuple[int, Plan] | None = None
    best_value = 0.0
    for j in range(len(pile) - 1, -1, -1):
        card = pile[j]
        c = code(card)
        if fits >> c & 1 or makes_meld(c, hand_mask):
            taken = pile[j:]
            plan = best_plan([*hand, *taken], spots, card, NODE_LIMIT)
            if work is not None:
                work[0] += 1
            if plan.points:
                left = {id(x) for x in plan.rest}
                junk = sum(POINTS[code(x)] for x in taken if id(x) in left)
                value = plan.points - JUNK_WEIGHT * junk
                if value > best_value:
                    best, best_value = (j, plan), value
    return best


def greedy_discard(hand: list[Card], pile: list[Card], fits: int, theirs: int = 0) -> Card:
    """The card the greedy policy throws: high and loose, not one the next seat can use at once
    (it fits the table, or makes a meld with the pile and ``theirs``, the next hand's mask)."""
    mask = mask_of(hand)
    pile_mask = mask_of(pile) | theirs
    best = hand[0]
    best_score = -1e9
    for card in hand:
        c = code(card)
        score = float(POINTS[c])
        if RELATED[c] & mask & ~(1 << c):
            score -= 20.0
        if fits >> c & 1 or makes_meld(c, pile_mask):
            score -= 40.0
        if score > best_score:
            best, best_score = card, score
    return best


def caught_estimate(hand: Sequence[Card], fits: int) -> float:
    """The points a hand is expected to be caught with when a playout stops early."""
    mask = mask_of(hand)
    total = 0.0
    for card in hand:
        c = code(card)
        paired = fits >> c & 1 or RELATED[c] & mask & ~(1 << c)
        total += POINTS[c] * (PAIRED_CAUGHT if paired else LOOSE_CAUGHT)
    return total


Discarder = Callable[[list[Card], list[Card], list[Spot], int, int], Card]
"""``discarder(hand, pile, spots, fits, theirs)``: the card a playout seat throws."""


def greedy_discarder(hand: list[Card], pile: list[Card], spots: list[Spot], fits: int, theirs: int) -> Card:
    """``greedy_discard`` as a ``Discarder``."""
    return greedy_discard(hand, pile, fits, theirs)


Leaf = Callable[[list[Card], list[Spot], int], float]
"""``leaf(hand, spots, fits)``: what a hand left when a playout stops early is worth."""


def caught_leaf(hand: list[Card], spots: list[Spot], fits: int) -> float:
    """``caught_estimate`` as a ``Leaf``: minus the points likely caught."""
    return -caught_estimate(hand, fits)


def play_out(
    deal: Deal,
    seat: int,
    max_turns: int,
    discarder: Discarder = greedy_discarder,
    leaf: Leaf = caught_leaf,
) -> Outcome:
    """Play ``deal`` from the draw of ``seat`` (see the module docstring)."""
    n = len(deal.hands)
    hands = deal.hands
    stock = deal.stock
    pile = deal.pile
    spots = deal.spots
    fits = fits_of(spots)
    scores = [0.0] * n
    work = [0]
    for _ in range(max_turns):
        hand = hands[seat]
        take = greedy_take(hand, pile, spots, fits, work) if pile else None
        plan: Plan | None
        if take is not None:
            j, plan = take
            del pile[j:]
        else:
            if not stock:
                return _ended(hands, scores, work[0])
            hand = [*hand, stock.pop()]
            plan = None
            mask = mask_of(hand)
            if has_meld(mask):
                plan = best_plan(hand, spots, None, NODE_LIMIT)
                work[0] += 1
            elif fits & mask:
                new_spots = list(spots)
                lays, points, left = lay_off_all(hand, new_spots)
                plan = Plan([], lays, points, left, new_spots)
        if plan is not None and plan.points:
            scores[seat] += plan.points
            spots = plan.spots
            fits = fits_of(spots)
            hand = list(plan.rest)
        if len(hand) <= 1:
            if hand:
                pile.append(hand[0])
            hands[seat] = []
            return _ended(hands, scores, work[0])
        discard = discarder(hand, pile, spots, fits, mask_of(hands[(seat + 1) % n]))
        hand = [c for c in hand if c is not discard]
        pile.append(discard)
        hands[seat] = hand
        seat = (seat + 1) % n
    for s in range(n):
        scores[s] += leaf(hands[s], spots, fits)
    return Outcome(scores, False, work[0])


def _ended(hands: list[list[Card]], scores: list[float], plans: int) -> Outcome:
    for s, hand in enumerate(hands):
        scores[s] -= sum(POINTS[code(c)] for c in hand)
    return Outcome(scores, True, plans)
