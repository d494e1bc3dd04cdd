"""A star on the tile table shows the tile it stands for, as the engine reads its combination
(the card tables' jokers and twos show theirs the same way)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.tiles.positions import arranged
from game.ui import text as text_module
from game.ui.session import Seat, Session
from tests.ui.driver import frames


def _table_with_stars(app, table: list[str]):
    state = arranged(["K1 K2 K3 O11 O12", "R1 R2 R3 B11 B12"], table=table)
    session = Session("tiles", [Seat("Marie"), Seat("Bruno", "normal")], state)
    app.settings.animation_speed = "instant"
    app.show_table(session)
    frames(app, 3)
    return app.scenes.top


def _labels_on_stars(app, table) -> dict[str, list[str]]:
    """Star ident -> the lines of text drawn over that star's tile."""
    with text_module.drawing_order() as order:
        table.draw(app.window)
    texts = [d for d in order if d.kind == "text" and d.surface == app.size]
    out = {}
    for ident, sprite in table.sprites.sprites.items():
        if sprite.piece is None or not sprite.piece.is_star:
            continue
        rect = sprite.rect(table.piece_height(sprite.width))
        out[ident] = [d.text for d in texts if rect.contains(d.rect)]
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_star_shows_the_tile_it_stands_for(make_app, lang):
    app = make_app(lang, (1024, 600))
    # A blue run with a star for B6, a group of 9s with a star (for a 9 in no one colour).
    table = _table_with_stars(app, ["B4 B5 * B7", "K9 R9 *"])
    labels = _labels_on_stars(app, table)
    assert sorted(labels.values()) == [["6"], ["9"]], labels
    # Its colour is the run's: the blue of the tiles' ink on the star's pill.
    star = next(i for i, lines in labels.items() if lines == ["6"])
    rect = table.sprites.sprites[star].rect(table.piece_height(table.sprites.sprites[star].width))
    pixels = [
        app.window.get_at((x, y)) for x in range(rect.x, rect.right) for y in range(rect.centery, rect.bottom)
    ]
    assert any(c.b > 150 and c.r < 80 for c in pixels)


def test_the_label_follows_the_engine_when_the_run_changes(make_app):
    app = make_app("en", (1280, 800))
    table = _table_with_stars(app, ["B4 B5 * B7"])
    assert sorted(_labels_on_stars(app, table).values()) == [["6"]]
    # The same star at the head of a run reads as the number before it.
    table2 = _table_with_stars(app, ["* O11 O12 O13"])
    assert sorted(_labels_on_stars(app, table2).values()) == [["10"]]


def test_no_label_on_a_star_in_a_rack(make_app):
    app = make_app("en", (1280, 800))
    state = arranged(["K1 K2 K3 * O12", "R1 R2 R3 B11 B12"], table=["B4 B5 B6"])
    app.settings.animation_speed = "instant"
    app.show_table(Session("tiles", [Seat("Marie"), Seat("Bruno", "normal")], state))
    frames(app, 3)
    assert all(lines == [] for lines in _labels_on_stars(app, app.scenes.top).values())
    pygame.event.clear()
