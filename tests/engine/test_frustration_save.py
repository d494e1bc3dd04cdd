"""Frustration saves, views, the move codec and seeded replays."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from game.ai.frustration.random_bot import RandomBot
from game.engine.base import NextRound
from game.engine.frustration import (
    CODEC,
    Discard,
    DrawDiscard,
    DrawStock,
    ExtraMeld,
    FrustrationState,
    FrustrationView,
    LayDown,
    LayOff,
    Options,
    SaveError,
    TakeBackWild,
    new_game,
)
from game.engine.pieces import Card
from tests.engine.test_frustration_support import build, card_in

OPTIONS = Options(final_contract=3)


def play(state: FrustrationState, bots, until, limit: int = 5000) -> list:
    """Let the bots play until ``until(state)`` (or the game ends); returns the moves."""
    moves = []
    for _ in range(limit):
        if state.is_over or until(state):
            break
        seat = state.current_player
        move = bots[seat].choose(state.view(seat))
        state.apply(move)
        moves.append(move)
    return moves


def bots_for(n: int, seed: int = 0) -> list[RandomBot]:
    return [RandomBot(seed=seed * 10 + s) for s in range(n)]


def mid_turn(state: FrustrationState) -> bool:
    return state.phase == "play" and len(state.table) >= 2 and state.down[state.current_player]


def reload(state: FrustrationState) -> FrustrationState:
    return FrustrationState.from_json(json.loads(json.dumps(state.to_json())))


# --------------------------------------------------------------------------------------------
# Saves


def test_round_trip_at_the_start():
    state = new_game(4, OPTIONS, seed=3)
    assert reload(state).to_json() == state.to_json()


def test_save_mid_turn_load_continue_identically():
    state = new_game(3, OPTIONS, seed=11)
    play(state, bots_for(3), mid_turn)
    assert mid_turn(state)
    loaded = reload(state)
    assert loaded.to_json() == state.to_json()
    a_moves = play(state, bots_for(3, seed=5), lambda s: False)
    b_moves = play(loaded, bots_for(3, seed=5), lambda s: False)
    assert [CODEC.encode(m) for m in a_moves] == [CODEC.encode(m) for m in b_moves]
    assert loaded.to_json() == state.to_json()
    assert state.is_over


def test_round_trip_between_rounds_and_after_the_game():
    state = new_game(2, OPTIONS, seed=2)
    play(state, bots_for(2), lambda s: s.phase == "round_over")
    assert reload(state).to_json() == state.to_json()
    assert reload(state).legal_moves() == [NextRound()]
    play(state, bots_for(2), lambda s: False)
    assert state.is_over
    again = reload(state)
    assert again.is_over and again.winners == state.winners and again.history == state.history


def test_seeded_replay_is_identical():
    state = new_game(4, OPTIONS, seed=21)
    moves = play(state, bots_for(4, seed=3), lambda s: False)
    encoded = json.loads(json.dumps([CODEC.encode(m) for m in moves]))
    replay = new_game(4, OPTIONS, seed=21)
    for data in encoded:
        replay.apply(CODEC.decode(data))
    assert replay.to_json() == state.to_json()


def saved() -> dict:
    state = new_game(3, OPTIONS, seed=11)
    play(state, bots_for(3), mid_turn)
    return state.to_json()


def broken(change) -> dict:
    data = copy.deepcopy(saved())
    change(data)
    return data


def _move_one_stock_card_to(data, where):
    card = data["stock"].pop()
    where(data).append(card)


BAD_SAVES = {
    "a card twice": lambda d: d["hands"][1].append(d["stock"][0]),
    "a card missing": lambda d: d["stock"].pop(),
    "a foreign card": lambda d: d["stock"].append("5D#7"),
    "an unknown field": lambda d: d.update(extra=1),
    "a missing field": lambda d: d.pop("log"),
    "an unknown phase": lambda d: d.update(phase="dance"),
    "a phase that disagrees with the hands": lambda d: d.update(phase="draw"),
    "game over without winners": lambda d: d.update(phase="game_over", current=None),
    "a bad version": lambda d: d.update(version=99),
    "another game": lambda d: d.update(game="rum500"),
    "not a save": lambda d: d.update(format="zip"),
    "a hand too big": lambda d: _move_one_stock_card_to(d, lambda x: x["hands"][(x["current"] + 1) % 3]),
    "an illegal table meld": lambda d: d["table"][0].update(
        kind="run" if d["table"][0]["kind"] == "set" else "set"
    ),
    "a wrong run low value": lambda d: d["table"][0].update(low=d["table"][0]["low"] + 1),
    "an unknown option": lambda d: d["options"].update(jokers=9),
    "a bad option value": lambda d: d["options"].update(final_contract=20),
    "a pending wild not in hand": lambda d: d["pending_wilds"].append("JK#0"),
    "a tile": lambda d: d["stock"].append("R7#0"),
    "a bad piece": lambda d: d["stock"].append("nonsense"),
    "a contract out of range": lambda d: d["contracts"].__setitem__(0, 9),
    "a bad current player": lambda d: d.update(current=7),
    "a bad rng": lambda d: d.update(rng=[1, 2]),
    "a bad history row": lambda d: d["history"].append({"round": 1}),
    "a bad log entry": lambda d: d["log"].append({"kind": "teleport"}),
    "a wrong down flag": lambda d: d["down"].__setitem__(0, not d["down"][0]),
    "too few players": lambda d: d.update(players=1),
    "hands of the wrong count": lambda d: d["hands"].pop(),
}


@pytest.mark.parametrize("name", sorted(BAD_SAVES))
def test_loading_rejects_malformed_or_inconsistent_saves(name):
    data = broken(BAD_SAVES[name])
    with pytest.raises(SaveError):
        FrustrationState.from_json(data)


def test_loading_rejects_non_objects():
    with pytest.raises(SaveError):
        FrustrationState.from_json([])  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Move codec


def test_codec_round_trips_every_move_kind():
    c = [Card(5, "D", 1), Card(6, "D", 0), Card(0, "", 3)]
    moves = [
        DrawStock(),
        DrawDiscard(),
        LayDown(((c[0], c[1], c[2]), (c[2],))),
        LayOff(c[0], 2, "low"),
        LayOff(c[0], 2),
        ExtraMeld(tuple(c)),
        TakeBackWild(c[1], 0, 3),
        Discard(c[2]),
        NextRound(),
    ]
    for move in moves:
        data = json.loads(json.dumps(CODEC.encode(move)))
        back = CODEC.decode(data)
        assert back == move and CODEC.encode(back) == data
    assert CODEC.encode(Discard(c[0]))["card"] == "5D#1"
    with pytest.raises(SaveError):
        CODEC.decode({"kind": "discard", "card": "5D#1", "extra": 1})


def test_moves_compare_by_physical_card():
    assert Discard(Card(5, "D", 0)) != Discard(Card(5, "D", 1))
    assert Discard(Card(5, "D", 0)) == Discard(Card(5, "D", 0))
    assert len({Discard(Card(5, "D", 0)), Discard(Card(5, "D", 1))}) == 2


# --------------------------------------------------------------------------------------------
# Views


def _cards_reachable(value, out):
    if isinstance(value, Card):
        out.append(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _cards_reachable(getattr(value, f.name), out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _cards_reachable(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _cards_reachable(v, out)
    return out


def test_a_view_holds_no_hidden_card():
    state = new_game(3, OPTIONS, seed=11)
    play(state, bots_for(3), mid_turn)
    for seat in range(3):
        view = state.view(seat)
        public = {c.ident for c in view.hand} | {c.ident for c in state.discard}
        public |= {c.ident for m in state.table for c in m.cards}
        seen = {c.ident for c in _cards_reachable(view, [])}
        assert seen <= public
        others = {c.ident for p in range(3) if p != seat for c in state.hand(p)}
        assert not (seen & others)
        assert not (seen & {c.ident for c in state.stock})
        names = {f.name for f in dataclasses.fields(view)}
        assert not names & {"hands", "stock", "rng", "seed", "_rng"}
        assert view.hand_sizes == tuple(len(state.hand(p)) for p in range(state.num_players))
        assert view.stock_count == len(state.stock)


def test_view_legal_moves_match_the_state():
    state = new_game(3, OPTIONS, seed=4)
    bots = bots_for(3)
    for _ in range(400):
        if state.is_over:
            break
        seat = state.current_player
        mine = state.view(seat)
        assert [CODEC.encode(m) for m in mine.legal_moves()] == [CODEC.encode(m) for m in state.legal_moves()]
        for other in range(3):
            if other != seat:
                assert state.view(other).legal_moves() == []
        move = bots[seat].choose(mine)
        assert (mine.why_not(move) is None) == (state.why_not(move) is None)
        state.apply(move)


def test_view_of_a_take_back_turn():
    state = build(2, hands=["6H 3C 4D", "KC"], table=[(0, "9S 9D 9C"), (1, "5H JK 7H 8H")])
    from game.engine.frustration import TakeBackWild as TB

    state.apply(TB(card_in(state, 0, "6H"), 1, 1))
    mine, theirs = state.view(0), state.view(1)
    assert [c.text for c in mine.pending_wilds] == ["JK"] and theirs.pending_wilds == ()
    assert mine.can_meld() and not mine.can_lay_down() and not theirs.can_meld()
    assert theirs.log[-1].kind == "swap_wild" and theirs.log[-1].pieces == ("6H", "JK")
    assert mine.table[1].stand_ins() == (None, None, None, None)
    error = mine.why_not(Discard(card_in(state, 0, "3C")))
    assert error is not None and error.code == "wild_must_be_played"
    assert theirs.why_not(Discard(state.hand(1)[0])).code == "not_your_turn"


def test_view_properties():
    state = new_game(2, OPTIONS, seed=1)
    view = state.view(0)
    assert isinstance(view, FrustrationView)
    assert view.my_turn and view.contract == 1 and not view.is_down and not view.is_over
    assert view.discard_top == state.discard[-1]
    assert view.options == OPTIONS and view.phase == "draw"
    with pytest.raises(ValueError):
        state.view(5)
