"""Playing a round out on dealt hands: the hard player's look-ahead.

``deal_hidden(view, know, rng)`` builds a whole game consistent with what ``view``'s seat sees:
its own hand, the table, the discard pile and the public log are the view's; each other hand
holds the cards that seat is known to hold (taken from the discard pile, not played since) and
cards dealt at random from those this seat cannot see; the stock is the rest, shuffled.

``play_round(state, bots, cap)`` plays such a game with the given bots until the round ends
(or ``cap`` moves), and ``round_value(state, seat)`` says what the end is worth to ``seat``: the
chance to win the game from the contracts it leaves (``win_chance``), 1 or 0 when it ends the
game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from game.ai.base import Bot
from game.engine.frustration import FrustrationState, FrustrationView, Phase
from game.engine.frustration.positions import seen_by
from game.engine.pieces import Card, make_cards

from .contracts import face_of
from .knowledge import Knowledge

ADVANCE = 0.78
"""How often a player who does not go out has laid their contract down when the round ends
(between normal players, contracts 1-3 are laid in about eight rounds out of ten)."""


def deal_hidden(view: FrustrationView, know: Knowledge, rng: random.Random) -> FrustrationState:
    """A whole game matching ``view`` (see the module docstring); the rest is drawn with ``rng``."""
    seen = {c.ident for c in view.hand}
    seen.update(c.ident for c in view.discard)
    seen.update(c.ident for m in view.table for c in m.cards)
    decks = view.options.deck_count(view.num_players)
    pool = [c for c in make_cards(decks, 2 * decks) if c.ident not in seen]
    rng.shuffle(pool)
    by_face: dict[int, list[Card]] = {}
    for card in pool:
        by_face.setdefault(face_of(card), []).append(card)
    hands: list[list[Card]] = [[] for _ in range(view.num_players)]
    used: set[str] = set()
    for seat in range(view.num_players):
        if seat == view.seat:
            continue
        for face, count in know.held[seat].items():
            cards = by_face.get(face, [])
            for _ in range(min(count, view.hand_sizes[seat])):
                if not cards or len(hands[seat]) >= view.hand_sizes[seat]:
                    break
                card = cards.pop()
                hands[seat].append(card)
                used.add(card.ident)
    rest = [c for c in pool if c.ident not in used]
    for seat in range(view.num_players):
        if seat == view.seat:
            hands[seat] = list(view.hand)
            continue
        want = view.hand_sizes[seat] - len(hands[seat])
        hands[seat].extend(rest[len(rest) - want :] if want > 0 else [])
        if want > 0:
            del rest[len(rest) - want :]
    return seen_by(view, hands, rest, random.Random(rng.random()))


def play_round(state: FrustrationState, bots: Sequence[Bot], cap: int = 400) -> int:
    """Play ``state`` with ``bots`` (one per seat) until the round or the game ends (at most
    ``cap`` moves); the number of moves played."""
    for played in range(cap):
        if state.phase not in (Phase.DRAW, Phase.PLAY):
            return played
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat)))
    return cap


def round_value(state: FrustrationState, seat: int) -> float:
    """What the state reached by ``play_round`` is worth to ``seat`` (two players or more: the
    best of the others is its rival)."""
    if state.phase == Phase.GAME_OVER:
        return 1.0 if seat in state.winners else 0.0
    final = state.options.final_contract
    contracts = list(state.contracts)
    if state.phase != Phase.ROUND_OVER:  # stopped by the cap: those down count as advancing
        contracts = [c + 1 if d and c < final else c for c, d in zip(contracts, state.down, strict=True)]
    mine = final - contracts[seat] + 1
    rival = min(final - c + 1 for p, c in enumerate(contracts) if p != seat)
    return win_chance(mine, rival)


@functools.cache
def win_chance(mine: int, rival: int) -> float:
    """The chance to win a two-player game when this seat still needs ``mine`` rounds (1: it is on
    the final contract) and its rival ``rival``, each round going out to either player evenly and
    the other having laid down ``ADVANCE`` of the time."""
    if mine == 1 and rival == 1:
        return 0.5
    value = 0.0
    # this seat goes out
    if mine == 1:
        value += 0.5
    else:
        value += 0.5 * (
            ADVANCE * win_chance(mine - 1, max(1, rival - 1)) + (1 - ADVANCE) * win_chance(mine - 1, rival)
        )
    # the rival goes out
    if rival > 1:
        value += 0.5 * (
            ADVANCE * win_chance(max(1, mine - 1), rival - 1) + (1 - ADVANCE) * win_chance(mine, rival - 1)
        )
    return value
