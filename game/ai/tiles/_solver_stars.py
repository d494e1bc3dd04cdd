"""The table's stars as the search sees them: each keeps its place until freed (RULES.md
section 3; the engine's ``game.engine.tiles.stars`` says what that means exactly).

A table star is a ``StarDemand``: the number (and, in a coloured run, the colour) it stands
for at the start of the turn and the colours whose tile of that number frees it. The search
carries the demands not yet met as a bit mask, ``owed``. A demand is met at a place where

* a star goes to the runs of its colour at its number (a run star that keeps its place; at
  its number's run place in a mixed-colour run), or to the groups of its number (a group star);
* or a numbered tile that frees it is used there (from the table or the rack): it is then on
  the table at the end of the turn, and the star is free to stand anywhere. Each freed star
  needs its own tile; two stars of one group need tiles of two colours.

Stars are interchangeable in the search, so a place met by "a star" is met by the table star
that is put there when the tiles are given out. A node owing nothing more is a legal end; the
search never counts an end that still owes a demand.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

ANY_COLOUR = -1


@dataclass(frozen=True)
class StarDemand:
    """One table star's place at the start of the turn."""

    kind: str
    """"run" or "group"."""
    number: int
    """1-13 (a 1 after 13 is the 1)."""
    colour: int
    """The run's colour index; ``ANY_COLOUR`` in a group or a mixed-colour run."""
    frees: tuple[int, ...]
    """Colour indices whose tile of ``number`` frees the star."""
    combination: int
    """Index of its combination at the start of the turn."""


class StarLedger:
    """Where each demand can be met, and the masks left after a choice (cached)."""

    def __init__(self, demands: tuple[StarDemand, ...], top: int) -> None:
        self.demands = demands
        self.full = (1 << len(demands)) - 1
        kept_run: dict[tuple[int, int], int] = {}
        frees: dict[tuple[int, int], int] = {}
        kept_group: dict[int, int] = {}
        for i, d in enumerate(demands):
            bit = 1 << i
            places = [d.number] + ([14] if d.number == 1 and top == 14 else [])
            for pos in places:
                for c in d.frees:
                    frees[(pos, c)] = frees.get((pos, c), 0) | bit
                if d.kind == "run":
                    kept_run[(pos, d.colour)] = kept_run.get((pos, d.colour), 0) | bit
            if d.kind == "group":
                kept_group[d.number] = kept_group.get(d.number, 0) | bit
        self.kept_run = kept_run
        self.frees = frees
        self.kept_group = kept_group
        last = [max([d.number] + ([14] if d.number == 1 and top == 14 else [])) for d in demands]
        self.due_by = [sum(1 << i for i, p in enumerate(last) if p <= pos) for pos in range(16)]
        """``due_by[pos]``: the demands whose every place is at ``pos`` or before; a node past
        ``pos`` that still owes one of them has no legal end."""
        self.touched = {key for key in (*kept_run, *frees)}
        self._cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        """(place, colour) pairs where some demand can be met by a colour's choice
        (``ANY_COLOUR``: by the stars of a mixed-colour run)."""

    def touches(self, pos: int, colour: int) -> bool:
        """Whether a colour's choice at ``pos`` can meet a demand."""
        return (pos, colour) in self.touched

    def after_colour(
        self, owed: int, pos: int, colour: int, naturals: int, run_stars: int
    ) -> tuple[int, ...]:
        """The masks left when ``colour`` uses ``naturals`` numbered tiles at ``pos`` and puts
        ``run_stars`` stars in its runs there (only the most met, each way)."""
        key = (owed, pos, colour, min(naturals, 2), min(run_stars, 2))
        known = self._cache.get(key)
        if known is None:
            known = self._cache[key] = self._after(*key)
        return known

    def _after(self, owed: int, pos: int, colour: int, naturals: int, run_stars: int) -> tuple[int, ...]:
        kept = self.kept_run.get((pos, colour), 0) & owed
        free = self.frees.get((pos, colour), 0) & owed
        candidates = [i for i in range(len(self.demands)) if (kept | free) >> i & 1]
        if not candidates:
            return (owed,)
        met: list[int] = []
        for size in range(len(candidates), 0, -1):
            for chosen in itertools.combinations(candidates, size):
                mask = sum(1 << i for i in chosen)
                if any(m & mask == mask for m in met):
                    continue
                if self._can_meet(chosen, kept, free, naturals, run_stars):
                    met.append(mask)
        return tuple(owed & ~m for m in met) if met else (owed,)

    def _can_meet(self, chosen: tuple[int, ...], kept: int, free: int, naturals: int, stars: int) -> bool:
        """Whether each chosen demand gets a star here (kept) or its own freeing tile."""
        for ways in itertools.product((0, 1), repeat=len(chosen)):
            stars_needed = tiles_needed = 0
            groups: list[int] = []
            ok = True
            for i, by_tile in zip(chosen, ways, strict=True):
                if by_tile:
                    if not free >> i & 1:
                        ok = False
                        break
                    tiles_needed += 1
                    if self.demands[i].kind == "group":
                        groups.append(self.demands[i].combination)
                elif not kept >> i & 1:
                    ok = False
                    break
                else:
                    stars_needed += 1
            if ok and stars_needed <= stars and tiles_needed <= naturals and len(set(groups)) == len(groups):
                return True
        return False

    def after_groups(self, owed: int, pos: int, group_stars: int) -> tuple[int, ...]:
        """The masks left when the groups at ``pos`` take ``group_stars`` stars."""
        return self._after_stars(owed, self.kept_group.get(pos, 0), group_stars)

    def after_mixed_runs(self, owed: int, pos: int, run_stars: int) -> tuple[int, ...]:
        """The masks left when the mixed-colour runs take ``run_stars`` stars at ``pos``."""
        return self._after_stars(owed, self.kept_run.get((pos, ANY_COLOUR), 0), run_stars)

    @staticmethod
    @functools.cache
    def _after_stars(owed: int, kept: int, stars: int) -> tuple[int, ...]:
        bits = [i for i in range(owed.bit_length()) if (kept & owed) >> i & 1]
        if not bits or not stars:
            return (owed,)
        take = min(stars, len(bits))
        return tuple(owed & ~sum(1 << i for i in chosen) for chosen in itertools.combinations(bits, take))
