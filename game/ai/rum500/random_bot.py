"""The random 500 Rum bot: a baseline for tests and simulations.

It picks uniformly at random among the legal moves of its view, with three biases that make
games end (purely uniform play scores below zero on average with five or six players, so no
one ever reaches the target):

- it lays cards down whenever it can (a random meld, lay-off or Rummy! claim);
- it takes from the discard pile whenever the engine allows it (a random legal depth), else it
  draws from the stock (or passes when the stock is empty);
- it discards one of its highest-valued cards (at random among them) four times in five, and
  any card otherwise: a fixed discard rule can fall into an endless cycle when the option
  ``reuse_discards`` turns the same pile over again and again.
"""

from __future__ import annotations

from game.ai.base import Bot
from game.engine.base import Move
from game.engine.rum500 import ClaimRummy, Discard, LayOff, Meld, Rum500View, TakeDiscard, card_points

ANY_DISCARD = 0.2
"""How often the bot discards any card rather than one of its highest."""


class RandomBot(Bot):
    """Random legal moves, biased so that games finish (see the module docstring)."""

    level = "random"

    def choose(self, view: Rum500View) -> Move:
        moves = view.legal_moves()
        if not moves:
            raise ValueError(f"seat {view.seat} has no legal move (phase {view.phase})")
        plays = [m for m in moves if isinstance(m, (Meld, LayOff, ClaimRummy))]
        if plays:
            return self.rng.choice(plays)
        takes = [m for m in moves if isinstance(m, TakeDiscard)]
        if takes:
            return self.rng.choice(takes)
        discards = [m for m in moves if isinstance(m, Discard)]
        if discards:
            if self.rng.random() < ANY_DISCARD:
                return self.rng.choice(discards)
            highest = max(card_points(m.card) for m in discards)
            return self.rng.choice([m for m in discards if card_points(m.card) == highest])
        return self.rng.choice(moves)
