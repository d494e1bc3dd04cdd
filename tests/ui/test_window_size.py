"""The window never gets smaller than the minimum the layouts are made for, and resizing it does
not pile up pictures drawn for each size it went through."""

from __future__ import annotations

import pygame
import pytest

from game.ui import widgets
from game.ui.app import MIN_SIZE
from game.ui.session import GameConfig, Seat
from game.ui.tables.base import TableScene
from tests.ui.driver import frames


def resize(app, size: tuple[int, int], event: int = pygame.VIDEORESIZE) -> None:
    """What the window manager does: the window takes the new size, then the event arrives."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    if event == pygame.VIDEORESIZE:
        pygame.event.post(pygame.event.Event(event, size=size, w=size[0], h=size[1]))
    else:
        pygame.event.post(pygame.event.Event(event, x=size[0], y=size[1]))
    frames(app, 3)


def at_table(make_app, game: str):
    app = make_app("en")
    seats = [Seat("Marie"), Seat("Bruno", "easy"), Seat("Zoé", "easy")]
    app.start_game(GameConfig(game, seats, seed=4))
    frames(app, 3)
    assert isinstance(app.scenes.top, TableScene)
    return app


def test_a_window_asked_too_small_opens_at_the_minimum(make_app):
    app = make_app("en", size=(320, 240))
    assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]


@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
@pytest.mark.parametrize("event", [pygame.VIDEORESIZE, pygame.WINDOWRESIZED])
def test_a_window_forced_small_is_brought_back_to_the_minimum(make_app, game, event):
    app = at_table(make_app, game)
    resize(app, (320, 240), event)
    assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
    assert pygame.display.get_surface().get_size() == app.size
    frames(app, 3)


@pytest.mark.parametrize("event", [pygame.VIDEORESIZE, pygame.WINDOWRESIZED])
def test_a_full_screen_smaller_than_the_minimum_becomes_a_window_at_the_minimum(make_app, event):
    # Found by the gesture fuzzer (seed 110, step 63): fullscreen chosen in the settings, then
    # a display of 330x990 crashed the tile table's layout (a seat panel of negative width).
    app = at_table(make_app, "tiles")
    app.settings.fullscreen = True
    resize(app, (330, 990), event)
    assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
    frames(app, 3)


def test_resizing_keeps_one_sizes_worth_of_pictures(make_app):
    app = at_table(make_app, "tiles")
    resize(app, (1100, 700))
    art = app.art._cache
    one_size = len(art)
    for i in range(1, 10):  # each size new: the pictures of the sizes before are dropped
        resize(app, (1100 + 37 * i, 700 + 23 * i))
        assert len(art) <= one_size + 6
    assert widgets.piece_shadow.cache_info().currsize <= 24


def test_a_first_start_picks_the_largest_wide_size_within_the_screen():
    from game.ui.app import fitting_size

    assert fitting_size((1920, 1080)) == (1600, 900)
    assert fitting_size((2560, 1440)) == (1920, 1200)
    assert fitting_size((1366, 768)) == (1024, 600)  # nothing wide fits in 90%: the minimum
    assert fitting_size((1600, 900)) == (1366, 768)
    assert fitting_size((1024, 600)) == MIN_SIZE == (1024, 600)
    assert fitting_size((3840, 2160)) == (2560, 1600)
    assert fitting_size(None) == (1280, 800)


def test_the_window_opens_at_a_fitting_size_then_at_the_size_it_was_left(storage, monkeypatch):
    from game.ui.app import App, LaunchOptions

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app = App(LaunchOptions(lang="en", size=None, storage=storage))
    app.start()
    assert app.size == (1600, 900)
    pygame.display.set_mode((1111, 666), pygame.RESIZABLE)
    app._resized()
    app.shutdown()
    settings, problem = storage.load_settings()
    assert problem is None and settings.window_size == [1111, 666]
    again = App(LaunchOptions(lang="en", size=None, storage=storage))
    assert again.size == (1111, 666)
    again.shutdown()


@pytest.mark.parametrize("value", [[1, 2, 3], ["a", 4], [True, 5], "1280x800", [10**9, 10]])
def test_a_window_size_that_makes_no_sense_gives_the_default_settings(storage, value):
    import json

    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text(json.dumps({"window_size": value, "sound": False}), encoding="utf-8")
    settings, problem = storage.load_settings()
    assert problem == "settings_unreadable" and settings.window_size is None


def on_a_screen(monkeypatch, screens: list[tuple[int, int]]) -> None:
    """As on a real display whose screens have these sizes (main screen first)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: screens)


def opened_window(storage, size=None):
    """The window of an app started with ``--size`` ``size`` (``None``: from the settings):
    its size and its position on the desktop."""
    from game.ui.app import App, LaunchOptions

    app = App(LaunchOptions(lang="en", size=size, storage=storage))
    try:
        window = pygame.Window.from_display_module()
        return app.size, tuple(window.position)
    finally:
        app.shutdown()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_window_asked_larger_than_the_desktop_is_brought_onto_it(storage, monkeypatch):
    on_a_screen(monkeypatch, [(1920, 1080)])
    size, position = opened_window(storage, (99999, 99999))
    assert size == (1920, 1080) and position == (0, 0)
    settings, problem = storage.load_settings()
    assert problem is None and settings.window_size == [1920, 1080]  # what sticks is what fits


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize(
    ("saved_size", "saved_position", "size", "position"),
    [
        ([16384, 16384], [-16000, 9000], (1920, 1080), (0, 0)),
        ([1280, 800], [3000, 2000], (1280, 800), (640, 280)),  # pushed back onto the desktop
        ([1280, 800], [-32000, -32000], (1280, 800), (0, 0)),  # where Windows puts a minimised one
        ([1280, 800], [100, 50], (1280, 800), (100, 50)),  # on the desktop: kept
    ],
)
def test_a_remembered_window_off_the_desktop_is_brought_onto_it(
    storage, monkeypatch, saved_size, saved_position, size, position
):
    import json

    on_a_screen(monkeypatch, [(1920, 1080)])
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text(
        json.dumps({"window_size": saved_size, "window_position": saved_position}), encoding="utf-8"
    )
    assert opened_window(storage) == (size, position)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_two_screens_side_by_side_make_one_wide_desktop_for_the_position(storage, monkeypatch):
    import json

    on_a_screen(monkeypatch, [(1920, 1080), (2560, 1440)])
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text(
        json.dumps({"window_size": [1280, 800], "window_position": [2500, 300]}), encoding="utf-8"
    )
    assert opened_window(storage) == ((1280, 800), (2500, 300))


def test_headless_the_desktop_is_as_large_as_any_picture_drawn_off_screen():
    from game import cli
    from game.ui.desktop import desktop_sizes

    pygame.display.init()
    try:
        assert desktop_sizes() == [(cli.PICTURE_SIDE, cli.PICTURE_SIDE)]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("window_size", [16385, 800]),
        ("window_size", [99999, 99999]),
        ("window_size", [0, 600]),
        ("window_position", [-100000, 0]),
        ("window_position", [0, 40000]),
    ],
)
def test_the_settings_check_takes_only_sane_window_values(storage, name, value):
    import json

    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text(json.dumps({name: value}), encoding="utf-8")
    settings, problem = storage.load_settings()
    assert problem == "settings_unreadable" and getattr(settings, name) is None
