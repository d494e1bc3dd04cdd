"""The contract and extra-meld finder used by the random bot: whatever it proposes is legal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.frustration.finder import find_contract, find_extra_meld
from game.engine.frustration import deduce_kind, validate_contract, validate_meld
from game.engine.notation import parse
from game.engine.pieces import make_cards
from tests.engine.test_frustration_melds import VALID

DECK = make_cards(2, 4)


def check_found(hand, melds, number, exact=False, keep=1):
    used = [c.ident for m in melds for c in m]
    assert len(used) == len(set(used)) and set(used) <= {c.ident for c in hand}
    assert len(hand) - len(used) >= keep
    validate_contract(number, melds, exact=exact)


@pytest.mark.parametrize("number", range(1, 15))
def test_finds_each_contract(number):
    hand = parse(" ".join(VALID[number]) + " 4C")
    melds = find_contract(hand, number, exact=True)
    assert melds is not None
    check_found(hand, melds, number, exact=True)


def test_nothing_to_find():
    hand = parse("3H 5S 7D 9C JH KS AD 4C 6H 8S 10D QC 3S 5D")
    for number in range(1, 15):
        assert find_contract(hand, number) is None


def test_keeps_a_card():
    hand = parse("5H 5S 5D 9C 9C JK KD KS 2H")
    assert find_contract(hand, 1, keep=1) is None
    assert find_contract(hand, 1, keep=0) is not None


def test_shares_wilds_between_sets():
    # 7 7 7 first would leave 7C with two wilds: the sevens must be split 2 + 2 with a wild each
    hand = parse("7H 7S 7D 7C JK 2S 9D 9S 9H 4C")
    melds = find_contract(hand, 1)
    assert melds is not None
    check_found(hand, melds, 1)
    assert find_contract(parse("7H 7S 7D 7C JK 2S 9D 9S 4C 5C"), 1) is None


@settings(max_examples=150, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=10, max_size=16, unique_by=lambda c: c.ident),
    number=st.integers(1, 14),
)
def test_whatever_is_found_is_legal(cards, number):
    melds = find_contract(cards, number)
    if melds is not None:
        check_found(cards, melds, number)
    meld = find_extra_meld(cards, run_min=4)
    if meld is not None:
        assert len(cards) - len(meld) >= 1
        kind = deduce_kind(meld)
        validate_meld(meld, kind, 4 if kind == "run" else 3)


def test_extra_meld_prefers_the_longest():
    hand = parse("3H 4H 5H 6H 9S 9D 9C 4C")
    meld = find_extra_meld(hand)
    assert [c.text for c in meld] == ["3H", "4H", "5H", "6H"]
    assert find_extra_meld(parse("3H 9S 4C")) is None
