"""Frustration turns: draws, lay-downs, lay-offs, extra melds, take-backs, discards, the stock,
round ends, contracts, winning and the options."""

from __future__ import annotations

import pytest

from game.engine.base import NextRound
from game.engine.events import PublicEvent
from game.engine.frustration import (
    Discard,
    DrawDiscard,
    DrawStock,
    ExtraMeld,
    LayDown,
    LayOff,
    Options,
    TakeBackWild,
    hand_penalty,
    new_game,
)
from game.engine.notation import parse
from game.engine.pieces import Card
from tests.engine.test_frustration_support import build, card_in, cards_in, expect


def texts(cards) -> str:
    return " ".join(c.text for c in cards)


def lay_down(state, player, *melds: str) -> LayDown:
    taken = cards_in(state, player, " ".join(melds))
    out, i = [], 0
    for text in melds:
        n = len(text.split())
        out.append(tuple(taken[i : i + n]))
        i += n
    return LayDown(tuple(out))


# --------------------------------------------------------------------------------------------
# Deal and turn order


def test_new_game_deals_13_each_and_turns_up_one_card():
    state = new_game(3, seed=5)
    assert [len(state.hand(p)) for p in range(state.num_players)] == [13, 13, 13]
    assert len(state.discard) == 1 and len(state.stock) == 108 - 39 - 1
    assert state.dealer == 2 and state.first_player == 0 and state.current_player == 0
    assert state.phase == "draw" and state.round_number == 1 and state.contracts == [1, 1, 1]
    state.audit()


@pytest.mark.parametrize(
    ("players", "decks", "total"),
    [(2, None, 108), (4, None, 108), (5, None, 162), (6, None, 162), (6, 2, 108), (3, 3, 162)],
)
def test_deck_count(players, decks, total):
    state = new_game(players, Options(decks=decks), seed=1)
    everything = [c for p in range(state.num_players) for c in state.hand(p)] + state.stock + state.discard
    assert len(everything) == total
    assert sum(c.is_joker for c in everything) == 2 * (total // 54)
    assert len({c.ident for c in everything}) == total


def test_same_seed_same_deal_other_seed_other_deal():
    a, b, c = new_game(4, seed=7), new_game(4, seed=7), new_game(4, seed=8)
    assert a.to_json() == b.to_json()
    assert a.to_json()["hands"] != c.to_json()["hands"]


def test_bad_player_counts_and_options():
    with pytest.raises(ValueError):
        new_game(1)
    with pytest.raises(ValueError):
        new_game(7)
    for bad in ({"decks": 4}, {"final_contract": 15}, {"extra_run_min": 5}, {"scoring": "yes"}):
        with pytest.raises(ValueError):
            Options(**bad)


def test_option_choices_cover_every_option():
    import dataclasses

    from game.engine.frustration import OPTION_CHOICES

    assert set(OPTION_CHOICES) == {f.name for f in dataclasses.fields(Options)}
    defaults = Options()
    for name, values in OPTION_CHOICES.items():
        assert getattr(defaults, name) in values
        for value in values:
            assert getattr(Options(**{name: value}), name) == value
    assert Options.from_json(Options(decks=3, scoring=False).to_json()) == Options(decks=3, scoring=False)


def test_the_first_player_deals_the_next_round():
    state = build(3, hands=["9C"], table=[(0, "5C 5D 5H")], current=0)
    state.apply(Discard(card_in(state, 0, "9C")))
    assert state.phase == "round_over" and state.current_player == 0
    assert state.legal_moves() == [NextRound()]
    expect("round_is_over", state.apply, DrawStock())
    state.apply(NextRound())
    assert state.round_number == 2 and state.dealer == 0 and state.first_player == 1
    assert state.current_player == 1 and state.phase == "draw"
    assert (
        state.down == [False] * 3
        and state.table == []
        and [len(state.hand(p)) for p in range(state.num_players)] == [13] * 3
    )
    state.audit()


# --------------------------------------------------------------------------------------------
# Phases and turn


def test_draw_first_then_play():
    state = new_game(2, seed=3)
    expect("must_draw_first", state.apply, Discard(state.hand(0)[0]))
    expect("must_draw_first", state.apply, ExtraMeld(tuple(state.hand(0)[:3])))
    assert state.view(1).why_not(DrawStock()).code == "not_your_turn"
    expect("round_not_over", state.apply, NextRound())
    top = state.stock[-1]
    state.apply(DrawStock())
    assert state.hand(0)[-1].ident == top.ident and state.phase == "play"
    assert state.log[-1] == PublicEvent(0, 0, "draw", source="stock", target="hand", count=1)
    expect("already_drawn", state.apply, DrawDiscard())
    state.apply(Discard(top))
    assert state.current_player == 1 and state.phase == "draw"
    assert state.discard[-1].ident == top.ident


def test_draw_discard_takes_the_top_card_and_logs_it():
    state = build(2, discard="4C 9H", phase="draw")
    state.apply(DrawDiscard())
    assert state.hand(0)[-1] == parse("9H")[0] and texts(state.discard) == "4C"
    assert (
        state.log[-1].kind == "draw" and state.log[-1].source == "discard" and state.log[-1].pieces == ("9H",)
    )


def test_discard_empty_and_unknown_move():
    state = build(2, discard="", stock="", phase="play", rest="stock")
    state.phase, state.discard = "draw", []  # not reachable in play: checked for safety
    expect("discard_empty", state.apply, DrawDiscard())
    expect("unknown_move", state.apply, object())


def test_game_over_refuses_every_move():
    state = build(
        2, hands=["9C"], table=[(0, "5C 5D 5H")], contracts=[3, 1], options=Options(final_contract=3)
    )
    state.apply(Discard(card_in(state, 0, "9C")))
    assert state.is_over and state.winners == [0] and state.current_player is None
    assert state.phase == "game_over" and state.legal_moves() == []
    expect("game_is_over", state.apply, NextRound())


# --------------------------------------------------------------------------------------------
# Laying down


def test_lay_down_contract_1_then_lay_off_the_same_turn():
    state = build(2, hands=["5H 5S 5D 9C 9C JK KD KS 2H 5C"])
    move = lay_down(state, 0, "5H 5S 5D", "9C 9C JK", "KD KS 2H")
    assert state.can_lay_down() and state.why_not(move) is None
    state.apply(move)
    assert state.down[0] and len(state.table) == 3 and len(state.hand(0)) == 5
    assert [m.owner for m in state.table] == [0, 0, 0]
    assert state.log[-1].kind == "meld" and state.log[-1].melds == (0, 1, 2)
    state.apply(LayOff(card_in(state, 0, "5C"), 0))
    assert texts(state.table[0].cards) == "5H 5S 5D 5C"
    expect("contract_already_down", state.apply, move)
    state.audit()


def test_only_the_current_contract_may_be_laid_down():
    state = build(2, hands=["5H 5S 5D 9C 9C JK KD KS 2H"], contracts=[2, 1])
    expect("wrong_contract", state.apply, lay_down(state, 0, "5H 5S 5D", "9C 9C JK", "KD KS 2H"))
    state = build(2, hands=["5H 5S 5D 7C 8C 9C 10C"], contracts=[2, 1])
    state.apply(lay_down(state, 0, "5H 5S 5D", "7C 8C 9C 10C"))
    assert state.down[0]


def test_lay_down_checks_the_cards_are_held_once():
    state = build(2, hands=["5H 5S 5D 9C 9C JK KD KS 2H"])
    five = card_in(state, 0, "5H")
    nines = tuple(cards_in(state, 0, "9C 9C JK"))
    kings = tuple(cards_in(state, 0, "KD KS 2H"))
    expect("duplicate_card", state.apply, LayDown(((five, five, card_in(state, 0, "5S")), nines, kings)))
    foreign = Card(5, "H", 1) if five.copy == 0 else Card(5, "H", 0)
    expect(
        "card_not_in_hand",
        state.apply,
        LayDown(((foreign, card_in(state, 0, "5S"), card_in(state, 0, "5D")), nines, kings)),
    )
    assert not state.down[0]


def test_lay_down_may_not_empty_the_hand():
    state = build(2, hands=["5H 5S 5D 5C 5H 9C 9C 9S 9D 9H KD KS KH KC"])
    assert len(state.hand(0)) == 14
    move = lay_down(state, 0, "5H 5S 5D 5C 5H", "9C 9C 9S 9D 9H", "KD KS KH KC")
    expect("no_card_left_to_discard", state.apply, move)


def test_exact_contract_length_option():
    hand = "5H 5S 5D 5C 9C 9C JK KD KS 2H"
    state = build(2, hands=[hand])
    state.apply(lay_down(state, 0, "5H 5S 5D 5C", "9C 9C JK", "KD KS 2H"))
    assert state.down[0]
    state = build(2, hands=[hand], options=Options(exact_contract_length=True))
    expect("wrong_contract", state.apply, lay_down(state, 0, "5H 5S 5D 5C", "9C 9C JK", "KD KS 2H"))
    state.apply(lay_down(state, 0, "5H 5S 5D", "9C 9C JK", "KD KS 2H"))
    assert state.down[0]


def test_table_moves_need_the_contract_down():
    state = build(2, hands=["5S 6H 7C 7D 7S", "3C"], table=[(1, "5C 5D 5H"), (1, "4H JK 6H")])
    assert not state.can_meld()
    expect("contract_not_down", state.apply, LayOff(card_in(state, 0, "5S"), 0))
    expect("contract_not_down", state.apply, ExtraMeld(tuple(cards_in(state, 0, "7C 7D 7S"))))
    expect("contract_not_down", state.apply, TakeBackWild(card_in(state, 0, "5S"), 1, 1))
    assert not any(isinstance(m, (LayOff, TakeBackWild)) for m in state.legal_moves())


# --------------------------------------------------------------------------------------------
# Laying off


def layoff_position():
    return build(
        2,
        hands=["4H 9H JK 2C 5S 7D 8C", "3C 3D"],
        table=[(0, "5H 6H 7H 8H"), (1, "5C 5D JK"), (1, "AH 2H 3H"), (1, "QS KS AS")],
    )


def test_natural_lay_off_only_where_it_fits():
    state = layoff_position()
    expect("bad_end", state.apply, LayOff(card_in(state, 0, "4H"), 0, "high"))
    expect("bad_end", state.apply, LayOff(card_in(state, 0, "9H"), 0, "low"))
    expect("not_a_run", state.apply, LayOff(card_in(state, 0, "7D"), 0, "high"))
    expect("not_a_run", state.apply, LayOff(card_in(state, 0, "8C"), 0, "high"))
    expect("bad_end", state.apply, LayOff(card_in(state, 0, "4H"), 0, None))
    state.apply(LayOff(card_in(state, 0, "4H"), 0, "low"))
    state.apply(LayOff(card_in(state, 0, "9H"), 0, "high"))
    assert texts(state.table[0].cards) == "4H 5H 6H 7H 8H 9H" and state.table[0].low == 4


def test_lay_off_on_an_opponents_set():
    state = layoff_position()
    expect("bad_end", state.apply, LayOff(card_in(state, 0, "5S"), 1, "high"))
    expect("not_a_set", state.apply, LayOff(card_in(state, 0, "7D"), 1, None))
    state.apply(LayOff(card_in(state, 0, "5S"), 1, None))
    assert texts(state.table[1].cards) == "5C 5D JK 5S" and state.table[1].owner == 1


def test_wild_lay_off_chooses_the_end():
    state = layoff_position()
    joker = card_in(state, 0, "JK")
    legal = state.legal_moves()
    assert LayOff(joker, 0, "low") in legal and LayOff(joker, 0, "high") in legal
    low = build(2, hands=["JK 3C"], table=[(0, "5H 6H 7H 8H")])
    low.apply(LayOff(card_in(low, 0, "JK"), 0, "low"))
    assert low.table[0].stand_ins() == ("4H", None, None, None, None)
    state.apply(LayOff(joker, 0, "high"))
    assert state.table[0].stand_ins()[-1] == "9H"


def test_lay_offs_may_not_break_the_wild_ratio():
    state = layoff_position()
    state.apply(LayOff(card_in(state, 0, "2C"), 1, None))  # 5C 5D JK 2C: 2 wilds, 2 naturals
    error = expect("too_many_wilds", state.apply, LayOff(card_in(state, 0, "JK"), 1, None))
    assert error.params == {"wilds": 3, "naturals": 2}
    state = build(2, hands=["JK 2C 9D"], table=[(0, "5H JK 7H 2H")])
    expect("too_many_wilds", state.apply, LayOff(card_in(state, 0, "JK"), 0, "high"))
    assert not any(isinstance(m, LayOff) for m in state.legal_moves())


def test_closed_run_ends():
    state = layoff_position()
    joker = card_in(state, 0, "JK")
    expect("end_closed", state.apply, LayOff(joker, 2, "low"))  # AH 2H 3H starts at the ace
    expect("end_closed", state.apply, LayOff(joker, 3, "high"))  # QS KS AS ends at the ace
    assert LayOff(joker, 2, "high") in state.legal_moves()
    assert LayOff(joker, 3, "low") in state.legal_moves()
    full = build(2, hands=["AH JK 5C"], table=[(0, "AS JK 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")])
    expect("run_too_long", full.apply, LayOff(card_in(full, 0, "JK"), 0, "high"))


def test_an_ace_may_fit_both_ends_of_a_long_run():
    state = build(2, hands=["AH 9C"], table=[(0, "JK 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")])
    ace = card_in(state, 0, "AH")
    legal = state.legal_moves()
    assert LayOff(ace, 0, "low") in legal and LayOff(ace, 0, "high") in legal
    state.apply(LayOff(ace, 0, "high"))
    assert state.table[0].low == 2 and state.table[0].high == 14


def test_no_such_meld():
    state = layoff_position()
    expect("no_such_meld", state.apply, LayOff(card_in(state, 0, "4H"), 9, "low"))
    expect("no_such_meld", state.apply, LayOff(card_in(state, 0, "4H"), -1, "low"))
    expect("bad_move", state.apply, LayOff(card_in(state, 0, "4H"), "0", "low"))


# --------------------------------------------------------------------------------------------
# Going out


def test_going_out_ends_the_round_at_once():
    state = build(3, hands=["5S 9C"], table=[(0, "5C 5D 5H")])
    state.apply(LayOff(card_in(state, 0, "5S"), 0))
    events = state.apply(Discard(card_in(state, 0, "9C")))
    assert [e.kind for e in events] == ["discarded", "went_out", "round_over"]
    record = state.history[-1]
    assert record.went_out == 0 and record.ended == "out"
    assert record.penalties == (0, hand_penalty(state.hand(1)), hand_penalty(state.hand(2)))
    assert state.scores == [0, record.penalties[1], record.penalties[2]]
    assert state.contracts == [2, 1, 1]


def test_no_card_left_to_discard():
    state = build(2, hands=["5S"], table=[(0, "5C 5D 5H")])
    expect("no_card_left_to_discard", state.apply, LayOff(card_in(state, 0, "5S"), 0))
    assert LayOff(card_in(state, 0, "5S"), 0) not in state.legal_moves()
    state = build(2, hands=["7C 7D 7S"], table=[(0, "5C 5D 5H")])
    expect("no_card_left_to_discard", state.apply, ExtraMeld(tuple(cards_in(state, 0, "7C 7D 7S"))))


# --------------------------------------------------------------------------------------------
# Extra melds


def test_extra_melds_after_the_contract():
    state = build(2, hands=["7C 7D 7S 3H 4H 5H 9S"], table=[(0, "5C 5D 5H")])
    state.apply(ExtraMeld(tuple(cards_in(state, 0, "7C 7D 7S"))))
    state.apply(ExtraMeld(tuple(cards_in(state, 0, "3H 4H 5H"))))
    assert [m.kind for m in state.table] == ["set", "set", "run"]
    assert [m.owner for m in state.table] == [0, 0, 0]
    assert state.log[-1].kind == "meld" and state.log[-1].melds == (2,)


def test_extra_run_minimum_4():
    options = Options(extra_run_min=4)
    state = build(2, hands=["7C 7D 7S 3H 4H 5H 6H 9S"], table=[(0, "5C 5D 5H")], options=options)
    error = expect("meld_too_short", state.apply, ExtraMeld(tuple(cards_in(state, 0, "3H 4H 5H"))))
    assert error.params == {"length": 3, "minimum": 4}
    state.apply(ExtraMeld(tuple(cards_in(state, 0, "3H 4H 5H 6H"))))
    state.apply(ExtraMeld(tuple(cards_in(state, 0, "7C 7D 7S"))))  # sets of 3 still allowed
    assert len(state.table) == 3


def test_extra_meld_codes():
    state = build(2, hands=["7C 8D 9S JK 2S 2D 5H"], table=[(0, "5C 5D 5H")])
    expect("not_a_meld", state.apply, ExtraMeld(tuple(cards_in(state, 0, "7C 8D 9S"))))
    expect("only_wilds", state.apply, ExtraMeld(tuple(cards_in(state, 0, "JK 2S 2D"))))
    expect("meld_too_short", state.apply, ExtraMeld(tuple(cards_in(state, 0, "7C JK"))))


# --------------------------------------------------------------------------------------------
# Taking back wilds


def takeback_position(**kwargs):
    return build(
        2, hands=["6H 3C 4D 6C", "KC"], table=[(0, "9S 9D 9C"), (1, "5H JK 7H 8H"), (1, "QD QC 2S")], **kwargs
    )


def test_take_back_then_the_wild_must_be_played():
    state = takeback_position()
    six = card_in(state, 0, "6H")
    assert TakeBackWild(six, 1, 1) in state.legal_moves()
    state.apply(TakeBackWild(six, 1, 1))
    assert texts(state.table[1].cards) == "5H 6H 7H 8H"
    joker = card_in(state, 0, "JK")
    assert [c.ident for c in state.pending_wilds] == [joker.ident]
    assert state.log[-1].kind == "swap_wild" and state.log[-1].pieces == ("6H", "JK")
    error = expect("wild_must_be_played", state.apply, Discard(card_in(state, 0, "3C")))
    assert error.params == {"card": "JK"}
    expect("wild_must_be_played", state.apply, Discard(joker))
    assert not any(isinstance(m, Discard) for m in state.legal_moves())
    state.apply(LayOff(joker, 1, "low"))
    assert state.pending_wilds == [] and state.table[1].stand_ins()[0] == "4H"
    state.apply(Discard(card_in(state, 0, "3C")))
    assert state.current_player == 1


def test_take_back_option_off():
    state = takeback_position(options=Options(wild_takeback=False))
    expect("takeback_disabled", state.apply, TakeBackWild(card_in(state, 0, "6H"), 1, 1))
    assert not any(isinstance(m, TakeBackWild) for m in state.legal_moves())


def test_take_back_needs_the_exact_stand_in_from_a_run():
    state = takeback_position()
    error = expect("not_the_stand_in", state.apply, TakeBackWild(card_in(state, 0, "6C"), 1, 1))
    assert error.params == {"card": "6C", "stand_in": "6H"}
    expect("not_a_wild", state.apply, TakeBackWild(card_in(state, 0, "6H"), 1, 0))
    expect("no_such_position", state.apply, TakeBackWild(card_in(state, 0, "6H"), 1, 7))
    expect("takeback_only_from_runs", state.apply, TakeBackWild(card_in(state, 0, "6H"), 2, 2))


def test_a_two_in_its_natural_place_cannot_be_taken_back():
    state = build(2, hands=["2H 5C 9D"], table=[(0, "AH 2H 3H")])
    assert not any(isinstance(m, TakeBackWild) for m in state.legal_moves())
    expect("not_the_stand_in", state.apply, TakeBackWild(card_in(state, 0, "2H"), 0, 1))


def test_take_back_keeps_a_card_to_discard():
    state = build(2, hands=["6H", "KC"], table=[(0, "9S 9D 9C"), (1, "5H JK 7H 8H")])
    expect("no_card_left_to_discard", state.apply, TakeBackWild(card_in(state, 0, "6H"), 1, 1))


def test_take_back_needs_a_place_for_the_wild():
    table = [(1, "AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH"), (0, "9S 9D JK 2C")]
    state = build(2, hands=["7H 4C", "KC"], table=table)
    expect("no_place_for_wild", state.apply, TakeBackWild(card_in(state, 0, "7H"), 0, 6))
    assert not any(isinstance(m, TakeBackWild) for m in state.legal_moves())


def test_no_move_may_strand_a_wild_taken_back():
    table = [(1, "AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH"), (0, "9S 9D JK")]
    state = build(2, hands=["7H 2S 4C 5C", "KC"], table=table)
    state.apply(TakeBackWild(card_in(state, 0, "7H"), 0, 6))
    expect("no_place_for_wild", state.apply, LayOff(card_in(state, 0, "2S"), 1))
    assert LayOff(card_in(state, 0, "2S"), 1) not in state.legal_moves()
    state.apply(LayOff(card_in(state, 0, "JK"), 1))
    state.apply(Discard(card_in(state, 0, "4C")))
    state.audit()


def test_several_take_backs_in_one_turn():
    table = [(0, "9S 9D 9C"), (1, "5H JK 7H 8H"), (1, "3D 4D 2C 6D")]
    state = build(2, hands=["6H 5D 3C 4C", "KC"], table=table)
    state.apply(TakeBackWild(card_in(state, 0, "6H"), 1, 1))
    state.apply(TakeBackWild(card_in(state, 0, "5D"), 2, 2))
    assert len(state.pending_wilds) == 2
    state.apply(LayOff(card_in(state, 0, "2C"), 2, "high"))
    state.apply(LayOff(card_in(state, 0, "JK"), 0))
    state.apply(Discard(card_in(state, 0, "3C")))
    state.audit()


# --------------------------------------------------------------------------------------------
# Twin cards


def test_twins_are_told_apart_by_ident():
    state = build(2, hands=["5D 5D 9C 8S"], table=[(0, "5S 5H 5C")])
    first, second = cards_in(state, 0, "5D 5D")
    assert first.ident != second.ident
    legal = state.legal_moves()
    assert LayOff(first, 0) in legal and LayOff(second, 0) in legal
    assert LayOff(first, 0) != LayOff(second, 0)
    state.apply(LayOff(second, 0))
    left = [c for c in state.hand(0) if c == first]
    assert [c.ident for c in left] == [first.ident]
    assert state.table[0].cards[-1].ident == second.ident
    expect("card_not_in_hand", state.apply, Discard(second))
    state.apply(Discard(first))
    assert state.discard[-1].ident == first.ident


def test_a_set_of_two_identical_cards():
    state = build(2, hands=["5D 5D 5S 9C 9C JK KD KS 2H"])
    state.apply(lay_down(state, 0, "5D 5D 5S", "9C 9C JK", "KD KS 2H"))
    assert texts(state.table[0].cards) == "5D 5D 5S"
    assert len({c.ident for c in state.table[0].cards}) == 3


# --------------------------------------------------------------------------------------------
# The stock


def test_empty_stock_is_rebuilt_from_the_discard_pile():
    state = build(2, hands=["", ""], stock="", discard="4C 9H", rest="discard")
    pile = list(state.discard)
    assert state.stock == []
    mine = state.hand(0)[0]
    events = state.apply(Discard(mine))
    assert "reshuffled" in [e.kind for e in events]
    assert [c.ident for c in state.discard] == [mine.ident]
    assert sorted(c.ident for c in state.stock) == sorted(c.ident for c in pile)
    assert [c.ident for c in state.stock] != [c.ident for c in pile]  # shuffled
    assert state.log[-1].kind == "reshuffle" and state.phase == "draw" and state.current_player == 1
    state.audit()
    again = build(2, hands=["", ""], stock="", discard="4C 9H", rest="discard")
    again.apply(Discard(again.hand(0)[0]))
    assert [c.ident for c in again.stock] == [c.ident for c in state.stock]  # the game's own rng


def test_stock_running_dry_ends_the_round_with_nobody_out():
    state = build(2, hands=["9C 4D"], table=[(0, "5C 5D 5H")], stock="", rest="table", rest_owner=0)
    assert state.stock == [] and state.discard == []
    events = state.apply(Discard(card_in(state, 0, "4D")))
    assert [e.kind for e in events] == ["discarded", "round_over"]
    record = state.history[-1]
    assert record.ended == "dry" and record.went_out is None
    assert record.penalties == (5, hand_penalty(state.hand(1)))
    assert state.contracts == [2, 1] and state.phase == "round_over"
    state.audit()


# --------------------------------------------------------------------------------------------
# Round end, contracts, winning


def test_players_who_laid_down_move_on():
    table = [(0, "5C 5D 5H"), (1, "8C 8D 8H")]
    state = build(3, hands=["9C", "3S 4S"], table=table, contracts=[4, 2, 6])
    state.apply(Discard(card_in(state, 0, "9C")))
    assert state.contracts == [5, 3, 6]
    record = state.history[-1]
    assert record.contracts_before == (4, 2, 6) and record.contracts_after == (5, 3, 6)
    assert record.laid_down == (True, True, False)


def test_going_out_on_the_final_contract_wins():
    options = Options(final_contract=3)
    state = build(2, hands=["9C"], table=[(0, "5C 5D 5H")], contracts=[3, 3], options=options)
    state.apply(Discard(card_in(state, 0, "9C")))
    assert state.is_over and state.winners == [0] and state.contracts == [3, 3]


def test_laying_down_the_final_contract_without_going_out_stays_on_it():
    options = Options(final_contract=3)
    table = [(0, "5C 5D 5H"), (1, "8C 8D 8H")]
    state = build(2, hands=["9C", "3S 4S"], table=table, contracts=[2, 3], options=options)
    state.apply(Discard(card_in(state, 0, "9C")))
    assert not state.is_over and state.contracts == [3, 3] and state.phase == "round_over"


def test_final_contract_wins_option_lowest_penalty():
    options = Options(final_contract=3, final_contract_wins=True)
    table = [(0, "5C 5D 5H"), (1, "8C 8D 8H"), (2, "10C 10D 10H")]
    state = build(3, hands=["9C", "3S 4S", "KS QS"], table=table, contracts=[2, 3, 3], options=options)
    state.apply(Discard(card_in(state, 0, "9C")))
    assert state.is_over and state.winners == [1]
    assert state.history[-1].penalties == (0, 10, 20)


def test_final_contract_wins_ties_go_to_the_lowest_score_then_shared():
    options = Options(final_contract=3, final_contract_wins=True)
    table = [(0, "5C 5D 5H"), (1, "8C 8D 8H"), (2, "10C 10D 10H")]
    state = build(
        3, hands=["9C", "3S 4S", "KS"], table=table, contracts=[2, 3, 3], options=options, scores=[0, 30, 20]
    )
    state.apply(Discard(card_in(state, 0, "9C")))
    assert state.winners == [2]
    state = build(
        3, hands=["9C", "3S 4S", "KS"], table=table, contracts=[2, 3, 3], options=options, scores=[0, 20, 20]
    )
    state.apply(Discard(card_in(state, 0, "9C")))
    assert state.winners == [1, 2]


def test_without_the_option_laying_down_the_final_contract_is_not_enough():
    options = Options(final_contract=3)
    table = [(0, "5C 5D 5H"), (1, "8C 8D 8H")]
    state = build(2, hands=["9C", "3S"], table=table, contracts=[2, 3], options=options)
    state.apply(Discard(card_in(state, 0, "9C")))
    assert not state.is_over


def test_everyone_down_ends_round_option():
    table = [(0, "5C 5D 5H"), (1, "8C 8D 8H")]
    on = build(2, hands=["9C 4D", "3S"], table=table, options=Options(everyone_down_ends_round=True))
    on.apply(Discard(card_in(on, 0, "4D")))
    assert on.phase == "round_over" and on.history[-1].ended == "all_down"
    assert on.history[-1].went_out is None and on.contracts == [2, 2]
    off = build(2, hands=["9C 4D", "3S"], table=table)
    off.apply(Discard(card_in(off, 0, "4D")))
    assert off.phase == "draw" and off.current_player == 1


def test_everyone_down_waits_for_the_discard_of_the_last_lay_down():
    options = Options(everyone_down_ends_round=True)
    hand = "5H 5S 5D 9C 9C JK KD KS 2H"
    state = build(2, hands=[hand, "3S"], table=[(1, "8C 8D 8H")], options=options)
    state.apply(lay_down(state, 0, "5H 5S 5D", "9C 9C JK", "KD KS 2H"))
    assert state.phase == "play"
    state.apply(Discard(state.hand(0)[0]))
    assert state.phase == "round_over" and state.history[-1].ended == "all_down"


def test_score_sheet_over_two_rounds():
    state = build(2, hands=["9C", ""], table=[(0, "5C 5D 5H")])
    p1 = hand_penalty(state.hand(1))
    state.apply(Discard(card_in(state, 0, "9C")))
    state.apply(NextRound())
    assert state.scores == [0, p1] and len(state.history) == 1
    row = state.history[0]
    assert (row.round, row.dealer, row.first, row.went_out) == (1, 1, 0, 0)
    assert row.scores == (0, p1) and row.contracts_after == (2, 1)


def test_scoring_off_keeps_totals_at_zero_but_records_penalties():
    state = build(2, hands=["9C"], table=[(0, "5C 5D 5H")], options=Options(scoring=False))
    state.apply(Discard(card_in(state, 0, "9C")))
    assert state.scores == [0, 0] and state.history[-1].penalties[1] > 0
