"""What a seat knows about the cards it cannot see, read from its view only.

- ``held[seat]``: the cards another seat is known to hold: taken from the discard pile this
  hand and not put down or discarded since.
- ``unseen``: the cards this seat cannot see and nobody is known to hold: the other hands'
  unknown cards and the stock. Every one is equally likely to be anywhere among them.
- ``hidden[seat]``: how many of another seat's cards are unknown (hand size minus ``held``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.pieces import Card, make_cards
from game.engine.rum500 import Rum500View

DECK: tuple[Card, ...] = tuple(make_cards(1, 0))
"""The 52 cards of the game."""

CARD_OF_TEXT: dict[str, Card] = {c.text: c for c in DECK}


@dataclass
class Knowledge:
    """See the module docstring."""

    seat: int
    held: list[set[Card]]
    hidden: list[int]
    unseen: frozenset[Card]

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


def _cards(texts: object) -> list[Card]:
    if isinstance(texts, str):
        return [CARD_OF_TEXT[texts]]
    return [CARD_OF_TEXT[t] for t in texts]  # type: ignore[union-attr]


def read(view: Rum500View) -> Knowledge:
    """What ``view``'s seat knows (see the module docstring)."""
    n = view.num_players
    held: list[set[Card]] = [set() for _ in range(n)]
    for entry in view.log:
        action, seat = entry["action"], entry["seat"]
        if action == "take_discard":
            held[seat].update(_cards(entry["cards"]))
        elif action in ("lay_off", "discard"):
            held[seat].discard(CARD_OF_TEXT[entry["card"]])
        elif action in ("meld", "claim_rummy") and "cards" in entry:
            held[seat].difference_update(_cards(entry["cards"]))
    held[view.seat] = set()
    seen = {*view.hand, *view.discard, *(c for m in view.table for c in m.cards)}
    for s in range(n):
        held[s] -= seen
        seen |= held[s]
    hidden = [max(0, view.hand_sizes[s] - len(held[s])) if s != view.seat else 0 for s in range(n)]
    unseen = frozenset(c for c in DECK if c not in seen)
    return Knowledge(view.seat, held, hidden, unseen)
