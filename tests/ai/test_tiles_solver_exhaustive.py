"""The solver against an independent brute force, on hundreds of small random positions.

The reference below shares no code with the solver: a combination is read straight from the
rules, and the best play is found by trying every sub-multiset of the rack and every partition
of the resulting tiles into combinations. That is only feasible on small positions, so the
positions come from ``random_position`` restricted to a few numbers and colours (seeded, so a
failure names its seed). Every play the solver returns is also checked with the engine's
``validate_play``.

Stars on the table keep their place until freed (RULES.md section 3): "Until it is freed, a
star keeps standing for the tile it stood for at the start of the turn (in a run, that number
and colour; in a group, that number)". The reference tries every set of table stars to free
(each needs its own tile of what it stood for on the end table, two stars of one group tiles
of two colours) and lays the others as *kept* stars, which only fill a place where they stand,
read as the engine reads (the reading worth more, a run on equal points), for what they stood
for.
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

pytestmark = pytest.mark.slow  # compares exhaustively

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
    reading = read_faces([face(t) for t in meld], rules)
    return None if reading is None else reading[0]


def read_faces(faces: Sequence, rules: Rules) -> tuple[int, str, list[int]] | None:
    """(points, "run" or "group", what each place stands for: a run's values 1-14, a group's
    number) of faces in table order (anything not a (colour, number) pair is a star), the best
    reading, a run on equal points; ``None`` when it is no combination."""
    naturals = [f for f in faces if isinstance(f, tuple) and len(f) == 2]
    if len(faces) < 3 or not naturals:
        return None
    readings = []
    one_number = len({n for _c, n in naturals}) == 1
    colours_differ = len({c for c, _n in naturals}) == len(naturals)
    if not rules.runs_only and len(faces) <= 4 and one_number and colours_differ:
        number = naturals[0][1]
        readings.append((number * len(faces), 0, "group", [number] * len(faces)))
    if not rules.groups_only and (rules.mixed_colour_runs or len({c for c, _n in naturals}) == 1):
        highest = 14 if rules.ace_after_13 else 13
        for start in range(1, highest - len(faces) + 2):
            values = list(range(start, start + len(faces)))
            if all(
                f not in naturals or f[1] == v or (v == 14 and f[1] == 1)
                for f, v in zip(faces, values, strict=True)
            ):
                readings.append((sum(1 if v == 14 else v for v in values), 1, "run", values))
                break
    if not readings:
        return None
    points, _run_first, kind, values = max(readings, key=lambda r: (r[0], r[1]))
    return points, kind, values


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


# A kept table star is a token: ("kept", "run", colour or None, number) or
# ("kept", "group", None, number). It fills only a star's place where it stands for that.


def star_token(meld: Sequence[Tile], index: int, rules: Rules) -> tuple:
    """The token of the star at ``index`` of a legal table combination."""
    _points, kind, values = read_faces([face(t) for t in meld], rules)
    number = 1 if values[index] == 14 else values[index]
    colour = None
    if kind == "run" and not rules.mixed_colour_runs:
        colour = next(t.colour for t in meld if not t.is_star)
    return ("kept", kind, colour, number)


def _reads_as_group_with_tokens(faces: Sequence, rules: Rules) -> bool:
    reading = read_faces(faces, rules)
    return reading is not None and reading[1] == "group" and tokens_stand(faces, rules)


def tokens_stand(faces: Sequence, rules: Rules) -> bool:
    """Whether every kept token of ``faces`` (table order) stands where it must."""
    tokens = [(i, f) for i, f in enumerate(faces) if isinstance(f, tuple) and len(f) == 4]
    if not tokens:
        return True
    reading = read_faces(faces, rules)
    if reading is None:
        return False
    _points, kind, values = reading
    naturals = [f for f in faces if isinstance(f, tuple) and len(f) == 2]
    for i, (_k, token_kind, colour, number) in tokens:
        here = 1 if values[i] == 14 else values[i]
        if token_kind != kind or here != number:
            return False
        if kind == "run" and colour is not None and naturals[0][0] != colour:
            return False
    return True


def candidate_melds(available: Counter, rules: Rules) -> list[tuple[tuple[tuple[Face, int], ...], int]]:
    """Every combination (as a sorted multiset of faces) that fits in ``available``, with its
    best points."""
    stars = available[STAR]
    natural_faces = [f for f in available if isinstance(f, tuple) and len(f) == 2]
    colours = sorted({f[0] for f in natural_faces})
    numbers = sorted({f[1] for f in natural_faces})
    best: dict[tuple[tuple[Face, int], ...], int] = {}

    def offer(faces: list[Face], points: int) -> None:
        need = Counter(faces)
        if all(available[f] >= k for f, k in need.items()):
            key = tuple(sorted(need.items(), key=repr))
            if best.get(key, -1) < points:
                best[key] = points

    tokens = sorted({f for f in available if isinstance(f, tuple) and len(f) == 4 and available[f]})
    wilds = [STAR] * stars + [t for t in tokens for _ in range(available[t])]
    if not rules.runs_only:
        for n in numbers:
            for size in range(1, 5):
                for cs in itertools.combinations(colours, size):
                    for s in range(min(len(wilds), 4 - size) + 1):
                        if size + s < 3:
                            continue
                        for chosen in set(itertools.combinations(wilds, s)):
                            faces = [(c, n) for c in cs] + list(chosen)
                            if chosen.count(STAR) == s or any(
                                _reads_as_group_with_tokens(order, rules)
                                for order in itertools.permutations(faces)
                            ):
                                offer(faces, n * (size + s))
    if not rules.groups_only:
        highest = 14 if rules.ace_after_13 else 13
        run_colours: list[str | None] = [None] if rules.mixed_colour_runs else list(colours)
        for colour in run_colours:
            for start in range(1, highest - 1):
                for length in range(3, highest - start + 2):
                    values = list(range(start, start + length))
                    for pick in _run_fillings(values, colour, colours, available, stars):
                        reading = read_faces(pick, rules)
                        if reading is not None and tokens_stand(pick, rules):
                            offer(pick, reading[0])
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
    options += [
        f
        for f in available
        if isinstance(f, tuple) and len(f) == 4 and available[f] and f[1] == "run" and f[3] == n
    ]
    for f in options:
        left = available
        if len(f) == 4:
            left = available.copy()
            left[f] -= 1
        for rest in _fill(values[1:], colour, colours, left, stars):
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
            if isinstance(f, tuple) and len(f) == 2:
                by_face.setdefault(f, []).append((key, points))

    @functools.cache
    def solve(remaining: tuple[tuple[Face, int], ...]) -> int | None:
        left = dict(remaining)
        naturals = sorted(f for f in left if isinstance(f, tuple) and len(f) == 2)
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
    table_stars = [
        (i, star_token(meld, j, rules), meld)
        for i, meld in enumerate(table)
        for j, t in enumerate(meld)
        if t.is_star
    ]
    in_rack = Counter(face(t) for t in rack)
    faces = sorted(in_rack, key=repr)
    best = (0, 0)
    for counts in itertools.product(*(range(in_rack[f] + 1) for f in faces)):
        placed = sum(counts)
        if placed == 0:
            continue
        chosen = Counter({f: k for f, k in zip(faces, counts, strict=True) if k})
        if opened:
            if _arranges_with_stars(on_table + chosen, table_stars, rules):
                value = sum((25 if f == STAR else f[1]) * k for f, k in chosen.items())
                best = max(best, (placed, value))
        else:
            points = best_points(chosen, rules)
            if points is not None and points >= rules.opening_min:
                best = max(best, (placed, points))
    return best


def _arranges_with_stars(tiles: Counter, table_stars: list, rules: Rules) -> bool:
    """Whether ``tiles`` (the table's stars counted as plain stars) split into combinations
    where every table star keeps its place or is freed."""
    if not table_stars:
        return best_points(tiles, rules) is not None
    naturals = Counter({f: k for f, k in tiles.items() if f != STAR})
    for freed in itertools.product((False, True), repeat=len(table_stars)):
        chosen = [s for s, free in zip(table_stars, freed, strict=True) if free]
        if not _tiles_free(chosen, naturals):
            continue
        with_tokens = tiles.copy()
        for (_i, token, _meld), free in zip(table_stars, freed, strict=True):
            if not free:
                with_tokens[STAR] -= 1
                with_tokens[token] += 1
        if best_points(+with_tokens, rules) is not None:
            return True
    return False


def _tiles_free(stars: list, naturals: Counter, taken: frozenset = frozenset()) -> bool:
    """Each star gets its own numbered tile of what it stood for (in a group: a colour the
    group lacks; two stars of one group: two colours; ``taken``: (group, colour) used)."""
    if not stars:
        return True
    (index, (_k, kind, colour, number), meld), rest = stars[0], stars[1:]
    if kind == "group":
        present = {t.colour for t in meld if not t.is_star}
        wanted = [(c, number) for c in "KRBO" if c not in present and (index, c) not in taken]
    elif colour is None:
        wanted = [(c, number) for c in "KRBO"]
    else:
        wanted = [(colour, number)]
    for f in wanted:
        if naturals[f] <= 0:
            continue
        naturals[f] -= 1
        ok = _tiles_free(rest, naturals, taken | {(index, f[0])} if kind == "group" else taken)
        naturals[f] += 1
        if ok:
            return True
    return False


# --- the comparisons ---------------------------------------------------------------------

SMALL_NUMBERS = (1, 2, 3, 4, 5, 6)
THREE_COLOURS = ("K", "R", "B")


def small_position(
    seed: int, colours=THREE_COLOURS, numbers=SMALL_NUMBERS, kinds=("run", "group"), star_chance=0.3
):
    rng = random.Random(seed)
    return random_position(
        rng,
        rng.randint(1, 6),
        rng.randint(0, 12),
        colours=colours,
        numbers=numbers,
        kinds=kinds,
        star_chance=star_chance,
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


@pytest.mark.parametrize("chunk", range(2))
def test_best_play_matches_brute_force_with_stars_on_the_table(chunk):
    """Every combination laid gets a star when one is left: most tables hold both stars, and a
    star must keep its place or be freed ("Until it is freed, a star keeps standing for the tile
    it stood for at the start of the turn")."""
    seeds = range(7000 + chunk * 25, 7000 + chunk * 25 + 25)
    assert compare(seeds, None, True, 30, star_chance=1.0) == 25


def test_stars_on_the_table_with_four_colours_and_the_variants():
    four = {"colours": ("K", "R", "B", "O"), "numbers": (1, 2, 3, 4, 5), "star_chance": 1.0}
    assert compare(range(7100, 7112), None, True, 30, **four) == 12
    ace = {"numbers": (1, 2, 3, 11, 12, 13), "star_chance": 1.0}
    assert compare(range(7200, 7212), "ace_after_13", True, 30, **ace) == 12
    mixed = {"numbers": (1, 2, 3, 4, 5), "colours": ("K", "R"), "star_chance": 1.0}
    assert compare(range(7300, 7310), "mixed_colour_runs", True, 30, **mixed) == 10
    assert (
        compare(
            range(7400, 7412),
            "groups_only",
            True,
            30,
            kinds=("group",),
            colours=four["colours"],
            star_chance=1.0,
        )
        == 12
    )


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
