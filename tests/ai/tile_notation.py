"""Tiles from notation for the tile AI tests, twins numbered apart from tiles already in play."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.notation import parse
from game.engine.pieces import Tile


def tiles_after(text: str, after: Sequence[Sequence[Tile]] = ()) -> list[Tile]:
    """Tiles from notation, each twin's copy number after the copies already in ``after``."""
    used: dict[str, int] = {}
    for group in after:
        for t in group:
            used[t.text] = max(used.get(t.text, 0), t.copy + 1)
    out = []
    for t in parse(text):
        copy = used.get(t.text, 0)
        used[t.text] = copy + 1
        out.append(Tile(t.colour, t.number, copy))
    return out
