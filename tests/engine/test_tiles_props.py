"""Property tests of the tile game's own moves: random tables and tiles (most of them illegal)
never change the state, and a timeout always ends the turn. (Random playouts of every game, with
their invariants after every move, are ``tests/engine/test_playouts.py``.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.tiles.random_bot import RandomBot
from game.engine.base import NextRound
from game.engine.errors import IllegalMove
from game.engine.tiles import (
    OPENING_MINIMUMS,
    TIMEOUT_PENALTIES,
    TIMERS,
    TURN_RULES,
    Discard,
    Draw,
    Exchange,
    Options,
    Pass,
    Play,
    TilesState,
    Timeout,
    new_game,
)

ONLY = [(False, False), (True, False), (False, True)]

options_strategy = st.builds(
    lambda stars, opening, more, ace, only, mixed, rule, timer, penalty, rounds: Options(
        stars=stars,
        opening_min=opening,
        continue_after_opening=more,
        ace_after_13=ace,
        groups_only=only[0],
        runs_only=only[1],
        mixed_colour_runs=mixed,
        turn_rule=rule,
        timer=timer,
        timeout_penalty=penalty,
        rounds=rounds,
    ),
    st.booleans(),
    st.sampled_from(OPENING_MINIMUMS),
    st.booleans(),
    st.booleans(),
    st.sampled_from(ONLY),
    st.booleans(),
    st.sampled_from(TURN_RULES),
    st.sampled_from(TIMERS),
    st.sampled_from(TIMEOUT_PENALTIES),
    st.integers(1, 2),
)


def bot_move(state: TilesState, bots: list[RandomBot]):
    seat = state.current_player
    return bots[seat].choose(state.view(seat))


def random_move(data, state: TilesState):
    """A move that is often illegal: random tiles, random tables, any kind."""
    every_tile = list(state.tiles)
    kind = data.draw(st.sampled_from(["play", "exchange", "discard", "draw", "pass", "next", "play_near"]))
    if kind == "exchange":
        return Exchange(data.draw(st.sampled_from(every_tile)))
    if kind == "discard":
        return Discard(data.draw(st.sampled_from(every_tile)))
    if kind == "draw":
        return Draw()
    if kind == "pass":
        return Pass()
    if kind == "next":
        return NextRound()
    if kind == "play":
        chosen = data.draw(st.lists(st.sampled_from(every_tile), min_size=1, max_size=12))
    else:
        seat = state.current_player if state.current_player is not None else 0
        own = [t for c in state.table for t in c] + list(state.hand(seat))
        chosen = data.draw(st.permutations(own))[: data.draw(st.integers(1, len(own)))]
    cuts = sorted(data.draw(st.lists(st.integers(0, len(chosen)), max_size=4)))
    parts = [chosen[a:b] for a, b in zip([0, *cuts], [*cuts, len(chosen)], strict=True)]
    return Play([p for p in parts if p])


@settings(max_examples=40, deadline=None)
@given(data=st.data(), seed=st.integers(0, 10**6), options=options_strategy)
def test_an_illegal_move_leaves_the_state_unchanged(data, seed, options):
    state = new_game(data.draw(st.integers(2, 4)), options, seed)
    bots = [RandomBot(seed=seed + s) for s in range(state.num_players)]
    for _ in range(40):
        if state.is_over:
            break
        move = random_move(data, state)
        before = state.to_json()
        try:
            state.apply(move)
        except IllegalMove as exc:
            assert state.to_json() == before, f"{move} changed the state before failing with {exc}"
        state.audit()
        if not state.is_over:
            state.apply(bot_move(state, bots) if state.phase != "round_over" else NextRound())
            state.audit()
    if not state.is_over and state.phase != "round_over":
        before = state.to_json()
        state.apply(Timeout())
        assert state.to_json() != before
