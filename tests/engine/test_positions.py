"""Position builders of Frustration and the tile game, and the public helpers of game.ai."""

from __future__ import annotations

import pytest

import game.ai
from game.ai.tiles.solver import best_play
from game.engine.frustration import DrawDiscard, LayDown
from game.engine.frustration.positions import arranged as frustration_position
from game.engine.tiles import Play
from game.engine.tiles.positions import arranged as tile_position

HAND = "5H 5S 5D 9C 9D 9S 4H 5H 6H 7H KC QD 3S"


def test_frustration_position_numbers_copies_and_plays() -> None:
    state = frustration_position(
        [HAND, "AS AD AC KD KH 8S 8D 3C 4C 6C 7D JH JS"], discard="9S", contracts=[3, 1]
    )
    view = state.view(0)
    assert [c.ident for c in view.hand][:8] == [
        "5H#0",
        "5S#0",
        "5D#0",
        "9C#0",
        "9D#0",
        "9S#0",
        "4H#0",
        "5H#1",
    ]
    assert view.discard_top is not None and view.discard_top.ident == "9S#1"
    assert view.contract == 3 and not view.is_down
    assert state.stock_count == 108 - 26 - 1
    state.apply(DrawDiscard())
    moves = game.ai.lay_down_moves(state.view(0))
    assert moves and all(isinstance(m, LayDown) for m in moves)
    state.apply(moves[0])
    assert state.view(0).is_down


def test_frustration_position_table_and_down() -> None:
    state = frustration_position(
        ["5H 5S 9C", "AS AD"], table=[("8C 8D JK", 1), ("4H 5H 6H 7H", 0)], contracts=[3, 3], turn=1
    )
    assert state.down == [True, True]
    assert [m.kind for m in state.table] == ["set", "run"]
    assert state.current_player == 1
    assert game.ai.lay_down_moves(state.view(1)) == []


@pytest.mark.parametrize(
    ("hands", "table"),
    [
        (["5H#0 5H#0", "AS"], []),
        (["5H 5H 5H", "AS"], []),
        (["5H 5S", "AS"], [("5H 6S 7H", 0)]),
        (["JK JK JK", "AS"], [("8C JK JK", 0)]),
    ],
)
def test_frustration_position_refuses_impossible(hands: list[str], table: list[tuple[str, int]]) -> None:
    with pytest.raises(ValueError):
        frustration_position(hands, table=table)


def test_tile_position_and_solver() -> None:
    state = tile_position(["R7 R8 R9 K1 B13 * K10", "O4 O5 O6"], table=["K10 R10 B10"])
    view = state.view(0)
    assert view.has_opened
    assert [t.ident for t in view.table[0]] == ["K10#1", "R10#0", "B10#0"]
    assert game.ai.best_tile_play is best_play
    best = game.ai.best_tile_play(view.hand, view.table, view.has_opened, options=view.options)
    assert best.placed
    state.apply(Play(tuple(tuple(c) for c in best.table)))
    assert len(state.view(0).table) == 2


def test_tile_position_refuses_impossible() -> None:
    with pytest.raises(ValueError):
        tile_position(["R7 R7 R7", "O4"])
    with pytest.raises(ValueError):
        tile_position(["R7", "O4"], table=["R1 R2 B3"])


def test_unknown_helper() -> None:
    with pytest.raises(AttributeError):
        _ = game.ai.no_such_helper
