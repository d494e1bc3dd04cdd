"""The computer player's pause counts frame time, never the clock: frames stepped with a fixed
``dt`` give the same result however fast the machine runs them."""

from __future__ import annotations

from game.engine.rum500.positions import arranged
from game.ui.session import Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.rum500.scene import Rum500Table
from tests.ui.driver import frames


def test_the_pause_lasts_the_frames_it_is_given(make_app, monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.5, "normal": 0.5, "slow": 0.5})
    app = make_app()
    app.settings.animation_speed = "instant"
    state = arranged(["9D 9H 8C KH 3D 4C 2D", "AS 2C 4D 5H JC 8D 10S"], discard="9C", seed=5)
    seats = [Seat("Marie"), Seat("Bruno", "easy")]
    seats = seats if state.current_player == 1 else seats[::-1]
    app.show_table(Session("rum500", seats, state))
    table = app.scenes.find(Rum500Table)
    assert table is not None and not table.is_human(table.state.current_player)
    before = len(table.state.log)
    frames(app, 20, dt=0.02)  # 0.4 s of frame time, however long it took
    assert table.turns.pending is None and len(table.state.log) == before
    frames(app, 10, dt=0.02)  # past 0.5 s: asked (and perhaps already played)
    assert table.turns.pending is not None or len(table.state.log) > before
