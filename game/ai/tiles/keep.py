"""Which rack tiles are worth keeping: the tile to give back when a player exchanges or
discards.

A tile is worth what it brings to combinations. Tiles that already form combinations on the
rack alone (the solver's best arrangement of the rack by itself) are kept first; a star always.
Every other tile is scored by its half-made combinations: a pair of one colour one or two
apart (a run short of a tile), or two colours of one number (a group short of a tile), each
worth the copies of the missing tiles still hidden (see ``memory``): a pair whose completing
tiles are all in sight is dead. After opening, a tile that fits the table as it lies counts
as much as a finished combination. A twin adds nothing the first copy does not. Among equals
the highest number goes (it would cost the most left on the rack at the end).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from game.engine.pieces import Tile
from game.engine.tiles import STAR_PENALTY, Options, is_valid_meld

from .solver import best_play

Live = Callable[[str], int]
"""Copies of a face (``R7``) still hidden from the player."""
Solve = Callable[..., Any]
"""``best_play`` or a stand-in with its signature; ``None``: do not look for the rack's own
combinations (when time is short)."""

COMPLETE = 100.0
"""Keep score of a tile that is part of a combination the rack makes alone."""
STAR = 1000.0
FITS_TABLE = 60.0
NEAR = 8.0
NUMBER_TIE_BREAK = 0.01


def keep_scores(
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]],
    opened: bool,
    options: Options,
    live: Live,
    solve: Solve | None = best_play,
    penalty_weight: float = NUMBER_TIE_BREAK,
    keep_stars: bool = True,
    near: Collection[str] = (),
) -> dict[str, float]:
    """Tile ident -> how much the player wants to keep it (higher: keep). ``penalty_weight``
    weighs what a tile would cost left on the rack against its use; with ``keep_stars`` off a
    star is only its cost (for the last turn before a round ends blocked). ``near``: idents of
    tiles one tile short of being laid (worth ``NEAR`` more)."""
    complete = {t.ident for t in solve(rack, [], True, options=options).placed} if solve else set()
    numbered = [t for t in rack if not t.is_star]
    scores: dict[str, float] = {}
    seen_faces: set[str] = set()
    for tile in rack:
        if tile.is_star:
            scores[tile.ident] = STAR if keep_stars else -penalty_weight * STAR_PENALTY
            continue
        if tile.ident in complete:
            score = COMPLETE
        else:
            twin = tile.text in seen_faces
            score = 0.0 if twin else partial_score(tile, numbered, options, live)
            if opened and fits_table(tile, table, options):
                score += FITS_TABLE
            if tile.ident in near:
                score += NEAR
        seen_faces.add(tile.text)
        scores[tile.ident] = score - penalty_weight * tile.number
    return scores


def tile_to_give(
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]],
    opened: bool,
    options: Options,
    live: Live,
    solve: Solve | None = best_play,
    penalty_weight: float = NUMBER_TIE_BREAK,
    keep_stars: bool = True,
    near: Collection[str] = (),
) -> Tile:
    """The rack tile the player misses least (see the module docstring and ``keep_scores``)."""
    scores = keep_scores(rack, table, opened, options, live, solve, penalty_weight, keep_stars, near)
    return min(rack, key=lambda t: scores[t.ident])


def partial_score(tile: Tile, rack: Sequence[Tile], options: Options, live: Live) -> float:
    """The half-made combinations ``tile`` belongs to on ``rack`` (numbered tiles), each worth
    the hidden copies of the tiles that would finish it."""
    score = 0.0
    faces = {(t.colour, t.number) for t in rack if t.ident != tile.ident}
    if not options.groups_only:
        score += _run_pairs(tile, faces, options, live)
    if not options.runs_only:
        others = {c for c, n in faces if n == tile.number and c != tile.colour}
        if others:
            missing = [c for c in "KRBO" if c != tile.colour and c not in others]
            score += sum(live(f"{c}{tile.number}") for c in missing)
    return score


def _run_pairs(tile: Tile, faces: set[tuple[str, int]], options: Options, live: Live) -> float:
    colours = "KRBO" if options.mixed_colour_runs else tile.colour
    top = 14 if options.ace_after_13 else 13

    def has(number: int) -> bool:
        n = 1 if number == 14 else number
        return 1 <= number <= top and any((c, n) in faces for c in colours)

    def hidden(number: int) -> int:
        if not 1 <= number <= top:
            return 0
        n = 1 if number == 14 else number
        return sum(live(f"{c}{n}") for c in colours)

    n = tile.number
    score = 0.0
    for low in (n - 1, n):  # the pair (low, low + 1) with the tile in it
        if has(low if low != n else n + 1):
            score += hidden(low - 1) + hidden(low + 2)
    for gap in (n - 2, n + 2):
        if has(gap):
            score += hidden((n + gap) // 2)
    if n == 1 and options.ace_after_13:
        if has(13):
            score += hidden(12)
        if has(12):
            score += hidden(13)
    return score


def fits_table(tile: Tile, table: Sequence[Sequence[Tile]], options: Options) -> bool:
    """Whether ``tile`` can go at an end of a table combination (or into a group) as it lies."""
    for combination in table:
        for candidate in ([*combination, tile], [tile, *combination]):
            if is_valid_meld(candidate, options):
                return True
    return False
