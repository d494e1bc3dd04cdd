"""500 Rum rules: melds and values, the turn, credit, going out, the stock, the end of the game,
Rummy! claims. Positions are written in the notation (``parse("AS 2S 3S")``)."""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalMove
from game.engine.events import PublicEvent
from game.engine.notation import parse
from game.engine.pieces import make_cards
from game.engine.rum500 import (
    ClaimRummy,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextRound,
    Options,
    PassClaim,
    PassEmptyStock,
    Rum500State,
    TakeDiscard,
    arrange_meld,
    can_use_card,
    card_points,
    claim_options,
    hand_points,
    lay_off_ends,
    meld_options,
    meld_points,
    new_game,
    validate_meld,
)
from game.engine.rum500.positions import arranged


def card(text: str):
    return parse(text)[0]


def rest(*texts: str) -> str:
    """Every card of the deck not named in ``texts``, in deck order, as notation."""
    used = {c.text for t in texts for c in parse(t)}
    return " ".join(c.text for c in make_cards(1, 0) if c.text not in used)


def refused(state: Rum500State, move, code: str, **params) -> IllegalMove:
    """Apply ``move``, expect ``IllegalMove(code)`` and an untouched state."""
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert info.value.code == code
    for key, value in params.items():
        assert info.value.params[key] == value
    assert state.to_json() == before
    return info.value


# --------------------------------------------------------------------------------------------
# Melds and values


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("AS 2S 3S", "run"),
        ("QH KH AH", "run"),
        ("3D 2D AD", "run"),
        ("AS KS QS", "run"),
        ("5H 6H 7H 8H 9H 10H JH", "run"),
        ("7C 7D 7H", "set"),
        ("KS KH KD KC", "set"),
        ("AS AH AD", "set"),
    ],
)
def test_legal_melds(text, kind):
    assert validate_meld(parse(text)) == kind


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("KH AH 2H", "run_wraps"),
        ("QH KH AH 2H", "run_wraps"),
        ("2H AH KH", "run_wraps"),
        ("AS 2S", "meld_too_short"),
        ("", "meld_too_short"),
        ("5H 6D 7H", "not_a_meld"),
        ("5H 5D 6D", "not_a_meld"),
        ("5H 7H 8H", "not_a_run"),
        ("3H AH 2H", "not_a_run"),
        ("5H 5H 5D", "duplicate_card"),
        ("5H 5S JK", "no_jokers"),
    ],
)
def test_illegal_melds_say_why(text, code):
    with pytest.raises(IllegalMove) as info:
        validate_meld(parse(text))
    assert info.value.code == code


def test_descending_runs_are_shown_ascending():
    kind, ordered = arrange_meld(parse("AS KS QS"))
    assert kind == "run" and [c.text for c in ordered] == ["QS", "KS", "AS"]
    assert [c.text for c in arrange_meld(parse("3D 2D AD"))[1]] == ["AD", "2D", "3D"]


def test_card_and_meld_values():
    assert [card_points(c) for c in parse("AS 2S 9D 10H JC QS KD")] == [15, 2, 9, 10, 10, 10, 10]
    assert card_points(card("AS"), low_ace=True) == 1
    assert meld_points(parse("AH 2H 3H")) == 1 + 2 + 3
    assert meld_points(parse("QH KH AH")) == 10 + 10 + 15
    assert meld_points(parse("3H 2H AH")) == 6
    assert meld_points(parse("AS AH AD")) == 45
    assert hand_points(parse("AS 5D KH")) == 30
    with pytest.raises(IllegalMove):
        meld_points(parse("KH AH 2H"))


def test_meld_options_lists_every_set_and_run():
    options = {" ".join(c.text for c in m) for m in meld_options(parse("AH 2H 3H 4H QH KH 5S 5D 5C 5H"))}
    assert options == {
        "5S 5H 5D",
        "5S 5H 5C",
        "5S 5D 5C",
        "5H 5D 5C",
        "5S 5H 5D 5C",
        "AH 2H 3H",
        "AH 2H 3H 4H",
        "AH 2H 3H 4H 5H",
        "2H 3H 4H",
        "2H 3H 4H 5H",
        "3H 4H 5H",
        "QH KH AH",
    }
    for m in meld_options(parse("AH 2H 3H 4H QH KH 5S 5D 5C 5H")):
        validate_meld(m)


def test_a_whole_suit_reads_with_the_ace_low_or_high_but_never_both():
    suit = parse("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    options = [" ".join(c.text for c in m) for m in meld_options(suit)]
    assert "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS" in options
    assert "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS" in options
    assert not any(o.startswith("AS") and o.endswith("AS") for o in options)


def test_lay_off_ends():
    state = arranged(["9C", "9D"], table=[("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 0), ("7S 7D 7C", 1)])
    run, group = state.table
    assert lay_off_ends(run, card("AH")) == ["low", "high"]
    assert lay_off_ends(run, card("AS")) == []
    assert lay_off_ends(group, card("7H")) == [None]
    assert lay_off_ends(group, card("8H")) == []


def test_can_use_card_follows_chains_to_table_runs():
    table = arranged(["2C", "2D"], table=[("5S 6S 7S", 0)]).table
    assert can_use_card(card("8S"), [], table)
    assert can_use_card(card("10S"), parse("8S 9S"), table)
    assert not can_use_card(card("10S"), parse("9S"), table)
    assert can_use_card(card("2S"), parse("3S 4S"), table)
    assert can_use_card(card("KD"), parse("KH KC"), table)
    assert not can_use_card(card("KD"), parse("KH QD"), table)
    assert can_use_card(card("AD"), parse("KD QD"), table)


# --------------------------------------------------------------------------------------------
# The deal and the turn


def test_the_deal():
    two = new_game(2, seed=3)
    assert [len(two.hand(s)) for s in range(2)] == [13, 13]
    assert two.stock_count == 52 - 26 - 1 and len(two.discard) == 1
    four = new_game(4, seed=3)
    assert four.decks == 1 and four.stock_count == 52 - 28 - 1
    six = new_game(6, seed=3)
    assert [len(six.hand(s)) for s in range(6)] == [7] * 6 and six.stock_count == 104 - 42 - 1
    assert six.current_player == 0 and six.dealer == 5 and six.phase == "draw"
    with pytest.raises(ValueError):
        new_game(7)
    with pytest.raises(ValueError):
        new_game(1)


def test_taking_the_third_card_from_the_top_and_having_to_use_it():
    state = arranged(["5S 5D 9C 2H", "KC QC JC 3D"], discard="2C 9D 5H 7S KD")
    assert TakeDiscard(2) in state.legal_moves()
    assert TakeDiscard(4) not in state.legal_moves()  # KD could not be used
    state.apply(TakeDiscard(2))
    assert [c.text for c in state.hand(0)] == ["5S", "5D", "9C", "2H", "5H", "7S", "KD"]
    assert [c.text for c in state.discard] == ["2C", "9D"]
    assert state.must_use == card("5H") and state.phase == "play"
    assert state.legal_moves() == [Meld(tuple(parse("5S 5H 5D")))]
    refused(state, Discard(card("9C")), "must_use_card", card="5H")
    refused(state, Discard(card("5H")), "must_use_card", card="5H")
    state.apply(Meld(tuple(parse("5S 5D 5H"))))
    assert state.must_use is None
    assert Discard(card("KD")) in state.legal_moves()
    state.apply(Discard(card("KD")))
    assert state.current_player == 1 and state.phase == "draw"
    assert state.log[0] == PublicEvent(
        0,
        0,
        "draw",
        ("5H", "7S", "KD"),
        source="discard",
        target="hand",
        count=3,
        detail=(("must_use", "5H"), ("depth", 2)),
    )


def test_even_the_top_card_must_be_used():
    state = arranged(["5S 5D 9C", "KC QC JC"], discard="2C 5H")
    state.apply(TakeDiscard(1))
    assert state.must_use == card("5H")
    refused(state, Discard(card("9C")), "must_use_card", card="5H")


def test_a_card_that_cannot_be_used_cannot_be_taken():
    state = arranged(["5S 5D 9C", "KC QC JC"], discard="2C 9D 7H")
    refused(state, TakeDiscard(1), "cannot_use_card", card="9D")
    refused(state, TakeDiscard(5), "bad_discard_index", index=5)
    refused(state, TakeDiscard(-1), "bad_discard_index")


def test_the_cards_taken_above_count_for_using_the_deepest():
    state = arranged(["2C 9C", "KC QC JC"], discard="4D 8H 9H 10H")
    assert TakeDiscard(1) in state.legal_moves()
    state.apply(TakeDiscard(1))
    state.apply(Meld(tuple(parse("8H 9H 10H"))))
    assert state.must_use is None


def test_a_play_that_would_strand_the_card_to_use_is_refused():
    state = arranged(["5S 5D 6S 7S 2C", "KC QC JC"], discard="9D 5H")
    state.apply(TakeDiscard(1))
    stranding = Meld(tuple(parse("5S 6S 7S")))
    assert stranding not in state.legal_moves()
    refused(state, stranding, "would_strand_card", card="5H")


def test_phases_refuse_out_of_turn_moves():
    state = arranged(["5S 5D 5C 2C", "KC QC JC"], discard="9D")
    refused(state, Discard(card("2C")), "must_draw_first")
    refused(state, Meld(tuple(parse("5S 5D 5C"))), "must_draw_first")
    refused(state, NextRound(), "round_not_over")
    refused(state, PassClaim(), "no_claim_window")
    refused(state, PassEmptyStock(), "stock_not_empty")
    state.apply(DrawStock())
    refused(state, DrawStock(), "already_drawn")
    refused(state, TakeDiscard(0), "already_drawn")
    refused(state, Discard(card("KC")), "card_not_in_hand", card="KC")
    refused(state, Meld(tuple(parse("KC QC JC"))), "card_not_in_hand")
    five = card("5S")
    refused(state, Meld((five, five, card("5D"))), "duplicate_card", card="5S")
    refused(state, Meld(tuple(parse("5S 5S 5D"))), "card_not_in_hand", card="5S")  # a second 5S


def test_unknown_moves_are_refused():
    state = new_game(2)

    class Strange(DrawStock):
        kind = "strange"

    refused(state, Strange(), "unknown_move")


# --------------------------------------------------------------------------------------------
# Credit and scoring


def play_to_meld(state: Rum500State, meld: str) -> None:
    state.apply(DrawStock())
    state.apply(Meld(tuple(parse(meld))))


def test_ace_low_counts_1_and_ace_high_15():
    state = arranged(["AH 2H 3H QS KS AS 4C", "9D 8D"], stock="5C 6C", discard="10C")
    state.apply(DrawStock())
    state.apply(Meld(tuple(parse("AH 2H 3H"))))
    state.apply(Meld(tuple(parse("AS KS QS"))))
    assert [m.card_points() for m in state.table] == [(1, 2, 3), (10, 10, 15)]
    assert [c.text for c in state.table[1].cards] == ["QS", "KS", "AS"]
    assert state.table_points() == (6 + 35, 0)


def test_laying_off_on_an_opponents_meld_credits_the_player_who_laid_it():
    state = arranged(["8S 4S AD 9C", "KH 7H"], table=[("5S 6S 7S", 1), ("2D 3D 4D", 1)])
    state.apply(DrawStock())
    state.apply(LayOff(card("8S"), 0, "high"))
    state.apply(LayOff(card("AD"), 1))
    assert state.table[0].owners == (1, 1, 1, 0)
    assert state.table[1].owners == (0, 1, 1, 1)
    assert state.table[1].card_points() == (1, 2, 3, 4)
    assert state.table_points() == (8 + 1, 18 + 9)
    assert state.log[-1] == PublicEvent(
        len(state.log) - 1,
        0,
        "lay_off",
        ("AD",),
        (1,),
        "hand",
        "table",
        "low",
        1,
        (("owner", 1), ("shape", "run"), ("face", "D")),
    )


def test_lay_off_refusals():
    state = arranged(
        ["AH 9C 8S 5C", "KC 6C"], table=[("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 1), ("7S 7D 7C", 1)]
    )
    state.apply(DrawStock())
    refused(state, LayOff(card("AH"), 0), "ambiguous_end", card="AH", meld=0)
    refused(state, LayOff(card("AH"), 2, "low"), "no_such_meld", meld=2)
    refused(state, LayOff(card("AH"), 0, "middle"), "bad_end", end="middle")
    refused(state, LayOff(card("9C"), 1, "low"), "bad_end", end="low")
    refused(state, LayOff(card("9C"), 1), "cannot_lay_off", card="9C", meld=1)
    refused(state, LayOff(card("8S"), 0, "high"), "cannot_lay_off")
    state.apply(LayOff(card("AH"), 0, "high"))
    assert state.table[0].card_points()[-1] == 15


def test_ace_laid_off_below_two_counts_1_and_above_king_15():
    for end, value in (("low", 1), ("high", 15)):
        state = arranged(["AH 9C 5C", "KC 7C"], table=[("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 1)])
        state.apply(DrawStock())
        state.apply(LayOff(card("AH"), 0, end))
        assert state.table_points()[0] == value


def test_going_out_by_melding_the_last_card():
    state = arranged(["4C 4D", "KH 9H"], stock="4S 2C", table=[("10S JS QS", 1)])
    state.apply(DrawStock())
    events = state.apply(Meld(tuple(parse("4C 4D 4S"))))
    assert state.phase == "round_over" and state.current_player is not None
    entry = state.history[-1]
    assert entry["ended"] == "went_out" and entry["went_out"] == 0
    assert entry["table_points"] == (12, 30)
    assert entry["hand_points"] == (0, 19)
    assert entry["scores"] == (12, 11)
    assert state.totals == (12, 11)
    assert [e.kind for e in events] == ["meld", "round_over"]
    assert state.legal_moves() == [NextRound()]


def test_going_out_by_discarding_the_last_card():
    state = arranged(["3C 3D 3S", "KH 9H"], stock="KS 2C")
    state.apply(DrawStock())
    state.apply(Meld(tuple(parse("3C 3D 3S"))))
    assert state.phase == "play"
    state.apply(Discard(card("KS")))
    assert state.phase == "round_over"
    assert state.history[-1]["scores"] == (9, -19)
    assert state.discard[-1] == card("KS")


def test_next_round_rotates_the_deal():
    state = arranged(["3C 3D 3S", "KH 9H", "2D 2S"], stock="KS 2C", turn=0)
    state.apply(DrawStock())
    state.apply(Meld(tuple(parse("3C 3D 3S"))))
    state.apply(Discard(card("KS")))
    dealer = state.dealer
    refused(state, DrawStock(), "round_is_over")
    state.apply(NextRound())
    assert state.round_number == 2 and state.dealer == (dealer + 1) % 3
    assert state.current_player == (state.dealer + 1) % 3 and state.phase == "draw"
    assert [len(state.hand(s)) for s in range(3)] == [7, 7, 7] and state.table == ()
    assert state.log == (PublicEvent(0, state.dealer, "deal", (state.discard[0].text,), target="discard"),)


# --------------------------------------------------------------------------------------------
# The stock runs out


def test_the_hand_ends_when_the_stock_is_empty_and_the_player_passes():
    hands = ["9C 2H 4S", "KC QD 7S"]
    state = arranged(hands, stock="", discard=rest(*hands))
    assert DrawStock() not in state.legal_moves() and PassEmptyStock() in state.legal_moves()
    refused(state, DrawStock(), "stock_empty")
    state.apply(PassEmptyStock())
    entry = state.history[-1]
    assert entry["ended"] == "stock_empty" and entry["went_out"] is None
    assert entry["scores"] == (-(9 + 2 + 4), -(10 + 10 + 7))


def test_with_the_stock_empty_the_player_may_still_take_from_the_pile():
    hands = ["9C 9D 4S", "KC QD 7S"]
    pile = rest(*hands).replace("9H ", "") + " 9H"
    state = arranged(hands, stock="", discard=pile)
    top = len(state.discard) - 1
    assert TakeDiscard(top) in state.legal_moves()
    state.apply(TakeDiscard(top))
    state.apply(Meld(tuple(parse("9C 9D 9H"))))
    state.apply(Discard(card("4S")))
    assert state.phase == "round_over" and state.history[-1]["went_out"] == 0


def test_reuse_discards_turns_the_pile_over_as_the_new_stock():
    hands = ["9C 2H 4S", "KC QD 7S"]
    pile = parse(rest(*hands))
    state = arranged(hands, stock="", discard=pile, options=Options(reuse_discards=True))
    events = state.apply(PassEmptyStock())
    assert [e.kind for e in events] == ["stock_renewed", "draw_stock"]
    assert state.phase == "play"
    assert state.hand(0)[-1] == pile[0]  # the oldest discard is the top of the new stock
    assert state.discard == (pile[-1],)
    assert state.stock_count == len(pile) - 2
    state.apply(Discard(card("9C")))
    state.apply(DrawStock())
    assert state.hand(1)[-1] == pile[1]


def test_reuse_discards_with_nothing_to_turn_over_ends_the_hand():
    suits = ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"]
    suits += ["AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"]
    state = arranged(
        ["KS KH", "KD KC"],
        discard="JC QC",
        table=[(m, 1) for m in suits],
        options=Options(reuse_discards=True),
    )
    assert state.stock_count == 0
    state.apply(TakeDiscard(0))
    state.apply(LayOff(card("JC"), 3))
    state.apply(LayOff(card("QC"), 3))
    state.apply(Discard(card("KS")))
    assert state.discard == (card("KS"),)
    events = state.apply(PassEmptyStock())  # one card in the pile: nothing to turn over
    assert [e.kind for e in events] == ["pass_empty_stock", "round_over"]
    assert state.phase == "round_over" and state.history[-1]["ended"] == "stock_empty"


# --------------------------------------------------------------------------------------------
# The end of the game


def finish_hand(totals, target=500, players=2):
    """Seat 0 goes out by melding 4C 4D 4S; seat 0 has KS KH KD (30) on the table, seat 1
    10C JC QC (30) and 2D in hand (-2): seat 0 scores 42, seat 1 28, seat 2 (if any) -3."""
    hands = ["4C 4D", "2D", "3H"][:players]
    state = arranged(
        hands,
        stock="4S 9S",
        table=[("KS KH KD", 0), ("10C JC QC", 1)],
        totals=totals,
        options=Options(target=target),
    )
    state.apply(DrawStock())
    state.apply(Meld(tuple(parse("4C 4D 4S"))))
    return state


def test_first_to_the_target_wins():
    state = finish_hand([470, 100])
    assert state.totals == (512, 128)
    assert state.is_over and state.winners == [0] and state.current_player is None
    assert state.phase == "game_over" and state.legal_moves() == []
    assert state.settlement == [{"payer": 1, "payee": 0, "amount": 384}]
    refused(state, NextRound(), "game_is_over")


def test_two_players_passing_the_target_together_the_highest_wins():
    state = finish_hand([460, 490])
    assert state.totals == (502, 518)
    assert state.winners == [1]
    assert state.settlement == [{"payer": 0, "payee": 1, "amount": 16}]


def test_a_tie_for_the_highest_total_plays_another_hand():
    state = finish_hand([476, 490])
    assert state.totals == (518, 518)
    assert not state.is_over and state.phase == "round_over" and state.winners == []
    hand = state.round_number
    state.apply(NextRound())
    assert state.round_number == hand + 1 and state.phase == "draw"


def test_the_settlement_with_three_players():
    state = finish_hand([470, 300, -20], players=3)
    assert state.totals == (512, 328, -23)
    assert state.settlement == [
        {"payer": 1, "payee": 0, "amount": 184},
        {"payer": 2, "payee": 0, "amount": 535},
    ]


def test_a_smaller_target():
    assert finish_hand([0, 0], target=40).winners == [0]
    assert not finish_hand([0, 0], target=50).is_over


# --------------------------------------------------------------------------------------------
# Rummy! claims

CLAIMS = Options(rummy_claims=True)


def test_a_discard_that_fits_the_table_opens_a_claim_window():
    state = arranged(
        ["8S 2C 9D", "KH 4D", "QD 6C"], stock="3H", discard="10D", table=[("5S 6S 7S", 2)], options=CLAIMS
    )
    state.apply(DrawStock())
    events = state.apply(Discard(card("8S")))
    assert events[-1].kind == "claim_window" and events[-1].data == {"card": "8S", "discarder": 0}
    assert state.phase == "claim" and state.current_player == 1 and state.claim_queue == (1, 2)
    view = state.view(2)
    assert view.claim_card == card("8S") and view.claim_from == 0 and view.legal_moves() == []
    assert state.legal_moves() == [ClaimRummy(meld=0, end="high"), PassClaim()]
    refused(state, DrawStock(), "claim_window_open")
    refused(state, Discard(card("KH")), "claim_window_open")
    refused(state, ClaimRummy(), "bad_claim")
    refused(state, ClaimRummy(cards=tuple(parse("8S KH 4D")), meld=0), "bad_claim")
    refused(state, ClaimRummy(meld=0, end="low"), "cannot_lay_off")
    state.apply(PassClaim())
    assert state.current_player == 2
    state.apply(ClaimRummy(meld=0))
    assert state.table[0].owners == (2, 2, 2, 2) and state.table[0].cards[-1] == card("8S")
    assert state.discard == (card("10D"),)
    assert state.phase == "draw" and state.current_player == 1
    claim = state.log[-1]
    assert (claim.kind, claim.seat, claim.pieces, claim.melds, claim.end) == (
        "claim",
        2,
        ("8S",),
        (0,),
        "high",
    )


def test_a_claim_with_a_meld_from_the_claimers_hand():
    state = arranged(["9H 2C 5D", "KH 4D", "9D 9C 3S"], stock="6H", options=CLAIMS)
    assert claim_options(state.hand(1), state.table, card("9H")) == []
    state.apply(DrawStock())
    state.apply(Discard(card("9H")))
    assert state.claim_queue == (2,)
    refused(state, ClaimRummy(cards=tuple(parse("9D 9C 9S"))), "claim_without_card", card="9H")
    refused(state, ClaimRummy(cards=tuple(parse("9D 9H 2C"))), "card_not_in_hand", card="2C")
    state.apply(ClaimRummy(cards=tuple(parse("9H 9D 9C"))))
    assert state.table[0].owners == (2, 2, 2)
    assert state.hand(2) == (card("3S"),)
    assert state.current_player == 1 and state.phase == "draw"


def test_every_player_may_pass():
    state = arranged(["9H 2C 5D", "9S 9C 4D", "9D KC 3S"], stock="6H", options=CLAIMS)
    state.apply(DrawStock())
    state.apply(Discard(card("2C")))
    assert state.phase == "draw"  # nobody can use 2C: no window
    state.apply(DrawStock())
    refused(state, PassClaim(), "no_claim_window")


def test_a_claimer_who_empties_their_hand_goes_out():
    state = arranged(["9H 2C 5D", "KC", "9D 9C"], stock="6H", options=CLAIMS)
    state.apply(DrawStock())
    state.apply(Discard(card("9H")))
    state.apply(ClaimRummy(cards=tuple(parse("9D 9C 9H"))))
    assert state.phase == "round_over" and state.history[-1]["went_out"] == 2


def test_without_the_option_there_is_no_window():
    state = arranged(["8S 2C 9D", "KH 4D"], stock="3H", table=[("5S 6S 7S", 1)])
    state.apply(DrawStock())
    state.apply(Discard(card("8S")))
    assert state.phase == "draw" and state.current_player == 1


def test_no_window_after_going_out_by_discarding():
    state = arranged(["3C 3D 3S", "KH 9H"], stock="8S", table=[("5S 6S 7S", 1)], options=CLAIMS)
    state.apply(DrawStock())
    state.apply(Meld(tuple(parse("3C 3D 3S"))))
    state.apply(Discard(card("8S")))
    assert state.phase == "round_over"


def test_error_params_for_short_melds_and_an_empty_pile():
    with pytest.raises(IllegalMove) as info:
        validate_meld(parse("AS 2S"))
    assert info.value.params == {"length": 2, "minimum": 3}
    state = arranged(["5S 5D 9C", "KC QC JC"])
    assert state.discard == () and state.legal_moves() == [DrawStock()]
    refused(state, TakeDiscard(0), "discard_empty")


def test_a_view_of_another_seat_says_it_is_not_its_turn():
    state = arranged(["5S 5D 9C", "KC QC JC"], discard="9D")
    before = state.to_json()
    assert state.view(1).why_not(DrawStock()).code == "not_your_turn" and state.to_json() == before
    assert state.view(0).why_not(DrawStock()) is None
    state.apply(DrawStock())
    assert state.phase == "play" and len(state.hand(0)) == 4 and state.num_players == 2
