"""Every screen with Tab, arrows, Enter and Escape: real KEYDOWN events only."""

from __future__ import annotations

import pygame

from game.ui import focus, theme
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.tables.base import TableScene
from tests.ui.driver import frames, key


def tab(app, shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=mod, unicode="\t", scancode=0))
    frames(app, 2)


def tab_to(app, name: str):
    """Tab until the widget called ``name`` has the focus."""
    scene = app.scenes.top
    for _ in range(len(focus.focusable(scene)) + 1):
        widget = focus.focused(scene)
        if widget is not None and getattr(widget, "name", "") == name:
            return widget
        tab(app)
    raise AssertionError(f"Tab never reached {name}")


def test_tab_walks_the_title_and_enter_opens_a_game(make_app):
    app = make_app()
    frames(app, 2)
    title = app.scenes.top
    assert isinstance(title, TitleScene) and focus.focused(title) is None
    seen = []
    for _ in range(len(focus.focusable(title))):
        tab(app)
        seen.append(focus.focused(title))
    assert len({id(w) for w in seen}) == len(seen) > 3  # each stop is a different widget
    tab(app, shift=True)
    assert focus.focused(title) is seen[-2]
    tab_to(app, "game.rum500")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.model.game == "rum500"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)


def test_the_focus_ring_is_drawn(make_app):
    app = make_app()
    frames(app, 2)
    tab(app)
    widget = focus.focused(app.scenes.top)
    surface = pygame.Surface(app.size)
    app.scenes.draw(surface)
    ring = widget.rect.inflate(6, 6)
    edge = [surface.get_at((x, ring.top + 1))[:3] for x in range(ring.centerx - 3, ring.centerx + 3)]
    width = max(2, surface.get_height() // 260)
    ring = widget.rect.inflate(width * 3, width * 3)
    assert tuple(theme.GOLD) in [surface.get_at((ring.centerx, ring.top + i))[:3] for i in range(width)], edge


def test_setup_by_keyboard_seat_kind_and_start(make_app):
    app = make_app()
    app.open_setup("frustration")
    frames(app, 2)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    tab_to(app, "UIDropDownMenu")  # the first seat's kind
    tab(app)
    tab(app)  # the second seat's name, then its kind
    assert focus.focused(setup).name == "UIDropDownMenu"
    before = setup.model.kind(1)
    key(app, pygame.K_RIGHT)
    assert setup.model.kind(1) != before, "Right did not change the seat's kind"
    tab_to(app, "start")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ConfirmScene)  # the first start: "Learn to play first?"
    tab_to(app, "no")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TableScene)  # the game started


def test_settings_by_keyboard(make_app):
    app = make_app()
    app.open_settings()
    frames(app, 2)
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    switches = [w for w in focus.focusable(settings) if hasattr(w, "segment_rects")]
    assert switches
    first = switches[0]
    tab_to(app, first.name)
    value = first.selected()
    key(app, pygame.K_RIGHT if value != first.choices[-1][0] else pygame.K_LEFT)
    assert first.selected() != value
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scenes.top, SettingsScene)


def test_a_game_starts_from_the_title_in_three_presses(make_app):
    """The title's focus starts on the first game, the setup's on Start: Enter shows the ring on
    the first game, Enter opens its setup (ringed on Start), Enter deals."""
    from game.ui.games import GAMES
    from game.ui.tables.base import TableScene

    app = make_app()
    app.settings.lessons_offered = list(GAMES)  # not a first start: no lesson offered first
    frames(app, 2)
    title = app.scenes.top
    key(app, pygame.K_RETURN)
    assert focus.focused(title) is title.cards[0]
    key(app, pygame.K_RETURN)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.model.game == GAMES[0]
    assert focus.focused(setup) is setup.start
    key(app, pygame.K_RETURN)
    assert app.scenes.find(TableScene) is not None, "three presses did not start a game"


def test_tab_starts_on_the_first_game_and_the_mouse_opened_setup_on_start(make_app):
    app = make_app()
    frames(app, 2)
    tab(app)
    title = app.scenes.top
    assert focus.focused(title) is title.cards[0]
    app.open_setup("tiles")  # opened without a key: no ring until a key comes
    frames(app, 2)
    setup = app.scenes.top
    assert focus.focused(setup) is None
    tab(app)
    assert focus.focused(setup) is setup.start
