"""Saving and loading a game of Frustration Rummy as JSON data: ``state_to_json`` and
``state_from_json``.

Loading is strict: an unknown or missing field, a card twice or missing, an illegal table meld
or a bad random generator state raises ``SaveError``; so does a game that breaks an invariant
(its audit: a phase that disagrees with the hands is ``SaveError("inconsistent")``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from game.engine import base
from game.engine import schema as sc
from game.engine.errors import IllegalMove, SaveError
from game.engine.events import PublicEvent, event_schema, events_from_json, read_old_log
from game.engine.pieces import Card, make_cards

from .audit import consistency_problem
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .records import ROUND_ENDINGS, RoundRecord
from .rules import KINDS, TableMeld, read_meld
from .turn import Phase

GAME_ID = "frustration"
SAVE_VERSION = 2
"""Version of the save format written by this engine (``state_to_json``). Version 1 kept the
round's log in its own shape (``V1_LOG``); ``migrate`` reads it as ``PublicEvent``s."""

S = TypeVar("S")


_SEAT = sc.Int(0, MAX_PLAYERS - 1)
_CARDS = sc.List(sc.Piece((Card,)), hi=400)
MAX_ROUNDS = 100_000
"""Bound of a saved round number: the rules set none; a round takes a deal and several turns,
so a real game stays far below."""
MAX_PENALTY = 1_000
"""Bound of one round's penalty: a hand holds at most 14 cards (13 dealt, one drawn) at 50 points
a wild (RULES.md section 1), 700 at most."""
MAX_SCORE = MAX_PENALTY * MAX_ROUNDS
"""Bound of a running score, the sum of a seat's penalties."""
_ROUND = sc.Int(1, MAX_ROUNDS)
_PENALTIES = sc.List(sc.Int(0, MAX_PENALTY), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_SCORES = sc.List(sc.Int(0, MAX_SCORE), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
SCHEMA = sc.Obj(
    {
        "format": sc.Anything(),
        "game": sc.Anything(),
        "version": sc.Anything(),
        "options": sc.Custom(Options.from_json),
        "players": sc.Int(MIN_PLAYERS, MAX_PLAYERS),
        "seed": sc.Int(),
        "round": _ROUND,
        "dealer": _SEAT,
        "first": _SEAT,
        "phase": sc.Str(tuple(Phase), code="bad_phase"),
        "current": sc.Maybe(_SEAT),
        "hands": sc.List(_CARDS, lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "stock": _CARDS,
        "discard": _CARDS,
        "table": sc.List(
            sc.Obj(
                {
                    "owner": _SEAT,
                    "kind": sc.Str(KINDS),
                    "cards": _CARDS,
                    "low": sc.Int(0, 20),
                    "suit": sc.Str(max_len=2),
                }
            ),
            hi=400,
        ),
        "contracts": sc.List(sc.Int(1, 14), lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "down": sc.List(sc.Bool(), lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "pending_wilds": _CARDS,
        "scores": _SCORES,
        "winners": sc.List(_SEAT, hi=MAX_PLAYERS),
        "history": sc.List(
            sc.Obj(
                {
                    "round": _ROUND,
                    "dealer": _SEAT,
                    "first": _SEAT,
                    "ended": sc.Str(ROUND_ENDINGS),
                    "went_out": sc.Maybe(_SEAT),
                    "laid_down": sc.List(sc.Bool(), lo=MIN_PLAYERS, hi=MAX_PLAYERS),
                    "contracts_before": sc.List(sc.Int(1, 14), lo=MIN_PLAYERS, hi=MAX_PLAYERS),
                    "contracts_after": sc.List(sc.Int(1, 14), lo=MIN_PLAYERS, hi=MAX_PLAYERS),
                    "penalties": _PENALTIES,
                    "scores": _SCORES,
                }
            ),
            hi=100_000,
        ),
        "log": sc.List(event_schema((Card,), MAX_PLAYERS, 400), hi=100_000),
        "rng": sc.Custom(base.rng_from_json),
    }
)
"""The shape of a saved game of Frustration Rummy (``game.engine.schema``); what it cannot
say (each card once, legal melds, a phase that agrees with the hands) ``state_from_json`` checks
after it."""


def state_to_json(state: Any) -> dict[str, Any]:
    """The JSON data of a game (a ``FrustrationState``), the random generator's state included
    (``state_from_json`` reads it back)."""
    return {
        **base.save_header(GAME_ID, SAVE_VERSION, state.options, state.num_players),
        "seed": state.seed,
        "round": state.round_number,
        "dealer": state.dealer,
        "first": state.first_player,
        "phase": str(state.phase),
        "current": state.current_player,
        "hands": [base.pieces_to_json(h) for h in state._hands],
        "stock": base.pieces_to_json(state.stock),
        "discard": base.pieces_to_json(state.discard),
        "table": [
            {
                "owner": m.owner,
                "kind": m.kind,
                "cards": base.pieces_to_json(m.cards),
                "low": m.low,
                "suit": m.suit,
            }
            for m in state.table
        ],
        "contracts": list(state.contracts),
        "down": list(state.down),
        "pending_wilds": base.pieces_to_json(state.pending_wilds),
        "scores": list(state.scores),
        "winners": list(state.winners),
        "history": [r.to_json() for r in state.history],
        "log": [e.to_json() for e in state.log],
        "rng": base.rng_to_json(state._rng),
    }


def migrate(data: Any) -> Any:
    """A save of an earlier version brought to this one: version 1 kept the log as ``V1_LOG``
    records (Frustration's own ``kind``/``player``/``cards``...), read here as public events."""
    return read_old_log(data, (GAME_ID, (1,)), V1_LOG, _v1_event, SAVE_VERSION)


V1_LOG = sc.List(
    sc.Obj(
        {
            "kind": sc.Str(
                (
                    "draw_stock",
                    "draw_discard",
                    "lay_down",
                    "lay_off",
                    "extra_meld",
                    "take_back",
                    "discard",
                    "reshuffle",
                )
            ),
            "player": _SEAT,
            "cards": sc.List(sc.Face((Card,)), hi=400),
            "melds": sc.List(sc.Int(0, 400), hi=400),
            "end": sc.Maybe(sc.Str(("low", "high"))),
            "position": sc.Maybe(sc.Int(0, 400)),
        }
    ),
    hi=100_000,
)
"""The log of a version 1 save: ``kind``, ``player``, ``cards`` (notation), ``melds`` (table
indices), ``end`` of a lay-off, ``position`` of a wild taken back."""


def _v1_event(index: int, entry: Mapping[str, Any]) -> PublicEvent:
    """The public event of a version 1 log entry."""
    seat, kind, cards, melds = entry["player"], entry["kind"], tuple(entry["cards"]), tuple(entry["melds"])
    if kind == "draw_stock":
        return PublicEvent(index, seat, "draw", source="stock", target="hand", count=1)
    if kind == "draw_discard":
        return PublicEvent(index, seat, "draw", cards, source="discard", target="hand", count=1)
    if kind in ("lay_down", "extra_meld"):
        return PublicEvent(index, seat, "meld", cards, melds, "hand", "table", count=len(cards))
    if kind == "lay_off":
        return PublicEvent(index, seat, "lay_off", cards, melds, "hand", "table", entry["end"], len(cards))
    if kind == "take_back":
        detail = (("position", entry["position"]),)
        return PublicEvent(index, seat, "swap_wild", cards, melds, "hand", "table", count=1, detail=detail)
    if kind == "discard":
        return PublicEvent(index, seat, "discard", cards, source="hand", target="discard", count=1)
    return PublicEvent(index, seat, "reshuffle", source="discard", target="stock")


def state_from_json(data: Any, cls: type[S]) -> S:
    """A game of class ``cls`` (``FrustrationState``) from ``state_to_json`` data (of this
    version or, through ``migrate``, an earlier one): every field checked, every card of the game
    found exactly once, and the whole game consistent (its audit); raises ``SaveError``."""
    data = base.check_save(migrate(data), GAME_ID, SAVE_VERSION, SCHEMA)
    options = Options.from_json(data["options"])
    n = data["players"]
    state: Any = cls.__new__(cls)
    state._players = n
    state.options = options
    state.seed = data["seed"]
    state._round = data["round"]
    state.dealer = base.want_int(data, "dealer", "saved game", 0, n - 1)
    state.first_player = base.want_int(data, "first", "saved game", 0, n - 1)
    state.phase = Phase(data["phase"])
    state._current = (
        None if data["current"] is None else base.want_int(data, "current", "saved game", 0, n - 1)
    )
    state._hands = [
        base.want_pieces(h, f"hands[{i}]", Card)
        for i, h in enumerate(base.want_list(data["hands"], "hands", n))
    ]
    state.stock = base.want_pieces(data["stock"], "stock", Card)
    state.discard = base.want_pieces(data["discard"], "discard", Card)
    state.table = [_table_meld(m, n) for m in base.want_list(data["table"], "table")]
    state.contracts = base.want_ints(data["contracts"], "contracts", n, 1, options.final_contract)
    state.down = base.want_bools(data["down"], "down", n)
    state.pending_wilds = base.want_pieces(data["pending_wilds"], "pending_wilds", Card)
    state.scores = base.want_ints(data["scores"], "scores", n)
    state._winners = base.want_ints(data["winners"], "winners", None, 0, n - 1)
    state.history = [RoundRecord.from_json(r, n) for r in base.want_list(data["history"], "history")]
    state.log = events_from_json(data["log"], n)
    state._rng = base.rng_from_json(data["rng"])
    found = [c for h in state._hands for c in h] + state.stock + state.discard
    found += [c for m in state.table for c in m.cards]
    decks = options.deck_count(n)
    base.check_conservation(found, make_cards(decks, 2 * decks))
    problem = consistency_problem(state)
    if problem:
        raise SaveError("inconsistent", f"saved game: {problem}")
    return state


def _table_meld(data: Any, players: int) -> TableMeld:
    base.check_fields(data, "table meld", ["owner", "kind", "cards", "low", "suit"])
    owner = base.want_int(data, "owner", "table meld", 0, players - 1)
    if data["kind"] not in KINDS:
        raise SaveError("bad_meld", f"table meld: unknown kind {data['kind']!r}")
    cards = base.want_pieces(data["cards"], "table meld", Card)
    try:
        low, suit = read_meld(cards, data["kind"])
    except IllegalMove as exc:
        raise SaveError("bad_meld", f"table meld {' '.join(c.text for c in cards)}: {exc}") from exc
    if data["low"] != low or data["suit"] != suit:
        raise SaveError("bad_meld", "table meld: low value or suit disagrees with its cards")
    return TableMeld(owner, data["kind"], tuple(cards), low, suit)
