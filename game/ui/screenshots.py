"""``python -m game --screenshot DIR``: every scene, in both languages, saved as PNG files.

Scenes are built on a hidden window (SDL's dummy driver) in a throw-away user folder, given a
few frames to settle, then saved as ``DIR/<scene>-<lang>-<width>x<height>.png``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame

from game.ui.app import App, LaunchOptions
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
        "handoff": lambda app: app.scenes.push(HandoffScene(app, "Marie", lambda: None, "frustration")),
    }
    for game in ("frustration", "rum500", "tiles"):
        makers[f"setup-{game}"] = lambda app, g=game: app.scenes.push(SetupScene(app, g))
        makers[f"rules-{game}"] = lambda app, g=game: app.scenes.push(RulesScene(app, g))
    return makers


def scene_makers() -> dict[str, SceneMaker]:
    """Every scene worth a picture, by file name stem."""
    makers = _shell_scenes()
    from game.ui.tables import showcase

    makers.update(showcase.scene_makers())
    from game.ui.tables import follow_showcase

    makers.update(follow_showcase.scene_makers())
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
                    storage = Storage(Path(home), Path(home))
                    app = App(LaunchOptions(lang=lang, size=size, storage=storage))
                    app.start()
                    app.running = True
                    make(app)
                    for _ in range(90):
                        app.step(1 / 60)
                    path = out / f"{name}-{lang}-{size[0]}x{size[1]}.png"
                    pygame.image.save(app.window, str(path))
                    written.append(path)
                    pygame.quit()
    return written
