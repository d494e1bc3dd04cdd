"""The ``--smoke-test`` run never touches the player's folder, even one named by RAMI_USER_DIR."""

from __future__ import annotations

import pygame

from game.ui.app import App, LaunchOptions
from game.ui.smoke import SmokeDriver
from game.ui.tables import turns as table_turns


def snapshot(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_smoke_run_leaves_the_user_folder_unchanged(tmp_path, monkeypatch):
    user = tmp_path / "player"
    user.mkdir()
    (user / "settings.json").write_text('{"language": "fr", "sound": false}', encoding="utf-8")
    (user / "current-game.json").write_text('{"a saved game": true}', encoding="utf-8")
    before = snapshot(user)
    monkeypatch.setenv("RAMI_USER_DIR", str(user))
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})
    app = App(LaunchOptions(smoke_test=True))
    assert user not in (app.storage.config_dir, app.storage.data_dir)
    throwaway = app.storage.data_dir
    # The real smoke script, one frame after the other (without waiting for the clock).
    app.start()
    app.running = True
    driver = SmokeDriver(app, 200)
    for _ in range(3000):
        driver.before_frame()
        app.step(1 / 60)
        if not app.running:
            break
    driver.finish()
    assert driver.done > 10  # the language was switched and a game started: both write files
    app.shutdown()
    assert snapshot(user) == before
    assert not throwaway.exists()
    pygame.quit()
