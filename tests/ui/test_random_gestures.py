"""Strange clicks: random presses, drags, double clicks, right clicks, wheel turns and keys on
every screen and table never raise, and the window keeps running."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.scenes import navigation
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.showcase import busy_session
from tests.ui.driver import frames

KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_TAB, pygame.K_s, pygame.K_z, pygame.K_LEFT, pygame.K_DELETE)


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def random_gestures(app, rng: random.Random, count: int) -> set[str]:
    """``count`` random gestures anywhere in the window, each followed by a frame or two;
    returns the names of the scenes that were on top along the way."""
    width, height = app.window.get_size()
    seen: set[str] = set()

    def spot() -> tuple[int, int]:
        return rng.randrange(width), rng.randrange(height)

    for _ in range(count):
        kind = rng.random()
        pos = spot()
        post = pygame.event.post
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if kind < 0.45:
            button = 1 if rng.random() < 0.85 else rng.choice((2, 3))
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
            if rng.random() < 0.2:  # a double click
                post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
                post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        elif kind < 0.8:
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            frames(app, 1)
            for _ in range(rng.randint(1, 4)):
                post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot(), rel=(1, 1), buttons=(1, 0, 0)))
                frames(app, 1)
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot(), button=1))
        elif kind < 0.9:
            post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
        else:
            k = rng.choice(KEYS)
            post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
            post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
        frames(app, rng.randint(1, 2))
        seen.add(type(app.scenes.top).__name__)
    return seen


@pytest.mark.parametrize("game,players", [("frustration", 4), ("rum500", 3), ("tiles", 3)])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_gestures_on_a_table(make_app, game, players, seed):
    app = make_app("fr" if seed % 2 else "en")
    seats = [Seat("Marie")] + [Seat(f"Bot {i}", "easy") for i in range(1, players)]
    navigation.show_table(app, Session.start(GameConfig(game, seats, seed=seed)))
    random_gestures(app, random.Random(seed), 250)
    assert app.running


@pytest.mark.parametrize("game,players", [("frustration", 6), ("rum500", 4), ("tiles", 4)])
def test_random_gestures_on_a_busy_table(make_app, game, players):
    app = make_app("en")
    navigation.show_table(app, busy_session(game, players))
    random_gestures(app, random.Random(7), 250)
    assert app.running


@pytest.mark.parametrize("seed", [3, 4])
def test_random_gestures_from_the_title_screen(make_app, monkeypatch, seed):
    # Quit is counted rather than obeyed, so that the gestures go on over every screen.
    app = make_app("en")
    quits = []
    monkeypatch.setattr(app, "quit", lambda: quits.append(1))
    seen = random_gestures(app, random.Random(seed), 400)
    assert app.running
    assert len(seen) >= 3, seen  # the gestures got past the title screen
