"""A computer player's pause before its move counts the frames' time, not the wall clock: the
same frames give the same game, however fast the machine runs them."""

from __future__ import annotations

from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import turns
from tests.ui.driver import frames


def test_the_pause_before_a_computer_move_counts_frames(make_app, monkeypatch):
    monkeypatch.setenv("RAMI_BOT_WORKER", "inline")  # the move is thought at once, in line
    monkeypatch.setattr(turns, "THINK_DELAY", {"fast": 5.0, "normal": 5.0, "slow": 5.0})
    app = make_app("en")
    session = Session.start(GameConfig("rum500", [Seat("Bot 1", "easy"), Seat("Bot 2", "easy")], seed=3))
    app.show_table(session)
    table = app.scenes.top
    frames(app, 10)  # the deal settles
    while not table.sprites.settled:
        frames(app, 1)
    before = table.state.to_json()
    frames(app, 20, dt=0.1)  # two seconds of frames: still thinking
    assert table.state.to_json() == before
    frames(app, 40, dt=0.1)  # six seconds of frames (in far less wall time): the move is played
    assert table.state.to_json() != before
