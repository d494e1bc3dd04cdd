"""Saving and loading a tile game as JSON data: ``state_to_json`` and ``state_from_json``.

Loading checks the shape first (``SCHEMA``, ``game.engine.schema``); what a shape cannot say
(each tile once, legal combinations, a turn snapshot that matches the table, a score sheet that
adds up) it checks after, from the loaded state (its audit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from game.engine import base
from game.engine import schema as sc
from game.engine.errors import InvariantError, SaveError
from game.engine.events import PublicEvent, event_schema, events_from_json, read_old_log
from game.engine.pieces import Tile

from .audit import audit
from .options import MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, Options
from .turn import STALEMATE_CIRCUITS, Phase

GAME_ID = "tiles"
SAVE_VERSION = 2
"""Version of the save format written by this engine (``state_to_json``). Version 1 kept the
round's log in its own shape (``V1_LOG``); ``migrate`` reads it as ``PublicEvent``s."""

S = TypeVar("S")

ROUND_ENDS = ("out", "blocked", "stalemate")

_SEAT = sc.Int(0, MAX_PLAYERS - 1)
_TILES = sc.List(sc.Piece((Tile,)), hi=106)
_TABLE = sc.List(_TILES, hi=106)
_FACES = sc.List(sc.Face((Tile,)), hi=106)
_COUNT = sc.Int(0, 106)
MAX_PENALTY = 1_000
"""Bound of one rack's penalty: every tile of the set on one rack, 1 to 13 twice in four
colours and two stars at 25 (RULES.md section 3), is worth 778."""
MAX_SCORE = 2 * MAX_PENALTY
"""Bound of a round's score, above or below zero: the winner scores the others' penalties,
doubled for a "Rummy"."""
MAX_TOTAL = MAX_SCORE * MAX_ROUNDS
"""Bound of a running total, above or below zero (at most ``MAX_ROUNDS`` rounds)."""
_ROUND = sc.Int(1, MAX_ROUNDS)
_SCORES = sc.List(sc.Int(-MAX_SCORE, MAX_SCORE), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_PENALTIES = sc.List(sc.Int(0, MAX_PENALTY), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_TOTALS = sc.List(sc.Int(-MAX_TOTAL, MAX_TOTAL), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_V1_VALUES: dict[str, sc.Spec] = {
    "seat": _SEAT,
    "round": _ROUND,
    "starter": _SEAT,
    "placed": _FACES,
    "opening": sc.Bool(),
    "count": _COUNT,
    "drawn": _COUNT,
    "returned": _COUNT,
    "invalid_table": sc.Bool(),
    "undid_play": sc.Bool(),
    "scores": _SCORES,
    "penalties": _PENALTIES,
    "winner": sc.Maybe(_SEAT),
    "end": sc.Str(ROUND_ENDS),
    "rummy": sc.Bool(),
}
_V1_KINDS = {
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
        "round": _ROUND,
        "starter": _SEAT,
        "current": sc.Maybe(_SEAT),
        "racks": sc.List(_TILES, lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "pool": _TILES,
        "table": _TABLE,
        "opened": sc.List(sc.Bool(), lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "turn": sc.Obj(
            {"table": _TABLE, "rack": _TILES, "opened": sc.Bool(), "drawn": _TILES, "played": sc.Bool()}
        ),
        "quiet_turns": sc.Int(0, STALEMATE_CIRCUITS * MAX_PLAYERS),
        "idle_turns": sc.Int(0, MAX_PLAYERS),
        "start_draw": sc.List(sc.List(sc.Obj({"seat": _SEAT, "tiles": _FACES}), hi=MAX_PLAYERS), hi=100),
        "log": sc.List(event_schema((Tile,), MAX_PLAYERS, 106), hi=100_000),
        "sheet": sc.List(
            sc.Obj(
                {
                    "round": _ROUND,
                    "scores": _SCORES,
                    "penalties": _PENALTIES,
                    "winner": sc.Maybe(_SEAT),
                    "end": sc.Str(ROUND_ENDS),
                    "rummy": sc.Bool(),
                }
            ),
            hi=1000,
        ),
        "totals": _TOTALS,
        "winners": sc.List(_SEAT, hi=MAX_PLAYERS),
        "rng": sc.Custom(base.rng_from_json),
    }
)
"""The shape of a saved tile game."""


def state_to_json(state: Any) -> dict[str, Any]:
    """The JSON data of a game, a ``TilesState`` (``state_from_json`` reads it back)."""
    return {
        **base.save_header(GAME_ID, SAVE_VERSION, state.options, state._players),
        "phase": str(state.phase),
        "round": state._round,
        "starter": state.starter,
        "current": state._current,
        "racks": [base.pieces_to_json(r) for r in state._racks],
        "pool": base.pieces_to_json(state.pool),
        "table": [base.pieces_to_json(c) for c in state.table],
        "opened": list(state.opened),
        "turn": {
            "table": [base.pieces_to_json(c) for c in state.turn_table],
            "rack": base.pieces_to_json(state.turn_rack),
            "opened": state.turn_opened,
            "drawn": base.pieces_to_json(state.drawn),
            "played": state.played_this_turn,
        },
        "quiet_turns": state.quiet_turns,
        "idle_turns": state.idle_turns,
        "start_draw": _thaw(state.start_draw),
        "log": [e.to_json() for e in state.log],
        "sheet": _thaw(state.sheet),
        "totals": list(state.totals),
        "winners": list(state._winners),
        "rng": base.rng_to_json(state.rng),
    }


V1_LOG = sc.List(
    sc.Tagged(
        "kind", {kind: sc.Record(("kind", *required), _V1_VALUES) for kind, required in _V1_KINDS.items()}
    ),
    hi=100_000,
)
"""The log of a version 1 save: records with ``kind`` and, per kind, the fields of
``_V1_KINDS``."""


def migrate(data: Any) -> Any:
    """A save of an earlier version brought to this one: version 1 kept the round's log as
    ``V1_LOG`` records (the tile game's own ``kind`` with its fields), read here as public
    events."""
    return read_old_log(data, (GAME_ID, (1,)), V1_LOG, _v1_event, SAVE_VERSION)


_V1_SIMPLE = {"exchange": ("rack", "pool"), "discard": ("rack", "pool"), "pass": (None, None)}


def _v1_event(index: int, entry: Mapping[str, Any]) -> PublicEvent:
    """The public event of a version 1 log record."""
    kind, seat = entry["kind"], entry.get("seat")
    if kind == "deal":
        return PublicEvent(
            index, None, "deal", detail=(("round", entry["round"]), ("starter", entry["starter"]))
        )
    if kind == "play":
        placed = tuple(entry["placed"])
        detail = (("opening", bool(entry.get("opening", False))),)
        return PublicEvent(index, seat, "play", placed, (), "rack", "table", count=len(placed), detail=detail)
    if kind == "draw":
        return PublicEvent(
            index, seat, "draw", source="pool", target="rack", count=int(entry.get("count", 1))
        )
    if kind in _V1_SIMPLE:
        source, target = _V1_SIMPLE[kind]
        return PublicEvent(index, seat, kind, source=source, target=target, count=1 if source else 0)
    names = (
        ("invalid_table", "drawn", "returned", "undid_play")
        if kind == "timeout"
        else ("round", "winner", "end", "rummy")
    )
    detail = tuple((n, entry[n]) for n in names if n in entry)
    if kind == "timeout":
        return PublicEvent(index, seat, "timeout", count=int(entry.get("drawn", 0)), detail=detail)
    return PublicEvent(index, None, "round_over", detail=detail)


def state_from_json(data: Any, cls: type[S]) -> S:
    """A game of class ``cls`` (``TilesState``) from ``state_to_json`` data (of this version or,
    through ``migrate``, an earlier one); raises ``SaveError`` when it is malformed or
    inconsistent (a tile twice or missing, an illegal combination, a bad score sheet...)."""
    data = base.check_save(migrate(data), GAME_ID, SAVE_VERSION, SCHEMA)
    state: Any = cls.__new__(cls)
    state._setup(data["players"], Options.from_json(data["options"]), base.rng_from_json(data["rng"]))
    _load_fields(state, data)
    _check_loaded(state)
    return state


def _load_fields(state: Any, data: Mapping[str, Any]) -> None:
    n = state._players
    state.phase = Phase(data["phase"])
    state._round = base.want_int(data, "round", "saved game", 1, state.options.rounds)
    state.starter = base.want_int(data, "starter", "saved game", 0, n - 1)
    if state.phase == Phase.GAME_OVER:
        if data["current"] is not None:
            raise SaveError("bad_field", "saved game.current: must be null once the game is over")
        state._current = None
    else:
        state._current = base.want_int(data, "current", "saved game", 0, n - 1)
    state._racks = [
        base.want_pieces(r, f"racks[{i}]", Tile)
        for i, r in enumerate(base.want_list(data["racks"], "racks", n))
    ]
    state.pool = base.want_pieces(data["pool"], "pool", Tile)
    state.table = [
        tuple(base.want_pieces(c, f"table[{i}]", Tile))
        for i, c in enumerate(base.want_list(data["table"], "table"))
    ]
    state.opened = base.want_bools(data["opened"], "opened", n)
    turn = data["turn"]
    base.check_fields(turn, "saved game.turn", ("table", "rack", "opened", "drawn", "played"))
    state.turn_table = [
        tuple(base.want_pieces(c, "turn.table", Tile)) for c in base.want_list(turn["table"], "turn.table")
    ]
    state.turn_rack = base.want_pieces(turn["rack"], "turn.rack", Tile)
    state.turn_opened = base.want_bools([turn["opened"]], "turn.opened", 1)[0]
    state.drawn = base.want_pieces(turn["drawn"], "turn.drawn", Tile)
    state.played_this_turn = base.want_bools([turn["played"]], "turn.played", 1)[0]
    state.quiet_turns = base.want_int(data, "quiet_turns", "saved game", 0, STALEMATE_CIRCUITS * n)
    state.idle_turns = base.want_int(data, "idle_turns", "saved game", 0, n)
    state.start_draw = _freeze(_start_draw(data["start_draw"], n))
    state.log = events_from_json(data["log"], n)
    state.sheet = [_sheet_row(row, i, n) for i, row in enumerate(base.want_list(data["sheet"], "sheet"))]
    state.totals = [int(t) for t in base.want_ints(data["totals"], "totals", n)]
    state._winners = [int(w) for w in base.want_ints(data["winners"], "winners")]


def _check_loaded(state: Any) -> None:
    """Conservation, legal combinations, consistent turn and score sheet, as SaveError."""
    try:
        audit(state)
    except InvariantError as exc:
        raise SaveError("inconsistent", f"saved game: {exc}") from exc
    best = max(state.totals) if state.phase == Phase.GAME_OVER else None
    expected = [s for s, t in enumerate(state.totals) if t == best]
    if state._winners != expected:
        raise SaveError("inconsistent", "saved game: winners do not match the totals")


def _start_draw(value: Any, players: int) -> list[Any]:
    for drawn_pass in base.want_list(value, "start_draw"):
        for entry in base.want_list(drawn_pass, "start_draw[]"):
            base.check_fields(entry, "saved game.start_draw[][]", ("seat", "tiles"))
            seat, faces = entry["seat"], entry["tiles"]
            if not isinstance(seat, int) or not 0 <= seat < players:
                raise SaveError("bad_field", f"saved game.start_draw: no seat {seat!r}")
            if not all(isinstance(f, str) for f in base.want_list(faces, "start_draw[][].tiles")):
                raise SaveError("bad_field", "saved game.start_draw: tiles are notation strings")
    return value


def _sheet_row(row: Any, index: int, players: int) -> dict[str, Any]:
    where = f"saved game.sheet[{index}]"
    base.check_fields(row, where, ("round", "scores", "penalties", "winner", "end", "rummy"))
    if row["round"] != index + 1:
        raise SaveError("bad_field", f"{where}.round: expected {index + 1}")
    base.want_ints(row["scores"], f"sheet[{index}].scores", players)
    base.want_ints(row["penalties"], f"sheet[{index}].penalties", players)
    if row["end"] not in ROUND_ENDS or not isinstance(row["rummy"], bool):
        raise SaveError("bad_field", f"{where}: bad end or rummy")
    winner = row["winner"]
    if winner is not None and (not isinstance(winner, int) or not 0 <= winner < players):
        raise SaveError("bad_field", f"{where}.winner: no seat {winner!r}")
    return _freeze(row)


def _freeze(value: Any) -> Any:
    """JSON data with its lists inside records turned into tuples (records stay dicts)."""
    if isinstance(value, dict):
        return {k: _freeze_inner(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_freeze(v) for v in value]
    return value


def _freeze_inner(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze_inner(v) for v in value)
    if isinstance(value, dict):
        return base.FrozenRecord({k: _freeze_inner(v) for k, v in value.items()})
    return value


def _thaw(value: Any) -> Any:
    """Plain JSON data (lists and dicts) from frozen records."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    return value
