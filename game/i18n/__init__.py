"""Localisation: the French and English catalogues, plural rules and the translator.

Catalogues are flat JSON files in ``locales/`` (``en.json``, ``fr.json``) keyed by stable ids
(``menu.play``, ``error.too_many_wilds``). Placeholders are named, ``{name}``: a plain name, no
format specification, no attribute or index. A plural message has one key per plural category,
``<key>_one`` and ``<key>_other`` (English: 1 is ``one``; French: 0 and 1 are ``one``).

Nothing in a catalogue can stop the game: a message with a malformed placeholder is left out
(and reported), a key missing in the current language comes from English, then from the other
catalogue (so a broken ``en.json`` shows French, never raw ids), and only a key found nowhere is
shown as a readable form of its id.

Every string the interface draws is a ``Text`` (made here, from a catalogue) or a ``Verbatim``
(player-typed names, numbers): the text renderer accepts nothing else, which is how the tests
prove that no prose is hard-coded in the interface.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"


class Text(str):
    """A string that came out of a catalogue (see ``Translator.tr``). It remembers its id and
    parameters, so that text already on screen can follow a language switch (``refresh``)."""

    key: str | None = None
    params: dict[str, Any] | None = None
    count: int | None = None


class Verbatim(str):
    """A string shown as it is: a name a player typed, a number. Never prose of the game."""

    __slots__ = ()


class CatalogueError(ValueError):
    """A locale file that cannot be read or is not a flat object of strings."""


def plural_category(lang: str, n: int | float) -> str:
    """``"one"`` or ``"other"`` for ``n`` in ``lang`` (French: 0 and 1 are singular)."""
    if lang == "fr":
        return "one" if abs(n) < 2 else "other"
    return "one" if n == 1 else "other"


def placeholder_problem(message: str) -> str | None:
    """Why ``message`` cannot be filled in safely (a stray brace, a positional, attribute or
    indexed placeholder, a format specification), or ``None`` when it is fine."""
    if "{" not in message and "}" not in message:
        return None  # most messages: nothing to fill in
    if _plain_placeholders(message):
        return None
    import string

    try:
        parts = list(string.Formatter().parse(message))
    except ValueError as exc:
        return str(exc)
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            return f"placeholder {{{name}}} is not a plain name"
    return None


def _plain_placeholders(message: str) -> bool:
    """True when every brace of ``message`` belongs to a placeholder with a plain name
    (``{name}``): such a message is fine without parsing it (the catalogues are read before the
    title's first frame, and ``string`` waits for a message this does not cover)."""
    head, *fields = message.split("{")
    if "}" in head:
        return False
    for field in fields:
        name, closed, tail = field.partition("}")
        if not closed or "}" in tail or not name.isidentifier():
            return False
    return True


def read_catalogue(path: Path) -> tuple[dict[str, str], list[str]]:
    """A catalogue from its JSON file and the messages left out of it (a malformed
    placeholder); raises ``CatalogueError`` when the file as a whole is unusable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogueError(f"{path.name}: file not found") from None
    except RecursionError:
        raise CatalogueError(f"{path.name}: nested too deeply") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CatalogueError(f"{path.name}: {exc}") from exc
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise CatalogueError(f"{path.name}: expected a flat object of strings")
    messages, problems = {}, []
    for key, message in data.items():
        problem = placeholder_problem(message)
        if problem:
            problems.append(f"{path.name}: {key}: {problem}")
        else:
            messages[key] = message
    return messages, problems


def system_language() -> str | None:
    """The user's language from the environment or the OS locale, if it is one we have."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "LC_CTYPE"):
        code = _language_of(os.environ.get(name, ""))
        if code:
            return code
    if sys.platform.startswith("linux"):
        return None  # the C library's locale comes from the variables above: nothing more to learn
    import locale  # elsewhere the system's setting may say more than the environment

    with contextlib.suppress(ValueError):
        return _language_of(locale.getlocale()[0] or "")
    return None


def _language_of(value: str) -> str | None:
    code = value.split(":")[0][:2].lower()
    return code if code in LANGUAGES else None


def choose_language(
    cli: str | None, settings: str | None, system: str | Callable[[], str | None] | None
) -> str:
    """``--lang`` first, then the saved setting, then the system locale (``system``: the
    language, or the function that finds it, called only when needed), then English."""
    for lang in (cli, settings):
        if lang in LANGUAGES:
            return lang
    if callable(system):
        system = system()
    return system if system in LANGUAGES else DEFAULT_LANGUAGE


class Translator:
    """Looks up messages in the current language, falling back to English.

    ``problems`` lists catalogue files that could not be read (the interface reports them);
    the game goes on with what it has.
    """

    def __init__(self, lang: str, catalogues: Mapping[str, Mapping[str, str]]) -> None:
        self._catalogues = {code: dict(messages) for code, messages in catalogues.items()}
        self.problems: list[str] = []
        self._listeners: list[Callable[[str], None]] = []
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE

    @classmethod
    def from_folder(cls, folder: Path, lang: str) -> Translator:
        """Load every language's catalogue from ``folder``; unreadable files and malformed
        messages are reported in ``problems`` and replaced by the fallbacks."""
        catalogues: dict[str, dict[str, str]] = {}
        problems = []
        for code in LANGUAGES:
            try:
                catalogues[code], left_out = read_catalogue(folder / f"{code}.json")
            except CatalogueError as exc:
                catalogues[code], left_out = {}, [str(exc)]
            problems += left_out
        translator = cls(lang, catalogues)
        translator.problems = problems
        return translator

    def set_language(self, lang: str) -> None:
        """Switch language and tell every listener (scenes re-lay their text)."""
        if lang not in LANGUAGES or lang == self.lang:
            return
        self.lang = lang
        for listener in list(self._listeners):
            listener(lang)

    def on_change(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(lang)`` after every language switch."""
        self._listeners.append(listener)

    def keys(self, lang: str | None = None) -> Iterable[str]:
        """The ids of one catalogue (the current language's by default)."""
        return self._catalogues.get(lang or self.lang, {}).keys()

    def _fallbacks(self) -> list[str]:
        """Where a message is looked for: the current language, English, then the others."""
        order = [self.lang, DEFAULT_LANGUAGE, *LANGUAGES, *self._catalogues]
        return list(dict.fromkeys(order))

    def has(self, key: str) -> bool:
        """True when ``key`` (or its plural forms) exists in a catalogue."""
        for code in self._fallbacks():
            messages = self._catalogues.get(code, {})
            if key in messages or f"{key}_other" in messages:
                return True
        return False

    def _lookup(self, key: str) -> str | None:
        for code in self._fallbacks():
            message = self._catalogues.get(code, {}).get(key)
            if message is not None:
                return message
        return None

    def tr(self, key: str, **params: Any) -> Text:
        """The message ``key`` in the current language with ``params`` filled in.

        A key found in no catalogue gives a readable form of its id (``menu.new_game`` ->
        "New game"): only a broken installation shows it, and the locale tests catch ids
        missing from the catalogues.
        """
        message = self._lookup(key)
        text = Text(last_resort(key)) if message is None else Text(_fill(message, params))
        text.key, text.params = key, params
        return text

    def tr_n(self, key: str, n: int, **params: Any) -> Text:
        """The plural message ``key`` for the count ``n`` (also passed as ``{n}``)."""
        category = plural_category(self.lang, n)
        message = self._lookup(f"{key}_{category}") or self._lookup(f"{key}_other")
        text = Text(last_resort(key)) if message is None else Text(_fill(message, {"n": n, **params}))
        text.key, text.params, text.count = key, params, n
        return text

    def refresh(self, text: str) -> str:
        """``text`` again in the current language (with its parameters refreshed too) when it
        came from a catalogue; anything else unchanged."""
        key = getattr(text, "key", None)
        if key is None:
            return text
        params = {k: self.refresh(v) if isinstance(v, Text) else v for k, v in (text.params or {}).items()}
        if text.count is not None:
            return self.tr_n(key, text.count, **params)
        return self.tr(key, **params)


def last_resort(key: str) -> str:
    """What is shown for a key no catalogue has: its last part in words (``"New game"``)."""
    words = key.rsplit(".", 1)[-1].replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else key


def _fill(message: str, params: Mapping[str, Any]) -> str:
    """``message`` with ``params`` filled in; never raises (a placeholder that cannot be filled
    leaves the message as it is)."""
    try:
        return message.format_map(_Params(params))
    except Exception:  # a catalogue must never stop the game
        return message


class _Params(dict):
    """Leaves an unknown placeholder visible instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
