"""Everything a game of 500 Rum is at one moment: the fields that the state, its audit and its
save share (the state adds the rules of play on top)."""

from __future__ import annotations

import random

from game.engine.pieces import Card

from .options import Options
from .records import Record
from .rules import TableMeld
from .turn import Phase


class Position:
    """The fields of a game (see ``Rum500State`` for what they mean)."""

    def __init__(self, players: int, options: Options, rng: random.Random, decks: int = 1) -> None:
        """An empty position of ``players`` seats, with ``decks`` 52-card decks."""
        self._n = players
        self._options = options
        self._rng = rng
        self._decks = decks
        self._round = 1
        self._dealer = players - 1
        self._turn = 0
        self._phase = Phase.DRAW
        self._hands: list[list[Card]] = [[] for _ in range(players)]
        self._stock: list[Card] = []
        self._discard: list[Card] = []
        self._table: list[TableMeld] = []
        self._must_use: Card | None = None
        self._claim_queue: list[int] = []
        self._totals = [0] * players
        self._history: list[Record] = []
        self._log: list[Record] = []
        self._winners: list[int] = []

    def _all_cards(self) -> list[Card]:
        cards = [c for h in self._hands for c in h]
        cards += self._stock + self._discard
        cards += [c for m in self._table for c in m.cards]
        return cards

    def _game_winner(self) -> int | None:
        """The seat that wins now, if any: the highest total among those at or over the
        target, unless two share it (then another hand is played)."""
        reached = [t for t in self._totals if t >= self._options.target]
        if not reached:
            return None
        best = max(reached)
        if self._totals.count(best) > 1:
            return None
        return self._totals.index(best)
