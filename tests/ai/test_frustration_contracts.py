"""The contract finder of the Frustration bots: distance, outs and lay-downs on concrete hands,
and properties on random ones (every lay-down it proposes is one the engine accepts)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.frustration.contracts import (
    FACES,
    WILD,
    Counts,
    best_lay_down,
    counts_distance,
    distance,
    face_of,
    lay_downs,
    useful_faces,
    within,
)
from game.ai.frustration.finder import find_contract
from game.engine.frustration import CONTRACTS, Options, validate_contract
from game.engine.notation import parse
from game.engine.pieces import make_cards

DECK = make_cards(2, 4)


def useful_faces_exact(counts: Counts, number: int) -> frozenset[int]:
    """``useful_faces`` by brute force (one search per face): the faces whose card brings the
    hand one card closer to the contract."""
    d = counts_distance(counts, number)
    if d == 0:
        return frozenset()
    out = set()
    for face in (*FACES, WILD):
        counts.add(face)
        if within(counts, number, d - 1):
            out.add(face)
        counts.add(face, -1)
    return frozenset(out)


NATURAL = {
    1: ("5H 5S 5D", "9C 9S 9D", "KD KS KH"),
    2: ("5H 5S 5D", "7C 8C 9C 10C"),
    3: ("5H 5S 5D", "QC QH QD", "7C 8C 9C 10C"),
    4: ("5H 5S 5D 5C", "QH QS QD QC"),
    5: ("3H 4H 5H 6H", "JS QS KS AS"),
    6: ("3H 3S 3D", "4H 4S 4D", "6C 6C 6D", "8D 8H 8S"),
    7: ("KH KS KD", "3D 4D 5D 6D 7D 8D 9D"),
    8: ("4H 4S 4D 4C", "6H 6S 6D 6C", "9H 9S 9D 9C"),
    9: ("3H 4H 5H 6H", "3H 4H 5H 6H", "10C JC QC KC"),
    10: ("7H 7S 7D 7C 7H", "JH JS JD JC JS"),
    11: ("5S 6S 7S 8S 9S", "9D 10D JD QD KD"),
    12: ("4H 4S 4D 4C", "6H 6S 6D 6C", "9C 10C JC QC"),
    13: ("4H 4S 4D 4C", "5S 6S 7S 8S", "JH QH KH AH"),
    14: ("5H 5S 5D", "3C 4C 5C 6C 7C 8C 9C 10C JC"),
}
"""Each contract made of natural cards only, every meld at its asked length."""

WITH_WILDS = {
    1: ("5H 5S JK", "9C 9S 2D", "KD KS 2H"),
    2: ("5H 5S 2C", "7C JK 9C 2S"),
    3: ("5H 5S JK", "QC QH 2D", "7C 2H 9C JK"),
    4: ("5H 5S 2D JK", "QH QS QD 2C"),
    5: ("AH 2H 3H 4H", "JS JK KS AS"),
    6: ("3H 3S JK", "4H 4S 2D", "6C 6C 2S", "8D 8H 8S"),
    7: ("KH KS 2D", "3D JK 5D 2H 7D 8D 2C"),
    8: ("4H 4S 2D JK", "6H 6S 6D 2C", "9H 9S 9D 9C"),
    9: ("3H 4H JK 6H", "3H 2S 5H 6H", "10C JC 2D KC"),
    10: ("7H 7S 7D JK 2H", "JH JS JD 2C JS"),
    11: ("5S 6S JK 8S 2D", "9D 10D JD QD KD"),
    12: ("4H 4S 2D JK", "6H 6S 6D 2C", "9C JK JC QC"),
    13: ("4H 4S 4D 2C", "5S 6S JK 8S", "JH QH 2H AH"),
    14: ("5H 5S JK", "3C 4C 2D 6C 7C 2S 9C 10C JC"),
}
"""Each contract with wilds, several melds at the limit wilds == naturals."""

JUNK = "AD"
"""One card that helps no meld above: the card kept to discard."""


def hand_of(*texts: str) -> list:
    return parse(" ".join(texts))


def check_lay_down(hand, melds, number, exact=False, keep=1):
    """The lay-down is legal for the engine and made of distinct cards of ``hand``."""
    used = [c.ident for m in melds for c in m]
    assert len(used) == len(set(used))
    assert set(used) <= {c.ident for c in hand}
    assert len(hand) - len(used) >= keep
    validate_contract(number, melds, exact=exact)


@pytest.mark.parametrize("table", [NATURAL, WITH_WILDS], ids=["natural", "wilds"])
@pytest.mark.parametrize("number", range(1, 15))
def test_every_contract_can_be_laid(table, number):
    hand = hand_of(*table[number], JUNK)
    assert distance(hand, number) == 0
    melds = best_lay_down(hand, number)
    assert melds is not None
    check_lay_down(hand, melds, number)
    assert len(melds) == len(CONTRACTS[number - 1])


@pytest.mark.parametrize("number", range(1, 15))
def test_one_card_short(number):
    melds = list(NATURAL[number])
    first = melds[0].split()
    missing = first.pop()
    melds[0] = " ".join(first)
    hand = hand_of(*melds, JUNK, "8S" if number in (7, 9) else "KC")
    counts = Counts.of(hand)
    assert counts_distance(counts, number) == 1
    assert best_lay_down(hand, number) is None
    outs = useful_faces(counts, number)
    assert face_of(parse(missing)[0]) in outs
    assert WILD in outs  # a wild stands in for the missing card
    assert counts.size == len(hand)  # the search gave the counts back unchanged


def test_far_hand_counts_every_missing_card():
    hand = hand_of("3H 5S 7D 9C JH KS AD 4C 6H 8S 10D QC")
    assert distance(hand, 1) == 6  # three sets of singles: two cards short each
    assert distance(hand_of("3H 5S 7D 9C JH KS AD 4C 6H 8S 10D QC 3S"), 1) == 5
    assert distance(hand, 9) == 6  # 3H..6H, 5S..8S, 7D..10D: two cards short each
    assert distance(hand, 1) == distance(hand, 1, Options())


def test_the_ratio_rule_forbids_the_only_set():
    # the third set could only be 5H with two wilds: one natural too few
    hand = hand_of("5H JK 2D 9C 9S 9D KD KS KH 3C 7S 10D QH JC")
    assert distance(hand, 1) == 1
    assert best_lay_down(hand, 1) is None
    assert face_of(parse("5C")[0]) in useful_faces(Counts.of(hand), 1)


def test_the_ratio_rule_forbids_the_only_run():
    # the second run could only be one lone natural with three wilds
    hand = hand_of("3H 4H 5H 6H JS JK 2D 2C 8D KC 4S AD QH")
    assert distance(hand, 5) == 1
    assert best_lay_down(hand, 5) is None
    outs = useful_faces(Counts.of(hand), 5)
    assert face_of(parse("QS")[0]) in outs and face_of(parse("10S")[0]) in outs


def test_wilds_alone_are_never_a_meld():
    hand = hand_of("JK JK 2D 2C 2S 2H 5H 5S 5D 9C 3D 7S 10D QH")
    assert distance(hand, 1) == 2  # six wilds, yet each other set needs a second natural
    for melds in lay_downs(hand + hand_of("9S"), 1):
        for meld in melds:
            assert any(c.rank not in (0, 2) for c in meld)


def test_ace_high_run():
    hand = hand_of("5S 5D 5C JH QH KH AH 3D 7S 9C 10D 4C 6D QS")
    melds = best_lay_down(hand, 2)
    assert melds is not None
    run = next(m for m in melds if len(m) == 4)
    assert [c.text for c in run] == ["JH", "QH", "KH", "AH"]


def test_ace_low_run_with_a_two_as_wild():
    hand = hand_of("5S 5D 5C AH 2C 3H 4H 9D 7S JC 10D KC 6D QS")
    melds = best_lay_down(hand, 2)
    assert melds is not None
    check_lay_down(hand, melds, 2)
    run = next(m for m in melds if len(m) == 4)
    assert [c.text for c in run] == ["AH", "2C", "3H", "4H"]


def test_runs_never_wrap_round_the_ace():
    # K A . 3 4: no natural 2 exists (2s are wild) and K-A-2-3 would wrap
    hand = hand_of("5S 5D 5C KH AH 3H 4H 9D 7S JC 10D KC 6D QS")
    assert distance(hand, 2) == 1
    outs = useful_faces(Counts.of(hand), 2)
    assert outs == {WILD}  # AH W 3H 4H; a 5H would still leave 3H 4H 5H one short
    # what the finder lays once a wild comes is ace low, never K A 2 3
    melds = best_lay_down(hand + hand_of("JK"), 2)
    assert melds is not None
    run = next(m for m in melds if len(m) == 4)
    assert [c.text for c in run] == ["AH", "JK", "3H", "4H"]


def test_twins_from_two_decks_make_two_runs():
    hand = hand_of("3H 4H 5H 6H 3H 4H 5H 6H 10C JC QC KC 9D")
    melds = best_lay_down(hand, 9)
    assert melds is not None
    check_lay_down(hand, melds, 9)
    hearts = [m for m in melds if m[0].suit == "H"]
    assert len(hearts) == 2
    assert {c.ident for c in hearts[0]}.isdisjoint({c.ident for c in hearts[1]})


def test_twins_in_one_set():
    hand = hand_of("7H 7H 7S 7D 7C JH JS JD JC JS 4D")
    melds = best_lay_down(hand, 10)
    assert melds is not None
    check_lay_down(hand, melds, 10)
    assert sorted(len(m) for m in melds) == [5, 5]


def test_two_sets_of_one_rank_share_the_naturals_and_wilds():
    # seven 7s cannot make 3 + 3 + (3 from 1 natural): two sets of 7s take a wild each
    hand = hand_of("7H 7S 7D 7C JK 2S 9D 9S 9H 4C")
    melds = best_lay_down(hand, 1)
    assert melds is not None
    check_lay_down(hand, melds, 1)
    assert distance(hand_of("7H 7S 7D 7C JK 2S 9D 9S 4C 5C"), 1) == 1


def test_a_run_can_leave_a_natural_to_a_set():
    # 8H 9H 10H JH takes the 9H a set of 9s needs: 8H JK 10H JH + 9S 9H JK
    hand = hand_of("8H 9H 10H JH 9S JK JK 3C 5D 7S KC QD 4D")
    assert find_contract(hand, 2) is None  # the simple finder only tries runs first
    melds = best_lay_down(hand, 2)
    assert melds is not None
    check_lay_down(hand, melds, 2)


def test_exact_lengths_when_the_option_asks():
    hand = hand_of("5H 5S 5D 5C 6C 7C 8C 9C 10C KD QS 3H")
    melds = best_lay_down(hand, 2, Options(exact_contract_length=True))
    assert melds is not None
    check_lay_down(hand, melds, 2, exact=True)


def test_keeps_a_card_to_discard():
    hand = hand_of(*NATURAL[1])
    assert best_lay_down(hand, 1) is None
    assert best_lay_down(hand, 1, keep=0) is not None


def test_prefers_keeping_wilds_in_hand():
    hand = hand_of("5H 5S 5D JK 9C 9S 9D KD KS KH 3C")
    melds = best_lay_down(hand, 1)
    assert melds is not None
    assert all(c.rank != 0 for m in melds for c in m)


def test_a_score_picks_among_the_ways():
    hand = hand_of("5H 5S 5D 9C 9S 9D KD KS KH 7C 7D 7S 3C")
    ways = lay_downs(hand, 1)
    assert len(ways) == 4  # any three of the four sets
    keep_7s = best_lay_down(hand, 1, score=lambda melds, rest: sum(c.rank != 7 for c in rest))
    assert keep_7s is not None
    assert all(c.rank != 7 for m in keep_7s for c in m)


# --------------------------------------------------------------------------------------------
# Properties on random hands

hands = st.lists(st.sampled_from(DECK), min_size=8, max_size=15, unique_by=lambda c: c.ident)


@settings(max_examples=120, deadline=None)
@given(hand=hands, number=st.integers(1, 14))
def test_distance_zero_exactly_when_a_lay_down_is_found(hand, number):
    d = distance(hand, number)
    ways = lay_downs(hand, number, keep=0)
    assert (d == 0) == bool(ways)
    for melds in ways:
        check_lay_down(hand, melds, number, keep=0)
    if find_contract(hand, number, keep=0) is not None:
        assert d == 0


@settings(max_examples=40, deadline=None)
@given(hand=hands, number=st.integers(1, 14))
def test_one_card_changes_the_distance_by_at_most_one(hand, number):
    counts = Counts.of(hand)
    d = counts_distance(counts, number)
    after = []
    for face in (*FACES, WILD):
        counts.add(face)
        after.append(counts_distance(counts, number))
        counts.add(face, -1)
    assert min(after) >= d - 1
    assert max(after) <= d
    if d > 0:
        # the distance is the number of cards to draw: some card brings the hand one closer
        assert min(after) == d - 1


def test_outs_include_a_rank_a_run_would_give_up_to_a_set():
    # 4S leaves the run (3S 2S 5S 6S) for a set of 4s with the 2C: any drawn 4 completes it.
    counts = Counts.of(parse("AS 2S 3S 4S 5S 6S 2C 9S"))
    fours = {suit * 16 + 4 for suit in range(4)}
    assert fours <= useful_faces_exact(counts, 2)
    assert fours <= useful_faces(counts, 2)


@settings(max_examples=40, deadline=None)
@given(hand=hands, number=st.integers(1, 14))
def test_outs_are_cards_that_help(hand, number):
    counts = Counts.of(hand)
    fast = useful_faces(counts, number)
    exact = useful_faces_exact(counts, number)
    assert fast <= exact
    if counts_distance(counts, number) <= 2:
        assert len(fast) >= len(exact) - 2
