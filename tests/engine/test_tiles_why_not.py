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


def test_moving_a_table_tile_is_refused_as_a_play_moving_it_would_be():
    """Before opening, a tile of the table stays where it is: the view says so as soon as such a
    tile is picked up (``why_not_move_table_tile``), with the code a ``Play`` moving it meets."""
    from game.engine.tiles.positions import arranged

    hands = ["R8 K10 K11 K12 O1", "B1 B2 B3 B4"]
    state = arranged(hands, table=["R5 R6 R7"], opened=[False, True], options=tiles.Options(timer=0))
    table = {t.text: t for t in state.table[0]}
    rack = {t.text: t for t in state.hand(0)}
    refusal = state.view(0).why_not_move_table_tile(table["R5"])
    assert (refusal.code, refusal.params) == ("opening_uses_table", {"tile": "R5"})
    moved = tiles.Play(((*state.table[0], rack["R8"]), (rack["K10"], rack["K11"], rack["K12"])))
    assert attempt(state, moved) == "opening_uses_table"
    assert state.view(1).why_not_move_table_tile(table["R5"]).code == "not_your_turn"
    # Once opened, or when the opening may go on to the table, the tile may move.
    opened = arranged(hands, table=["R5 R6 R7"], opened=[True, True], options=tiles.Options(timer=0))
    assert opened.view(0).why_not_move_table_tile(opened.table[0][0]) is None
    going_on = tiles.Options(timer=0, continue_after_opening=True)
    free = arranged(hands, table=["R5 R6 R7"], opened=[False, True], options=going_on)
    assert free.view(0).why_not_move_table_tile(free.table[0][0]) is None
    # Under a draw-first rule, the draw comes first.
    first = arranged(hands, table=["R5 R6 R7"], options=tiles.Options(timer=0, turn_rule="draw_discard"))
    assert first.view(0).why_not_move_table_tile(first.table[0][0]).code == "must_draw_first"
