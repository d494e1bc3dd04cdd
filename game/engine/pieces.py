"""Cards and tiles: the physical pieces the three games are played with.

A piece compares equal to any other piece with the same face (two ``5D`` from two decks are
equal, so ``parse(format(x)) == x`` holds), while ``copy`` tells physical twins apart: the
engines always find, move and count pieces by ``ident`` (face plus copy), never by equality,
and never put pieces in sets or dict keys where twins would merge.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import IllegalMove

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Spades, hearts, diamonds, clubs."""

RANKS: tuple[int, ...] = tuple(range(1, 14))
"""Ace is 1, jack 11, queen 12, king 13."""

RANK_TEXT: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
JOKER_TEXT = "JK"

COLOURS: tuple[str, ...] = ("K", "R", "B", "O")
"""Tile colours: black, red, blue, orange."""

STAR_TEXT = "*"

_SUIT_CODE = {"": 0, **{suit: i + 1 for i, suit in enumerate(SUITS)}}
_COLOUR_CODE = {"": 0, **{colour: i + 1 for i, colour in enumerate(COLOURS)}}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. ``rank`` 1-13 (ace = 1) and ``suit`` in ``SUITS``; a joker has rank 0
    and suit ``""``. ``copy`` numbers identical cards from different decks."""

    rank: int
    suit: str
    copy: int = field(default=0, compare=False)
    ident: str = field(init=False, repr=False, compare=False)
    """Unique within a game: the face and the copy, ``5D#1`` (made once: the engines and the
    computer players ask for it millions of times)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ident", f"{self.text}#{self.copy}")

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def text(self) -> str:
        """The notation of the face: ``10H``, ``QS``, ``JK``."""
        return JOKER_TEXT if self.rank == 0 else RANK_TEXT[self.rank] + self.suit

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.ident!r})"

    def __hash__(self) -> int:
        # From numbers only: a string's hash changes with each process (PYTHONHASHSEED), and
        # so would the order of a set of cards, and with it a computer player's choices.
        return hash((self.rank, _SUIT_CODE.get(self.suit, self.suit)))


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile of the tile game. ``colour`` in ``COLOURS`` and ``number`` 1-13; the star
    (the tile joker) has colour ``""`` and number 0. ``copy`` numbers the two twins."""

    colour: str
    number: int
    copy: int = field(default=0, compare=False)
    ident: str = field(init=False, repr=False, compare=False)
    """Unique within a game: the face and the copy, ``R7#1`` (made once, like ``Card.ident``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ident", f"{self.text}#{self.copy}")

    @property
    def is_star(self) -> bool:
        return self.number == 0

    @property
    def text(self) -> str:
        """The notation of the face: ``R7``, ``K13``, ``*``."""
        return STAR_TEXT if self.number == 0 else f"{self.colour}{self.number}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Tile({self.ident!r})"

    def __hash__(self) -> int:
        # From numbers only, like ``Card.__hash__``: the same set order in every process.
        return hash((_COLOUR_CODE.get(self.colour, self.colour), self.number))


Piece = Card | Tile
P = TypeVar("P", Card, Tile)


def joker(copy: int = 0) -> Card:
    """A joker card."""
    return Card(0, "", copy)


def star(copy: int = 0) -> Tile:
    """A star tile."""
    return Tile("", 0, copy)


def make_cards(decks: int, jokers: int) -> list[Card]:
    """``decks`` standard 52-card decks plus ``jokers`` jokers, every card physically distinct
    (copy = deck number for ordinary cards, joker number for jokers), in a fixed order."""
    cards = [Card(rank, suit, d) for d in range(decks) for suit in SUITS for rank in RANKS]
    cards.extend(joker(j) for j in range(jokers))
    return cards


def make_tiles(stars: int = 2) -> list[Tile]:
    """The tile game's set: 1-13 in four colours, two of each, plus ``stars`` stars."""
    tiles = [Tile(c, n, k) for k in range(2) for c in COLOURS for n in RANKS]
    tiles.extend(star(s) for s in range(stars))
    return tiles


def idents(pieces: Iterable[Piece]) -> list[str]:
    """The idents of ``pieces``, in order."""
    return [p.ident for p in pieces]


def index_of(pieces: Sequence[P], piece: P) -> int:
    """Position of this physical piece in ``pieces`` (matched by ident), or -1."""
    ident = piece.ident
    for i, p in enumerate(pieces):
        if p.ident == ident:
            return i
    return -1


def require_held(hand: Sequence[Card], cards: Iterable[Any]) -> None:
    """Raise ``IllegalMove`` unless every physical card of ``cards`` is in ``hand``, none named
    twice (a card game's check of the cards a move names): ``card_not_in_hand`` (for anything
    that is not a card too) or ``duplicate_card``, with the card."""
    held = {c.ident for c in hand}
    seen: set[str] = set()
    for card in cards:
        if not isinstance(card, Card):
            raise IllegalMove("card_not_in_hand", card=str(card))
        if card.ident in seen:
            raise IllegalMove("duplicate_card", card=card.text)
        if card.ident not in held:
            raise IllegalMove("card_not_in_hand", card=card.text)
        seen.add(card.ident)


def deal_unseen(
    every: Sequence[P], seen: Iterable[P], sizes: Sequence[int], seat: int, rng: random.Random
) -> tuple[list[list[P]], list[P]]:
    """A guess at what seat ``seat`` cannot see: the pieces of ``every`` not in ``seen``,
    shuffled by ``rng`` and dealt to the other seats, ``sizes[s]`` each (``seat``'s own hand is
    left empty), and the rest. Raises ``ValueError`` when too few pieces are left."""
    known = {p.ident for p in seen}
    unseen = [p for p in every if p.ident not in known]
    rng.shuffle(unseen)
    hands: list[list[P]] = []
    for s, size in enumerate(sizes):
        if s == seat:
            hands.append([])
            continue
        if size > len(unseen):
            raise ValueError("fewer unseen pieces than the hands hold")
        hands.append(unseen[len(unseen) - size :])
        del unseen[len(unseen) - size :]
    return hands, unseen


def without(pieces: Sequence[P], removed: Iterable[P]) -> list[P]:
    """``pieces`` minus the physical pieces of ``removed`` (matched by ident), order kept."""
    gone = {p.ident for p in removed}
    return [p for p in pieces if p.ident not in gone]
