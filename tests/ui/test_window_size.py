"""The window never gets smaller than the minimum the layouts are made for, and resizing it does
not pile up pictures drawn for each size it went through."""

from __future__ import annotations

import pygame
import pytest

from game.ui import widgets
from game.ui.app import MIN_SIZE
from game.ui.scenes import navigation
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
    navigation.start_game(app, GameConfig(game, seats, seed=4))
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
