"""Property tests of 500 Rum's own moves: a refused move changes nothing; ``legal_moves()``
lists exactly the moves the engine accepts (up to the order of a set, the
end of a lay-off that only fits one way and, with two decks, which twin a new meld uses)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.base import Move, NextRound
from game.engine.errors import IllegalMove
from game.engine.pieces import make_cards
from game.engine.rum500 import (
    ERROR_CODES,
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
    arrange_meld,
    lay_off_ends,
    new_game,
)

DECK = make_cards(2, 0)
"""Every card of a two-deck game (the twins are foreign to a one-deck game)."""

options_strategy = st.builds(
    Options,
    target=st.sampled_from([60, 150, 500]),
    reuse_discards=st.booleans(),
    rummy_claims=st.booleans(),
)


def pick(state: Rum500State, rng: random.Random) -> Move:
    """A random legal move, laying cards down more often than not so that hands end."""
    moves = state.legal_moves()
    plays = [m for m in moves if isinstance(m, (Meld, LayOff, ClaimRummy))]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(moves)


def canonical(state: Rum500State, move: Move) -> tuple:
    """A key equal for moves the engine treats as the same play."""
    if isinstance(move, (Meld, ClaimRummy)) and move.cards:
        kind, ordered = arrange_meld(move.cards, state.decks)
        key = sorted(c.text for c in ordered) if kind == "set" else [c.text for c in ordered]
        return (move.kind, kind, tuple(key))
    if isinstance(move, LayOff):
        end = move.end
        if end is None and state.table[move.meld].kind == "run":
            (end,) = lay_off_ends(state.table[move.meld], move.card)
        return (move.kind, move.card.ident, move.meld, end)
    if isinstance(move, ClaimRummy):
        end = move.end
        if end is None and state.table[move.meld].kind == "run":
            (end,) = lay_off_ends(state.table[move.meld], state.discard[-1])
        return (move.kind, move.meld, end)
    if isinstance(move, (Discard,)):
        return (move.kind, move.card.ident)
    if isinstance(move, TakeDiscard):
        return (move.kind, move.index)
    return (move.kind,)


def candidate_moves(state: Rum500State) -> st.SearchStrategy[Move]:
    """Moves of every kind, mostly built from the cards and places of the position."""
    seat = state.current_player
    hand = list(state.hand(seat)) if seat is not None else []
    near = st.sampled_from(hand) if hand else st.sampled_from(DECK)
    some_card = st.one_of(near, near, st.sampled_from(DECK))
    cards = st.lists(some_card, min_size=0, max_size=5).map(tuple)
    meld_index = st.integers(-1, len(state.table))
    end = st.sampled_from([None, None, "low", "high", "middle"])
    legal = state.legal_moves()
    options = [
        st.sampled_from([DrawStock(), PassEmptyStock(), PassClaim(), NextRound()]),
        st.integers(-2, len(state.discard) + 1).map(TakeDiscard),
        some_card.map(Discard),
        st.builds(LayOff, some_card, meld_index, end),
        cards.map(Meld),
        st.builds(ClaimRummy, cards, st.none() | meld_index, end),
        st.builds(ClaimRummy, st.just(()), meld_index, end),
    ]
    if legal:
        options.append(st.sampled_from(legal))
    return st.one_of(options)


def enumerable_moves(state: Rum500State) -> list[Move]:
    """Every move of the kinds that can be listed exhaustively (all but new melds), legal or
    not, for the position's player to move: every pile index, every hand card, every meld and
    end."""
    seat = state.current_player
    hand = list(state.hand(seat)) if seat is not None else []
    melds = range(-1, len(state.table) + 1)
    ends = (None, "low", "high")
    moves: list[Move] = [DrawStock(), PassEmptyStock(), PassClaim(), NextRound()]
    moves += [TakeDiscard(i) for i in range(-1, len(state.discard) + 1)]
    moves += [Discard(c) for c in hand]
    moves += [LayOff(c, i, e) for c in hand for i in melds for e in ends]
    moves += [ClaimRummy(meld=i, end=e) for i in melds for e in ends]
    return moves


def try_move(state: Rum500State, before: dict, listed: set, move: Move) -> None:
    """Apply ``move``: refused, the state must be unchanged; accepted, it must be listed."""
    try:
        state.apply(move)
    except IllegalMove as exc:
        assert exc.code in ERROR_CODES and set(exc.params) == set(ERROR_CODES[exc.code]), exc
        assert all(isinstance(v, (int, str)) for v in exc.params.values())
        assert state.to_json() == before, f"{move} was refused ({exc.code}) but changed the state"
        return
    state.audit()
    restored = Rum500State.from_json(before)
    assert canonical(restored, move) in listed, f"{move} was accepted but is not in legal_moves()"


@pytest.mark.slow  # compares every enumerable move with legal_moves() in 40 positions
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    options=options_strategy,
    steps=st.integers(0, 160),
    data=st.data(),
)
def test_refused_moves_change_nothing_and_accepted_moves_are_listed(seed, players, options, steps, data):
    state = new_game(players, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(pick(state, rng))
    before = state.to_json()
    listed = {canonical(state, m) for m in state.legal_moves()}
    probe = Rum500State.from_json(before)
    candidates = enumerable_moves(state) + [data.draw(candidate_moves(state)) for _ in range(25)]
    for move in candidates:
        try_move(probe, before, listed, move)
        if probe.to_json() != before:
            probe = Rum500State.from_json(before)
    for move in state.legal_moves():
        probe = Rum500State.from_json(before)
        probe.apply(move)
        probe.audit()


def check_exact(state: Rum500State) -> None:
    """Each enumerable move is accepted exactly when listed; refused ones change nothing."""
    before = state.to_json()
    listed = {canonical(state, m) for m in state.legal_moves()}
    probe = Rum500State.from_json(before)
    for move in enumerable_moves(state):
        try_move(probe, before, listed, move)
        if probe.to_json() != before:
            probe = Rum500State.from_json(before)


@pytest.mark.slow  # compares every enumerable move with legal_moves() in hundreds of positions
def test_legal_moves_are_exact_in_many_positions():
    """Positions from 150 seeded random games: one at a random depth of each game, plus up to
    two claim windows per game."""
    phases: dict[str, int] = {}
    for seed in range(150):
        options = Options(rummy_claims=seed % 2 == 0, reuse_discards=seed % 3 == 0, target=100)
        state = new_game(2 + seed % 5, options, seed)
        rng = random.Random(seed)
        depth, claims = rng.randint(0, 200), 0
        for step in range(depth + 1):
            if (state.phase == "claim" and claims < 2) or step == depth:
                claims += state.phase == "claim"
                phases[state.phase] = phases.get(state.phase, 0) + 1
                check_exact(state)
            if state.is_over:
                break
            state.apply(pick(state, rng))
    assert {"draw", "play", "round_over"} <= set(phases) and phases["claim"] > 50
