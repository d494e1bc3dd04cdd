"""Frustration meld rules: validate_meld, validate_contract, CONTRACTS, hand_penalty."""

from __future__ import annotations

import pytest

from game.engine.frustration import (
    CONTRACTS,
    IllegalMove,
    contract,
    deduce_kind,
    hand_penalty,
    is_wild,
    validate_contract,
    validate_meld,
)
from game.engine.frustration.rules import TableMeld, read_meld
from game.engine.notation import parse
from tests.engine.test_frustration_support import expect


def melds(*texts: str) -> list[list]:
    """Melds in notation; twins across melds are distinct physical cards."""
    cards = parse(" ".join(texts))
    out, i = [], 0
    for text in texts:
        n = len(text.split())
        out.append(cards[i : i + n])
        i += n
    return out


# --------------------------------------------------------------------------------------------
# Single melds


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("5H 6H JK 8H", "run"),
        ("5H 5S JK", "set"),
        ("5S 5D 5D", "set"),  # duplicates from two decks
        ("AH 2H 3H", "run"),  # ace low, the 2 counted as a wild
        ("QH KH AH", "run"),  # ace high
        ("JK KS AS", "run"),
        ("AS JK 3S", "run"),
        ("AH 2H 3H 4H", "run"),
        ("2H 3H 4H", "run"),  # a 2 in its natural place is a wild: 1 wild, 2 naturals
        ("AC JK 3C 4C 5C", "run"),
        ("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "run"),  # 2..A, 13 cards
        ("AD JK 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "run"),  # A..K, 13 cards
        ("9S 9H 9D 9C 9S 2C JK", "set"),
    ],
)
def test_legal_melds(text, kind):
    assert validate_meld(parse(text), kind) is None
    assert deduce_kind(parse(text)) == kind


@pytest.mark.parametrize(
    ("text", "kind", "code"),
    [
        ("KH AH 2H", "run", "run_wraps"),
        ("QH KH AH 2H 3H", "run", "run_wraps"),
        ("KH AH JK", "run", "run_wraps"),
        ("5H JK 2S", "set", "too_many_wilds"),
        ("2H 3H JK", "run", "too_many_wilds"),  # the 2 in its natural place still counts as wild
        ("2H 2S 3H", "run", "too_many_wilds"),
        ("JK 2S 2D", "set", "only_wilds"),
        ("JK 2S 2D", "run", "only_wilds"),
        ("5H 6H", "run", "meld_too_short"),
        ("5H 5S", "set", "meld_too_short"),
        ("5H 5S 6H", "set", "not_a_set"),
        ("5H 6S 7H", "run", "not_a_run"),
        ("5H 5H 6H", "run", "not_a_run"),  # the same card twice is no run
        ("5H 7H 8H", "run", "not_a_run"),
        ("7H 6H 5H", "run", "not_a_run"),  # table order counts
        ("JK AH 3H", "run", "not_a_run"),
        ("AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H", "run", "run_too_long"),
    ],
)
def test_illegal_melds(text, kind, code):
    expect(code, validate_meld, parse(text), kind)


def test_ace_is_high_or_low_never_both():
    assert read_meld(parse("AH 2H 3H"), "run") == (1, "H")
    assert read_meld(parse("QH KH AH"), "run") == (12, "H")
    # 13 cards is the longest run: A..K or 2..A, never A..A
    assert validate_meld(parse("AS JK 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), "run") is None
    expect("run_too_long", validate_meld, parse("AS JK 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"), "run")


def test_min_len_parameter():
    assert validate_meld(parse("5H 6H 7H"), "run", min_len=3) is None
    error = expect("meld_too_short", validate_meld, parse("5H 6H 7H"), "run", min_len=4)
    assert error.params == {"length": 3, "minimum": 4}


def test_wilds_stand_for_the_card_fixed_by_position():
    low, suit = read_meld(parse("5H 6H 7H JK"), "run")
    assert TableMeld(0, "run", tuple(parse("5H 6H 7H JK")), low, suit).stand_ins() == (None, None, None, "8H")
    low, suit = read_meld(parse("JK 5H 6H 7H"), "run")
    assert TableMeld(0, "run", tuple(parse("JK 5H 6H 7H")), low, suit).stand_ins() == ("4H", None, None, None)
    low, suit = read_meld(parse("QS KS JK"), "run")
    assert TableMeld(0, "run", tuple(parse("QS KS JK")), low, suit).stand_ins() == (None, None, "AS")
    low, suit = read_meld(parse("AD 2D 3D"), "run")
    assert TableMeld(0, "run", tuple(parse("AD 2D 3D")), low, suit).stand_ins() == (None, "2D", None)


def test_every_two_and_joker_is_wild():
    assert all(is_wild(c) for c in parse("JK 2S 2H 2D 2C"))
    assert not any(is_wild(c) for c in parse("AS 3H 10D KC"))


def test_deduce_kind_rejects_mixed_cards():
    expect("not_a_meld", deduce_kind, parse("5H 5S 6H"))
    assert deduce_kind(parse("5H JK 5S")) == "set"
    assert deduce_kind(parse("5H JK 7H")) == "run"


# --------------------------------------------------------------------------------------------
# Contracts


def test_contract_table_matches_the_rules():
    assert len(CONTRACTS) == 14
    described = {
        1: "3s3",
        2: "1s3 1r4",
        3: "2s3 1r4",
        4: "2s4",
        5: "2r4",
        6: "4s3",
        7: "1s3 1r7",
        8: "3s4",
        9: "3r4",
        10: "2s5",
        11: "2r5",
        12: "2s4 1r4",
        13: "1s4 2r4",
        14: "1s3 1r9",
    }
    for number, text in described.items():
        parts = []
        for word in text.split():
            count, kind, length = int(word[0]), {"s": "set", "r": "run"}[word[1]], int(word[2:])
            parts += [(kind, length)] * count
        assert sorted(contract(number)) == sorted(parts)
        assert CONTRACTS[number - 1] == contract(number)


VALID = {
    1: ("5H 5S 5D", "9C 9C JK", "KD KS 2H"),
    2: ("5H 5S 5D", "7C 8C 9C 10C"),
    3: ("5H 5S 5D", "5C 5H 2S", "7C 8C JK 10C"),
    4: ("5H 5S 5D 5C", "QH QS JK QD"),
    5: ("AH 2H 3H 4H", "JS QS KS AS"),
    6: ("3H 3S 3D", "4H 4S 4D", "6C 6C JK", "8D 8H 8S"),
    7: ("KH KS KD", "3D 4D 5D 6D JK 8D 9D"),
    8: ("4H 4S 4D 4C", "6H 6S 6D 6C", "9H 9S 2D 9C"),
    9: ("3H 4H 5H 6H", "3H 4H 5H 6H", "10C JC QC KC"),
    10: ("7H 7S 7D 7C 7H", "JH JS JD JK 2H"),
    11: ("5S 6S 7S 8S 9S", "9D 10D JD QD KD"),
    12: ("4H 4S 4D 4C", "6H 6S 6D JK", "9C 10C JC QC"),
    13: ("4H 4S 4D 4C", "5S 6S 7S 8S", "JH QH KH AH"),
    14: ("5H 5S 5D", "3C 4C 5C 6C 7C 8C 9C 10C JC"),
}

INVALID = {
    1: (("5H 5S 5D", "9C 9C JK"), "wrong_contract"),  # a set missing
    2: (("5H 5S 5D", "7C 8C 9C"), "wrong_contract"),  # run too short
    3: (("5H 5S 5D", "7C 8C JK 10C", "6C 7D 8H 9S"), "not_a_meld"),
    4: (("5H 5S 5D", "QH QS JK QD"), "wrong_contract"),
    5: (("AH 2H 3H 4H", "5S 5H 5D 5C"), "wrong_contract"),  # a set instead of a run
    6: (("3H 3S 3D", "4H 4S 4D", "6C 6C JK", "8D JK 2S"), "too_many_wilds"),
    7: (("KH KS KD", "3D 4D 5D 6D JK 8D"), "wrong_contract"),
    8: (("4H 4S 4D 4C", "6H 6S 6D 6C", "9H 9S 2D"), "wrong_contract"),
    9: (("3H 4H 5H 6H", "3H 4H 5H 6H", "KC AC 2C 3C"), "run_wraps"),
    10: (("7H 7S 7D 7C 7H", "JH JS JK 2H 2D"), "too_many_wilds"),
    11: (("5S 6S 7S 8S 9S", "9D 10D JD QD KD", "5H 6H 7H 8H 9H"), "wrong_contract"),  # one too many
    12: (("4H 4S 4D 4C", "6H 6S 6D JK", "9C 10C JC"), "wrong_contract"),
    13: (("4H 4S 4D", "5S 6S 7S 8S", "JH QH KH AH"), "wrong_contract"),
    14: (("5H 5S 5D", "3C 4C 5C 6C 7C 8C 9C 10C"), "wrong_contract"),
}


@pytest.mark.parametrize("number", range(1, 15))
def test_each_contract_valid_example(number):
    assert validate_contract(number, melds(*VALID[number])) is None


@pytest.mark.parametrize("number", range(1, 15))
def test_each_contract_invalid_example(number):
    texts, code = INVALID[number]
    expect(code, validate_contract, number, melds(*texts))


@pytest.mark.parametrize("number", range(1, 15))
def test_a_valid_example_is_not_another_contract(number):
    """Each example fulfils only contracts whose parts it matches: contract 1's three sets are
    not contract 4 (two sets of 4), and so on."""
    other = number % 14 + 1
    mine = sorted(contract(number))
    theirs = sorted(contract(other))
    if mine != theirs:
        with pytest.raises(IllegalMove):
            validate_contract(other, melds(*VALID[number]))


def test_contract_melds_may_be_longer_unless_exact():
    longer = melds("5H 5S 5D 5C", "9C 9C JK", "KD KS 2H")
    assert validate_contract(1, longer) is None
    expect("wrong_contract", validate_contract, 1, longer, exact=True)
    assert validate_contract(1, melds(*VALID[1]), exact=True) is None
    run7 = melds("KH KS KD", "3D 4D 5D 6D JK 8D 9D 10D")
    assert validate_contract(7, run7) is None
    expect("wrong_contract", validate_contract, 7, run7, exact=True)


def test_two_sets_may_share_a_rank_and_two_runs_a_suit():
    assert validate_contract(1, melds("5H 5S 5D", "5C 5H JK", "9C 9D 9S")) is None
    assert validate_contract(5, melds("3H 4H 5H 6H", "8H 9H 10H JH")) is None


def test_contract_number_must_exist():
    expect("unknown_contract", validate_contract, 15, melds(*VALID[1]))
    expect("unknown_contract", validate_contract, 0, melds(*VALID[1]))


def test_contract_meld_too_short_reports_the_meld():
    expect("meld_too_short", validate_contract, 1, melds("5H 5S", "9C 9C JK", "KD KS 2H"))


# --------------------------------------------------------------------------------------------
# Penalties


def test_hand_penalty_values():
    assert hand_penalty(parse("3H 9S")) == 10
    assert hand_penalty(parse("10H JS QD KC")) == 40
    assert hand_penalty(parse("AS")) == 15
    assert hand_penalty(parse("2C JK")) == 100
    assert hand_penalty([]) == 0
