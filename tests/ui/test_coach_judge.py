"""The coach's look-ahead and judge, without a window: the normal level's turn played on a guessed
game (``bots.play_turn``) is the turn it would play on the real one, it stops at a blind draw,
and the judge counts only the listed categories (a mere different discard is never a note)."""

from __future__ import annotations

import copy
from types import SimpleNamespace

import pytest

from game.ai.registry import make_bot
from game.engine import frustration, rum500
from game.engine.events import PublicEvent
from game.engine.games import GAME_IDS, game_info
from game.ui.bots import Step, blind_draw, play_turn
from game.ui.tables.coach_judge import CATEGORIES, Turn, judge
from game.ui.tables.frustration.model import goes_out_with
from tests.ui.test_coach import feeding_position, frustration_lay_off


def person_turn(state, moves) -> Turn:
    """``moves`` played by the seat to move on ``state``, read as the coach reads a person's turn."""
    seat = state.current_player
    before = state.view(seat)
    for move in moves:
        state.apply(move)
    events = [e for e in state.log[len(before.log) :] if e.seat == seat]
    return Turn.of_events(before, state.view(seat), events)


def normal_turn(game: str, view) -> Turn:
    play = play_turn(game, "normal", 7, view)
    return Turn(view, play.after, play.steps)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_turn_played_on_a_guess_is_the_turn_played_on_the_real_game(game):
    state = game_info(game).new_game(3, seed=4)
    bots = [make_bot(game, "easy", seat) for seat in range(3)]
    compared = 0
    for _ in range(300):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        if state.phase in ("draw", "play", "discard"):
            play = play_turn(game, "normal", 7, view)
            real = copy.deepcopy(state)
            for step in play.steps:
                assert real.view(seat) == step.view
                before = len(real.log)
                real.apply(step.move)
                assert tuple(e for e in real.log[before:] if e.seat == seat) == step.events
            last = play.steps[-1].events[-1] if play.steps[-1].events else None
            if play.blind:
                assert blind_draw(last)
            else:
                # A round's end scores the hidden hands, and a last draw brings a hidden
                # piece: the guessed ones there. The rest is the real game's.
                ended = real.phase in ("round_over", "game_over") or (last is not None and blind_draw(last))
                assert real.view(seat) == play.after or ended
                assert real.view(seat).hand_sizes == play.after.hand_sizes
            compared += 1
        state.apply(bots[seat].choose(view))
    assert compared > 20


def test_a_different_discard_alone_is_never_a_note():
    state = frustration_lay_off()
    state.apply(frustration.DrawStock())
    normal = normal_turn("frustration", state.view(0))
    assert [s.move.kind for s in normal.steps] == ["lay_off", "discard"]
    theirs = normal.steps[-1].move.card
    mine = next(c for c in state.hand(0) if c.ident not in (theirs.ident, "5C#0"))
    card = next(c for c in state.hand(0) if c.ident == "5C#0")
    person = person_turn(state, [frustration.LayOff(card, 0, None), frustration.Discard(mine)])
    assert person.discarded != normal.discarded
    assert judge(person, normal, CATEGORIES, goes_out_with) is None


def test_a_missed_meld_at_500_rum_is_named_with_the_pile_card_it_needed():
    """Normal takes the 7♠ from the pile and melds it; Marie drew blind: the note says both."""
    state = rum500.arranged(["7H 7D KD 3S 2D", "3C 4D 6C 8S 9H 10D QS"], discard="7S", stock="JS")
    normal = normal_turn("rum500", state.view(0))
    assert normal.steps[0].move.kind == "take_discard"
    person = person_turn(
        state, [rum500.DrawStock(), rum500.Discard(next(c for c in state.hand(0) if c.text == "KD"))]
    )
    note = judge(person, normal, ("go_out", "meld", "lay_off"))
    assert note is not None and note.category == "meld"
    assert [s.move.kind for s in note.said] == ["take_discard", "meld"]


def test_feeding_is_judged_from_the_discarders_view():
    view = feeding_position("6H").view(0)
    assert goes_out_with(view, "9C") and goes_out_with(view, "JK")
    assert not goes_out_with(view, "QH") and not goes_out_with(view, "8S")


def test_a_card_kept_is_a_miss_only_when_normal_ended_with_fewer():
    """Normal laid off the K♦, the person another card instead: as many cards left, no note."""

    def view(left: int):
        return SimpleNamespace(seat=0, hand_sizes=(left, 7))

    def lay_off(card: str) -> PublicEvent:
        return PublicEvent(0, 0, "lay_off", (card,), (0,), "hand", "table", "high", 1)

    normal = Turn(view(4), view(3), (Step(frustration.LayOff(None, 0, "high"), view(4), (lay_off("KD"),)),))
    for left, expected in ((3, None), (4, "lay_off")):
        person = Turn.of_events(view(4), view(left), [lay_off("QS")] if left == 3 else [])
        note = judge(person, normal, ("lay_off",))
        assert (note and note.category) == expected
