"""A computer player that fails (raises) never hangs the table: after a second failure in a row
the table plays the first legal move for it."""

from __future__ import annotations

from game.ui import bots as bot_worker
from game.ui.session import Seat
from game.ui.tables import turns
from tests.ui.test_rum500_table import deep_pickup_position, open_table


class BrokenBot:
    """A bot whose every answer is an error."""

    def choose(self, view):
        raise RuntimeError("this bot always fails")


def test_a_bot_that_keeps_failing_does_not_stop_the_game(make_app, monkeypatch):
    monkeypatch.setenv("RAMI_BOT_WORKER", "inline")
    monkeypatch.setattr(turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})
    state = deep_pickup_position()
    state.apply(state.legal_moves()[0])  # Marie draws ...
    discard = next(m for m in state.legal_moves() if m.kind == "discard")
    state.apply(discard)  # ... and discards: Bruno (a computer) is to play
    app, table = open_table(make_app, state, seats=[Seat("Marie"), Seat("Bruno", "easy")])
    assert table.state.current_player == 1
    broken = BrokenBot()
    for _ in range(200):
        bot_worker._bots[(table.session.token, 1)] = broken
        pending = table.turns.pending
        if pending is not None:
            pending.exception(timeout=30)  # wait for the worker's (failed) answer
        app.step(1 / 60)
        if table.state.current_player != 1:
            break
    assert table.state.current_player != 1, "the table waited forever for a failing bot"
