"""Cards and tiles in sentences, in the current language: a piece's bare name for lists
("9♠ 9♥ 2♠", "red 7, red 8"), its name with its article for a single piece ("the Q♥", French
"la D♥", "l’A♥", "le joker", "l’étoile"), and what a meld is made of ("aces", "♥"). Each
table hands the words of its pieces to ``move_words`` as a ``PieceWords``.

The catalogue decides the article: ``card.the.<rank>`` or ``tiles.tile.the_star`` where a
language needs its own (French elides before "as" and says "la dame"), else ``card.the`` or
``tiles.tile.the``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.pieces import COLOURS, STAR_TEXT
from game.i18n import Text, Verbatim
from game.ui.tables.cardtable import SUIT_SYMBOLS, card_label


def the_card(app: Any, text: str) -> Text:
    """A card's name with its article: "the Q♥"; "la D♥", "l’A♥", "le joker" in French."""
    rank = "JK" if text == "JK" else text[:-1]
    key = f"card.the.{rank}"
    return app.tr(key if app.tr_.has(key) else "card.the", card=card_label(app, text))


def is_tile_text(value: Any) -> bool:
    """True for a tile in notation (``R7``, ``*``): the engine's reasons name tiles so."""
    return isinstance(value, str) and (
        value == STAR_TEXT or (len(value) in (2, 3) and value[0] in COLOURS and value[1:].isdigit())
    )


def tile_label(app: Any, text: str) -> Text:
    """A tile's name for sentences: "red 7" / "7 rouge", "star" / "étoile"."""
    if text == STAR_TEXT:
        return app.tr("tiles.tile.star")
    colour, number = text[0], text[1:]
    return app.tr("tiles.tile.label", colour=app.tr(f"tiles.colour.{colour}"), number=Verbatim(number))


def the_tile(app: Any, text: str) -> Text:
    """A tile's name with its article: "the red 7", "the star"; "le 7 rouge", "l’étoile"."""
    if text == STAR_TEXT:
        return app.tr("tiles.tile.the_star")
    return app.tr("tiles.tile.the", tile=tile_label(app, text))


def set_of(app: Any, rank: str) -> Text:
    """What a set of ``rank`` is made of, in the plural: "aces", "7s"; "as", "7" in French."""
    key = f"card.ranks.{rank}"
    if app.tr_.has(key):
        return app.tr(key)
    return app.tr("card.ranks.number", rank=app.tr(f"card.rank.{rank}"))


@dataclass(frozen=True)
class PieceWords:
    """How one game's pieces read in sentences: ``label`` a piece's bare name (in lists, one
    after the other with ``separator`` between), ``the`` its name with its article, ``face``
    what a meld is made of, from the ``shape`` (``"set"``, ``"run"``) and ``face`` (a rank or a
    suit) the engine's events give. Cards are listed with no-break spaces, so that a wrapped
    line never splits one meld."""

    label: Callable[[str], Any] = str
    the: Callable[[str], Any] = str
    face: Callable[[str, str], Any] = lambda shape, face: face
    separator: str = "\u00a0"


PLAIN = PieceWords()
"""Pieces as their notation (tests, and a table that has not said otherwise)."""


def card_words(app: Any) -> PieceWords:
    """The words of cards in ``app``'s current language."""

    def face(shape: str, value: str) -> Any:
        return set_of(app, value) if shape == "set" else Verbatim(SUIT_SYMBOLS.get(value, value))

    return PieceWords(lambda t: card_label(app, t), lambda t: the_card(app, t), face)


def tile_words(app: Any) -> PieceWords:
    """The words of tiles in ``app``'s current language."""
    return PieceWords(lambda t: tile_label(app, t), lambda t: the_tile(app, t), separator=", ")
