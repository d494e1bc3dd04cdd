"""Following the other players' turns (no pygame): which pieces on the table are marked for the
watching player, and what each seat did last, read from the engine's public events (every
view's ``log``), never guessed.

A piece is marked from the moment another seat lays or moves it until the watching seat's next
action (its next event in the round's log). Laid pieces come from the events; in the tile game,
tiles another player moved on the table come from comparing the table with the one the
watching seat left at its last action (kept here, in memory: after Continue only the laid tiles
are marked until that seat acts again). A star that a play freed (the engine's ``freed`` fact:
it left its place, not merely its neighbours) has its own mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.events import PublicEvent

LAID = "laid"
MOVED = "moved"
WILD = "wild"
"""Kinds of mark: a piece laid, a piece moved, a star freed."""

TABLE_KINDS = ("meld", "lay_off", "swap_wild", "play", "claim")
"""Events that put pieces on the table."""


def table_melds(view: Any) -> list[tuple[Any, ...]]:
    """The view's table as tuples of pieces (cards of a meld, tiles of a combination)."""
    return [tuple(getattr(meld, "cards", meld)) for meld in view.table]


def last_own_action(events: Sequence[PublicEvent], seat: int) -> int:
    """The index after ``seat``'s last own action in ``events`` (0 when it has not acted)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i].seat == seat and events[i].is_turn_action:
            return i + 1
    return 0


def _snapshot(view: Any) -> dict[str, frozenset[str]]:
    """Each table piece's ident -> the idents of its meld."""
    out: dict[str, frozenset[str]] = {}
    for meld in table_melds(view):
        idents = frozenset(p.ident for p in meld)
        for ident in idents:
            out[ident] = idents
    return out


@dataclass
class Follow:
    """The marks and the unseen events of the watching seat (see the module docstring)."""

    tables: dict[int, tuple[int, dict[str, frozenset[str]]]] = field(default_factory=dict)
    """Per seat: (round, the table at its last action) as ``_snapshot`` gives it."""
    events: list[PublicEvent] = field(default_factory=list)
    marks: dict[str, str] = field(default_factory=dict)
    """Ident -> ``LAID``, ``MOVED`` or ``WILD`` for the watching seat."""
    watcher: int | None = None
    pieces_of: dict[int, list[str]] = field(default_factory=dict)
    """Event index -> idents of the pieces it put where they are now (the watcher's unseen
    events only): what a replay moves, step by step."""

    def update(self, view: Any, watcher: int | None, marks_for: int | None = None) -> None:
        """Read the new view: the events of the round and the marks. ``watcher``: the seat of
        the person at the screen (None: nobody's), left out of the last turns; ``marks_for``:
        the seat whose last action the marks count from (the watcher's; in a watched game, the
        seat to move)."""
        self.events = list(view.log)
        self.watcher = watcher
        self._note_table(view)
        seat = watcher if watcher is not None else marks_for
        if seat is None:
            self.marks = {}
            return
        since = last_own_action(self.events, seat)
        saved = self.tables.get(seat)
        if saved is None or saved[0] != view.round_number:
            # Its table is not known yet (a new round, seen from its deal on; after Continue,
            # from now on).
            saved = self.tables[seat] = (view.round_number, _snapshot(view))
        unseen = [e for e in self.events[since:] if e.seat != seat]
        self.marks = self._marks(view, unseen, saved[1])

    def _note_table(self, view: Any) -> None:
        """The table as the seat that acted last left it (what its marks compare with later)."""
        for event in reversed(self.events):
            if event.is_turn_action and event.seat is not None:
                self.tables[event.seat] = (view.round_number, _snapshot(view))
                return

    def _marks(self, view: Any, unseen: list[PublicEvent], before: dict[str, frozenset[str]] | None) -> dict:
        melds = table_melds(view)
        marks: dict[str, str] = {}
        on_table = [p for meld in melds for p in meld]
        self.pieces_of = {}
        pile = list(getattr(view, "discard", ()) or ())
        for event in unseen:
            if event.kind == "discard" and event.pieces and pile:
                # The discarded card, if it is still on the pile (the newest copy of that face).
                card = next((c for c in reversed(pile) if c.text == event.pieces[0]), None)
                self.pieces_of[event.index] = [card.ident] if card is not None else []
            if event.kind not in TABLE_KINDS:
                continue
            idents = self.pieces_of.setdefault(event.index, [])
            laid = list(event.pieces[:1] if event.kind == "swap_wild" else event.pieces)
            pool = (
                [p for i in event.melds if 0 <= i < len(melds) for p in melds[i]] if event.melds else on_table
            )
            if before is not None:  # prefer the copies that were not on the table before
                pool = sorted(pool, key=lambda p: p.ident in before)
            for text in laid:
                match = next((p for p in pool if p.text == text and p.ident not in marks), None)
                if match is not None:
                    marks[match.ident] = LAID
                    idents.append(match.ident)
        plays = [e for e in unseen if e.kind == "play"]
        freed = {ident for e in plays for ident in e.get("freed") or ()}
        if before:
            after = _snapshot(view)
            for piece in on_table:
                old = before.get(piece.ident)
                if old is None or piece.ident in marks:
                    continue
                now = after[piece.ident]
                if piece.ident in freed or 2 * len(old & now) < len(old):
                    marks[piece.ident] = WILD if piece.ident in freed else MOVED
                    if plays:
                        self.pieces_of.setdefault(plays[-1].index, []).append(piece.ident)
        return marks

    def last_turns(self) -> dict[int, list[PublicEvent]]:
        """Each seat's last turn: its latest run of own actions in the round, oldest first."""
        out: dict[int, list[PublicEvent]] = {}
        done: set[int] = set()
        current: int | None = None
        for event in reversed(self.events):
            if not event.is_turn_action or event.seat is None:
                continue
            seat = event.seat
            if seat != current and current is not None:
                done.add(current)
            current = seat
            if seat in done:
                continue
            out.setdefault(seat, []).insert(0, event)
        return out
