"""500 Rum with five or six players: two decks shuffled together (shared/RULES.md section 2).

Each test quotes the sentence of RULES.md it checks. With two decks two identical cards exist
(twins, told apart by their copy: ``5D#0`` and ``5D#1``); with one deck nothing changes.
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from game.engine.errors import IllegalMove, InvariantError
from game.engine.notation import parse
from game.engine.pieces import Card, make_cards
from game.engine.rum500 import (
    ERROR_CODES,
    ClaimRummy,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Options,
    PassClaim,
    TableMeld,
    TakeDiscard,
    arrange_meld,
    can_use_card,
    claim_options,
    decks_for,
    lay_off_ends,
    max_set,
    meld_options,
    new_game,
    validate_meld,
)
from game.engine.rum500.positions import arranged


def cards(text: str) -> tuple[Card, ...]:
    """Cards from the notation; a face written twice is its twin (copy 1)."""
    return tuple(parse(text))


def twin(text: str) -> Card:
    """The second copy of a card (it exists only in a two-deck game)."""
    c = parse(text)[0]
    return Card(c.rank, c.suit, 1)


def table_set(text: str, decks: int) -> TableMeld:
    kind, ordered = arrange_meld(cards(text), decks)
    return TableMeld(kind, ordered, (0,) * len(ordered), decks)


def five_hands(*hands: str) -> list[str]:
    """Five hands: those given, then small filler hands of cards no test uses."""
    filler = ["JS JH 3C", "QS 4D 10D", "KS 2D 8S", "AS 6H QD"]
    return [*hands, *filler[: 5 - len(hands)]]


# ---- the cards ------------------------------------------------------------------------------


@pytest.mark.parametrize("players,decks", [(2, 1), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_five_or_six_players_play_with_two_decks(players, decks):
    """ "one 52-card deck for 2 to 4 players, two decks shuffled together (104 cards) for 5 or
    6"."""
    state = new_game(players, seed=players)
    assert decks_for(players) == decks and state.decks == decks and state.view(0).decks == decks
    saved = state.to_json()
    everything = [*saved["stock"], *saved["discard"], *(c for h in saved["hands"] for c in h)]
    assert sorted(everything) == sorted(c.ident for c in make_cards(decks, 0))
    assert len(everything) == 52 * decks


def test_six_players_leave_a_stock_of_sixty_one_cards():
    """ "Deal 7 cards each": with two decks six players leave 104 - 42 - 1 = 61 cards in the
    stock (one deck left only 9)."""
    assert new_game(6, seed=1).stock_count == 61
    assert new_game(4, seed=1).stock_count == 52 - 28 - 1


# ---- sets -------------------------------------------------------------------------------------


def test_with_two_decks_a_set_is_three_to_eight_cards_of_one_rank_twins_allowed():
    """ "Sets of 3 or 4 cards of one rank (with two decks: 3 to 8 cards of one rank, twins
    allowed)"."""
    assert validate_meld(cards("5S 5S 5H"), decks=2) == "set"
    assert validate_meld(cards("5S 5H 5D 5C 5S"), decks=2) == "set"
    assert validate_meld(cards("5S 5H 5D 5C 5S 5H 5D 5C"), decks=2) == "set"
    assert max_set(2) == 8 and max_set(1) == 4


def test_with_two_decks_a_face_is_never_three_times_in_a_meld():
    """Twins are two cards, one per deck: a third ``5S`` (so a ninth card) does not exist."""
    with pytest.raises(IllegalMove) as exc:
        validate_meld(cards("5S 5H 5D 5C 5S 5H 5D 5C 5S"), decks=2)
    assert exc.value.code == "duplicate_card"
    with pytest.raises(IllegalMove) as exc:
        validate_meld(cards("5S 5S 5S"), decks=2)
    assert exc.value.code == "duplicate_card"


def test_the_same_physical_card_twice_is_never_a_meld():
    five = parse("5S")[0]
    with pytest.raises(IllegalMove) as exc:
        validate_meld([five, five, *parse("5H")], decks=2)
    assert exc.value.code == "duplicate_card"


def test_twins_never_make_a_run():
    """ "runs of 3+ consecutive cards of one suit": ``5H 5H 6H`` holds a rank twice."""
    with pytest.raises(IllegalMove) as exc:
        validate_meld(cards("5H 5H 6H"), decks=2)
    assert exc.value.code == "not_a_run"
    assert validate_meld(cards("4H 5H 6H"), decks=2) == "run"


def test_with_one_deck_twins_are_impossible_and_a_set_of_five_refused():
    """ "Sets of 3 or 4 cards of one rank" with one deck: nothing changes."""
    for text in ("5S 5S 5H", "5S 5H 5D 5C 5S"):
        with pytest.raises(IllegalMove) as exc:
            validate_meld(cards(text))
        assert exc.value.code == "duplicate_card"
    assert validate_meld(cards("5S 5H 5D 5C")) == "set"


def test_meld_options_list_every_two_deck_set_once_by_faces():
    hand = cards("5S 5S 5H 5D 9C")
    two = meld_options(hand, decks=2)
    faces = [tuple(c.text for c in m) for m in two]
    assert faces == [
        ("5S", "5S", "5H"),
        ("5S", "5S", "5D"),
        ("5S", "5H", "5D"),
        ("5S", "5S", "5H", "5D"),
    ]
    one = meld_options(hand)
    assert [tuple(c.text for c in m) for m in one] == [("5S", "5H", "5D")]


def test_meld_options_use_the_preferred_twin():
    hand = cards("7C 7C 7H")
    (meld,) = meld_options(hand, decks=2, prefer=hand[1])
    assert [c.ident for c in meld] == ["7H#0", "7C#1", "7C#0"]
    run_hand = cards("7C 7C 8C 9C")
    assert [c.ident for c in meld_options(run_hand, decks=2)[0]] == ["7C#0", "8C#0", "9C#0"]
    assert [c.ident for c in meld_options(run_hand, decks=2, prefer=run_hand[1])[0]] == [
        "7C#1",
        "8C#0",
        "9C#0",
    ]


# ---- lay-offs ---------------------------------------------------------------------------------


def test_with_two_decks_a_set_takes_a_twin_until_it_has_eight_cards():
    """ "lay off cards on *any* meld on the table" with two-deck sets of up to 8 cards."""
    three = table_set("5S 5H 5D", decks=2)
    assert lay_off_ends(three, twin("5S")) == [None]
    assert lay_off_ends(three, parse("5C")[0]) == [None]
    with_twins = table_set("5S 5S 5H", decks=2)
    assert lay_off_ends(with_twins, parse("5H")[0]) == []  # that 5H is on it already
    assert lay_off_ends(with_twins, twin("5H")) == [None]
    full = table_set("5S 5H 5D 5C 5S 5H 5D 5C", decks=2)
    assert lay_off_ends(full, Card(5, "S", 2)) == []


def test_with_one_deck_a_set_takes_only_a_missing_suit():
    three = table_set("5S 5H 5D", decks=1)
    assert lay_off_ends(three, parse("5C")[0]) == [None]
    assert lay_off_ends(three, twin("5S")) == []
    assert lay_off_ends(table_set("5S 5H 5D 5C", decks=1), twin("5S")) == []


def test_a_card_may_be_used_with_its_twin():
    """The card taken "must be used at once": with two decks its twin and one card of its rank
    make a set; with one deck that takes two other suits."""
    assert can_use_card(twin("9D"), cards("9D 9C 2H"), [], decks=2)
    assert not can_use_card(twin("9D"), cards("9D 2H 4S"), [], decks=2)
    assert not can_use_card(twin("9D"), cards("9D 9C 2H"), [], decks=1)


# ---- the turn with twins ------------------------------------------------------------------------


def test_taking_a_card_and_every_card_above_it_when_its_twin_is_in_the_pile():
    """ "take any card of the discard pile together with every card above it. The deepest card
    taken must be used at once": the deepest card is that physical card, not its twin."""
    state = arranged(five_hands("5S 5H 2C 7D"), discard="5D 9C 5D", stock="KC")
    assert state.decks == 2
    state.apply(TakeDiscard(0))
    assert state.must_use is not None and state.must_use.ident == "5D#0"
    assert sorted(c.ident for c in state.hand(0) if c.text == "5D") == ["5D#0", "5D#1"]
    # The twin melds; the card taken first can still be laid off on that set: legal.
    state.apply(Meld((*parse("5S 5H"), twin("5D"))))
    assert state.must_use.ident == "5D#0"
    with pytest.raises(IllegalMove) as exc:
        state.apply(Discard(parse("7D")[0]))
    assert exc.value.code == "must_use_card"
    state.apply(LayOff(parse("5D")[0], 0))
    assert state.must_use is None and len(state.table[0].cards) == 4
    state.audit()


def test_listed_melds_use_the_card_that_must_be_used_rather_than_its_twin():
    state = arranged(five_hands("5D 5S 9C 2H KC"), discard="7C 5D 8H", stock="QC")
    state.apply(TakeDiscard(1))
    assert state.must_use.ident == "5D#1"
    melds = [m for m in state.legal_moves() if isinstance(m, Meld)]
    assert melds and all(any(c.ident == "5D#1" for c in m.cards) for m in melds if "5D" in map(str, m.cards))
    with pytest.raises(IllegalMove) as exc:
        state.apply(Discard(parse("5D")[0]))
    assert exc.value.code == "must_use_card"


def test_a_rummy_claim_may_meld_the_discard_with_its_twin():
    """ ""Rummy!" (option): "When a player discards a card that could be laid off or melded at
    once, any other player may claim it"; with two decks, with its twin."""
    state = arranged(five_hands("7H 2C 9S", "7H 7S KD 4C"), stock="3D", options=Options(rummy_claims=True))
    state.apply(DrawStock())
    state.apply(Discard(parse("7H")[0]))
    assert state.phase == "claim" and state.current_player == 1
    claims = claim_options(state.hand(1), state.table, state.discard[-1], decks=2)
    assert [[c.ident for c in m.cards] for m in claims] == [["7S#0", "7H#0", "7H#1"]]
    state.apply(claims[0])
    assert state.table[0].owners == (1, 1, 1) and [c.ident for c in state.hand(1)] == ["KD#0", "4C#0"]
    state.audit()


def test_with_one_deck_there_is_no_twin_to_claim_with():
    state = arranged(["7H 2C 9S", "7D 7S KD 4C"], stock="3D", options=Options(rummy_claims=True))
    state.apply(DrawStock())
    state.apply(Discard(parse("7H")[0]))
    assert state.phase == "claim"
    assert claim_options(state.hand(1), state.table, state.discard[-1]) == [
        ClaimRummy(cards=cards("7S 7H 7D"))
    ]
    state.apply(PassClaim())
    assert state.phase == "draw"


def test_a_set_of_twins_is_laid_and_grows_to_eight_cards():
    hands = five_hands("9S 9S 9H 9H 9D 9D 9C 9C 2C", "KC KH")
    state = arranged(hands, stock="4S")
    state.apply(DrawStock())
    state.apply(Meld(cards("9S 9S 9H")))
    for face in ("9H", "9D", "9D", "9C", "9C"):
        copy = next(c for c in state.hand(0) if c.text == face)
        state.apply(LayOff(copy, 0))
    assert len(state.table[0].cards) == 8
    state.audit()


# ---- positions, audit, view -------------------------------------------------------------------


def test_an_arranged_position_numbers_twins_across_the_position():
    state = arranged(five_hands("5D 6C 7H"), discard="5D", table=[("9S 9S 9H", 2)])
    assert [c.ident for c in state.discard] == ["5D#1"]
    assert [c.ident for c in state.table[0].cards] == ["9S#0", "9S#1", "9H#0"]
    with pytest.raises(ValueError):
        arranged(five_hands("5D 6C 7H"), discard="5D 5D")
    with pytest.raises(ValueError):
        arranged(["5D 6C 7H", "5D 2C 3C"])


def test_the_audit_finds_a_card_twice_among_twins():
    state = new_game(6, seed=2)
    state.audit()
    state._hands[0][0] = state._hands[1][0]
    with pytest.raises(InvariantError, match=r"twice|missing"):
        state.audit()


def test_the_whole_pile_and_twin_cards_are_in_the_view():
    state = arranged(five_hands("5S 5H 2C 7D"), discard="5D 9C 5D")
    view = state.view(3)
    assert [c.ident for c in view.discard] == ["5D#0", "9C#0", "5D#1"] and view.decks == 2


def test_every_error_code_is_translated_with_its_parameters():
    """``codes.ERROR_CODES`` lists every refusal; both catalogues translate each one."""
    root = pathlib.Path(__file__).resolve().parents[2]
    for lang in ("en", "fr"):
        catalogue = json.loads((root / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        for code, params in ERROR_CODES.items():
            text = catalogue[f"error.{code}"]
            assert set(re.findall(r"\{(\w+)", text)) <= set(params), (lang, code)
