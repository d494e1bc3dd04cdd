"""Limits every legal arrangement obeys, deduced before the search (constraint propagation).

For each tile face (colour, number) the search may put ``grouped`` copies in groups and
``in_runs`` copies in runs. From the tiles there are at all (table plus rack) and the ones that
must be used (the table's), these rules narrow both counts; each only follows from what any
legal arrangement must look like, so no arrangement is lost:

* A tile can be in a run only if some three consecutive places around it can be filled (by
  copies that may be in runs, or by the stars).
* ``y`` copies of a colour can be in groups only if other colours (copies that may be in groups)
  and stars can give each of the ``y`` groups two partners.
* Table copies that cannot be in runs must be in groups (and the other way round).
* When some table copies must be in groups at a number, the groups there need partners: when
  the other colours and the stars cannot fill them without a colour, that colour's copies must
  join the groups.
* When a table copy must be in a run and every three-place window around it shares a place,
  that place needs a run tile too (unless a star stands there).

The rules are applied until nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = 4


@dataclass(frozen=True)
class Limits:
    """``low_group[n][c] <= grouped <= high_group[n][c]`` and the same for runs, n in 1-13."""

    low_group: tuple[tuple[int, ...], ...]
    high_group: tuple[tuple[int, ...], ...]
    low_run: tuple[tuple[int, ...], ...]
    high_run: tuple[tuple[int, ...], ...]

    def at(self, number: int, colour: int) -> tuple[int, int, int, int]:
        return (
            self.low_group[number][colour],
            self.high_group[number][colour],
            self.low_run[number][colour],
            self.high_run[number][colour],
        )


def deduce_limits(
    table: tuple[tuple[int, ...], ...],
    rack: tuple[tuple[int, ...], ...],
    stars: int,
    runs: bool,
    groups: bool,
    ace_after_13: bool,
) -> Limits:
    """The limits for tiles ``table[n][c]`` (must be used) and ``rack[n][c]`` (may be) with
    ``stars`` stars in play. With the ace after 13 the 1s may stand at either end, so they
    are left free (and a window ending at 14 counts the 1s as there)."""
    numbers = range(1, 14)
    have = [[table[n][c] + rack[n][c] if 1 <= n <= 13 else 0 for c in range(COLOURS)] for n in range(16)]
    must = [[table[n][c] if 1 <= n <= 13 else 0 for c in range(COLOURS)] for n in range(16)]
    high_group = [[have[n][c] if groups else 0 for c in range(COLOURS)] for n in range(16)]
    high_run = [[have[n][c] if runs else 0 for c in range(COLOURS)] for n in range(16)]
    low_group = [[0] * COLOURS for _ in range(16)]
    low_run = [[0] * COLOURS for _ in range(16)]
    top = 14 if ace_after_13 and runs else 13
    free = {1} if ace_after_13 else set()

    def run_room(c: int, p: int) -> int:
        if p == 14:
            return have[1][c]
        return high_run[p][c]

    def windows(c: int, n: int) -> list[range]:
        found = []
        for a in range(max(1, n - 2), min(n, top - 2) + 1):
            window = range(a, a + 3)
            missing = sum(1 for p in window if p != n and run_room(c, p) == 0)
            if missing <= stars:
                found.append(window)
        return found

    changed = True
    while changed:
        changed = False

        def lower(grid: list[list[int]], n: int, c: int, value: int) -> None:
            nonlocal changed
            if value > grid[n][c]:
                grid[n][c] = value
                changed = True

        def upper(grid: list[list[int]], n: int, c: int, value: int) -> None:
            nonlocal changed
            if value < grid[n][c]:
                grid[n][c] = value
                changed = True

        for n in numbers:
            if n in free:
                continue
            for c in range(COLOURS):
                if high_run[n][c] and not windows(c, n):
                    upper(high_run, n, c, 0)
                partners_ok = 0
                for y in (1, 2):
                    partners = sum(min(high_group[n][d], y) for d in range(COLOURS) if d != c)
                    if y <= high_group[n][c] and partners + stars >= 2 * y:
                        partners_ok = y
                upper(high_group, n, c, partners_ok)
                lower(low_group, n, c, must[n][c] - high_run[n][c])
                lower(low_run, n, c, must[n][c] - high_group[n][c])
                upper(high_group, n, c, have[n][c] - low_run[n][c])
                upper(high_run, n, c, have[n][c] - low_group[n][c])
            _partners_needed(n, high_group, low_group, stars, lower)
            for c in range(COLOURS):
                if low_run[n][c]:
                    shared = set(range(1, top + 1))
                    for window in windows(c, n):
                        shared &= set(window)
                    for p in shared - {n} - free:
                        if p <= 13:
                            lower(low_run, p, c, min(have[p][c], low_run[n][c] - stars))
        for n in numbers:
            for c in range(COLOURS):
                if low_group[n][c] > high_group[n][c] or low_run[n][c] > high_run[n][c]:
                    # Only a table that is not legal gets here; give up narrowing.
                    return _free_limits(have, runs, groups)
    return Limits(
        tuple(tuple(r) for r in low_group),
        tuple(tuple(r) for r in high_group),
        tuple(tuple(r) for r in low_run),
        tuple(tuple(r) for r in high_run),
    )


def _partners_needed(
    n: int, high_group: list[list[int]], low_group: list[list[int]], stars: int, lower
) -> None:
    """Copies that must be in groups at ``n`` need groups of 3: when every possible number of
    groups leaves a colour indispensable, that colour's copies must join."""
    least = max(low_group[n])
    if not least:
        return
    needs = [None] * COLOURS
    for count in range(least, 4):
        supply = [min(high_group[n][c], count) for c in range(COLOURS)]
        if sum(supply) + stars < 3 * count:
            continue
        for c in range(COLOURS):
            others = sum(supply) - supply[c] + stars
            need = max(0, 3 * count - others)
            needs[c] = need if needs[c] is None else min(needs[c], need)
    for c in range(COLOURS):
        if needs[c]:
            lower(low_group, n, c, needs[c])


def _free_limits(have: list[list[int]], runs: bool, groups: bool) -> Limits:
    zero = tuple(tuple(0 for _ in range(COLOURS)) for _ in range(16))
    group = tuple(tuple(have[n][c] if groups else 0 for c in range(COLOURS)) for n in range(16))
    run = tuple(tuple(have[n][c] if runs else 0 for c in range(COLOURS)) for n in range(16))
    return Limits(zero, group, zero, run)
