"""Positions of the tile game set up by hand, for tests and for bot authors.

``arranged`` builds a checked ``TilesState`` from racks (the players' hands) and a table written in the notation
(``"R7 R8 R9"``, ``*`` for a star)::

    state = arranged(["R7 R8 R9 K1 B13 *", "O4 O5 ..."], table=["K10 R10 B10"], opened=[False, True])

Each tile exists twice: a face written once is copy 0, a second time copy 1 (racks first, then
the table, then the pool); ``R7#1`` names a copy. Every tile placed nowhere goes into the pool
under the given ``pool`` top tiles (the next drawn first), shuffled by ``seed``.

``guessed`` builds, unchecked, a whole game as a seat could find it from its view, the tiles it
cannot see dealt at random (the coach plays a seat's turn on it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.errors import IllegalMove, InvariantError
from game.engine.notation import parse_placed
from game.engine.pieces import Tile, deal_unseen

from .combinations import read_meld
from .options import Options
from .state import TilesState
from .turn import STALEMATE_CIRCUITS, TURN_PHASES, Phase
from .view import TilesView

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


def guessed(view: TilesView, seed: int = 0) -> TilesState:
    """A whole game as ``view``'s seat could find it, the tiles it cannot see dealt at random
    (``seed``) to the other racks and the pool; not checked. A look-ahead at the seat's own turn
    reads no hidden tile until it draws one, so any such deal will do (the coach's). What the
    view does not tell is guessed too: the tiles drawn this turn are the rack's last ones (the
    engine adds them there), and no turn without a tile laid has gone by with an empty pool."""
    rng = random.Random(seed)
    seat, n = view.seat, view.num_players
    state = TilesState.__new__(TilesState)
    state._setup(n, view.options, random.Random(rng.random()))
    seen = [*view.hand, *(t for c in view.table for t in c)]
    racks, pool = deal_unseen(state.tiles, seen, view.hand_sizes, seat, rng)
    racks[seat] = list(view.hand)
    drawn = list(view.hand[len(view.hand) - view.drawn_this_turn :]) if view.drawn_this_turn else []
    on_turn_table = {t.ident for c in view.turn_table for t in c}
    laid = [t for c in view.table for t in c if t.ident not in on_turn_table]
    plays = [e for e in view.log if e.kind == "play" and e.seat == seat]
    for name in ("table", "opened", "turn_table", "start_draw", "log", "sheet", "totals"):
        setattr(state, name, list(getattr(view, name)))
    state.phase = Phase(view.phase)
    state._round, state._current = view.round_number, view.current_player
    state.starter, state.played_this_turn = view.starter, view.played_this_turn
    state._racks, state.pool, state.drawn = racks, pool, drawn
    state.turn_rack = [*view.hand[: len(view.hand) - len(drawn)], *laid]
    opened_now = view.played_this_turn and bool(plays) and bool(plays[-1].get("opening"))
    state.turn_opened = view.opened[seat] and not opened_now
    in_turn = view.phase in TURN_PHASES and not view.played_this_turn
    state.quiet_turns = STALEMATE_CIRCUITS * n - view.quiet_turns_left if in_turn else 0
    state.idle_turns = 0
    state._winners = list(view.winners)
    return state
