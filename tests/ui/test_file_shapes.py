"""One validator for every file the game reads: the settings, the new-game screen's last choices
and the saved session's header are checked by the engine's schema validator, which names the
value that does not fit; a file that does not fit is set aside, and the game goes on."""

from __future__ import annotations

import json

import pytest

from game.engine.errors import SaveError
from game.ui.session import GameConfig, Seat, Session
from game.ui.storage import Settings


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"volume": 2}, "settings.volume"),
        ({"language": "de"}, "settings.language"),
        ({"window_size": [1280, "800"]}, r"settings.window_size\[1\]"),
        ({"sound": 1}, "settings.sound"),
        ([], "settings"),
    ],
)
def test_the_settings_are_checked_by_the_schema_validator(data, where):
    with pytest.raises(SaveError, match=where):
        Settings.from_json(data)


def test_settings_of_a_newer_version_load_without_what_this_one_does_not_know():
    settings = Settings.from_json({"volume": 0.5, "haptics": {"strength": 3}})
    assert settings.volume == 0.5 and not hasattr(settings, "haptics")


def header(**changes):
    data = Session.start(GameConfig("rum500", [Seat("Marie"), Seat("Bruno", "easy")], seed=5)).to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "code", "where"),
    [
        (header(format="other"), "bad_format", "saved session.format"),
        (header(version=2), "bad_version", "saved session.version"),
        (header(game="chess"), "wrong_game", "saved session.game"),
        (header(seats=[]), "bad_field", "saved session.seats"),
        (header(seats=[{"name": "Marie", "kind": "wizard"}] * 2), "bad_field", r"seats\[0\].kind"),
        (header(seats=[{"name": "Marie", "kind": "human", "auto": "yes"}] * 2), "bad_field", "auto"),
        (header(seats=[{"name": 5, "kind": "human"}] * 2), "bad_field", r"seats\[0\].name"),
        ({"format": "rami-session"}, "missing_field", "saved session"),
        (None, "bad_field", "saved session"),
    ],
)
def test_the_saved_sessions_header_is_checked_by_the_schema_validator(data, code, where):
    with pytest.raises(SaveError, match=where) as refused:
        Session.from_json(data)
    assert refused.value.code == code


def test_a_bad_computer_seed_is_made_anew_not_fatal():
    session = Session.from_json(header(bot_seed=-4))
    assert 0 <= session.bot_seed < 1 << 31


@pytest.mark.parametrize(
    "content",
    [
        [1, 2],
        {"tiles": {"count": "three"}},
        {"tiles": {"seats": [{"name": ["Zoé"]}]}},
        {"tiles": {"options": {"timer": {"seconds": 30}}}},
    ],
)
def test_a_last_setup_that_does_not_fit_is_set_aside_and_the_defaults_come(storage, content):
    storage.config_dir.mkdir(parents=True)
    path = storage.config_dir / "last-setup.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    assert storage.load_setups() == {}
    assert not path.exists()
    assert len(list(storage.config_dir.glob("last-setup.unreadable-*.json"))) == 1


def test_a_last_setup_of_a_newer_version_keeps_what_this_one_knows(storage):
    storage.config_dir.mkdir(parents=True)
    content = {"tiles": {"count": 3, "theme": "night"}, "poker": {"count": 9}}
    (storage.config_dir / "last-setup.json").write_text(json.dumps(content), encoding="utf-8")
    assert storage.load_setups() == content
