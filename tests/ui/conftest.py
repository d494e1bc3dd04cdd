"""Fixtures for driving real scenes headless: an ``App`` with its own user folder, and helpers
that post real mouse and key events and run frames."""

from __future__ import annotations

import pytest

from game.ui import sound as sound_module
from game.ui import text as text_module
from game.ui.app import App, LaunchOptions, quit_pygame
from game.ui.storage import Storage


@pytest.fixture(autouse=True)
def silent_sound(request, monkeypatch):
    """Scenes play their sounds into a player that never opens the audio device, unless the
    test is marked ``audio``. Opening and closing SDL's audio device around hundreds of tests is
    where pygame can hang: its audio thread's end-of-sound callback waits for the interpreter
    lock while ``pygame.quit`` holds it."""
    if request.node.get_closest_marker("audio") is None:
        monkeypatch.setattr(sound_module, "_start_mixer", lambda: False)


@pytest.fixture
def storage(tmp_path):
    return Storage(tmp_path / "config", tmp_path / "data")


@pytest.fixture
def make_app(storage):
    """``make_app(lang="en", size=(1280, 800))``: a started app, strict about text origins."""
    apps = []

    def make(lang: str = "en", size: tuple[int, int] = (1280, 800), first_scene=None) -> App:
        app = App(LaunchOptions(lang=lang, size=size, storage=storage, first_scene=first_scene))
        app.start()
        app.running = True
        apps.append(app)
        return app

    text_module.strict = True
    yield make
    text_module.strict = False
    for app in apps:
        for scene in list(app.scenes):
            scene.leave()
    quit_pygame()
