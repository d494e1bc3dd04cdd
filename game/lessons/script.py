"""A lesson script: its shape, its reading, and the deal it starts from.

``<game>.json`` beside this module (format ``rami-lesson``, version 1)::

    {"format": "rami-lesson", "version": 1, "game": "rum500",
     "seats": ["Bruno"],                      # the other seats' names (the person sits first)
     "deal": {"hands": ["7S 7D JC", "AS 6C"], "discard": "KD 7H", ..., "options": {...}},
     "steps": [{"id": "take", "text": "lesson.rum500.take", "nudge": "lesson.rum500.take.nudge",
                "moves": [{"kind": "take_discard", "index": 1}], "glow": ["7H"],
                "places": ["hand"], "params": {"card": "7H"}, "replies": [...]}, ...]}

``deal`` holds the keyword arguments of the game's position builder
(``game.engine.<game>.positions.arranged``), ``options`` those of its ``Options``. A step
says what completes it with exactly one of ``moves`` (patterns, ``patterns.py``; one of them,
or each of them with ``"each": true``), ``arranged`` (groups of pieces the table's arrangement
must hold together) or ``wait`` (``"sheet"``, ``"next"``, ``"finish"``). ``glow`` lists the
pieces that glow (notation, or a pile: ``"stock"``, ``"pool"``), which are also the pieces
an ``arranged`` step lets the person move; ``places`` the places that glow (a drop target's
key or its first part, ``"meld:3"``; an area, ``"glass"``; a button, ``"button:lay_down"``);
``params`` what its texts name (pieces in notation, or ``@`` and the catalogue id of a
button's name); ``replies`` the moves the other seats then play.

``read`` checks a script with the engine's schema validator (``game.engine.schema``), then
builds its deal and checks every pattern and piece against the game; ``load`` reads a shipped
script. Either raises ``LessonError`` saying what is wrong and where.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.engine import schema as sc
from game.engine.base import GameState, MoveCodec
from game.engine.errors import SaveError
from game.engine.games import game_info

from . import script_path
from .patterns import Pattern, check_pattern, field_hints, tokens

FORMAT = "rami-lesson"
VERSION = 1
WAITS = ("sheet", "next", "finish")
"""What a ``wait`` step waits for: the score sheet opened, the coach panel's Next or Finish."""


class LessonError(ValueError):
    """A lesson script that cannot be used: the message says what is wrong and where."""


def _notation(value: Any) -> None:
    if not isinstance(value, str) or len(value) > 2000:
        raise SaveError("bad_field", "expected pieces in notation")


_ID = sc.Str(max_len=80)
_NOTATION = sc.Custom(_notation)
_PATTERN = sc.Map(sc.Str(max_len=20), sc.Anything(), hi=10)


class _Deal(sc.Spec):
    """The deal: ``hands`` in notation, the builder's other arguments by name (the builder
    checks their values when the deal is set up)."""

    def check(self, value: Any, where: str) -> None:
        sc.Map(sc.Str(max_len=40), sc.Anything(), hi=20).check(value, where)
        if "hands" not in value:
            raise SaveError("missing_field", f"{where}: missing field(s) hands")
        sc.List(_NOTATION, lo=2, hi=6).check(value["hands"], f"{where}.hands")


STEP = sc.Obj(
    {"id": _ID, "text": _ID, "nudge": _ID},
    {
        "moves": sc.List(_PATTERN, lo=1, hi=8),
        "each": sc.Bool(),
        "arranged": sc.List(_NOTATION, lo=1, hi=8),
        "wait": sc.Str(WAITS),
        "glow": sc.List(_NOTATION, hi=20),
        "places": sc.List(sc.Str(max_len=40), hi=10),
        "params": sc.Map(sc.Str(max_len=20), _NOTATION, hi=8),
        "replies": sc.List(_PATTERN, hi=20),
    },
)
SCHEMA = sc.Obj(
    {
        "format": sc.Const(FORMAT),
        "version": sc.Const(VERSION),
        "game": sc.Str(max_len=40),
        "seats": sc.List(sc.Str(max_len=24), lo=1, hi=5),
        "deal": _Deal(),
        "steps": sc.List(STEP, lo=1, hi=40),
    }
)
"""The shape of a lesson script (the deal's other fields are the builder's, checked by it)."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module docstring)."""

    id: str
    text: str
    """The coach's words: what to do next and why (a catalogue id)."""
    nudge: str
    """What any other gesture is answered with (a catalogue id)."""
    moves: tuple[Pattern, ...] = ()
    each: bool = False
    """True when every pattern of ``moves`` must be played (in any order), else any one."""
    arranged: tuple[tuple[str, ...], ...] = ()
    wait: str | None = None
    glow: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    params: dict[str, str] = field(default_factory=dict)
    replies: tuple[Pattern, ...] = ()


@dataclass(frozen=True)
class Script:
    """A lesson: its game, the other seats' names, the deal and the steps."""

    game: str
    seats: tuple[str, ...]
    deal: dict[str, Any]
    steps: tuple[Step, ...]

    @property
    def codec(self) -> MoveCodec:
        """The game's move codec."""
        return game_info(self.game).module.CODEC

    @property
    def hints(self) -> dict[str, dict[str, Any]]:
        """The game's move kinds and their fields' types (``patterns.field_hints``)."""
        return field_hints(game_info(self.game).module.MOVE_CLASSES)

    def start(self) -> GameState:
        """A new state of the prepared deal (``LessonError`` when the builder refuses it)."""
        info = game_info(self.game)
        kwargs = dict(self.deal)
        try:
            kwargs["options"] = info.options_class(**kwargs.get("options", {}))
            state = info.module.arranged(**kwargs)
        except (TypeError, ValueError) as exc:
            raise LessonError(f"{self.game} lesson: the deal cannot be set up: {exc}") from exc
        if state.num_players != len(self.seats) + 1:
            raise LessonError(
                f"{self.game} lesson: {len(self.seats) + 1} seats for {state.num_players} hands"
            )
        return state


def read(data: Any, game: str) -> Script:
    """The script of ``game`` from its JSON data; raises ``LessonError``."""
    try:
        sc.check(SCHEMA, data, f"{game} lesson")
    except SaveError as exc:
        raise LessonError(str(exc)) from exc
    if data["game"] != game:
        raise LessonError(f"{game} lesson: the script is for {data['game']!r}")
    try:
        game_info(game)
    except KeyError as exc:
        raise LessonError(f"no game called {game!r}") from exc
    steps = tuple(_step(raw, f"{game} lesson, step {i + 1}") for i, raw in enumerate(data["steps"]))
    if len({s.id for s in steps}) != len(steps):
        raise LessonError(f"{game} lesson: two steps share an id")
    script = Script(game, tuple(data["seats"]), dict(data["deal"]), steps)
    script.start()  # the deal is built once here, so that a bad one is reported when read
    hints = script.hints
    for i, step in enumerate(steps):
        for pattern in (*step.moves, *step.replies):
            try:
                check_pattern(pattern, hints, f"{game} lesson, step {i + 1}")
            except ValueError as exc:
                raise LessonError(str(exc)) from exc
    return script


def _step(raw: dict[str, Any], where: str) -> Step:
    kinds = [key for key in ("moves", "arranged", "wait") if key in raw]
    if len(kinds) != 1:
        raise LessonError(f"{where}: give one of moves, arranged or wait")
    try:
        glow = tuple(t for word in raw.get("glow", ()) for t in _glow_tokens(word))
        arranged = tuple(tuple(tokens(group)) for group in raw.get("arranged", ()))
        params = {name: _param(text) for name, text in raw.get("params", {}).items()}
    except ValueError as exc:
        raise LessonError(f"{where}: {exc}") from exc
    return Step(
        id=raw["id"],
        text=raw["text"],
        nudge=raw["nudge"],
        moves=tuple(raw.get("moves", ())),
        each=raw.get("each", False),
        arranged=arranged,
        wait=raw.get("wait"),
        glow=glow,
        places=tuple(raw.get("places", ())),
        params=params,
        replies=tuple(raw.get("replies", ())),
    )


def _param(text: str) -> str:
    """A text's parameter: pieces in notation, or ``@`` and a catalogue id (a button's name,
    so that the lesson names it with the button's own words)."""
    return text if text.startswith("@") else " ".join(tokens(text))


PILES = ("stock", "pool")
"""Piles a step may light by name (the table's sprite of a face-down pile)."""


def _glow_tokens(word: str) -> list[str]:
    return [word] if word in PILES else tokens(word)


def load(game: str) -> Script:
    """The shipped lesson of ``game``; raises ``LessonError`` (a missing or damaged file)."""
    path = script_path(game)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise LessonError(f"{path.name}: {exc}") from exc
    return read(data, game)
