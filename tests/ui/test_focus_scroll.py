"""The keyboard focus never rests on a control that cannot be seen: on a scrolled form (the setup
screen's rules at 1024x600 are taller than the window) moving the focus scrolls it into view.
Real KEYDOWN events only."""

from __future__ import annotations

import pygame
import pytest

from game.ui import focus
from game.ui.scenes.setup import SetupScene
from tests.ui.driver import frames, key

SMALL = (1024, 600)


def visible_area(scene, widget) -> pygame.Rect:
    """Where ``widget`` can be seen: inside the window and the scene's panel, and for a setup
    option inside the scrolled rules column."""
    area = pygame.Rect((0, 0), SMALL)
    panel = getattr(scene, "panel", None)
    if panel is not None:
        area = area.clip(panel)
    if isinstance(scene, SetupScene) and any(widget is w for _, w in scene.option_widgets):
        area = area.clip(scene._options_clip())
    return area


def tab(app, shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=mod, unicode="\t", scancode=0))
    frames(app, 2)


def walk(app, step) -> list[str]:
    """Every focus stop reached by ``step``, with the stops found outside the visible area."""
    scene = app.scenes.top
    hidden = []
    for _ in range(len(focus.focusable(scene))):
        step(app)
        widget = focus.focused(scene)
        assert widget is not None
        if not visible_area(scene, widget).contains(widget.rect):
            hidden.append(f"{getattr(widget, 'name', type(widget).__name__)} at {tuple(widget.rect)}")
    return hidden


OPENERS = {
    "setup_frustration": lambda app: app.open_setup("frustration"),
    "setup_rum500": lambda app: app.open_setup("rum500"),
    "setup_tiles": lambda app: app.open_setup("tiles"),
    "settings": lambda app: app.open_settings(),
    "stats": lambda app: app.open_stats(),
    "rules": lambda app: app.open_rules("tiles"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("screen", sorted(OPENERS))
def test_every_focus_stop_is_visible(make_app, screen, lang):
    app = make_app(lang=lang, size=SMALL)
    OPENERS[screen](app)
    frames(app, 2)
    hidden = walk(app, tab)
    assert not hidden, f"Tab left the focus out of sight: {hidden}"
    hidden = walk(app, lambda a: tab(a, shift=True))
    assert not hidden, f"Shift+Tab left the focus out of sight: {hidden}"
    if app.scenes.top.arrow_focus:
        app.scenes.top.focus_index = None
        hidden = walk(app, lambda a: key(a, pygame.K_DOWN))
        assert not hidden, f"Down left the focus out of sight: {hidden}"
        hidden = walk(app, lambda a: key(a, pygame.K_UP))
        assert not hidden, f"Up left the focus out of sight: {hidden}"


def test_the_last_option_of_a_long_form_comes_into_view(make_app):
    app = make_app(size=SMALL)
    app.open_setup("tiles")
    frames(app, 2)
    setup = app.scenes.top
    last = setup.option_widgets[-1][1]
    assert not setup._options_clip().contains(last.rect), "the form fits: this test proves nothing"
    while focus.focused(setup) is None or focus.focused(setup).name != last.name:
        key(app, pygame.K_DOWN)
    widget = focus.focused(setup)
    assert setup._options_clip().contains(widget.rect)
    # Back up to the first option: the form scrolls back.
    first = setup.option_widgets[0][1]
    while focus.focused(setup).name != first.name:
        key(app, pygame.K_UP)
    assert setup._options_clip().contains(focus.focused(setup).rect)
