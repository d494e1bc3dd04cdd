"""What the coach counts as clearly better: a person's turn against the normal level's (no pygame).

Both turns are read the same way, from their public events (``PublicEvent``) and the seat's view
before and after them: the pieces the turn put on the table, whether the seat went out, laid its
contract down (the view's ``down``) or opened (the view's ``opened``), and what it discarded. The
normal level's turn is played in the bot worker from the person's own view
(``game.ui.bots.play_turn``), so the judge never reads a hidden piece; whether a discard lets the
next player go out is the table's own question (``feeds``), answered from public information.

Only these count, most telling first (``CATEGORIES``); a mere different discard is never a note:

- ``go_out``: normal went out, the person did not;
- ``contract``: normal laid its contract down, the person did not (Frustration);
- ``open``: normal opened, the person did not (tiles);
- ``meld``: normal laid a meld of cards the person kept, and ended with fewer in hand;
- ``lay_off``: normal laid off a card the person kept, and ended with fewer in hand;
- ``lay``: an opened player laid no tile where normal laid some (tiles);
- ``feed``: the person's discard lets the next player go out, normal's would not have.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.events import PublicEvent
from game.ui.bots import Step

CATEGORIES: tuple[str, ...] = ("go_out", "contract", "open", "meld", "lay_off", "lay", "feed")
"""Every kind of note, the most telling first."""

TO_TABLE = ("meld", "lay_off", "play", "claim")
"""Events that take pieces from a hand or rack to the table."""

Feeds = Callable[[Any, str], bool]
"""``feeds(view, piece)``: whether ``piece``, just discarded by ``view``'s seat, lets the next
player go out (public information only)."""


@dataclass(frozen=True)
class Turn:
    """One turn of one seat as the coach reads it: the seat's view ``before`` and ``after`` it,
    and its ``steps`` (a person's turn has one step per public event, without moves)."""

    before: Any
    after: Any
    steps: tuple[Step, ...]

    @classmethod
    def of_events(cls, before: Any, after: Any, events: Sequence[PublicEvent]) -> Turn:
        """A person's turn: what the public log says they did."""
        return cls(before, after, tuple(Step(None, before, (e,)) for e in events))

    @property
    def seat(self) -> int:
        return self.before.seat

    @property
    def events(self) -> list[PublicEvent]:
        return [e for step in self.steps for e in step.events]

    @property
    def left(self) -> int:
        """Pieces the seat holds at the end of the turn."""
        return self.after.hand_sizes[self.seat]

    @property
    def out(self) -> bool:
        return self.left == 0

    def became(self, flag: str) -> bool:
        """True when the view's per-seat ``flag`` (``down``, ``opened``) turned on this turn."""
        before, after = getattr(self.before, flag, None), getattr(self.after, flag, None)
        return before is not None and after[self.seat] and not before[self.seat]

    def holds(self, flag: str, view: Any = None) -> bool:
        """The view's per-seat ``flag`` for this seat at the end of the turn (or in ``view``)."""
        value = getattr(self.after if view is None else view, flag, None)
        return bool(value and value[self.seat])

    @property
    def laid(self) -> Counter[str]:
        """The pieces this turn put on the table, by notation text."""
        return Counter(p for e in self.events if e.kind in TO_TABLE for p in e.pieces)

    @property
    def draw(self) -> PublicEvent | None:
        """The turn's draw: its first action when it is one (a pile turned over comes before)."""
        return first_draw(self.events)

    @property
    def discarded(self) -> str | None:
        """The card the turn ended with on the discard pile, if any."""
        last = [e for e in self.events if e.kind == "discard" and e.pieces]
        return last[-1].pieces[0] if last else None


@dataclass(frozen=True)
class Note:
    """What the coach says about a turn: its ``category``, the normal level's moves it says
    (``said``, each with the view it was chosen from) and those whose pieces glow (``lit``), and
    for ``feed`` the card the person discarded (``fed``)."""

    category: str
    said: tuple[Step, ...]
    lit: tuple[Step, ...]
    fed: str | None = None


def first_draw(events: Sequence[PublicEvent]) -> PublicEvent | None:
    """The first of ``events`` that is not a pile turned over, when it is a draw."""
    first = next((e for e in events if e.kind != "reshuffle"), None)
    return first if first is not None and first.kind == "draw" else None


def same_draw(a: PublicEvent | None, b: PublicEvent | None) -> bool:
    """True when two draws took the same thing (the same pile, the same public cards)."""
    if a is None or b is None:
        return a is b
    return (a.source, a.pieces, a.count) == (b.source, b.pieces, b.count)


def judge(person: Turn, normal: Turn, notes: Sequence[str], feeds: Feeds | None = None) -> Note | None:
    """The note on ``person``'s turn against ``normal``'s from the same position, or ``None``
    when normal did not clearly better (only the categories in ``notes``: a game's own)."""
    if person.out:
        return None
    steps = normal.steps
    draw = steps[0] if steps and normal.draw is not None and not same_draw(normal.draw, person.draw) else None
    lead = (draw,) if draw is not None else ()
    table_steps = [s for s in steps if any(e.kind in TO_TABLE for e in s.events)]

    def note(category: str, said: Sequence[Step], lit: Sequence[Step]) -> Note:
        return Note(category, (*lead, *said[:1]), (*lead, *lit))

    if "go_out" in notes and normal.out and table_steps:
        return note("go_out", table_steps, table_steps)
    if "contract" in notes and normal.became("down") and not person.holds("down"):
        laying = table_steps[:1]
        return note("contract", laying, laying)
    if "open" in notes and normal.became("opened") and not person.holds("opened"):
        return note("open", table_steps, table_steps)
    fewer = person.left > normal.left
    for category in ("meld", "lay_off"):
        if category in notes and fewer:
            missed = missed_steps(person, normal, category)
            if missed:
                return note(category, missed, missed)
    if "lay" in notes and person.holds("opened", person.before) and table_steps and not person.laid:
        return note("lay", table_steps, table_steps)
    return fed_note(person, normal, notes, feeds)


def missed_steps(person: Turn, normal: Turn, kind: str) -> list[Step]:
    """Normal's steps of ``kind`` (``meld``, ``lay_off``) none of whose pieces the person put on
    the table (a contract laid down is not a ``meld`` here: it is its own category)."""
    left = person.laid
    contract = first_meld(normal) if normal.became("down") else -1
    missed = []
    for i, step in enumerate(normal.steps):
        for event in step.events:
            if event.kind != kind or (kind == "meld" and i == contract):
                continue
            if any(left[p] for p in event.pieces):
                left.subtract(p for p in event.pieces if left[p])
                continue
            missed.append(step)
    return missed


def first_meld(turn: Turn) -> int:
    """The index of the turn's first step that laid a meld (-1: none)."""
    return next((i for i, s in enumerate(turn.steps) if any(e.kind == "meld" for e in s.events)), -1)


def fed_note(person: Turn, normal: Turn, notes: Sequence[str], feeds: Feeds | None) -> Note | None:
    """``feed``: the person's discard lets the next player go out and normal's would not have."""
    card = person.discarded
    if "feed" not in notes or feeds is None or card is None or not feeds(person.after, card):
        return None
    if normal.out:
        return None
    theirs = normal.discarded
    if theirs is None or feeds(normal.after, theirs):
        return None
    discards = [s for s in normal.steps if any(e.kind == "discard" for e in s.events)]
    return Note("feed", tuple(discards[-1:]), tuple(discards[-1:]), fed=card)


def best(notes: Sequence[Note | None]) -> Note | None:
    """The most telling of several notes (the first of them when two tell as much)."""
    found = [n for n in notes if n is not None]
    if not found:
        return None
    return min(found, key=lambda n: CATEGORIES.index(n.category))
