"""One public event shape for the three games: ``PublicEvent``. Every engine records the public
log of the round as ``PublicEvent``s (``state.log``, ``view.log``: oldest first) and saves them
as ``to_json`` gives them (``event_schema`` says what a saved one may hold); the log shapes of
earlier versions live on only in each game's save codec, which reads them into events."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import schema as sc
from .errors import SaveError

KINDS: tuple[str, ...] = (
    "deal",
    "draw",
    "meld",
    "lay_off",
    "swap_wild",
    "play",
    "discard",
    "exchange",
    "pass",
    "timeout",
    "reshuffle",
    "claim",
    "round_over",
)
"""Every ``PublicEvent.kind``. ``draw``: ``source`` is ``"stock"``, ``"discard"`` or
``"pool"``; ``pieces`` the pieces taken when they are public (a card from the discard pile),
else empty, and ``count`` how many. ``meld``: new melds laid from the hand (``melds`` their
table indices). ``lay_off``: ``pieces`` added to the meld ``melds[0]`` at ``end``.
``swap_wild``: ``pieces`` = (natural put in, wild taken), ``melds[0]`` the meld. ``play``: tiles
laid from the rack onto the table (the table may also have been rearranged). ``discard``: the
piece (empty for a tile, which is hidden). ``exchange``: a tile to the pool and one back
(hidden). ``reshuffle``: the discard pile turned into the stock (``count`` cards). ``claim``: a
player called rummy on a discard (``pieces`` the card, ``melds`` where it went). ``round_over``:
the round ended. The facts each kind may carry in ``detail`` (a lay-down's ``contract`` and
``sizes``, the ``owner``, ``shape`` and ``face`` of the meld a card reached, a tile play's
``changes`` and ``freed`` stars) are listed in docs/events.md."""


PLACES: tuple[str, ...] = ("stock", "discard", "pool", "hand", "rack", "table")
"""Every ``source`` and ``target``."""


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One public action of a round, in the same shape for every game.

    ``index`` is the entry's position in the engine's log (stable across saves: the log is
    saved), ``seat`` who acted (``None`` for the round's own events), ``pieces`` notation texts,
    ``melds`` table meld indices, ``source``/``target`` where pieces came from and went
    (``"stock"``, ``"discard"``, ``"pool"``, ``"hand"``, ``"table"``), ``end`` the end of a run
    (``"low"``/``"high"``) when it matters, ``count`` how many pieces when they are hidden, and
    ``detail`` the game's own extra facts (a tile opening, a timeout's penalty, the sizes of
    the melds laid...): plain values, or tuples of plain values or of tuples of them."""

    index: int
    seat: int | None
    kind: str
    pieces: tuple[str, ...] = ()
    melds: tuple[int, ...] = ()
    source: str | None = None
    target: str | None = None
    end: str | None = None
    count: int = 0
    detail: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        """A value of ``detail`` by name."""
        return dict(self.detail).get(key, default)

    @property
    def is_turn_action(self) -> bool:
        """True for a player's own action (not a deal, reshuffle or round end)."""
        return self.seat is not None and self.kind not in ("deal", "reshuffle", "round_over")

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (saves, the bot protocol; ``from_json`` reads it back)."""
        return {
            "index": self.index,
            "seat": self.seat,
            "kind": self.kind,
            "pieces": list(self.pieces),
            "melds": list(self.melds),
            "source": self.source,
            "target": self.target,
            "end": self.end,
            "count": self.count,
            "detail": {name: _thaw(value) for name, value in self.detail},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PublicEvent:
        """The event of ``to_json`` data that fits ``event_schema`` (checked before)."""
        return cls(
            data["index"],
            data["seat"],
            data["kind"],
            tuple(data["pieces"]),
            tuple(data["melds"]),
            data["source"],
            data["target"],
            data["end"],
            data["count"],
            tuple((name, _freeze(value)) for name, value in data["detail"].items()),
        )


def _freeze(value: Any) -> Any:
    """A fact read from JSON: its lists as tuples (an event is immutable)."""
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


def _thaw(value: Any) -> Any:
    """A fact as JSON data: its tuples as lists."""
    return [_thaw(v) for v in value] if isinstance(value, tuple) else value


def record(log: list[PublicEvent], seat: int | None, kind: str, *args: Any, **fields: Any) -> PublicEvent:
    """Append the next event of a round's ``log`` (``PublicEvent`` fields after the index, which
    is its place in the log) and return it."""
    event = PublicEvent(len(log), seat, kind, *args, **fields)
    log.append(event)
    return event


def meld_facts(owner: int, shape: str, face: str) -> tuple[tuple[str, Any], ...]:
    """The ``detail`` facts naming the meld an action reached (a lay-off, a wild taken back, a
    claim): ``owner`` the seat that laid the meld, ``shape`` ``"set"`` or ``"run"`` and ``face``
    a set's rank (``"A"``, ``"10"``) or a run's suit (``"H"``)."""
    return (("owner", owner), ("shape", shape), ("face", face))


def read_old_log(
    data: Any,
    old: tuple[str, tuple[int, ...]],
    shape: sc.Spec,
    event_of: Callable[[int, Mapping[str, Any]], PublicEvent],
    version: int,
    missing: Mapping[str, Any] | None = None,
) -> Any:
    """A save of the game and versions ``old`` (``(game id, versions)``), whose log kept the
    game's own records (of ``shape``), brought to ``version``: each record read as a public event
    by ``event_of(index, record)``, and the ``missing`` fields added where absent. Other data is
    returned unchanged. Raises ``SaveError`` when the old log does not fit ``shape`` (each save
    codec's ``migrate`` calls it)."""
    game_id, versions = old
    if not isinstance(data, Mapping) or data.get("game") != game_id or data.get("version") not in versions:
        return data
    sc.check(shape, data.get("log"), "saved game.log")
    log = [event_of(i, record).to_json() for i, record in enumerate(data["log"])]
    return {**(missing or {}), **data, "version": version, "log": log}


def event_schema(pieces: tuple[type, ...], seats: int, most: int) -> sc.Spec:
    """The shape of a saved event of a game whose pieces are of the types ``pieces``, played by
    at most ``seats`` players, with at most ``most`` pieces (the ``count``, ``index`` and meld
    numbers are bounded by it too)."""
    return sc.Obj(
        {
            "index": sc.Int(0, 100_000),
            "seat": sc.Maybe(sc.Int(0, seats - 1)),
            "kind": sc.Str(KINDS),
            "pieces": sc.List(sc.Face(pieces), hi=most),
            "melds": sc.List(sc.Int(0, most), hi=most),
            "source": sc.Maybe(sc.Str(PLACES)),
            "target": sc.Maybe(sc.Str(PLACES)),
            "end": sc.Maybe(sc.Str(("low", "high"))),
            "count": sc.Int(0, most),
            "detail": sc.Map(sc.Str(max_len=40), sc.Fact(), hi=20),
        }
    )


def events_from_json(data: list[Any], players: int, where: str = "saved game.log") -> list[PublicEvent]:
    """The events of a saved log that fits a list of ``event_schema``, in a game of ``players``
    seats: each one's ``index`` is its place in the list and its seat one of the game's (raises
    ``SaveError`` otherwise)."""
    for i, item in enumerate(data):
        if item["index"] != i:
            raise SaveError("bad_field", f"{where}[{i}].index: expected {i}")
        if item["seat"] is not None and item["seat"] >= players:
            raise SaveError("bad_field", f"{where}[{i}].seat: no seat {item['seat']}")
    return [PublicEvent.from_json(item) for item in data]
