"""Frustration Rummy's public log (``LogEntry``) as ``PublicEvent``s."""

from __future__ import annotations

from collections.abc import Iterable

from ..events import PublicEvent
from .records import LogEntry


def event_of(index: int, entry: LogEntry) -> PublicEvent:
    """The ``PublicEvent`` of the log entry at ``index``."""
    seat, cards, melds = entry.player, entry.cards, entry.melds
    kind = entry.kind
    if kind == "draw_stock":
        return PublicEvent(index, seat, "draw", source="stock", target="hand", count=1)
    if kind == "draw_discard":
        return PublicEvent(index, seat, "draw", cards, source="discard", target="hand", count=1)
    if kind in ("lay_down", "extra_meld"):
        return PublicEvent(index, seat, "meld", cards, melds, "hand", "table", count=len(cards))
    if kind == "lay_off":
        return PublicEvent(index, seat, "lay_off", cards, melds, "hand", "table", entry.end, len(cards))
    if kind == "take_back":
        detail = (("position", entry.position),)
        return PublicEvent(index, seat, "swap_wild", cards, melds, "hand", "table", count=1, detail=detail)
    if kind == "discard":
        return PublicEvent(index, seat, "discard", cards, source="hand", target="discard", count=1)
    if kind == "reshuffle":
        return PublicEvent(index, seat, "reshuffle", source="discard", target="stock")
    raise ValueError(f"unknown log kind {kind!r}")


def events_of(log: Iterable[LogEntry]) -> list[PublicEvent]:
    """Every entry of a round's log as a ``PublicEvent``, oldest first."""
    return [event_of(i, e) for i, e in enumerate(log)]
