"""Tooltips of the tables' icon buttons stay whole inside the window, at its edges too ("Sort by
rank (R)" at the bottom right, "Tidy the table" at the left), in both languages at the smallest
window. Driven by real mouse motion."""

from __future__ import annotations

import pygame
import pytest

from game.showcase.tables import busy_session
from game.ui import text as text_module
from tests.ui.driver import frames


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
def test_every_tooltip_lies_whole_inside_the_window(make_app, game, lang):
    app = make_app(lang, (1024, 600))
    app.settings.animation_speed = "instant"
    app.show_table(busy_session(game, 2))
    frames(app, 3)
    table = app.scenes.top
    table.replay.finish()
    buttons = [*table.top_buttons, *table.drawing.more_tips()]
    assert len(buttons) > len(table.top_buttons)  # the sort buttons at the edge of the hand
    window = app.window.get_rect()
    for button in buttons:
        pos = button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        frames(app, 1)
        assert button.hovered, button.name
        with text_module.drawing_order() as order:
            table.draw(app.window)
        tip = str(table.drawing.tip(button))
        (line,) = [d for d in order if d.kind == "text" and d.text == tip]
        assert window.contains(line.rect), (tip, line.rect)
        assert not line.rect.colliderect(button.rect), (tip, line.rect)
