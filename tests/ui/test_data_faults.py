"""Damaged saves and settings, refusing disks and leftovers never stop the game or lose data:
each case either loads or is set aside with a true message, reported once."""

from __future__ import annotations

import errno
import json
import os

import pytest

from game.engine.games import game_info
from game.ui import storage as storage_module
from game.ui.scenes.title import TitleScene
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables.base import TableScene
from tests.ui.driver import click, frames, widget


def write_session(storage, game: str, ui) -> Session:
    session = Session.start(GameConfig(game, [Seat("Marie"), Seat("Bruno", "easy")], seed=5))
    data = session.to_json()
    data["ui"] = ui
    storage.save_game_data(game, data)
    return session


def texts(app) -> list[str]:
    return [str(t.text) for t in app.toasts]


def continue_game(app) -> None:
    """Open the Continue list and resume the first saved game on it (if any)."""
    frames(app)
    click(app, widget(app, "continue").rect.center)
    rows = [w for w in app.scenes.top.widgets() if w.name.startswith("resume.")]
    if rows:
        click(app, rows[0].rect.center)


BAD_UI = [
    ("frustration", [1, 2]),
    ("frustration", "seats"),
    ("frustration", 7),
    ("frustration", {"seats": {"0": [1]}}),
    ("frustration", {"seats": {"0": {"staged": 3}}}),
    ("frustration", {"seats": {"0": {"staged": [[1, {"x": []}]]}}}),
    ("rum500", {"hand_orders": {"0": 5}}),
    ("rum500", {"hand_orders": [["5D#0"]]}),
    ("tiles", {"version": 1, "racks": [1]}),
    ("tiles", {"version": 1, "racks": {"0": {"cols": 15, "cells": [[0, 0]]}}}),
    ("tiles", {"version": 1, "clock": "soon", "turn": 5}),
]


@pytest.mark.parametrize(("game", "ui"), BAD_UI)
def test_a_save_with_a_broken_interface_block_continues(make_app, storage, game, ui):
    session = write_session(storage, game, ui)
    app = make_app("en")
    continue_game(app)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.session.state.to_json() == session.state.to_json()
    frames(app, 3)
    assert storage.slot_path(game).exists()


def test_a_deeply_nested_save_is_set_aside_with_a_message(make_app, storage):
    storage.data_dir.mkdir(parents=True)
    path = storage.slot_path("frustration")
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    app = make_app("en")
    continue_game(app)
    assert isinstance(app.scenes.top, TitleScene)
    assert any("set aside" in t for t in texts(app))
    assert not path.exists()


def test_a_nested_interface_block_is_dropped_not_saved_again(make_app, storage):
    nested: object = "x"
    for _ in range(12):  # deeper than any real save, within what the reader accepts
        nested = {"a": [nested]}
    write_session(storage, "rum500", {"hand_orders": nested})
    app = make_app("en")
    continue_game(app)
    assert isinstance(app.scenes.top, TableScene)
    app.save_session(app.scenes.top.session)
    app.flush_saves()
    assert storage_module.json_depth(storage_module.read_json(storage.slot_path("rum500"))) < 10


def test_deeply_nested_settings_do_not_stop_the_start(make_app, storage):
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text('{"volume": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    app = make_app("en")
    frames(app)
    assert isinstance(app.scenes.top, TitleScene)
    assert any("settings" in t.lower() for t in texts(app))
    assert not storage.settings_path.exists()


def refuse(*args, **kwargs):
    raise PermissionError(errno.EACCES, "read-only folder")


def test_a_read_only_folder_does_not_claim_the_save_was_set_aside(make_app, storage, monkeypatch):
    storage.data_dir.mkdir(parents=True)
    path = storage.slot_path("tiles")
    path.write_text("not a save", encoding="utf-8")
    app = make_app("en")
    frames(app)
    with monkeypatch.context() as patch:  # the folder refuses renames and links (as read-only)
        patch.setattr(os, "link", refuse)
        patch.setattr(os, "replace", refuse)
        continue_game(app)
    messages = texts(app)
    assert messages and all("has been set aside" not in m for m in messages)
    assert any("left where it is" in m for m in messages)
    assert path.read_text(encoding="utf-8") == "not a save"  # kept, untouched
    frames(app, 3)
    assert "continue" not in [w.name for w in app.scenes.top.widgets()]


def test_a_refusing_disk_is_reported_once_until_a_write_works(make_app, storage, monkeypatch):

    app = make_app("en")
    config = GameConfig("rum500", [Seat("Marie"), Seat("Bruno", "easy")], seed=3)
    app.start_game(config)
    app.flush_saves()
    session = app.scenes.top.session
    app.toasts.clear()

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage_module, "atomic_write_text", disk_full)
    for _ in range(5):
        app.save_session(session)
        app.save_settings()
    app.flush_saves()
    saved = [t for t in texts(app) if "game could not be saved" in t]
    settings = [t for t in texts(app) if "settings could not be saved" in t]
    assert len(saved) == 1 and len(settings) == 1
    monkeypatch.undo()
    app.save_session(session)
    app.flush_saves()
    monkeypatch.setattr(storage_module, "atomic_write_text", disk_full)
    app.save_session(session)
    app.flush_saves()
    assert len([t for t in texts(app) if "game could not be saved" in t]) == 2  # new failure, new message


def test_two_saves_set_aside_in_the_same_second_are_both_kept(storage, monkeypatch):
    monkeypatch.setattr(storage_module.time, "strftime", lambda fmt: "20260101-120000")
    storage.data_dir.mkdir(parents=True)
    for text in ("first broken save", "second broken save", "third"):
        storage.slot_path("rum500").write_text(text, encoding="utf-8")
        assert storage.load_game_data("rum500") == (None, "save_unreadable")
    kept = sorted(p.read_text(encoding="utf-8") for p in storage.data_dir.glob("saved-rum500.unreadable-*"))
    assert kept == ["first broken save", "second broken save", "third"]


def test_temporary_files_of_an_interrupted_write_are_removed_at_start(make_app, storage):
    storage.data_dir.mkdir(parents=True)
    storage.config_dir.mkdir(parents=True)
    left = [
        storage.data_dir / ".current-game.json.k2j3h4.tmp",
        storage.data_dir / ".saved-tiles.json.x9y8z7.tmp",
        storage.config_dir / ".settings.json.a1b2c3.tmp",
    ]
    for path in left:
        path.write_text("{", encoding="utf-8")
    mine = storage.data_dir / "notes.tmp"  # not the game's: left alone
    mine.write_text("x", encoding="utf-8")
    make_app("en")
    assert [p for p in left if p.exists()] == []
    assert mine.exists()


def test_every_saved_game_of_each_kind_still_loads_after_the_checks(storage):
    """The schemas accept what the engines write at the start of every game and option set."""
    for game in ("frustration", "rum500", "tiles"):
        info = game_info(game)
        state = info.new_game(info.max_players, seed=11)
        assert info.load(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


@pytest.mark.parametrize("name", ["\ud800", "Zo\u00e9\u0000\n", "x" * 500])
def test_a_seat_name_no_font_can_draw_is_cleaned(make_app, storage, name):
    session = Session.start(GameConfig("tiles", [Seat("Marie"), Seat("Bruno", "easy")], seed=5))
    data = session.to_json()
    data["seats"][1]["name"] = name
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    storage.slot_path("tiles").write_text(json.dumps(data), encoding="utf-8")  # \ud800 stays escaped
    app = make_app("en")
    continue_game(app)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    frames(app, 3)
    drawn = table.session.seats[1].name
    assert len(drawn) <= 24 and "\ud800" not in drawn and "\u0000" not in drawn


@pytest.mark.parametrize("text", ["null", "7", "[1, 2]", '"a saved game"', "true"])
def test_a_save_that_is_not_an_object_is_set_aside_and_leaves_the_title(make_app, storage, text):
    storage.data_dir.mkdir(parents=True)
    path = storage.slot_path("rum500")
    path.write_text(text, encoding="utf-8")
    app = make_app("en")
    continue_game(app)
    assert isinstance(app.scenes.top, TitleScene)
    assert any("set aside" in t for t in texts(app))
    assert not path.exists()
    kept = list(storage.data_dir.glob("saved-rum500.unreadable-*"))
    assert [p.read_text(encoding="utf-8") for p in kept] == [text]
    frames(app, 3)
    assert "continue" not in [w.name for w in app.scenes.top.widgets()]
