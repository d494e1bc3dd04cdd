"""The card tables' turns in progress (``FrustrationTurn``, ``Rum500Turn``), without a window:
pygame is never loaded."""

from __future__ import annotations

import pytest

from game.engine.frustration import DrawStock, LayDown, new_game
from game.engine.notation import parse
from game.engine.rum500 import LayOff, Meld, Rum500State
from game.engine.rum500.positions import arranged
from game.ui.tables.frustration.model import FrustrationTurn
from game.ui.tables.frustration.model import rank_order as frustration_rank
from game.ui.tables.rum500.model import Rum500Turn, rank_order, table_order
from tests.without_pygame import import_fails_without_pygame


@pytest.mark.parametrize("module", ["game.ui.tables.frustration.model", "game.ui.tables.rum500.model"])
def test_the_models_need_no_pygame(module):
    assert import_fails_without_pygame(module) == ""


# Frustration Rummy -------------------------------------------------------------------------------


def frustration_after_draw():
    state = new_game(2, seed=3)
    seat = state.current_player
    state.apply(DrawStock())
    return state, seat


def test_staging_keeps_cards_out_of_the_hand_and_makes_the_lay_down():
    state, seat = frustration_after_draw()
    model = FrustrationTurn()
    model.follow(state.view(seat), seat, mine=True)
    assert len(model.staged) == model.slot_count() >= 2 and not any(model.staged)
    first, second = model.hand_order[:2]
    model.stage([first], 0)
    model.stage([second], 1)
    assert {c.ident for c in model.hand_cards()} == {c.ident for c in state.view(seat).hand} - {first, second}
    move = model.staged_move()
    assert isinstance(move, LayDown) and [[c.ident for c in g] for g in move.melds][:2] == [[first], [second]]
    model.take_back([second])
    assert model.staged[1] == [] and second in {c.ident for c in model.hand_cards()}


def test_each_person_finds_their_own_arrangement_and_it_is_saved():
    state, seat = frustration_after_draw()
    other = 1 - seat
    model = FrustrationTurn()
    model.follow(state.view(seat), seat, mine=True)
    model.sort(frustration_rank)
    mine = list(model.hand_order)
    model.stage([mine[0]], 0)
    model.follow(state.view(other), other, mine=False)  # the screen is handed over
    assert not any(model.staged) and mine[0] not in model.hand_order
    resumed = FrustrationTurn(model.to_ui())
    resumed.follow(state.view(seat), seat, mine=True)
    assert resumed.hand_order == mine and resumed.staged[0] == [mine[0]]


# 500 Rum -----------------------------------------------------------------------------------------


def rum500_position() -> Rum500State:
    """Marie to draw: the pile is 9♣ 5♦ K♦ 2♠; Bruno's run 5♣ 6♣ 7♣ takes her 8♣."""
    return arranged(
        ["9D 9H 8C KH 3D 4C 2D", "AS 2C 4D 5H JC 8D 10S"],
        discard="9C 5D KD 2S",
        table=[("5C 6C 7C", 1), ("JS QS KS", 1)],
        seed=5,
    )


def test_the_pile_and_what_may_be_taken_from_it():
    state = rum500_position()
    model = Rum500Turn()
    model.follow(state.view(0), 0, mine=True)
    assert model.pile_index == {"9C#0": 0, "5D#0": 1, "KD#0": 2, "2S#0": 3}
    assert 0 in model.takeable and model.starters == [1, 1]
    assert model.legal_kind("draw_stock") is not None
    model.follow(state.view(0), 0, mine=False)
    assert model.legal == [] and model.takeable == set()


def test_gestures_become_the_engines_moves():
    state = rum500_position()
    model = Rum500Turn()
    model.follow(state.view(0), 0, mine=True)
    eight = model.card_of("8C#0")
    assert model.lay_off_sequence([eight], 0) == [LayOff(eight, 0, "high")]
    assert model.lay_off_sequence([eight], 1) is None
    nines = [model.card_of("9D#0"), model.card_of("9H#0")]
    assert model.meld_move(nines) == Meld(table_order(nines))  # not legal: the engine will say why
    assert [c.ident for c in model.selected_cards(["9H#0", "9D#0", "JC#0"])] == ["9D#0", "9H#0"]


def test_the_hand_order_is_each_persons_and_is_saved():
    state = rum500_position()
    model = Rum500Turn()
    model.follow(state.view(0), 0, mine=True)
    model.sort(rank_order)
    assert [c.text for c in model.hand_cards()] == [
        c.text for c in sorted(parse("9D 9H 8C KH 3D 4C 2D"), key=rank_order)
    ]
    resumed = Rum500Turn(model.to_ui())
    resumed.follow(state.view(0), 0, mine=True)
    assert resumed.hand_order == model.hand_order
