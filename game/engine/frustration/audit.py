"""The invariants of a game of Frustration Rummy, checked after every move by the simulation and
the property tests, and whenever a game is loaded or a position is built."""

from __future__ import annotations

import functools

from game.engine.errors import IllegalMove, InvariantError
from game.engine.pieces import Card, make_cards

from .placing import finishing_problem
from .rules import HAND_SIZE, is_wild, read_meld
from .turn import Phase
from .view import WholeGame


def audit(state: WholeGame) -> None:
    """Raise ``InvariantError`` when a card is lost, created or duplicated, a table meld is
    illegal, or hands, phase, turn and records disagree."""
    problem = consistency_problem(state)
    if problem:
        raise InvariantError(problem)


def consistency_problem(state: WholeGame) -> str | None:
    """What is inconsistent in this state (see ``audit``), or ``None``."""
    return (
        _card_problem(state)
        or _table_problem(state)
        or _phase_problem(state)
        or _hand_problem(state)
        or _record_problem(state)
    )


def _card_problem(state: WholeGame) -> str | None:
    found = [c for h in state._hands for c in h] + state.stock + state.discard
    found += [c for m in state.table for c in m.cards]
    want = _card_keys(state.options.deck_count(state.num_players))
    try:
        keys = {(c.rank, c.suit, c.copy) for c in found}
    except AttributeError:
        return "a piece is not a card"
    if len(found) == len(want) and keys == want:
        return None
    if any(not isinstance(c, Card) for c in found):
        return "a piece is not a card"
    seen: set[tuple[int, str, int]] = set()
    for c in found:
        key = (c.rank, c.suit, c.copy)
        if key in seen:
            return f"{c.ident} appears twice"
        if key not in want:
            return f"{c.ident} is not part of this game"
        seen.add(key)
    missing = sorted(Card(*key).ident for key in want - seen)
    return f"{', '.join(missing[:5])} missing"


def _table_problem(state: WholeGame) -> str | None:
    owners = set()
    for i, meld in enumerate(state.table):
        reading = _reading(meld.kind, meld.cards)
        if isinstance(reading, str):
            return f"table meld {i} is illegal: {reading}"
        if reading != (meld.low, meld.suit):
            return f"table meld {i} has wrong low/suit {meld.low}/{meld.suit}"
        if not 0 <= meld.owner < state.num_players:
            return f"table meld {i} has no owner"
        owners.add(meld.owner)
    for p in range(state.num_players):
        if state.down[p] != (p in owners):
            return f"seat {p}: laid down flag disagrees with the table"
    return None


def _phase_problem(state: WholeGame) -> str | None:
    n = state.num_players
    if state.phase not in tuple(Phase):
        return f"unknown phase {state.phase!r}"
    if state.first_player != (state.dealer + 1) % n:
        return "first player is not left of the dealer"
    if (state.phase == Phase.GAME_OVER) != (state.current_player is None):
        return "current player and game over disagree"
    if (state.phase == Phase.GAME_OVER) != bool(state.winners):
        return "winners and game over disagree"
    if state.current_player is not None and not 0 <= state.current_player < n:
        return "bad current player"
    if state.phase == Phase.ROUND_OVER and state.current_player != state.first_player:
        return "between rounds the next dealer is to move"
    if state.pending_wilds and state.phase != Phase.PLAY:
        return "wilds pending outside the play phase"
    if state.phase == Phase.DRAW and (not state.stock or not state.discard):
        return "a player is to draw with an empty stock or discard pile"
    if not all(1 <= c <= state.options.final_contract for c in state.contracts):
        return "contract out of range"
    return None


def _hand_problem(state: WholeGame) -> str | None:
    for p, hand in enumerate(state._hands):
        if not state.down[p]:
            want = HAND_SIZE + (1 if state.phase == Phase.PLAY and p == state.current_player else 0)
            if len(hand) != want:
                return f"seat {p} has {len(hand)} cards without laying down"
        elif state.phase in (Phase.DRAW, Phase.PLAY) and not hand:
            return f"seat {p} has no card during the round"
    if state.phase == Phase.PLAY and state.current_player is not None:
        hand = state._hands[state.current_player]
        if state.pending_wilds:
            held = {c.ident for c in hand}
            if any(c.ident not in held or not is_wild(c) for c in state.pending_wilds):
                return "a pending wild is not a wild in the mover's hand"
        problem = finishing_problem(hand, state.pending_wilds, state.table, state.options.extra_run_min)
        if problem:
            return f"the turn cannot be finished: {problem}"
    return None


def _record_problem(state: WholeGame) -> str | None:
    finished = 1 if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) else 0
    if len(state.history) != state.round_number - 1 + finished:
        return "score sheet and round number disagree"
    if len(state.scores) != state.num_players or len(state.contracts) != state.num_players:
        return "scores or contracts have the wrong length"
    if state.history and tuple(state.scores) != state.history[-1].scores:
        return "running scores disagree with the score sheet"
    return None


@functools.lru_cache(maxsize=4096)
def _reading(kind: str, cards: tuple[Card, ...]) -> tuple[int, str] | str:
    """``read_meld`` of a table meld, or the code that makes it illegal (cached: the audit
    reads the same melds after every move; the reading depends on faces only)."""
    try:
        return read_meld(cards, kind)
    except IllegalMove as exc:
        return exc.code


@functools.cache
def _card_keys(decks: int) -> frozenset[tuple[int, str, int]]:
    """(rank, suit, copy) of every card of a game with ``decks`` decks: a cheap physical id."""
    return frozenset((c.rank, c.suit, c.copy) for c in make_cards(decks, 2 * decks))
