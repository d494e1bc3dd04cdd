"""The near-end warnings of the status line: tile stalemate circuits and 500 Rum's stock."""

from __future__ import annotations

from types import SimpleNamespace

from game.engine import tiles
from game.engine.events import PublicEvent
from game.ui.tables.near_end import circuits_left, quiet_turns, stalemate_warning, stock_warning


def ev(i: int, seat: int, kind: str) -> PublicEvent:
    return PublicEvent(i, seat, kind)


def test_quiet_turns_count_finished_turns_since_the_last_tile_laid():
    events = [PublicEvent(0, None, "deal"), ev(1, 0, "play"), ev(2, 1, "exchange"), ev(3, 2, "pass")]
    assert quiet_turns(events, current=0) == 2
    events += [ev(4, 0, "draw")]  # seat 0 is still playing: its turn is not over
    assert quiet_turns(events, current=0) == 2
    assert quiet_turns(events, current=1) == 3
    events += [ev(5, 1, "draw"), ev(6, 1, "play")]
    assert quiet_turns(events, current=2) == 0


def test_the_count_agrees_with_the_engine_over_a_quiet_game():
    state = tiles.new_game(3, tiles.Options(timer=0, opening_min=0), seed=2)
    for _ in range(40):
        if state.phase not in ("draw", "play", "discard"):
            break
        view = state.view(0)
        assert quiet_turns(list(view.log), view.current_player) == state.quiet_turns
        moves = [m for m in state.legal_moves() if m.kind in ("exchange", "pass", "draw", "discard")]
        state.apply(moves[0])


class FakeApp:
    def tr_n(self, key, n, **params):
        return f"{key}:{n}"


def test_warnings_show_in_the_last_two_circuits_and_near_an_empty_stock():
    end = tiles.STALEMATE_CIRCUITS * 3  # quiet turns that end a three-player round
    view = SimpleNamespace(num_players=3, current_player=0, phase="play", quiet_turns=end - 5)
    assert circuits_left(view, []) == 2
    assert stalemate_warning(FakeApp(), view, []) == "tiles.status.circuits_left:2"
    view.quiet_turns = end - 2
    assert stalemate_warning(FakeApp(), view, []) == "tiles.status.circuits_left:1"
    view.quiet_turns = end - 7
    assert stalemate_warning(FakeApp(), view, []) is None
    view.circuits_left = 1  # the view's own count wins when it has one
    assert stalemate_warning(FakeApp(), view, []) == "tiles.status.circuits_left:1"
    rum = SimpleNamespace(num_players=4, phase="draw", stock_count=3)
    assert stock_warning(FakeApp(), rum) == "rum500.status.stock_low:3"
    rum.stock_count = 12
    assert stock_warning(FakeApp(), rum) is None
    rum.stock_count = 0  # the status line already says the stock is empty
    assert stock_warning(FakeApp(), rum) is None
