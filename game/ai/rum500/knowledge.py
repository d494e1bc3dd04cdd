"""What a seat knows about the cards it cannot see, read from its view only.

- ``held[seat]``: the cards another seat is known to hold: taken from the discard pile this
  hand and not put down or discarded since.
- ``unseen``: the cards this seat cannot see and nobody is known to hold: the other hands'
  unknown cards and the stock. Every one is equally likely to be anywhere among them.
- ``hidden[seat]``: how many of another seat's cards are unknown (hand size minus ``held``).

Cards are counted by face, as many copies as the game has decks (two ``5D`` with five or six
players): ``held`` and ``unseen`` list a face as often as it is held or unseen.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.engine.pieces import Card, make_cards
from game.engine.rum500 import Rum500View

DECK: tuple[Card, ...] = tuple(make_cards(1, 0))
"""The 52 faces of a deck."""


@dataclass
class Knowledge:
    """See the module docstring."""

    seat: int
    held: list[list[Card]]
    hidden: list[int]
    unseen: tuple[Card, ...]

    def opponents(self) -> list[int]:
        """The other seats, in turn order after this one."""
        n = len(self.held)
        return [(self.seat + k) % n for k in range(1, n)]

    def where_chance(self, card: Card, seat: int) -> float:
        """The chance that ``seat`` (another seat) holds ``card``."""
        if card in self.held[seat]:
            return 1.0
        if card not in self.unseen:
            return 0.0
        return self.hidden[seat] / max(1, len(self.unseen))


def _copies(counts: Counter[str]) -> list[Card]:
    """The cards of ``counts`` (face -> how many), in deck order, numbered copy 0, 1..."""
    return [Card(c.rank, c.suit, k) for c in DECK for k in range(counts[c.text])]


def read(view: Rum500View) -> Knowledge:
    """What ``view``'s seat knows (see the module docstring)."""
    n = view.num_players
    held: list[Counter[str]] = [Counter() for _ in range(n)]
    for event in view.log:
        seat, kind = event.seat, event.kind
        if seat is None:
            continue
        if kind == "draw" and event.source == "discard":
            held[seat].update(event.pieces)
        elif kind in ("lay_off", "discard", "meld") or (kind == "claim" and len(event.pieces) > 1):
            held[seat].subtract(event.pieces)
    held[view.seat] = Counter()
    left = Counter({c.text: view.decks for c in DECK})
    left.subtract(c.text for c in (*view.hand, *view.discard, *(c for m in view.table for c in m.cards)))
    for s in range(n):
        held[s] = Counter({t: min(k, left[t]) for t, k in held[s].items() if k > 0 and left[t] > 0})
        left.subtract(held[s])
    hidden = [max(0, view.hand_sizes[s] - held[s].total()) if s != view.seat else 0 for s in range(n)]
    return Knowledge(view.seat, [_copies(h) for h in held], hidden, tuple(_copies(+left)))
