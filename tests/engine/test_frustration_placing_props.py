"""Properties of the search that places wilds taken back (``placing.place_wilds``).

RULES.md section 1, "A turn", step 3: "the wild taken back must be played on the table in the
same turn, anywhere a wild may go: a lay-off or an extra meld laid from the hand that turn."

Random small hands meet tables where no meld has room for a wild (so that only extra melds
from the hand, or naturals laid off to make room, can take the joker freed from ``... KH JK``):

- the search finds a way exactly when an exhaustive search over every lay-off and every extra
  meld (any cards of the hand, in any order) does;
- a player taking random legal moves after the take-back is never stuck: while the wild is in
  hand the engine always has a placement, every move keeps the game consistent, and the turn
  ends with a discard.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.errors import IllegalMove
from game.engine.frustration import Discard, ExtraMeld, LayOff, Options, TakeBackWild
from game.engine.frustration.placing import place_wilds
from game.engine.frustration.rules import HIGH, LOW, RUN, SET, TableMeld, deduce_kind, lay_off, table_meld
from game.engine.pieces import Card, without
from tests.engine.test_frustration_support import build, card_in

RUN_WITH_JOKER = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"
TABLES = (
    ((0, "9S 9D JK 2C"),),
    ((0, "9S 9D JK 2C"), (0, "5C 6C 2D JK")),
    ((0, "JK 2D QD KD"), (0, "7S 7C 2C 2S")),
    ((0, "3D 4D 2C JK"), (0, "10S 10C JK 2D")),
)
ON_TABLES = {face for table in TABLES for _, text in table for face in text.split()}
FACES = [
    f"{r}{s}"
    for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for s in "SDC"
    if f"{r}{s}" not in ON_TABLES
]
"""Naturals no table uses (two decks: each can be twice in the hand), and one 2 of each suit
the tables use once."""
WILDS = ["2S", "2D"]


def exhaustive(hand: list[Card], pending: list[Card], table: list[TableMeld], run_min: int) -> bool:
    """Whether some sequence of lay-offs and extra melds plays every pending wild and keeps a
    card to discard (every card, meld, end, subset and order is tried)."""
    if len(hand) < len(pending) + 1:
        return False
    if not pending:
        return True
    for card in hand:
        for index, meld in enumerate(table):
            for end in (None,) if meld.kind == SET else (LOW, HIGH):
                try:
                    grown = lay_off(meld, card, end)
                except IllegalMove:
                    continue
                after = [*table[:index], grown, *table[index + 1 :]]
                if exhaustive(without(hand, [card]), without(pending, [card]), after, run_min):
                    return True
    seen: set[tuple[str, ...]] = set()
    for size in range(3, len(hand)):
        for group in itertools.combinations(hand, size):
            for order in itertools.permutations(group):
                faces = tuple(c.text for c in order)
                if faces in seen:
                    continue
                seen.add(faces)
                try:
                    kind = deduce_kind(order)
                    meld = table_meld(0, order, kind, run_min if kind == RUN else 3)
                except IllegalMove:
                    continue
                if exhaustive(without(hand, order), without(pending, order), [*table, meld], run_min):
                    return True
    return False


def position(faces: Sequence[str], table: int, run_min: int):
    """Seat 0 (down) holds ``AH`` and ``faces``; seat 1's run holds a joker standing for AH."""
    melds = [(1, RUN_WITH_JOKER), *TABLES[table]]
    return build(
        2, hands=["AH " + " ".join(faces), "KH QH"], table=melds, options=Options(extra_run_min=run_min)
    )


hands = st.lists(st.sampled_from(FACES + WILDS), min_size=2, max_size=5).filter(
    lambda faces: all(faces.count(face) <= (1 if face in WILDS else 2) for face in faces)
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(faces=hands, table=st.integers(0, len(TABLES) - 1), run_min=st.sampled_from([3, 4]))
def test_the_search_finds_a_way_exactly_when_one_exists(faces, table, run_min):
    state = position(faces, table, run_min)
    take = TakeBackWild(card_in(state, 0, "AH"), 0, 12)
    allowed = state.why_not(take) is None
    state_hand = without(state.hand(0), [take.card])
    joker = state.table[0].cards[12]
    freed = [*state.table]
    freed[0] = TableMeld(1, RUN, (*freed[0].cards[:12], take.card), freed[0].low, "H")
    assert allowed == exhaustive([*state_hand, joker], [joker], freed, run_min)
    assert allowed == (place_wilds([*state_hand, joker], [joker], freed, run_min) is not None)
    assert allowed == (take in state.legal_moves())


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(faces=hands, table=st.integers(0, len(TABLES) - 1), run_min=st.sampled_from([3, 4]), data=st.data())
def test_random_legal_moves_after_a_take_back_never_get_stuck(faces, table, run_min, data):
    state = position(faces, table, run_min)
    take = TakeBackWild(card_in(state, 0, "AH"), 0, 12)
    if state.why_not(take) is not None:
        return
    state.apply(take)
    for _ in range(20):
        state.audit()
        legal = state.legal_moves()
        if state.pending_wilds:
            placing = state.wild_placement()
            assert placing, "a wild taken back with nowhere to go"
            assert not any(isinstance(m, Discard) for m in legal)
            melds = [m for m in _extra_melds(state.hand(0)) if state.why_not(m) is None]
            move = data.draw(st.sampled_from([*placing[:1], *legal, *melds]))
            state.apply(move)
            continue
        assert any(isinstance(m, Discard) for m in legal)
        state.apply(data.draw(st.sampled_from([m for m in legal if isinstance(m, (Discard, LayOff))])))
        if state.current_player != 0 or state.phase != "play":
            return
    raise AssertionError("the turn did not end")


def _extra_melds(hand: Sequence[Card]) -> list[ExtraMeld]:
    """Every 3- and 4-card extra meld of the hand (cards in any order)."""
    return [
        ExtraMeld(order)
        for size in (3, 4)
        for group in itertools.combinations(hand, size)
        for order in itertools.permutations(group)
    ]
