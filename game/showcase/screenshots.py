"""``python -m game --screenshot DIR``: every scene, in both languages, saved as PNG files.

Scenes are built on a hidden window (SDL's dummy driver) in a throw-away user folder, given a
few frames to settle, then saved as ``DIR/<scene>-<lang>-<width>x<height>.png``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame

from game.showcase import FIXTURES
from game.ui.app import App, LaunchOptions, quit_pygame
from game.ui.games import GAMES
from game.ui.storage import Storage

SceneMaker = Callable[[App], None]


def _shell_scenes() -> dict[str, SceneMaker]:
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene

    makers: dict[str, SceneMaker] = {
        "title": lambda app: None,
        "settings": lambda app: app.scenes.push(SettingsScene(app)),
        "handoff": lambda app: app.scenes.push(HandoffScene(app, "Marie", lambda: None, GAMES[0])),
    }
    makers["title-saved"] = _title_with_saves
    makers["continue"] = _saved_games
    makers["stats"] = _stats
    makers["replace-question"] = _replace_question
    for game in GAMES:
        makers[f"setup-{game}"] = lambda app, g=game: app.scenes.push(SetupScene(app, g))
        makers[f"rules-{game}"] = lambda app, g=game: app.scenes.push(RulesScene(app, g))
    return makers


def _example_saves(app: App) -> None:
    from game.ui.session import GameConfig, Seat, Session

    for game, fixture in FIXTURES.items():
        names = fixture.SAVE_NAMES
        seats = [Seat(names[0]), *(Seat(n, "normal") for n in names[1:])]
        session = Session.start(GameConfig(game, seats, seed=3))
        app.storage.save_game_data(game, session.to_json())


def _title_with_saves(app: App) -> None:
    _example_saves(app)
    app.scenes.layout(app.size)  # "Continue" joins the title's buttons


def _saved_games(app: App) -> None:
    _example_saves(app)
    app.open_saved_games()


def _replace_question(app: App) -> None:
    from game.ui.scenes.setup import SetupScene

    _example_saves(app)
    app.scenes.push(SetupScene(app, GAMES[0]))
    app.scenes.top._start()


def _stats(app: App) -> None:
    from game.ui.stats import Record

    record = Record()
    for level, results in {
        "easy": [(True, 12), (True, 0), (False, 85), (True, 30)],
        "normal": [(False, 140), (True, 25), (True, 60)],
        "hard": [(False, 210), (False, 95), (True, 40), (False, 120), (True, 15)],
        "people": [(True, 55)],
    }.items():
        for won, score in results:
            record.add(GAMES[0], level, won, score)
    app.storage.save_stats(record)
    app.open_stats()


def scene_makers() -> dict[str, SceneMaker]:
    """Every scene worth a picture, by file name stem."""
    from game.showcase import follow, lessons, round_end, tables

    makers = _shell_scenes()
    makers.update(tables.scene_makers())
    makers.update(follow.scene_makers())
    makers.update(lessons.scene_makers())
    makers.update(round_end.scene_makers())
    return makers


def render_all(folder: str | Path, sizes: list[tuple[int, int]], only: str | None = None) -> list[Path]:
    """Render every scene (or those whose name contains ``only``) to ``folder``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as home:
        for name, make in scene_makers().items():
            if only and only not in name:
                continue
            for size in sizes:
                for lang in ("en", "fr"):
                    folder = Path(home) / f"{name}-{lang}-{size[0]}x{size[1]}"
                    storage = Storage(folder, folder)
                    app = App(LaunchOptions(lang=lang, size=size, storage=storage))
                    app.start()
                    app.running = True
                    make(app)
                    for _ in range(90):
                        app.step(1 / 60)
                    path = out / f"{name}-{lang}-{size[0]}x{size[1]}.png"
                    pygame.image.save(app.window, str(path))
                    written.append(path)
                    quit_pygame()
    return written
