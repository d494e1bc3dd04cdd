"""``TilesView.why_not`` says what ``apply`` would say: the interface translates its codes
instead of restating the rules."""

from __future__ import annotations

import pytest

from game.ai.tiles.random_bot import RandomBot
from game.engine.errors import IllegalMove
from game.engine.tiles import TURN_RULES, Discard, Draw, Exchange, Options, Pass, TilesState, new_game

KINDS = ("draw", "exchange", "discard", "pass")


def attempt(state: TilesState, kind: str) -> str | None:
    """The code ``apply`` raises for a move of ``kind`` on a copy of ``state`` (None: played)."""
    copy = TilesState.from_json(state.to_json())
    seat = copy.current_player
    tile = copy.racks[seat][0] if seat is not None and copy.racks[seat] else None
    move = {"draw": Draw(), "pass": Pass(), "exchange": Exchange(tile), "discard": Discard(tile)}[kind]
    try:
        copy.apply(move)
    except IllegalMove as exc:
        return exc.code
    return None


@pytest.mark.parametrize("rule", TURN_RULES)
def test_why_not_gives_the_code_apply_raises(rule):
    checked = set()
    for seed in range(1):
        state = new_game(3, Options(turn_rule=rule, timer=0), seed=seed)
        bot = RandomBot(seed=seed)
        for _ in range(120):
            if state.is_over or state.current_player is None:
                break
            view = state.view(state.current_player)
            for kind in KINDS:
                expected = attempt(state, kind)
                assert view.why_not(kind) == expected, (rule, state.phase, kind)
                checked.add((kind, expected))
            state.apply(bot.choose(view))
    assert len(checked) >= 4  # several refusals and allowed moves were seen


def test_a_seat_that_is_not_to_move_is_told_so():
    state = new_game(2, Options(), seed=1)
    other = 1 - state.current_player
    assert state.view(other).why_not("exchange") == "not_your_turn"
