"""Positions of 500 Rum set up by hand, for tests, lessons and bot authors.

``arranged`` builds a checked ``Rum500State`` from hands, a table and a discard pile written in
the notation (``"5H 6H 7H"``)::

    state = arranged(["5S 5D 9C", "KC QC JC"], discard="9D 3H", table=[("4H 5H 6H", 1)])

Twin cards exist only with two decks (five or six players): there, the second time a face is
written (hands first, then the discard pile, the table, the stock) it is the twin, copy 1, and
``5D#1`` names a copy. The cards no argument places make the rest of the stock, below its given
top cards, in an order ``seed`` decides.

``guessed`` builds, unchecked, a whole game as a seat could find it from its view, the cards it
cannot see dealt at random (the coach plays a seat's turn on it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.errors import IllegalMove, InvariantError
from game.engine.notation import parse_placed
from game.engine.pieces import Card, deal_unseen, make_cards

from .audit import audit
from .options import Options, decks_for
from .records import earlier_hands
from .rules import TableMeld, arrange_meld
from .state import Rum500State
from .turn import Phase
from .view import Rum500View

Cards = str | Sequence[Card]
Credited = tuple[Cards, int]
"""A meld and the seat credited with its cards."""


def arranged(
    hands: Sequence[Cards],
    *,
    discard: Cards = (),
    stock: Cards = (),
    table: Sequence[Credited] = (),
    turn: int = 0,
    totals: Sequence[int] | None = None,
    options: Options | None = None,
    round_number: int = 1,
    seed: int = 0,
    decks: int | None = None,
) -> Rum500State:
    """A position set up by hand, in phase ``"draw"`` with seat ``turn`` to move.

    ``discard`` is bottom first. ``stock`` gives the top cards of the stock, the next card drawn
    first; every card placed nowhere else goes below them (place all the cards for an empty
    stock). ``decks`` defaults to the rule (``decks_for``). ``table`` holds ``(meld, seat)``
    pairs in table order, each meld credited wholly to that seat. ``totals`` (running totals
    before this hand) are recorded as one earlier hand in the history, and the hand is then at
    least the second. Raises ``ValueError`` on an impossible position.
    """
    n = len(hands)
    decks = decks_for(n) if decks is None else decks
    state = Rum500State(n, options or Options(), random.Random(seed), decks)
    used: set[str] = set()

    def cards(pieces: Cards) -> list[Card]:
        out = parse_placed(pieces, used, Card)
        if any(c.is_joker for c in out):  # type: ignore[union-attr]
            raise ValueError("500 Rum uses the 52 cards, no jokers")
        return out  # type: ignore[return-value]

    state._hands = [cards(h) for h in hands]
    state._discard = cards(discard)
    state._table = []
    try:
        for meld, owner in table:
            kind, ordered = arrange_meld(cards(meld), decks)
            state._table.append(TableMeld(kind, ordered, (owner,) * len(ordered), decks))
    except IllegalMove as exc:
        raise ValueError(f"illegal table meld: {exc}") from exc
    top = cards(stock)
    below = [c for c in make_cards(decks, 0) if c.ident not in used]
    state._rng.shuffle(below)
    state._stock = below + top[::-1]
    state._round = round_number
    state._turn = turn
    state._dealer = (turn - 1) % n
    if totals is not None:
        state._round = max(round_number, 2)
        state._history = [earlier_hands(list(totals), state._dealer)]
        state._totals = list(totals)
    state._log = []
    try:
        audit(state)
    except InvariantError as exc:
        raise ValueError(f"impossible position: {exc}") from exc
    return state


def guessed(view: Rum500View, seed: int = 0) -> Rum500State:
    """A whole game as ``view``'s seat could find it, the cards it cannot see dealt at random
    (``seed``) to the other hands and the stock; not checked. A look-ahead at the seat's own
    turn reads no hidden card until it draws one, so any such deal will do (the coach's). A
    claim window is not rebuilt: guess from a view outside one."""
    rng = random.Random(seed)
    seen = [*view.hand, *view.discard, *(c for m in view.table for c in m.cards)]
    hands, stock = deal_unseen(make_cards(view.decks, 0), seen, view.hand_sizes, view.seat, rng)
    hands[view.seat] = list(view.hand)
    state = Rum500State(view.num_players, view.options, random.Random(rng.random()), view.decks)
    state._round = view.round_number
    state._dealer = view.dealer
    state._turn = view.turn_player
    state._phase = Phase(view.phase)
    state._hands = hands
    state._stock = stock
    state._discard = list(view.discard)
    state._table = list(view.table)
    state._must_use = view.must_use
    state._totals = list(view.totals)
    state._history = list(view.history)
    state._log = list(view.log)
    state._winners = list(view.winners)
    return state
