"""The shell's scenes driven headless through posted events."""

from __future__ import annotations

import json

import pygame

from game.ui import text as text_module
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, widget


def test_title_language_switch_changes_the_text_drawn(make_app):
    app = make_app("en")
    frames(app)
    with text_module.recording() as drawn:
        frames(app, 1)
    assert "Settings" in drawn and "Réglages" not in drawn
    switch = widget(app, "language")
    click(app, switch.segment_rects()[0].center)  # Français
    assert app.lang == "fr"
    with text_module.recording() as drawn:
        frames(app, 1)
    assert "Réglages" in drawn and "Settings" not in drawn
    assert app.storage.load_settings()[0].language == "fr"


def test_title_buttons_open_their_scenes_and_escape_comes_back(make_app):
    app = make_app("en")
    frames(app)
    click(app, widget(app, "settings").rect.center)
    assert isinstance(app.scenes.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)
    click(app, widget(app, "rules").rect.center)
    assert isinstance(app.scenes.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    click(app, widget(app, "game.rum500").rect.center)
    assert isinstance(app.scenes.top, SetupScene)
    assert app.scenes.top.model.game == "rum500"


def test_escape_on_the_title_quits(make_app):
    app = make_app("en")
    frames(app)
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_window_close_quits(make_app):
    app = make_app("en")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running


def test_settings_change_and_persist(make_app, storage):
    app = make_app("en")
    frames(app)
    click(app, widget(app, "settings").rect.center)
    four = widget(app, "four_colour")
    click(app, four.segment_rects()[1].center)
    speed = widget(app, "animation_speed")
    click(app, speed.segment_rects()[0].center)
    saved = json.loads(storage.settings_path.read_text(encoding="utf-8"))
    assert saved["four_colour"] is True
    assert saved["animation_speed"] == "instant"


def test_bad_settings_file_gives_a_message_and_defaults(make_app, storage):
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text('{"volume": "loud"', encoding="utf-8")
    app = make_app("en")
    frames(app)
    assert app.settings.volume == 0.7
    assert any("settings" in t.text.lower() for t in app.toasts)
    assert not storage.settings_path.exists()  # set aside, not read again


def test_rules_scroll_and_tabs(make_app):
    app = make_app("fr")
    app.scenes.push(RulesScene(app, "frustration"))
    frames(app)
    scene = app.scenes.top
    assert scene.max_scroll() > 0
    key(app, pygame.K_PAGEDOWN)
    frames(app, 30)
    assert scene.scroll > 0
    click(app, scene.tabs.segment_rects()[2].center)
    assert scene.game == "tiles" and scene.target_scroll == 0


def test_a_message_on_screen_follows_the_language_switch(make_app, storage):
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text("not json", encoding="utf-8")
    app = make_app("en")
    frames(app)
    assert "settings" in app.toasts[0].text.lower()
    app.set_language("fr")
    frames(app)
    assert "réglages" in app.toasts[0].text.lower()
