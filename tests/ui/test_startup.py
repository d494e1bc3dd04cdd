"""What happens before the title's first frame: only the window and the fonts start, the felt is
laid straight into the window, and ``--first-frame-exit`` reports its frame."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App, LaunchOptions
from game.ui.art import Art


@pytest.mark.audio
def test_the_audio_device_waits_for_the_first_frame(storage):
    app = App(LaunchOptions(lang="en", storage=storage))
    try:
        assert pygame.display.get_init()
        assert pygame.mixer.get_init() is None
        app.start()
        app.running = True
        app.step(1 / 60)
        assert pygame.mixer.get_init() is None  # stepping alone (tests, benchmarks) never opens it
    finally:
        app.shutdown()


@pytest.mark.audio
def test_the_run_loop_opens_the_audio_device_after_the_first_frame(storage):
    app = App(LaunchOptions(lang="en", storage=storage))
    opened_at = []

    def frame_then_quit(dt: float, draw: bool = True) -> None:
        App.step(app, dt, draw)
        if app.frame_count == 2:
            opened_at.append(pygame.mixer.get_init() is not None)
            app.quit()

    app.step = frame_then_quit
    assert app.run() == 0
    assert opened_at == [True]


def test_first_frame_exit_says_when_its_frame_is_on_screen(storage, capsys):
    app = App(LaunchOptions(lang="en", storage=storage, first_frame_exit=True))
    assert app.run() == 0
    assert app.frame_count == 1
    assert capsys.readouterr().out == "first frame\n"


def test_laying_the_felt_gives_the_felts_pixels_and_then_uses_the_cache():
    pygame.display.init()
    try:
        window = pygame.display.set_mode((300, 180))
        art = Art()
        art.lay_felt(window)
        assert ("felt", "green", (300, 180)) not in art._cache  # composed in place, nothing kept
        expected = art.felt((300, 180))
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(expected, "RGB")
        window.fill((0, 0, 0))
        art.lay_felt(window)
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(expected, "RGB")
        corner, centre = window.get_at((2, 2)), window.get_at((150, 90))
        assert sum(corner[:3]) < sum(centre[:3])  # the vignette darkens the edges
    finally:
        pygame.display.quit()
