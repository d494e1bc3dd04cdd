"""``TilesView.why_not`` says what ``apply`` would say: the interface translates its codes
instead of restating the rules."""

from __future__ import annotations

import pytest

from game.ai.tiles.random_bot import RandomBot
from game.engine import tiles
from game.engine.errors import IllegalMove


def moves_of(state: tiles.TilesState) -> list:
    """A move of every non-play kind for the player to move (a tile of the rack for those that
    give one)."""
    seat = state.current_player
    rack = state.hand(seat) if seat is not None else ()
    tile = rack[0] if rack else None
    return [tiles.Draw(), tiles.Pass(), tiles.Exchange(tile), tiles.Discard(tile), tiles.Timeout()]


def attempt(state: tiles.TilesState, move) -> str | None:
    """The code ``apply`` raises for ``move`` on a copy of ``state`` (None: played)."""
    copy = tiles.TilesState.from_json(state.to_json())
    try:
        copy.apply(move)
    except IllegalMove as exc:
        return exc.code
    return None


@pytest.mark.parametrize("rule", tiles.TURN_RULES)
def test_why_not_gives_the_code_apply_raises(rule):
    checked = set()
    state = tiles.new_game(3, tiles.Options(turn_rule=rule, timer=0), seed=0)
    bot = RandomBot(seed=0)
    for _ in range(120):
        if state.is_over or state.current_player is None:
            break
        view = state.view(state.current_player)
        for move in moves_of(state):
            expected = attempt(state, move)
            refusal = view.why_not(move)
            assert (refusal.code if refusal else None) == expected, (rule, state.phase, move)
            checked.add((move.kind, expected))
        state.apply(bot.choose(view))
    assert len(checked) >= 4  # several refusals and allowed moves were seen


def test_a_seat_that_is_not_to_move_is_told_so():
    state = tiles.new_game(2, tiles.Options(), seed=1)
    other = 1 - state.current_player
    tile = state.hand(other)[0]
    assert state.view(other).why_not(tiles.Exchange(tile)).code == "not_your_turn"
