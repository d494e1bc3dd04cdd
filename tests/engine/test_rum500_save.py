"""500 Rum saves, seeded replay, the move codec and what a view may show."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from game.engine.base import NextRound
from game.engine.errors import SaveError
from game.engine.notation import parse
from game.engine.rum500 import (
    MOVE_CODEC,
    SAVE_VERSION,
    ClaimRummy,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Options,
    PassClaim,
    PassEmptyStock,
    Rum500State,
    TakeDiscard,
    new_game,
)
from game.engine.rum500.positions import arranged


def play_random(state: Rum500State, moves: int, seed: int) -> list[dict]:
    """Play up to ``moves`` random legal moves; return them encoded."""
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        if state.is_over:
            break
        move = rng.choice(state.legal_moves())
        played.append(MOVE_CODEC.encode(move))
        state.apply(move)
    return played


def reload(state: Rum500State) -> Rum500State:
    return Rum500State.from_json(json.loads(json.dumps(state.to_json())))


def test_round_trip_through_json_text():
    state = new_game(4, Options(rummy_claims=True, reuse_discards=True, target=300), seed=11)
    play_random(state, 120, seed=2)
    loaded = reload(state)
    assert loaded.to_json() == state.to_json()
    assert loaded.legal_moves() == state.legal_moves()
    assert all(loaded.view(s) == state.view(s) for s in range(4))
    assert loaded.options == Options(rummy_claims=True, reuse_discards=True, target=300)


def test_round_trip_with_a_card_to_use_and_in_a_claim_window():
    state = arranged(["5S 5D 9C 2H", "KC QC JC 3D"], discard="2C 9D 5H 7S KD")
    state.apply(TakeDiscard(2))
    assert reload(state).must_use == state.must_use and reload(state).to_json() == state.to_json()
    claims = arranged(
        ["8S 2C 9D", "KH 4D", "QD 6C"],
        stock="3H",
        table=[("5S 6S 7S", 2)],
        options=Options(rummy_claims=True),
    )
    claims.apply(DrawStock())
    claims.apply(Discard(parse("8S")[0]))
    loaded = reload(claims)
    assert loaded.phase == "claim" and loaded.claim_queue == (1, 2)
    assert loaded.legal_moves() == claims.legal_moves()


def test_a_resumed_game_deals_the_same_future_cards():
    state = new_game(3, seed=5)
    while state.phase != "round_over":
        play_random(state, 1, seed=state.stock_count + len(state.log))
    loaded = reload(state)
    state.apply(NextRound())
    loaded.apply(NextRound())
    assert loaded.to_json() == state.to_json()
    assert state.round_number == 2


def test_seeded_replay_gives_the_same_game():
    state = new_game(3, Options(rummy_claims=True), seed=42)
    moves = play_random(state, 400, seed=7)
    replay = new_game(3, Options(rummy_claims=True), seed=42)
    for data in json.loads(json.dumps(moves)):
        replay.apply(MOVE_CODEC.decode(data))
    assert replay.to_json() == state.to_json()
    assert new_game(3, seed=43).to_json()["hands"] != new_game(3, seed=42).to_json()["hands"]


@pytest.mark.parametrize(
    "move",
    [
        DrawStock(),
        TakeDiscard(3),
        PassEmptyStock(),
        Meld(tuple(parse("QH KH AH"))),
        LayOff(parse("AH")[0], 2, "low"),
        LayOff(parse("7C")[0], 0),
        Discard(parse("10D")[0]),
        ClaimRummy(cards=tuple(parse("9H 9D 9C"))),
        ClaimRummy(meld=1, end="high"),
        PassClaim(),
        NextRound(),
    ],
)
def test_every_move_round_trips_through_the_codec(move):
    data = json.loads(json.dumps(MOVE_CODEC.encode(move)))
    assert MOVE_CODEC.decode(data) == move


def test_the_codec_refuses_unknown_moves():
    with pytest.raises(SaveError):
        MOVE_CODEC.decode({"kind": "fly"})
    with pytest.raises(SaveError):
        MOVE_CODEC.decode({"kind": "take_discard", "index": "two"})


# --------------------------------------------------------------------------------------------
# Bad saves


def base_save() -> dict:
    state = arranged(
        ["5S 5D 9C 2H", "KC QC JC 3D"], discard="2C 9D 5H 7S KD", table=[("AS 2S 3S", 1)], totals=[40, 12]
    )
    state.apply(TakeDiscard(2))
    return state.to_json()


def corrupt(change):
    data = copy.deepcopy(base_save())
    change(data)
    return data


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


BAD_SAVES = [
    (_set("format", "other"), "bad_format"),
    (_set("game", "tiles"), "wrong_game"),
    (_set("version", 99), "bad_version"),
    (_set("extra", 1), "unknown_field"),
    (lambda d: d.pop("stock"), "missing_field"),
    (_set("players", 7), "bad_field"),
    (_set("phase", "dance"), "bad_field"),
    (_set("turn", 5), "bad_field"),
    (lambda d: d["hands"].pop(), "bad_field"),
    (lambda d: d["stock"].append(d["hands"][0][0]), "duplicate_piece"),
    (lambda d: d["stock"].pop(), "missing_piece"),
    (lambda d: d["stock"].append("5D#1"), "bad_piece"),
    (lambda d: d["stock"].append("JK#0"), "bad_piece"),
    (lambda d: d["stock"].append("R7#0"), "bad_piece"),
    (lambda d: d["stock"].append("nonsense"), "bad_piece"),
    (lambda d: d["table"][0]["owners"].__setitem__(0, 2), "bad_field"),
    (lambda d: d["table"][0].__setitem__("kind", "set"), "inconsistent"),
    (lambda d: d["table"][0]["cards"].reverse(), "inconsistent"),
    (lambda d: d["table"][0].__setitem__("kind", "pair"), "bad_field"),
    (_set("must_use", "KC#0"), "bad_field"),
    (_set("must_use", 3), "bad_field"),
    (_set("totals", [41, 12]), "inconsistent"),
    (lambda d: d["history"][0].__setitem__("scores", [40, 13]), "inconsistent"),
    (lambda d: d["history"][0].__setitem__("colour", 1), "unknown_field"),
    (_set("rng", [3, "x", None]), "bad_rng"),
    (_set("claim_queue", [1]), "inconsistent"),
    (_set("winners", [0]), "inconsistent"),
    (_set("phase", "draw"), "inconsistent"),
    (lambda d: d["log"][-1].__setitem__("kind", "fly"), "bad_field"),
    (lambda d: d["log"][-1].pop("pieces"), "missing_field"),
    (lambda d: d["log"][-1].__setitem__("pieces", [{"x": 1}]), "bad_field"),
    (lambda d: d["log"][-1].__setitem__("index", 99), "bad_field"),
    (lambda d: d["log"][-1].__setitem__("seat", 2), "bad_field"),
    (lambda d: d["log"][-1]["detail"].__setitem__("why", [[[1]]]), "bad_field"),
    (lambda d: d["log"][-1]["detail"].__setitem__("why", {"x": 1}), "bad_field"),
    (lambda d: d["options"].__setitem__("target", 0), "bad_field"),
    (lambda d: d["options"].__setitem__("jokers", True), "unknown_field"),
]


@pytest.mark.parametrize(("change", "code"), BAD_SAVES)
def test_bad_saves_are_refused_with_a_code(change, code):
    data = corrupt(change)
    with pytest.raises(SaveError) as info:
        Rum500State.from_json(data)
    assert info.value.code == code


def test_the_untouched_save_loads():
    assert Rum500State.from_json(base_save()).to_json() == base_save()


# --------------------------------------------------------------------------------------------
# Views


def hidden_from(state: Rum500State, player: int) -> list[str]:
    """Idents of cards seat ``player`` may not see: other hands (less the cards known from
    the log) and the stock."""
    data = state.to_json()
    public = {text for e in state.log if e.kind in ("draw", "meld", "claim") for text in e.pieces}
    others = [i for s, h in enumerate(data["hands"]) if s != player for i in h]
    return [i for i in others if i.partition("#")[0] not in public] + data["stock"]


def test_a_view_never_holds_other_hands_or_the_stock_order():
    state = new_game(4, Options(rummy_claims=True), seed=3)
    play_random(state, 37, seed=9)
    for player in range(4):
        view = state.view(player)
        text = repr(view)
        for ident in hidden_from(state, player):
            assert ident not in text
        # shuffle every hidden card among the hidden places: the view does not change
        data = state.to_json()
        rng = random.Random(player)
        public = {t for e in state.log if e.kind in ("draw", "meld", "claim") for t in e.pieces}
        places = [("stock", None)] + [("hands", s) for s in range(4) if s != player]
        slots = []
        for name, seat in places:
            cards = data[name] if seat is None else data[name][seat]
            slots += [(cards, i) for i, c in enumerate(cards) if c.partition("#")[0] not in public]
        values = [cards[i] for cards, i in slots]
        rng.shuffle(values)
        for (cards, i), value in zip(slots, values, strict=True):
            cards[i] = value
        other = Rum500State.from_json(data)
        assert other.view(player) == view


def test_view_legal_moves_are_the_states_for_the_seat_to_move():
    state = new_game(3, seed=8)
    for step in range(200):
        if state.is_over:
            break
        seat = state.current_player
        assert state.view(seat).legal_moves() == state.legal_moves()
        for other in range(3):
            if other != seat:
                assert state.view(other).legal_moves() == []
        state.apply(random.Random(step).choice(state.legal_moves()))


def test_the_view_shows_the_public_things():
    state = arranged(
        ["5S 5D 9C 2H", "KC QC JC 3D"], discard="2C 9D 5H 7S KD", table=[("AS 2S 3S", 1)], totals=[40, 12]
    )
    state.apply(TakeDiscard(2))
    view = state.view(1)
    assert view.hand == tuple(parse("KC QC JC 3D"))
    assert view.hand_sizes == (7, 4) and view.stock_count == state.stock_count
    assert view.discard == tuple(parse("2C 9D"))
    assert view.table[0].owners == (1, 1, 1) and view.table_points() == (0, 6)
    assert view.must_use == parse("5H")[0]
    assert view.totals == (40, 12) and view.history[0]["totals"] == (40, 12)
    assert view.log[-1].pieces == ("5H", "7S", "KD")
    assert view.phase == "play" and view.current_player == 0 and view.turn_player == 0
    assert view.options == Options()
    with pytest.raises(ValueError):
        state.view(2)


# ---- two decks and the saves of the one-deck version --------------------------------------------

SAVES = Path(__file__).parent / "saves"


def test_a_two_deck_game_records_its_decks_and_round_trips():
    """The save records the number of decks (RULES.md section 2: two decks for 5 or 6)."""
    state = new_game(6, Options(rummy_claims=True), seed=5)
    play_random(state, 150, seed=5)
    saved = state.to_json()
    assert saved["version"] == 3 and saved["decks"] == 2
    assert any(c.endswith("#1") for h in saved["hands"] for c in h) or any(
        c.endswith("#1") for c in saved["stock"]
    )
    assert reload(state).to_json() == saved and reload(state).decks == 2


@pytest.mark.parametrize("players", [5, 6])
def test_a_version_1_save_of_five_or_six_players_keeps_playing_with_its_one_deck(players):
    """A save written by the one-deck version (game in its second hand) still loads, keeps one
    deck for the rest of the game (the hands it deals are of 52 cards) and saves in the current
    version (its log as public events)."""
    data = json.loads((SAVES / f"rum500_v1_{players}_players.json").read_text())
    assert data["version"] == 1 and "decks" not in data and data["players"] == players
    state = Rum500State.from_json(data)
    assert state.decks == 1 and state.view(0).decks == 1
    assert state.to_json()["version"] == SAVE_VERSION and state.to_json()["decks"] == 1
    assert {k: v for k, v in state.to_json().items() if k not in ("version", "decks", "log")} == {
        k: v for k, v in data.items() if k not in ("version", "log")
    }
    assert len(state.log) == len(data["log"])
    rng = random.Random(players)
    hands_dealt = 0
    for _ in range(20_000):
        if state.is_over or hands_dealt == 2:
            break
        move = rng.choice(state.legal_moves())
        state.apply(move)
        state.audit()
        if isinstance(move, NextRound):
            hands_dealt += 1
            saved = state.to_json()
            cards = [*saved["stock"], *saved["discard"], *(c for h in saved["hands"] for c in h)]
            assert len(cards) == 52 and all(c.endswith("#0") for c in cards)
    assert hands_dealt == 2 or state.is_over
    assert reload(state).decks == 1


def test_saves_with_a_bad_deck_count_are_refused():
    state = new_game(5, seed=1)
    for change, code in (
        ({"decks": 3}, "bad_field"),
        ({"decks": 1}, None),  # two decks' cards in a save claiming one
        ({"version": 4}, "bad_version"),
    ):
        data = {**state.to_json(), **change}
        with pytest.raises(SaveError) as exc:
            Rum500State.from_json(data)
        if code:
            assert exc.value.code == code
    data = state.to_json()
    del data["decks"]
    with pytest.raises(SaveError):
        Rum500State.from_json(data)


def test_a_version_1_save_holding_a_twin_is_refused():
    data = json.loads((SAVES / "rum500_v1_6_players.json").read_text())
    data["stock"][0] = data["stock"][0].replace("#0", "#1")
    with pytest.raises(SaveError) as exc:
        Rum500State.from_json(data)
    assert exc.value.code == "bad_piece"
