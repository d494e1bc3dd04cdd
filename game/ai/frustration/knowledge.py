"""What a seat knows about the hidden cards, read from its view only.

- ``unseen``: per face (``contracts`` face codes, ``WILD`` for jokers and 2s), how many
  physical cards the seat cannot see (in other hands or in the stock): the game's cards minus
  its own hand, the table and the discard pile.
- ``held``: per other seat, the faces it is known to hold: cards it took from the discard pile
  this round and has not put down or discarded since.
- ``picked`` / ``thrown``: per seat, every face it took from the discard pile / discarded this
  round (what it collects, what it does not want).
- ``drawable``: ``unseen`` minus the faces known to be held by others (what the stock may give).
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass

from game.engine.frustration import FrustrationView
from game.engine.notation import parse_one
from game.engine.pieces import Card

from .contracts import FACES, WILD, face_of


@dataclass
class Knowledge:
    """See the module docstring."""

    seat: int
    unseen: Counter[int]
    held: list[Counter[int]]
    picked: list[list[int]]
    thrown: list[list[int]]
    drawable: Counter[int]

    @property
    def drawable_total(self) -> int:
        """Number of cards the stock may hold, as far as the seat can tell."""
        return max(1, sum(self.drawable.values()))

    def draw_chance(self, faces: list[int]) -> float:
        """The chance that a blind draw shows one of ``faces``."""
        return sum(self.drawable[f] for f in faces) / self.drawable_total


def card_of_text(text: str) -> Card:
    """The card (copy 0) written ``text``."""
    card = parse_one(text)
    assert isinstance(card, Card)
    return card


@functools.lru_cache(maxsize=512)
def _face_of_text(text: str) -> int:
    return face_of(card_of_text(text))


def game_faces(view: FrustrationView) -> Counter[int]:
    """How many cards of each face the game has."""
    decks = view.options.deck_count(view.num_players)
    total: Counter[int] = Counter({f: decks for f in FACES})
    total[WILD] = 4 * decks + 2 * decks
    return total


def read(view: FrustrationView) -> Knowledge:
    """What ``view``'s seat knows (see the module docstring)."""
    n = view.num_players
    unseen = game_faces(view)
    seen = [*view.hand, *view.discard, *(c for m in view.table for c in m.cards)]
    for card in seen:
        unseen[face_of(card)] -= 1
    held: list[Counter[int]] = [Counter() for _ in range(n)]
    picked: list[list[int]] = [[] for _ in range(n)]
    thrown: list[list[int]] = [[] for _ in range(n)]
    for event in view.log:
        p = event.seat
        if p is None:
            continue
        if event.kind == "draw" and event.source == "discard":
            face = _face_of_text(event.pieces[0])
            held[p][face] += 1
            picked[p].append(face)
        elif event.kind == "discard":
            face = _face_of_text(event.pieces[0])
            thrown[p].append(face)
            _forget(held[p], face)
        elif event.kind in ("meld", "lay_off"):
            for text in event.pieces:
                _forget(held[p], _face_of_text(text))
        elif event.kind == "swap_wild":
            _forget(held[p], _face_of_text(event.pieces[0]))
    held[view.seat] = Counter()
    drawable = Counter(unseen)
    for p in range(n):
        if p != view.seat:
            for face, count in held[p].items():
                drawable[face] = max(0, drawable[face] - count)
    return Knowledge(view.seat, unseen, held, picked, thrown, drawable)


def _forget(counter: Counter[int], face: int) -> None:
    if counter[face] > 0:
        counter[face] -= 1
