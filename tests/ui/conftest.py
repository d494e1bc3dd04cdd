"""Fixtures for driving real scenes headless: an ``App`` with its own user folder, and helpers
that post real mouse and key events and run frames."""

from __future__ import annotations

import pygame
import pytest

from game.ui import text as text_module
from game.ui.app import App, LaunchOptions
from game.ui.storage import Storage


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
    pygame.quit()
