"""Text notation for cards and tiles (shared/RULES.md, "Notation").

Cards: rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` plus suit ``S H D C`` (``10H``, ``QS``), joker ``JK``.
Tiles: colour ``K R B O`` plus number ``1``-``13`` (``R7``, ``K13``), star ``*``.
Items are separated by spaces. ``parse`` numbers repeated faces (the second ``5D`` of a text is
copy 1) so that parsed twins are distinct physical pieces; ``format`` writes faces only, and
``parse(format(x)) == x`` because pieces compare by face.

In saved games each piece is written with its copy, ``5D#1``: see ``format_ident`` and
``parse_ident``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError
from .pieces import COLOURS, JOKER_TEXT, RANK_TEXT, STAR_TEXT, SUITS, Card, Piece, Tile

__all__ = ["NotationError", "format", "format_ident", "parse", "parse_ident", "parse_one", "parse_placed"]

_RANK_OF_TEXT = {text: rank for rank, text in RANK_TEXT.items()}


def parse_one(token: str, copy: int = 0) -> Piece:
    """One card or tile from its notation; raises ``NotationError`` naming the token."""
    word = token.strip().upper()
    if not word:
        raise NotationError(token, "empty")
    if word == JOKER_TEXT:
        return Card(0, "", copy)
    if word == STAR_TEXT:
        return Tile("", 0, copy)
    head, tail = word[0], word[1:]
    if head in COLOURS and tail.isdigit():
        number = int(tail)
        if 1 <= number <= 13 and tail == str(number):
            return Tile(head, number, copy)
        raise NotationError(token, "tile numbers run from 1 to 13")
    rank_text, suit = word[:-1], word[-1]
    if suit not in SUITS:
        raise NotationError(token, "unknown suit (use S, H, D or C)")
    if rank_text not in _RANK_OF_TEXT:
        raise NotationError(token, "unknown rank (use A, 2-10, J, Q or K)")
    return Card(_RANK_OF_TEXT[rank_text], suit, copy)


def parse(text: str) -> list[Piece]:
    """Cards and/or tiles from space-separated notation, in order.

    Raises ``NotationError`` (a ``ValueError``) whose message names the first bad token.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() needs a string, not {type(text).__name__}")
    seen: dict[str, int] = {}
    items: list[Piece] = []
    for token in text.split():
        piece = parse_one(token)
        copy = seen.get(piece.text, 0)
        seen[piece.text] = copy + 1
        items.append(_with_copy(piece, copy))
    return items


def parse_placed(pieces: str | Iterable[Piece], used: set[str], kind: type[Piece]) -> list[Piece]:
    """The pieces of a position set up by hand (the engines' ``positions.arranged``), in order.

    ``pieces`` is notation or pieces. A face written in notation is its first copy not in
    ``used`` (so the second ``5D`` of a position is copy 1, wherever it stands); ``5D#1`` names
    a copy. Pieces given as objects are taken as they are. Every piece's ident is added to
    ``used``. Raises ``ValueError`` (``NotationError`` for a bad token) when a piece is not a
    ``kind`` or is placed twice.
    """
    if not isinstance(pieces, str):
        out = list(pieces)
        used.update(p.ident for p in out)
        return out
    out = []
    for token in pieces.split():
        if "#" in token:
            piece = parse_ident(token)
        else:
            face = parse_one(token)
            copy = 0
            while f"{face.text}#{copy}" in used:
                copy += 1
            piece = _with_copy(face, copy)
        if not isinstance(piece, kind):
            raise ValueError(f"{token}: not a {kind.__name__.lower()}")
        if piece.ident in used:
            raise ValueError(f"{piece.ident} is placed twice")
        used.add(piece.ident)
        out.append(piece)
    return out


def format(items: Iterable[Piece] | Piece) -> str:  # noqa: A001 - public API name
    """Space-separated notation of ``items`` (or of a single card or tile)."""
    if isinstance(items, (Card, Tile)):
        return items.text
    return " ".join(item.text for item in items)


def format_ident(piece: Piece) -> str:
    """The notation of one physical piece with its copy: ``5D#1``."""
    return piece.ident


def parse_ident(text: str) -> Piece:
    """The inverse of ``format_ident``; raises ``NotationError``."""
    face, sep, copy_text = text.partition("#")
    if not sep or not copy_text.isdigit():
        raise NotationError(text, "expected FACE#COPY")
    return parse_one(face, int(copy_text))


def _with_copy(piece: Piece, copy: int) -> Piece:
    if isinstance(piece, Card):
        return Card(piece.rank, piece.suit, copy)
    return Tile(piece.colour, piece.number, copy)
