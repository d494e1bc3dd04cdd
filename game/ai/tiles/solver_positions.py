"""Random positions of the tile game for the solver's tests and benchmark.

A position is what a player faces in a partly played game: the 106 tiles are shuffled, a legal
table of about ``table_size`` tiles is built from real combinations (runs of 3 to 6 tiles and
groups of 3 or 4, now and then with a star standing in one of their places), and the rack is
``rack_size`` tiles dealt from what is left. Everything comes from a seeded ``random.Random``,
so a seed names a position.

The size classes of the benchmark (``SIZE_CLASSES``) go from an early game (a small table) to
the largest position the solver is specified for (20 rack tiles, about 80 table tiles).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine.pieces import COLOURS, Tile, make_tiles

MAX_NUMBER = 13


@dataclass(frozen=True)
class SizeClass:
    """Rack sizes and table sizes drawn uniformly from these inclusive ranges."""

    name: str
    rack: tuple[int, int]
    table: tuple[int, int]


SIZE_CLASSES: tuple[SizeClass, ...] = (
    SizeClass("small", (6, 10), (0, 20)),
    SizeClass("medium", (10, 14), (20, 40)),
    SizeClass("large", (14, 18), (40, 60)),
    SizeClass("largest", (20, 20), (75, 80)),
)


@dataclass(frozen=True)
class Position:
    """A rack and a legal table (combinations in table order)."""

    rack: list[Tile]
    table: list[list[Tile]]

    @property
    def table_size(self) -> int:
        return sum(len(c) for c in self.table)


def random_position(
    rng: random.Random,
    rack_size: int,
    table_size: int,
    *,
    stars: int = 2,
    star_chance: float = 0.15,
    colours: tuple[str, ...] = COLOURS,
    numbers: tuple[int, ...] = tuple(range(1, MAX_NUMBER + 1)),
    kinds: tuple[str, ...] = ("run", "group"),
) -> Position:
    """A position with a rack of ``rack_size`` tiles (fewer if the set runs out) and a table
    of ``table_size`` tiles or a little less (never more) built from real combinations.

    ``colours`` and ``numbers`` restrict the tile set (small sets make brute force feasible);
    runs are then made of consecutive numbers within ``numbers``. ``kinds``: the combinations
    the table is built from (``"run"``, ``"group"``), for the runs-only and groups-only games.
    """
    tiles = [t for t in make_tiles(stars) if t.is_star or (t.colour in colours and t.number in numbers)]
    rng.shuffle(tiles)
    pool: dict[tuple[str, int], list[Tile]] = {}
    spare_stars: list[Tile] = []
    for t in tiles:
        if t.is_star:
            spare_stars.append(t)
        else:
            pool.setdefault((t.colour, t.number), []).append(t)
    table: list[list[Tile]] = []
    laid = 0
    for _ in range(400):
        room = table_size - laid
        if room < 3:
            break
        meld = _random_meld(rng, pool, colours, numbers, min(room, 6), kinds)
        if meld is None:
            continue
        if spare_stars and rng.random() < star_chance:
            i = rng.randrange(len(meld))
            t = meld[i]
            pool[(t.colour, t.number)].append(t)
            meld[i] = spare_stars.pop()
        table.append(meld)
        laid += len(meld)
    rest = [t for ts in pool.values() for t in ts] + spare_stars
    rest.sort(key=lambda t: t.ident)
    rng.shuffle(rest)
    return Position(rest[:rack_size], table)


def _random_meld(
    rng: random.Random,
    pool: dict[tuple[str, int], list[Tile]],
    colours: tuple[str, ...],
    numbers: tuple[int, ...],
    longest: int,
    kinds: tuple[str, ...],
) -> list[Tile] | None:
    """A run or a group taken out of ``pool``, or ``None`` when the random pick is not there."""
    if rng.choice(kinds) == "group":
        n = rng.choice(numbers)
        have = [c for c in colours if pool.get((c, n))]
        size = rng.choice((3, 4))
        if len(have) < size or size > longest:
            return None
        chosen = rng.sample(have, size)
        return [pool[(c, n)].pop() for c in chosen]
    colour = rng.choice(colours)
    length = rng.randint(3, longest)
    start = rng.choice(numbers)
    wanted = [(colour, start + i) for i in range(length)]
    if any(not pool.get(face) for face in wanted):
        return None
    return [pool[face].pop() for face in wanted]
