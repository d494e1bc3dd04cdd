"""The shape of a saved tile game (``game.engine.schema``).

``TilesState.from_json`` checks it first; what a shape cannot say (each tile once, legal
combinations, a turn snapshot that matches the table, a score sheet that adds up) it checks
after, from the loaded state.
"""

from __future__ import annotations

from game.engine import schema as sc
from game.engine.base import rng_from_json
from game.engine.pieces import Tile

from .options import Options
from .turn import Phase

MIN_PLAYERS, MAX_PLAYERS = 2, 4
ROUND_ENDS = ("out", "blocked", "stalemate")

_SEAT = sc.Int(0, MAX_PLAYERS - 1)
_TILES = sc.List(sc.Piece((Tile,)), hi=106)
_TABLE = sc.List(_TILES, hi=106)
_FACES = sc.List(sc.Face((Tile,)), hi=106)
_COUNT = sc.Int(0, 106)
_PER_SEAT = sc.List(sc.Int(), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_LOG_VALUES: dict[str, sc.Spec] = {
    "seat": _SEAT,
    "round": sc.Int(1, 1000),
    "starter": _SEAT,
    "placed": _FACES,
    "opening": sc.Bool(),
    "count": _COUNT,
    "drawn": _COUNT,
    "returned": _COUNT,
    "invalid_table": sc.Bool(),
    "undid_play": sc.Bool(),
    "scores": _PER_SEAT,
    "penalties": _PER_SEAT,
    "winner": sc.Maybe(_SEAT),
    "end": sc.Str(ROUND_ENDS),
    "rummy": sc.Bool(),
}
_LOG_KINDS = {
    "deal": ("round", "starter"),
    "play": ("seat", "placed"),
    "draw": ("seat",),
    "exchange": ("seat",),
    "discard": ("seat",),
    "pass": ("seat",),
    "timeout": ("seat",),
    "round_over": ("round", "scores", "penalties", "winner", "end"),
}

SCHEMA = sc.Obj(
    {
        "format": sc.Anything(),
        "game": sc.Anything(),
        "version": sc.Anything(),
        "options": sc.Custom(Options.from_json),
        "players": sc.Int(MIN_PLAYERS, MAX_PLAYERS),
        "phase": sc.Str(tuple(Phase)),
        "round": sc.Int(1, 1000),
        "starter": _SEAT,
        "current": sc.Maybe(_SEAT),
        "racks": sc.List(_TILES, lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "pool": _TILES,
        "table": _TABLE,
        "opened": sc.List(sc.Bool(), lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "turn": sc.Obj(
            {"table": _TABLE, "rack": _TILES, "opened": sc.Bool(), "drawn": _TILES, "played": sc.Bool()}
        ),
        "quiet_turns": sc.Int(0, 1000),
        "idle_turns": sc.Int(0, 1000),
        "start_draw": sc.List(sc.List(sc.Obj({"seat": _SEAT, "tiles": _FACES}), hi=MAX_PLAYERS), hi=100),
        "log": sc.List(
            sc.Tagged(
                "kind",
                {kind: sc.Record(("kind", *required), _LOG_VALUES) for kind, required in _LOG_KINDS.items()},
            ),
            hi=100_000,
        ),
        "sheet": sc.List(
            sc.Obj(
                {
                    "round": sc.Int(1, 1000),
                    "scores": _PER_SEAT,
                    "penalties": _PER_SEAT,
                    "winner": sc.Maybe(_SEAT),
                    "end": sc.Str(ROUND_ENDS),
                    "rummy": sc.Bool(),
                }
            ),
            hi=1000,
        ),
        "totals": _PER_SEAT,
        "winners": sc.List(_SEAT, hi=MAX_PLAYERS),
        "rng": sc.Custom(rng_from_json),
    }
)
"""The shape of a saved tile game."""
