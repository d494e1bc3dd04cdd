"""The shapes of the files the interface reads, written with the engine's schema validator.

Every file the game reads is checked by one validator (``game.engine.schema``): the saved games
and their interface block (``game.engine.*.save``, ``game.ui.session.UI_SCHEMAS``), the record of
play (``game.ui.stats``), and here the settings (``settings.json``), the new-game screen's last
choices (``last-setup.json``) and the saved session's header (``game.ui.session``). A file that
does not fit is set aside with a message, as before; the catalogues are read by ``game.i18n``,
which checks their one shape (a flat object of strings) and every message's placeholders.

Two files are kept open to later versions: a settings file or a setup written by a newer
version may carry keys this one does not know, and they are ignored (``KnownFields``), as the
session header's are. Everything this version knows is checked.

The validator is imported when a file is read, not before: ``game.ui.storage`` imports this
module only when there is a settings file to check (about 10 ms, before the first frame).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from game.engine import schema as sc
from game.engine.errors import SaveError

WINDOW_SIDE = 16384
"""The largest window side the settings keep (SDL's own limit)."""
WINDOW_PLACE = 32767
"""The farthest a window's corner may be from the desktop's origin: X11's and Windows's
coordinates are 16-bit numbers (Windows puts a minimised window at -32000)."""


class KnownFields(sc.Spec):
    """An object whose known keys fit their specs; keys it does not know are ignored (written by
    a later version). ``required`` keys must be there."""

    def __init__(self, fields: Mapping[str, sc.Spec], required: tuple[str, ...] = ()) -> None:
        self.fields = dict(fields)
        self.required = required

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise SaveError("bad_field", f"{where}: expected an object")
        missing = [key for key in self.required if key not in value]
        if missing:
            raise SaveError("missing_field", f"{where}: missing field(s) {', '.join(missing)}")
        for key, spec in self.fields.items():
            if key in value:
                spec.check(value[key], f"{where}.{key}")


class Plain(sc.Spec):
    """A plain value: a string, a finite number, true, false or null."""

    def check(self, value: Any, where: str) -> None:
        if isinstance(value, float) and not math.isfinite(value):
            raise SaveError("bad_field", f"{where}: expected a finite number")
        if value is not None and not isinstance(value, (str, int, float, bool)):
            raise SaveError("bad_field", f"{where}: expected a plain value")
        if isinstance(value, str) and len(value) > 200:
            raise SaveError("bad_field", f"{where}: text too long")


def pair(lo: int, hi: int) -> sc.Spec:
    """``null`` or two whole numbers within ``[lo, hi]`` (a window's size or place)."""
    return sc.Maybe(sc.List(sc.Int(lo, hi), length=2))


def settings(
    animation_speeds: tuple[str, ...], computer_speeds: tuple[str, ...], card_backs: tuple[str, ...]
):
    """``settings.json`` (``game.ui.storage.Settings``, whose choices are given): every setting
    optional (a missing one keeps its default)."""
    return KnownFields(
        {
            "language": sc.Maybe(sc.Str(("en", "fr"))),
            "sound": sc.Bool(),
            "volume": sc.Number(0, 1),
            "animation_speed": sc.Str(animation_speeds),
            "computer_speed": sc.Str(computer_speeds),
            "coach": sc.Bool(),
            "card_back": sc.Str(card_backs),
            "four_colour": sc.Bool(),
            "colour_blind": sc.Bool(),
            "fullscreen": sc.Bool(),
            "double_click_discard": sc.Bool(),
            "watched_goes_on": sc.Bool(),
            "window_size": pair(1, WINDOW_SIDE),
            "window_position": pair(-WINDOW_PLACE - 1, WINDOW_PLACE),
            "lessons_offered": sc.List(sc.Str(max_len=40), hi=20),
        }
    )


SETUPS = sc.Map(
    sc.Str(max_len=40),
    KnownFields(
        {
            "count": sc.Int(0, 99),
            "seats": sc.List(KnownFields({"name": sc.Str(max_len=200), "kind": sc.Str(max_len=40)}), hi=99),
            "options": sc.Map(sc.Str(max_len=80), Plain(), hi=100),
        }
    ),
    hi=20,
)
"""``last-setup.json``: per game, the player count, the seats and the options. The new-game
screen then takes each value only if it is one of that game's choices (a value of an older
version keeps its default)."""


def check(spec: sc.Spec, data: Any, where: str) -> None:
    """Raise ``SaveError`` unless ``data`` fits ``spec`` (``game.engine.schema.check``)."""
    sc.check(spec, data, where)
