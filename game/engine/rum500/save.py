"""Saving and loading a game of 500 Rum as JSON data: ``state_to_json`` and ``state_from_json``.

Loading is strict: an unknown or missing field, a card twice, missing or foreign to the game's
decks, an illegal table meld or a position that breaks an invariant raises ``SaveError``.
``migrate`` reads the earlier versions: version 1 (before two decks) had no ``decks`` field and
always one deck, which the game keeps, five or six players included; versions 1 and 2 kept the
hand's log in their own shape (``V2_LOG``), read as ``PublicEvent``s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from game.engine import base
from game.engine import schema as sc
from game.engine.errors import InvariantError, SaveError
from game.engine.events import PublicEvent, event_schema, events_from_json, read_old_log
from game.engine.pieces import Card, index_of, make_cards

from .audit import audit
from .options import DECK_COUNTS, GAME_ID, MAX_PLAYERS, MIN_PLAYERS, Options
from .records import ENDED_STOCK_EMPTY, ENDED_WENT_OUT, HISTORY_FIELDS, Record, freeze, thaw
from .rules import RUN, SET, TableMeld
from .turn import Phase

SAVE_VERSION = 3
"""Version 3 saves the log as public events; version 2 records ``decks`` (a version 1 save,
always one deck, is read as one deck)."""

P = TypeVar("P")


def state_to_json(state: Any) -> dict[str, Any]:
    """The JSON data of a game, a ``Rum500State`` (``state_from_json`` reads it back)."""
    return {
        **base.save_header(GAME_ID, SAVE_VERSION, state._options, state._n),
        "decks": state._decks,
        "round": state._round,
        "dealer": state._dealer,
        "turn": state._turn,
        "phase": str(state._phase),
        "hands": [base.pieces_to_json(h) for h in state._hands],
        "stock": base.pieces_to_json(state._stock),
        "discard": base.pieces_to_json(state._discard),
        "table": [m.to_json() for m in state._table],
        "must_use": state._must_use.ident if state._must_use else None,
        "claim_queue": list(state._claim_queue),
        "totals": list(state._totals),
        "history": [thaw(e) for e in state._history],
        "log": [e.to_json() for e in state._log],
        "winners": list(state._winners),
        "rng": base.rng_to_json(state._rng),
    }


_SEAT = sc.Int(0, MAX_PLAYERS - 1)
_MOST_CARDS = 52 * max(DECK_COUNTS)
_CARDS = sc.List(sc.Piece((Card,), lambda c: not c.is_joker and c.copy < max(DECK_COUNTS)), hi=_MOST_CARDS)
_FACES = sc.List(sc.Face((Card,)), hi=_MOST_CARDS)
MAX_ROUNDS = 100_000
"""Bound of a saved hand number: the rules set none; a hand takes a deal and several turns, so
a real game stays far below."""
MAX_POINTS = 1_000
"""Bound of the points a seat scores on the table, or holds in hand, in one hand: every card of
two decks (RULES.md section 2: A = 15, K Q J 10 = 10, 2-9 their value) is worth 792."""
MAX_TOTAL = MAX_POINTS * MAX_ROUNDS
"""Bound of a running total, above or below zero."""
_ROUND = sc.Int(1, MAX_ROUNDS)
_POINTS = sc.List(sc.Int(0, MAX_POINTS), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_SCORES = sc.List(sc.Int(-MAX_POINTS, MAX_POINTS), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_TOTALS = sc.List(sc.Int(-MAX_TOTAL, MAX_TOTAL), lo=MIN_PLAYERS, hi=MAX_PLAYERS)
_V2_VALUES: dict[str, sc.Spec] = {
    "card": sc.Face((Card,)),
    "cards": _FACES,
    "must_use": sc.Face((Card,)),
    "index": sc.Int(0, _MOST_CARDS),
    "meld": sc.Int(0, _MOST_CARDS),
    "count": sc.Int(0, _MOST_CARDS),
    "end": sc.Maybe(sc.Str(("low", "high"))),
}
SCHEMA = sc.Obj(
    {
        "format": sc.Anything(),
        "game": sc.Anything(),
        "version": sc.Anything(),
        "options": sc.Custom(Options.from_json),
        "players": sc.Int(MIN_PLAYERS, MAX_PLAYERS),
        "decks": sc.Int(min(DECK_COUNTS), max(DECK_COUNTS)),
        "round": _ROUND,
        "dealer": _SEAT,
        "turn": _SEAT,
        "phase": sc.Str(tuple(Phase)),
        "hands": sc.List(_CARDS, lo=MIN_PLAYERS, hi=MAX_PLAYERS),
        "stock": _CARDS,
        "discard": _CARDS,
        "table": sc.List(
            sc.Obj({"kind": sc.Str((SET, RUN)), "cards": _CARDS, "owners": sc.List(_SEAT, hi=_MOST_CARDS)}),
            hi=_MOST_CARDS,
        ),
        "must_use": sc.Maybe(sc.Str(max_len=12)),
        "claim_queue": sc.List(_SEAT, hi=MAX_PLAYERS),
        "totals": _TOTALS,
        "history": sc.List(
            sc.Obj(
                {
                    "hand": _ROUND,
                    "dealer": _SEAT,
                    "ended": sc.Str((ENDED_WENT_OUT, ENDED_STOCK_EMPTY)),
                    "went_out": sc.Maybe(_SEAT),
                    "table_points": _POINTS,
                    "hand_points": _POINTS,
                    "scores": _SCORES,
                    "totals": _TOTALS,
                }
            ),
            hi=100_000,
        ),
        "log": sc.List(event_schema((Card,), MAX_PLAYERS, _MOST_CARDS), hi=100_000),
        "winners": sc.List(_SEAT, hi=MAX_PLAYERS),
        "rng": sc.Custom(base.rng_from_json),
    }
)
"""The shape of a saved game of 500 Rum (``game.engine.schema``), after ``migrate``; what it
cannot say (each card once, legal melds, scores that add up, a phase that agrees with the hands)
``state_from_json`` checks after it."""


def migrate(data: Any) -> Any:
    """A save of an earlier version brought to this one: versions 1 and 2 kept the hand's log
    as ``V2_LOG`` records (500 Rum's own ``action``/``seat``...), read here as public events;
    version 1 had no ``decks`` and always one deck, which the game keeps (five or six players
    included)."""
    return read_old_log(data, (GAME_ID, (1, 2)), V2_LOG, _v2_event, SAVE_VERSION, {"decks": 1})


def _v2_event(index: int, entry: Mapping[str, Any]) -> PublicEvent:
    """The public event of a version 1 or 2 log record."""
    action, seat = entry["action"], entry["seat"]
    if action == "deal":
        return PublicEvent(index, seat, "deal", (entry["card"],), target="discard")
    if action == "draw_stock":
        return PublicEvent(index, seat, "draw", source="stock", target="hand", count=1)
    if action == "take_discard":
        cards = tuple(entry["cards"])
        detail = (("must_use", entry["must_use"]), ("depth", entry["index"]))
        return PublicEvent(
            index, seat, "draw", cards, source="discard", target="hand", count=len(cards), detail=detail
        )
    if action == "pass_empty_stock":
        return PublicEvent(index, seat, "pass", detail=(("empty_stock", True),))
    if action == "stock_renewed":
        return PublicEvent(index, seat, "reshuffle", source="discard", target="stock", count=entry["count"])
    if action == "meld":
        cards = tuple(entry["cards"])
        return PublicEvent(index, seat, "meld", cards, (entry["meld"],), "hand", "table", count=len(cards))
    if action == "lay_off":
        melds = (entry["meld"],)
        return PublicEvent(index, seat, "lay_off", (entry["card"],), melds, "hand", "table", entry["end"], 1)
    if action == "discard":
        return PublicEvent(index, seat, "discard", (entry["card"],), source="hand", target="discard", count=1)
    cards = tuple(entry.get("cards") or (entry["card"],))
    end, facts = entry.get("end"), (("card", entry["card"]),)
    return PublicEvent(
        index, seat, "claim", cards, (entry["meld"],), "discard", "table", end, len(cards), facts
    )


_V2_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # action: (required fields besides action and seat, optional fields)
    "deal": (("card",), ()),
    "draw_stock": ((), ()),
    "take_discard": (("index", "cards", "must_use"), ()),
    "pass_empty_stock": ((), ()),
    "stock_renewed": (("count",), ()),
    "meld": (("meld", "cards"), ()),
    "lay_off": (("meld", "card", "end"), ()),
    "discard": (("card",), ()),
    "claim_rummy": (("card", "meld"), ("cards", "end")),
}

V2_LOG = sc.List(
    sc.Tagged(
        "action",
        {
            action: sc.Obj(
                {"action": sc.Anything(), "seat": _SEAT, **{k: _V2_VALUES[k] for k in required}},
                {k: _V2_VALUES[k] for k in optional},
            )
            for action, (required, optional) in _V2_FIELDS.items()
        },
    ),
    hi=100_000,
)
"""The log of a version 1 or 2 save: records with ``action`` and ``seat``, and per action the
fields of ``_V2_FIELDS``."""


def state_from_json(data: Any, cls: type[P]) -> P:
    """A game of class ``cls`` (``Rum500State``) from ``state_to_json`` data (of this version or,
    through ``migrate``, an earlier one): every field checked, every card of the game's decks
    found exactly once, and the whole game consistent (its audit); raises ``SaveError``."""
    data = base.check_save(migrate(data), GAME_ID, SAVE_VERSION, SCHEMA)
    n, decks = data["players"], data["decks"]
    state = cls(n, Options.from_json(data["options"]), base.rng_from_json(data["rng"]), decks)
    state._round = data["round"]
    state._dealer = base.want_int(data, "dealer", "saved game", 0, n - 1)
    state._turn = base.want_int(data, "turn", "saved game", 0, n - 1)
    state._phase = Phase(data["phase"])
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise SaveError("bad_field", "saved game.hands: one hand per player expected")
    state._hands = [_load_cards(h, f"hands[{i}]", decks) for i, h in enumerate(hands)]
    state._stock = _load_cards(data["stock"], "stock", decks)
    state._discard = _load_cards(data["discard"], "discard", decks)
    state._table = _load_table(data["table"], n, decks)
    base.check_conservation(state._all_cards(), make_cards(decks, 0))
    state._must_use = _load_must_use(data["must_use"], state._hands[state._turn], decks)
    state._claim_queue = base.want_ints(data["claim_queue"], "claim_queue", None, 0, n - 1)
    state._totals = base.want_ints(data["totals"], "totals", n)
    state._history = [_load_history_entry(e, n) for e in base.want_list(data["history"], "history")]
    state._log = events_from_json(data["log"], n)
    state._winners = base.want_ints(data["winners"], "winners", None, 0, n - 1)
    try:
        audit(state)
    except InvariantError as exc:
        raise SaveError("inconsistent", f"saved game is inconsistent: {exc}") from exc
    return state


def _load_cards(value: Any, where: str, decks: int) -> list[Card]:
    cards = base.want_pieces(value, where, Card)
    if not all(not c.is_joker and 0 <= c.copy < decks for c in cards):
        raise SaveError(
            "bad_piece", f"{where}: only the cards of {decks} 52-card deck(s) belong to this game"
        )
    return cards  # type: ignore[return-value]


def _load_table(value: Any, n: int, decks: int) -> list[TableMeld]:
    table = []
    for i, item in enumerate(base.want_list(value, "table")):
        where = f"table[{i}]"
        base.check_fields(item, where, ["kind", "cards", "owners"])
        cards = _load_cards(item["cards"], where, decks)
        owners = base.want_ints(item["owners"], f"{where}.owners", len(cards), 0, n - 1)
        if item["kind"] not in (SET, RUN):
            raise SaveError("bad_field", f"{where}.kind: unknown kind {item['kind']!r}")
        table.append(TableMeld(item["kind"], tuple(cards), tuple(owners), decks))
    return table


def _load_must_use(value: Any, hand: Sequence[Card], decks: int) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise SaveError("bad_field", "saved game.must_use: expected a card or null")
    card = _load_cards([value], "must_use", decks)[0]
    if index_of(hand, card) < 0:
        raise SaveError("bad_field", "saved game.must_use: not a card of the hand to move")
    return card


def _load_history_entry(entry: Any, n: int) -> Record:
    base.check_fields(entry, "history entry", HISTORY_FIELDS)
    out: dict[str, Any] = {
        "hand": base.want_int(entry, "hand", "history entry", 1),
        "dealer": base.want_int(entry, "dealer", "history entry", 0, n - 1),
    }
    if entry["ended"] not in (ENDED_WENT_OUT, ENDED_STOCK_EMPTY):
        raise SaveError("bad_field", f"history entry.ended: {entry['ended']!r}")
    out["ended"] = entry["ended"]
    went_out = entry["went_out"]
    if (went_out is None) != (entry["ended"] == ENDED_STOCK_EMPTY):
        raise SaveError("bad_field", "history entry.went_out disagrees with ended")
    out["went_out"] = (
        None if went_out is None else base.want_int(entry, "went_out", "history entry", 0, n - 1)
    )
    for key in ("table_points", "hand_points", "scores", "totals"):
        out[key] = base.want_ints(entry[key], f"history.{key}", n)
    return freeze(out)
