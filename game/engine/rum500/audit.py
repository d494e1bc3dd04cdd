"""The invariants of a game of 500 Rum, checked after every move by the simulation and the
property tests, and when a save is loaded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.base import check_conservation
from game.engine.errors import IllegalMove, InvariantError, SaveError
from game.engine.pieces import Card, index_of, make_cards

from .options import DECK_COUNTS, MAX_PLAYERS, MIN_PLAYERS
from .rules import TableMeld, arrange_meld, can_use_card
from .turn import Phase, claim_options

_DECK_KEYS = {d: sorted((c.rank, c.suit, c.copy) for c in make_cards(d, 0)) for d in DECK_COUNTS}


def _fail(message: str) -> None:
    raise InvariantError(message)


def audit(state: Any) -> None:
    """Raise ``InvariantError`` when a card of ``state`` (a ``Rum500State``) is created, lost or
    duplicated, a table meld is illegal, or the phase, the claim window or the scores disagree."""
    n = state._n
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        _fail(f"{n} players")
    if state._phase not in tuple(Phase):
        _fail(f"unknown phase {state._phase!r}")
    if state._decks not in DECK_COUNTS:
        _fail(f"{state._decks} decks")
    if sorted((c.rank, c.suit, c.copy) for c in state._all_cards()) != _DECK_KEYS[state._decks]:
        _fail(_conservation_problem(state._all_cards(), state._decks))
    for i, meld in enumerate(state._table):
        _audit_meld(i, meld, n, state._decks)
    for seat in (state._turn, state._dealer):
        if not 0 <= seat < n:
            _fail(f"seat {seat} out of range")
    if len(state._totals) != n:
        _fail("one total per seat expected")
    _audit_phase(state)
    _audit_scores(state)


def _conservation_problem(cards: Sequence[Card], decks: int) -> str:
    """Which card is duplicated, missing or foreign (the cards are known not to be the decks)."""
    try:
        check_conservation(cards, make_cards(decks, 0), "the cards")
    except SaveError as exc:
        return str(exc)
    return f"the cards are not the cards of {decks} deck(s)"


def _audit_meld(i: int, meld: TableMeld, n: int, decks: int) -> None:
    if meld.decks != decks:
        _fail(f"table meld {i} counts {meld.decks} decks, the game {decks}")
    try:
        kind, ordered = arrange_meld(meld.cards, decks)
    except IllegalMove as exc:
        _fail(f"table meld {i} is illegal: {exc}")
    if kind != meld.kind or [c.ident for c in ordered] != [c.ident for c in meld.cards]:
        _fail(f"table meld {i} is not stored as the table shows it")
    if len(meld.owners) != len(meld.cards) or not all(0 <= o < n for o in meld.owners):
        _fail(f"table meld {i} has a bad credit list")


def _audit_phase(state: Any) -> None:
    phase = state._phase
    live = phase in (Phase.DRAW, Phase.PLAY, Phase.CLAIM)
    if live and not all(state._hands):
        _fail("a hand is empty but the hand goes on")
    if state._must_use is not None:
        hand = state._hands[state._turn]
        if phase != Phase.PLAY or index_of(hand, state._must_use) < 0:
            _fail("the card that must be used is not in the hand of the player to move")
        if not can_use_card(state._must_use, hand, state._table, state._decks):
            _fail(f"{state._must_use} must be used but cannot be")
    queue = state._claim_queue
    if (phase == Phase.CLAIM) != bool(queue):
        _fail("claim queue and phase disagree")
    if queue:
        if not state._discard or len(set(queue)) != len(queue) or state._turn in queue:
            _fail("bad claim window")
        card = state._discard[-1]
        if not all(
            0 <= s < state._n and claim_options(state._hands[s], state._table, card, state._decks)
            for s in queue
        ):
            _fail("a player in the claim window cannot claim")
    if (phase == Phase.GAME_OVER) != bool(state._winners):
        _fail("winners and phase disagree")


def _audit_scores(state: Any) -> None:
    sums = [0] * state._n
    for entry in state._history:
        scores = entry["scores"]
        for seat in range(state._n):
            if scores[seat] != entry["table_points"][seat] - entry["hand_points"][seat]:
                _fail(f"hand {entry['hand']}: score of seat {seat} is not table minus hand")
            sums[seat] += scores[seat]
        if list(entry["totals"]) != sums:
            _fail(f"hand {entry['hand']}: running totals do not add up")
    if sums != state._totals:
        _fail("totals are not the sum of the hand scores")
    if state._phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and not state._history:
        _fail("a finished hand has no score entry")
    if state._winners and state._winners != [state._game_winner()]:
        _fail("the recorded winner is not the winner by the totals")
