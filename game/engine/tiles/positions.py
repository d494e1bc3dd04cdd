"""Positions of the tile game set up by hand, for tests and for bot authors.

``arranged`` builds a checked ``TilesState`` from racks (the players' hands) and a table written in the notation
(``"R7 R8 R9"``, ``*`` for a star)::

    state = arranged(["R7 R8 R9 K1 B13 *", "O4 O5 ..."], table=["K10 R10 B10"], opened=[False, True])

Each tile exists twice: a face written once is copy 0, a second time copy 1 (racks first, then
the table, then the pool); ``R7#1`` names a copy. Every tile placed nowhere goes into the pool
under the given ``pool`` top tiles (the next drawn first), shuffled by ``seed``.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.errors import IllegalMove, InvariantError
from game.engine.notation import parse_placed
from game.engine.pieces import Tile

from .combinations import read_meld
from .options import Options
from .state import TilesState

Tiles = str | Sequence[Tile]


def _tiles(pieces: Tiles, used: set[str]) -> list[Tile]:
    return parse_placed(pieces, used, Tile)  # type: ignore[return-value]


def arranged(
    hands: Sequence[Tiles],
    *,
    table: Sequence[Tiles] = (),
    pool: Tiles = (),
    opened: Sequence[bool] | None = None,
    turn: int = 0,
    options: Options | None = None,
    seed: int = 0,
) -> TilesState:
    """A position at the start of seat ``turn``'s turn (phase ``"play"``, or ``"draw"`` under
    the draw-first rules). ``table`` lists combinations in table order; ``opened`` defaults to
    nobody opened when the table is empty, everybody otherwise. Raises ``ValueError`` on an
    impossible position (a tile twice, an illegal combination)."""
    n = len(hands)
    state = TilesState(n, options or Options(), seed)
    used: set[str] = set()
    state._racks = [_tiles(r, used) for r in hands]
    state.table = [tuple(_tiles(c, used)) for c in table]
    for combination in state.table:
        try:
            read_meld(combination, state.options)
        except IllegalMove as exc:
            raise ValueError(f"illegal combination {' '.join(t.text for t in combination)}: {exc}") from exc
    top = _tiles(pool, used)
    below = [t for t in state.tiles if t.ident not in used]
    state.rng.shuffle(below)
    state.pool = below + top[::-1]
    state.opened = list(opened) if opened is not None else [bool(state.table)] * n
    state.starter = turn
    state._current = turn
    state.log = []
    state.quiet_turns = 0
    state.idle_turns = 0
    state._begin_turn()
    try:
        state.audit()
    except InvariantError as exc:
        raise ValueError(f"impossible position: {exc}") from exc
    return state
