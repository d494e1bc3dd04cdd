"""A wild taken back from a run must be played on the table in the same turn.

RULES.md section 1, "A turn", step 3: "(option, default on, seed 003) take back a wild from a
*run* by putting in its place the exact natural card it stands for; the wild taken back must be
played on the table in the same turn, anywhere a wild may go: a lay-off or an extra meld laid
from the hand that turn. Wilds in *sets* can never be taken back."
"""

from __future__ import annotations

import json
import pathlib

from game.engine.frustration import (
    Discard,
    ExtraMeld,
    FrustrationState,
    LayOff,
    Options,
    TakeBackWild,
)
from game.engine.frustration.placing import finishing_problem, place_wilds
from tests.engine.test_frustration_support import build, card_in, cards_in, expect

FULL_RUN = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"
"""Seat 1's run of the issue's example: the joker stands for the high AH."""
NO_ROOM = "9S 9D JK 2C"
"""Seat 0's contract meld: as many wilds as naturals, no room for one more wild."""


def example(hand: str = "AH 7C 7D KC", options: Options | None = None) -> FrustrationState:
    """Seat 1 owns ``2H 3H ... KH JK``; seat 0 is down, every other meld already holds as
    many wilds as naturals; seat 0 holds ``hand`` and is to play."""
    return build(2, hands=[hand, "KS QS"], table=[(1, FULL_RUN), (0, NO_ROOM)], options=options)


def texts(cards) -> str:
    return " ".join(c.text for c in cards)


def unchanged(state: FrustrationState, move, code: str) -> None:
    """``move`` is refused with ``code`` and the state is exactly as before."""
    before = json.dumps(state.to_json())
    expect(code, state.apply, move)
    assert json.dumps(state.to_json()) == before


def test_the_issue_example_take_back_then_an_extra_meld_with_the_wild():
    """Seat 0 takes back the joker with AH, lays ``7C 7D JK`` as an extra meld, discards KC."""
    state = example()
    take = TakeBackWild(card_in(state, 0, "AH"), 0, 12)
    assert state.table[0].stand_ins()[12] == "AH"
    assert take in state.legal_moves()
    assert take in state.view(0).legal_moves()
    state.apply(take)
    assert texts(state.table[0].cards) == "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    joker = card_in(state, 0, "JK")
    assert [c.ident for c in state.pending_wilds] == [joker.ident]
    meld = ExtraMeld((*cards_in(state, 0, "7C 7D"), joker))
    assert state.wild_placement() == [meld] == state.view(0).wild_placement()
    state.apply(meld)
    assert state.pending_wilds == [] and texts(state.table[-1].cards) == "7C 7D JK"
    events = state.apply(Discard(card_in(state, 0, "KC")))
    assert [e.kind for e in events][:2] == ["discarded", "went_out"]
    assert state.history[-1].went_out == 0
    state.audit()


def test_the_turn_cannot_end_with_the_wild_still_in_hand():
    """Discarding (the move that ends a turn) is refused while the wild is in hand, whatever
    card is discarded; once the wild is melded, the discard is legal."""
    state = example("AH 7C 7D KC QD")
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    for text in ("KC", "QD", "7C", "JK"):
        unchanged(state, Discard(card_in(state, 0, text)), "wild_must_be_played")
    error = expect("wild_must_be_played", state.apply, Discard(card_in(state, 0, "KC")))
    assert error.params == {"card": "JK"}
    assert not any(isinstance(m, Discard) for m in state.legal_moves())
    assert not any(isinstance(m, Discard) for m in state.view(0).legal_moves())
    state.apply(ExtraMeld(tuple(cards_in(state, 0, "7C 7D JK"))))
    state.apply(Discard(card_in(state, 0, "KC")))
    assert state.current_player == 1


def test_take_back_refused_when_the_wild_could_go_nowhere():
    """No meld has room for a wild and the hand cannot make an extra meld with it: the
    take-back is refused and not listed, and the state is untouched."""
    state = example("AH 7C 8D KC")
    take = TakeBackWild(card_in(state, 0, "AH"), 0, 12)
    unchanged(state, take, "no_place_for_wild")
    assert take not in state.legal_moves()
    assert state.view(0).why_not(take).code == "no_place_for_wild"


def test_take_back_refused_when_the_meld_would_take_the_last_card():
    """``7C 7D JK`` would be the whole hand: no card would be left to discard."""
    state = example("AH 7C 7D")
    unchanged(state, TakeBackWild(card_in(state, 0, "AH"), 0, 12), "no_place_for_wild")


def test_no_move_may_leave_the_wild_taken_back_without_a_place():
    """Melding the two 7s with the player's own two 2s instead of the joker would leave the
    joker nowhere to go (``7C 7D 2S 2D`` has as many wilds as naturals): refused. Melding them
    with the joker is legal."""
    state = example("AH 7C 7D 2S 2D KC")
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    unchanged(state, ExtraMeld(tuple(cards_in(state, 0, "7C 7D 2S 2D"))), "no_place_for_wild")
    state.apply(ExtraMeld(tuple(cards_in(state, 0, "7C 7D JK 2S"))))
    state.apply(Discard(card_in(state, 0, "KC")))
    state.audit()


def test_the_wild_may_go_in_an_extra_run():
    """An extra meld may be a run: ``7C 8C JK`` (the joker as the 9C)."""
    state = example("AH 7C 8C KD")
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    assert [texts(m.cards) for m in state.wild_placement() if isinstance(m, ExtraMeld)] == ["7C 8C JK"]
    state.apply(ExtraMeld(tuple(cards_in(state, 0, "JK 7C 8C"))))
    assert state.table[-1].stand_ins()[0] == "6C"
    state.apply(Discard(card_in(state, 0, "KD")))


def test_extra_runs_of_four_need_four_cards_with_the_wild():
    """With extra runs of 4, ``7C 8C JK`` is too short: the take-back is refused, unless the
    hand holds another wild to make ``7C 8C JK 2S``."""
    options = Options(extra_run_min=4)
    state = example("AH 7C 8C KD", options)
    unchanged(state, TakeBackWild(card_in(state, 0, "AH"), 0, 12), "no_place_for_wild")
    state = example("AH 7C 8C 2S KD", options)
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    unchanged(state, ExtraMeld(tuple(cards_in(state, 0, "7C 8C JK"))), "meld_too_short")
    state.apply(ExtraMeld(tuple(cards_in(state, 0, "7C 8C JK 2S"))))
    state.apply(Discard(card_in(state, 0, "KD")))


def test_the_lay_off_route_still_works():
    """A meld with room for a wild takes it as a lay-off; the discard follows."""
    state = build(2, hands=["AH 4C KD", "KS QS"], table=[(1, FULL_RUN), (0, "9S 9D 9C JK")])
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    joker = state.pending_wilds[0]
    assert state.wild_placement() == [LayOff(joker, 1, None)]
    assert LayOff(joker, 1, None) in state.legal_moves()
    state.apply(LayOff(joker, 1, None))
    state.apply(Discard(card_in(state, 0, "KD")))
    state.audit()


def test_a_natural_laid_off_first_can_make_room_for_the_wild():
    """``9S 9D JK 2C`` has no room; laying off the 9H gives it room for the joker."""
    state = example("AH 9H KC QD")
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    nine, joker = card_in(state, 0, "9H"), card_in(state, 0, "JK")
    assert state.wild_placement() == [LayOff(nine, 1, None), LayOff(joker, 1, None)]
    unchanged(state, Discard(card_in(state, 0, "KC")), "wild_must_be_played")
    for move in state.wild_placement():
        state.apply(move)
    state.apply(Discard(card_in(state, 0, "KC")))


def test_wilds_in_sets_can_never_be_taken_back():
    """Even with the natural in hand and a place for the wild, a set keeps its wilds."""
    state = build(2, hands=["9H 7C 7D KC", "KS QS"], table=[(1, "9S 9D JK"), (0, "5S 5D 5C")])
    for position in range(3):
        move = TakeBackWild(card_in(state, 0, "9H"), 0, position)
        code = "takeback_only_from_runs"
        unchanged(state, move, code)
    assert not any(isinstance(m, TakeBackWild) for m in state.legal_moves())


def test_only_players_down_take_back_and_the_option_can_be_off():
    """Taking back is a step-3 move (contract down) and an option (``wild_takeback``)."""
    state = build(2, hands=["AH 7C 7D KC", "KS QS"], table=[(1, FULL_RUN)])
    unchanged(state, TakeBackWild(card_in(state, 0, "AH"), 0, 12), "contract_not_down")
    state = example(options=Options(wild_takeback=False))
    unchanged(state, TakeBackWild(card_in(state, 0, "AH"), 0, 12), "takeback_disabled")


def test_placement_plans_are_legal_move_by_move():
    """Every move ``place_wilds`` returns is accepted by the engine, and the plan ends in a
    position where the discard is legal (two jokers taken back from full runs: one melded with
    the 7s, the other laid off on that new meld)."""
    spades = "AS 2S 3S 4S 5S JK 7S 8S 9S 10S JS QS KS"
    state = build(2, hands=["AH 6S 7C 7D KC QD", "KD QS"], table=[(1, FULL_RUN), (1, spades), (0, NO_ROOM)])
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    state.apply(TakeBackWild(card_in(state, 0, "6S"), 1, 5))
    assert len(state.pending_wilds) == 2
    plan = state.wild_placement()
    assert [m.kind for m in plan] == ["extra_meld", "lay_off"]
    for move in plan:
        state.apply(move)
        state.audit()
    assert state.pending_wilds == []
    assert texts(state.table[-1].cards) == "7C 7D JK JK"
    state.apply(Discard(card_in(state, 0, "QD")))


def test_finishing_problem_reasons():
    """The two reasons a position cannot finish its turn."""
    state = example("AH 7C 7D KC")
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    hand, pending, table = state.hand(0), state.pending_wilds, state.table
    assert finishing_problem(hand, pending, table, 3) is None
    assert finishing_problem(cards_in(state, 0, "JK"), pending, table, 3) == "no_card_left_to_discard"
    assert finishing_problem(cards_in(state, 0, "7C KC JK"), pending, table, 3) == "no_place_for_wild"
    assert place_wilds(cards_in(state, 0, "7C KC JK"), pending, table, 3) is None
    assert place_wilds(hand, [], table, 3) == []


def test_a_save_written_before_the_rule_change_loads_and_plays_on():
    """``data/frustration_save_v1_takeback.json`` was written by the engine before extra melds
    could take a wild taken back (save version 1: the rule needs no new field). Its player has
    just taken the joker back with the 6H; the game loads and the turn finishes."""
    path = pathlib.Path(__file__).parent / "data" / "frustration_save_v1_takeback.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1
    state = FrustrationState.from_json(data)
    again = state.to_json()
    assert again["version"] == FrustrationState.SAVE_VERSION
    assert {k: v for k, v in again.items() if k not in ("version", "log")} == {
        k: v for k, v in data.items() if k not in ("version", "log")
    }
    assert [e.kind for e in state.log][-1] == "swap_wild"
    assert [c.text for c in state.pending_wilds] == ["JK"]
    unchanged(state, Discard(card_in(state, 0, "3C")), "wild_must_be_played")
    for move in state.wild_placement():
        state.apply(move)
    state.apply(Discard(card_in(state, 0, "3C")))
    assert state.current_player == 1
    state.audit()


def test_the_meld_that_places_the_wild_is_listed_so_legal_moves_is_never_empty():
    """With no lay-off for the joker, ``legal_moves()`` lists the extra meld that takes it (the
    only extra meld ever listed); a player choosing from the list alone can finish the turn."""
    state = example("AH 7C 7D KC")
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    meld = ExtraMeld(tuple(cards_in(state, 0, "7C 7D JK")))
    assert state.legal_moves() == [meld] == state.view(0).legal_moves()
    state.apply(state.legal_moves()[0])
    assert state.legal_moves() == [Discard(card_in(state, 0, "KC"))]
