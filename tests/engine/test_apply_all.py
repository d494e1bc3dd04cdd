"""``GameState.apply_all``: several moves played as one change, in every game. A refusal of any
of them raises its ``IllegalMove`` with none of them played; otherwise they play exactly as
one ``apply`` after another."""

from __future__ import annotations

import copy

import pytest

from game.engine.base import NextRound
from game.engine.errors import IllegalMove
from game.engine.games import GAME_IDS, game_info


def mid_round(game: str, seed: int = 4, moves: int = 5):
    """A two-player game of ``game`` a few moves into its first round."""
    state = game_info(game).new_game(2, seed=seed)
    for _ in range(moves):
        state.apply(state.legal_moves()[0])
    return state


def two_legal_moves(state) -> list:
    """Two moves that may be played one after the other from ``state``."""
    first = state.legal_moves()[0]
    after = copy.deepcopy(state)
    after.apply(first)
    return [first, after.legal_moves()[0]]


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_refused_last_move_leaves_the_first_ones_unplayed(game):
    state = mid_round(game)
    legal = two_legal_moves(state)
    before = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        state.apply_all([*legal, NextRound()])  # no round is over: dealing again is refused
    trial = copy.deepcopy(state)
    for move in legal:
        trial.apply(move)
    with pytest.raises(IllegalMove) as alone:
        trial.apply(NextRound())
    assert refused.value.code == alone.value.code
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAME_IDS)
def test_legal_moves_play_as_one_apply_after_another(game):
    state = mid_round(game)
    legal = two_legal_moves(state)
    one_by_one = copy.deepcopy(state)
    expected = [event for move in legal for event in one_by_one.apply(move)]
    assert state.apply_all(legal) == expected
    assert state.to_json() == one_by_one.to_json()
    state.audit()


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_move_changes_nothing(game):
    state = mid_round(game)
    before = state.to_json()
    assert state.apply_all([]) == []
    assert state.to_json() == before
