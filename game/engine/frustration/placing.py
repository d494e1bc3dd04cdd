"""Where the wilds taken back this turn can still go, and whether the turn can be finished.

RULES.md section 1, "A turn", step 3: "the wild taken back must be played on the table in the
same turn, anywhere a wild may go: a lay-off or an extra meld laid from the hand that turn."
A discard while such a wild is in hand is refused (``wild_must_be_played``). So that a player
is never left unable to discard, the engine accepts a table move (the take-back included) only
when afterwards ``place_wilds`` still finds a way to finish the turn.

``place_wilds`` searches for table moves, in order, after which every pending wild is on the
table and the hand keeps a card to discard. It is sound (each move it returns is checked with
the meld functions of ``rules``, on the position the moves before it leave) but not
exhaustive: its steps are

- lay off each pending wild where a meld has room for a wild (when the table has room for all
  of them, nothing else is needed);
- an extra meld from the hand holding at least one pending wild: a set of one rank (some of its
  naturals), or a run of one suit (consecutive naturals of the hand, wilds in the gaps and, up
  to the minimum length, at an end);
- a natural of the hand laid off where it makes room for one more wild (on a set of its rank,
  or at a run's end when the run's wilds, not its length, were the limit).

Each step lowers the number of pending wilds the table has no room for, so the search is short.
It is a pure function of the position (hand order included): after playing the first move of
a plan, the search finds the rest of that plan, so a player following it never meets a refusal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from game.engine.base import Move
from game.engine.errors import IllegalMove
from game.engine.pieces import Card, without

from .moves import ExtraMeld, LayOff
from .rules import ACE_HIGH, ENDS, HIGH, LOW, MAX_RUN, RUN, SET, TableMeld, is_wild, lay_off, table_meld

NOBODY = -1
"""Owner of the melds the search lays in its head (the owner never changes where wilds go)."""

Position = tuple[list[Card], list[Card], list[TableMeld]]
"""The mover's hand, the wilds taken back still in it, the table."""


def place_wilds(
    hand: Sequence[Card], pending: Sequence[Card], table: Sequence[TableMeld], run_min: int
) -> list[Move] | None:
    """Table moves (``LayOff``, ``ExtraMeld``), legal one after the other, after which no wild
    of ``pending`` is left in ``hand`` and the hand still holds a card to discard; ``[]`` when
    nothing is pending, ``None`` when no way is found. ``run_min`` is the shortest extra run
    (option ``extra_run_min``)."""
    return _search(list(hand), list(pending), list(table), run_min)


def finishing_problem(
    hand: Sequence[Card], pending: Sequence[Card], table: Sequence[TableMeld], run_min: int
) -> str | None:
    """Why the turn could not be finished from this position, or ``None``: the hand must keep a
    card to discard besides the wilds taken back (``no_card_left_to_discard``), and those wilds
    must have somewhere to go, by lay-offs or extra melds (``no_place_for_wild``)."""
    if len(hand) < len(pending) + 1:
        return "no_card_left_to_discard"
    if pending and _search(list(hand), list(pending), list(table), run_min) is None:
        return "no_place_for_wild"
    return None


def _search(hand: list[Card], pending: list[Card], table: list[TableMeld], run_min: int) -> list[Move] | None:
    if len(hand) < len(pending) + 1:
        return None
    if not pending:
        return []
    if sum(m.wild_room() for m in table) >= len(pending):
        return _lay_off_all(pending, table)
    for move, (rest, still, after) in _steps(hand, pending, table, run_min):
        plan = _search(rest, still, after, run_min)
        if plan is not None:
            return [move, *plan]
    return None


def _lay_off_all(pending: list[Card], table: list[TableMeld]) -> list[Move] | None:
    """Lay-offs of every pending wild where there is room (the table has room for all)."""
    table = list(table)
    moves: list[Move] = []
    for wild in pending:
        for index, meld in enumerate(table):
            if meld.wild_room() <= 0:
                continue
            placed = _try_lay_off(meld, wild)
            if placed is not None:
                table[index], end = placed
                moves.append(LayOff(wild, index, end))
                break
        else:
            return None
    return moves


def _try_lay_off(meld: TableMeld, card: Card) -> tuple[TableMeld, str | None] | None:
    for end in (None,) if meld.kind == SET else (HIGH, LOW):
        try:
            return lay_off(meld, card, end), end
        except IllegalMove:
            continue
    return None


def _steps(
    hand: list[Card], pending: list[Card], table: list[TableMeld], run_min: int
) -> Iterator[tuple[Move, Position]]:
    """The moves the search tries, each with the position it leaves."""
    held = {c.ident for c in pending}
    naturals = [c for c in hand if not is_wild(c)]
    spare = [c for c in hand if is_wild(c) and c.ident not in held]
    for cards in _melds_with_wilds(naturals, pending, spare, run_min):
        run = _is_run(cards)
        try:
            meld = table_meld(NOBODY, cards, RUN if run else SET, run_min if run else 3)
        except IllegalMove:
            continue
        yield ExtraMeld(cards), (without(hand, cards), without(pending, cards), [*table, meld])
    yield from _room_making_lay_offs(hand, naturals, pending, table)


def _is_run(cards: Sequence[Card]) -> bool:
    return len({c.rank for c in cards if not is_wild(c)}) > 1


def _melds_with_wilds(
    naturals: list[Card], pending: list[Card], spare: list[Card], run_min: int
) -> Iterator[tuple[Card, ...]]:
    """Extra melds (table order) holding at least one pending wild: sets first, then runs;
    wilds taken back first, other wilds of the hand only where the meld needs more."""
    by_rank: dict[int, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    for group in by_rank.values():
        for used in range(1, len(group) + 1):
            for wilds in range(max(1, 3 - used), used + 1):
                chosen = _wilds(wilds, pending, spare)
                if chosen is not None:
                    yield (*group[:used], *chosen)
    for suit in sorted({c.suit for c in naturals}):
        yield from _runs_with_wilds([c for c in naturals if c.suit == suit], pending, spare, run_min)


def _wilds(count: int, pending: list[Card], spare: list[Card]) -> list[Card] | None:
    """``count`` wilds, at least one of them pending, pending ones first; ``None`` if short."""
    taken = pending[:count]
    extra = count - len(taken)
    if not taken or extra > len(spare):
        return None
    return [*taken, *spare[:extra]]


def _runs_with_wilds(
    suited: list[Card], pending: list[Card], spare: list[Card], run_min: int
) -> Iterator[tuple[Card, ...]]:
    """Runs of one suit: consecutive naturals of the hand (one per value, an ace low or high),
    wilds in the gaps and, when more are laid, after the high end (before the low one when
    the ace closes it)."""
    by_value: dict[int, Card] = {}
    for card in suited:
        by_value.setdefault(card.rank, card)
        if card.rank == 1:
            by_value.setdefault(ACE_HIGH, card)
    values = sorted(by_value)
    shortest = max(3, run_min)
    for i, low in enumerate(values):
        for j in range(i, len(values)):
            high = values[j]
            span = high - low + 1
            if span > MAX_RUN:
                break
            used = j - i + 1
            gaps = span - used
            for wilds in range(max(1, gaps, shortest - used), used + 1):
                ends = wilds - gaps
                if span + ends > MAX_RUN or ends > (low - 1) + (ACE_HIGH - high):
                    break
                chosen = _wilds(wilds, pending, spare)
                if chosen is None:
                    continue
                yield _lay_out(by_value, low, high, ends, chosen)


def _lay_out(
    by_value: dict[int, Card], low: int, high: int, ends: int, wilds: list[Card]
) -> tuple[Card, ...]:
    """The run from ``low`` to ``high`` (naturals where ``by_value`` has them, wilds in the
    gaps) with ``ends`` more wilds above ``high`` up to the ace, the rest below ``low``."""
    stock = list(wilds)
    middle = [by_value[v] if v in by_value else stock.pop() for v in range(low, high + 1)]
    above = min(ends, ACE_HIGH - high)
    top = [stock.pop() for _ in range(above)]
    bottom = [stock.pop() for _ in range(ends - above)]
    return (*bottom, *middle, *top)


def _room_making_lay_offs(
    hand: list[Card], naturals: list[Card], pending: list[Card], table: list[TableMeld]
) -> Iterator[tuple[Move, Position]]:
    """Lay-offs of a natural of the hand after which the table has room for one more wild."""
    tried: set[tuple[str, int, str | None]] = set()
    for card in naturals:
        for index, meld in enumerate(table):
            for end in _natural_ends(meld, card):
                key = (card.text, index, end)
                if key in tried:
                    continue
                tried.add(key)
                try:
                    grown = lay_off(meld, card, end)
                except IllegalMove:
                    continue
                if grown.wild_room() > meld.wild_room():
                    after = list(table)
                    after[index] = grown
                    yield LayOff(card, index, end), (without(hand, [card]), list(pending), after)


def _natural_ends(meld: TableMeld, card: Card) -> tuple[str | None, ...]:
    if meld.kind == SET:
        return (None,) if card.rank == meld.low else ()
    return tuple(end for end in ENDS if meld.fits_natural(card, end))
