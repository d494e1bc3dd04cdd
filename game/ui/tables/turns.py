"""The turn flow of a table: the end-of-round and end-of-game summaries, the hot-seat
hand-offs (one per turn), and the computer players, who think in the bot worker after a short
pause so that people can follow. A computer's move that ends the round plays out on the table,
and the final table stays in view a moment, before the summary covers it."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from game.engine.errors import IllegalMove
from game.ui.bots import BotWorker

THINK_DELAY = {"fast": 0.25, "normal": 0.7, "slow": 1.4}
"""Seconds a computer player pauses before each move, so people can follow. The pause counts
frame time (the ``dt`` each frame passes on), not the clock, so frames stepped with a fixed
``dt`` play the same way every time."""


def end_pause(speed: str) -> float:
    """Seconds the final table stays in view, once a computer's move that ended the round has
    played out, before the summary covers it: two of the computer's pauses (frame time)."""
    return 2 * THINK_DELAY.get(speed, 0.7)


def state_marker(state: Any) -> tuple:
    """Changes whenever a new turn starts (for showing one hand-off per turn)."""
    return (state.round_number, getattr(state, "turn_number", None), state.current_player)


class TurnFlow:
    """Moves the game at ``table`` (a ``TableScene``) on, frame after frame."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.worker = BotWorker()
        self.pending: Future | None = None
        """The computer player's move being thought."""
        self.pending_seat: int | None = None
        self.failures = 0
        """Failed answers in a row from the computer players' worker."""
        self.think_left: float | None = None
        """Seconds of pause left before the computer player to move is asked (None: no pause
        started)."""
        self.summary_shown_for: tuple | None = None
        self.handoff_for: tuple | None = None
        self.recorded = False
        """The game's result is in the statistics."""
        self.end_left = 0.0
        """Seconds of frame time the final table of a round a computer ended stays in view
        once its pieces have settled (``end_pause``), before the summary comes."""

    def advance(self, dt: float = 0.0) -> None:
        """Move the game on by one frame of ``dt`` seconds: summaries, hand-offs, computer
        players."""
        table = self.table
        state = table.state
        if state.is_over or table.phase == "round_over":
            if table.lesson is None:  # a lesson's last steps explain the round's end: no summary
                self._round_end(state.is_over, dt)
            return
        seat = state.current_player
        if seat is None:
            return
        if table.is_human(seat):
            self._human_turn(seat)
        else:
            self._computer_turn(seat, dt)

    def _round_end(self, final: bool, dt: float) -> None:
        """The summary of the round (of the game when ``final``), once the last move has played
        out on the table and, after a computer's, the final table has stayed in view."""
        table = self.table
        if final and not self.recorded:
            self.recorded = True
            table.app.record_result(table.session)
        key = ("over",) if final else ("round", table.state.round_number)
        if self.summary_shown_for == key or not table.sprites.settled:
            return
        if self.end_left > 0:
            self.end_left -= dt
            return
        self.summary_shown_for = key
        table.app.scenes.push(table.summary_scene(final=final))

    def _human_turn(self, seat: int) -> None:
        table = self.table
        if table.session.hot_seat and table.viewer != seat:
            key = (seat, state_marker(table.state))
            if self.handoff_for == key:
                return
            self.handoff_for = key
            table.viewer = None
            table.gesture.cancel()
            table.refresh()
            table.app.hand_off(table.session.seats[seat].name, lambda: self._reveal(seat), table.game_id)
        elif table.viewer != seat:
            table.viewer = seat
            table.refresh()

    def _reveal(self, seat: int) -> None:
        table = self.table
        table.viewer = seat
        table.refresh()
        table.app.sound.play("your_turn")

    def _computer_turn(self, seat: int, dt: float) -> None:
        table = self.table
        if self.pending is None:
            if not table.sprites.settled or table.gesture.dragging:
                return
            if self.pending_seat != seat or self.think_left is None:
                self.pending_seat = seat
                self.think_left = THINK_DELAY.get(table.app.settings.computer_speed, 0.7)
            else:
                self.think_left -= dt
            if self.think_left > 0:
                return
            if table.lesson is not None:  # the lesson's scripted reply, after the same pause
                self.think_left = None
                move = table.lesson.reply(seat)
                table.after_moves([move], table.session.apply(move))
                return
            self.pending = self.worker.ask(table.session.bot_spec(seat), table.state.view(seat))
            return
        if not self.pending.done():
            return
        future, self.pending, self.think_left = self.pending, None, None
        try:
            move = future.result()
        except Exception:
            # The worker is gone (or the bot failed): think again in a thread from now on; a bot
            # that fails twice in a row plays the first legal move, so the game never hangs.
            self.failures += 1
            if self.failures < 2:
                self.worker.shutdown()
                self.worker = BotWorker("thread")
                return
            move = table.state.legal_moves()[0]
        self.failures = 0
        try:
            events = table.session.apply(move)
        except IllegalMove:
            # A computer player should never try an illegal move; fall back to the first legal one.
            move = table.state.legal_moves()[0]
            events = table.session.apply(move)
        if table.state.is_over or table.phase == "round_over":
            self.end_left = end_pause(table.app.settings.computer_speed)
        table.after_moves([move], events)

    def stop_thinking(self) -> None:
        """Forget the move being thought (the turn ended another way)."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        self.think_left = None

    def shutdown(self) -> None:
        """The table closes: this sitting's computer players are forgotten."""
        self.worker.shutdown(forget_prefix=(self.table.session.token,))
