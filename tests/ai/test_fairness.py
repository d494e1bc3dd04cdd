"""Fair by construction: a computer player's choice depends only on its seat's view.

For each card game, positions are reached by playing a game between normal players; at each,
a twin state is built that differs only in what the seat to move cannot see (the other hands
and the stock order, cards redealt among them; the cards an opponent is known to hold, taken
from the discard pile, stay with it). Every level, given the same seed, must choose the same move
in both. The processor-time safety net of 500 Rum's hard player is replaced by a clock that
never moves, so that it thinks the same amount in both (its work per decision bounds it).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.registry import available_levels, make_bot
from game.engine import frustration, rum500

LEVELS = ["random", "easy", "normal", "hard", "baseline", "baseline-strong"]


def _known(game: str, state: Any, seat: int) -> set[str]:
    """Idents ``seat`` took from the discard pile this round and still holds (public)."""
    hand = {c.ident for c in state.hand(seat)}
    texts = [
        t
        for e in state.log
        if e.kind == "draw" and e.source == "discard" and e.seat == seat
        for t in e.pieces
    ]
    return {i for i in hand if i.split("#")[0] in texts}


def twin(game: str, state: Any, seed: int) -> Any:
    """``state`` with the hidden cards of the seat to move redealt: the other hands (but the
    cards known to be in them) and the stock, sizes kept."""
    seat = state.current_player
    data = state.to_json()
    rng = random.Random(seed)
    hidden = list(data["stock"])
    keep: dict[int, list[str]] = {}
    for p, hand in enumerate(data["hands"]):
        if p == seat:
            continue
        known = _known(game, state, p)
        keep[p] = [i for i in hand if i in known]
        hidden.extend(i for i in hand if i not in known)
    rng.shuffle(hidden)
    for p in keep:
        size = len(data["hands"][p]) - len(keep[p])
        data["hands"][p] = keep[p] + hidden[:size]
        hidden = hidden[size:]
    data["stock"] = hidden
    module = rum500 if game == "rum500" else frustration
    cls = module.Rum500State if game == "rum500" else module.FrustrationState
    return cls.from_json(data)


def positions(game: str, seed: int, count: int) -> list[Any]:
    """Copies of the states met along a game between normal players (every few moves)."""
    module = rum500 if game == "rum500" else frustration
    cls = module.Rum500State if game == "rum500" else module.FrustrationState
    state = module.new_game(2, seed=seed)
    bots = [make_bot(game, "normal", seed + s) for s in range(2)]
    found = []
    step = 0
    while not state.is_over and len(found) < count:
        seat = state.current_player
        if step % 5 == 3 and state.phase in ("draw", "play"):
            found.append(cls.from_json(state.to_json()))
        state.apply(bots[seat].choose(state.view(seat)))
        step += 1
    return found


def steady(bot: Any) -> Any:
    """``bot`` with a clock that never moves (a hard player then stops on its work per decision)."""
    if hasattr(bot, "clock"):
        bot.clock = lambda: 0.0
    return bot


@pytest.mark.parametrize("game", ["frustration", "rum500"])
def test_hidden_cards_do_not_change_any_choice(game: str) -> None:
    levels = [lv for lv in LEVELS if lv in available_levels(game) or lv.startswith("baseline")]
    changed = 0
    for n, state in enumerate(positions(game, 11, 10)):
        other = twin(game, state, 100 + n)
        seat = state.current_player
        view_a, view_b = state.view(seat), other.view(seat)
        assert view_a == view_b
        them = (seat + 1) % 2
        hand, hand_b = state.hand(them), other.hand(them)
        changed += [c.ident for c in hand] != [c.ident for c in hand_b]
        for level in levels:
            a = steady(make_bot(game, level, 7)).choose(view_a)
            b = steady(make_bot(game, level, 7)).choose(view_b)
            assert a == b, f"{game} {level} at position {n}: {a} != {b}"
    assert changed >= 5
