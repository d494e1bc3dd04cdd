"""The new-game screen remembers the last choices per game (with a way back to the defaults),
default names follow the language, and a game with only computer players can be watched."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ui.scenes.pause import PauseScene
from game.ui.scenes.setup import SetupScene
from game.ui.tables import turns as table_turns
from game.ui.tables.base import TableScene
from tests.ui.driver import choose, click, frames, start_from_setup, wait_until, widget


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def open_setup(app, game: str) -> SetupScene:
    frames(app)
    click(app, widget(app, f"game.{game}").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, SetupScene)
    return scene


def first_entry(scene):
    return next(
        e
        for e in scene.form.manager.get_root_container().elements
        if e.__class__.__name__ == "UITextEntryLine"
    )


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def test_the_last_choices_of_each_game_come_back(make_app, storage):
    app = make_app("en")
    scene = open_setup(app, "rum500")
    choose(app, widget(app, "players"), 3)
    click(app, first_entry(scene).rect.center)
    type_text(app, "Zoé")
    scene._set_kind(2, "hard")
    spec, control = scene.option_widgets[0]
    other = next(v for v in spec.choices if v != spec.default)
    choose(app, control, other)
    start_from_setup(app)
    assert isinstance(app.scenes.top, TableScene)

    again = make_app("en")  # the next run, same user folder
    scene = open_setup(again, "rum500")
    assert scene.model.count == 3
    assert scene.model.name(0) == "Zoé" and first_entry(scene).get_text() == "Zoé"
    assert scene.model.kind(2) == "hard"
    assert scene.model.value(spec.name) == other
    # Another game keeps its own defaults.
    click(again, widget(again, "tabs").segment_rects()[0].center)
    assert scene.model.game == "frustration" and scene.model.count == 2
    assert scene.model.names.get(0, "") in ("", "Zoé")
    # "Defaults" brings the defaults back.
    click(again, widget(again, "tabs").segment_rects()[1].center)
    click(again, widget(again, "defaults").rect.center)
    assert scene.model.count == 2 and scene.model.name(0) == "Player 1"
    assert scene.model.value(spec.name) == spec.default
    assert first_entry(scene).get_text() == ""


def test_a_damaged_setup_file_gives_the_defaults(make_app, storage):
    storage.config_dir.mkdir(parents=True)
    (storage.config_dir / "last-setup.json").write_text(
        '{"tiles": {"count": 99, "seats": [{"name": 5, "kind": "wizard"}], "options": {"timer": "x"}}}',
        encoding="utf-8",
    )
    app = make_app("en")
    scene = open_setup(app, "tiles")
    assert scene.model.count == 2 and scene.model.kind(0) == "human" and scene.model.name(0) == "Player 1"


def test_default_names_follow_the_language_in_a_game(make_app):
    app = make_app("en")
    scene = open_setup(app, "frustration")
    start_from_setup(app)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.session.seats[0].name == "Player 1"
    app.set_language("fr")
    frames(app)
    assert table.session.seats[0].name == "Joueur 1"
    app.flush_saves()
    # ... and when the game is continued in the other language.
    again = make_app("en")
    frames(again)
    click(again, widget(again, "continue").rect.center)
    click(again, widget(again, "resume.frustration").rect.center)
    assert again.scenes.top.session.seats[0].name == "Player 1"
    assert scene.model.names == {}


def test_a_typed_name_stays_in_every_language(make_app):
    app = make_app("en")
    scene = open_setup(app, "frustration")
    click(app, first_entry(scene).rect.center)
    type_text(app, "Marie")
    start_from_setup(app)
    table = app.scenes.top
    app.set_language("fr")
    frames(app)
    assert table.session.seats[0].name == "Marie"


def test_every_seat_a_computer_player_is_a_game_to_watch_and_pause(make_app):
    app = make_app("en")
    app.settings.animation_speed = "instant"
    scene = open_setup(app, "rum500")
    scene._set_kind(0, "easy")
    frames(app)
    start = widget(app, "start")
    assert start.enabled and start.label() == "Watch the game"
    click(app, start.rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.session.watched
    first = table.state.to_json()
    wait_until(app, lambda: table.state.to_json() != first, what="the watched game never moved")
    app.open_menu(table)
    assert isinstance(app.scenes.top, PauseScene)
    frames(app, 3)
    paused = table.state.to_json()
    for _ in range(100):  # time enough for several computer moves
        frames(app, 1)
        time.sleep(0.005)
    assert table.state.to_json() == paused  # nothing moves while the menu is open
    click(app, widget(app, "resume").rect.center)
    wait_until(app, lambda: table.state.to_json() != paused, what="the watched game did not go on")
