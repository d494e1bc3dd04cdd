"""The hard Frustration player's look-ahead: hands dealt consistent with a seat's view, rounds
played out on them, and what a round's end is worth."""

from __future__ import annotations

import random
from collections import Counter

from game.ai.frustration.bots import NormalBot
from game.ai.frustration.contracts import face_of
from game.ai.frustration.knowledge import read
from game.ai.frustration.rollout import deal_hidden, play_round, round_value, win_chance
from game.engine.frustration import DrawDiscard, Options, Phase, new_game


def _positions(seed: int, count: int):
    """States met along a game between normal players, with the seat to move."""
    state = new_game(2, Options(final_contract=3), seed=seed)
    bots = [NormalBot(seed), NormalBot(seed + 1)]
    found = []
    step = 0
    while not state.is_over and len(found) < count:
        seat = state.current_player
        if step % 3 == 1 and state.phase in (Phase.DRAW, Phase.PLAY):
            found.append((state.view(seat), seat))
        state.apply(bots[seat].choose(state.view(seat)))
        step += 1
    return found


def test_a_dealt_game_shows_the_seat_exactly_its_view_and_keeps_known_cards():
    known = 0
    for view, seat in _positions(4, 40) + _positions(6, 40):
        know = read(view)
        dealt = deal_hidden(view, know, random.Random(1))
        dealt.audit()
        assert dealt.view(seat) == view
        for p, held in enumerate(know.held):
            if p == seat:
                continue
            faces = Counter(face_of(c) for c in dealt.hand(p))
            assert all(faces[face] >= count for face, count in held.items())
            known += sum(held.values())
    assert known


def test_dealing_depends_only_on_the_view_and_the_random_generator():
    view, _ = _positions(7, 5)[-1]
    know = read(view)
    a = deal_hidden(view, know, random.Random(3))
    b = deal_hidden(view, know, random.Random(3))
    c = deal_hidden(view, know, random.Random(4))
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()


def test_a_round_played_out_ends_and_is_worth_between_nothing_and_a_win():
    for view, seat in _positions(9, 6):
        state = deal_hidden(view, read(view), random.Random(2))
        play_round(state, [NormalBot(0), NormalBot(0)])
        assert state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        assert 0.0 <= round_value(state, seat) <= 1.0


def test_winning_chances_follow_the_rounds_still_needed():
    assert win_chance(1, 1) == 0.5
    assert win_chance(2, 2) == 0.5
    assert win_chance(1, 2) > 0.5 > win_chance(2, 1)
    for mine in range(1, 8):
        for rival in range(1, 8):
            assert abs(win_chance(mine, rival) + win_chance(rival, mine) - 1.0) < 1e-9
            assert win_chance(mine, rival + 1) > win_chance(mine, rival)


def test_a_move_played_on_a_dealt_game_is_checked_by_the_engine():
    view, _ = next((v, s) for v, s in _positions(5, 20) if v.phase == Phase.DRAW)
    state = deal_hidden(view, read(view), random.Random(0))
    state.apply(DrawDiscard())
    assert state.phase == Phase.PLAY
