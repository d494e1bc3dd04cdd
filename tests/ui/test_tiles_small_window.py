"""Issue 38, tiles at small sizes and the reasons given: the tile table uses the room it has at
1024x600 with four players, a drop lands in the cell under the pointer, the notes under the
seats stay off the table and apart, and every refusal names the engine's real reason (a bad
group, a table tile moved before opening, a star moved without being freed). Driven through
posted mouse events (``tests/ui/driver.py``)."""

from __future__ import annotations

import pytest

from game.engine.tiles import Options
from game.engine.tiles.positions import arranged
from game.showcase.tables import busy_session
from game.ui import text as text_module
from game.ui.session import Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.tiles.grids import MIN_SHOWN_ROWS
from game.ui.tables.tiles.scene import TilesTable
from tests.ui.driver import drag, frames
from tests.ui.test_table_text_boxes import problems_in
from tests.ui.test_tiles_table import cell_centre, centre

SEATS = ["Marie", "Bruno", "Chloé", "Dimitri"]


@pytest.fixture(autouse=True)
def computers_wait(monkeypatch):
    """The computer players take their time: the tests look at seat 0's turn."""
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 60.0, "normal": 60.0, "slow": 60.0})


def four_seats(make_app, state, lang="en", size=(1024, 600)) -> tuple:
    """Marie (seat 0) to play ``state`` against three computer players."""
    app = make_app(lang, size)
    app.settings.animation_speed = "instant"
    seats = [Seat(SEATS[0]), *(Seat(n, "normal") for n in SEATS[1 : state.num_players])]
    app.show_table(Session("tiles", seats, state))
    frames(app, 3)
    return app, app.scenes.find(TilesTable)


def reason(app, code: str, **params) -> str:
    return str(app.tr(f"error.{code}", **params))


def busy_table(make_app, size) -> tuple:
    """The showcase's busy four-player tile table, in French, Marie to play."""
    app = make_app("fr", size)
    app.settings.animation_speed = "instant"
    app.show_table(busy_session("tiles", 4))
    frames(app, 3)
    return app, app.scenes.find(TilesTable)


# The room -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_uses_the_room_it_has(make_app, size):
    _app, table = busy_table(make_app, size)
    geo = table.geo
    area, grid = geo.areas["table"], geo.grid_rect
    assert area.contains(grid)
    # As large as the area allows across or down (or as large as the rack's tiles).
    fills = grid.width >= area.width * 0.95 or grid.height >= area.height * 0.9
    assert fills or geo.tile_w == geo.rack_tile_max, (grid, area, geo.tile_w)
    assert geo.grid_rows == max(MIN_SHOWN_ROWS, table.model.shown_grid().last_row() + 2)
    if size == (1024, 600):
        assert geo.tile_w >= 28, geo.tile_w  # 20 pixels before the table used its room
    # The other players' panels and the table never meet.
    for rect in geo.seat_rects.values():
        assert not rect.colliderect(area)


def test_a_drop_lands_in_the_cell_under_the_pointer(make_app):
    hands = ["K1 K3 K5 K7 K9 K11 R2 R4 R6", "B1 B2 B3", "O1 O2 O3", "R9 R10 R11"]
    state = arranged(hands, table=["B5 B6 B7", "O9 O10 O11"], options=Options(timer=0))
    app, table = four_seats(make_app, state)
    assert table.my_turn and table.model.draft is not None
    rack = {table.model.tiles[i].text: i for i in table.model.rack.cells}
    for text in ("K1", "K3", "K5", "K7"):
        rows = table.geo.grid_rows
        cell = (rows - 1, 23 - 2 * int(text[1:]))  # the free last row, far to the right
        drag(app, centre(table, rack[text]), cell_centre(table, *cell))
        assert table.model.draft.cells[rack[text]] == cell, text
        assert table.geo.grid_rows == rows + 1  # a free row below it, once dropped
    # On a tile of a combination: after it when dropped on its right half.
    b6 = next(i for i, cell in table.model.draft.cells.items() if table.model.tiles[i].text == "B6")
    r, c = table.model.draft.cells[b6]
    drag(app, centre(table, rack["R2"]), cell_centre(table, r, c, "after"))
    assert table.model.draft.cells[rack["R2"]] == (r, c + 1)


# The notes under the seats ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "size", [(1024, 600), (1280, 800), (1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_the_notes_under_the_seats_stay_off_the_table_and_apart(make_app, size):
    app, table = busy_table(make_app, size)
    table.replay.finish()
    for seat, kind in zip((1, 2, 3), ("exchange", "play", "discard"), strict=True):
        table.news.notes[seat] = [kind, 14, 3.0]  # the longest words, side by side
    table.drawing.invalidate()
    with text_module.drawing_order() as order:
        table.draw(app.window)
    notes = [d for d in order if d.kind == "text" and d.text[:2] in ("A ", "Ex", "La")]
    assert len(notes) >= 3, [d.text for d in order if d.kind == "text"]
    for note in notes:
        assert not note.rect.colliderect(table.geo.grid_rect), note
    assert not problems_in(order), problems_in(order)[:4]


# Reasons ----------------------------------------------------------------------------------------
def test_a_bad_group_is_refused_for_what_a_group_needs(make_app):
    state = arranged(["R5 B5 O6 K12", "B1 B2 B3", "O1 O2 O3", "R9 R10 R11"], options=Options(timer=0))
    app, table = four_seats(make_app, state)
    rack = {table.model.tiles[i].text: i for i in table.model.rack.cells}
    for i, text in enumerate(("R5", "B5", "O6")):
        drag(app, centre(table, rack[text]), cell_centre(table, 1, 4 + i))
    assert table.model.check_error.params["reason"] == "group_numbers_differ"
    assert str(table.status()) == reason(app, "group_numbers_differ")
    assert [ok for _, ok in table.model.marks] == [False]


def test_a_table_tile_moved_before_opening_says_why(make_app):
    state = arranged(
        ["R8 K10 K11 K12 O1", "B1 B2 B3", "O1#1 O2 O3", "R9 R10 R11"],
        table=["R5 R6 R7"],
        opened=[False, True, True, True],
        options=Options(timer=0),
    )
    app, table = four_seats(make_app, state)
    r5 = next(i for i in table.model.grid.cells if table.model.tiles[i].text == "R5")
    before = dict(table.model.draft.cells)
    drag(app, centre(table, r5), cell_centre(table, 2, 10))
    assert table.bubbles, "the refusal is not shown"
    assert str(table.bubbles[0].text) == reason(app, "opening_uses_table", tile=table.param_text("R5"))
    assert table.model.draft.cells == before  # the tile went back


def test_a_refused_star_move_outlines_its_combination_in_red(make_app):
    state = arranged(
        ["B3 B4 K9", "B1 B2 B5", "O1 O2 O3", "R9 R10 R11"],
        table=["R5 R6 R7 *"],
        options=Options(timer=0),
    )
    app, table = four_seats(make_app, state)
    model = table.model
    star = next(i for i in model.grid.cells if model.tiles[i].is_star)
    rack = {model.tiles[i].text: i for i in model.rack.cells}
    drag(app, centre(table, rack["B3"]), cell_centre(table, 2, 4))
    drag(app, centre(table, rack["B4"]), cell_centre(table, 2, 5))
    drag(app, centre(table, star), cell_centre(table, 2, 6))
    assert model.draft.block_of(star).idents[-1] == star
    assert model.check_error.code == "star_not_freed"
    marks = {block.idents: ok for block, ok in model.marks}
    assert marks[model.draft.block_of(star).idents] is False  # red, not the green of a new one
    assert str(table.status()) == reason(app, "star_not_freed", tile=table.param_text("R8"))
    assert not table.end_button.enabled
