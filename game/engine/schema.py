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

The nodes are plain classes with ``__slots__``, set once when a schema is built: the settings
file is checked with them before the title's first frame, and a frozen dataclass costs about a
millisecond to define (the twenty nodes were a tenth of a bare pygame window's start). The
notation is imported by the two nodes that parse pieces, when they first check one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .errors import NotationError, SaveError


class Spec:
    """One node of a schema."""

    __slots__ = ()

    def __repr__(self) -> str:
        names = [name for cls in reversed(type(self).__mro__) for name in getattr(cls, "__slots__", ())]
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__name__}({fields})"

    def check(self, value: Any, where: str) -> None:
        """Raise ``SaveError`` unless ``value`` fits; ``where`` is its path in the save."""
        raise NotImplementedError


def check(schema: Spec, data: Any, where: str = "saved game") -> None:
    """Raise ``SaveError`` (code and path) unless ``data`` fits ``schema``."""
    schema.check(data, where)


def _bad(where: str, what: str) -> SaveError:
    return SaveError("bad_field", f"{where}: {what}")


class Int(Spec):
    """An integer (not a boolean) within ``[lo, hi]``."""

    __slots__ = ("hi", "lo")

    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo = lo
        self.hi = hi

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _bad(where, "expected an integer")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise _bad(where, f"{value} out of range")


class Number(Spec):
    """A finite number (integer or decimal) within ``[lo, hi]``."""

    __slots__ = ("hi", "lo")

    def __init__(self, lo: float | None = None, hi: float | None = None) -> None:
        self.lo = lo
        self.hi = hi

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            raise _bad(where, "expected a number")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise _bad(where, f"{value} out of range")


class Bool(Spec):
    """``true`` or ``false``."""

    __slots__ = ()

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, bool):
            raise _bad(where, "expected true or false")


class Str(Spec):
    """A string, one of ``choices`` when given, at most ``max_len`` characters."""

    __slots__ = ("choices", "code", "max_len")

    def __init__(
        self, choices: tuple[str, ...] | None = None, max_len: int = 200, code: str = "bad_field"
    ) -> None:
        self.choices = choices
        self.max_len = max_len
        self.code = code

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise SaveError(self.code, f"{where}: expected a string")
        if len(value) > self.max_len:
            raise SaveError(self.code, f"{where}: text too long")
        if self.choices is not None and value not in self.choices:
            raise SaveError(self.code, f"{where}: unknown value {value[:40]!r}")


class Const(Spec):
    """Exactly ``value`` (a header field)."""

    __slots__ = ("code", "value")

    def __init__(self, value: Any, code: str = "bad_field") -> None:
        self.value = value
        self.code = code

    def check(self, value: Any, where: str) -> None:
        if type(value) is not type(self.value) or value != self.value:
            raise SaveError(self.code, f"{where}: expected {self.value!r}")


class Piece(Spec):
    """The ident of one physical piece (``"5D#1"``) of the given kind(s)."""

    __slots__ = ("accept", "kinds")

    def __init__(
        self, kinds: tuple[type, ...] | None = None, accept: Callable[[Any], bool] | None = None
    ) -> None:
        self.kinds = kinds
        """The classes the piece may be (``Card``, ``Tile``); ``None``: either."""
        self.accept = accept
        """A further test on the parsed piece (500 Rum: no joker, one deck)."""

    def check(self, value: Any, where: str) -> None:
        from .notation import parse_ident

        if not isinstance(value, str) or len(value) > 12:
            raise SaveError("bad_piece", f"{where}: expected a piece")
        try:
            piece = parse_ident(value)
        except (NotationError, ValueError) as exc:
            raise SaveError("bad_piece", f"{where}: {exc}") from exc
        if (self.kinds is not None and not isinstance(piece, self.kinds)) or (
            self.accept is not None and not self.accept(piece)
        ):
            raise SaveError("bad_piece", f"{where}: {value} does not belong to this game")


class Face(Spec):
    """A piece's face in notation, without its copy (``"5D"``, ``"R7"``), as logs record it."""

    __slots__ = ("kinds",)

    def __init__(self, kinds: tuple[type, ...] | None = None) -> None:
        self.kinds = kinds
        """The classes the piece may be (``Card``, ``Tile``); ``None``: either."""

    def check(self, value: Any, where: str) -> None:
        from .notation import parse_one

        if not isinstance(value, str) or len(value) > 12:
            raise _bad(where, "expected a piece")
        try:
            piece = parse_one(value)
        except (NotationError, ValueError) as exc:
            raise _bad(where, str(exc)) from exc
        if self.kinds is not None and not isinstance(piece, self.kinds):
            raise _bad(where, f"{value} does not belong to this game")


class Anything(Spec):
    """Any value (a field another check covers, such as the header)."""

    __slots__ = ()

    def check(self, value: Any, where: str) -> None:
        return None


class Maybe(Spec):
    """``null`` or a value fitting ``inner``."""

    __slots__ = ("inner",)

    def __init__(self, inner: Spec) -> None:
        self.inner = inner

    def check(self, value: Any, where: str) -> None:
        if value is not None:
            self.inner.check(value, where)


class Plain(Spec):
    """A plain value: a string (at most 200 characters), an integer, a boolean or ``null``
    (the game's own facts of a public event)."""

    __slots__ = ()

    def check(self, value: Any, where: str) -> None:
        if isinstance(value, float) or not _plain(value):
            raise _bad(where, "expected a plain value")


class Fact(Spec):
    """A plain value (see ``Plain``) or a list of at most ``hi`` items, each a plain value or a
    list of at most ``hi`` plain values (the game's own facts of a public event: a meld's
    sizes, the combinations a tile play changed)."""

    __slots__ = ("hi",)

    def __init__(self, hi: int = 200) -> None:
        self.hi = hi

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


class List(Spec):
    """A list whose items fit ``item``, with ``length`` items or between ``lo`` and ``hi``."""

    __slots__ = ("hi", "item", "length", "lo")

    def __init__(self, item: Spec, length: int | None = None, lo: int = 0, hi: int = 10_000) -> None:
        self.item = item
        self.length = length
        self.lo = lo
        self.hi = hi

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise _bad(where, "expected a list")
        if self.length is not None and len(value) != self.length:
            raise _bad(where, f"expected a list of {self.length}")
        if not self.lo <= len(value) <= self.hi:
            raise _bad(where, f"{len(value)} items out of range")
        for i, v in enumerate(value):
            self.item.check(v, f"{where}[{i}]")


class Obj(Spec):
    """An object with exactly the ``required`` keys plus any of the ``optional`` ones."""

    __slots__ = ("optional", "required")

    def __init__(self, required: Mapping[str, Spec], optional: Mapping[str, Spec] | None = None) -> None:
        self.required = required
        self.optional = {} if optional is None else optional

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


class Tagged(Spec):
    """An object whose ``tag`` field (a string) picks the schema of the whole object (log
    entries: one shape per kind of entry)."""

    __slots__ = ("shapes", "tag")

    def __init__(self, tag: str, shapes: Mapping[str, Spec]) -> None:
        self.tag = tag
        self.shapes = shapes

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise _bad(where, "expected an object")
        kind = value.get(self.tag)
        if not isinstance(kind, str) or kind not in self.shapes:
            raise _bad(f"{where}.{self.tag}", f"unknown kind {str(kind)[:40]!r}")
        self.shapes[kind].check(value, f"{where} ({kind})")


class Map(Spec):
    """An object used as a table: keys fit ``key`` (a string spec), values fit ``value``."""

    __slots__ = ("hi", "key", "value")

    def __init__(self, key: Spec, value: Spec, hi: int = 1_000) -> None:
        self.key = key
        self.value = value
        self.hi = hi

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise _bad(where, "expected an object")
        if len(value) > self.hi:
            raise _bad(where, "too many entries")
        for k, v in value.items():
            self.key.check(k, f"{where} key")
            self.value.check(v, f"{where}.{k}")


class Digits(Spec):
    """A string of digits naming a number within ``[lo, hi]`` (seat numbers as object keys)."""

    __slots__ = ("hi", "lo")

    def __init__(self, lo: int = 0, hi: int = 99) -> None:
        self.lo = lo
        self.hi = hi

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str) or not value.isdigit() or not value.isascii() or len(value) > 4:
            raise _bad(where, "expected a number as text")
        if not self.lo <= int(value) <= self.hi:
            raise _bad(where, f"{value} out of range")


class Custom(Spec):
    """A value checked by ``test`` (which raises ``SaveError``): options, the random state."""

    __slots__ = ("test",)

    def __init__(self, test: Callable[[Any], Any]) -> None:
        self.test = test

    def check(self, value: Any, where: str) -> None:
        self.test(value)


class Record(Spec):
    """A log record: the ``required`` keys, the ``known`` keys typed, any other key a plain value
    (so that a record gaining a field in a later version still loads)."""

    __slots__ = ("known", "required")

    def __init__(self, required: Sequence[str], known: Mapping[str, Spec]) -> None:
        self.required = required
        self.known = known

    def check(self, value: Any, where: str) -> None:
        Flat(self.required).check(value, where)
        for key, spec in self.known.items():
            if key in value:
                spec.check(value[key], f"{where}.{key}")


class Flat(Spec):
    """A record of plain values: strings, integers, booleans, ``null`` and lists of those
    (log entries, whose fields depend on their kind)."""

    __slots__ = ("required",)

    def __init__(self, required: Sequence[str] = ()) -> None:
        self.required = required

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
