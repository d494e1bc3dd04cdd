"""Hooks: the single tiles a table takes without help from other rack tiles.

A run takes the number before its first tile and after its last; a run long enough takes a
twin of an inner tile (split around it, each half keeping three tiles); a group of three takes
its missing colours; a star takes the tile it stands for (which frees it for another
combination). A player down to a tile or two goes out when its tiles are hooks, so a play that
adds hooks can hand an opponent the round. Rearrangements of several combinations at once can
take more tiles; the hooks are what is cheap to see, and what the hard player checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from game.engine.errors import IllegalMove
from game.engine.pieces import COLOURS, Tile
from game.engine.tiles import Options, read_meld

RUN_SPLIT = 3
"""Tiles each half of a split run keeps."""


def hook_faces(table: Iterable[Sequence[Tile]], options: Options) -> set[str]:
    """The faces (``R7``) of the tiles ``table`` takes one at a time (see the module docstring)."""
    faces: set[str] = set()
    for combination in table:
        faces |= _combination_hooks(combination, options)
    return faces


def _combination_hooks(combination: Sequence[Tile], options: Options) -> set[str]:
    try:
        reading = read_meld(combination, options)
    except IllegalMove:
        return set()
    values = list(reading.values)
    if reading.kind == "group":
        number = values[0]
        present = {t.colour for t in combination if not t.is_star}
        return {f"{c}{number}" for c in COLOURS if c not in present}
    colours = COLOURS if options.mixed_colour_runs else (reading.colour or "",)
    top = 14 if options.ace_after_13 else 13
    wanted = [values[0] - 1, values[-1] + 1]
    wanted += values[RUN_SPLIT - 1 : len(values) - RUN_SPLIT + 1]
    wanted += [v for t, v in zip(combination, values, strict=True) if t.is_star]
    return {f"{c}{1 if v == 14 else v}" for v in wanted if 1 <= v <= top for c in colours if c}


def hook_mass(faces: Iterable[str], hidden: Mapping[str, int], hidden_total: int) -> float:
    """The share of the hidden tiles whose face is in ``faces`` (0 with nothing hidden)."""
    if not hidden_total:
        return 0.0
    return sum(hidden.get(f, 0) for f in faces) / hidden_total
