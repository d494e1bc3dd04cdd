"""500 Rum's public log (read-only records with ``action`` and ``seat``) as ``PublicEvent``s."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..events import PublicEvent


def event_of(index: int, entry: Mapping[str, Any]) -> PublicEvent:
    """The ``PublicEvent`` of the log entry at ``index``."""
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
    if action == "claim_rummy":
        cards = tuple(entry.get("cards") or (entry["card"],))
        return PublicEvent(
            index, seat, "claim", cards, (entry["meld"],), "discard", "table", entry.get("end"), len(cards)
        )
    raise ValueError(f"unknown log action {action!r}")


def events_of(log: Iterable[Mapping[str, Any]]) -> list[PublicEvent]:
    """Every entry of a hand's log as a ``PublicEvent``, oldest first."""
    return [event_of(i, e) for i, e in enumerate(log)]
