"""The search for the variant where runs may mix colours (``mixed_colour_runs``).

Same dynamic programme as ``_solver_core`` over positions 1-13 (14 with the ace after 13), but a
run no longer has a colour: the run state is one sorted tuple of open run lengths for all
colours together (up to 8 naturals and 2 stars at a position, so up to 10 runs). Each colour
still chooses how many of its tiles it uses and how many go to groups (groups keep their
distinct colours); at the end of a position the stars are shared between the runs and the
groups and the runs move on. The bound is the same chain with groups taking any tiles their
position could group at all.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable

from ._solver_core import (
    BIG,
    COLOUR_COUNT,
    GROUP_FEASIBLE,
    GROUP_STEP,
    NEG,
    Counts,
    RuleSet,
    Solution,
    Step,
    Work,
    WorkLimitReached,
    group_faces,
    score_tables,
    split_groups,
    tiles_at,
)
from ._solver_stars import StarDemand, StarLedger

MAX_MIXED_RUNS = 10


@functools.cache
def mixed_next(state: tuple[int, ...], in_runs: int) -> tuple[int, ...] | None:
    """The run state after ``in_runs`` tiles go to the runs (see ``next_run_state``)."""
    must = sum(1 for x in state if x < 3)
    if in_runs < must:
        return None
    longs = len(state) - must
    extra = in_runs - must
    going_on = min(extra, longs)
    new = [min(x + 1, 3) for x in state if x < 3] + [3] * going_on + [1] * (extra - going_on)
    if len(new) > MAX_MIXED_RUNS:
        return None
    return tuple(sorted(new))


@functools.cache
def most_grouped(have: tuple[int, ...]) -> int:
    """The most natural tiles (``have[c]`` of colour ``c`` at most) that two stars and they
    can turn into legal groups."""
    best = 0
    for take in itertools.product(*(range(min(h, 2) + 1) for h in have)):
        if sum(take) > best and any(split_groups(list(take), s) is not None for s in range(3)):
            best = sum(take)
    return best


def solve_mixed(
    counts: Counts,
    rules: RuleSet,
    opening_minimum: int,
    star_points: int | None,
    stars: tuple[StarDemand, ...] = (),
    accept: Callable[[Solution], bool] | None = None,
    work: Work | None = None,
) -> Solution | None:
    """``_solver_core.solve`` for mixed-colour runs (``accept`` and ``work`` as there)."""
    work = work if work is not None else Work()
    if stars and accept is not None:
        free = _MixedSearch(counts, rules, opening_minimum, star_points, work=work).run()
        if free is None or accept(free):
            return free
        return _MixedSearch(counts, rules, opening_minimum, star_points, stars, work).run(ceiling=free.score)
    return _MixedSearch(counts, rules, opening_minimum, star_points, stars, work).run()


class _MixedSearch:
    """Nodes are ``(pos, colour, state, in_runs, groups, used, points, ones, owed)``:
    ``in_runs`` natural tiles already sent to the runs at ``pos``, ``ones`` the 1s each colour
    used at position 1 when the ace may follow 13 (2 bits each), ``owed`` the table stars'
    demands not yet met (``_solver_stars``)."""

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
        self.work = work if work is not None else Work()
        self.cap = self.work.cap
        self.minimum = opening_minimum
        self.top = rules.top
        self.ledger = StarLedger(demands, self.top) if demands else None
        self.stars = counts.table_stars + counts.rack_stars
        self.points_at, self.weight, self.star_gain, self.star_weight = score_tables(star_points)
        self.exact: dict[tuple, int] = {}
        self.upper: dict[tuple, int] = {}
        self.choice: dict[tuple, tuple[tuple[int, ...], tuple | None]] = {}
        self.chain: dict[tuple, int] = {}
        self.totals = []
        for pos in range(16):
            number = 1 if pos == 14 else pos
            if 1 <= number <= 13 and pos <= self.top:
                have = tuple(counts.table[number][c] + counts.rack[number][c] for c in range(COLOUR_COUNT))
                must = 0 if self.top == 14 and number == 1 else sum(counts.table[number])
                grouped = most_grouped(have) if rules.groups and pos != 14 else 0
                self.totals.append((must, sum(have), grouped))
            else:
                self.totals.append((0, 0, 0))

    def availability(self, pos: int, colour: int, ones: int) -> tuple[int, int]:
        return tiles_at(self.counts, self.top, pos, colour, (ones >> (2 * colour)) & 3)

    def chain_bound(self, pos: int, state: tuple[int, ...], stars: int) -> int:
        """The best score of the naturals from ``pos`` on, all colours as one, each
        position's groups taking up to what it could group at all, ``stars`` stars for runs."""
        key = (pos, state, stars)
        known = self.chain.get(key)
        if known is not None:
            return known
        if pos > self.top:
            value = 0 if all(x == 3 for x in state) else NEG
        else:
            must, have, grouped_max = self.totals[pos]
            value = NEG
            weight = self.weight[pos]
            for star_count in range(stars + 1) if self.rules.runs else (0,):
                for in_runs in range(have + 1) if self.rules.runs else (0,):
                    # with this many naturals in runs, group as many more as the place allows
                    used = min(have, in_runs + grouped_max)
                    if used < must:
                        continue
                    nxt = mixed_next(state, in_runs + star_count)
                    if nxt is None:
                        continue
                    rest = self.chain_bound(pos + 1, nxt, stars - star_count)
                    if rest > NEG // 2 and used * weight + rest > value:
                        value = used * weight + rest
        self.chain[key] = value
        return value

    def position_bound(self, pos: int, state: tuple[int, ...], used: int) -> int:
        spare = self.stars - used
        return self.chain_bound(pos, state, min(spare, 2)) + spare * self.star_weight

    def run(self, ceiling: int | None = None) -> Solution | None:
        """Aspiration on the number of tiles, as ``_Search.run``."""
        start = (1, 0, (), 0, 0, 0, 0, 0, self.ledger.full if self.ledger else 0)
        bound = self.position_bound(1, (), 0)
        if ceiling is not None and ceiling < bound:
            bound = ceiling
        while bound > NEG // 2:
            need = bound - bound % BIG
            best = self.node(start, need, bound)
            if best >= need:
                return self.replay(start, best)
            bound = best
        return None

    def children(self, node: tuple, bound: int) -> list[tuple[int, tuple[int, ...], tuple | None, int]]:
        """``(gain, choice, child, child_bound)``; ``child`` is ``None`` at the end of the
        number line, where ``child_bound`` is the exact end value."""
        pos, colour, state, in_runs, groups, used, points, ones, owed = node
        ledger = self.ledger if owed else None
        out = []
        if colour < COLOUR_COUNT:
            table, rack = self.availability(pos, colour, ones)
            weight = self.weight[pos]
            value = self.points_at[pos]
            for natural in range(table + rack, table - 1, -1):
                for grouped in range(min(natural, 2) + 1) if self.rules.groups and pos != 14 else (0,):
                    if not self.rules.runs and natural - grouped:
                        continue
                    gain = natural * weight
                    child_ones = ones | (natural << (2 * colour)) if pos == 1 and self.top == 14 else ones
                    owed_after = (
                        ledger.after_colour(owed, pos, colour, natural, 0)
                        if ledger is not None and ledger.touches(pos, colour)
                        else (owed,)
                    )
                    for left_owed in owed_after:
                        child = (
                            pos,
                            colour + 1,
                            state,
                            in_runs + natural - grouped,
                            groups + GROUP_STEP[grouped],
                            used,
                            min(self.minimum, points + natural * value),
                            child_ones,
                            left_owed,
                        )
                        out.append((gain, (natural, grouped), child, bound - gain))
            return out
        spare = self.stars - used
        for run_stars in range(min(spare, 2) + 1) if self.rules.runs else (0,):
            nxt = mixed_next(state, in_runs + run_stars)
            if nxt is None:
                continue
            for group_stars in range(min(spare - run_stars, 2) + 1):
                if not GROUP_FEASIBLE[groups][group_stars]:
                    continue
                count = run_stars + group_stars
                gain = count * self.star_gain[pos]
                child_points = min(self.minimum, points + count * self.points_at[pos])
                owed_end: tuple[int, ...] = (owed,)
                if ledger is not None:
                    owed_end = tuple(
                        o2
                        for o1 in ledger.after_mixed_runs(owed, pos, run_stars)
                        for o2 in ledger.after_groups(o1, pos, group_stars)
                    )
                if ledger is not None and pos != self.top:
                    owed_end = tuple(o for o in owed_end if not o & ledger.due_by[pos])
                for left_owed in owed_end:
                    if pos == self.top:
                        closed = all(x == 3 for x in nxt)
                        ok = (
                            closed
                            and not left_owed
                            and used + count >= self.counts.table_stars
                            and child_points >= self.minimum
                        )
                        out.append((gain, (run_stars, group_stars), None, 0 if ok else NEG))
                    else:
                        child = (pos + 1, 0, nxt, 0, 0, used + count, child_points, ones, left_owed)
                        out.append(
                            (
                                gain,
                                (run_stars, group_stars),
                                child,
                                self.position_bound(pos + 1, nxt, used + count),
                            )
                        )
        return out

    def node(self, node: tuple, need: int, bound: int) -> int:
        work = self.work
        work.nodes += 1
        if work.nodes > self.cap:
            raise WorkLimitReached
        known = self.exact.get(node)
        if known is not None:
            return known
        proved = self.upper.get(node)
        if proved is not None and proved < bound:
            bound = proved
        if bound < need:
            return bound
        best = NEG
        failed = NEG
        chosen = None
        options = sorted(self.children(node, bound), key=lambda o: o[0] + o[3], reverse=True)
        for gain, choice, child, child_bound in options:
            target = need if need > best + 1 else best + 1
            if gain + child_bound < target:
                failed = max(failed, gain + child_bound)
                continue
            result = child_bound if child is None else self.node(child, target - gain, child_bound)
            if result >= target - gain:
                best = gain + result
                chosen = (choice, child)
                if best >= bound:
                    break
            elif gain + result > failed:
                failed = gain + result
        if best >= need:
            self.exact[node] = best
            if chosen is not None:
                self.choice[node] = chosen
            return best
        result = max(best, failed)
        self.upper[node] = result
        return result

    def replay(self, start: tuple, score: int) -> Solution:
        steps: dict[int, list[Step]] = {}
        group_stars: dict[int, int] = {}
        run_stars: dict[int, int] = {}
        node: tuple | None = start
        while node is not None:
            choice, child = self.choice[node]
            pos, colour = node[0], node[1]
            if colour < COLOUR_COUNT:
                natural, grouped = choice
                steps.setdefault(pos, []).append(Step(natural, grouped, 0))
            else:
                run_stars[pos], group_stars[pos] = choice
            node = child
        return Solution(score, steps, group_stars, run_stars)


def mixed_faces(solution: Solution, rules: RuleSet) -> list[list[tuple[int, int] | None]]:
    """The combinations of a mixed-colour solution, in table order, as faces."""
    melds: list[list[tuple[int, int] | None]] = []
    open_runs: list[list[tuple[int, int] | None]] = []
    for pos in range(1, rules.top + 1):
        number = 1 if pos == 14 else pos
        steps = solution.steps.get(pos)
        if steps is None:
            continue
        faces: list[tuple[int, int] | None] = []
        for c, step in enumerate(steps):
            faces.extend([(c, number)] * (step.used - step.grouped))
        faces.extend([None] * solution.run_stars.get(pos, 0))
        short = [r for r in open_runs if len(r) < 3]
        long = sorted((r for r in open_runs if len(r) >= 3), key=len, reverse=True)
        extra = len(faces) - len(short)
        melds.extend(long[max(extra, 0) :])
        slots = short + long[:extra] + [[] for _ in range(max(0, extra - len(long)))]
        for run, face in zip(slots, faces, strict=True):
            run.append(face)
        open_runs = slots
        groups = split_groups([s.grouped for s in steps], solution.group_stars.get(pos, 0))
        assert groups is not None
        melds.extend(group_faces(g, number) for g in groups)
    melds.extend(open_runs)
    return melds
