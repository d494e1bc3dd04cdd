"""The tile table warns in its status line when the round is in its last two quiet circuits
before it ends blocked (RULES.md section 3: "when twenty full circuits of turns go by with no
tile laid by anyone, the round ends as if blocked"), in both languages."""

from __future__ import annotations

import pytest

from game.engine.tiles import STALEMATE_CIRCUITS, Options, TilesState
from tests.ui.driver import frames
from tests.ui.test_tiles_table import show


def quiet_game(quiet_turns: int) -> TilesState:
    """A two-player game at its start with ``quiet_turns`` finished turns laid nothing."""
    data = TilesState(2, Options(timer=0), seed=4).to_json()
    data["quiet_turns"] = quiet_turns
    return TilesState.from_json(data)


@pytest.mark.parametrize(
    ("lang", "left", "expected"),
    [
        ("en", 2, "2 circuits left before the round ends blocked"),
        ("en", 1, "1 circuit left before the round ends blocked"),
        ("fr", 2, "Encore 2 tours de table avant que la manche ne se bloque"),
    ],
)
def test_the_last_two_circuits_are_announced(make_app, lang, left, expected):
    app, table = show(make_app, quiet_game(2 * STALEMATE_CIRCUITS - 2 * left))
    app.set_language(lang)
    frames(app, 2)
    assert table.view.circuits_left == left
    assert expected in str(table.drawing.status_text())  # what draw_status puts in its pill
    app.scenes.draw(app.window)


def test_no_warning_before_the_last_two_circuits(make_app):
    app, table = show(make_app, quiet_game(2 * STALEMATE_CIRCUITS - 6))
    frames(app, 2)
    assert table.view.circuits_left == 3
    assert "circuit" not in str(table.drawing.status_text())


def test_playing_on_to_the_end_of_the_count_ends_the_round_blocked(make_app):
    """Driven through the table: the last quiet turns pass and the round ends in stalemate."""
    app, table = show(make_app, quiet_game(2 * STALEMATE_CIRCUITS - 1))
    assert table.view.circuits_left == 1
    exchange = next(m for m in table.state.legal_moves() if m.kind == "exchange")
    table.play(exchange)
    frames(app, 2)
    assert table.state.phase in ("round_over", "game_over")
    assert table.state.sheet[-1]["end"] == "stalemate"
