"""Where the melds of the card tables lie: each seat's melds in an area of their own that holds
for the whole round (Frustration Rummy, 500 Rum).

At a round's first meld the melds area is cut into a grid of cells, at least one per player, and
the cards' width is chosen (``plan``): the largest at which the melds of every seat find cells
(those on the table as they are, and with one card more each while their cards overlap as much
as they may; for a seat that has not melded yet, what it is ``expected`` to lay). A seat that
melds takes the first free cells that hold its melds (one, or a few side by side) while the
seats still to meld find theirs, and keeps them for the round: a seat laying down never moves the
others' melds.

Inside its area a seat's melds lie left to right under its name and wrap onto the next line. A
meld that grows keeps its place and takes the room after it on its line; when the next meld
leaves none, its cards overlap more, never so much that a card's corner index is covered
(``min_step``). When that is not enough, the seat's melds are laid out again in its area, then
the area takes the free cells to its right (or the seat moves, alone, to free cells that hold its
melds). A table fuller than the plan foresaw keeps every area and makes all the cards smaller
(``MeldPlaces.shrunk``); only when that cannot do either is the round planned again
(``MeldPlaces.replanned``), and then every meld may move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.art import card_index_box
from game.ui.tables.cardtable import INDEX_STEP

LINES = (1, 2, 3)
"""How many lines of melds a cell may hold (one name over them)."""

Spot = tuple[int, int, int]
"""Where a meld lies in its seat's area: left edge, line, step between its cards (pixels)."""


@functools.cache
def min_step(card_w: int) -> int:
    """The least distance between two overlapping meld cards ``card_w`` wide: the corner index
    of the card under shows whole (and a pixel of card after it)."""
    return card_index_box(card_w).right + 1


@functools.cache
def comfort_step(card_w: int) -> int:
    """The distance between the cards of a meld with room to spare."""
    return max(round(card_w * INDEX_STEP), min_step(card_w))


def meld_width(count: int, card_w: int, step: int) -> int:
    """The width of a meld of ``count`` cards ``card_w`` wide, ``step`` apart."""
    return card_w + step * max(0, count - 1)


@dataclass(frozen=True)
class MeldMetrics:
    """Sizes of the seat areas: the name over the melds, the padding inside an area (at the
    sides and under the last line), the gap between two melds of a line, between two lines and
    between two areas, and the room under each line's cards (credit stripes)."""

    label_h: int
    pad: int
    gap: int
    line_gap: int
    block_gap: int
    below: int = 0


@dataclass(frozen=True)
class MeldLayout:
    """The melds as laid out: the cards' size, each meld's rectangle (by table index) and the
    step between its cards, each seat's area, and whether everything fits the melds area."""

    card_w: int
    card_h: int
    places: dict[int, pygame.Rect]
    steps: dict[int, int]
    blocks: dict[int, pygame.Rect]
    fits: bool = True

    def card_x(self, index: int, k: int) -> int:
        """The left edge of card ``k`` of meld ``index``."""
        return self.places[index].x + k * self.steps[index]

    def strips(self, index: int, count: int) -> list[pygame.Rect]:
        """The part of each of the ``count`` cards of meld ``index`` that shows (its hit area)."""
        rect, step = self.places[index], self.steps[index]
        return [
            pygame.Rect(rect.x + k * step, rect.y, step if k < count - 1 else self.card_w, rect.height)
            for k in range(count)
        ]

    def card_under(self, index: int, x: float, count: int) -> int:
        """Which of the ``count`` cards of meld ``index`` shows at ``x``."""
        step = max(1, self.steps[index])
        return max(0, min(count - 1, int((x - self.places[index].x) // step)))


EMPTY = MeldLayout(0, 0, {}, {}, {})


@dataclass(frozen=True)
class Plan:
    """A round's cut of the melds area: the cards' size, the lines of a cell, the cells in
    reading order, ``cols`` to a row."""

    card_w: int
    card_h: int
    lines: int
    cols: int
    cells: tuple[pygame.Rect, ...]

    def line_y(self, top: int, line: int, metrics: MeldMetrics) -> int:
        """The top of the cards of line ``line`` of an area whose top is ``top``."""
        return top + metrics.label_h + line * (self.card_h + metrics.below + metrics.line_gap)

    def region(self, cells: Sequence[int]) -> pygame.Rect:
        """The area made of ``cells`` (side by side on one row)."""
        first, last = self.cells[cells[0]], self.cells[cells[-1]]
        return pygame.Rect(first.x, first.y, last.right - first.x, first.height)


def _flow(
    counts: Sequence[tuple[int, int]], left: int, right: int, lines: int, card_w: int, step: int, gap: int
):
    """Melds ``counts`` (index, cards) laid left to right from ``left``, wrapping before
    ``right``, all ``step`` apart: index -> spot, or None past ``lines`` lines."""
    x, line, spots = left, 0, {}
    for index, count in counts:
        width = meld_width(count, card_w, step)
        if x > left and x + width > right:
            line, x = line + 1, left
        if line >= lines or x + width > right:
            return None
        spots[index] = (x, line, step)
        x += width + gap
    return spots


@functools.lru_cache(maxsize=1 << 16)
def _holds(lengths: tuple[int, ...], room: int, lines: int, card_w: int, gap: int, laid: bool) -> bool:
    """``Seating.holds`` for melds of ``lengths`` cards on lines ``room`` pixels wide (the same
    melds are tried in areas of the same width many times over while seats look for room)."""
    counts = list(enumerate(lengths))
    if not laid:
        return _flow(counts, 0, room, lines, card_w, min_step(card_w), gap) is not None
    grown = [(i, n + 1) for i, n in counts]
    return (
        _flow(counts, 0, room, lines, card_w, comfort_step(card_w), gap) is not None
        and _flow(grown, 0, room, lines, card_w, min_step(card_w), gap) is not None
    )


def _squeezed(count: int, room: int, card_w: int, comfort: int, least: int) -> int | None:
    """The step at which ``count`` cards fit ``room`` pixels (at most ``comfort``), or None when
    even ``least`` is too wide."""
    if count < 2:
        return comfort if card_w <= room else None
    step = min(comfort, (room - card_w) // (count - 1))
    return step if step >= least else None


@dataclass
class Seating:
    """What a seat's melds are laid out in: the plan, the bounds of its area's lines and the
    steps allowed."""

    plan: Plan
    metrics: MeldMetrics

    @property
    def comfort(self) -> int:
        return comfort_step(self.plan.card_w)

    @property
    def least(self) -> int:
        return min_step(self.plan.card_w)

    def bounds(self, region: pygame.Rect) -> tuple[int, int]:
        return region.x + self.metrics.pad, region.right - self.metrics.pad

    def flowed(self, counts: Sequence[tuple[int, int]], region: pygame.Rect):
        """The melds laid afresh in ``region``: at the most comfortable step that fits."""
        left, right = self.bounds(region)
        for step in range(self.comfort, self.least - 1, -1):
            spots = _flow(counts, left, right, self.plan.lines, self.plan.card_w, step, self.metrics.gap)
            if spots is not None:
                return spots
        return None

    def crammed(self, counts: Sequence[tuple[int, int]], region: pygame.Rect) -> dict[int, Spot]:
        """The melds at the least step, one line after another however many it takes, a meld
        too long for the area running past its right edge."""
        left, right = self.bounds(region)
        w, step, gap = self.plan.card_w, self.least, self.metrics.gap
        x, line, spots = left, 0, {}
        for index, count in counts:
            width = meld_width(count, w, step)
            if x > left and x + width > right:
                line, x = line + 1, left
            spots[index] = (x, line, step)
            x += width + gap
        return spots

    def holds(self, counts: Sequence[tuple[int, int]], region: pygame.Rect, laid: bool) -> bool:
        """Whether the melds ``counts`` fit ``region``: melds ``laid`` already at the
        comfortable step, and with one card more each at the least step (a lay-off on every
        meld); melds only expected at the least step."""
        left, right = self.bounds(region)
        lengths = tuple(n for _i, n in counts)
        return _holds(lengths, right - left, self.plan.lines, self.plan.card_w, self.metrics.gap, laid)

    def first_holding(self, counts: Sequence[tuple[int, int]], runs: list[list[int]], laid: bool):
        """The first of the cells ``runs`` whose area ``holds`` the melds ``counts``, or None
        (whether melds fit depends on the area's width alone)."""
        too_narrow = set()
        for run in runs:
            region = self.plan.region(run)
            if region.width not in too_narrow:
                if self.holds(counts, region, laid):
                    return run
                too_narrow.add(region.width)
        return None

    def in_place(
        self,
        counts: Sequence[tuple[int, int]],
        region: pygame.Rect,
        old: Mapping[int, Spot],
        before: Mapping[int, int],
    ):
        """The melds laid where they were (``old``, when they had ``before`` cards): those
        unchanged as they were, those grown into the room after them; the new ones after the
        last: index -> spot, or None when that does not fit."""
        left, right = self.bounds(region)
        w, gap, comfort, least = self.plan.card_w, self.metrics.gap, self.comfort, self.least
        size = dict(counts)
        rows: dict[int, list[tuple[int, int]]] = {}
        for index, (x, line, _step) in old.items():
            if index not in size or line >= self.plan.lines or x < left:
                return None
            rows.setdefault(line, []).append((x, index))
        spots = {}
        for line, row in rows.items():
            row.sort()
            for k, (x, index) in enumerate(row):
                limit = row[k + 1][0] - max(2, gap // 3) if k + 1 < len(row) else right
                step = old[index][2]
                if before.get(index) != size[index] or x + meld_width(size[index], w, step) > limit:
                    step = _squeezed(size[index], limit - x, w, comfort, least)
                if step is None:
                    return None
                spots[index] = (x, line, step)
        new = [(i, n) for i, n in counts if i not in old]
        if new and old and min(i for i, _ in new) < max(old):
            return None  # a meld came in before others: lay them out again
        line = max((s[1] for s in spots.values()), default=0)
        x = max(
            (s[0] + meld_width(size[i], w, s[2]) + gap for i, s in spots.items() if s[1] == line),
            default=left,
        )
        for index, count in new:
            width = meld_width(count, w, comfort)
            if x > left and x + width > right and line + 1 < self.plan.lines:
                line, x = line + 1, left
            step = comfort if x + width <= right else _squeezed(count, right - x, w, comfort, least)
            if step is None:
                return None
            spots[index] = (x, line, step)
            x += meld_width(count, w, step) + gap
        return spots


Demand = tuple[Sequence[int], bool]
"""A seat's meld lengths, and whether they are on the table (else only expected)."""


def plan(
    area: pygame.Rect,
    players: int,
    demand: Sequence[Demand],
    widths: Sequence[int],
    height_of: Callable[[int], int],
    metrics: MeldMetrics,
) -> Plan | None:
    """The round's cut of ``area`` for ``players``: the largest card width (of ``widths``,
    largest first), then the fewest lines a cell and the fewest cells at which every seat's
    ``demand`` (the seats that melded, in the order they did, then those expected to) finds
    cells; None when none does."""
    for card_w in widths:
        card_h = height_of(card_w)
        for lines in LINES:
            grids = _grids(area, players, card_w, card_h, lines, metrics)
            if grids is None:
                break
            for grid in grids:
                if _assign(Seating(grid, metrics), demand, set()) is not None:
                    return grid
    return None


def _grids(area: pygame.Rect, players: int, card_w: int, card_h: int, lines: int, metrics: MeldMetrics):
    """The grids of cells of ``lines`` lines that give each of ``players`` a cell at least,
    fewest columns first (a seat may take a few cells side by side); None when not one row
    fits the area's height."""
    m = metrics
    cell_h = m.label_h + lines * (card_h + m.below) + (lines - 1) * m.line_gap + m.pad
    rows = (area.height + m.block_gap) // (cell_h + m.block_gap)
    if rows < 1:
        return None
    grids = []
    narrowest = 2 * m.pad + meld_width(3, card_w, comfort_step(card_w))
    for cols in range(-(-players // rows), 2 * players + 1):
        cells = _cells(area, rows, cols, cell_h, m.block_gap)
        if cells[0].width < narrowest:
            break
        grids.append(Plan(card_w, card_h, lines, cols, cells))
    return grids


def _cells(area: pygame.Rect, rows: int, cols: int, cell_h: int, gap: int) -> tuple[pygame.Rect, ...]:
    """``rows`` rows of ``cols`` cells ``cell_h`` high across ``area``, ``gap`` apart, in
    reading order."""
    cell_w = (area.width - gap * (cols - 1)) // cols
    return tuple(
        pygame.Rect(area.x + c * (cell_w + gap), area.y + r * (cell_h + gap), cell_w, cell_h)
        for r in range(rows)
        for c in range(cols)
    )


def _runs(plan_: Plan, taken: set[int], count: int) -> list[list[int]]:
    """Every ``count`` free cells side by side on one row, in reading order."""
    return [list(run) for run in _spans(len(plan_.cells), plan_.cols, count) if taken.isdisjoint(run)]


@functools.cache
def _spans(cells: int, cols: int, count: int) -> tuple[range, ...]:
    """Every ``count`` cells side by side on one row of a grid of ``cells``, ``cols`` to a
    row, in reading order."""
    return tuple(
        range(start, start + count)
        for start in range(cells - count + 1)
        if (start + count - 1) // cols == start // cols
    )


def _assign(seating: Seating, demand: Sequence[Demand], taken: set[int]) -> list[list[int]] | None:
    """Cells for each seat's ``demand`` in turn, besides the ``taken`` ones: the first free
    cells side by side (as few as will do) that hold its melds; None when a seat finds none."""
    plan_ = seating.plan
    taken = set(taken)
    areas = []
    for lengths, laid in demand:
        counts = list(enumerate(lengths))
        found = None
        for count in range(1, plan_.cols + 1):
            found = seating.first_holding(counts, _runs(plan_, taken, count), laid)
            if found is not None:
                break
        if found is None:
            return None
        taken.update(found)
        areas.append(found)
    return areas


@dataclass
class MeldPlaces:
    """The melds' places through a round (see the module docstring): the plan, each seat's
    cells and where each of its melds was shown."""

    key: tuple = ()
    plan: Plan | None = None
    areas: dict[int, list[int]] = field(default_factory=dict)
    """Seat -> its cells, side by side."""
    spots: dict[int, Spot] = field(default_factory=dict)
    cards: dict[int, frozenset[str]] = field(default_factory=dict)
    """Meld index -> its cards when last shown (a meld under the same index with none of them is
    another meld)."""
    replanned: int = 0
    """How many times a round had to be planned again (a table fuller than foreseen)."""
    shrunk: int = 0
    """How many times the cards of a round's melds were made smaller, every area kept."""

    def settle(
        self,
        owners: Sequence[int],
        cards: Sequence[frozenset[str]],
        area: pygame.Rect,
        players: int,
        round_key: object,
        widths: Sequence[int],
        height_of: Callable[[int], int],
        metrics: MeldMetrics,
        expected: Mapping[int, Sequence[int]] | None = None,
    ) -> MeldLayout:
        """The layout of the melds ``cards`` (each meld's card idents, by table index), meld
        ``i`` in the area of seat ``owners[i]``. ``expected``: the meld lengths a seat that has
        not melded yet is expected to lay (for the plan); ``round_key`` changes with the round."""
        key = (tuple(area), players, round_key, tuple(widths), metrics.label_h, metrics.pad, metrics.below)
        if key != self.key:
            self.key, self.plan, self.areas, self.spots, self.cards = key, None, {}, {}, {}
        groups: dict[int, list[tuple[int, int]]] = {}
        for index, owner in enumerate(owners):
            groups.setdefault(owner, []).append((index, len(cards[index])))
        for index in list(self.spots):
            if index >= len(cards) or not (self.cards.get(index, frozenset()) & cards[index]):
                del self.spots[index]  # gone (an undo), or another meld under its index
        expected = expected or {}
        waiting = [(list(expected.get(seat, (3, 3))), False) for seat in range(players) if seat not in groups]
        if not groups:
            self.areas, self.spots, self.cards = {}, {}, {}
            return EMPTY
        if self.plan is not None:
            layout = self._laid(groups, waiting, metrics) or self._shrunk(
                groups, waiting, widths, height_of, metrics
            )
            if layout is not None:
                return self._remember(layout, cards)
            self.replanned += 1
        demand = [([n for _i, n in counts], True) for counts in groups.values()] + waiting
        self.plan = plan(area, players, demand, widths, height_of, metrics)
        self.areas, self.spots = {}, {}
        layout = self._laid(groups, waiting, metrics) if self.plan is not None else None
        if layout is None:
            layout = self._crammed(groups, area, players, widths[-1], height_of, metrics)
        return self._remember(layout, cards)

    def _shrunk(self, groups, waiting: list[Demand], widths: Sequence[int], height_of, metrics: MeldMetrics):
        """The melds with smaller cards, every seat in the cells it has (laid out again in
        them), as many lines to a cell as its height takes: the largest width at which every
        seat's melds have room to grow (so that the cards shrink once), else the largest at
        which they fit; None when no width will do."""
        before, spots = self.plan, self.spots
        m = metrics
        cell_h = before.cells[0].height
        fitting = None
        for card_w in (w for w in widths if w < before.card_w):
            card_h = height_of(card_w)
            lines = (cell_h - m.label_h - m.pad + m.line_gap) // (card_h + m.below + m.line_gap)
            if lines < 1:
                break
            self.plan, self.spots = Plan(card_w, card_h, min(lines, LINES[-1]), before.cols, before.cells), {}
            layout = self._laid(groups, waiting, metrics)
            if layout is None:
                continue
            fitting = fitting or (self.plan, dict(self.areas), dict(self.spots), layout)
            seating = Seating(self.plan, m)
            if all(seating.holds(groups[seat], self.plan.region(c), True) for seat, c in self.areas.items()):
                self.shrunk += 1
                return layout
        if fitting is None:
            self.plan, self.spots = before, spots
            return None
        self.plan, self.areas, self.spots, layout = fitting
        self.shrunk += 1
        return layout

    def _remember(self, layout: MeldLayout, cards: Sequence[frozenset[str]]) -> MeldLayout:
        self.cards = dict(enumerate(cards))
        return layout

    def _laid(self, groups: Mapping[int, list[tuple[int, int]]], waiting: list[Demand], metrics: MeldMetrics):
        """Every seat's melds in its area (a new seat's in free cells), or None when a seat's
        melds find no room. A seat takes a free cell only while the seats to come (the new ones
        after it, those ``waiting`` to meld) still find theirs."""
        seating = Seating(self.plan, metrics)
        areas = {seat: list(cells) for seat, cells in self.areas.items() if seat in groups}
        taken = {c for cells in areas.values() for c in cells}
        spots: dict[int, Spot] = {}
        order = sorted(groups.items(), key=lambda kv: kv[1][0][0])
        for k, (seat, counts) in enumerate(order):
            later = [([n for _i, n in c], True) for s, c in order[k + 1 :] if s not in areas] + waiting
            if seat in areas:
                old = {i: s for i, s in self.spots.items() if i in dict(counts)}
                before = {i: len(self.cards[i]) for i in old}
                laid = self._grown(seating, counts, areas[seat], old, before, taken, later)
            else:
                laid = self._new_area(seating, counts, taken, later)
            if laid is None:
                return None
            taken.difference_update(areas.get(seat, ()))
            areas[seat], seat_spots = laid
            taken.update(areas[seat])
            spots.update(seat_spots)
        self.areas, self.spots = areas, spots
        return self._layout(groups, metrics)

    @classmethod
    def _grown(
        cls, seating: Seating, counts, cells: list[int], old, before, taken: set[int], later: list[Demand]
    ):
        """A seat's melds in its cells: where they were (``old``, with ``before`` cards), or
        laid again; else with the free cells to the right of its area; else, alone, in free
        cells elsewhere."""
        plan_ = seating.plan
        spots = seating.in_place(counts, plan_.region(cells), old, before) if old else None
        if spots is None:
            spots = seating.flowed(counts, plan_.region(cells))
        if spots is not None:
            return cells, spots
        grown = list(cells)
        while (grown[-1] + 1) % plan_.cols and grown[-1] + 1 not in taken:
            grown.append(grown[-1] + 1)
            if _assign(seating, later, taken | set(grown)) is None:
                break
            spots = seating.flowed(counts, plan_.region(grown))
            if spots is not None:
                return grown, spots
        return cls._new_area(seating, counts, taken - set(cells), later)

    @staticmethod
    def _new_area(seating: Seating, counts, taken: set[int], later: list[Demand]):
        """A seat's first melds: the first free cells, side by side, that hold them with room
        to grow (as the plan foresaw), else the first that hold them as they are."""
        plan_ = seating.plan
        for roomy in (True, False):
            for count in range(1, plan_.cols + 1):
                for run in _runs(plan_, taken, count):
                    region = plan_.region(run)
                    if roomy and not seating.holds(counts, region, True):
                        continue
                    spots = seating.flowed(counts, region)
                    if spots is not None and _assign(seating, later, taken | set(run)) is not None:
                        return run, spots
        return None

    def _layout(self, groups, metrics: MeldMetrics, fits: bool = True) -> MeldLayout:
        plan_ = self.plan
        size = {i: n for counts in groups.values() for i, n in counts}
        places, steps = {}, {}
        for seat, cells in self.areas.items():
            top = plan_.region(cells).y
            for index, _n in groups[seat]:
                x, line, step = self.spots[index]
                y = plan_.line_y(top, line, metrics)
                places[index] = pygame.Rect(x, y, meld_width(size[index], plan_.card_w, step), plan_.card_h)
                steps[index] = step
        blocks = {seat: plan_.region(cells) for seat, cells in self.areas.items()}
        return MeldLayout(plan_.card_w, plan_.card_h, places, steps, blocks, fits)

    def _crammed(
        self, groups, area: pygame.Rect, players: int, card_w: int, height_of, metrics
    ) -> MeldLayout:
        """The last resort of a table too full for any plan: the smallest cards, one cell per
        seat, the melds overlapping as much as they may and running past their cells."""
        m = metrics
        card_h = height_of(card_w)
        cell_h = m.label_h + card_h + m.below + m.pad
        rows = max(1, (area.height + m.block_gap) // (cell_h + m.block_gap))
        cols = max(1, -(-max(players, len(groups)) // rows))
        cells = _cells(area, rows, cols, cell_h, m.block_gap)
        self.plan = Plan(card_w, card_h, 1, cols, cells)
        seating = Seating(self.plan, m)
        self.areas, self.spots = {}, {}
        for k, (seat, counts) in enumerate(sorted(groups.items(), key=lambda kv: kv[1][0][0])):
            cell = min(k, len(cells) - 1)
            self.areas[seat] = [cell]
            self.spots.update(seating.crammed(counts, cells[cell]))
        return self._layout(groups, metrics, fits=False)
