"""A playing turn of the tile game, judged on its end state (``validate_play``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..errors import IllegalMove
from ..melds import ACE, ACE_HIGH
from ..notation import format as format_tiles
from ..pieces import Tile
from .combinations import MeldReading, pick_options, read_meld
from .options import Options
from .stars import check_stars

Signature = tuple[str, tuple[tuple[str, int], ...]]


def validate_play(
    table_before: Iterable[Iterable[Tile]],
    rack: Iterable[Tile],
    table_after: Iterable[Iterable[Tile]],
    opened: bool,
    min_opening: int | None = None,
    options: Options | None = None,
    *,
    rules: Options | None = None,
) -> list[Tile]:
    """Check that going from ``table_before`` to ``table_after`` is a legal turn for a player
    holding ``rack``; return the rack tiles placed, in table order.

    ``opened``: whether the player has already opened in this round. ``min_opening``: the
    opening minimum (default: the options' ``opening_min``, 30). Tiles are matched by ident.
    Raises ``IllegalMove``, checked in this order: ``not_a_tile`` (piece), ``tile_twice``
    (tile), ``tile_not_in_rack`` (tile), ``star_to_rack``, ``table_tile_missing``
    (tile), ``nothing_placed``, ``invalid_combination`` (index from 0, combination in
    notation, reason: the combination's own code), then before opening ``opening_uses_table``
    (tile), ``opening_without_combination``, ``opening_too_low`` (points, minimum), and last
    ``star_not_freed`` (tile: what would free the star, see ``stars``).
    """
    opts = pick_options(rules, options)
    minimum = opts.opening_min if min_opening is None else min_opening
    before = [tuple(c) for c in table_before]
    after = [tuple(c) for c in table_after]
    was_on_table = {t.ident: t for c in before for t in c}
    placed = _placed_tiles(was_on_table, {t.ident for t in rack}, after)
    if not placed:
        raise IllegalMove("nothing_placed")
    readings = [_reading(i, c, opts) for i, c in enumerate(after)]
    if not opened:
        _check_opening(before, after, readings, was_on_table, minimum, opts)
    check_stars(before, after, opts)
    return placed


def _placed_tiles(
    was_on_table: dict[str, Tile], in_rack: set[str], after: Sequence[Sequence[Tile]]
) -> list[Tile]:
    """The rack tiles on the new table; checks that every tile is known, once, and that no
    table tile left the table."""
    seen: set[str] = set()
    placed: list[Tile] = []
    for combination in after:
        for t in combination:
            if not isinstance(t, Tile):
                raise IllegalMove("not_a_tile", piece=str(t))
            if t.ident in seen:
                raise IllegalMove("tile_twice", tile=t.text)
            seen.add(t.ident)
            if t.ident in was_on_table:
                continue
            if t.ident not in in_rack:
                raise IllegalMove("tile_not_in_rack", tile=t.text)
            placed.append(t)
    missing = [t for ident, t in was_on_table.items() if ident not in seen]
    for t in missing:
        if t.is_star:
            raise IllegalMove("star_to_rack")
    if missing:
        raise IllegalMove("table_tile_missing", tile=missing[0].text)
    return placed


def _reading(index: int, combination: Sequence[Tile], opts: Options) -> MeldReading:
    try:
        return read_meld(combination, opts)
    except IllegalMove as exc:
        raise IllegalMove(
            "invalid_combination", index=index, combination=format_tiles(combination), reason=exc.code
        ) from exc


def signature(combination: Sequence[Tile], reading: MeldReading | None) -> Signature:
    """What makes a combination the same after a turn: the same tiles, each standing for the
    same value (a group may be reordered, a run may not). Unreadable combinations compare by
    their exact tile order."""
    if reading is None:
        return ("exact", tuple((t.ident, i) for i, t in enumerate(combination)))
    return (
        reading.kind,
        tuple(sorted((t.ident, v) for t, v in zip(combination, reading.values, strict=True))),
    )


Change = tuple[str, str, "str | None", int, int]
"""A combination a play laid or changed, as the play's public event names it: ``("new" or
"changed", "run" or "group", the run's colour or ``None``, the first number, the last)``
(a group's number twice; a 1 after 13 is 1)."""


def play_changes(
    table_before: Sequence[Sequence[Tile]], table_after: Sequence[Sequence[Tile]], options: Options
) -> list[Change]:
    """The combinations of a legal ``table_after`` that are not on ``table_before`` as they were
    (``signature``), in table order: ``"new"`` when made of rack tiles only, else ``"changed"``
    (table tiles added to, split, joined or moved)."""
    old = Counter(signature(c, _quiet_reading(c, options)) for c in table_before)
    was_on_table = {t.ident for c in table_before for t in c}
    changes: list[Change] = []
    for combination in table_after:
        reading = read_meld(combination, options)
        sig = signature(combination, reading)
        if old[sig] > 0:
            old[sig] -= 1
            continue
        state = "changed" if any(t.ident in was_on_table for t in combination) else "new"
        low, high = (ACE if v == ACE_HIGH else v for v in (reading.values[0], reading.values[-1]))
        changes.append((state, reading.kind, reading.colour, low, high))
    return changes


def _check_opening(
    before: Sequence[Sequence[Tile]],
    after: Sequence[Sequence[Tile]],
    readings: Sequence[MeldReading],
    was_on_table: dict[str, Tile],
    minimum: int,
    opts: Options,
) -> None:
    """An opening: old combinations untouched (unless the opening may continue), new ones
    from the rack only, worth ``minimum`` together."""
    old = Counter(signature(c, _quiet_reading(c, opts)) for c in before)
    points = 0
    new_combinations = 0
    for combination, reading in zip(after, readings, strict=True):
        sig = signature(combination, reading)
        if old[sig] > 0:
            old[sig] -= 1
            continue
        table_tile = next((t for t in combination if t.ident in was_on_table), None)
        if table_tile is not None:
            refusal = table_tile_refusal(table_tile, opened=False, options=opts)
            if refusal is not None:
                raise refusal
            continue
        points += reading.points
        new_combinations += 1
    if not new_combinations:
        raise IllegalMove("opening_without_combination")
    if points < minimum:
        raise IllegalMove("opening_too_low", points=points, minimum=minimum)


def table_tile_refusal(tile: Tile, opened: bool, options: Options) -> IllegalMove | None:
    """Why a player who has ``opened`` (or not) may not move ``tile`` of the table this turn:
    before opening the table stays as it is (``opening_uses_table``), unless the options let
    the opening turn go on to the table; ``None`` when the player may."""
    if opened or options.continue_after_opening:
        return None
    return IllegalMove("opening_uses_table", tile=tile.text)


def _quiet_reading(combination: Sequence[Tile], opts: Options) -> MeldReading | None:
    try:
        return read_meld(combination, opts)
    except IllegalMove:
        return None
