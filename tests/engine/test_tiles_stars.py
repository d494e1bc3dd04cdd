"""A star on the table keeps its place until freed (RULES.md section 3, issue 18 item 3).

RULES.md: "Until it is freed, a star keeps standing for the tile it stood for at the start of
the turn (in a run, that number and colour; in a group, that number): combinations may be
split, joined or extended around it, but it cannot be moved to stand for another tile...
Freeing means that the tile it stands for, from the rack or from the table, takes its place in
its combination." and "it may be freed by putting in its place the tile it stands for, and must
then be used in another combination on the table in the same turn; it never returns to a rack."
"""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalMove
from game.engine.notation import parse_ident, parse_one
from game.engine.tiles import Options, star_places, stars_kept, validate_play


def tiles(text: str) -> list:
    """Tiles from notation; ``R7#1`` names the second R7 (plain ``R7`` is copy 0)."""
    return [parse_ident(w) if "#" in w else parse_one(w) for w in text.split()]


def table(*texts: str) -> list:
    return [tiles(t) for t in texts]


def refusal(before, rack, after, options=None) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        validate_play(before, tiles(rack), after, True, options=options or Options())
    return info.value


def placed(before, rack, after, options=None) -> list[str]:
    return [t.text for t in validate_play(before, tiles(rack), after, True, options=options or Options())]


def test_the_issue_example_a_star_cannot_leave_its_run_unfreed():
    """ "it cannot be moved to stand for another tile": ``R5 R6 R7 *`` may not become
    ``R5 R6 R7`` plus ``B3 B4 *`` (the star stood for R8 and nothing took its place)."""
    error = refusal(table("R5 R6 R7 *"), "B3 B4", table("R5 R6 R7", "B3 B4 *"))
    # the index names the combination the star went to, for the table to outline it
    assert (error.code, error.params) == ("star_not_freed", {"tile": "R8", "index": 1})


def test_freeing_with_the_tile_from_the_rack_lets_the_star_go_anywhere():
    """ "it may be freed by putting in its place the tile it stands for": R8 from the rack."""
    assert placed(table("R5 R6 R7 *"), "R8 B3 B4", table("R5 R6 R7 R8", "B3 B4 *")) == ["R8", "B3", "B4"]


def test_freeing_with_the_tile_from_the_table():
    """ "the tile it stands for, from the rack or from the table, takes its place": the R8 of a
    group of four moves into the run, the group keeps three colours."""
    before = table("R5 R6 R7 *", "K8 B8 R8 O8")
    after = table("R5 R6 R7 R8", "K8 B8 O8", "B3 B4 *")
    assert placed(before, "B3 B4", after) == ["B3", "B4"]


def test_a_freed_star_must_stay_on_the_table():
    """ "must then be used in another combination on the table in the same turn; it never
    returns to a rack"."""
    with pytest.raises(IllegalMove) as info:
        validate_play(table("R5 R6 R7 *"), tiles("R8"), table("R5 R6 R7 R8"), True)
    assert info.value.code == "star_to_rack"


def test_splitting_joining_and_extending_around_a_star_stay_legal():
    """ "combinations may be split, joined or extended around it" while it stands for the same
    tile."""
    # split: R3 R4 R5 * R7 R8 (the star is R6) -> R3 R4 R5 * | R7 R8 R9
    assert placed(table("R3 R4 R5 * R7 R8"), "R9", table("R3 R4 R5 *", "R7 R8 R9")) == ["R9"]
    # join: R3 R4 * (R5) and R6 R7 R8 -> one run, the star still R5
    assert placed(table("R3 R4 *", "R6 R7 R8"), "R9", table("R3 R4 * R6 R7 R8 R9")) == ["R9"]
    # extend at the front: * R6 R7 (R5) -> R4 * R6 R7
    assert placed(table("* R6 R7"), "R4", table("R4 * R6 R7")) == ["R4"]
    # a group star in a bigger group of its number
    assert placed(table("K5 R5 *"), "B5", table("K5 R5 B5 *")) == ["B5"]


def test_a_group_star_stands_for_its_number_in_any_group_of_that_number():
    """ "in a group, that number": the star of ``K5 R5 B5 *`` may move to another group of 5s."""
    before = table("K5 R5 B5 *")
    assert placed(before, "K5#1 R5#1", table("K5 R5 B5", "K5#1 R5#1 *")) == ["K5", "R5"]


def test_a_star_moved_to_another_number_or_colour_is_refused():
    # a run star moved to stand for another number of its colour (R6 -> R6 stays, R6 -> R7 not)
    moved_on = table("R3 R4 R5", "* R7 R8 R9")
    assert placed(table("R4 R5 *", "R7 R8 R9"), "R3", moved_on) == ["R3"]  # still R6
    error = refusal(table("R4 R5 *", "R8 R9 R10"), "R3", table("R3 R4 R5", "* R8 R9 R10"))
    assert (error.code, error.params) == ("star_not_freed", {"tile": "R6", "index": 1})
    # a group star moved into a group of another number
    error = refusal(table("K5 R5 B5 *"), "K7 R7", table("K5 R5 B5", "K7 R7 *"))
    assert (error.code, error.params) == ("star_not_freed", {"tile": "O5", "index": 1})
    # a group star moved into a run: it would stand for a coloured tile, not a number
    error = refusal(table("K5 R5 B5 *"), "O4 O6", table("K5 R5 B5", "O4 * O6"))
    assert error.code == "star_not_freed"


def test_a_group_star_is_freed_only_by_a_colour_its_group_lacks():
    """In ``K5 R5 *`` the star stands for B5 or O5: either frees it, a K5 does not."""
    before = table("K5 R5 *")
    assert placed(before, "B5 R1 R2", table("K5 R5 B5", "R1 R2 *")) == ["B5", "R1", "R2"]
    assert placed(before, "O5 R1 R2", table("K5 R5 O5", "R1 R2 *")) == ["O5", "R1", "R2"]
    error = refusal(table("K5 R5 *", "K6 K7 K8"), "R1 R2", table("K5 K6 K7 K8", "R5 R1 R2 *"))
    assert error.code == "invalid_combination"
    assert star_places(before, Options())["*#0"].text == "B5/O5"


def test_adding_a_tile_that_changes_how_a_combination_reads_moves_its_stars():
    """``* * R7`` reads as a group of 7s (21 points against 18 as a run): adding R8 makes it the
    run R5-R8, where the stars would stand for R5 and R6 instead of 7s."""
    error = refusal(table("* *#1 R7"), "R8", table("* *#1 R7 R8"))
    assert error.code == "star_not_freed"
    # the same stars standing for 7s in a group of four stay put
    assert placed(table("* *#1 R7"), "K7", table("* *#1 R7 K7")) == ["K7"]


def test_each_freed_star_needs_its_own_tile():
    """Two stars that stood for R8 need two R8s on the table to be freed together."""
    before = table("R5 R6 R7 *", "*#1 R9 R10 R11")
    after = table("R5 R6 R7 R8", "R9 R10 R11", "B3 B4 * *#1")
    assert refusal(before, "R8 B3 B4", after).code == "star_not_freed"
    both = table("R5 R6 R7 R8", "R8#1 R9 R10 R11", "B3 B4 * *#1")
    assert placed(before, "R8 R8#1 B3 B4", both) == ["R8", "R8", "B3", "B4"]


def test_a_star_that_keeps_its_place_and_one_that_is_freed():
    before = table("R5 R6 R7 *", "K2 K3 *#1")
    after = table("R5 R6 R7 *", "K2 K3 K4", "B3 B4 *#1")
    assert placed(before, "K4 B3 B4", after) == ["K4", "B3", "B4"]
    assert not stars_kept(before, table("R5 R6 R7", "K2 K3 K4", "B3 B4 * *#1"), Options())


def test_an_ace_after_13_star_stands_for_the_1():
    options = Options(ace_after_13=True)
    places = star_places(table("R12 R13 *"), options)
    assert (places["*#0"].number, places["*#0"].colour) == (1, "R")
    # the star may stand for R1 at the low end of a red run too
    assert placed(table("R12 R13 *"), "R11 R2 R3", table("R11 R12 R13", "* R2 R3"), options) == [
        "R11",
        "R2",
        "R3",
    ]


def test_a_mixed_colour_run_star_stands_for_a_number():
    options = Options(mixed_colour_runs=True)
    assert placed(table("K4 * B6"), "R5 O1 O2", table("K4 R5 B6", "O1 O2 *"), options) == ["R5", "O1", "O2"]
    error = refusal(table("K4 * B6"), "O1 O2", table("K4 B6", "O1 O2 *"), options)
    assert error.code in ("invalid_combination", "star_not_freed")
