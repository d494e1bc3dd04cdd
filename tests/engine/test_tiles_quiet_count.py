"""The stalemate count as a seat's view shows it: ``quiet_turns_left`` and ``circuits_left``
count down the turns without a tile laid before a round ends blocked, for the table's
near-stalemate warning."""

from __future__ import annotations

import pytest

from game.engine.tiles import (
    STALEMATE_CIRCUITS,
    Discard,
    Draw,
    Exchange,
    Options,
    Play,
    TilesState,
    new_game,
)
from tests.engine.test_tiles_state import position, tiles


def quiet_turn(state: TilesState) -> None:
    """The player to move exchanges its last tile (lays nothing)."""
    state.apply(Exchange(state.hand(state.current_player)[-1]))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_circuits_left_count_down_to_a_blocked_round(players: int) -> None:
    state = new_game(players, Options(rounds=1), seed=4)
    seen = []
    while state.phase == "play":
        views = [state.view(seat) for seat in range(players)]
        assert len({(v.quiet_turns_left, v.circuits_left) for v in views}) == 1  # public
        assert views[0].quiet_turns_left == STALEMATE_CIRCUITS * players - state.quiet_turns
        seen.append(views[0].circuits_left)
        quiet_turn(state)
    assert state.sheet[-1]["end"] == "stalemate"
    expected = [c for c in range(STALEMATE_CIRCUITS, 0, -1) for _ in range(players)]
    assert seen == expected
    assert state.view(0).circuits_left == 0  # no turn: the round is over


def test_a_play_gives_back_every_circuit() -> None:
    state = position(["R11 R12 R13 K1 B5", "B1 B2 O4 K9"], opened=[True, True])
    for _ in range(2 * STALEMATE_CIRCUITS - 3):
        quiet_turn(state)
    assert state.view(0).circuits_left == 2 and state.current_player == 1
    quiet_turn(state)
    assert state.view(0).circuits_left == 1
    state.apply(Play([tiles("R11 R12 R13")]))
    assert state.quiet_turns == 0
    assert state.view(0).circuits_left == STALEMATE_CIRCUITS


def test_a_turn_that_has_laid_starts_a_new_count() -> None:
    options = Options(turn_rule="draw_discard")
    state = position(["R11 R12 R13 K1 B5", "B1 B2 O4 K9"], opened=[True, True], options=options)
    for _ in range(2 * STALEMATE_CIRCUITS - 2):
        state.apply(Draw())
        state.apply(Discard(state.hand(state.current_player)[-1]))
    assert state.view(0).circuits_left == 1 and state.current_player == 0
    state.apply(Draw())
    state.apply(Play([tiles("R11 R12 R13")]))
    assert state.phase == "discard"
    assert state.view(0).quiet_turns_left == 2 * STALEMATE_CIRCUITS


def test_an_old_save_with_a_quiet_count_loads_with_its_circuits_left() -> None:
    state = new_game(2, Options(rounds=1), seed=4)
    for _ in range(9):  # the most the five-circuit rule allowed before a round ended
        quiet_turn(state)
    data = state.to_json()
    assert data["quiet_turns"] == 9
    loaded = TilesState.from_json(data)
    assert loaded.view(0).quiet_turns_left == 2 * STALEMATE_CIRCUITS - 9
    assert loaded.view(1).circuits_left == STALEMATE_CIRCUITS - 4
