"""The coach at a table: after a person's turn, when the normal level would clearly have done
better this turn, one short note says what and shows the pieces, as the hint does.

The coach follows the one person at the table (``observe``, after every move and every frame).
When their turn starts it asks the bot worker for the normal level's turn from their view then
(``BotWorker.ask_turn``: a new normal player with the seat's own seed, on a game guessed from
that view), and once more right after their draw: a card game's turn, like the tile game's under
the draw-first rules, goes on from a card the start could not know. When the turn ends it reads
what they did from the public log, and once the answers are in ``coach_judge`` compares. The
note glows on the pieces and says the moves in the hint's words (``move_words.describe``); it
goes at the next press or key (after ``NOTE_LEAST``) or after ``NOTE_SECONDS`` of frame time.

It never plays and never holds the game up: nothing waits for its answers, which are thought
while the person plays, and an answer still missing when the person's next turn starts is
dropped. It speaks when the ``coach`` setting is on, or while a lesson turns it on for its table
(``TableScene.coach_on``), at a table where one person plays against computer players. During a
lesson its note is said in the lesson's coach panel rather than in a bubble of its own.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import Text
from game.ui.bots import TURN_PHASES, TurnPlay
from game.ui.tables.coach_judge import Note, Turn, best, first_draw, judge
from game.ui.tables.hint import HINT_LEVEL, Hint, hint_pieces
from game.ui.tables.move_words import describe

NOTE_SECONDS = 8.0
"""The longest a note stays (frame time)."""

NOTE_LEAST = 1.0
"""A press or a key sooner than this after the note came does not take it away."""

COACH_LEVEL = HINT_LEVEL
"""The level whose turn the person's is compared with."""


@dataclass
class Watch:
    """One turn of the person at the table, as the coach follows it."""

    round: int
    start: int
    """The length of the round's log when the turn started."""
    before: Any
    """The person's view then."""
    asked: Future
    """The normal level's turn from ``before``."""
    drawn: int | None = None
    """The length of the log right after the person's draw."""
    after_draw: Any = None
    """The person's view then."""
    asked_after_draw: Future | None = None
    """The normal level's turn from ``after_draw``."""
    after: Any = None
    """The person's view when the turn ended."""
    events: tuple = ()
    """The person's public events of the turn."""

    def futures(self) -> list[Future]:
        return [f for f in (self.asked, self.asked_after_draw) if f is not None]

    def cancel(self) -> None:
        for future in self.futures():
            future.cancel()


class NoteBubble(Hint):
    """The coach's note, drawn as the hint is (its pieces glow gold, a bubble says it); only its
    words differ, and it is shown by the coach, never asked for."""

    def __init__(self, table: Any, words: Any) -> None:
        super().__init__(table)
        self.words = words

    def text(self) -> Text:
        return self.words()

    def draw_bubble(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """The bubble, except during a lesson: there the lesson's coach panel says the note (the
        coach's words have one place), and only the pieces glow here."""
        if self.table.lesson is not None:
            self.bubble_rect = None
            return
        super().draw_bubble(surface, rects)


class Coach:
    """The coach of one table (a ``TableScene``; see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.watch: Watch | None = None
        """The person's turn in progress."""
        self.ended: Watch | None = None
        """The person's last turn, waiting for the worker's answers."""
        self.note: Note | None = None
        """The note shown, or ``None``."""
        self.shown_for = 0.0
        """Frame time since the note came."""
        self.bubble = NoteBubble(table, self.text)
        self.last: tuple | None = None
        """The round, kind and pieces of the last note: the same note is not said twice in a row
        in a round (a person who keeps a card on purpose hears it once)."""

    @property
    def on(self) -> bool:
        """The coach speaks: the setting or a lesson, one person at the table."""
        table = self.table
        return (table.app.settings.coach or table.coach_on) and len(table.session.humans) == 1

    @property
    def busy(self) -> bool:
        """A note is up (its time runs) or answers are awaited."""
        return self.note is not None or self.ended is not None

    # Following the turn -------------------------------------------------------------------
    def observe(self) -> None:
        """Follow the person's turn: its start, its draw, its end (after every move, and every
        frame)."""
        if not self.on:
            self.forget()
            return
        state = self.table.state
        seat = self.table.session.humans[0]
        watch = self.watch
        in_turn = state.current_player == seat and state.phase in TURN_PHASES
        if watch is not None and (state.round_number != watch.round or len(state.log) < watch.start):
            watch.cancel()  # another game or round under the table (a saved game, an undo)
            watch = self.watch = None
        if watch is None:
            if in_turn:
                view = state.view(seat)
                self.drop_ended()
                self.watch = Watch(state.round_number, len(view.log), view, self.ask(view))
            return
        mine = [e for e in state.log[watch.start :] if e.seat == seat]
        if in_turn:
            if watch.drawn is None and first_draw(mine) is not None:
                view = state.view(seat)
                watch.drawn, watch.after_draw = len(view.log), view
                watch.asked_after_draw = self.ask(view)
            return
        watch.after, watch.events = state.view(seat), tuple(mine)
        self.drop_ended()
        self.ended, self.watch = watch, None

    def ask(self, view: Any) -> Future:
        """Ask the bot worker for the normal level's turn from ``view`` (the seat's own seed)."""
        table = self.table
        seed = table.session.bot_seed * 10 + view.seat
        return table.turns.worker.ask_turn(table.game_id, COACH_LEVEL, seed, view)

    def drop_ended(self) -> None:
        if self.ended is not None:
            self.ended.cancel()
            self.ended = None

    def forget(self) -> None:
        """Forget the turns followed and the note (the coach is off, the table closes)."""
        if self.watch is not None:
            self.watch.cancel()
            self.watch = None
        self.drop_ended()
        self.clear()

    # Judging ------------------------------------------------------------------------------
    def judged(self, ended: Watch) -> Note | None:
        """The note on the turn ``ended``, from the worker's answers (none when they failed)."""
        table = self.table
        pairs = []
        after_draw = answer(ended.asked_after_draw)
        if after_draw is not None:
            rest = [e for e in ended.events if e.index >= ended.drawn]
            pairs.append((Turn.of_events(ended.after_draw, ended.after, rest), after_draw))
        whole = answer(ended.asked)
        if whole is not None and not whole.blind:
            pairs.append((Turn.of_events(ended.before, ended.after, ended.events), whole))
        notes = table.COACH_NOTES
        return best(
            [
                judge(p, Turn(p.before, play.after, play.steps), notes, table.feeds_next_player)
                for p, play in pairs
            ]
        )

    def update(self, dt: float) -> None:
        """Follow the turn, show the note once the answers are in, and let it go in time."""
        self.observe()
        ended = self.ended
        if ended is not None and all(f.done() for f in ended.futures()):
            self.ended = None
            self.show(self.judged(ended), ended)
        if self.note is not None:
            self.shown_for += dt
            self.bubble.clock += dt
            if self.shown_for >= NOTE_SECONDS:
                self.clear()

    # The note -----------------------------------------------------------------------------
    def show(self, note: Note | None, ended: Watch) -> None:
        self.clear()
        if note is None:
            return
        pieces = set()
        for step in note.lit:
            pieces |= hint_pieces(step.move, step.view)
        if note.fed is not None and ended.after.discard and ended.after.discard[-1].text == note.fed:
            pieces.add(ended.after.discard[-1].ident)
        said = (ended.round, note.category, frozenset(pieces))
        if said == self.last:
            return
        self.last = said
        self.note, self.shown_for = note, 0.0
        bubble = self.bubble
        bubble.move = note.said[-1].move if note.said else None
        bubble.view = ended.after
        bubble.pieces = pieces

    def clear(self) -> None:
        """Take the note away."""
        self.note = None
        self.bubble.clear()

    def note_gesture(self, event: pygame.event.Event) -> None:
        """A press or a key takes the note away, once it has been up ``NOTE_LEAST``."""
        gesture = event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
        if self.note is not None and gesture and self.shown_for >= NOTE_LEAST:
            self.clear()

    def text(self) -> Text:
        """The note in words: what normal would have done, in the hint's words."""
        table, note = self.table, self.note
        tr = table.app.tr
        if note is None:
            return Text("")
        said = [describe(s.move, s.view, tr, table.piece_words) for s in note.said]
        moves = said[0] if len(said) == 1 else tr("coach.then", first=said[0], next=said[1])
        if note.category == "feed":
            seat = (note.said[0].view.seat + 1) % table.state.num_players
            return tr(
                "coach.feed", name=table.seat_name(seat), card=table.piece_words.the(note.fed), moves=moves
            )
        return tr("coach.says", what=tr(f"coach.{note.category}"), moves=moves)

    def draw(self, surface: pygame.Surface) -> None:
        if self.note is not None and self.bubble.move is not None:
            self.bubble.draw(surface)


def answer(future: Future | None) -> TurnPlay | None:
    """The worker's answer, or ``None`` (not asked, or it failed: the coach then says nothing)."""
    if future is None or future.cancelled():
        return None
    try:
        return future.result()
    except Exception:
        return None
