"""``guessed(view, seed)``: a whole game as a seat could find it from its view, the pieces it
cannot see dealt at random. The seat's view of the guess is its view; the guess is a consistent
game; the seed decides the hidden deal and nothing the seat sees."""

from __future__ import annotations

import pytest

from game.ai.registry import make_bot
from game.engine.games import GAME_IDS, game_info


def positions(game: str, players: int, seed: int, moves: int = 160):
    """Every (state, seat) on the way of a game of easy players, at a seat's own turn."""
    state = game_info(game).new_game(players, seed=seed)
    bots = [make_bot(game, "easy", seed + seat) for seat in range(players)]
    for _ in range(moves):
        if state.is_over:
            return
        seat = state.current_player
        if state.phase not in ("round_over", "claim"):
            yield state, seat
        state.apply(bots[seat].choose(state.view(seat)))


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("players", [2, 4])
def test_the_guess_is_a_consistent_game_that_the_seat_sees_as_its_view(game, players):
    guessed = game_info(game).module.guessed
    seen = 0
    for state, seat in positions(game, players, seed=players):
        view = state.view(seat)
        guess = guessed(view, seed=seen)
        assert guess.view(seat) == view
        guess.audit()
        seen += 1
    assert seen > 20


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_seed_deals_the_hidden_pieces(game):
    guessed = game_info(game).module.guessed
    state, seat = next(iter(positions(game, 3, seed=1, moves=1)))
    view = state.view(seat)
    other = (seat + 1) % 3
    hands = {tuple(p.ident for p in guessed(view, seed=s).hand(other)) for s in range(5)}
    assert len(hands) > 1
    assert guessed(view, seed=3).hand(other) == guessed(view, seed=3).hand(other)
    assert all(guessed(view, seed=s).view(seat) == view for s in range(5))
