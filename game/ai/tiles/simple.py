"""Plays that never rearrange the table: the way a beginner lays tiles.

The rack's own combinations go down as new combinations (the solver's best arrangement of the
rack alone), then single rack tiles are added at an end of a combination (a run one longer, a
group's fourth colour), one at a time, until none fits. Combinations already on the table are
never split, joined or reordered: each stays whole, in its order, inside one combination of
the new table, and a tile is never added where it would make a star stand for another tile
(``* * R7`` reads as a group of 7s, ``* * R7 R8`` as a run from R5). ``overlook`` is the
chance of not noticing each possible addition.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.pieces import Tile
from game.engine.tiles import Options, is_valid_meld, stars_kept

from .solver import Play as SolverPlay
from .solver import Work, WorkLimitReached, best_play, rack_value

Table = list[list[Tile]]


def lay_without_rearranging(
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]],
    opened: bool,
    options: Options,
    rng: random.Random,
    overlook: float = 0.0,
    work: Work | None = None,
) -> Table | None:
    """A new table laying rack tiles without touching the old combinations, or ``None``.

    Before opening: the best opening from the rack (it never touches the table). After:
    the rack's own combinations, then tiles added at the ends of combinations. ``work``: the
    solver's node limit (see ``best_play``; ``WorkLimitReached`` past it)."""
    if not opened:
        opening = best_play(rack, table, False, options=options, work=work)
        return opening.table if opening.placed else None
    own = best_play(rack, [], True, options=options, work=work)
    new_table: Table = [list(c) for c in table] + [list(c) for c in own.table]
    placed = {t.ident for t in own.placed}
    left = [t for t in rack if t.ident not in placed]
    while left:
        added = _add_one(new_table, left, options, rng, overlook)
        if added is None:
            break
        left = [t for t in left if t.ident != added.ident]
    return new_table if len(left) < len(rack) else None


def _add_one(
    table: Table, left: Sequence[Tile], options: Options, rng: random.Random, overlook: float
) -> Tile | None:
    """Add one tile of ``left`` at an end of a combination of ``table`` (in place)."""
    tiles = list(left)
    rng.shuffle(tiles)
    order = list(range(len(table)))
    rng.shuffle(order)
    for tile in tiles:
        for i in order:
            for candidate in ([*table[i], tile], [tile, *table[i]]):
                if (
                    is_valid_meld(candidate, options)
                    and stars_kept([table[i]], [candidate], options)
                    and rng.random() >= overlook
                ):
                    table[i] = candidate
                    return tile
    return None


def simple_play(
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]],
    opened: bool,
    options: Options,
    work: Work | None = None,
) -> SolverPlay:
    """``lay_without_rearranging`` (nothing overlooked) as a solver ``Play``: the stand-in
    when the solver refuses a table or needs more work than it is given. Within ``work``;
    should the rack alone need more, no play."""
    try:
        laid = lay_without_rearranging(rack, table, opened, options, random.Random(0), work=work)
    except WorkLimitReached:
        laid = None
    if laid is None:
        return SolverPlay([], [list(c) for c in table], 0)
    on_table = {t.ident for c in table for t in c}
    placed = [t for c in laid for t in c if t.ident not in on_table]
    return SolverPlay(placed, laid, rack_value(placed), opening=not opened)
