"""Playing cards to the table once the contract is down: lay-offs, extra melds, wild take-backs.

``play_out`` plans the table moves of one turn greedily (every card that can go to the table
goes, keeping at least one card to discard) and returns the moves with the hand and table they
leave. Everything is checked with the engine's own meld functions, and the engine's rule that a
turn must stay finishable (``finishing_problem``) is respected at every step, so the moves of a
plan are legal when played in order. A wild taken back that the greedy moves leave in hand goes
where the engine's own search (``place_wilds``) puts it: a lay-off or an extra meld.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.base import Move
from game.engine.errors import IllegalMove
from game.engine.frustration import ExtraMeld, LayOff, Options, TableMeld, TakeBackWild, is_wild
from game.engine.frustration.placing import finishing_problem, place_wilds
from game.engine.frustration.rules import (
    ACE_HIGH,
    HIGH,
    LOW,
    MAX_RUN,
    RUN,
    SET,
    lay_off,
    rank_of_value,
    table_meld,
    take_back,
)
from game.engine.pieces import SUITS, Card, without


@dataclass
class TablePlan:
    """Table moves for one turn (in order) and the hand and table they leave."""

    moves: list[Move] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    table: list[TableMeld] = field(default_factory=list)
    pending: list[Card] = field(default_factory=list)
    before: list[frozenset[str]] = field(default_factory=list)
    """The idents of the hand before each move."""

    @property
    def left(self) -> int:
        """Cards left in hand."""
        return len(self.hand)


class _Turn:
    """A scratch copy of the mover's hand and the table, changed move by move."""

    def __init__(
        self,
        hand: Sequence[Card],
        table: Sequence[TableMeld],
        seat: int,
        options: Options,
        pending: Sequence[Card],
    ) -> None:
        self.hand = list(hand)
        self.table = list(table)
        self.seat = seat
        self.options = options
        self.pending = list(pending)
        self.moves: list[Move] = []
        self.before: list[frozenset[str]] = []

    def plan(self) -> TablePlan:
        return TablePlan(
            list(self.moves), list(self.hand), list(self.table), list(self.pending), list(self.before)
        )

    def _commit(self, move: Move, hand: list[Card], pending: list[Card], table: list[TableMeld]) -> bool:
        """Record ``move`` and the position it leads to, unless that position can no longer
        finish the turn legally; True when recorded."""
        if finishing_problem(hand, pending, table, self.options.extra_run_min) is not None:
            return False
        self.before.append(frozenset(c.ident for c in self.hand))
        self.moves.append(move)
        self.hand, self.pending, self.table = hand, pending, table
        return True

    def try_lay_off(self, card: Card, index: int, end: str | None) -> bool:
        """Lay ``card`` off on meld ``index`` at ``end`` if legal; True when done."""
        try:
            meld = lay_off(self.table[index], card, end)
        except IllegalMove:
            return False
        hand = without(self.hand, [card])
        pending = without(self.pending, [card])
        table = list(self.table)
        table[index] = meld
        return self._commit(LayOff(card, index, end), hand, pending, table)

    def try_meld(self, cards: Sequence[Card]) -> bool:
        """Lay ``cards`` (table order) as an extra meld if legal; True when done."""
        kind = SET if len({c.rank for c in cards if not is_wild(c)}) == 1 else RUN
        minimum = self.options.extra_run_min if kind == RUN else 3
        try:
            meld = table_meld(self.seat, cards, kind, minimum)
        except IllegalMove:
            return False
        hand = without(self.hand, cards)
        pending = without(self.pending, cards)
        table = [*self.table, meld]
        return self._commit(ExtraMeld(tuple(cards)), hand, pending, table)

    def try_take_back(self, card: Card, index: int, position: int) -> bool:
        """Take back the wild at ``position`` of run ``index`` with ``card``; True when done."""
        try:
            meld, wild = take_back(self.table[index], position, card)
        except IllegalMove:
            return False
        hand = [*without(self.hand, [card]), wild]
        pending = [*self.pending, wild]
        table = list(self.table)
        table[index] = meld
        return self._commit(TakeBackWild(card, index, position), hand, pending, table)


# --------------------------------------------------------------------------------------------
# Where a card fits


def natural_spots(card: Card, table: Sequence[TableMeld]) -> list[tuple[int, str | None]]:
    """Where the natural ``card`` could be laid off: (meld index, end), runs first."""
    runs: list[tuple[int, str | None]] = []
    sets: list[tuple[int, str | None]] = []
    for i, meld in enumerate(table):
        if meld.kind == SET:
            if card.rank == meld.low:
                sets.append((i, None))
        elif card.suit == meld.suit and len(meld.cards) < MAX_RUN:
            if meld.fits_natural(card, LOW):
                runs.append((i, LOW))
            if meld.fits_natural(card, HIGH):
                runs.append((i, HIGH))
    return runs + sets


def fits_table(card: Card, table: Sequence[TableMeld]) -> bool:
    """True when ``card`` could be laid off somewhere on ``table`` now."""
    if is_wild(card):
        return any(m.wild_room() > 0 for m in table)
    return bool(natural_spots(card, table))


def _wild_spots(
    table: Sequence[TableMeld], hand: Sequence[Card], avoid_runs: bool
) -> list[tuple[int, str | None]]:
    """Where a wild could go, best first: a run end that lets a natural of ``hand`` follow,
    then sets (a wild in a set can never be taken back by an opponent), then run ends."""
    bridges: list[tuple[int, str | None]] = []
    sets: list[tuple[int, str | None]] = []
    ends: list[tuple[int, str | None]] = []
    faces = {(c.rank, c.suit) for c in hand if not is_wild(c)}
    for i, meld in enumerate(table):
        if meld.wild_room() <= 0:
            continue
        if meld.kind == SET:
            sets.append((i, None))
            continue
        open_low, open_high = meld.open_ends()
        if open_low:
            beyond = meld.low - 2
            if beyond >= 1 and (rank_of_value(beyond), meld.suit) in faces:
                bridges.append((i, LOW))
            else:
                ends.append((i, LOW))
        if open_high:
            beyond = meld.high + 2
            if beyond <= ACE_HIGH and (rank_of_value(beyond), meld.suit) in faces:
                bridges.append((i, HIGH))
            else:
                ends.append((i, HIGH))
    return bridges + sets + ([] if avoid_runs else ends)


# --------------------------------------------------------------------------------------------
# Extra melds from the hand


def best_extra_meld(hand: Sequence[Card], run_min: int, use_wilds: bool = True) -> tuple[Card, ...] | None:
    """The extra meld (table order) taking the most naturals from ``hand``, with as few wilds
    as the ratio and the minimum length need (runs may also bridge a gap with a wild)."""
    naturals = [c for c in hand if not is_wild(c)]
    wilds = [c for c in hand if is_wild(c)] if use_wilds else []
    best: tuple[int, int, tuple[Card, ...]] | None = None
    by_rank: dict[int, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    for cards in by_rank.values():
        n = len(cards)
        need = max(0, 3 - n)
        if need <= len(wilds) and need <= n:
            meld = (*cards, *wilds[:need])
            key = (n, -need)
            if best is None or key > best[:2]:
                best = (n, -need, meld)
    for suit in SUITS:
        found = _best_run(naturals, wilds, suit, max(run_min, 3))
        if found is not None:
            n, w, meld = found
            if best is None or (n, -w) > best[:2]:
                best = (n, -w, meld)
    return None if best is None else best[2]


def _best_run(
    naturals: Sequence[Card], wilds: Sequence[Card], suit: str, minimum: int
) -> tuple[int, int, tuple[Card, ...]] | None:
    """(naturals used, wilds used, cards) of the run of ``suit`` using the most naturals,
    wilds bridging its gaps (or padding an end up to ``minimum``)."""
    by_value: dict[int, Card] = {}
    for card in naturals:
        if card.suit == suit:
            by_value.setdefault(card.rank, card)
            if card.rank == 1:
                by_value.setdefault(ACE_HIGH, card)
    if len(by_value) < 2:
        return None
    best: tuple[int, int, tuple[Card, ...]] | None = None
    for start in sorted(by_value):
        cards: list[Card | None] = []
        n = w = 0
        # a run spans at most 13 values, so one ace never stands at both ends
        for value in range(start, min(ACE_HIGH, start + MAX_RUN - 1) + 1):
            card = by_value.get(value) if value != 2 else None
            if card is None:
                if w >= len(wilds):
                    break
                cards.append(None)
                w += 1
                continue
            cards.append(card)
            n += 1
            if len(cards) >= minimum and w <= n and (best is None or (n, -w) > (best[0], -best[1])):
                best = (n, w, _fill(cards, wilds))
    if best is None:
        best = _run_with_end_wilds(by_value, wilds, minimum)
    return best


def _fill(cards: Sequence[Card | None], wilds: Sequence[Card]) -> tuple[Card, ...]:
    spare = list(wilds)
    return tuple(c if c is not None else spare.pop() for c in cards)


def _run_with_end_wilds(
    by_value: dict[int, Card], wilds: Sequence[Card], minimum: int
) -> tuple[int, int, tuple[Card, ...]] | None:
    """Two or more consecutive naturals padded with wilds at an end up to ``minimum``."""
    for start in range(1, ACE_HIGH):
        n = 0
        value = start
        while value <= ACE_HIGH and value in by_value and value != 2:
            n += 1
            value += 1
        need = minimum - n
        if n < 2 or need > len(wilds) or need > n or n >= minimum:
            continue
        run: list[Card | None] = [by_value[v] for v in range(start, start + n)]
        if start + n - 1 + need <= ACE_HIGH:
            run += [None] * need
        elif start - need >= 1:
            run = [None] * need + run
        else:
            continue
        return n, need, _fill(run, wilds)
    return None


# --------------------------------------------------------------------------------------------
# The greedy plan


def play_out(
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    seat: int,
    options: Options,
    pending: Sequence[Card] = (),
    *,
    take_backs: bool = True,
    lay_offs: bool = True,
    wild_lay_offs: bool = True,
) -> TablePlan:
    """Greedy table moves for a player whose contract is down: as many cards from the hand to
    the table as possible, keeping at least one to discard. Two orders are tried (extra melds
    first, lay-offs first) and the one leaving fewer cards (then fewer points) is kept. The
    flags switch off kinds of moves (weaker players)."""
    results = []
    for melds_first in (True, False):
        turn = _Turn(hand, table, seat, options, pending)
        _greedy(turn, melds_first, take_backs and options.wild_takeback, lay_offs, wild_lay_offs)
        _place_pending(turn)
        results.append(turn.plan())
    return min(results, key=lambda p: (p.left, _points(p.hand), len(p.moves)))


def _points(cards: Sequence[Card]) -> int:
    return sum(50 if is_wild(c) else 15 if c.rank == 1 else 10 if c.rank >= 10 else 5 for c in cards)


def _greedy(turn: _Turn, melds_first: bool, take_backs: bool, lay_offs: bool, wild_lay_offs: bool) -> None:
    while True:
        changed = False
        if melds_first:
            changed |= _extra_melds(turn)
        if lay_offs:
            changed |= _natural_lay_offs(turn)
        if not melds_first:
            changed |= _extra_melds(turn)
        if take_backs:
            changed |= _take_backs(turn)
        if wild_lay_offs or turn.pending:
            changed |= _wild_lay_offs(turn, pending_only=not wild_lay_offs)
        if not changed:
            return


def _place_pending(turn: _Turn) -> None:
    """Play the wilds taken back that are still in hand as the engine's search places them
    (every position a plan reaches can still finish the turn, so the search finds a way)."""
    if not turn.pending:
        return
    for move in place_wilds(turn.hand, turn.pending, turn.table, turn.options.extra_run_min) or []:
        if isinstance(move, ExtraMeld):
            done = turn.try_meld(move.cards)
        else:
            assert isinstance(move, LayOff)
            done = turn.try_lay_off(move.card, move.meld, move.end)
        if not done:
            return


def _natural_lay_offs(turn: _Turn) -> bool:
    changed = False
    progress = True
    while progress:
        progress = False
        for card in list(turn.hand):
            if is_wild(card) or len(turn.hand) <= 1 + len(turn.pending):
                continue
            for index, end in natural_spots(card, turn.table):
                if turn.try_lay_off(card, index, end):
                    progress = changed = True
                    break
    return changed


def _extra_melds(turn: _Turn) -> bool:
    changed = False
    while len(turn.hand) > 3:
        meld = best_extra_meld(turn.hand, turn.options.extra_run_min)
        if meld is None or len(turn.hand) - len(meld) < 1 or not turn.try_meld(meld):
            break
        changed = True
    return changed


def _take_backs(turn: _Turn) -> bool:
    """Take back run wilds with naturals from the hand (the wild then has to be played)."""
    changed = False
    for index, meld in enumerate(turn.table):
        if meld.kind != RUN:
            continue
        for position, wanted in enumerate(meld.stand_ins()):
            if wanted is None:
                continue
            card = next((c for c in turn.hand if not is_wild(c) and c.text == wanted), None)
            if card is None or len(turn.hand) <= 1 + len(turn.pending):
                continue
            if turn.try_take_back(card, index, position):
                changed = True
                _wild_lay_offs(turn, pending_only=True)
    return changed


def _wild_lay_offs(turn: _Turn, pending_only: bool) -> bool:
    changed = False
    for card in list(turn.pending if pending_only else [c for c in turn.hand if is_wild(c)]):
        if len(turn.hand) <= 1 + len(turn.pending) and card.ident not in {p.ident for p in turn.pending}:
            continue
        for index, end in _wild_spots(turn.table, turn.hand, avoid_runs=False):
            if turn.try_lay_off(card, index, end):
                changed = True
                break
    return changed
