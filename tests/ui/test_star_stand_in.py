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


def _star_gold(colour) -> bool:
    return colour.r > 200 and colour.g > 150 and colour.b < 120


@pytest.mark.parametrize("players", [2, 4])
def test_a_star_standing_for_13_never_reads_as_a_plain_13(make_app, players):
    """At the smallest window, the pill of the tile a star stands for lies in the star tile's
    lower part, and the star itself shows above it."""
    app = make_app("fr", (1024, 600))
    hands = ["K1 K2 K3 O11 O12", "R1 R2 R3 B11 B12", "R4 R5 R6", "B4 B5 B6"][:players]
    state = arranged(hands, table=["K11 K12 *", "B4#1 B5#1 B6#1 B7", "R7 B7#1 O7"])
    session = Session(
        "tiles", [Seat("Marie"), *(Seat(n, "normal") for n in ("Bruno", "Chloé", "Dimitri"))][:players], state
    )
    app.settings.animation_speed = "instant"
    app.show_table(session)
    frames(app, 3)
    table = app.scenes.top
    with text_module.drawing_order() as order:
        table.draw(app.window)
    star = next(s for s in table.sprites.sprites.values() if s.piece is not None and s.piece.is_star)
    rect = star.rect(table.piece_height(star.width))
    (label,) = [d for d in order if d.kind == "text" and rect.contains(d.rect)]
    assert label.text == "13"
    assert label.rect.top >= rect.top + rect.height // 2, (label.rect, rect)
    upper = [
        app.window.get_at((x, y))
        for x in range(rect.x, rect.right)
        for y in range(rect.y, label.rect.top - 2)
    ]
    assert sum(_star_gold(c) for c in upper) >= rect.width // 2, "the star does not show above its pill"


@pytest.mark.parametrize("width", [16, 20, 26, 34, 50])
def test_the_stand_in_pill_stays_within_the_star_tile_at_every_size(make_app, width):
    from game.engine.pieces import make_tiles
    from game.i18n import Verbatim
    from game.ui import theme
    from game.ui.tables.drawing import draw_stand_in

    app = make_app("en", (1024, 600))
    star = next(t for t in make_tiles() if t.is_star)
    surface = pygame.Surface((120, 120))
    tile = app.art.tile(star, width)
    rect = surface.blit(tile, (20, 20))
    pill = draw_stand_in(
        surface, app.fonts, theme.Scale.for_size((1024, 600)), rect, Verbatim("13"), inside=True
    )
    assert rect.contains(pill), (pill, rect)
    assert pill.top >= rect.top + rect.height // 2, (pill, rect)
