"""Positions of Frustration Rummy set up by hand, for tests and for bot authors.

``arranged`` builds a checked ``FrustrationState`` from hands, a table and a discard pile
written in the notation (``"5H 6H JK 8H"``)::

    state = arranged(
        ["5H 5S 5D 9C 9D 9S 4H 5H 6H 7H KC QD 3S", "AS AD ..."],
        discard="KD",
        table=[("8C 8D JK", 1)],
        contracts=[3, 3],
    )

``seen_by`` builds, unchecked, a whole game as a seat could find it from its view and a guess
at the hidden cards (a computer player's look-ahead); ``guessed`` makes that guess at random
(the coach plays a seat's turn on it).

Identical cards exist (two decks): a face written once is copy 0 of it, written a second time
(anywhere: hands first, then the table, the discard pile, the stock) copy 1, and so on; write
``5D#1`` to name a copy yourself. Every card placed nowhere goes into the stock under the given
top cards, shuffled by ``seed``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.errors import IllegalMove
from game.engine.notation import parse_placed
from game.engine.pieces import Card, deal_unseen, make_cards

from .audit import consistency_problem
from .options import Options
from .rules import deduce_kind, table_meld
from .state import FrustrationState
from .turn import Phase
from .view import FrustrationView

Cards = str | Sequence[Card]


def arranged(
    hands: Sequence[Cards],
    *,
    discard: Cards = (),
    stock: Cards = (),
    table: Sequence[tuple[Cards, int]] = (),
    contracts: Sequence[int] | None = None,
    down: Sequence[bool] | None = None,
    turn: int = 0,
    phase: str = Phase.DRAW,
    scores: Sequence[int] | None = None,
    options: Options | None = None,
    seed: int = 0,
) -> FrustrationState:
    """A position with seat ``turn`` to move in ``phase`` (``"draw"``, or ``"play"``: it has
        drawn already, and then must hold one card more than a hand dealt to play on).

        ``table`` holds ``(meld, owner)`` pairs in table order, each meld in table order (wilds
        where they stand; its kind is read from the cards). ``down`` defaults to the seats owning a
        table meld; ``contracts`` to 1 for everyone. ``discard`` is bottom first; ``stock`` gives
        its top cards, the next card drawn first; with no ``discard`` a card of the stock is turned
    up to start the pile, as after a deal. Raises ``ValueError`` on an impossible position.
    """
    n = len(hands)
    state = FrustrationState(n, options or Options(), seed)
    used: set[str] = set()

    def cards(pieces: Cards) -> list[Card]:
        return parse_placed(pieces, used, Card)  # type: ignore[return-value]

    state._hands = [cards(h) for h in hands]
    melds = []
    try:
        for meld, owner in table:
            laid = cards(meld)
            melds.append(table_meld(owner, laid, deduce_kind(laid)))
    except IllegalMove as exc:
        raise ValueError(f"illegal table meld: {exc}") from exc
    state.table = melds
    state.discard = cards(discard)
    top = cards(stock)
    below = [c for c in state.all_cards() if c.ident not in used]
    rng = state._rng
    rng.shuffle(below)
    if not state.discard and below:
        state.discard = [below.pop()]  # turned up, as after a deal
    state.stock = below + top[::-1]
    state.contracts = list(contracts) if contracts is not None else [1] * n
    owners = {m.owner for m in melds}
    state.down = list(down) if down is not None else [p in owners for p in range(n)]
    state.scores = list(scores) if scores is not None else [0] * n
    if phase not in (Phase.DRAW, Phase.PLAY):
        raise ValueError("phase must be 'draw' or 'play'")
    state.phase = Phase(phase)
    state.pending_wilds = []
    state.history = []
    state.log = []
    state._current = turn
    state.first_player = turn
    state.dealer = (turn - 1) % n
    problem = consistency_problem(state)
    if problem:
        raise ValueError(f"impossible position: {problem}")
    return state


def seen_by(
    view: FrustrationView, hands: Sequence[Sequence[Card]], stock: Sequence[Card], rng: random.Random
) -> FrustrationState:
    """A whole game as ``view``'s seat could find it: everything the view shows and its own
    hand, ``hands`` for the other seats (``hands[view.seat]`` is not read), ``stock`` (top last)
    and ``rng``, the generator of what the game shuffles next. Not checked (a computer player's
    look-ahead builds one per rollout): the caller deals a guess consistent with the view."""
    state = FrustrationState.__new__(FrustrationState)
    state._players = view.num_players
    state.options = view.options
    state.seed = 0
    state._rng = rng
    state._round = view.round_number
    state.dealer = view.dealer
    state.first_player = view.first_player
    state.phase = Phase(view.phase)
    state._current = view.current_player
    state._hands = [list(view.hand) if seat == view.seat else list(h) for seat, h in enumerate(hands)]
    state.stock = list(stock)
    state.discard = list(view.discard)
    state.table = list(view.table)
    state.contracts = list(view.contracts)
    state.down = list(view.down)
    state.pending_wilds = list(view.pending_wilds)
    state.scores = list(view.scores)
    state._winners = list(view.winners)
    state.history = list(view.history)
    state.log = list(view.log)
    return state


def guessed(view: FrustrationView, seed: int = 0) -> FrustrationState:
    """A whole game as ``view``'s seat could find it, the cards it cannot see dealt at random
    (``seed``) to the other hands and the stock. A look-ahead at the seat's own turn reads no
    hidden card until it draws one, so any such deal will do (the coach's)."""
    rng = random.Random(seed)
    seen = [*view.hand, *view.discard, *(c for m in view.table for c in m.cards)]
    decks = view.options.deck_count(view.num_players)
    hands, stock = deal_unseen(make_cards(decks, 2 * decks), seen, view.hand_sizes, view.seat, rng)
    return seen_by(view, hands, stock, random.Random(rng.random()))
