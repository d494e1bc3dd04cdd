"""A small validator for the shape of saved data: one declarative schema per game.

A schema says what a save looks like (which fields an object has, the type and range of every
value, the length of lists, which strings are pieces) and ``check(schema, data)`` raises
``SaveError`` with a stable code and the path of the first value that does not fit:

- ``missing_field`` / ``unknown_field``: an object without a required key or with a key the
  schema does not know;
- ``bad_field``: a value of the wrong type, out of range, a list of the wrong length;
- ``bad_piece``: a string that is not the ident of a card (or tile) of this game.

The schema only walks as deep as it is written, so a deeply nested value is refused at the first
level where a number or a string was expected, without recursion on the data. What the shape
cannot say (every piece exactly once, a legal meld on the table, scores that add up) stays in
each game's loading code, after the schema has passed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import NotationError, SaveError
from .notation import parse_ident, parse_one
from .pieces import Card, Tile


class Spec:
    """One node of a schema."""

    def check(self, value: Any, where: str) -> None:
        """Raise ``SaveError`` unless ``value`` fits; ``where`` is its path in the save."""
        raise NotImplementedError


def check(schema: Spec, data: Any, where: str = "saved game") -> None:
    """Raise ``SaveError`` (code and path) unless ``data`` fits ``schema``."""
    schema.check(data, where)


def _bad(where: str, what: str) -> SaveError:
    return SaveError("bad_field", f"{where}: {what}")


@dataclass(frozen=True)
class Int(Spec):
    """An integer (not a boolean) within ``[lo, hi]``."""

    lo: int | None = None
    hi: int | None = None

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _bad(where, "expected an integer")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise _bad(where, f"{value} out of range")


@dataclass(frozen=True)
class Number(Spec):
    """A finite number (integer or decimal) within ``[lo, hi]``."""

    lo: float | None = None
    hi: float | None = None

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            raise _bad(where, "expected a number")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise _bad(where, f"{value} out of range")


@dataclass(frozen=True)
class Bool(Spec):
    """``true`` or ``false``."""

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, bool):
            raise _bad(where, "expected true or false")


@dataclass(frozen=True)
class Str(Spec):
    """A string, one of ``choices`` when given, at most ``max_len`` characters."""

    choices: tuple[str, ...] | None = None
    max_len: int = 200
    code: str = "bad_field"

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise SaveError(self.code, f"{where}: expected a string")
        if len(value) > self.max_len:
            raise SaveError(self.code, f"{where}: text too long")
        if self.choices is not None and value not in self.choices:
            raise SaveError(self.code, f"{where}: unknown value {value[:40]!r}")


@dataclass(frozen=True)
class Const(Spec):
    """Exactly ``value`` (a header field)."""

    value: Any
    code: str = "bad_field"

    def check(self, value: Any, where: str) -> None:
        if type(value) is not type(self.value) or value != self.value:
            raise SaveError(self.code, f"{where}: expected {self.value!r}")


@dataclass(frozen=True)
class Piece(Spec):
    """The ident of one physical piece (``"5D#1"``) of the given kind(s)."""

    kinds: tuple[type, ...] = (Card, Tile)
    accept: Callable[[Any], bool] | None = None
    """A further test on the parsed piece (500 Rum: no joker, one deck)."""

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str) or len(value) > 12:
            raise SaveError("bad_piece", f"{where}: expected a piece")
        try:
            piece = parse_ident(value)
        except (NotationError, ValueError) as exc:
            raise SaveError("bad_piece", f"{where}: {exc}") from exc
        if not isinstance(piece, self.kinds) or (self.accept is not None and not self.accept(piece)):
            raise SaveError("bad_piece", f"{where}: {value} does not belong to this game")


@dataclass(frozen=True)
class Face(Spec):
    """A piece's face in notation, without its copy (``"5D"``, ``"R7"``), as logs record it."""

    kinds: tuple[type, ...] = (Card, Tile)

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str) or len(value) > 12:
            raise _bad(where, "expected a piece")
        try:
            piece = parse_one(value)
        except (NotationError, ValueError) as exc:
            raise _bad(where, str(exc)) from exc
        if not isinstance(piece, self.kinds):
            raise _bad(where, f"{value} does not belong to this game")


@dataclass(frozen=True)
class Anything(Spec):
    """Any value (a field another check covers, such as the header)."""

    def check(self, value: Any, where: str) -> None:
        return None


@dataclass(frozen=True)
class Maybe(Spec):
    """``null`` or a value fitting ``inner``."""

    inner: Spec

    def check(self, value: Any, where: str) -> None:
        if value is not None:
            self.inner.check(value, where)


@dataclass(frozen=True)
class Plain(Spec):
    """A plain value: a string (at most 200 characters), an integer, a boolean or ``null``
    (the game's own facts of a public event)."""

    def check(self, value: Any, where: str) -> None:
        if isinstance(value, float) or not _plain(value):
            raise _bad(where, "expected a plain value")


@dataclass(frozen=True)
class Fact(Spec):
    """A plain value (see ``Plain``) or a list of at most ``hi`` items, each a plain value or a
    list of at most ``hi`` plain values (the game's own facts of a public event: a meld's
    sizes, the combinations a tile play changed)."""

    hi: int = 200

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            Plain().check(value, where)
            return
        if len(value) > self.hi:
            raise _bad(where, f"{len(value)} items out of range")
        for i, item in enumerate(value):
            if isinstance(item, list):
                List(Plain(), hi=self.hi).check(item, f"{where}[{i}]")
            else:
                Plain().check(item, f"{where}[{i}]")


@dataclass(frozen=True)
class List(Spec):
    """A list whose items fit ``item``, with ``length`` items or between ``lo`` and ``hi``."""

    item: Spec
    length: int | None = None
    lo: int = 0
    hi: int = 10_000

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise _bad(where, "expected a list")
        if self.length is not None and len(value) != self.length:
            raise _bad(where, f"expected a list of {self.length}")
        if not self.lo <= len(value) <= self.hi:
            raise _bad(where, f"{len(value)} items out of range")
        for i, v in enumerate(value):
            self.item.check(v, f"{where}[{i}]")


@dataclass(frozen=True)
class Obj(Spec):
    """An object with exactly the ``required`` keys plus any of the ``optional`` ones."""

    required: Mapping[str, Spec]
    optional: Mapping[str, Spec] = field(default_factory=dict)

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise _bad(where, "expected an object")
        missing = [k for k in self.required if k not in value]
        if missing:
            raise SaveError("missing_field", f"{where}: missing field(s) {', '.join(missing)}")
        unknown = sorted(str(k)[:40] for k in value if k not in self.required and k not in self.optional)
        if unknown:
            raise SaveError("unknown_field", f"{where}: unknown field(s) {', '.join(unknown)}")
        for key, spec in (*self.required.items(), *self.optional.items()):
            if key in value:
                spec.check(value[key], f"{where}.{key}")


@dataclass(frozen=True)
class Tagged(Spec):
    """An object whose ``tag`` field (a string) picks the schema of the whole object (log
    entries: one shape per kind of entry)."""

    tag: str
    shapes: Mapping[str, Spec]

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise _bad(where, "expected an object")
        kind = value.get(self.tag)
        if not isinstance(kind, str) or kind not in self.shapes:
            raise _bad(f"{where}.{self.tag}", f"unknown kind {str(kind)[:40]!r}")
        self.shapes[kind].check(value, f"{where} ({kind})")


@dataclass(frozen=True)
class Map(Spec):
    """An object used as a table: keys fit ``key`` (a string spec), values fit ``value``."""

    key: Spec
    value: Spec
    hi: int = 1_000

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise _bad(where, "expected an object")
        if len(value) > self.hi:
            raise _bad(where, "too many entries")
        for k, v in value.items():
            self.key.check(k, f"{where} key")
            self.value.check(v, f"{where}.{k}")


@dataclass(frozen=True)
class Digits(Spec):
    """A string of digits naming a number within ``[lo, hi]`` (seat numbers as object keys)."""

    lo: int = 0
    hi: int = 99

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str) or not value.isdigit() or not value.isascii() or len(value) > 4:
            raise _bad(where, "expected a number as text")
        if not self.lo <= int(value) <= self.hi:
            raise _bad(where, f"{value} out of range")


@dataclass(frozen=True)
class Custom(Spec):
    """A value checked by ``test`` (which raises ``SaveError``): options, the random state."""

    test: Callable[[Any], Any]

    def check(self, value: Any, where: str) -> None:
        self.test(value)


@dataclass(frozen=True)
class Record(Spec):
    """A log record: the ``required`` keys, the ``known`` keys typed, any other key a plain value
    (so that a record gaining a field in a later version still loads)."""

    required: Sequence[str]
    known: Mapping[str, Spec]

    def check(self, value: Any, where: str) -> None:
        Flat(self.required).check(value, where)
        for key, spec in self.known.items():
            if key in value:
                spec.check(value[key], f"{where}.{key}")


@dataclass(frozen=True)
class Flat(Spec):
    """A record of plain values: strings, integers, booleans, ``null`` and lists of those
    (log entries, whose fields depend on their kind)."""

    required: Sequence[str] = ()

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise _bad(where, "expected an object")
        missing = [k for k in self.required if k not in value]
        if missing:
            raise SaveError("missing_field", f"{where}: missing field(s) {', '.join(missing)}")
        for k, v in value.items():
            items = v if isinstance(v, list) else [v]
            if any(not _plain(x) for x in items):
                raise _bad(f"{where}.{k}", "expected plain values")


def _plain(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) <= 200
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, (int, bool))
