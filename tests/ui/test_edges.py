"""Small things at the edges of the layout: hovered icon buttons keep their icon readable, the
tile game's hand-off speaks of a rack, the slider shows how full it is, segment labels keep clear
of the round ends."""

from __future__ import annotations

import pygame

from game.ui import text as text_module
from game.ui.scenes.handoff import HandoffScene
from game.ui.widgets import IconButton
from tests.ui.driver import frames


def _lightness(colour) -> int:
    return sum(colour[:3])


def test_a_hovered_icon_button_keeps_its_light_icon_readable(make_app):
    app = make_app("en")
    icon = app.art.icon("menu", 28)
    button = IconButton(lambda: app.tr("table.menu"), lambda: None, icon=icon, name="menu")
    button.rect = pygame.Rect(10, 10, 48, 48)
    for hovered in (False, True):
        button.hovered = hovered
        surface = pygame.Surface((80, 80))
        surface.fill((20, 70, 45))  # the felt
        button.draw(surface, app.fonts)
        icon_px = [surface.get_at((x, y)) for x in range(20, 48) for y in range(20, 48)]
        disc = surface.get_at((14 + 4, 34))  # inside the disc, left of the icon
        brightest = max(_lightness(c) for c in icon_px)
        assert brightest - _lightness(disc) > 250, (hovered, brightest, disc)


def test_the_tile_hand_off_speaks_of_the_rack(make_app):
    app = make_app("fr")
    app.scenes.push(HandoffScene(app, "Marie", lambda: None, "tiles"))
    with text_module.recording() as drawn:
        frames(app, 1)
    assert "Je suis Marie\u00a0: montrer mon chevalet" in drawn
    assert not any("main" in t for t in drawn)
    app.scenes.pop()
    app.scenes.push(HandoffScene(app, "Marie", lambda: None, "rum500"))
    with text_module.recording() as drawn:
        frames(app, 1)
    assert any("montrer ma main" in t for t in drawn)


def test_the_volume_slider_is_filled_up_to_its_value(make_app):
    app = make_app("fr", size=(1024, 600))
    app.settings.volume = 0.25
    app.open_settings()
    frames(app, 3)
    scene = app.scenes.top
    slider = next(e for e in scene.form._on_change if e.__class__.__name__ == "UIHorizontalSlider")
    rect = slider.get_abs_rect()
    y = rect.centery
    gold = app.window.get_at((rect.x + rect.width // 10, y))
    empty = app.window.get_at((rect.right - rect.width // 10, y))
    assert gold != empty
    assert gold[2] < gold[0] - 60  # gold: much less blue than red


def test_segment_labels_fit_between_the_round_ends(make_app):
    from game.ui.widgets import Segmented

    app = make_app("fr", size=(1024, 600))
    app.open_settings()
    frames(app, 2)
    speeds = next(
        r.control for r in app.scenes.top.rows if getattr(r.control, "name", "") == "animation_speed"
    )
    assert isinstance(speeds, Segmented)
    radius = speeds.rect.height // 2
    for (_, label), rect in zip(speeds.choices, speeds.segment_rects(), strict=True):
        size = app.fonts.fit(label(), speeds.font_size, rect.width - radius, bold=True)
        assert app.fonts.size(label(), size, bold=True)[0] <= rect.width - radius
