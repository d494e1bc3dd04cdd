"""Property tests of Frustration's own moves: random illegal moves change nothing; legal_moves
lists exactly the listable moves that why_not() accepts. (Random playouts of every game, with
their invariants after every move, are ``tests/engine/test_playouts.py``.)"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.frustration.random_bot import RandomBot
from game.engine.base import NextRound
from game.engine.frustration import (
    CODEC,
    ERROR_CODES,
    Discard,
    DrawDiscard,
    DrawStock,
    ExtraMeld,
    FrustrationState,
    IllegalMove,
    LayDown,
    LayOff,
    Options,
    TakeBackWild,
    new_game,
)

options_strategy = st.builds(
    Options,
    decks=st.sampled_from([None, 2, 3]),
    final_contract=st.integers(1, 3),
    final_contract_wins=st.booleans(),
    everyone_down_ends_round=st.booleans(),
    exact_contract_length=st.booleans(),
    extra_run_min=st.sampled_from([3, 4]),
    wild_takeback=st.booleans(),
    scoring=st.booleans(),
)


def any_card(state: FrustrationState, data):
    """A card from anywhere: mostly the mover's hand, sometimes somewhere else."""
    mover = state.hand(state.current_player) if state.current_player is not None else []
    others = [c for p in range(state.num_players) if p != state.current_player for c in state.hand(p)]
    places = [
        mover,
        mover,
        mover,
        others,
        state.stock,
        state.discard,
        [c for m in state.table for c in m.cards],
    ]
    place = data.draw(st.sampled_from([p for p in places if p] or [state.stock]))
    return data.draw(st.sampled_from(place))


def random_move(state: FrustrationState, data):
    hand = state.hand(state.current_player) if state.current_player is not None else []
    kind = data.draw(st.sampled_from(["stock", "pile", "down", "off", "meld", "back", "discard", "next"]))
    meld = data.draw(st.integers(-1, len(state.table) + 1))
    if kind == "stock":
        return DrawStock()
    if kind == "pile":
        return DrawDiscard()
    if kind == "next":
        return NextRound()
    if kind == "discard":
        return Discard(any_card(state, data))
    if kind == "off":
        return LayOff(any_card(state, data), meld, data.draw(st.sampled_from([None, "low", "high", "side"])))
    if kind == "back":
        return TakeBackWild(any_card(state, data), meld, data.draw(st.integers(-1, 13)))
    pool = sorted(hand, key=lambda c: (c.rank, c.suit)) if hand else [any_card(state, data)]
    if kind == "meld":
        start = data.draw(st.integers(0, len(pool) - 1))
        size = data.draw(st.integers(1, 6))
        return ExtraMeld(tuple(pool[start : start + size]))
    groups = []
    for _ in range(data.draw(st.integers(1, 4))):
        start = data.draw(st.integers(0, len(pool) - 1))
        groups.append(tuple(pool[start : start + data.draw(st.integers(2, 9))]))
    return LayDown(tuple(groups))


def listable(move) -> bool:
    return isinstance(move, (DrawStock, DrawDiscard, Discard, LayOff, TakeBackWild, NextRound))


def check_legal_moves_exact(state: FrustrationState) -> None:
    """Every listable move that why_not() accepts is listed, and every listed move is accepted."""
    legal = state.legal_moves()
    assert len({CODEC.encode(m)["kind"] + str(CODEC.encode(m)) for m in legal}) == len(legal)
    for move in legal:
        assert state.why_not(move) is None, move
    if state.phase != "play":
        return
    hand = state.hand(state.current_player)
    accepted = [Discard(c) for c in hand if state.why_not(Discard(c)) is None]
    for index in range(len(state.table)):
        for card in hand:
            for end in (None, "low", "high"):
                if state.why_not(LayOff(card, index, end)) is None:
                    accepted.append(LayOff(card, index, end))
            for position in range(len(state.table[index].cards)):
                if state.why_not(TakeBackWild(card, index, position)) is None:
                    accepted.append(TakeBackWild(card, index, position))
    placing = state.wild_placement()
    if placing and isinstance(placing[0], ExtraMeld):
        accepted.append(placing[0])  # listed so that a wild taken back always has a listed move
    assert set(accepted) == set(legal)
    assert legal, "no legal move in the play phase"


def try_illegal(state: FrustrationState, data) -> None:
    move = random_move(state, data)
    before = state.to_json()
    legal = state.legal_moves()
    try:
        state.apply(move)
    except IllegalMove as exc:
        assert state.to_json() == before, f"{move} changed the state"
        assert exc.code in ERROR_CODES and set(exc.params) == set(ERROR_CODES[exc.code])
        assert not (listable(move) and move in legal), f"listed move {move} refused: {exc}"
        return
    assert not listable(move) or move in legal, f"{move} was accepted but not listed"
    state.audit()


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    options=options_strategy,
    data=st.data(),
)
def test_random_moves_are_refused_without_a_trace_and_legal_moves_are_exact(seed, players, options, data):
    """Along a random game, random Frustration moves (melds and lay-offs of any cards, anywhere)
    are refused with a listed code and change nothing, or are listed; the legal moves are exactly
    the listable moves the engine accepts."""
    state = new_game(players, options, seed)
    bots = [RandomBot(seed=seed + s) for s in range(players)]
    for step in range(700):
        if state.is_over:
            break
        if step % 5 == 0:
            try_illegal(state, data)
            if state.is_over:
                break
        if step % 40 == 0:
            check_legal_moves_exact(state)
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))


def test_random_bots_finish_short_games_and_use_every_move():
    """Games to contract 3 end; over a few games every kind of move is played."""
    kinds: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for seed in range(12):
        state = new_game(2 + seed % 5, Options(final_contract=3), seed)
        bots = [RandomBot(seed=seed * 7 + s) for s in range(state.num_players)]
        for _ in range(20000):
            if state.is_over:
                break
            seat = state.current_player
            move = bots[seat].choose(state.view(seat))
            kinds[move.kind] += 1
            state.apply(move)
        assert state.is_over, f"seed {seed} did not finish"
        assert state.winners and all(state.contracts[w] == 3 for w in state.winners)
        endings.update(r.ended for r in state.history)
    for kind in ("draw_stock", "draw_discard", "lay_down", "lay_off", "extra_meld", "take_back_wild"):
        assert kinds[kind] > 0, kind
    assert endings["out"] > 0
