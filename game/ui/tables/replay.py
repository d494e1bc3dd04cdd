"""Replaying the other seats' actions: after a computer's move (or, in hot-seat, when the next
person sits down), the pieces each new public event moved travel one event after another, with
a short pause between events. The events come from the engine (``Follow.events`` and the pieces
``Follow.pieces_of`` finds for each); the speed follows the animation setting ("instant" shows
the end at once); a click or a key finishes the replay at once."""

from __future__ import annotations

from typing import Any

from game.engine.events import PublicEvent
from game.ui.motion import DURATIONS
from game.ui.tables.follow import last_own_action

PAUSE = 0.25
"""Seconds between two events at the "normal" speed (scaled with the speed)."""


def last_turn_start(events: list[PublicEvent]) -> int:
    """Where the latest turn (a seat's latest run of actions) starts in ``events`` (their end
    when nobody has acted yet)."""
    start, seat = len(events), None
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if not event.is_turn_action:
            continue
        if seat is not None and event.seat != seat:
            break
        seat, start = event.seat, i
    return start


class Replay:
    """The replay of ``table`` (a ``TableScene``): see the module docstring."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.seen: dict[int | None, tuple[int, int]] = {}
        """Per watching seat (None: the watcher of a game of computers only): (round, number of
        events) already shown to it."""
        self.steps: list[tuple[PublicEvent, list[str]]] = []
        """The events being replayed, each with the idents of the pieces it moves."""

    def step_delay(self) -> float:
        """Seconds from the start of one event's motion to the next one's."""
        d = self.table.duration()
        return d + PAUSE * d / DURATIONS["normal"]

    def after_layout(self) -> None:
        """The sprites have their new targets: hold the later events' pieces back."""
        table = self.table
        seat = table.watcher
        if (seat is None and not table.session.watched) or table.view is None:
            self.steps = []  # a hot-seat hand-off: the next person's replay comes when seated
            return
        fol = table.follow
        events = fol.events
        rnd = table.view.round_number
        seen = self.seen.get(seat)
        if seen is not None and seen[0] == rnd:
            start = seen[1]
        elif seat is not None:
            start = last_own_action(events, seat)
        else:  # a watched game: a new round from its start; at the first look, the last turn
            start = 0 if seen is not None else last_turn_start(events)
        self.seen[seat] = (rnd, len(events))
        new = [e for e in events[start:] if e.is_turn_action and e.seat != seat]
        if not new:
            return
        if table.duration() <= 0:
            self.finish()
            return
        self.steps = [(e, fol.pieces_of.get(e.index, [])) for e in new]
        step = self.step_delay()
        sprites = table.sprites.sprites
        for k, (_, idents) in enumerate(self.steps):
            for ident in idents:
                sprite = sprites.get(ident)
                if sprite is not None and k:
                    sprite.hold(k * step)

    @property
    def active(self) -> bool:
        """True while replayed pieces are still on their way."""
        if self.steps and self.table.sprites.settled:
            self.steps = []
        return bool(self.steps)

    def finish(self) -> None:
        """Show the end of the replay at once."""
        self.table.sprites.finish()
        self.steps = []
