"""The tile game's combinations and playing turns: validate_meld, meld_value, rack_penalty,
validate_play (public rules API), with concrete tiles in the notation."""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalMove
from game.engine.notation import parse, parse_ident, parse_one
from game.engine.tiles import (
    Options,
    arrange_meld,
    is_valid_meld,
    meld_value,
    rack_penalty,
    read_meld,
    validate_meld,
    validate_play,
)


def tiles(text: str) -> list:
    """Tiles from notation; ``R7#1`` names the second R7 (plain ``R7`` is copy 0)."""
    return [parse_ident(w) if "#" in w else parse_one(w) for w in text.split()]


def code_of(call, *args, **kwargs) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        call(*args, **kwargs)
    return info.value


# --------------------------------------------------------------------------------------------
# Combinations


@pytest.mark.parametrize(
    "text",
    [
        "R7 R8 R9",
        "K1 K2 K3",
        "B11 B12 B13",
        "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12 O13",
        "R5 B5 O5",
        "K9 R9 B9 O9",
    ],
)
def test_legal_combinations(text):
    validate_meld(parse(text))
    assert is_valid_meld(parse(text))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("R7 R8", "too_few_tiles"),
        ("* *", "too_few_tiles"),
        ("* * *", "only_stars"),
        ("R5 B5 R5", "group_colour_twice"),
        ("R5 B5 O5 K5 R5", "group_too_big"),
        ("R5 B5 O6", "group_numbers_differ"),  # meant as a group: two 5s, three colours
        ("R5 R5 R6", "run_not_consecutive"),
        ("R7 R9 R10", "run_not_consecutive"),
        ("R9 R8 R7", "run_wrong_order"),
        ("K12 K13 K1", "ace_after_13_off"),
        ("K13 K1 K2", "run_wraps"),
        ("* K1 K2", "run_out_of_range"),
        ("R1 R2 B3", "run_colours_differ"),
        ("R5 B6 O7", "run_colours_differ"),  # no number twice: meant as a run
        ("R7 B7 R8 B8", "neither_run_nor_group"),
        ("K9 R9 B10 * O9", "group_numbers_differ"),
        ("5H 6H 7H", "not_a_tile"),
    ],
)
def test_illegal_combinations_say_why(text, code):
    assert code_of(validate_meld, parse(text)).code == code
    assert not is_valid_meld(parse(text))


def test_a_group_with_two_tiles_of_one_colour_is_rejected():
    error = code_of(validate_meld, parse("B8 R8 B8"))
    assert error.code == "group_colour_twice"
    assert error.params == {"colour": "B", "number": 8}


def test_ace_after_13_only_with_the_option_and_never_wrapping():
    ace_high = Options(ace_after_13=True)
    assert code_of(validate_meld, parse("K12 K13 K1")).code == "ace_after_13_off"
    validate_meld(parse("K12 K13 K1"), rules=ace_high)
    validate_meld(parse("K12 K13 K1"), options=ace_high)
    assert meld_value(parse("K12 K13 K1"), ace_high) == 12 + 13 + 1
    assert read_meld(parse("K12 K13 K1"), ace_high).values == (12, 13, 14)
    assert code_of(validate_meld, parse("K13 K1 K2"), rules=ace_high).code == "run_wraps"
    assert code_of(validate_meld, parse("K13 K1 *"), rules=ace_high).code == "run_out_of_range"
    validate_meld(parse("K1 K2 K3"), rules=ace_high)
    # a star can be the 1 after 13 too, and counts 1
    assert meld_value(parse("K12 K13 *"), ace_high) == 26


def test_a_star_takes_the_value_of_where_it_lies():
    assert meld_value(parse("R5 * R7")) == 18
    assert meld_value(parse("* R5 R6")) == 15
    assert meld_value(parse("R5 R6 *")) == 18
    assert meld_value(parse("R5 B5 *")) == 15
    assert read_meld(parse("R5 * R7")).colour == "R"


def test_a_combination_that_reads_both_ways_takes_the_best_reading():
    assert read_meld(parse("R5 * *")).kind == "run"  # 5 6 7 = 18 beats 15
    assert meld_value(parse("R5 * *")) == 18
    assert read_meld(parse("* * R5")).kind == "group"  # 3 4 5 = 12 loses to 15
    assert meld_value(parse("* * R5")) == 15
    assert read_meld(parse("* R5 *")).kind == "run"  # 15 each: the run
    assert read_meld(parse("* * R5"), Options(runs_only=True)).values == (3, 4, 5)
    assert read_meld(parse("R5 * *"), Options(groups_only=True)).values == (5, 5, 5)


def test_meld_value_rejects_an_illegal_combination():
    assert code_of(meld_value, parse("R5 R7 R9")).code == "run_not_consecutive"


def test_rack_penalty_counts_numbers_and_25_per_star():
    assert rack_penalty(parse("R5 * K13 O1")) == 5 + 25 + 13 + 1
    assert rack_penalty([]) == 0


@pytest.mark.parametrize(
    ("options", "text", "code"),
    [
        (Options(groups_only=True), "R5 R6 R7", "runs_not_allowed"),
        (Options(groups_only=True), "R5 R6 R8", "group_numbers_differ"),
        (Options(runs_only=True), "R5 B5 O5", "groups_not_allowed"),
        (Options(runs_only=True), "R5 B5 O6", "run_colours_differ"),
        (Options(), "R5 B6 O7", "run_colours_differ"),
        (Options(mixed_colour_runs=True), "R5 R5 R6", "group_numbers_differ"),
        (Options(mixed_colour_runs=True), "R5 B7 O8", "run_not_consecutive"),
    ],
)
def test_variants_reject(options, text, code):
    assert code_of(validate_meld, parse(text), rules=options).code == code


def test_variants_accept():
    validate_meld(parse("R5 B5 O5"), rules=Options(groups_only=True))
    validate_meld(parse("R5 R6 R7"), rules=Options(runs_only=True))
    mixed = Options(mixed_colour_runs=True)
    validate_meld(parse("R5 B6 O7 R8"), rules=mixed)
    assert read_meld(parse("R5 B6 * R8"), mixed).colour is None
    assert meld_value(parse("R5 B6 * R8"), mixed) == 26
    assert code_of(validate_meld, parse("R5 B6 O8"), rules=mixed).code == "run_not_consecutive"
    validate_meld(parse("R5 B5 O5"), rules=mixed)  # groups still count


def test_options_check_their_values():
    for bad in (
        {"opening_min": 35},
        {"turn_rule": "steal"},
        {"timer": 45},
        {"timeout_penalty": 2},
        {"rounds": 0},
        {"stars": "yes"},
        {"groups_only": True, "runs_only": True},
    ):
        with pytest.raises(ValueError):
            Options(**bad)


def test_arrange_meld_finds_the_table_order():
    assert arrange_meld(parse("R9 * R7")) == tuple(tiles("R7 * R9"))
    assert arrange_meld(parse("R12 R11 *")) == tuple(tiles("R11 R12 *"))
    assert arrange_meld(parse("O4 B4 R4")) is not None
    assert arrange_meld(parse("R9 R7 B8")) is None
    assert arrange_meld(parse("K1 K13 K12"), Options(ace_after_13=True)) == tuple(tiles("K12 K13 K1"))


# --------------------------------------------------------------------------------------------
# Playing turns


def test_an_opening_of_exactly_30_with_a_star():
    rack = tiles("R9 R10 * K2 B3")
    placed = validate_play([], rack, [tiles("R9 R10 *")], opened=False)
    assert [t.ident for t in placed] == ["R9#0", "R10#0", "*#0"]
    assert meld_value(tiles("R9 R10 *")) == 30


def test_an_opening_below_the_minimum():
    rack = tiles("R9 R10 * K2 B3")
    error = code_of(validate_play, [], rack, [tiles("* R9 R10")], opened=False)
    assert error.code == "opening_too_low"
    assert error.params == {"points": 27, "minimum": 30}
    assert validate_play([], rack, [tiles("* R9 R10")], False, min_opening=0)
    higher = Options(opening_min=40)
    assert (
        code_of(validate_play, [], rack, [tiles("R9 R10 *")], False, options=higher).params["minimum"] == 40
    )


def test_an_opening_may_combine_several_combinations():
    rack = tiles("R1 R2 R3 K4 B4 O4 O9")
    assert len(validate_play([], rack, [tiles("R1 R2 R3"), tiles("K4 B4 O4")], False, min_opening=18)) == 6


def test_an_opening_that_tries_to_use_a_table_tile():
    table = [tiles("K5 K6 K7")]
    rack = tiles("K8 R10 R11 R12")
    after = [tiles("K5 K6 K7 K8"), tiles("R10 R11 R12")]
    error = code_of(validate_play, table, rack, after, opened=False)
    assert error.code == "opening_uses_table"
    assert error.params == {"tile": "K5"}
    # the same end table is fine for a player who has opened
    assert [t.text for t in validate_play(table, rack, after, opened=True)] == ["K8", "R10", "R11", "R12"]


def test_an_opening_leaves_the_old_combinations_untouched_but_may_reorder_them():
    table = [tiles("K5 K6 K7"), tiles("R9 B9 O9")]
    rack = tiles("R10 R11 R12")
    after = [tiles("O9 R9 B9"), tiles("R10 R11 R12"), tiles("K5 K6 K7")]
    assert len(validate_play(table, rack, after, opened=False)) == 3
    moved_star = [tiles("* R5 R6")]
    error = code_of(validate_play, moved_star, rack, [tiles("R5 R6 *"), tiles("R10 R11 R12")], opened=False)
    assert error.code == "opening_uses_table"


def test_continue_after_opening_lets_the_opening_turn_go_on():
    table = [tiles("K5 K6 K7")]
    rack = tiles("K8 R10 R11 R12")
    after = [tiles("K5 K6 K7 K8"), tiles("R10 R11 R12")]
    more = Options(continue_after_opening=True)
    assert len(validate_play(table, rack, after, opened=False, options=more)) == 4
    short = [tiles("K5 K6 K7 K8"), tiles("R10 R11 R12")]
    error = code_of(validate_play, table, rack, short, opened=False, min_opening=40, options=more)
    assert error.params == {"points": 33, "minimum": 40}  # K8 does not count for the opening
    only_added = code_of(validate_play, table, rack, [tiles("K5 K6 K7 K8")], opened=False, options=more)
    assert only_added.code == "opening_without_combination"


def test_a_star_freed_by_the_tile_it_stands_for_is_reused_in_another_combination():
    table = [tiles("R4 * R6"), tiles("B7 O7 K7")]
    rack = tiles("R5 O2")
    after = [tiles("R4 R5 R6"), tiles("B7 O7 K7 *")]
    assert [t.text for t in validate_play(table, rack, after, opened=True)] == ["R5"]


def test_a_star_taken_back_into_the_rack_is_rejected():
    table = [tiles("R4 * R6"), tiles("B7 O7 K7")]
    rack = tiles("R5 O2")
    error = code_of(validate_play, table, rack, [tiles("R4 R5 R6"), tiles("B7 O7 K7")], opened=True)
    assert error.code == "star_to_rack"
    assert error.params == {}


def test_a_table_tile_may_not_leave_the_table():
    table = [tiles("R4 R5 R6 R7")]
    error = code_of(validate_play, table, tiles("B1 B2 B3"), [tiles("R4 R5 R6"), tiles("B1 B2 B3")], True)
    assert (error.code, error.params) == ("table_tile_missing", {"tile": "R7"})


def test_tiles_must_come_from_the_rack_once_and_something_must_be_placed():
    table = [tiles("R4 R5 R6 R7")]
    rack = tiles("R8 B8")
    assert code_of(validate_play, table, rack, [tiles("R4 R5 R6 R7 R8#1")], True).code == "tile_not_in_rack"
    assert code_of(validate_play, table, rack, [tiles("R4 R5 R6 R7 R8 R8")], True).code == "tile_twice"
    split = [tiles("R4 R5 R6"), tiles("R7")]
    assert code_of(validate_play, table, rack, [tiles("R4 R5 R6 R7")], True).code == "nothing_placed"
    error = code_of(validate_play, table, rack, [*split[:1], tiles("R7 R8")], True)
    assert error.code == "invalid_combination"
    assert error.params == {"index": 1, "combination": "R7 R8", "reason": "too_few_tiles"}


def test_rearrangements_split_join_and_move_tiles():
    table = [tiles("R3 R4 R5 R6 R7 R8 R9"), tiles("K10 B10 O10 R10")]
    rack = tiles("R6#1 B11 B12")
    after = [tiles("R3 R4 R5 R6"), tiles("R6#1 R7 R8 R9"), tiles("K10 O10 R10"), tiles("B10 B11 B12")]
    assert [t.ident for t in validate_play(table, rack, after, opened=True)] == ["R6#1", "B11#0", "B12#0"]


def test_variant_options_apply_to_plays():
    rack = tiles("R10 B11 O12 K1")
    assert validate_play([], rack, [tiles("R10 B11 O12")], False, options=Options(mixed_colour_runs=True))
    error = code_of(validate_play, [], rack, [tiles("R10 B11 O12")], False)
    assert error.params["reason"] == "run_colours_differ"
