"""The setup screen's drop-down (a seat's player type) opens a list as wide as its box."""

from __future__ import annotations

import pygame_gui
import pytest

from tests.ui.driver import click, frames


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_an_open_drop_down_list_is_as_wide_as_its_box(make_app, size):
    app = make_app("fr", size)
    app.open_setup("frustration")
    frames(app, 3)
    scene = app.scenes.top
    menu = next(e for e in scene.form._on_change if isinstance(e, pygame_gui.elements.UIDropDownMenu))
    box = menu.get_abs_rect()
    click(app, box.center, n_frames=3)
    listing = menu.current_state.options_selection_list
    assert listing is not None and listing.alive(), "the list did not open"
    shown = listing.get_abs_rect()
    assert (shown.left, shown.width) == (box.left, box.width), (shown, box)
