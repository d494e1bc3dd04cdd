"""The tile-game solver on hand-made positions, its API, variants and properties.

The exhaustive comparison with a brute force is in ``test_tiles_solver_exhaustive.py``.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.tiles import best_play as exported
from game.ai.tiles._solver_core import RELAXED_RUNS, STAR_PENALTY, next_run_state, split_groups
from game.ai.tiles._solver_limits import deduce_limits
from game.ai.tiles.solver import Play, RuleSet, Work, WorkLimitReached, best_play, rules_from_options
from game.ai.tiles.solver_positions import SIZE_CLASSES, random_position
from game.engine import tiles as engine
from game.engine.notation import parse
from game.engine.pieces import COLOURS, Tile, make_tiles
from game.engine.tiles import Options, read_meld, validate_play
from tests.ai.tile_notation import tiles_after


def melds(*texts: str) -> list[list[Tile]]:
    """Combinations from notation; twins across combinations get distinct copies."""
    seen: dict[str, int] = {}
    out = []
    for text in texts:
        meld = []
        for t in parse(text):
            copy = seen.get(t.text, 0)
            seen[t.text] = copy + 1
            meld.append(Tile(t.colour, t.number, copy))
        out.append(meld)
    return out


def rack_of(text: str, table: list[list[Tile]]) -> list[Tile]:
    """Rack tiles from notation, numbered after the copies already on ``table``."""
    return tiles_after(text, table)


def checked(rack, table, opened, minimum=30, options=None) -> Play:
    """The solver's play, checked by the engine (when something is placed)."""
    play = best_play(rack, table, opened, minimum, options=options)
    if play.placed:
        laid = validate_play(table, rack, play.table, opened, minimum, options=options or Options())
        assert sorted(t.ident for t in laid) == sorted(t.ident for t in play.placed)
    return play


def kinds(play: Play, options=None) -> list[str]:
    return [read_meld(m, options or Options()).kind for m in play.table]


def texts(play: Play) -> set[str]:
    return {" ".join(t.text for t in m) for m in play.table}


# --- rearrangements ----------------------------------------------------------------------


def test_three_runs_become_six_groups():
    table = melds("R3 R4 R5 R6 R7 R8", "B3 B4 B5 B6 B7 B8", "K3 K4 K5 K6 K7 K8")
    rack = rack_of("O3 O6", table)
    play = checked(rack, table, True)
    assert play.count == 2
    assert kinds(play) == ["group"] * 6


def test_a_run_split_around_a_new_group():
    table = melds("R1 R2 R3 R4 R5 R6 R7", "B1 B2 B3 B4 B5 B6 B7")
    rack = rack_of("K4 O4 K9", table)
    play = checked(rack, table, True)
    assert play.count == 2
    assert "K9" not in {t.text for t in play.placed}
    assert kinds(play).count("group") == 1 and kinds(play).count("run") >= 3


def test_two_runs_split_around_two_new_groups():
    table = melds("R1 R2 R3 R4 R5 R6 R7", "B1 B2 B3 B4 B5 B6 B7")
    rack = rack_of("K4 O4 K4 O4", table)
    play = checked(rack, table, True)
    assert play.count == 4
    assert sorted(kinds(play)) == ["group", "group", "run", "run", "run", "run"]


def test_a_long_chain_of_moves():
    # K6 fits only as the middle of K5 K6 K7: K5 leaves its group of three, which the rack's
    # O5 must fill, and K7 leaves the group of four.
    table = melds("K5 R5 B5", "K7 R7 B7 O7", "R1 R2 R3")
    rack = rack_of("K6 O5", table)
    play = checked(rack, table, True)
    assert play.count == 2
    assert {"K5 K6 K7", "R1 R2 R3", "R7 B7 O7"} <= texts(play)


def test_freeing_a_star_to_use_it_elsewhere():
    table = melds("R5 * R7")
    rack = rack_of("R6 B11 B12", table)
    play = checked(rack, table, True)
    assert play.count == 3
    star_meld = next(m for m in play.table if any(t.is_star for t in m))
    assert {t.text for t in star_meld} == {"B11", "B12", "*"}


def test_both_stars_one_freed_from_the_table():
    table = melds("K1 K2 *")
    rack = rack_of("K3 * O12", table)
    play = checked(rack, table, True)
    assert play.count == 3
    with_stars = [m for m in play.table if any(t.is_star for t in m)]
    assert len(with_stars) == 1 and sum(t.is_star for t in with_stars[0]) == 2
    assert {t.text for t in with_stars[0] if not t.is_star} == {"O12"}


def test_a_table_star_keeps_its_place_unless_freed():
    """RULES.md: "Until it is freed, a star keeps standing for the tile it stood for at the
    start of the turn"; the issue's example: ``R5 R6 R7 *`` may not give its star to
    ``B3 B4 *``, unless an R8 takes its place."""
    table = melds("R5 R6 R7 *")
    assert best_play(rack_of("B3 B4", table), table, True).count == 0
    play = checked(rack_of("B3 B4 R8", table), table, True)
    assert play.count == 3 and "R5 R6 R7 R8" in texts(play)
    # the R8 of a group of four frees it too, from the table
    table = melds("R5 R6 R7 *", "K8 B8 R8 O8")
    play = checked(rack_of("B3 B4", table), table, True)
    assert play.count == 2 and {"R5 R6 R7 R8", "K8 B8 O8"} <= texts(play)


def test_a_group_star_stays_in_a_group_of_its_number():
    table = melds("K5 R5 B5 *")
    # an orange run cannot take the star (it stood for a 5 in a group), a group of 5s can
    assert best_play(rack_of("O4 O6", table), table, True).count == 0
    play = checked(rack_of("K5 R5", table), table, True)
    assert play.count == 2
    assert all(read_meld(m).kind == "group" for m in play.table if any(t.is_star for t in m))


def test_a_table_star_is_never_lost():
    table = melds("R5 * R7", "B9 B10 B11")
    rack = rack_of("R6", table)
    play = checked(rack, table, True)
    assert play.count == 1
    assert sum(t.is_star for m in play.table for t in m) == 1


def test_nothing_to_place_returns_the_table_unchanged():
    table = melds("R5 R6 R7")
    rack = rack_of("K1 O13", table)
    play = best_play(rack, table, True)
    assert play.placed == [] and play.count == 0 and play.value == 0
    assert play.table == table
    assert all(a is b for m, n in zip(play.table, table, strict=True) for a, b in zip(m, n, strict=True))


def test_most_tiles_first_then_value():
    # R7 frees the star, which can then make a group with the 13s or with the 2s, not both:
    # three tiles either way, the 13s are worth more.
    table = melds("R5 R6 *")
    rack = rack_of("R7 K13 B13 K2 B2", table)
    play = checked(rack, table, True)
    assert play.count == 3 and play.value == 7 + 13 + 13
    assert {t.text for t in play.placed} == {"R7", "K13", "B13"}


def test_a_placed_star_counts_25_after_opening():
    # Either the star or R1 can complete the group of 1s, not both: the star costs more on a
    # rack, so it goes down.
    table = melds("K1 B1 O1")
    rack = rack_of("* R1", table)
    play = checked(rack, table, True)
    assert play.count == 1 and play.placed[0].is_star and play.value == STAR_PENALTY


def test_unchanged_combinations_keep_their_tiles_and_place():
    table = melds("R1 R2 R3", "K9 B9 O9", "B4 B5 B6")
    rack = rack_of("B7", table)
    play = checked(rack, table, True)
    assert play.table[0] is not table[0] and play.table[0] == table[0]
    assert [t.ident for t in play.table[1]] == [t.ident for t in table[1]]


# --- openings ----------------------------------------------------------------------------


def test_opening_of_exactly_30():
    play = checked(rack_of("R9 R10 R11 K1 B5", []), [], False)
    assert (play.count, play.value, play.opening) == (3, 30, True)


def test_opening_one_tile_short_of_30():
    rack = rack_of("R8 R9 R10 K1 B5", [])
    assert checked(rack, [], False).placed == []
    play = checked(rack + rack_of("R11", []), [], False)
    assert (play.count, play.value) == (4, 38)


def test_opening_with_a_star_standing_at_the_high_end():
    play = checked(rack_of("R9 R10 *", []), [], False)
    assert (play.count, play.value) == (3, 30)
    assert [t.text for t in play.table[0]] == ["R9", "R10", "*"]
    assert checked(rack_of("R10 R11 *", []), [], False).value == 33


def test_opening_with_a_star_in_a_group():
    play = checked(rack_of("K10 R10 * O2", []), [], False)
    assert (play.count, play.value) == (3, 30)


def test_opening_with_both_stars():
    play = checked(rack_of("* O9 * K1", []), [], False)
    assert (play.count, play.value) == (3, 30)
    assert [t.text for t in play.table[0]] == ["O9", "*", "*"]


def test_opening_ties_on_tiles_take_the_most_points():
    play = checked(rack_of("R11 R12 R13 K13 B13", []), [], False)
    assert (play.count, play.value) == (3, 39)
    assert kinds(play) == ["group"]


def test_opening_leaves_the_table_alone():
    table = melds("K1 K2 K3", "R7 B7 O7")
    rack = rack_of("K4 B10 R10 O10", table)
    play = checked(rack, table, False)
    assert play.count == 3 and play.value == 30
    assert play.table[:2] == table and all(a is b for a, b in zip(play.table[0], table[0], strict=True))
    assert "K4" not in {t.text for t in play.placed}


def test_opening_minimum_from_the_options_or_the_argument():
    rack = rack_of("R9 R10 R11", [])
    assert best_play(rack, [], False, options=Options(opening_min=40)).placed == []
    assert best_play(rack, [], False, 0).count == 3
    assert best_play(rack, [], False).count == 3


def test_opening_below_the_minimum_is_no_play():
    table = melds("R1 R2 R3")
    play = best_play(rack_of("K4 B4 O4", table), table, False)
    assert play.placed == [] and play.table == table


# --- variants ----------------------------------------------------------------------------


def test_ace_after_13():
    table = melds("K11 K12 K13")
    rack = rack_of("K1", table)
    assert checked(rack, table, True).count == 0
    options = Options(ace_after_13=True)
    play = checked(rack, table, True, options=options)
    assert play.count == 1 and [t.text for t in play.table[0]] == ["K11", "K12", "K13", "K1"]


def test_ace_after_13_uses_each_1_once():
    options = Options(ace_after_13=True)
    table = melds("R12 R13 R1", "R1 R2 R3")
    play = checked(rack_of("R11 R4", table), table, True, options=options)
    assert play.count == 2


def test_ace_after_13_with_a_group_of_the_other_colours_1s():
    options = Options(ace_after_13=True)
    table = melds("K12 K13 K1", "R1 B1 O1")
    assert checked(rack_of("O5", table), table, True, options=options).count == 0
    assert checked(rack_of("K11", table), table, True, options=options).count == 1


def test_mixed_colour_runs():
    rack = rack_of("R5 B6 K7", [])
    assert checked(rack, [], True).count == 0
    options = Options(mixed_colour_runs=True)
    assert checked(rack, [], True, options=options).count == 3


def test_runs_only_and_groups_only():
    group = rack_of("K5 R5 B5", [])
    run = rack_of("R5 R6 R7", [])
    assert checked(group, [], True).count == 3
    assert checked(group, [], True, options=Options(runs_only=True)).count == 0
    assert checked(run, [], True, options=Options(groups_only=True)).count == 0
    assert checked(run, [], True, options=Options(runs_only=True)).count == 3


def test_rules_from_options():
    assert rules_from_options(None) == RuleSet()
    assert rules_from_options(Options(groups_only=True)) == RuleSet(runs=False)
    assert rules_from_options(RuleSet(ace_after_13=True)).top == 14
    assert best_play(rack_of("K5 R5 B5", []), [], True, options=RuleSet(groups=False)).count == 0


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        best_play(parse("R5 R5 R5"), [], True)
    with pytest.raises(ValueError):
        best_play([], [parse("R5 R9 K1")], True)


# --- API ---------------------------------------------------------------------------------


def test_the_package_exports_best_play():
    assert exported is best_play


def test_star_penalty_is_the_engines():
    assert engine.STAR_PENALTY == STAR_PENALTY


def test_play_uses_the_very_tile_objects():
    table = melds("R1 R2 R3")
    rack = rack_of("R4 K9", table)
    play = best_play(rack, table, True)
    on_table = [t for m in play.table for t in m]
    assert any(t is rack[0] for t in play.placed)
    assert all(any(t is u for u in on_table) for m in table for t in m)
    with pytest.raises(AttributeError):
        play.value = 3  # type: ignore[misc]


# --- the group splitter and the deduced limits --------------------------------------------


def _groups_exist(per_colour, stars) -> bool:
    tiles = [c for c, n in enumerate(per_colour) for _ in range(n)] + [-1] * stars
    if not tiles:
        return True
    for count in range(1, 4):
        for owners in itertools.product(range(count), repeat=len(tiles)):
            groups = [[t for t, o in zip(tiles, owners, strict=True) if o == g] for g in range(count)]
            if all(
                3 <= len(g) <= 4
                and any(t >= 0 for t in g)
                and len({t for t in g if t >= 0}) == sum(t >= 0 for t in g)
                for g in groups
            ):
                return True
    return False


def test_split_groups_finds_groups_exactly_when_they_exist():
    for per_colour in itertools.product(range(3), repeat=4):
        for stars in range(3):
            groups = split_groups(list(per_colour), stars)
            assert (groups is not None) == _groups_exist(per_colour, stars), (per_colour, stars)
            if groups is not None:
                laid = sorted(t for g in groups for t in g)
                assert laid == sorted([c for c, n in enumerate(per_colour) for _ in range(n)] + [-1] * stars)


def _fewest_stars(start: tuple[int, ...], places: int, stars: int, widest: int) -> dict[tuple[int, ...], int]:
    """For every way of putting 0-2 numbered tiles per place in a colour's runs, the fewest
    stars that make it legal (runs closed at the end), opening at most ``widest`` runs."""
    frontier: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {(): {start: 0}}
    for _ in range(places):
        grown: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {}
        for laid, states in frontier.items():
            for naturals in range(3):
                here = grown.setdefault((*laid, naturals), {})
                for state, used in states.items():
                    for extra in range(stars - used + 1):
                        after = next_run_state(state, naturals + extra)
                        if after is not None and len(after) <= widest and here.get(after, 9) > used + extra:
                            here[after] = used + extra
        frontier = grown
    return {
        laid: min(used for state, used in states.items() if all(x == 3 for x in state))
        for laid, states in frontier.items()
        if any(all(x == 3 for x in state) for state in states)
    }


@pytest.mark.parametrize("start", [(), (1,), (2,), (3,), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)])
def test_two_runs_at_a_time_do_what_four_do(start):
    # The bound follows at most two runs per colour (relaxed_options); docs/solver.md.
    for stars in range(3):
        assert _fewest_stars(start, 7, stars, RELAXED_RUNS) == _fewest_stars(start, 7, stars, 4)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 80))
def test_limits_allow_the_table_as_it_is(seed, size):
    position = random_position(random.Random(seed), 0, size)
    grouped = [[0] * 4 for _ in range(14)]
    in_runs = [[0] * 4 for _ in range(14)]
    table = [[0] * 4 for _ in range(14)]
    for meld in position.table:
        kind = read_meld(meld).kind
        for t in meld:
            if not t.is_star:
                c = COLOURS.index(t.colour)
                table[t.number][c] += 1
                (grouped if kind == "group" else in_runs)[t.number][c] += 1
    stars = sum(t.is_star for m in position.table for t in m)
    empty = tuple(tuple(0 for _ in range(4)) for _ in range(14))
    limits = deduce_limits(tuple(tuple(r) for r in table), empty, stars, True, True, False)
    for n in range(1, 14):
        for c in range(4):
            low_g, high_g, low_r, high_r = limits.at(n, c)
            assert low_g <= grouped[n][c] <= high_g and low_r <= in_runs[n][c] <= high_r, (
                n,
                c,
                position.table,
            )


# --- properties on realistic positions ----------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(SIZE_CLASSES))
def test_plays_are_legal_and_a_new_tile_never_hurts(seed, size):
    rng = random.Random(seed)
    position = random_position(rng, rng.randint(*size.rack), rng.randint(*size.table))
    play = checked(position.rack, position.table, True)
    assert all(any(t is r for r in position.rack) for t in play.placed)
    in_play = {t.ident for m in position.table for t in m} | {t.ident for t in position.rack}
    spare = [t for t in make_tiles() if t.ident not in in_play]
    if spare:
        more = checked([*position.rack, rng.choice(spare)], position.table, True)
        assert more.count >= play.count
    unplaced = [t for t in position.rack if all(t is not p for p in play.placed)]
    if unplaced:
        fewer = [t for t in position.rack if t is not unplaced[0]]
        assert best_play(fewer, position.table, True).count == play.count


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_openings_are_legal_and_worth_the_minimum(seed):
    rng = random.Random(seed)
    position = random_position(rng, 14, rng.randint(0, 40))
    play = checked(position.rack, position.table, False)
    if play.placed:
        assert play.value >= 30 and play.opening
        assert play.table[: len(position.table)] == position.table


@pytest.mark.parametrize("options", [Options(), Options(mixed_colour_runs=True)])
def test_a_work_limit_stops_the_search_and_never_changes_an_answer(options: Options) -> None:
    """Within its node limit a call returns the exact play it returns without one; past it,
    ``WorkLimitReached`` (never a worse play); the nodes are counted either way."""
    rng = random.Random(5)
    stopped = 0
    for _ in range(12):
        position = random_position(rng, rng.randint(8, 14), rng.randint(20, 40))
        free = Work()
        play = best_play(position.rack, position.table, True, options=options, work=free)
        assert free.nodes > 0
        roomy = best_play(position.rack, position.table, True, options=options, work=Work(free.nodes))
        assert (roomy.count, roomy.value) == (play.count, play.value)
        short = Work(free.nodes // 2)
        try:
            best_play(position.rack, position.table, True, options=options, work=short)
        except WorkLimitReached:
            stopped += 1
            assert short.nodes > short.limit
    assert stopped == 12
