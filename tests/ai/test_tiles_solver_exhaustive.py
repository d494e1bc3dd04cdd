"""The solver against an independent brute force, on hundreds of small random positions.

The reference below shares no code with the solver: a combination is read straight from the
rules, and the best play is found by trying every sub-multiset of the rack and every partition
of the resulting tiles into combinations. That is only feasible on small positions, so the
positions come from ``random_position`` restricted to a few numbers and colours (seeded, so a
failure names its seed). Every play the solver returns is also checked with the engine's
``validate_play``.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.tiles.solver import best_play
from game.ai.tiles.solver_positions import random_position
from game.engine.errors import IllegalMove
from game.engine.pieces import Tile, make_tiles
from game.engine.tiles import Options, meld_value, validate_play

# --- the reference -----------------------------------------------------------------------

STAR = "*"


@dataclass(frozen=True)
class Rules:
    """The variants the reference knows."""

    ace_after_13: bool = False
    runs_only: bool = False
    groups_only: bool = False
    mixed_colour_runs: bool = False
    opening_min: int = 30


def read_points(meld: Sequence[Tile], rules: Rules = Rules()) -> int | None:
    """The points of ``meld`` (table order) as a legal combination, the best reading when two
    fit; ``None`` when it is not legal."""
    if len(meld) < 3 or all(t.is_star for t in meld):
        return None
    naturals = [t for t in meld if not t.is_star]
    readings = []
    one_number = len({t.number for t in naturals}) == 1
    colours_differ = len({t.colour for t in naturals}) == len(naturals)
    if not rules.runs_only and len(meld) <= 4 and one_number and colours_differ:
        readings.append(naturals[0].number * len(meld))
    if not rules.groups_only and (rules.mixed_colour_runs or len({t.colour for t in naturals}) == 1):
        highest = 14 if rules.ace_after_13 else 13
        for start in range(1, highest - len(meld) + 2):
            values = range(start, start + len(meld))
            if all(
                t.is_star or t.number == v or (v == 14 and t.number == 1)
                for t, v in zip(meld, values, strict=True)
            ):
                readings.append(sum(1 if v == 14 else v for v in values))
    return max(readings) if readings else None


def table_points(table: Iterable[Sequence[Tile]], rules: Rules = Rules()) -> int:
    total = 0
    for meld in table:
        points = read_points(meld, rules)
        assert points is not None, f"illegal combination {meld}"
        total += points
    return total


Face = tuple[str, int] | str


def face(t: Tile) -> Face:
    return STAR if t.is_star else (t.colour, t.number)


def candidate_melds(available: Counter, rules: Rules) -> list[tuple[tuple[tuple[Face, int], ...], int]]:
    """Every combination (as a sorted multiset of faces) that fits in ``available``, with its
    best points."""
    stars = available[STAR]
    colours = sorted({f[0] for f in available if f != STAR})
    numbers = sorted({f[1] for f in available if f != STAR})
    best: dict[tuple[tuple[Face, int], ...], int] = {}

    def offer(faces: list[Face], points: int) -> None:
        need = Counter(faces)
        if all(available[f] >= k for f, k in need.items()):
            key = tuple(sorted(need.items(), key=repr))
            if best.get(key, -1) < points:
                best[key] = points

    if not rules.runs_only:
        for n in numbers:
            for size in range(1, 5):
                for cs in itertools.combinations(colours, size):
                    for s in range(stars + 1):
                        if 3 <= size + s <= 4:
                            offer([(c, n) for c in cs] + [STAR] * s, n * (size + s))
    if not rules.groups_only:
        highest = 14 if rules.ace_after_13 else 13
        run_colours: list[str | None] = [None] if rules.mixed_colour_runs else list(colours)
        for colour in run_colours:
            for start in range(1, highest - 1):
                for length in range(3, highest - start + 2):
                    values = list(range(start, start + length))
                    for pick in _run_fillings(values, colour, colours, available, stars):
                        offer(pick, sum(1 if v == 14 else v for v in values))
    return list(best.items())


def _run_fillings(
    values: list[int], colour: str | None, colours: Sequence[str], available: Counter, stars: int
) -> Iterable[list[Face]]:
    """Every way to fill the places ``values`` of a run with available naturals of ``colour``
    (any colour when ``None``) and at most ``stars`` stars, with at least one natural."""
    for filling in _fill(values, colour, colours, available, stars):
        if any(f != STAR for f in filling):
            yield filling


def _fill(
    values: list[int], colour: str | None, colours: Sequence[str], available: Counter, stars: int
) -> Iterable[list[Face]]:
    if not values:
        yield []
        return
    n = 1 if values[0] == 14 else values[0]
    options: list[Face] = [(c, n) for c in (colours if colour is None else [colour]) if available[(c, n)]]
    for f in options:
        for rest in _fill(values[1:], colour, colours, available, stars):
            yield [f, *rest]
    if stars:
        for rest in _fill(values[1:], colour, colours, available, stars - 1):
            yield [STAR, *rest]


def best_points(tiles: Counter, rules: Rules) -> int | None:
    """The most points of a partition of ``tiles`` into legal combinations, or ``None``."""
    melds = candidate_melds(tiles, rules)
    by_face: dict[Face, list[tuple[tuple[tuple[Face, int], ...], int]]] = {}
    for key, points in melds:
        for f, _ in key:
            if f != STAR:
                by_face.setdefault(f, []).append((key, points))

    @functools.cache
    def solve(remaining: tuple[tuple[Face, int], ...]) -> int | None:
        left = dict(remaining)
        naturals = sorted(f for f in left if f != STAR)
        if not naturals:
            return 0 if not left else None
        first = naturals[0]
        result = None
        for key, points in by_face.get(first, []):
            if all(left.get(f, 0) >= k for f, k in key):
                rest = dict(left)
                for f, k in key:
                    rest[f] -= k
                    if not rest[f]:
                        del rest[f]
                sub = solve(tuple(sorted(rest.items(), key=repr)))
                if sub is not None and (result is None or sub + points > result):
                    result = sub + points
        return result

    return solve(tuple(sorted(((f, k) for f, k in tiles.items() if k), key=repr)))


def brute_force(
    rack: Sequence[Tile], table: Sequence[Sequence[Tile]], opened: bool, rules: Rules = Rules()
) -> tuple[int, int]:
    """(most rack tiles placed, best value) by trying every choice of rack tiles. The value
    is the opening's points before opening, the rack value of the placed tiles (a star 25)
    after."""
    on_table = Counter(face(t) for meld in table for t in meld)
    in_rack = Counter(face(t) for t in rack)
    faces = sorted(in_rack, key=repr)
    best = (0, 0)
    for counts in itertools.product(*(range(in_rack[f] + 1) for f in faces)):
        placed = sum(counts)
        if placed == 0:
            continue
        chosen = Counter({f: k for f, k in zip(faces, counts, strict=True) if k})
        if opened:
            if best_points(on_table + chosen, rules) is not None:
                value = sum((25 if f == STAR else f[1]) * k for f, k in chosen.items())
                best = max(best, (placed, value))
        else:
            points = best_points(chosen, rules)
            if points is not None and points >= rules.opening_min:
                best = max(best, (placed, points))
    return best


# --- the comparisons ---------------------------------------------------------------------

SMALL_NUMBERS = (1, 2, 3, 4, 5, 6)
THREE_COLOURS = ("K", "R", "B")


def small_position(seed: int, colours=THREE_COLOURS, numbers=SMALL_NUMBERS, kinds=("run", "group")):
    rng = random.Random(seed)
    return random_position(
        rng,
        rng.randint(1, 6),
        rng.randint(0, 12),
        colours=colours,
        numbers=numbers,
        kinds=kinds,
        star_chance=0.3,
    )


def compare(seeds: Iterable[int], variant: str | None, opened: bool, minimum: int, **position_kw) -> int:
    """Solve each position with the solver and the brute force; return how many were
    compared. Fails on the first difference or illegal play."""
    flags = {variant: True} if variant else {}
    options = Options(**flags)
    rules = Rules(**flags, opening_min=minimum)
    compared = 0
    for seed in seeds:
        position = small_position(seed, **position_kw)
        table = [m for m in position.table if read_points(m, rules) is not None]
        expected = brute_force(position.rack, table, opened, rules)
        play = best_play(position.rack, table, opened, minimum, options=options)
        context = f"seed {seed}, rack {position.rack}, table {table}, play {play}"
        assert (play.count, play.value) == expected, context
        if play.placed:
            assert (
                validate_play(table, position.rack, play.table, opened, minimum, options=options) is not None
            )
        else:
            assert [list(m) for m in play.table] == [list(m) for m in table], context
        compared += 1
    return compared


@pytest.mark.parametrize("chunk", range(6))
def test_best_play_matches_brute_force_after_opening(chunk):
    assert compare(range(chunk * 50, chunk * 50 + 50), None, True, 30) == 50


@pytest.mark.parametrize("chunk", range(3))
def test_best_play_matches_brute_force_with_four_colours(chunk):
    seeds = range(1000 + chunk * 30, 1000 + chunk * 30 + 30)
    assert compare(seeds, None, True, 30, colours=("K", "R", "B", "O"), numbers=(1, 2, 3, 4, 5)) == 30


@pytest.mark.parametrize("minimum", [0, 10, 15, 30])
def test_best_opening_matches_brute_force(minimum):
    assert compare(range(2000, 2040), None, False, minimum, numbers=(3, 4, 5, 6, 7, 8)) == 40


def test_ace_after_13_matches_brute_force():
    numbers = (1, 2, 3, 11, 12, 13)
    assert compare(range(3000, 3080), "ace_after_13", True, 30, numbers=numbers) == 80
    assert compare(range(3100, 3130), "ace_after_13", False, 20, numbers=numbers) == 30


def ace_high_position(seed: int) -> tuple[list[Tile], list[list[Tile]]]:
    """A table with a run ending on a 1 at 14 and a group of 1s (which may leave out that
    run's colour), and a rack from the tiles left around 1 and 13."""
    rng = random.Random(seed)
    colours = ["K", "R", "B", "O"]
    pool = [t for t in make_tiles(2) if t.is_star or (t.number in (1, 2, 3, 11, 12, 13))]
    rng.shuffle(pool)

    def take(colour: str, number: int) -> Tile:
        tile = next(t for t in pool if t.colour == colour and t.number == number)
        pool.remove(tile)
        return tile

    ace = rng.choice(colours)
    table = [[take(ace, n) for n in range(rng.choice((11, 12)), 14)] + [take(ace, 1)]]
    table.append([take(c, 1) for c in rng.sample(colours, rng.choice((3, 4)))])
    return pool[: rng.randint(1, 7)], table


def test_ace_after_13_with_a_run_ending_at_14_matches_brute_force():
    rules = Rules(ace_after_13=True)
    options = Options(ace_after_13=True)
    for seed in range(3200, 3260):
        rack, table = ace_high_position(seed)
        expected = brute_force(rack, table, True, rules)
        play = best_play(rack, table, True, options=options)
        assert (play.count, play.value) == expected, f"seed {seed}, rack {rack}, table {table}"


def test_runs_only_matches_brute_force():
    assert compare(range(4000, 4060), "runs_only", True, 30, kinds=("run",)) == 60


def test_groups_only_matches_brute_force():
    assert (
        compare(range(5000, 5060), "groups_only", True, 30, kinds=("group",), colours=("K", "R", "B", "O"))
        == 60
    )


def test_mixed_colour_runs_match_brute_force():
    numbers = (1, 2, 3, 4, 5)
    assert (
        compare(range(6000, 6030), "mixed_colour_runs", True, 30, numbers=numbers, colours=("K", "R")) == 30
    )
    assert (
        compare(range(6100, 6115), "mixed_colour_runs", False, 10, numbers=numbers, colours=("K", "R")) == 15
    )


# --- the reference itself, against the engine ----------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_reference_reads_combinations_like_the_engine(data):
    tiles = make_tiles()
    picked = data.draw(st.lists(st.sampled_from(tiles), min_size=3, max_size=6, unique_by=lambda t: t.ident))
    flags = data.draw(
        st.sampled_from([{}, {"ace_after_13": True}, {"runs_only": True}, {"mixed_colour_runs": True}])
    )
    try:
        engine = meld_value(picked, Options(**flags))
    except IllegalMove:
        engine = None
    assert read_points(picked, Rules(**flags)) == engine


def test_reference_finds_a_known_partition():
    table = [[Tile("R", n, 0) for n in (1, 2, 3)], [Tile(c, 4, 0) for c in "KRB"]]
    rack = [Tile("R", 4, 1), Tile("O", 4, 0)]
    # R1 R2 R3 R4 + K4 B4 O4: both rack tiles go down (4 + 4 points of rack value)
    assert brute_force(rack, table, True) == (2, 8)
