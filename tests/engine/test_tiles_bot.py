"""The tile game's random bot plays legal turns, rearrangements included."""

from __future__ import annotations

import pytest

from game.ai.tiles.random_bot import RandomBot
from game.engine.tiles import Exchange, Options, Play, read_meld
from tests.engine.test_tiles_state import position, tiles


def idents_on(table) -> set[str]:
    return {t.ident for c in table for t in c}


def bot_play(state, seed: int) -> Play:
    move = RandomBot(seed=seed).choose(state.view(state.current_player))
    assert isinstance(move, Play), move
    state.apply(move)
    return move


@pytest.mark.parametrize("seed", range(5))
def test_it_splits_a_run_to_insert_a_twin(seed):
    state = position(["R6#1 K1", "B1 B2"], table=("R3 R4 R5 R6 R7 R8 R9",), opened=[True, True])
    move = bot_play(state, seed)
    assert "R6#1" in idents_on(move.table) and len(move.table) == 2
    assert all(read_meld(c).kind == "run" for c in move.table)


@pytest.mark.parametrize("seed", range(5))
def test_it_frees_a_star_and_uses_it_again(seed):
    state = position(["R5 K1", "B1 B2"], table=("R4 * R6", "B7 O7 K7"), opened=[True, True])
    move = bot_play(state, seed)
    assert "R5#0" in idents_on(move.table) and "*#0" in idents_on(move.table)
    run = next(c for c in move.table if "R5#0" in {t.ident for t in c})
    assert [t.ident for t in run[:3]] == ["R4#0", "R5#0", "R6#0"]  # R5 took the star's place


@pytest.mark.parametrize("seed", range(5))
def test_it_takes_a_tile_off_a_combination_to_build_a_new_one(seed):
    state = position(["B8 O8 R1", "B1 B2"], table=("K5 K6 K7 K8",), opened=[True, True])
    move = bot_play(state, seed)
    assert sorted(len(c) for c in move.table) == [3, 3]
    assert {"B8#0", "O8#0", "K8#0"} in [{t.ident for t in c} for c in move.table]


def test_it_opens_when_it_can_and_exchanges_otherwise():
    state = position(["R10 R11 R12 K2 B7", "B1 B2"])
    move = bot_play(state, 0)
    assert move.table == (tuple(tiles("R10 R11 R12")),)
    state = position(["R1 R2 R3 K2 B7", "B1 B2"])  # 6 points: below the minimum
    assert isinstance(RandomBot(seed=0).choose(state.view(0)), Exchange)


def test_it_opens_and_goes_on_when_the_option_allows():
    rules = Options(continue_after_opening=True)
    state = position(["R10 R11 R12 K8", "B1 B2"], table=("K5 K6 K7",), options=rules)
    move = bot_play(state, 0)
    assert "K8#0" in idents_on(move.table) and state.hand(0) == ()
