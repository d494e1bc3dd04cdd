"""The search behind ``solver.best_play``: an exact dynamic programme over the tile numbers.

Vocabulary (see docs/solver.md for the full argument):

* A *position* is a place in the number line that a tile can stand for: 1 to 13, and 14 (a 1
  laid after 13) when the ace may follow 13.
* The table is rebuilt position by position, colour by colour. Between two positions, the
  *run state* of a colour is the sorted tuple of the lengths of its runs still open (a run of
  length 3 stands for "3 or more": it may stop there). A run of length 1 or 2 must go on.
* At a position, each colour chooses how many of its tiles it uses (every table tile, any
  number of rack tiles), how many go to the position's groups, and how many stars it uses in
  its runs; then the position's groups take their stars and must split into legal groups.
* A play is scored ``BIG * tiles + points`` over the whole new table; the table's tiles are
  a constant part of that, so the best score is the play placing the most rack tiles, then
  the one adding the most points.

The search is a depth-first branch and bound over that graph with a memo: a node's exact best
is stored once known; when a node is cut off by the bound, the upper bound it proved is stored
instead, and reused while it still cuts (also for the weaker nodes it dominates). The bound is
each colour's best alone (``_Search.shares``) with the stars shared out; the tile counts are
first narrowed by ``_solver_limits.deduce_limits``; the search asks for as many tiles as the
bound allows and lowers its demand only by what each failed pass proves.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ._solver_limits import deduce_limits
from ._solver_stars import StarDemand, StarLedger

BIG = 1024
"""Weight of one tile in the score; more than the points of every tile together (728 for
the numbered tiles, 50 for two stars at 25)."""
STAR_PENALTY = 25
"""What a star left on a rack costs: its worth in the tie-break after opening."""
NEG = -(10**9)
COLOUR_COUNT = 4
MAX_RUNS = 4
"""Open runs of one colour at once: two copies plus two stars."""
RELAXED_RUNS = 2
"""Open runs of one colour the bound follows (see ``relaxed_options``)."""
STATE_BITS = 6
ACE_SHIFT = STATE_BITS * COLOUR_COUNT
OWED_SHIFT = 96
"""Where the demands still owed (``_solver_stars``) sit in a node's key, above everything else."""


@dataclass(frozen=True)
class RuleSet:
    """What the search needs to know of the rules."""

    runs: bool = True
    groups: bool = True
    ace_after_13: bool = False
    mixed_colour_runs: bool = False

    @property
    def top(self) -> int:
        """The highest position: 14 when a 1 may follow 13."""
        return 14 if self.ace_after_13 and self.runs else 13


@dataclass(frozen=True)
class Counts:
    """Tiles by position and colour: ``table[n][c]`` must all be used, ``rack[n][c]`` may be.

    Index ``n`` runs over 1-13 (index 0 unused); position 14 shares the 1s of index 1.
    """

    table: tuple[tuple[int, ...], ...]
    rack: tuple[tuple[int, ...], ...]
    table_stars: int
    rack_stars: int


@dataclass(frozen=True)
class Step:
    """The choice of one colour at one position: ``used`` natural tiles, ``grouped`` of them
    in groups, ``stars`` in runs."""

    used: int
    grouped: int
    stars: int


@dataclass
class Solution:
    """The best arrangement found: per position, each colour's ``Step`` and the stars in the
    position's groups (and, for mixed-colour runs, in its runs); ``score`` as in ``solve``."""

    score: int
    steps: dict[int, list[Step]]
    group_stars: dict[int, int]
    run_stars: dict[int, int] = field(default_factory=dict)


# --- run states --------------------------------------------------------------------------


def _all_run_states() -> list[tuple[int, ...]]:
    states: list[tuple[int, ...]] = []
    for size in range(MAX_RUNS + 1):
        states.extend(itertools.combinations_with_replacement((1, 2, 3), size))
    return states


RUN_STATES: list[tuple[int, ...]] = _all_run_states()
STATE_INDEX: dict[tuple[int, ...], int] = {s: i for i, s in enumerate(RUN_STATES)}
CLOSED: tuple[bool, ...] = tuple(all(x == 3 for x in s) for s in RUN_STATES)
"""Run states in which every open run may stop (a legal end of the number line)."""


def _trimmed(state: tuple[int, ...], room: int) -> int:
    must = sum(1 for x in state if x < 3)
    keep = max(0, min(len(state) - must, room - must))
    return STATE_INDEX[tuple(x for x in state if x < 3) + (3,) * keep]


TRIMMED: tuple[tuple[int, ...], ...] = tuple(
    tuple(_trimmed(s, room) for room in range(7)) for s in RUN_STATES
)
"""``TRIMMED[state][room]``: the state without the runs of 3 or more that cannot go on when
the next position has only ``room`` tiles (and stars) for runs. Such runs can only stop, so
the two states have the same future: the search keeps one of them."""


def _stronger(state: tuple[int, ...]) -> tuple[int, ...]:
    """States one step stronger than ``state``: one run a tile longer, or one more run of 3 or
    more. A stronger state can do whatever ``state`` can (the longer run follows the same path,
    the extra run stops at once), so its best score is at least as high."""
    found = set()
    for i, length in enumerate(state):
        if length < 3:
            found.add(tuple(sorted((*state[:i], length + 1, *state[i + 1 :]))))
    if len(state) < MAX_RUNS:
        found.add(tuple(sorted((*state, 3))))
    return tuple(STATE_INDEX[s] for s in sorted(found))


STRONGER: tuple[tuple[int, ...], ...] = tuple(_stronger(s) for s in RUN_STATES)
STRONGER_DELTA: tuple[tuple[int, ...], ...] = tuple(
    tuple(better - state for better in STRONGER[state]) for state in range(len(RUN_STATES))
)
"""How a node's key changes when one colour's run state is replaced by a stronger one."""
FEWER_STAR = 32 << 47
"""How a node's key changes with one star more used (see ``_Search.key``)."""


def next_run_state(state: tuple[int, ...], in_runs: int) -> tuple[int, ...] | None:
    """The run state after ``in_runs`` tiles of this colour (naturals and stars) go to its
    runs at the next position, or ``None`` when that cannot be.

    Runs of length 1 or 2 must take a tile. The other tiles first lengthen runs of 3 or more
    (the rest of those stop), then start new runs. Never does a run stop where another of the
    same colour starts: joining them is a legal run too, and keeps more freedom.
    """
    must = sum(1 for x in state if x < 3)
    if in_runs < must:
        return None
    longs = len(state) - must
    extra = in_runs - must
    going_on = min(extra, longs)
    fresh = extra - going_on
    new = [min(x + 1, 3) for x in state if x < 3] + [3] * going_on + [1] * fresh
    if len(new) > MAX_RUNS:
        return None
    return tuple(sorted(new))


NO_LIMIT = (0, 2, 0, 2)


@functools.cache
def colour_options(
    state: int,
    table: int,
    rack: int,
    stars: int,
    runs: bool,
    groups: bool,
    limit: tuple[int, int, int, int] = NO_LIMIT,
) -> tuple[tuple[int, int, int, int, int], ...]:
    """Every choice of a colour in run state ``state`` at a position where it has ``table``
    tiles to use and ``rack`` tiles it may use, with up to ``stars`` stars for its runs;
    ``limit`` = (fewest, most in groups, fewest, most in runs) from ``deduce_limits``.

    Each choice is ``(next_state, grouped, used, stars_used, tiles)``, best-looking first
    (most tiles, then fewest stars, then fewest in groups).
    """
    low_group, high_group, low_run, high_run = limit
    current = RUN_STATES[state]
    found = []
    for used in range(table, table + rack + 1):
        for grouped in range(used + 1) if groups else (0,):
            if not low_group <= grouped <= high_group or not low_run <= used - grouped <= high_run:
                continue
            for star_count in range(stars + 1) if runs else (0,):
                in_runs = used - grouped + star_count
                if not runs and in_runs:
                    continue
                after = next_run_state(current, in_runs)
                if after is None:
                    continue
                found.append((STATE_INDEX[after], grouped, used, star_count, used + star_count))
    found.sort(key=lambda o: (-o[4], o[3], o[1]))
    return tuple(found)


@functools.cache
def relaxed_options(
    state: int,
    table: int,
    rack: int,
    stars: int,
    runs: bool,
    group_cost: tuple[int, ...],
    halves: int,
    limit: tuple[int, int, int, int],
    every_count: bool = False,
) -> tuple[tuple[int, int, int], ...]:
    """The choices of ``colour_options`` as the bound sees them: ``(next_state, cost,
    naturals)`` where ``cost`` is in half stars (2 per star in a run, ``group_cost[grouped]``
    for the group tiles); only the best ones (no other reaches the same state for less cost
    with as many naturals). With ``every_count`` (the 1s under the ace after 13, where a 1
    used at position 1 is a 1 missing at position 14) a choice only hides another with the
    same number of naturals.

    From a state of at most two runs, no choice opens a third one: whatever a colour's runs
    do with three or four runs at once (stars make them possible), two at a time can do with
    the same numbered tiles and no more stars (checked exhaustively on every number line up
    to 12 places and from every state of up to two runs; docs/solver.md), and the bound
    counts every spare star anyway. This keeps the bound's tables small."""
    found: dict[tuple[int, int], int] = {}
    each: set[tuple[int, int, int]] = set()
    widest = RELAXED_RUNS if len(RUN_STATES[state]) <= RELAXED_RUNS else MAX_RUNS
    for nxt, grouped, natural, star_count, _tiles in colour_options(
        state, table, rack, stars, runs, True, limit
    ):
        if len(RUN_STATES[nxt]) > widest:
            continue
        cost = 2 * star_count + group_cost[grouped]
        if cost >= halves:
            continue
        if every_count:
            each.add((nxt, cost, natural))
        elif found.get((nxt, cost), -1) < natural:
            found[(nxt, cost)] = natural
    if every_count:
        return tuple(
            (nxt, cost, natural)
            for nxt, cost, natural in each
            if not any(n2 == nxt and c2 < cost and v2 == natural for n2, c2, v2 in each)
        )
    kept = [
        (nxt, cost, natural)
        for (nxt, cost), natural in found.items()
        if not any(n2 == nxt and c2 < cost and v2 >= natural for (n2, c2), v2 in found.items())
    ]
    return tuple(kept)


# --- groups ------------------------------------------------------------------------------


def split_groups(per_colour: Sequence[int], stars: int) -> list[list[int]] | None:
    """Legal groups made of ``per_colour[c]`` tiles of colour ``c`` and ``stars`` stars: a
    list of groups, each a list of colour indices with -1 for a star, or ``None``.

    Every group has 3 or 4 tiles of different colours and at least one natural tile.
    """
    copies = [c for c, n in enumerate(per_colour) for _ in range(n)]
    if not copies and not stars:
        return []
    total = len(copies) + stars
    for count in range(1, total // 3 + 1):
        if total > 4 * count:
            continue
        groups: list[list[int]] = [[] for _ in range(count)]
        if _place_copies(copies, 0, groups, stars):
            _place_stars(groups, stars)
            return groups
    return None


def _place_copies(copies: list[int], i: int, groups: list[list[int]], stars: int) -> bool:
    """Put the natural copies in groups (one of a colour per group), so that every group has
    one and the stars can bring each to 3 or 4 tiles."""
    if i == len(copies):
        short = sum(max(0, 3 - len(g)) for g in groups)
        room = sum(4 - len(g) for g in groups)
        return all(groups) and short <= stars <= room
    colour = copies[i]
    tried_empty = False
    for g in groups:
        if colour in g or len(g) == 4:
            continue
        if not g:
            if tried_empty:
                continue
            tried_empty = True
        g.append(colour)
        if _place_copies(copies, i + 1, groups, stars):
            return True
        g.pop()
    return False


def _place_stars(groups: list[list[int]], stars: int) -> None:
    """Fill groups up to 3 with stars, then put the spare stars into groups of 3."""
    for g in groups:
        while len(g) < 3:
            g.append(-1)
            stars -= 1
    for g in groups:
        while len(g) < 4 and stars:
            g.append(-1)
            stars -= 1


def group_faces(group: list[int], number: int) -> list[tuple[int, int] | None]:
    """A group laid so that it reads as a group (the engine takes the reading worth more, a
    run on equal points): one numbered tile and two stars go ``* * K5`` (a run there would be
    worth 3 less), a 1 between its stars (``* K1 *`` reads as no run at all)."""
    naturals: list[tuple[int, int] | None] = [(c, number) for c in group if c >= 0]
    stars: list[tuple[int, int] | None] = [None for c in group if c < 0]
    if len(stars) == 2 and len(naturals) == 1:
        return [None, naturals[0], None] if number == 1 else [None, None, naturals[0]]
    if len(stars) == 2:
        return [None, naturals[0], None, *naturals[1:]]
    return naturals + stars


@functools.cache
def group_feasible(summary: int, stars: int) -> bool:
    """Whether a position's group tiles plus ``stars`` stars split into legal groups;
    ``summary`` = (colours giving one tile) + 5 * (colours giving two)."""
    ones, twos = summary % 5, summary // 5
    return split_groups([2] * twos + [1] * ones, stars) is not None


GROUP_STEP = (0, 1, 5)
"""How a colour giving 0, 1 or 2 tiles to the groups moves the group summary."""


def score_tables(star_points: int | None) -> tuple[list[int], list[int], list[int], int]:
    """The search's scores by position 0-15 (14 is the 1 after 13): each position's points,
    a natural tile's score there (``BIG`` plus its points), a star's score there, and a spare
    star's score. ``star_points`` ``None``: a star scores the number it stands for (a spare
    one 13, the most it may be worth)."""
    points_at = [0, *range(1, 14), 1, 0]
    weight = [BIG + p for p in points_at]
    if star_points is None:
        return points_at, weight, list(weight), BIG + 13
    return points_at, weight, [BIG + star_points] * 16, BIG + star_points


def tiles_at(counts: Counts, top: int, pos: int, colour: int, at_one: int) -> tuple[int, int]:
    """Tiles of ``colour`` at ``pos``: (to use, may use). With the ace after 13 (``top`` 14)
    a 1 may stand at 1 or at 14: nothing is owed at 1, and at 14 what the table's 1s still
    owe once ``at_one`` of them were used at 1."""
    if pos == 14:
        table = counts.table[1][colour]
        left = table + counts.rack[1][colour] - at_one
        must = max(0, table - at_one)
        return must, left - must
    table, rack = counts.table[pos][colour], counts.rack[pos][colour]
    if pos == 1 and top == 14:
        return 0, table + rack
    return table, rack


# --- the search --------------------------------------------------------------------------


class WorkLimitReached(Exception):
    """A search visited the nodes it was given (``Work.limit``) before proving its answer."""


@dataclass
class Work:
    """The search nodes one solver call may visit (``limit``, ``None`` for no limit) and the
    nodes visited so far, shared by every search of the call. A node costs about the same
    whatever the load of the machine, so a limit in nodes bounds a call's time without making
    its answer depend on the clock."""

    limit: int | None = None
    nodes: int = 0

    @property
    def cap(self) -> int:
        """The node count past which a search stops (``WorkLimitReached``)."""
        return self.limit if self.limit is not None else 1 << 62


def solve(
    counts: Counts,
    rules: RuleSet,
    *,
    opening_minimum: int = 0,
    star_points: int | None = STAR_PENALTY,
    stars: tuple[StarDemand, ...] = (),
    accept: Callable[[Solution], bool] | None = None,
    work: Work | None = None,
) -> Solution | None:
    """The arrangement of all table tiles and some rack tiles with the highest score (runs of
    one colour; ``_solver_mixed`` searches mixed-colour runs).

    The score is ``BIG`` per tile plus each tile's points: its number, and for a star
    ``star_points``, or (``None``) the number it stands for where it lies. With
    ``opening_minimum`` > 0 only arrangements worth at least that many points (stars at the
    number they stand for) count, and ``None`` means there is none. ``stars``: the table
    stars' places at the start of the turn; each keeps its place or is freed.

    ``accept``: with ``stars``, the best arrangement is first searched without them; when
    ``accept`` says its stars can be given out by the rule, that is the answer (nothing the
    rule allows can score more). Otherwise the search goes on under the rule, starting from
    that score as its ceiling and from every bound the first search proved.

    ``work``: the nodes the search may visit; past its limit it raises ``WorkLimitReached``.
    """
    if rules.mixed_colour_runs:
        raise ValueError("mixed-colour runs are searched by _solver_mixed")
    search = _Search(counts, rules, opening_minimum, star_points, stars, work)
    if not stars or accept is None:
        return search.run(search.owed)
    free = search.run(0)
    if free is None or accept(free):
        return free
    return search.run(search.owed, ceiling=free.score)


GROUP_FEASIBLE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(group_feasible(summary, stars) for stars in range(3)) for summary in range(25)
)


MAX_STARS = 2


def _combine(a: Sequence[int], b: Sequence[int], size: int) -> list[int]:
    """``c[u] = max(a[v] + b[u - v])`` for ``u < size``: two budget tables merged (the best
    split of ``u`` half stars between them)."""
    out = []
    for u in range(size):
        best = a[0] + b[u]
        for v in range(1, u + 1):
            x = a[v] + b[u - v]
            if x > best:
                best = x
        out.append(best)
    return out


class _Search:
    """One search. A node is ``(pos, colour, prof, groups, stars_used, points)``:

    ``prof`` packs each colour's run state (``STATE_BITS`` bits each; the colours before
    ``colour`` are already past ``pos``, the others not yet) and, when the ace may follow 13,
    how many 1s each colour used at position 1 (2 bits each, from ``ACE_SHIFT``). ``groups``
    is the group summary of ``pos`` so far; ``points`` the points so far, capped at the opening
    minimum (always 0 outside openings). The last colour's choices also settle the position's
    groups (their stars) and lead straight to the next position.

    The bound of a node is the sum of each colour's best score alone from its run state
    (``shares``), the spare stars shared out among the colours the best way, plus every spare
    star's own score; a child's bound is worked out in its parent from the one colour that
    changed, so that hopeless children cost no call.
    """

    def __init__(
        self,
        counts: Counts,
        rules: RuleSet,
        opening_minimum: int,
        star_points: int | None,
        demands: tuple[StarDemand, ...] = (),
        work: Work | None = None,
    ) -> None:
        self.counts = counts
        self.rules = rules
        self.minimum = opening_minimum
        self.top = rules.top
        self.work = work if work is not None else Work()
        self.cap = self.work.cap
        self.ledger = StarLedger(demands, self.top) if demands else None
        self.owed = self.ledger.full if self.ledger else 0
        self.run_bits = [
            sum(1 << i for i, d in enumerate(demands) if d.kind == "run" and d.colour == c)
            for c in range(COLOUR_COUNT)
        ]
        """Per colour, the demands of its runs' stars: met only by that colour's own choices
        (a star in its runs, or its tile, at the star's number), so its share of the bound
        can follow them exactly (``shares_owing``)."""
        self.all_run_bits = sum(self.run_bits)
        self.alone_owing: dict[int, tuple[int, ...]] = {}
        self.stars = counts.table_stars + counts.rack_stars
        self.points_at, self.weight, self.star_gain, self.star_weight = score_tables(star_points)
        self.exact: dict[int, int] = {}
        self.upper: dict[int, int] = {}
        self.choice: dict[int, tuple[tuple[int, ...], tuple[int, ...] | None]] = {}
        avail = [[0] * COLOUR_COUNT for _ in range(16)]
        for n in range(1, 14):
            for c in range(COLOUR_COUNT):
                avail[n][c] = counts.table[n][c] + counts.rack[n][c]
        limits = deduce_limits(
            counts.table, counts.rack, self.stars, rules.runs, rules.groups, rules.ace_after_13 and rules.runs
        )
        self.limit = [
            [
                limits.at(n, c) if 1 <= n <= 13 and not (n == 1 and self.top == 14) else NO_LIMIT
                for c in range(COLOUR_COUNT)
            ]
            for n in range(16)
        ]
        group_room = [
            [limits.high_group[n][c] if 1 <= n <= 13 else 0 for c in range(COLOUR_COUNT)] for n in range(16)
        ]
        if self.top == 14:
            group_room[1] = avail[1]
        self.group_cost = [
            [self.partner_cost(group_room[n], c, n) for c in range(COLOUR_COUNT)] for n in range(16)
        ]
        self.run_room = [
            [min(limits.high_run[n][c], avail[n][c]) if 1 <= n <= 13 else 0 for c in range(COLOUR_COUNT)]
            for n in range(16)
        ]
        if self.top == 14:
            self.run_room[1] = list(avail[1])
            self.run_room[14] = list(avail[1])
        self.halves = 2 * min(self.stars, MAX_STARS) + 1
        """Star budgets of the bound are counted in half stars, 0 to 2 per star."""
        self.alone: list[list[tuple[int, ...] | None]] = [[None] * (3 * 16 * 64) for _ in range(COLOUR_COUNT)]
        self.merged: dict[int, list[int]] = {}
        self.star_tables: dict[int, list[tuple[int, int, int, int]]] = {}
        self.option_cache: list[dict[int, tuple[tuple[int, int, int, int, int], ...]]] = [
            {} for _ in range(16 * COLOUR_COUNT)
        ]
        self.budget_size = [min(2 * spare, self.halves - 1) + 1 for spare in range(self.stars + 1)]
        """Entries of the budget tables a node needs, by spare stars."""

    def partner_cost(self, here: Sequence[int], colour: int, pos: int) -> tuple[int, ...]:
        """For 0, 1, 2 tiles of ``colour`` in groups at ``pos``: the half stars the bound
        charges them (the stars their groups need beyond the natural partners there are, half
        a star each), or a large cost when they cannot be grouped at all."""
        if not self.rules.groups or pos > 13:
            return (0, 99, 99)
        costs = [0]
        for grouped in (1, 2):
            partners = sum(min(here[c], grouped) for c in range(COLOUR_COUNT) if c != colour)
            costs.append(max(0, 2 * grouped - partners))
        return tuple(costs)

    # -- the relaxation -------------------------------------------------------------------

    def shares(self, colour: int, pos: int, state: int, ones: int = 0) -> tuple[int, ...]:
        """The best score of ``colour``'s natural tiles alone from run state ``state`` before
        ``pos`` on, for a budget of 0 to 4 half stars: a star in one of its runs costs 2, a
        group tile costs its ``partner_cost``. Upper bounds on its part of any arrangement.
        ``ones``: how many of its 1s the colour used at position 1 (ace after 13 only)."""
        memo = self.alone[colour]
        key = ((ones * 16) + pos) * 64 + state
        known = memo[key]
        if known is not None:
            return known
        if pos > self.top:
            value = (0,) * self.halves if CLOSED[state] else (NEG,) * self.halves
        else:
            table, rack = self.availability(pos, colour, ones << (ACE_SHIFT + 2 * colour))
            weight = self.weight[pos]
            halves = self.halves
            best = [NEG] * halves
            options = relaxed_options(
                state,
                table,
                rack,
                min(self.stars, MAX_STARS),
                self.rules.runs,
                self.group_cost[pos][colour],
                halves,
                self.limit[pos][colour],
                pos == 1 and self.top == 14,
            )
            low_one = pos == 1 and self.top == 14
            trim = TRIMMED
            room = self.run_room[pos + 1][colour] + min(self.stars, MAX_STARS)
            row = pos + 1
            for nxt, cost, natural in options:
                nxt = trim[nxt][room]
                after = natural if low_one else ones
                rest = memo[((after * 16) + row) * 64 + nxt] or self.shares(colour, row, nxt, after)
                gain = natural * weight
                if halves == 1:
                    if gain + rest[0] > best[0]:
                        best[0] = gain + rest[0]
                    continue
                for budget in range(cost, halves):
                    if gain + rest[budget - cost] > best[budget]:
                        best[budget] = gain + rest[budget - cost]
            value = tuple(v if v > NEG // 2 else NEG for v in best)
        memo[key] = value
        return value

    def shares_owing(self, colour: int, pos: int, state: int, ones: int, pend: int) -> tuple[int, ...]:
        """``shares`` for a colour that still owes the run-star demands ``pend``: only paths
        that meet them count. Every choice is followed (no two-run relaxation, no pruning of
        dominated choices), so the values stay upper bounds."""
        key = ((((pend * 4 + ones) * 16 + pos) * 64 + state) << 2) | colour
        known = self.alone_owing.get(key)
        if known is not None:
            return known
        ledger = self.ledger
        assert ledger is not None
        halves = self.halves
        if pos > self.top or pend & ledger.due_by[pos - 1]:
            value = (NEG,) * halves
        else:
            table, rack = self.availability(pos, colour, ones << (ACE_SHIFT + 2 * colour))
            weight = self.weight[pos]
            best = [NEG] * halves
            group_cost = self.group_cost[pos][colour]
            options = colour_options(
                state, table, rack, min(self.stars, MAX_STARS), self.rules.runs, True, self.limit[pos][colour]
            )
            low_one = pos == 1 and self.top == 14
            room = self.run_room[pos + 1][colour] + min(self.stars, MAX_STARS)
            row = pos + 1
            settles = ledger.touches(pos, colour)
            for nxt, grouped, natural, star_count, _tiles in options:
                cost = 2 * star_count + group_cost[grouped]
                if cost >= halves:
                    continue
                nxt = TRIMMED[nxt][room]
                after = natural if low_one else ones
                gain = natural * weight
                for left in (
                    ledger.after_colour(pend, pos, colour, natural, star_count) if settles else (pend,)
                ):
                    if left:
                        rest = self.shares_owing(colour, row, nxt, after, left)
                    else:
                        rest = self.alone[colour][((after * 16) + row) * 64 + nxt] or self.shares(
                            colour, row, nxt, after
                        )
                    for budget in range(cost, halves):
                        if gain + rest[budget - cost] > best[budget]:
                            best[budget] = gain + rest[budget - cost]
            value = tuple(v if v > NEG // 2 else NEG for v in best)
        self.alone_owing[key] = value
        return value

    def availability(self, pos: int, colour: int, prof: int) -> tuple[int, int]:
        """Tiles of ``colour`` at ``pos``: (to use, may use)."""
        return tiles_at(self.counts, self.top, pos, colour, (prof >> (ACE_SHIFT + 2 * colour)) & 3)

    def merged_shares(
        self, pos: int, colour: int, prof: int, skip: int, size: int, owed: int = 0
    ) -> list[int]:
        """The shares of every colour but ``skip`` merged: entry ``u < size`` is their best
        total with ``u`` half stars between them. ``owed``: the demands still owed (the run
        stars' ones bound their colours' shares)."""
        if skip >= 0:
            prof &= ~(63 << (STATE_BITS * skip))
            owed &= ~self.run_bits[skip]
        owed &= self.all_run_bits
        key = (((prof * 16 + pos) * 8 + colour) * 8 + skip + 1) * 8 + size
        if owed:
            key |= owed << OWED_SHIFT
        known = self.merged.get(key)
        if known is not None:
            return known
        merged: list[int] | None = None
        alone = self.alone
        for c in range(COLOUR_COUNT):
            if c == skip:
                continue
            at = pos + 1 if c < colour else pos
            state = (prof >> (STATE_BITS * c)) & 63
            ones = (prof >> (ACE_SHIFT + 2 * c)) & 3
            pend = owed & self.run_bits[c] if owed else 0
            if pend:
                h = self.shares_owing(c, at, state, ones, pend)
            else:
                h = alone[c][((ones * 16) + at) * 64 + state] or self.shares(c, at, state, ones)
            if merged is None:
                merged = list(h[:size])
            elif size == 1:
                merged[0] += h[0]
            else:
                merged = _combine(merged, h, size)
        assert merged is not None
        self.merged[key] = merged
        return merged

    # -- the search -----------------------------------------------------------------------

    def key(self, pos: int, colour: int, prof: int, groups: int, used: int, points: int, owed: int) -> int:
        """A node as one integer (``node`` computes the same inline): ``prof`` takes 40 bits,
        so changing one colour's run state or the stars used moves the key by a fixed offset
        (``STRONGER_DELTA``, ``FEWER_STAR``); the demands owed sit above (``OWED_SHIFT``)."""
        key = ((((points * 64 + used) * 32 + groups) << 40 | prof) * 16 + pos) * 8 + colour
        return key | owed << OWED_SHIFT if owed else key

    def run(self, owed: int, ceiling: int | None = None) -> Solution | None:
        """Search with an aspiration on the number of tiles: ask for as many as the bound
        allows; each pass that fails proves a smaller upper bound (and its memo entries stay
        valid), until a pass succeeds. The score a successful pass returns is the exact best.
        ``owed``: the star demands to meet (``self.owed``, or 0 to search without the rule);
        ``ceiling``: a score known to be out of reach above."""
        spare = self.stars
        budget = min(2 * spare, self.halves - 1)
        bound = self.merged_shares(1, 0, 0, -1, budget + 1, owed)[budget] + spare * self.star_weight
        if ceiling is not None and ceiling < bound:
            bound = ceiling
        while bound > NEG // 2:
            need = bound - bound % BIG
            best = self.node(1, 0, 0, 0, 0, 0, owed, need, bound)
            if best >= need:
                return self.replay(best, owed)
            bound = best
        return None

    def star_table(self, pos: int, colour: int, stars_left: int) -> list[tuple[int, int, int, int]]:
        """Per number of stars (0-2) a colour's choice at ``pos`` puts in its runs, with
        ``stars_left`` stars not yet down: (room for ``TRIMMED``, the bound's budget, the
        score of those stars plus every spare star's, the score of those stars)."""
        key = (pos * 8 + colour) * 8 + stars_left
        known = self.star_tables.get(key)
        if known is None:
            room_next = self.run_room[pos + 1][colour]
            star_gain = self.star_gain[pos]
            last_half = self.halves - 1
            known = [
                (
                    room_next + min(stars_left - k, 2),
                    min(2 * (stars_left - k), last_half),
                    (stars_left - k) * self.star_weight + k * star_gain,
                    k * star_gain,
                )
                for k in range(min(stars_left, 2) + 1)
            ]
            self.star_tables[key] = known
        return known

    def children(
        self, pos: int, colour: int, prof: int, groups: int, used: int, points: int, owed: int, need: int
    ) -> tuple[list[tuple[int, int, int, tuple[int, ...], tuple[int, ...] | None]], int]:
        """The children of a node worth exploring for ``need``, best bound first, as
        ``(bound, gain, child_bound, choice, child)`` (``child`` is ``None`` at the end of the
        number line, where ``child_bound`` is the exact end value); and the best bound among
        the children left out. A choice is a ``colour_options`` entry, with the stars given
        to the position's groups appended for the last colour. ``owed``: the table stars'
        demands not yet met (``_solver_stars``); a choice may meet some, in more than one way."""
        stars_left = self.stars - used
        minimum = self.minimum
        weight = self.weight[pos]
        out = []
        failed = NEG
        shift = STATE_BITS * colour
        base = prof & ~(63 << shift)
        if pos == 14 or (self.top == 14 and pos == 1):
            table, rack = self.availability(pos, colour, prof)
        else:
            table, rack = self.counts.table[pos][colour], self.counts.rack[pos][colour]
        state = (prof >> shift) & 63
        spare = stars_left if stars_left < 2 else 2
        cache = self.option_cache[pos * 4 + colour]
        option_key = ((state * 3 + table) * 3 + rack) * 3 + spare
        options = cache.get(option_key)
        if options is None:
            options = colour_options(
                state,
                table,
                rack,
                spare,
                self.rules.runs,
                self.rules.groups and pos != 14,
                self.limit[pos][colour],
            )
            cache[option_key] = options
        size = self.budget_size[stars_left]
        others = self.merged_shares(pos, colour + 1, prof, colour, size, owed)
        ace_bits = ACE_SHIFT + 2 * colour if pos == 1 and self.top == 14 else -1
        memo = self.alone[colour]
        ones = (prof >> (ACE_SHIFT + 2 * colour)) & 3
        per_star = self.star_table(pos, colour, stars_left)
        row = pos + 1
        last_colour = colour == COLOUR_COUNT - 1
        last_position = pos == self.top
        budget_size = self.budget_size
        star_weight = self.star_weight
        star_gain = self.star_gain[pos]
        value = self.points_at[pos]
        step = GROUP_STEP
        trimmed = TRIMMED
        ledger = self.ledger
        settles = owed and ledger is not None and ledger.touches(pos, colour)
        group_demands = owed and ledger is not None and pos in ledger.kept_group
        own_runs = self.run_bits[colour]
        for option in options:
            nxt, grouped, natural, star_count, tiles = option
            room, budget, extra, star_score = per_star[star_count]
            nxt = trimmed[nxt][room]
            after = natural if ace_bits >= 0 else ones
            if owed:
                owed_after = (
                    ledger.after_colour(owed, pos, colour, natural, star_count) if settles else (owed,)
                )  # type: ignore[union-attr]
                variants = [
                    (
                        left_owed,
                        self.shares_owing(colour, row, nxt, after, left_owed & own_runs)
                        if left_owed & own_runs
                        else memo[((after * 16) + row) * 64 + nxt] or self.shares(colour, row, nxt, after),
                    )
                    for left_owed in owed_after
                ]
            else:
                variants = [
                    (0, memo[((after * 16) + row) * 64 + nxt] or self.shares(colour, row, nxt, after))
                ]
            gain = natural * weight
            child_prof = base | (nxt << shift)
            if ace_bits >= 0:
                child_prof |= natural << ace_bits
            child_points = min(minimum, points + tiles * value) if minimum else 0
            for left_owed, h in variants:
                child_bound = others[0] + h[budget]
                if budget:
                    for u in range(1, budget + 1):
                        if others[u] + h[budget - u] > child_bound:
                            child_bound = others[u] + h[budget - u]
                total = gain + extra + child_bound
                if total < need:
                    if total > failed:
                        failed = total
                    continue
                option_gain = gain + star_score
                if not last_colour:
                    child = (
                        pos,
                        colour + 1,
                        child_prof,
                        groups + step[grouped],
                        used + star_count,
                        child_points,
                        left_owed,
                    )
                    out.append((total, option_gain, total - option_gain, option, child))
                    continue
                # The last colour also settles the position's groups: their stars, then the
                # next position (its bound is the same merge with that many stars fewer).
                feasible = GROUP_FEASIBLE[groups + step[grouped]]
                spare = stars_left - star_count
                for group_stars in range(min(spare, 2) + 1):
                    if not feasible[group_stars]:
                        continue
                    left = spare - group_stars
                    child_gain = option_gain + group_stars * star_gain
                    grand_points = min(minimum, child_points + group_stars * value) if minimum else 0
                    owed_end: tuple[int, ...] = (left_owed,)
                    if left_owed:
                        if group_demands and group_stars:
                            owed_end = ledger.after_groups(left_owed, pos, group_stars)  # type: ignore[union-attr]
                        if not last_position:
                            due = ledger.due_by[pos]  # type: ignore[union-attr]
                            owed_end = tuple(o for o in owed_end if not o & due)
                    if not last_position:
                        top_budget = budget_size[left] - 1
                        open_bound = others[0] + h[top_budget]
                        for u in range(1, top_budget + 1):
                            if others[u] + h[top_budget - u] > open_bound:
                                open_bound = others[u] + h[top_budget - u]
                        open_bound += left * star_weight
                    for end_owed in owed_end:
                        if last_position:
                            grand_bound = self.terminal(
                                child_prof, used + star_count + group_stars, grand_points, end_owed
                            )
                            grandchild = None
                        else:
                            grand_bound = open_bound
                            grandchild = (
                                pos + 1,
                                0,
                                child_prof,
                                0,
                                used + star_count + group_stars,
                                grand_points,
                                end_owed,
                            )
                        child_total = child_gain + grand_bound
                        if child_total < need:
                            if child_total > failed:
                                failed = child_total
                            continue
                        out.append((child_total, child_gain, grand_bound, (*option, group_stars), grandchild))
        out.sort(reverse=True)
        return out, failed

    def stronger_bound(self, key: int, prof: int, used: int, need: int) -> int | None:
        """A bound below ``need`` already proved for a stronger node than ``key``: one colour's
        run state one step stronger, or (once the table's stars are down) one star fewer used;
        or ``None``. Keys differ from ``key`` by fixed offsets (see ``key``)."""
        upper = self.upper
        exact = self.exact
        for c in range(COLOUR_COUNT):
            shift = STATE_BITS * c + 7
            for delta in STRONGER_DELTA[(prof >> (shift - 7)) & 63]:
                other = key + (delta << shift)
                known = upper.get(other)
                if known is None:
                    known = exact.get(other)
                if known is not None and known < need:
                    return known
        if used > self.counts.table_stars:
            other = key - FEWER_STAR
            known = upper.get(other)
            if known is None:
                known = exact.get(other)
            if known is not None and known < need:
                return known
        return None

    def terminal(self, prof: int, used: int, points: int, owed: int = 0) -> int:
        """The value of the end of the number line: 0 when legal, else ``NEG``."""
        if owed or used < self.counts.table_stars or points < self.minimum:
            return NEG
        for c in range(COLOUR_COUNT):
            if not CLOSED[(prof >> (STATE_BITS * c)) & 63]:
                return NEG
        return 0

    def node(
        self,
        pos: int,
        colour: int,
        prof: int,
        groups: int,
        used: int,
        points: int,
        owed: int,
        need: int,
        bound: int,
    ) -> int:
        """The best score from this node on if it is at least ``need``; otherwise an upper
        bound below ``need``. ``bound`` is an upper bound known by the caller."""
        work = self.work
        work.nodes += 1
        if work.nodes > self.cap:
            raise WorkLimitReached
        key = ((((points * 64 + used) * 32 + groups) << 40 | prof) * 16 + pos) * 8 + colour
        if owed:
            # what the node can do owing fewer demands (none, or one of two) bounds what it
            # can do owing these
            for fewer in (0, owed & (owed - 1), owed & -owed) if owed & (owed - 1) else (0,):
                other = key | fewer << OWED_SHIFT
                proved = self.exact.get(other)
                if proved is None:
                    proved = self.upper.get(other)
                if proved is not None and proved < bound:
                    bound = proved
            key |= owed << OWED_SHIFT
        known = self.exact.get(key)
        if known is not None:
            return known
        proved = self.upper.get(key)
        if proved is not None and proved < bound:
            bound = proved
        if bound < need:
            return bound
        stronger = self.stronger_bound(key, prof, used, need)
        if stronger is not None:
            return stronger
        best = NEG
        chosen: tuple[tuple[int, ...], tuple[int, ...] | None] | None = None
        children, failed = self.children(pos, colour, prof, groups, used, points, owed, need)
        for child_total, gain, child_bound, option, child in children:
            target = need if need > best + 1 else best + 1
            if child_total < target:
                if child_total > failed:
                    failed = child_total
                break
            result = child_bound if child is None else self.node(*child, target - gain, child_bound)
            if result >= target - gain:
                best = gain + result
                chosen = (option, child)
                if best >= bound:
                    break
            elif gain + result > failed:
                failed = gain + result
        if best >= need:
            self.exact[key] = best
            if chosen is not None:
                self.choice[key] = chosen
            return best
        result = max(best, failed)
        self.upper[key] = result
        return result

    def replay(self, score: int, owed: int) -> Solution:
        """The choices along the best path, read back from the memo."""
        steps: dict[int, list[Step]] = {}
        group_stars: dict[int, int] = {}
        node: tuple[int, ...] | None = (1, 0, 0, 0, 0, 0, owed)
        while node is not None:
            pos, colour = node[0], node[1]
            option, child = self.choice[self.key(*node)]
            _nxt, grouped, natural, star_count, _tiles = option[:5]
            steps.setdefault(pos, []).append(Step(natural, grouped, star_count))
            if colour == COLOUR_COUNT - 1:
                group_stars[pos] = option[5]
            node = child
        return Solution(score, steps, group_stars)
