"""A random bot for the tile game: it lays tiles whenever it finds a way, else takes the turn
rule's default action.

It opens with rack combinations packed at random when they reach the minimum. Once open, it
tries a few table changes in random order: lay a new combination, add a tile to a combination,
split a run to insert a twin, take a tile off one combination to build a new one with rack
tiles, move a tile between combinations, free a star with the tile it stands for and use the
star again elsewhere. The proposed table is checked with the view before it is played. It never
returns ``Timeout``: the sand glass is the interface's, not a player's move.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from game.ai.base import Bot
from game.engine.base import Move, NextRound
from game.engine.pieces import Tile
from game.engine.tiles import (
    MeldReading,
    Options,
    Play,
    TilesView,
    arrange_meld,
    is_valid_meld,
    read_meld,
)

Table = list[list[Tile]]
Rack = list[Tile]
Pattern = tuple[Tile | None, ...]
"""A combination from the rack with ``None`` where any free star goes."""

MAX_RUN = 8
OPENING_TRIES = 6


class RandomBot(Bot):
    """Lays what it can find, chosen at random; otherwise a random non-play move."""

    level = "random"

    def choose(self, view: TilesView) -> Move:
        moves = view.legal_moves()
        if view.can_play_now:
            table = self.find_play(view)
            if table is not None:
                return Play(table)
        return self._fallback(moves)

    def _fallback(self, moves: Sequence[Move]) -> Move:
        if any(isinstance(m, NextRound) for m in moves):
            return NextRound()
        return self.rng.choice(list(moves))

    # ----------------------------------------------------------------------------------------
    # Plays

    def find_play(self, view: TilesView) -> tuple[tuple[Tile, ...], ...] | None:
        """A legal end table for this turn, or ``None`` when none was found."""
        opts = view.options
        table: Table = [list(c) for c in view.table]
        rack: Rack = list(view.hand)
        safe: Table | None = None
        if not view.has_opened:
            opening = self.opening(rack, opts)
            if not opening or sum(read_meld(c, opts).points for c in opening) < opts.opening_min:
                return None
            table.extend(opening)
            rack = _without(rack, [t for c in opening for t in c])
            safe = [list(c) for c in table]
            if not opts.continue_after_opening or not rack:
                return _checked(view, table)
        self._rearrange(table, rack, opts)
        found = _checked(view, table) if len(rack) < len(view.hand) else None
        return found if found is not None else (_checked(view, safe) if safe else None)

    def _rearrange(self, table: Table, rack: Rack, opts: Options) -> None:
        """Apply one to four random successful table changes, then make sure one lays a tile."""
        ops: list[Callable[[Table, Rack, Options], bool]] = [
            self._lay_new,
            self._extend,
            self._split_insert,
            self._build_with_table_tile,
            self._move_between,
            self._free_star,
        ]
        start = len(rack)
        for _ in range(self.rng.randint(1, 4)):
            self.rng.shuffle(ops)
            for op in ops:
                if rack and op(table, rack, opts):
                    break
        if len(rack) == start:
            for op in (
                self._extend,
                self._lay_new,
                self._split_insert,
                self._build_with_table_tile,
                self._free_star,
            ):
                if rack and op(table, rack, opts):
                    return

    def opening(self, rack: Rack, opts: Options) -> Table:
        """Disjoint rack combinations worth as much as a few random packings find."""
        patterns = rack_patterns(rack, opts)
        best: Table = []
        best_points = -1
        for _ in range(OPENING_TRIES):
            chosen = self._pack(patterns, rack, opts)
            points = sum(read_meld(c, opts).points for c in chosen)
            if points > best_points:
                best, best_points = chosen, points
        return best

    def _pack(self, patterns: Sequence[Pattern], rack: Rack, opts: Options) -> Table:
        stars = [t for t in rack if t.is_star]
        used: set[str] = set()
        chosen: Table = []
        ranked = sorted(patterns, key=lambda p: -_pattern_points(p, opts) * self.rng.uniform(0.6, 1.4))
        for pattern in ranked:
            combo = _fill(pattern, used, stars)
            if combo is not None:
                chosen.append(combo)
                used.update(t.ident for t in combo)
        return chosen

    def _lay_new(self, table: Table, rack: Rack, opts: Options) -> bool:
        patterns = rack_patterns(rack, opts)
        if not patterns:
            return False
        combo = _fill(self.rng.choice(patterns), set(), [t for t in rack if t.is_star])
        if combo is None:
            return False
        table.append(combo)
        rack[:] = _without(rack, combo)
        return True

    def _extend(self, table: Table, rack: Rack, opts: Options) -> bool:
        readings = [read_meld(c, opts) for c in table]
        for t in self._shuffled(rack):
            for i in self._shuffled(range(len(table))):
                if not _could_join(t, readings[i], opts):
                    continue
                for candidate in ([*table[i], t], [t, *table[i]]):
                    if is_valid_meld(candidate, opts):
                        table[i] = candidate
                        rack[:] = _without(rack, [t])
                        return True
        return False

    def _split_insert(self, table: Table, rack: Rack, opts: Options) -> bool:
        """A run split in two with a rack tile at the cut: ``R3..R9`` + ``R6`` ->
        ``R3 R4 R5 R6`` and ``R6 R7 R8 R9``."""
        for i in self._shuffled(range(len(table))):
            combo = table[i]
            if len(combo) < 5:
                continue
            reading = read_meld(combo, opts)
            if reading.kind != "run":
                continue
            for t in self._shuffled(rack):
                if not t.is_star and not (
                    reading.values[0] <= t.number <= reading.values[-1]
                    and (reading.colour is None or reading.colour == t.colour)
                ):
                    continue
                for cut in range(2, len(combo) - 1):
                    for left, right in (([*combo[:cut], t], combo[cut:]), (combo[:cut], [t, *combo[cut:]])):
                        if is_valid_meld(left, opts) and is_valid_meld(right, opts):
                            table[i : i + 1] = [left, right]
                            rack[:] = _without(rack, [t])
                            return True
        return False

    def _build_with_table_tile(self, table: Table, rack: Rack, opts: Options) -> bool:
        """A tile taken off a combination that stays valid, laid with two rack tiles."""
        for i, j, rest in self._removable(table, opts):
            taken = table[i][j]
            for pair in _partners(taken, rack, opts):
                combo = arrange_meld([taken, *pair], opts)
                if combo is not None:
                    table[i] = rest
                    table.append(list(combo))
                    rack[:] = _without(rack, pair)
                    return True
        return False

    def _move_between(self, table: Table, rack: Rack, opts: Options) -> bool:
        """A tile moved from one combination to another (no rack tile)."""
        readings = [read_meld(c, opts) for c in table]
        for i, j, rest in self._removable(table, opts):
            taken = table[i][j]
            for k in self._shuffled(range(len(table))):
                if k == i or not _could_join(taken, readings[k], opts):
                    continue
                for candidate in ([*table[k], taken], [taken, *table[k]]):
                    if is_valid_meld(candidate, opts):
                        table[i], table[k] = rest, candidate
                        return True
        return False

    def _free_star(self, table: Table, rack: Rack, opts: Options) -> bool:
        """A star replaced by the rack tile it stands for, then used again on the table."""
        for i in self._shuffled(range(len(table))):
            for j, star in enumerate(table[i]):
                if not star.is_star:
                    continue
                for t in rack:
                    replaced = [*table[i][:j], t, *table[i][j + 1 :]]
                    if t.is_star or not is_valid_meld(replaced, opts):
                        continue
                    left = _without(rack, [t])
                    if self._place_star(table, i, replaced, star, left, opts):
                        rack[:] = left
                        return True
        return False

    def _place_star(
        self, table: Table, i: int, replaced: list[Tile], star: Tile, rack: Rack, opts: Options
    ) -> bool:
        for k in self._shuffled(range(len(table))):
            if k == i:
                continue
            for candidate in (table[k] + [star], [star, *table[k]]):
                if is_valid_meld(candidate, opts):
                    table[i], table[k] = replaced, candidate
                    return True
        for a, b in itertools.combinations([t for t in rack if not t.is_star], 2):
            combo = arrange_meld([star, a, b], opts)
            if combo is not None:
                table[i] = replaced
                table.append(list(combo))
                rack[:] = _without(rack, [a, b])
                return True
        return False

    def _removable(self, table: Table, opts: Options) -> list[tuple[int, int, list[Tile]]]:
        """(combination, position, what is left) for tiles that can leave their combination:
        the ends of a run, any tile of a group, when 3 valid tiles stay."""
        found = []
        for i, combo in enumerate(table):
            if len(combo) < 4:
                continue
            for j in {0, len(combo) - 1} | (set(range(len(combo))) if len(combo) == 4 else set()):
                rest = combo[:j] + combo[j + 1 :]
                if is_valid_meld(rest, opts):
                    found.append((i, j, rest))
        self.rng.shuffle(found)
        return found

    def _shuffled(self, items: Any) -> list[Any]:
        out = list(items)
        self.rng.shuffle(out)
        return out


# --------------------------------------------------------------------------------------------
# Rack combinations


def rack_patterns(rack: Sequence[Tile], opts: Options) -> list[Pattern]:
    """Every group and run (up to ``MAX_RUN`` long) the rack can make, stars as ``None``."""
    stars = sum(1 for t in rack if t.is_star)
    found: list[Pattern] = []
    if not opts.runs_only:
        found += _group_patterns(rack, stars)
    if not opts.groups_only:
        found += _run_patterns(rack, stars, opts)
    return [p for p in found if is_valid_meld(_placeholder(p), opts)]


def _group_patterns(rack: Sequence[Tile], stars: int) -> list[Pattern]:
    found: list[Pattern] = []
    for number in range(1, 14):
        by_colour: dict[str, Tile] = {}
        for t in rack:
            if t.number == number:
                by_colour.setdefault(t.colour, t)
        naturals = list(by_colour.values())
        for size in range(1, len(naturals) + 1):
            for chosen in itertools.combinations(naturals, size):
                for wild in range(max(0, 3 - size), min(stars, 4 - size) + 1):
                    found.append(tuple(chosen) + (None,) * wild)
    return found


def _run_patterns(rack: Sequence[Tile], stars: int, opts: Options) -> list[Pattern]:
    buckets: dict[str, dict[int, Tile]] = {}
    for t in rack:
        if not t.is_star:
            buckets.setdefault("" if opts.mixed_colour_runs else t.colour, {}).setdefault(t.number, t)
    top = 14 if opts.ace_after_13 else 13
    found: list[Pattern] = []
    for by_number in buckets.values():
        if 1 in by_number and opts.ace_after_13:
            by_number = {**by_number, 14: by_number[1]}
        for start in range(1, top - 1):
            window: list[Tile | None] = []
            wild = 0
            for value in range(start, min(top, start + MAX_RUN - 1) + 1):
                tile = by_number.get(value)
                window.append(tile)
                wild += tile is None
                if wild > stars:
                    break
                if len(window) >= 3 and wild < len(window):
                    found.append(tuple(window))
    return found


def _could_join(tile: Tile, reading: MeldReading, opts: Options) -> bool:
    """A quick test before the real one: could ``tile`` go at an end of this combination?"""
    if tile.is_star:
        return True
    if reading.kind == "group":
        return tile.number == reading.values[0] and len(reading.values) < 4
    low, high = reading.values[0], reading.values[-1]
    number = tile.number
    return number in (low - 1, high + 1) or (opts.ace_after_13 and number == 1 and high == 13)


def _placeholder(pattern: Pattern) -> list[Tile]:
    return [t if t is not None else Tile("", 0, 90 + k) for k, t in enumerate(pattern)]


def _pattern_points(pattern: Pattern, opts: Options) -> int:
    return read_meld(_placeholder(pattern), opts).points


def _fill(pattern: Pattern, used: set[str], stars: Sequence[Tile]) -> list[Tile] | None:
    """The pattern with free stars in place of ``None``, or ``None`` when a tile is taken."""
    free = [s for s in stars if s.ident not in used]
    out: list[Tile] = []
    for t in pattern:
        if t is None:
            if not free:
                return None
            out.append(free.pop())
        elif t.ident in used:
            return None
        else:
            out.append(t)
    return out


def _partners(taken: Tile, rack: Sequence[Tile], opts: Options) -> list[tuple[Tile, Tile]]:
    """Pairs of rack tiles that might make a combination with ``taken``: for a group, other
    colours of its number; for a run, numbers within two of it (in its colour unless runs may
    mix colours); stars fit both."""
    stars = [t for t in rack if t.is_star]
    if taken.is_star:
        return list(itertools.combinations([t for t in rack if not t.is_star][:10], 2))
    same = [t for t in rack if t.number == taken.number and t.colour != taken.colour]
    near = [
        t
        for t in rack
        if not t.is_star
        and 0 < abs(t.number - taken.number) <= 2
        and (opts.mixed_colour_runs or t.colour == taken.colour)
    ]
    pairs = set()
    for pool in (same + stars, near + stars):
        pairs.update(itertools.combinations(pool, 2))
    return sorted(pairs, key=lambda pair: (pair[0].ident, pair[1].ident))


def _without(rack: Sequence[Tile], gone: Sequence[Tile]) -> Rack:
    idents = {t.ident for t in gone}
    return [t for t in rack if t.ident not in idents]


def _checked(view: TilesView, table: Table) -> tuple[tuple[Tile, ...], ...] | None:
    proposal = tuple(tuple(c) for c in table)
    return proposal if view.why_not(Play(proposal)) is None else None
