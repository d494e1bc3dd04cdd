"""Positions where a run of two stars and one numbered tile (``* * R3``) would move a table
star: the engine reads ``* * R3`` as a group of 3s (9 points against 6 as a run), so a star
that stood for R1 does not keep its place there (RULES.md section 3, "a star keeps standing
for the tile it stood for ... until freed")."""

from __future__ import annotations

import pytest

from game.ai.tiles.solver import best_play
from game.engine.notation import parse
from game.engine.pieces import Tile
from game.engine.tiles import Options, validate_play
from tests.ai.test_tiles_solver_exhaustive import Rules, brute_force
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


POSITIONS = [
    # K2 R2 B2 would leave ``* * R3`` for the star that stood for R1
    (
        "B1 K2 B2 *",
        ("K5 R5 O5", "K7 R7 B7", "K8 K9 K10 K11 K12 K13", "R9 R10 R11", "* R2 R3", "B4 B5 B6"),
        (3, 29),
    ),
    (
        "K2 B2 *",
        ("K5 R5 O5", "K7 R7 B7", "R9 R10 R11", "* R2 R3", "B4 B5 B6", "K7 K8 K9 K10 K11 K12 K13"),
        (3, 29),
    ),
    # K7 R7 B7 would leave ``* * B5`` for the star that stood for B3
    (
        "K7 R7 *",
        ("R6 B6 O6", "B7 B8 B9", "K2 R2 B2", "K4 R4 O4", "* B4 B5", "O5 O6 O7 O8 O9 O10", "O10 O11 O12 O13"),
        (3, 39),
    ),
    # the star of ``O10 * O12`` stands for O11
    pytest.param(  # the brute force over a rack of eight: slow
        "O12 K10 O5 O7 R1 O7 R10 *",
        ("O10 * O12", "B5 B6 B7", "K3 K4 K5", "K6 B6 O6", "R5 R6 R7 R8"),
        (3, 45),
        marks=pytest.mark.slow,
    ),
]


@pytest.mark.parametrize(("rack_text", "table_texts", "best"), POSITIONS)
def test_a_run_star_is_not_kept_in_a_run_that_reads_as_a_group(rack_text, table_texts, best):
    """Found by ``python -m game.sim tiles --players hard,normal --games 800 --seed 1
    --rounds 1`` (the hard player's one-tile-short look-ahead puts a spare tile on its rack);
    the search under the star rule kept a table star as a run star in a run the engine reads
    as a group. The play must be legal and as good as the brute force's."""
    table = melds(*table_texts)
    rack = tiles_after(rack_text, table)
    options = Options()
    play = best_play(rack, table, True, options=options)
    assert (play.count, play.value) == brute_force(rack, table, True, Rules()) == best
    laid = validate_play(table, rack, play.table, True, 30, options=options)
    assert sorted(t.ident for t in laid) == sorted(t.ident for t in play.placed)
