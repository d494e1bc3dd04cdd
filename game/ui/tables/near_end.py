"""Near-end warnings for the status line: the tile game's stalemate count (in the last two
circuits before a round ends blocked) and 500 Rum's stock running out."""

from __future__ import annotations

from typing import Any

from game.engine.events import PublicEvent
from game.engine.tiles import STALEMATE_CIRCUITS

WARN_CIRCUITS = 2
"""The tile game warns from this many circuits left."""


def quiet_turns(events: list[PublicEvent], current: int | None) -> int:
    """Turns in a row that ended without a tile laid, read from the round's events: each run of
    one seat's actions is a turn; the run of the seat still to move is not over."""
    runs: list[tuple[int, bool]] = []  # (seat, laid) per turn, oldest first
    for event in events:
        if not event.is_turn_action or event.seat is None:
            continue
        if runs and runs[-1][0] == event.seat:
            runs[-1] = (event.seat, runs[-1][1] or event.kind == "play")
        else:
            runs.append((event.seat, event.kind == "play"))
    if runs and runs[-1][0] == current:
        runs.pop()
    quiet = 0
    for _, laid in reversed(runs):
        if laid:
            break
        quiet += 1
    return quiet


def circuits_left(view: Any, events: list[PublicEvent]) -> int:
    """Full circuits of turns left before a tile round ends in stalemate (the view's own count
    when it has one)."""
    own = getattr(view, "circuits_left", None)
    if own is not None:
        return int(own)
    n = view.num_players
    quiet = getattr(view, "quiet_turns", None)
    if quiet is None:
        quiet = quiet_turns(events, view.current_player)
    return -(-(STALEMATE_CIRCUITS * n - quiet) // n)


def stalemate_warning(app: Any, view: Any, events: list[PublicEvent]) -> Any:
    """The tile table's warning in the last circuits before a round ends blocked, or ``None``."""
    if _over(view):
        return None
    left = circuits_left(view, events)
    return app.tr_n("tiles.status.circuits_left", left) if 0 < left <= WARN_CIRCUITS else None


def stock_warning(app: Any, view: Any) -> Any:
    """500 Rum's warning when the stock is about to run out, or ``None`` (at 0 the status line
    already says the stock is empty)."""
    if _over(view):
        return None
    stock = view.stock_count
    return app.tr_n("rum500.status.stock_low", stock) if 0 < stock <= view.num_players else None


def _over(view: Any) -> bool:
    return view is None or getattr(view, "phase", "") in ("round_over", "game_over")
