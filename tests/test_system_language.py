"""The system's language from the environment, as the C library reads it, without the
``locale`` module on Linux."""

from __future__ import annotations

import sys

import pytest

from game.i18n import choose_language, system_language

VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "LC_CTYPE")


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:en"}, "fr"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8", "LC_CTYPE": "fr_CA.UTF-8"}, "fr"),
    ],
)
def test_the_environment_names_the_language(monkeypatch, env, expected):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert system_language() == expected


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux reads nothing but the environment")
def test_on_linux_an_environment_without_our_languages_gives_none(monkeypatch):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setitem(sys.modules, "locale", None)  # any import of locale now fails
    assert system_language() is None


def test_the_system_is_asked_only_when_the_command_line_and_settings_do_not_say():
    def no_asking():
        raise AssertionError("the system's language was looked up")

    assert choose_language("fr", None, no_asking) == "fr"
    assert choose_language(None, "en", no_asking) == "en"
    assert choose_language(None, None, lambda: "fr") == "fr"
    assert choose_language(None, None, lambda: None) == "en"
