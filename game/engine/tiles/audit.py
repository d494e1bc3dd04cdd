"""The invariants of a tile game, checked after every move by the simulation and the property
tests, and whenever a game is loaded or a position is built."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import check_conservation
from ..errors import IllegalMove, InvariantError, SaveError
from ..pieces import Tile
from .combinations import read_meld
from .turn import TURN_PHASES, Phase


def audit(state: Any) -> None:
    """Raise ``InvariantError`` unless ``state`` (a ``TilesState``) holds every tile of the set
    exactly once (racks, pool, table), every combination on the table is legal, the turn
    snapshot is consistent and the score sheet adds up."""
    on_table = [t for c in state.table for t in c]
    everywhere = [t for r in state._racks for t in r] + state.pool + on_table
    try:
        check_conservation(everywhere, state.tiles, "tiles")
    except SaveError as exc:
        raise InvariantError(str(exc)) from exc
    for i, combination in enumerate(state.table):
        try:
            read_meld(combination, state.options)
        except IllegalMove as exc:
            raise InvariantError(f"table combination {i} is illegal: {exc}") from exc
    finished_rounds = state._round if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) else state._round - 1
    if len(state.sheet) != finished_rounds:
        raise InvariantError(f"score sheet has {len(state.sheet)} rows after {finished_rounds} rounds")
    columns = [sum(row["scores"][s] for row in state.sheet) for s in range(state._players)]
    if columns != state.totals:
        raise InvariantError(f"totals {state.totals} do not add up to {columns}")
    if (state._current is None) != (state.phase == Phase.GAME_OVER):
        raise InvariantError(f"current player {state._current} in phase {state.phase}")
    if state.phase in TURN_PHASES:
        _audit_turn(state, on_table)


def _audit_turn(state: Any, on_table: Sequence[Tile]) -> None:
    seat = state.current_player
    if not state._racks[seat]:
        raise InvariantError("the player to move has an empty rack")
    before = [t for c in state.turn_table for t in c] + state.turn_rack + state.drawn
    now = list(on_table) + state._racks[seat]
    if sorted(t.ident for t in before) != sorted(t.ident for t in now):
        raise InvariantError("table and rack do not match the start of the turn plus the tiles drawn")
    if state.phase == Phase.DRAW and (state.drawn or not state.pool):
        raise InvariantError("draw phase after a draw or with an empty pool")
    if state.phase == Phase.DISCARD and not (
        state.played_this_turn and (state.drawn or len(state._racks[seat]) == 1)
    ):
        raise InvariantError("discard phase without a play after a draw or leaving one tile")
    draws_first = state.options.turn_rule in ("draw_discard", "draw_exchange")
    if draws_first and state.phase == Phase.PLAY and not state.drawn and state.pool:
        raise InvariantError("play phase before the turn's draw")
    if not state.played_this_turn and _idents(state.table) != _idents(state.turn_table):
        raise InvariantError("the table changed without a play")


def _idents(table: Sequence[Sequence[Tile]]) -> list[list[str]]:
    return [[t.ident for t in c] for c in table]
