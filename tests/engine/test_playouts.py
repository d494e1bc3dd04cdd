"""The random-playout property test, written once for every game of ``GAMES``: random games
between random players, with options drawn from the choices the new-game screen offers, keep
every invariant after every move; the state and the mover's view list the same legal moves and
the move played is one ``why_not`` accepts; a move listed earlier and refused now changes
nothing and is refused by ``why_not`` alike; the save round-trips. Each game's own rules (which
moves are listed, the refusal of each kind of bad move) have their own tests."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.ai.registry import make_bot
from game.engine.base import Move
from game.engine.errors import IllegalMove
from game.engine.games import GAME_IDS, GAMES, load_game

STEPS = 400


def options_of(data: Any, game_id: str) -> Any:
    """Options drawn from the game's choices (combinations the options refuse are skipped)."""
    info = GAMES[game_id]
    chosen = {
        name: data.draw(st.sampled_from(values), label=name) for name, values in info.option_choices.items()
    }
    try:
        return info.options_class(**chosen)
    except ValueError:
        assume(False)


def refuse_unchanged(state: Any, move: Move, codes: dict) -> bool:
    """Apply ``move`` if the rules allow it (True); when they refuse it, check that nothing
    changed and that the mover's view refuses it with the same code (False)."""
    before = state.to_json()
    refusal = state.view(state.current_player).why_not(move)
    try:
        state.apply(move)
    except IllegalMove as exc:
        assert state.to_json() == before, f"{move} was refused ({exc.code}) but changed the state"
        assert refusal is not None and refusal.code == exc.code, (move, exc.code, refusal)
        assert exc.code in codes and set(exc.params) == set(codes[exc.code]), exc
        return False
    assert refusal is None, f"why_not refused {move} ({refusal.code}) but apply played it"
    return True


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_keep_every_invariant(game_id, data):
    info = GAMES[game_id]
    codes = info.module.ERROR_CODES
    players = data.draw(st.integers(info.min_players, info.max_players), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    state = info.new_game(players, options_of(data, game_id), seed)
    bots = [make_bot(game_id, "random", seed + seat) for seat in range(players)]
    state.audit()
    listed: list[Move] = []
    for step in range(STEPS):
        if state.is_over:
            assert state.winners and state.current_player is None and state.legal_moves() == []
            break
        seat = state.current_player
        legal = state.legal_moves()
        view = state.view(seat)
        assert view.legal_moves() == legal
        assert all(state.view(s).legal_moves() == [] for s in range(players) if s != seat)
        if listed and step % 9 == 4:
            stale = data.draw(st.sampled_from(listed), label="a move listed earlier")
            if refuse_unchanged(state, stale, codes):
                state.audit()
                continue
        listed.extend(legal[:4])
        move = bots[seat].choose(view)
        assert view.why_not(move) is None, (move, view.why_not(move))
        state.apply(move)
        state.audit()
        if step % 97 == 0:
            assert load_game(state.to_json()).to_json() == state.to_json()
