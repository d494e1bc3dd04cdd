"""The tile game's turn decisions of issues 18 and 25: going out under draw then discard, the
twenty-circuit stalemate with old saves, and ``Timeout`` as the interface's event only."""

from __future__ import annotations

import pytest

from game.ai.base import Bot
from game.ai.tiles.random_bot import RandomBot
from game.engine.base import NextRound
from game.engine.errors import IllegalMove
from game.engine.tiles import Discard, Draw, Options, Play, TilesState, Timeout, new_game
from game.engine.tiles.options import TURN_RULES
from game.engine.tiles.state import STALEMATE_CIRCUITS
from game.sim.__main__ import build_parser
from game.sim.runner import run
from game.sim.tiles import GAME
from tests.engine.test_tiles_state import idents, position, tiles

DRAW_DISCARD = Options(turn_rule="draw_discard")


# --------------------------------------------------------------------------------------------
# Draw then discard: going out


def test_a_player_left_with_one_tile_after_laying_returns_it_and_goes_out():
    """RULES.md: "A player who has laid at least one tile this turn and has one tile left
    returns it and goes out (as a card player goes out on a discard)"."""
    state = position(
        ["R10 R11 R12 K5", "B1 B2 B3"], options=DRAW_DISCARD, pool_top="R13", opened=[True, False]
    )
    pool = len(state.pool)
    state.apply(Draw())
    state.apply(Play([tiles("R10 R11 R12 R13")]))
    assert state.phase == "discard" and state.current_player == 0
    assert state.legal_moves() == [Discard(tiles("K5")[0])]
    events = state.apply(Discard(tiles("K5")[0]))
    assert state.hand(0) == () and "K5#0" in idents(state.pool) and len(state.pool) == pool
    row = state.sheet[-1]
    assert (row["winner"], row["end"]) == (0, "out") and state.phase == "round_over"
    assert [e.kind for e in events] == ["discard", "round_over"]
    state.audit()


def test_a_play_that_empties_the_rack_goes_out_returning_nothing():
    """RULES.md: "a player whose play empties the rack has gone out too, and returns
    nothing"."""
    state = position(["R10 R11 R12", "B1 B2 B3"], options=DRAW_DISCARD, pool_top="R13", opened=[True, False])
    pool = len(state.pool)
    state.apply(Draw())
    state.apply(Play([tiles("R10 R11 R12 R13")]))
    assert state.sheet[-1]["winner"] == 0 and state.phase == "round_over"
    assert len(state.pool) == pool - 1  # the tile drawn was laid, none came back


def test_going_out_on_the_discard_in_the_first_laying_turn_is_rummy():
    state = position(["R10 R11 R12 K5", "B1 B2 B3"], options=DRAW_DISCARD, pool_top="R13")
    state.apply(Draw())
    state.apply(Play([tiles("R10 R11 R12 R13")]))  # an opening worth 46
    state.apply(Discard(tiles("K5")[0]))
    row = state.sheet[-1]
    assert row["rummy"] and row["scores"][0] == 2 * 6


def test_without_laying_a_tile_nobody_goes_out_on_a_discard():
    """ "going out needs a tile laid first": after the draw a rack holds two tiles at least, and
    a discard without a play leaves one."""
    state = position(["K5", "B1 B2 B3"], options=DRAW_DISCARD, pool_top="O7")
    state.apply(Draw())
    assert Play not in {type(m) for m in state.legal_moves()}
    state.apply(Discard(tiles("K5")[0]))
    assert idents(state.hand(0)) == ["O7#0"] and state.phase == "draw" and state.current_player == 1


def test_with_an_empty_pool_the_last_tile_still_goes_back_after_a_play():
    state = position(
        ["R10 R11 R12 K5", "B1 B2 B3 O4"], options=DRAW_DISCARD, pool_size=0, opened=[True, True]
    )
    assert state.phase == "play"
    state.apply(Play([tiles("R10 R11 R12")]))
    assert state.phase == "discard" and state.legal_moves() == [Discard(tiles("K5")[0])]
    state.apply(Discard(tiles("K5")[0]))
    assert state.sheet[-1]["winner"] == 0 and state.pool == tiles("K5")


def test_the_sand_glass_after_a_play_undoes_it_and_returns_the_drawn_tile():
    state = position(
        ["R10 R11 R12 K5", "B1 B2 B3"], options=DRAW_DISCARD, pool_top="R13", opened=[True, False]
    )
    state.apply(Draw())
    state.apply(Play([tiles("R10 R11 R12 R13")]))
    state.apply(Timeout())
    assert idents(state.hand(0)) == ["R10#0", "R11#0", "R12#0", "K5#0"] and state.table == []
    assert state.current_player == 1


def test_a_save_in_the_discard_phase_before_going_out_loads():
    state = position(
        ["R10 R11 R12 K5", "B1 B2 B3 O4"], options=DRAW_DISCARD, pool_size=0, opened=[True, True]
    )
    state.apply(Play([tiles("R10 R11 R12")]))
    loaded = TilesState.from_json(state.to_json())
    assert loaded.phase == "discard" and loaded.legal_moves() == [Discard(tiles("K5")[0])]


# --------------------------------------------------------------------------------------------
# Stalemate: twenty circuits, old saves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_old_saves_with_any_quiet_count_still_load(players):
    """Saves made when five circuits ended a round hold quiet counts up to 5 per seat; the
    round then goes on to twenty circuits."""
    data = new_game(players, seed=4).to_json()
    for quiet in range(5 * players + 1):
        data["quiet_turns"] = quiet
        assert TilesState.from_json(data).quiet_turns == quiet
    data["quiet_turns"] = STALEMATE_CIRCUITS * players - 1
    state = TilesState.from_json(data)
    state.apply(state.legal_moves()[0])
    assert state.sheet[-1]["end"] == "stalemate"


# --------------------------------------------------------------------------------------------
# Timeout is the interface's event


@pytest.mark.parametrize("rule", TURN_RULES)
def test_timeout_is_never_a_legal_move_but_the_engine_accepts_it(rule):
    """Issue 25: "``Timeout`` is the interface's event, not a player's choice: it is not in
    ``legal_moves()``"; the interface's timer still sends it."""
    state = new_game(3, Options(turn_rule=rule, rounds=1), seed=2)
    bot = RandomBot(seed=1)
    phases = set()
    for _ in range(400):
        if state.is_over:
            break
        seat = state.current_player
        moves = state.legal_moves()
        assert not any(isinstance(m, Timeout) for m in moves)
        assert not any(isinstance(m, Timeout) for m in state.view(seat).legal_moves())
        phases.add(state.phase)
        if state.phase in ("draw", "play", "discard") and len(phases) % 2 == 0 and state.quiet_turns < 3:
            state.apply(Timeout())
            continue
        state.apply(bot.choose(state.view(seat)))
    assert "play" in phases


def test_a_bot_that_times_out_breaks_the_bot_interface_in_the_simulation():
    class SandGlassBot(Bot):
        def choose(self, view):
            moves = view.legal_moves()
            return NextRound() if any(isinstance(m, NextRound) for m in moves) else Timeout()

    args = build_parser().parse_args(["tiles", "--players", "a,b", "--games", "2", "--seed", "3"])
    report = run(GAME, args, lambda name, seed: SandGlassBot(seed))
    assert len(report.violations) == 2
    assert all("only the interface sends" in v for v in report.violations)


def test_an_illegal_play_is_still_refused_after_a_timeout_was_accepted():
    state = new_game(2, Options(), seed=1)
    state.apply(Timeout())
    with pytest.raises(IllegalMove):
        state.apply(Play([]))
