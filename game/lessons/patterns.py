"""Moves written as patterns: what a lesson step expects, in the game's notation.

A pattern is a move's JSON form (the engine's ``MoveCodec``) in which pieces are written in
notation and any field may be left out: ``{"kind": "lay_off", "card": "7H", "meld": 3}`` is
"the 7♥ laid off on meld 3, at either end". A piece written as a face (``"5D"``) stands for
either copy of it, ``"5D#1"`` for that copy. A field holding several pieces takes a notation
string (``"7H 7S 7D"``) or a list, and a field of groups a list of those
(``["5H 5S 5D", "9C 9D JK"]``); pieces and groups compare in any order (a meld, a contract, a
tile table are the same whichever order the person laid them in: the engine checks the order).

``matches`` says whether a move fits a pattern; ``resolve`` finds the move a complete pattern
means for a seat's view (among its legal moves, or built from the pieces it sees), so that a
script can be played through the engine (scripted replies, the tests' replay).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.base import Move, MoveCodec
from game.engine.notation import parse_ident, parse_one
from game.engine.pieces import Card, Tile

Pattern = Mapping[str, Any]


def tokens(text: str) -> list[str]:
    """The pieces of a notation string, each a face (``"5D"``) or an ident (``"5D#1"``), in
    upper case; raises ``ValueError`` (``NotationError``) on a bad token."""
    out = []
    for word in text.split():
        word = word.upper()
        if "#" in word:
            parse_ident(word)
        else:
            parse_one(word)
        out.append(word)
    return out


def piece_fits(token: str, piece: Card | Tile) -> bool:
    """True when ``piece`` is the one ``token`` names: its face, or its exact copy."""
    return piece.ident == token if "#" in token else piece.text == token


def _ident_fits(token: str, ident: str) -> bool:
    return ident == token if "#" in token else ident.partition("#")[0] == token


def field_hints(move_classes: Sequence[type[Move]]) -> dict[str, dict[str, Any]]:
    """Every move kind's fields with their declared types."""
    return {
        cls.kind: {name: hint for name, hint in typing.get_type_hints(cls).items() if name != "kind"}
        for cls in move_classes
    }


def _piece_type(hint: Any) -> bool:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return any(_piece_type(arg) for arg in typing.get_args(hint))
    return hint in (Card, Tile)


def _inner(hint: Any) -> Any | None:
    """The item type of a tuple field (``tuple[Card, ...]``), else ``None``."""
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        return args[0] if args else Any
    return None


def normalise(value: Any, hint: Any) -> Any:
    """A pattern value in the shape of the field: lists where the field holds several pieces
    (a notation string split into its tokens), tokens in upper case."""
    inner = _inner(hint)
    if inner is not None:
        items = tokens(value) if isinstance(value, str) else list(value)
        return [normalise(item, inner) for item in items]
    if _piece_type(hint) and isinstance(value, str):
        (token,) = tokens(value)
        return token
    return value


def check_pattern(pattern: Any, hints: Mapping[str, Mapping[str, Any]], where: str) -> None:
    """Raise ``ValueError`` unless ``pattern`` names a move kind of the game, only its fields,
    and pieces in good notation."""
    if not isinstance(pattern, Mapping) or pattern.get("kind") not in hints:
        raise ValueError(f"{where}: not a move of this game: {str(pattern)[:80]}")
    fields = hints[pattern["kind"]]
    for name, value in pattern.items():
        if name == "kind":
            continue
        if name not in fields:
            raise ValueError(f"{where}: {pattern['kind']} has no field {name!r}")
        try:
            normalise(value, fields[name])
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{where}.{name}: {exc}") from exc


def _same(pattern: Any, value: Any) -> bool:
    if isinstance(value, list):
        return isinstance(pattern, list) and _same_items(pattern, value)
    if isinstance(value, str) and "#" in value and isinstance(pattern, str):
        return _ident_fits(pattern, value)
    return pattern == value


def _same_items(patterns: list[Any], values: list[Any]) -> bool:
    """The two lists hold the same things in any order (a small backtracking match: a face
    may stand for either copy, an ident for one)."""
    if len(patterns) != len(values):
        return False

    def place(i: int, used: frozenset[int]) -> bool:
        if i == len(patterns):
            return True
        return any(
            j not in used and _same(patterns[i], value) and place(i + 1, used | {j})
            for j, value in enumerate(values)
        )

    return place(0, frozenset())


def matches(pattern: Pattern, move: Move, codec: MoveCodec, hints: Mapping[str, Mapping[str, Any]]) -> bool:
    """True when ``move`` is one the pattern describes (see the module docstring)."""
    if move.kind != pattern.get("kind"):
        return False
    data = codec.encode(move)
    fields = hints[move.kind]
    return all(
        name == "kind" or _same(normalise(value, fields[name]), data.get(name))
        for name, value in pattern.items()
    )


def visible_pieces(view: Any) -> list[Card | Tile]:
    """The pieces a seat's view shows: its hand (or rack), then the table's, then the discard
    pile's (in every game's view shape)."""
    found: list[Card | Tile] = list(view.hand)
    for meld in getattr(view, "table", ()):
        found += list(getattr(meld, "cards", meld))
    found += list(getattr(view, "discard", ()))
    return found


def resolve(
    pattern: Pattern, view: Any, codec: MoveCodec, hints: Mapping[str, Mapping[str, Any]]
) -> Move | None:
    """The move ``pattern`` means for ``view``'s seat: the first legal move it describes, else
    the move built from the pieces the seat sees (its hand first, each piece once: moves the
    legal list leaves out, a contract laid down, a tile table), or ``None`` when it names a
    piece the seat does not see or leaves out a field."""
    for move in view.legal_moves():
        if matches(pattern, move, codec, hints):
            return move
    fields = hints[pattern["kind"]]
    pool = visible_pieces(view)
    used: set[str] = set()

    def fill(value: Any) -> Any:
        if isinstance(value, list):
            return [fill(item) for item in value]
        if isinstance(value, str) and any(_ident_fits(value, p.ident) for p in pool):
            piece = next(p for p in pool if p.ident not in used and piece_fits(value, p))
            used.add(piece.ident)
            return piece.ident
        return value

    try:
        data = {"kind": pattern["kind"]}
        data.update(
            {name: fill(normalise(value, fields[name])) for name, value in pattern.items() if name != "kind"}
        )
        return codec.decode(data)
    except (StopIteration, ValueError):
        return None
