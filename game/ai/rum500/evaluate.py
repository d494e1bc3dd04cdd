"""Worth of cards, hands and whole turns, as one seat sees them.

The unit is points of this hand's score (table points minus points caught in hand):

- A card put down is worth its value.
- A card kept is worth ``p * value - (1 - p) * stuck * value``: ``p`` is the chance it is put
  down later (it is one card away from a meld: its *outs*, each with the chance of getting it
  from the stock or from the discard pile; a lone card keeps a small chance, which falls fast
  as the hand nears its end), ``stuck`` the chance that an unmatched card is caught in hand
  when the hand ends (higher as the stock runs low and the opponents' hands shrink).
- Going out or passing on an empty stock also counts the game: ending the hand when that wins
  it, or gives it to an opponent, is worth ``GAME_SWING`` either way.
- A discard costs what it may give the opponents: the chance one of them can put it down at
  once (a lay-off on the table, or a meld with cards they are known or likely to hold) times
  what that is worth to them.
- Going out ends the hand: the opponents are caught with their hands.

``take_value`` scores taking the pile from one card up: the best plan with the cards taken
(``planner``), then the best discard, less what the pile left behind lets the opponents lay
off. ``stock_value`` is the average of the same over every card a blind draw may give. The
draw decision compares them.

Cards are coded as small integers and hands as bit masks (``codes``), and the worth of a card
is cached by the cards around it, so a decision stays within a few milliseconds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.pieces import Card
from game.engine.rum500 import RUN, Rum500View

from .codes import CARDS, NEAR, POINTS, RANK_MATES, RELATED, code, code_at, codes_of, mask_of, values_of
from .knowledge import Knowledge
from .planner import Plan, Spot, best_plan, spot_of


@dataclass(frozen=True)
class Style:
    """The weights of a policy (see the module docstring)."""

    stuck_floor: float = 0.08
    """The chance of being caught with an unmatched card when the hand has long to go."""
    pile_chance: float = 0.6
    """The chance of getting an out that lies on top of the discard pile (less when deeper)."""
    feed_weight: float = 2.8
    """How much what a discard gives the opponents counts."""
    out_weight: float = 0.8
    """How much the opponents' expected hand points count when going out."""
    lone_factor: float = 1.2
    """Scales the chance that a lone card still ends up in a meld (two draws must help)."""
    open_pile_weight: float = 0.5
    """How much pile cards that the table lets the opponents lay off count against a turn."""
    pile_feed: float = 1.0
    """How surely an opponent can use a card of the spread pile with a discard (taking the
    pile down to it): a discard that makes a meld with pile cards feeds them as much as one
    that makes a meld with cards in their hand."""


GAME_SWING = 150.0
"""What winning (or losing) the game when the hand ends is worth, in points of a hand."""


class TableInfo:
    """What a table (its ``Spot``s) means for single cards: which fit now (``fits``, a mask)
    and which wait for one card between them and a run (``gap_outs``)."""

    def __init__(self, key: int, spots: Sequence[Spot]) -> None:
        self.key = key
        self.spots = spots
        fits = 0
        gap_outs: dict[int, int] = {}
        for s in spots:
            if s.kind != RUN:
                fits |= sum(1 << (k * 13 + s.rank - 1) for k, suit in enumerate("SHDC") if s.set_takes(suit))
                continue
            suit = "SHDC".index(s.suit)
            fits |= _bits(code_at(s.hi + 1, suit), code_at(s.lo - 1, suit))
            for far, near in ((s.hi + 2, s.hi + 1), (s.lo - 2, s.lo - 1)):
                a, b = code_at(far, suit), code_at(near, suit)
                if a is not None and b is not None:
                    gap_outs[a] = gap_outs.get(a, 0) | 1 << b
        self.fits = fits
        self.gap_outs = gap_outs


class Evaluator:
    """Scores for one decision of seat ``view.seat`` (see the module docstring)."""

    def __init__(self, view: Rum500View, know: Knowledge, style: Style) -> None:
        self.view = view
        self.know = know
        self.style = style
        self.spots = [spot_of(m) for m in view.table]
        self.opponents = know.opponents()
        self.unseen_mask = mask_of(know.unseen)
        unseen_count = max(1, len(know.unseen))
        n = view.num_players
        smallest = min((view.hand_sizes[s] for s in self.opponents), default=13)
        self.horizon = max(0.0, min(view.stock_count / n, 1.0 + 0.7 * smallest, 10.0))
        self.stuck = style.stuck_floor + (1 - style.stuck_floor) * math.exp(-self.horizon / 2.5)
        draw_chance = min(0.9, min(float(view.stock_count), self.horizon) / unseen_count)
        # A lone card needs two more cards: about six pairs of them would do.
        self.lone_miss = 1.0 - min(0.5, style.lone_factor * 6 * draw_chance * draw_chance)
        chance = [0.0] * 52
        for c in codes_of(self.unseen_mask):
            chance[c] = draw_chance
        top = len(view.discard) - 1
        for i, card in enumerate(view.discard):
            chance[code(card)] = max(0.2, style.pile_chance - 0.03 * (top - i))
        self.out_chance = chance
        self.held_by = [
            [know.where_chance(CARDS[c], s) if s != view.seat else 0.0 for c in range(52)] for s in range(n)
        ]
        in_pile = [0.0] * 52
        for card in view.discard:
            in_pile[code(card)] = style.pile_feed
        self.reach_by = [[max(h, p) for h, p in zip(held, in_pile, strict=True)] for held in self.held_by]
        """Per seat, the chance each card can go into a meld of theirs with a discard: held,
        or lying in the spread pile."""
        self._infos: dict[tuple[Spot, ...], TableInfo] = {}
        self._values: dict[tuple[int, int, int], float] = {}
        self._feeds: dict[tuple[int, int], float] = {}

    def info(self, spots: Sequence[Spot]) -> TableInfo:
        """The ``TableInfo`` of ``spots`` (cached)."""
        key = tuple(spots)
        found = self._infos.get(key)
        if found is None:
            found = self._infos[key] = TableInfo(len(self._infos), spots)
        return found

    # ---- cards kept ---------------------------------------------------------------------------

    def _value(self, c: int, mask: int, info: TableInfo) -> float:
        """What keeping card ``c`` in the hand ``mask`` is worth."""
        key = (c, mask & RELATED[c], info.key)
        found = self._values.get(key)
        if found is not None:
            return found
        pts = POINTS[c]
        p = self._meld_chance(c, mask, info)
        value = p * pts - (1.0 - p) * self.stuck * pts
        self._values[key] = value
        return value

    def _meld_chance(self, c: int, mask: int, info: TableInfo) -> float:
        if info.fits >> c & 1:
            return 0.95
        outs = 0
        mates = mask & RANK_MATES[c]
        if mates:
            if mates & (mates - 1):
                return 0.95
            outs |= RANK_MATES[c] & ~mates
        suit = c // 13
        for v in values_of(c):
            near = [code_at(v + d, suit) for d in (-2, -1, 1, 2)]
            has = [x is not None and bool(mask >> x & 1) for x in near]
            down2, down1, up1, up2 = has
            if (down1 and up1) or (up1 and up2) or (down1 and down2):
                return 0.95
            if up1:
                outs |= _bits(near[0], code_at(v + 2, suit))
            if down1:
                outs |= _bits(near[3], code_at(v - 2, suit))
            if up2:
                outs |= _bits(near[2])
            if down2:
                outs |= _bits(near[1])
        outs |= info.gap_outs.get(c, 0)
        outs &= ~mask & ~(1 << c)
        miss = self.lone_miss
        chance = self.out_chance
        while outs:
            low = outs & -outs
            miss *= 1.0 - chance[low.bit_length() - 1]
            outs ^= low
        return 1.0 - miss

    def hand_value(self, cards: Iterable[Card], spots: Sequence[Spot]) -> float:
        """The worth of keeping all of ``cards``."""
        mask = mask_of(cards)
        info = self.info(spots)
        return sum(self._value(c, mask, info) for c in codes_of(mask))

    # ---- discards -----------------------------------------------------------------------------

    def _feed(self, c: int, info: TableInfo) -> float:
        """What discarding card ``c`` may give the opponents (their chance to put it down at
        once times its worth to them), the next player counting most."""
        key = (c, info.key)
        found = self._feeds.get(key)
        if found is not None:
            return found
        pts = POINTS[c]
        if info.fits >> c & 1:
            risk = pts + 3.0
        else:
            risk = 0.0
            for k, seat in enumerate(self.opponents):
                weight = 1.0 if k == 0 else 0.5
                risk += weight * self._their_meld_chance(c, seat) * (pts + 12.0)
        value = self.style.feed_weight * risk
        self._feeds[key] = value
        return value

    def feed(self, card: Card, spots: Sequence[Spot]) -> float:
        """See ``_feed``."""
        return self._feed(code(card), self.info(spots))

    def _their_meld_chance(self, c: int, seat: int) -> float:
        """The chance ``seat`` holds (or can take from the pile) two cards that make a meld
        with card ``c``."""
        held = self.reach_by[seat]
        miss = 1.0
        mates = codes_of(RANK_MATES[c])
        for i in range(3):
            for j in range(i + 1, 3):
                miss *= 1.0 - held[mates[i]] * held[mates[j]]
        suit = c // 13
        for v in values_of(c):
            for a, b in ((v - 2, v - 1), (v - 1, v + 1), (v + 1, v + 2)):
                ca, cb = code_at(a, suit), code_at(b, suit)
                if ca is not None and cb is not None and ca != c and cb != c:
                    miss *= 1.0 - held[ca] * held[cb]
        return 1.0 - miss

    def _best_discard(self, mask: int, info: TableInfo) -> tuple[float, int]:
        """The discard from hand ``mask`` that leaves the most: (worth kept minus feed, code)."""
        cards = codes_of(mask)
        values = {c: self._value(c, mask, info) for c in cards}
        total = sum(values.values())
        best_score, best = -math.inf, cards[0]
        for d in cards:
            kept = mask & ~(1 << d)
            worth = total - values[d]
            for c in codes_of(kept & RELATED[d]):
                worth += self._value(c, kept, info) - values[c]
            score = worth - self._feed(d, info)
            if score > best_score or (score == best_score and POINTS[d] > POINTS[best]):
                best_score, best = score, d
        return best_score, best

    def best_discard(self, rest: Sequence[Card], spots: Sequence[Spot]) -> tuple[float, Card]:
        """The discard that leaves the most: (worth of the hand kept minus the feed, card)."""
        score, c = self._best_discard(mask_of(rest), self.info(spots))
        return score, CARDS[c]

    # ---- whole turns --------------------------------------------------------------------------

    def opponent_exposure(self) -> float:
        """The points the opponents are expected to be caught with if the hand ended now."""
        return sum(self.expected_hand(s) for s in self.opponents)

    def expected_hand(self, seat: int) -> float:
        """The points ``seat`` (another seat) is expected to hold in hand."""
        unseen = codes_of(self.unseen_mask)
        average = sum(POINTS[c] for c in unseen) / max(1, len(unseen))
        return sum(POINTS[code(c)] for c in self.know.held[seat]) + self.know.hidden[seat] * average

    def game_swing(self, table_gain: int, left_in_hand: int) -> float:
        """If the hand ended now, with this seat ``table_gain`` points further on the table and
        ``left_in_hand`` points caught: ``GAME_SWING`` when that wins the game, minus it when
        an opponent wins, else 0."""
        view = self.view
        table = view.table_points()
        me = view.seat
        mine = view.totals[me] + table[me] + table_gain - left_in_hand
        theirs = max(view.totals[s] + table[s] - self.expected_hand(s) for s in self.opponents)
        target = view.options.target
        if mine >= target and mine > theirs:
            return GAME_SWING
        if theirs >= target and theirs > mine:
            return -GAME_SWING
        return 0.0

    def out_value(self, points: int) -> float:
        """The worth of going out after putting ``points`` down this turn."""
        return points + self.style.out_weight * self.opponent_exposure() + self.game_swing(points, 0)

    def open_pile(self, pile: Sequence[Card], spots: Sequence[Spot]) -> float:
        """What the pile left behind offers the opponents to lay off on the table."""
        fits = self.info(spots).fits
        return self.style.open_pile_weight * sum(POINTS[code(c)] for c in pile if fits >> code(c) & 1)

    def after_plan(self, plan: Plan, pile: Sequence[Card]) -> float:
        """The worth of a turn once ``plan`` is played, with ``pile`` left (before the discard)."""
        if len(plan.rest) <= 1:
            return self.out_value(plan.points)
        score, _ = self.best_discard(plan.rest, plan.spots)
        return plan.points + score - self.open_pile(pile, plan.spots)

    def take_value(self, index: int) -> float:
        """The worth of taking the pile from ``index`` up (``-inf`` when the card at ``index``
        cannot be put down)."""
        pile = self.view.discard
        must = pile[index]
        plan = best_plan([*self.view.hand, *pile[index:]], self.spots, must)
        if must not in plan.laid:
            return -math.inf
        return self.after_plan(plan, pile[:index])

    def stock_value(self) -> float:
        """The average worth of the turn over every card the stock may give."""
        pile = self.view.discard
        plan0 = best_plan(list(self.view.hand), self.spots)
        drawable = codes_of(self.unseen_mask)
        if not drawable:
            return self.after_plan(plan0, pile)
        if not plan0.rest:
            return self.out_value(plan0.points)
        info = self.info(plan0.spots)
        rest_mask = mask_of(plan0.rest)
        base_keep = sum(self._value(c, rest_mask, info) for c in codes_of(rest_mask))
        base_best = self._best_discard(rest_mask, info)[0] if len(plan0.rest) >= 2 else -math.inf
        open_pile = self.open_pile(pile, plan0.spots)
        near_rest = 0
        for c in codes_of(rest_mask):
            near_rest |= RELATED[c]
        total = 0.0
        for u in drawable:
            bit = 1 << u
            if info.fits & bit or _makes_meld(u, rest_mask):
                plan = best_plan([*plan0.rest, CARDS[u]], plan0.spots)
                plan.points += plan0.points
                total += self.after_plan(plan, pile)
            elif near_rest & bit or u in info.gap_outs:
                score, _ = self._best_discard(rest_mask | bit, info)
                total += plan0.points + score - open_pile
            else:
                keep_u = self._value(u, bit, info)
                total += plan0.points + max(base_keep - self._feed(u, info), keep_u + base_best) - open_pile
        return total / len(drawable)


def _bits(*codes: int | None) -> int:
    m = 0
    for c in codes:
        if c is not None:
            m |= 1 << c
    return m


def _makes_meld(c: int, mask: int) -> bool:
    """Whether card ``c`` makes a set or a run with cards of ``mask``."""
    mates = mask & RANK_MATES[c]
    if mates & (mates - 1):
        return True
    if not mask & NEAR[c]:
        return False
    suit = c // 13
    for v in values_of(c):
        has = [(x := code_at(v + d, suit)) is not None and bool(mask >> x & 1) for d in (-2, -1, 1, 2)]
        if (has[1] and has[2]) or (has[2] and has[3]) or (has[0] and has[1]):
            return True
    return False


def near(a: Card, b: Card) -> bool:
    """Two cards of one suit within two steps of each other (the ace at both ends)."""
    return bool(NEAR[code(a)] >> code(b) & 1)
