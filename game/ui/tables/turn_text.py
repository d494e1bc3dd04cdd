"""Public events in words, in the current language: one clause per action ("took the 7H from
the discard pile"), a seat's turn as one sentence ("Bruno took the 7H from the discard pile and
laid 7H 7D 7C") and the round's history, newest first."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.engine.events import PublicEvent

PieceText = Callable[[str], Any]


def clause(app: Any, event: PublicEvent, piece_text: PieceText = str) -> Any:
    """The action of ``event`` as a verb phrase (``None`` for the round's own events)."""
    tr, tr_n = app.tr, app.tr_n
    pieces = " ".join(str(piece_text(p)) for p in event.pieces)
    kind = event.kind
    if kind == "draw":
        if event.source == "discard":
            return tr_n("follow.take_discard", len(event.pieces), pieces=pieces)
        if event.source == "pool":
            return tr_n("follow.draw_tiles", max(1, event.count))
        return tr("follow.draw_stock")
    if kind == "meld":
        return tr("follow.meld", pieces=pieces)
    if kind == "lay_off":
        return tr("follow.lay_off", pieces=pieces)
    if kind == "swap_wild":
        natural, wild = (str(piece_text(p)) for p in event.pieces)
        return tr("follow.swap_wild", wild=wild, natural=natural)
    if kind == "play":
        return tr_n("follow.play", event.count)
    if kind == "discard":
        return tr("follow.discard", pieces=pieces) if event.pieces else tr("follow.discard_tile")
    if kind == "exchange":
        return tr("follow.exchange")
    if kind == "pass":
        return tr("follow.pass")
    if kind == "timeout":
        return tr("follow.timeout")
    if kind == "claim":
        return tr("follow.claim", pieces=pieces)
    if kind == "reshuffle":
        return tr("follow.reshuffle")
    return None


def join(app: Any, parts: Sequence[Any]) -> Any:
    """ "a, b and c" in the current language."""
    parts = [p for p in parts if p]
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return app.tr("follow.and", first=", ".join(str(p) for p in parts[:-1]), last=parts[-1])


def sentence(
    app: Any,
    name: Any,
    events: Sequence[PublicEvent],
    piece_text: PieceText = str,
    extra=(),
    short: bool = False,
) -> Any:
    """A seat's turn in one sentence: its name and every action, joined; ``extra`` clauses
    (such as "freed a star") come before the actions. ``short``: several melds or lay-offs in
    a row are counted ("laid 3 melds") instead of listed."""
    actions = [*extra]
    i = 0
    while i < len(events):
        event, run = events[i], 1
        while short and event.kind in ("meld", "lay_off") and i + run < len(events):
            if events[i + run].kind != event.kind:
                break
            run += 1
        if run > 1:
            key = "follow.melds" if event.kind == "meld" else "follow.lay_offs"
            count = run if event.kind == "meld" else sum(len(e.pieces) for e in events[i : i + run])
            actions.append(app.tr_n(key, count))
        else:
            actions.append(clause(app, event, piece_text))
        i += run
    return app.tr("follow.turn", name=name, actions=join(app, actions))


def history_lines(
    app: Any, events: Sequence[PublicEvent], name_of: Callable[[int], Any], piece_text: PieceText = str
) -> list[Any]:
    """Every public action of the round in words, newest first (one line per action; a deal
    and a round end have their own lines)."""
    lines = []
    for event in reversed(events):
        if event.kind == "deal":
            lines.append(app.tr("follow.dealt"))
        elif event.kind == "round_over":
            lines.append(app.tr("table.round_over"))
        elif event.kind == "reshuffle":
            lines.append(app.tr("follow.reshuffle_line"))
        elif event.seat is not None:
            lines.append(sentence(app, name_of(event.seat), [event], piece_text))
    return lines
