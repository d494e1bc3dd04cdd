"""The tile game's public log (records with ``kind``) as ``PublicEvent``s."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..events import PublicEvent

_SIMPLE = {
    "exchange": ("rack", "pool"),
    "discard": ("rack", "pool"),
    "pass": (None, None),
}


def event_of(index: int, entry: Mapping[str, Any]) -> PublicEvent:
    """The ``PublicEvent`` of the log entry at ``index``."""
    kind = entry["kind"]
    seat = entry.get("seat")
    if kind == "deal":
        detail = (("round", entry["round"]), ("starter", entry["starter"]))
        return PublicEvent(index, None, "deal", detail=detail)
    if kind == "play":
        placed = tuple(entry["placed"])
        detail = (("opening", bool(entry.get("opening", False))),)
        return PublicEvent(index, seat, "play", placed, (), "rack", "table", count=len(placed), detail=detail)
    if kind == "draw":
        return PublicEvent(
            index, seat, "draw", source="pool", target="rack", count=int(entry.get("count", 1))
        )
    if kind in _SIMPLE:
        source, target = _SIMPLE[kind]
        return PublicEvent(index, seat, kind, source=source, target=target, count=1 if source else 0)
    if kind == "timeout":
        names = ("invalid_table", "drawn", "returned", "undid_play")
        detail = tuple((n, entry[n]) for n in names if n in entry)
        return PublicEvent(index, seat, "timeout", count=int(entry.get("drawn", 0)), detail=detail)
    if kind == "round_over":
        names = ("round", "winner", "end", "rummy")
        detail = tuple((n, entry[n]) for n in names if n in entry)
        return PublicEvent(index, None, "round_over", detail=detail)
    raise ValueError(f"unknown log kind {kind!r}")


def events_of(log: Iterable[Mapping[str, Any]]) -> list[PublicEvent]:
    """Every entry of a round's log as a ``PublicEvent``, oldest first."""
    return [event_of(i, e) for i, e in enumerate(log)]
