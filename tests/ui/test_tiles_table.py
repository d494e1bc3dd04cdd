"""The tile table: its snap-grid model, and the real scene driven through posted mouse events."""

from __future__ import annotations

import threading

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.tiles.random_bot import RandomBot
from game.engine.base import Move
from game.engine.pieces import Tile, make_tiles
from game.engine.tiles import Options, TilesState, is_valid_meld
from game.ui import text as text_module
from game.ui.scenes.pause import PauseScene
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.tiles.grids import (
    TABLE_COLS,
    RackGrid,
    TableGrid,
    colour_groups,
    drop,
    landings,
    number_groups,
    settle,
    sort_rack,
)
from game.ui.tables.tiles.scene import POOL_KEY, TilesTable
from game.ui.tables.tiles.summary import TilesSummary
from tests.ui.driver import click, drag, frames, key, wait_until

TILES = {t.ident: t for t in make_tiles()}


def tile(text: str, copy: int = 0) -> Tile:
    return TILES[f"{text}#{copy}"]


def ids(*texts: str) -> tuple[str, ...]:
    return tuple(t if "#" in t else f"{t}#0" for t in texts)


def valid(idents) -> bool:
    return is_valid_meld([TILES[i] for i in idents])


# ------------------------------------------------------------------------------------------------
# The grid model


def grid_of(*rows: tuple[int, int, tuple[str, ...]]) -> TableGrid:
    grid = TableGrid()
    for row, col, idents in rows:
        grid.put(idents, (row, col))
    return grid


def test_a_tile_next_to_a_combination_extends_it():
    grid = grid_of((0, 2, ids("R3", "R4", "R5")))
    after = drop(grid, ids("R6"), (0, 5), valid=valid)
    assert after.combinations() == [ids("R3", "R4", "R5", "R6")]


def test_a_tile_on_free_cells_starts_a_new_combination():
    grid = grid_of((0, 2, ids("R3", "R4", "R5")))
    after = drop(grid, ids("K9"), (3, 10), valid=valid)
    assert after.combinations() == [ids("R3", "R4", "R5"), ids("K9")]
    assert after.cells["K9#0"] == (3, 10)


def test_filling_the_gap_between_two_combinations_joins_them():
    grid = grid_of((1, 0, ids("B1", "B2", "B3")), (1, 4, ids("B5", "B6", "B7")))
    after = drop(grid, ids("B4"), (1, 3), valid=valid)
    assert after.combinations() == [ids("B1", "B2", "B3", "B4", "B5", "B6", "B7")]


def test_inserting_makes_room_and_pushes_the_next_combination():
    grid = grid_of((0, 0, ids("R5", "B5", "K5")), (0, 4, ids("O1", "O2", "O3")))
    after = drop(grid, ids("O5"), (0, 1), "before", valid=valid)
    assert after.combinations() == [ids("R5", "O5", "B5", "K5"), ids("O1", "O2", "O3")]
    assert after.cells["O1#0"] == (0, 5)  # pushed one cell right, still a cell apart


def test_inserting_into_a_run_cuts_it_when_only_the_cut_is_valid():
    grid = grid_of((2, 3, ids("R3", "R4", "R5", "R6", "R7")))
    after = drop(grid, ids("R5#1"), (2, 6), "before", valid=valid)  # onto R6, left half
    assert after.combinations() == [ids("R3", "R4", "R5"), ids("R5#1", "R6", "R7")]
    assert after.cells["R5#1"] == (2, 7)  # a free cell between the two runs


def test_taking_a_tile_out_of_the_middle_splits_a_combination():
    grid = grid_of((0, 0, ids("K1", "K2", "K3", "K4", "K5", "K6", "K7")))
    after = drop(grid, ids("K4"), (5, 0), valid=valid)
    assert after.combinations() == [ids("K1", "K2", "K3"), ids("K5", "K6", "K7"), ids("K4")]


def test_a_full_row_sends_the_combination_elsewhere():
    grid = grid_of(
        (0, 0, ids(*[f"K{n}" for n in range(1, 12)])), (0, 12, ids(*[f"R{n}" for n in range(1, 13)]))
    )
    after = drop(grid, ids("R13"), (0, 23), "after", valid=valid)
    assert sorted(len(c) for c in after.combinations()) == [11, 13]
    assert after.cells["R13#0"][0] != 0 or after.cells["R1#0"][0] != 0


def test_settle_keeps_unchanged_combinations_in_place():
    old = grid_of((0, 0, ids("R3", "R4", "R5")), (3, 6, ids("B7", "K7", "O7")))
    table = [ids("B7", "K7", "O7"), ids("R3", "R4", "R5", "R6"), ids("K11", "K12", "K13")]
    new = settle(old, table)
    assert new.cells["B7#0"] == (3, 6)
    assert new.cells["R3#0"] == (0, 0) and new.cells["R6#0"] == (0, 3)
    assert sorted(new.combinations()) == sorted(table)


def test_json_round_trip_and_rejections():
    grid = grid_of((0, 0, ids("R3", "R4", "R5")))
    assert TableGrid.from_json(grid.to_json()).cells == grid.cells
    bad = grid.to_json()
    bad["cells"]["R9#0"] = [0, 1]  # two tiles in one cell
    assert TableGrid.from_json(bad) is None
    assert TableGrid.from_json({"cols": 3, "rows": 7, "cells": {}}) is None
    assert TableGrid.from_json("nonsense") is None


def test_keyboard_landings_are_the_places_a_mouse_drop_can_make():
    assert [(p.kind, p.cell) for p in landings(TableGrid(), ["x", "y"])] == [("new", (0, 0))]
    grid = TableGrid()
    grid.put(["a", "b", "c"], (0, 0))
    grid.put(["d", "e"], (0, 4))
    found = [(p.kind, p.cell, p.side, p.index or p.gap) for p in landings(grid, ["x"])]
    assert found == [
        ("new", (0, 7), "before", 0),
        ("start", (0, 0), "before", 0),
        ("inside", (0, 1), "before", 1),
        ("inside", (0, 2), "before", 2),
        ("end", (0, 2), "after", 0),
        ("join", (0, 3), "before", 1),
        ("start", (0, 4), "before", 0),
        ("inside", (0, 5), "before", 1),
        ("end", (0, 5), "after", 0),
    ]
    made = {(p.kind, p.cell): drop(grid, ["x"], p.cell, p.side).combinations() for p in landings(grid, ["x"])}
    assert made["join", (0, 3)] == [("a", "b", "c", "x", "d", "e")]
    assert made["end", (0, 2)] == [("a", "b", "c", "x"), ("d", "e")]
    assert made["inside", (0, 2)] == [("a", "b", "x", "c"), ("d", "e")]
    # Held tiles of the grid count as lifted: the gap one leaves in the middle is a place to fill.
    moved = [(p.kind, p.cell) for p in landings(grid, ["b"]) if p.kind == "join"]
    assert moved == [("join", (0, 1)), ("join", (0, 3))]


def test_rack_drop_inserts_and_pushes_neighbours():
    rack = RackGrid({"a": (0, 0), "b": (0, 1), "c": (0, 2)})
    after = rack.drop(["z"], (0, 1), "before")
    assert after.order()[:4] == ["a", "z", "b", "c"]
    after = rack.drop(["a"], (1, 5))
    assert after.cells["a"] == (1, 5)


def test_rack_sorts_into_colour_runs_and_number_groups_with_gaps():
    hand = [tile("R3"), tile("K5"), tile("R1"), tile("B5"), tile("R2"), Tile("", 0, 0), tile("O5")]
    by_colour = sort_rack(colour_groups(hand), 15)
    assert [i.split("#")[0] for i in by_colour.order()] == ["K5", "R1", "R2", "R3", "B5", "O5", "*"]
    assert by_colour.cells["R1#0"][1] == by_colour.cells["K5#0"][1] + 2  # a free slot between runs
    by_number = sort_rack(number_groups(hand), 15)
    assert [i.split("#")[0] for i in by_number.order()] == ["R1", "R2", "R3", "K5", "B5", "O5", "*"]


drops = st.lists(
    st.tuples(
        st.lists(st.sampled_from(sorted(TILES)), min_size=1, max_size=3, unique=True),
        st.integers(0, 6),
        st.integers(0, TABLE_COLS - 1),
        st.sampled_from(["before", "after"]),
    ),
    min_size=1,
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(drops)
def test_drops_never_lose_a_tile_and_keep_combinations_apart(moves):
    grid = TableGrid()
    placed: set[str] = set()
    for idents, row, col, side in moves:
        grid = drop(grid, idents, (row, col), side, valid)
        placed |= set(idents)
        assert set(grid.cells) == placed
        assert len(set(grid.cells.values())) == len(grid.cells)
        for r, c in grid.cells.values():
            assert 0 <= c < TABLE_COLS and 0 <= r < grid.rows
        assert sum(len(b.idents) for b in grid.blocks()) == len(placed)
        cells = [grid.cells[i] for i in idents]  # dropped tiles land side by side, in order
        assert all(r == cells[0][0] for r, _ in cells)
        assert [c for _, c in cells] == list(range(cells[0][1], cells[0][1] + len(cells)))


def chunks(idents: list[str], sizes: list[int]) -> list[tuple[str, ...]]:
    out, i = [], 0
    for size in sizes:
        if i >= len(idents):
            break
        out.append(tuple(idents[i : i + size]))
        i += size
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.permutations(sorted(TILES)),
    st.lists(st.integers(1, 13), min_size=1, max_size=30),
    st.lists(st.integers(1, 13), min_size=1, max_size=30),
    st.integers(0, 29),
)
def test_settle_lays_out_exactly_the_engine_table(order, before_sizes, after_sizes, kept):
    before = chunks(list(order[:60]), before_sizes)
    old = settle(TableGrid(), before)
    assert sorted(old.combinations()) == sorted(before)
    survivors = before[: kept % (len(before) + 1)]
    used = {i for c in survivors for i in c}
    fresh = chunks([i for i in order if i not in used][:40], after_sizes)
    table = survivors + fresh
    new = settle(old, table)
    assert sorted(new.combinations()) == sorted(table)  # every combination is one run of a row
    assert len(set(new.cells.values())) == len(new.cells)
    for combination in survivors:
        assert all(new.cells[i] == old.cells[i] for i in combination)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(sorted(TILES)), min_size=0, max_size=40, unique=True), st.data())
def test_rack_fit_and_drop_keep_every_tile_once(rack_ids, data):
    rack = RackGrid().fit(rack_ids)
    assert sorted(rack.cells) == sorted(rack_ids)
    if rack_ids:
        moving = data.draw(st.lists(st.sampled_from(rack_ids), min_size=1, max_size=3, unique=True))
        cell = (data.draw(st.integers(0, 1)), data.draw(st.integers(0, rack.cols - 1)))
        after = rack.drop(moving, cell, data.draw(st.sampled_from(["before", "after"])))
        assert sorted(after.cells) == sorted(rack_ids)
        assert len(set(after.cells.values())) == len(after.cells)
        assert all(0 <= c < after.cols and r in (0, 1) for r, c in after.cells.values())


# ------------------------------------------------------------------------------------------------
# The scene, driven by the mouse


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def start(make_app, options, seed=5, seats=None, size=(1280, 800), lang="en"):
    app = make_app(lang, size)
    app.settings.animation_speed = "instant"
    seats = seats or [Seat("Marie"), Seat("Bruno", "easy")]
    app.start_game(GameConfig("tiles", seats, options, seed=seed))
    frames(app, 2)
    return app, app.scenes.find(TilesTable)


def show(make_app, state: TilesState, seats=None, size=(1280, 800)):
    """A table for a prepared engine state, Marie (seat 0) to move. With two people (the
    default) nobody moves after Marie until the next hand-off is accepted."""
    from game.ui.scenes.handoff import HandoffScene

    app = make_app("en", size)
    app.settings.animation_speed = "instant"
    session = Session("tiles", seats or [Seat("Marie"), Seat("Paul")], state)
    app.show_table(session)
    frames(app, 2)
    if isinstance(app.scenes.top, HandoffScene):
        click(app, app.scenes.top.ready.rect.center)
    return app, app.scenes.find(TilesTable)


def prepared(
    table: list[list[str]], rack: list[str], opened: bool, options: Options | None = None, phase: str = "play"
) -> TilesState:
    """A two-player game where seat 0 is to play with ``rack`` and ``table`` on the table."""
    state = TilesState(2, options or Options(timer=0), seed=1)
    data = state.to_json()
    wanted = [i for c in table for i in c] + list(rack)
    everything = [t for r in data["racks"] for t in r] + data["pool"]
    rest = [t for t in everything if t not in wanted]
    other = rest[:14]
    data["racks"] = [list(rack), other]
    data["pool"] = rest[14:]
    data["table"] = [list(c) for c in table]
    data["opened"] = [opened, False]
    data["current"] = 0
    data["phase"] = phase
    data["turn"] = {
        "table": [list(c) for c in table],
        "rack": list(rack),
        "opened": opened,
        "drawn": [],
        "played": False,
    }
    return TilesState.from_json(data)


def centre(table: TilesTable, ident: str) -> tuple[int, int]:
    sprite = table.sprites.sprites[ident]
    return round(sprite.x + sprite.width / 2), round(sprite.y + table.piece_height(sprite.width) / 2)


def cell_centre(table: TilesTable, row: int, col: int, side: str = "middle") -> tuple[int, int]:
    rect = table.geo.cell_rect(row, col)
    dx = {"before": -rect.width // 4, "after": rect.width // 4, "middle": 0}[side]
    return rect.centerx + dx, rect.centery


def wait_for_my_turn(app, table):
    wait_until(app, lambda: table.my_turn or isinstance(app.scenes.top, TilesSummary))


def free_spot(grid: TableGrid, length: int) -> tuple[int, int]:
    for r in range(grid.rows):
        for c in range(TABLE_COLS - length + 1):
            if grid.is_free(r, c, length):
                return r, c
    raise AssertionError("no room left on the table")


def build(app, table: TilesTable, target) -> None:
    """Drag tiles until the draft holds the combinations of ``target`` (an end table)."""
    present = set(table.model.draft.combinations())
    for combination in target:
        wanted = tuple(t.ident for t in combination)
        if wanted in present:
            continue
        row, col = free_spot(table.model.draft, len(wanted))
        for i, ident in enumerate(wanted):
            drag(app, centre(table, ident), cell_centre(table, row, col + i))
            assert table.model.draft.cells.get(ident) == (row, col + i), f"{ident} did not land"


def human_turn(app, table: TilesTable, bot: RandomBot) -> bool:
    """Play one turn with the mouse; True when it rearranged combinations already on the table."""
    view = table.view
    if view.phase == "draw":
        drag(app, centre(table, POOL_KEY), table.geo.areas["rack"].center)
        return False
    target = bot.find_play(view) if view.can_play_now else None
    if target is None:
        kind = table.action_kind()
        if kind in ("exchange", "discard"):
            rack = table.model.racks[view.seat]
            first = rack.order()[0]
            click(app, centre(table, first))
            assert [s.key for s in table.gesture.selection] == [first]
        click(app, table.action_button.rect.center)
        return False
    before = {tuple(t.ident for t in c) for c in view.table}
    build(app, table, target)
    assert table.end_button.enabled, table.model.check_error
    rack_before = len(view.hand)
    click(app, table.end_button.rect.center)
    assert len(table.state.hand(0)) < rack_before, "the engine did not take the play"
    after = {tuple(t.ident for t in c) for c in target}
    return not before <= after


def test_a_whole_round_through_the_mouse(make_app):
    options = Options(opening_min=0, rounds=1, timer=0)
    app, table = start(make_app, options, seed=13)
    bot = RandomBot(seed=8)
    rearranged = 0
    for _turn in range(300):
        wait_for_my_turn(app, table)
        if isinstance(app.scenes.top, TilesSummary):
            break
        log_before = len(table.view.log)
        rearranged += human_turn(app, table, bot)
        frames(app, 2)
        assert len(table.state.view(0).log) > log_before or table.state.is_over, "the gesture had no effect"
    else:
        raise AssertionError("the round did not end")
    summary = app.scenes.top
    assert isinstance(summary, TilesSummary) and summary.final
    assert table.state.is_over and len(table.view.sheet) == 1
    assert rearranged, "no turn rearranged the table"
    with text_module.recording() as drawn:
        summary.layout(app.size)
        frames(app, 1)
    assert "Total" in drawn and "Round 1" in drawn and "Marie" in drawn
    table.flush_saves()
    assert not app.storage.has_saved_game()


def test_splitting_a_run_to_insert_a_tile(make_app):
    state = prepared([["R3#0", "R4#0", "R5#0", "R6#0", "R7#0"]], ["R5#1", "K9#0", "B2#0"], opened=True)
    app, table = show(make_app, state)
    assert table.my_turn
    r, c = table.model.grid.cells["R6#0"]
    drag(app, centre(table, "R5#1"), cell_centre(table, r, c, "before"))
    assert sorted(table.model.draft.combinations()) == [ids("R3", "R4", "R5"), ids("R5#1", "R6", "R7")]
    assert table.end_button.enabled and all(ok for _b, ok in table.model.marks)
    click(app, table.end_button.rect.center)
    assert sorted(tuple(t.text for t in c) for c in table.state.table) == [
        ("R3", "R4", "R5"),
        ("R5", "R6", "R7"),
    ]
    assert table.state.current_player == 1


def test_moving_a_tile_between_combinations(make_app):
    table_before = [["K5#0", "R5#0", "B5#0", "O5#0"], ["K6#0", "K7#0", "K8#0"]]
    state = prepared(table_before, ["K9#0", "O11#0", "B12#1"], opened=True)
    app, table = show(make_app, state)
    r, c = table.model.grid.cells["K6#0"]
    drag(app, centre(table, "K5#0"), cell_centre(table, r, c, "before"))  # off the group, onto the run
    assert table.end_button not in table.turn_buttons()  # nothing laid from the rack yet
    assert table.reset_button.enabled
    r, c = table.model.draft.cells["K8#0"]
    drag(app, centre(table, "K9#0"), cell_centre(table, r, c + 1))
    assert sorted(table.model.draft.combinations()) == [
        ids("K5", "K6", "K7", "K8", "K9"),
        ids("R5", "B5", "O5"),
    ]
    click(app, table.end_button.rect.center)
    assert {tuple(t.text for t in c) for c in table.state.table} == {
        ("K5", "K6", "K7", "K8", "K9"),
        ("R5", "B5", "O5"),
    }


def test_a_double_click_picks_up_a_whole_combination(make_app):
    state = prepared([["B9#0", "B10#0", "B11#0"], ["K6#0", "K7#0", "K8#0"]], ["B12#0", "O3#0"], opened=True)
    app, table = show(make_app, state)
    click(app, centre(table, "B10#0"), n_frames=1)
    click(app, centre(table, "B10#0"))
    assert sorted(s.key for s in table.gesture.selection) == sorted(ids("B9", "B10", "B11"))
    drag(app, centre(table, "B9#0"), cell_centre(table, 2, 8))
    assert table.model.draft.block_of("B9#0").cells() == [(2, 8), (2, 9), (2, 10)]
    assert table.model.draft.combinations()[-1] == ids("B9", "B10", "B11")
    drag(app, centre(table, "B12#0"), cell_centre(table, 2, 11))
    assert table.end_button.enabled
    click(app, table.end_button.rect.center)
    assert table.model.grid.cells["B12#0"] == (2, 11)  # the table keeps the layout of the turn


def test_an_invalid_table_cannot_end_the_turn(make_app):
    state = prepared([["K6#0", "K7#0", "K8#0"]], ["R5#1", "K9#0", "B2#0", "O13#0"], opened=True)
    app, table = show(make_app, state)
    with text_module.recording() as drawn:
        drag(app, centre(table, "B2#0"), cell_centre(table, 3, 10))
    assert table.model.draft.cells["B2#0"] == (3, 10)
    assert table.end_button in table.turn_buttons() and not table.end_button.enabled
    assert [(b.idents, ok) for b, ok in table.model.marks] == [(("B2#0",), False)]
    assert table.model.check_error is not None
    reason = str(table.status())
    assert reason in drawn and "3 tiles" in reason
    # The red outline is drawn around the lone tile.
    rect = table.geo.cell_rect(3, 10)
    pad = max(3, table.geo.tile_w // 10)
    outline = rect.inflate(2 * pad, 2 * pad)
    pixel = app.window.get_at((outline.x + outline.width // 2, outline.y + 1))
    assert pixel.r > 180 and pixel.g < 110 and pixel.b < 110, pixel
    # Pressing End turn does nothing; the tile can go back to the rack.
    log = len(table.state.log)
    click(app, table.end_button.rect.center)
    assert len(table.state.log) == log and table.state.current_player == 0
    drag(app, centre(table, "B2#0"), table.geo.areas["slots"].center)
    assert "B2#0" not in table.model.draft.cells and "B2#0" in table.model.racks[0].cells
    assert table.action_button in table.turn_buttons()


def test_a_table_tile_never_goes_to_the_rack(make_app):
    state = prepared([["K6#0", "K7#0", "K8#0", "K9#0"]], ["R5#1", "B2#0", "O13#0"], opened=True)
    app, table = show(make_app, state)
    home = table.sprites.sprites["K9#0"].target
    drag(app, centre(table, "K9#0"), table.geo.areas["slots"].center)
    assert table.model.draft.cells["K9#0"] == table.model.grid.cells["K9#0"]
    assert (
        table.bubbles and "K9" not in str(table.bubbles[0].text) and "black 9" in str(table.bubbles[0].text)
    )
    sprite = table.sprites.sprites["K9#0"]
    assert (round(sprite.x), round(sprite.y)) == (round(home[0]), round(home[1]))


def test_reset_and_undo(make_app):
    state = prepared([["K6#0", "K7#0", "K8#0"]], ["K9#0", "K10#0", "B2#0"], opened=True)
    app, table = show(make_app, state)
    start_rack = dict(table.model.racks[0].cells)
    r, c = table.model.grid.cells["K8#0"]
    drag(app, centre(table, "K9#0"), cell_centre(table, r, c + 1))
    drag(app, centre(table, "K10#0"), cell_centre(table, r, c + 2))
    assert table.model.draft.combinations() == [ids("K6", "K7", "K8", "K9", "K10")]
    click(app, table.undo_button.rect.center)
    assert table.model.draft.combinations() == [ids("K6", "K7", "K8", "K9")]
    click(app, table.reset_button.rect.center)
    assert table.model.draft.same_as(table.model.grid)
    assert table.model.racks[0].cells == start_rack
    assert table.action_button in table.turn_buttons()


def test_opening_counts_towards_the_minimum(make_app):
    state = prepared(
        [],
        ["R10#0", "R11#0", "R12#0", "B1#0", "K1#0", "O1#0", "B9#0"],
        opened=False,
        options=Options(timer=0),
    )
    app, table = show(make_app, state)
    with text_module.recording() as drawn:
        for i, ident in enumerate(["B1#0", "K1#0", "O1#0"]):
            drag(app, centre(table, ident), cell_centre(table, 1, 2 + i))
    assert table.model.opening_points == 3 and not table.end_button.enabled
    assert "Opening: 3 / 30" in drawn
    for i, ident in enumerate(["R10#0", "R11#0", "R12#0"]):
        drag(app, centre(table, ident), cell_centre(table, 3, 5 + i))
    assert table.model.opening_points == 36 and table.end_button.enabled
    click(app, table.end_button.rect.center)
    assert table.state.opened[0]


def test_exchange_by_dropping_a_tile_on_the_pool(make_app):
    state = prepared([], ["R10#0", "B9#0", "K2#0"], opened=False, options=Options(timer=0))
    app, table = show(make_app, state)
    pool_before = len(table.state.pool)
    drag(app, centre(table, "K2#0"), table.geo.areas["pool"].center)
    assert table.state.current_player == 1 or table.state.log[-1].kind != "deal"
    assert any(e.kind == "exchange" for e in table.state.log)
    assert len(table.state.pool) == pool_before


def test_draw_then_discard_through_the_pool(make_app):
    options = Options(timer=0, opening_min=0, turn_rule="draw_discard")
    state = prepared(
        [], ["R10#0", "R11#0", "R12#0", "B9#0", "K2#0"], opened=False, options=options, phase="draw"
    )
    app, table = show(make_app, state)
    assert table.action_kind() == "draw" and "Draw a tile" in str(table.status())
    pool = len(table.state.pool)
    drag(app, centre(table, POOL_KEY), table.geo.areas["slots"].center)
    assert len(table.state.hand(0)) == 6 and len(table.state.pool) == pool - 1
    drawn = table.state.drawn[0].ident
    assert drawn in table.model.racks[0].cells and drawn in table.fresh  # the new tile glows on the rack
    for i, ident in enumerate(["R10#0", "R11#0", "R12#0"]):
        drag(app, centre(table, ident), cell_centre(table, 2, 3 + i))
    click(app, table.end_button.rect.center)
    assert table.state.phase == "discard" and table.action_kind() == "discard"
    drag(app, centre(table, "K2#0"), table.geo.areas["pool"].center)
    assert table.state.current_player == 1 and "K2#0" not in {t.ident for t in table.state.hand(0)}


def test_the_draw_rule_offers_a_draw_button_and_enter_plays_it(make_app):
    state = prepared([], ["R10#0", "B9#0", "K2#0"], opened=False, options=Options(timer=0, turn_rule="draw"))
    app, table = show(make_app, state)
    assert table.action_button in table.turn_buttons() and table.action_button.enabled
    with text_module.recording() as drawn:
        frames(app, 1)
    assert "Draw a tile" in drawn
    key(app, pygame.K_RETURN)
    assert len(table.state.hand(0)) == 4 and table.state.current_player == 1


def test_a_tile_held_when_the_turn_ends_goes_back_to_the_rack(make_app):
    """Issue 25: under the draw rule, D pressed while a tile is held ends the turn; dropping the
    tile afterwards on the table used to raise AttributeError (the turn's draft was gone)."""
    state = prepared([], ["R10#0", "B9#0", "K2#0"], opened=False, options=Options(timer=0, turn_rule="draw"))
    app, table = show(make_app, state, seats=[Seat("Marie"), Seat("Bruno", "easy")])
    start, end = centre(table, "K2#0"), cell_centre(table, 2, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    for i in range(1, 5):
        x, y = start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
        frames(app, 1)
    assert table.gesture.dragging
    key(app, pygame.K_d)
    assert len(table.state.hand(0)) == 4  # drawn: the turn is over
    assert any(e.kind == "draw" and e.seat == 0 for e in table.state.log)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)
    assert not table.gesture.dragging
    assert "K2#0" in {t.ident for t in table.state.hand(0)}
    assert "K2#0" in table.model.racks[0].cells


# ------------------------------------------------------------------------------------------------
# The sand glass


class Recorder:
    def __init__(self, player):
        self.player = player
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)
        self.player.play(name)


def test_the_sand_glass_warns_each_second_then_times_out(make_app):
    state = prepared([], ["R10#0", "B9#0", "K2#0", "O4#0"], opened=False, options=Options(timer=30))
    app, table = show(make_app, state)
    recorder = Recorder(app.sound)
    app._sound = recorder
    drag(app, centre(table, "R10#0"), cell_centre(table, 2, 4))
    assert table.model.clock is not None and table.model.clock > 25
    frames(app, 38, dt=0.5)  # 19 s: 11 s left, no warning yet
    assert recorder.played.count("timer_warning") == 0
    # The pause menu stops the clock.
    click(app, next(b for b in table.top_buttons if b.name == "menu").rect.center)
    assert isinstance(app.scenes.top, PauseScene)
    left = table.model.clock
    frames(app, 20, dt=1.0)
    assert table.model.clock == left
    app.scenes.pop()
    frames(app, 24, dt=0.5)  # 12 s more: the last ten seconds each beep once, then time is up
    assert recorder.played.count("timer_warning") == 10
    assert [e.kind for e in table.state.log][-1] == "timeout"
    assert table.state.current_player == 1
    assert "R10#0" in {t.ident for t in table.state.hand(0)}  # the tile went back to the rack
    assert table.bubbles  # "Time is up" is shown


class SlowBot:
    """A computer player that thinks until released."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def choose(self, view) -> Move:
        self.release.wait(10)
        return view.legal_moves()[0]


def test_a_computer_that_overruns_the_sand_glass_times_out(make_app):
    state = prepared([], ["R10#0", "B9#0", "K2#0", "O4#0"], opened=False, options=Options(timer=30))
    app, table = show(make_app, state, seats=[Seat("Marie"), Seat("Bruno", "easy")])
    release = threading.Event()
    from game.ui import bots as bot_worker

    bot_worker._bots[(table.session.token, 1)] = SlowBot(release)  # the tests' worker is a thread
    click(app, table.action_button.rect.center)  # no tile chosen: a hint, the turn goes on
    assert table.bubbles and table.state.current_player == 0
    click(app, centre(table, "K2#0"))
    click(app, table.action_button.rect.center)  # exchange K2
    assert table.state.current_player == 1
    try:
        frames(app, 31, dt=1.0)
        kinds = [e.kind for e in table.state.log]
        assert kinds[-1] == "timeout" and table.state.log[-1].seat == 1
        assert table.state.current_player == 0
        assert table.turns.pending is None
    finally:
        release.set()


# ------------------------------------------------------------------------------------------------
# Saving mid-turn


def test_a_game_saved_mid_turn_resumes_identically(make_app, storage):
    state = prepared([["K6#0", "K7#0", "K8#0"]], ["K9#0", "B2#0", "O13#0", "R1#0", "R2#0"], opened=True)
    app, table = show(make_app, state)
    click(app, table.sort_number.rect.center)
    r, c = table.model.grid.cells["K8#0"]
    drag(app, centre(table, "K9#0"), cell_centre(table, r, c + 1))
    drag(app, centre(table, "B2#0"), cell_centre(table, 3, 3))
    draft, rack = dict(table.model.draft.cells), dict(table.model.racks[0].cells)
    table.save_now()
    table.flush_saves()
    data, problem = storage.load_game_data("tiles")
    assert problem is None
    session = Session.from_json(data)
    app.show_table(session)
    frames(app, 3)
    click(app, app.scenes.top.ready.rect.center)  # two people: the hand-off comes first
    resumed = app.scenes.find(TilesTable)
    assert resumed is not table and resumed.my_turn
    assert resumed.model.draft.cells == draft
    assert resumed.model.racks[0].cells == rack
    assert resumed.sprites.sprites["B2#0"].target == table.sprites.sprites["B2#0"].target


def test_hot_seat_hides_the_rack_until_the_next_person_is_ready(make_app):
    from game.ui.scenes.handoff import HandoffScene

    app, table = start(make_app, Options(timer=30), seed=2, seats=[Seat("Marie"), Seat("Paul")])
    assert isinstance(app.scenes.top, HandoffScene)
    assert table.viewer is None
    frames(app, 10, dt=1.0)
    assert table.model.clock == 30  # the sand glass waits for the next person
    racks = {t.ident for p in range(table.state.num_players) for t in table.state.hand(p)}
    assert not any(
        s.face_up and s.key in racks
        for s in table.sprites.sprites.values()
        if s.key not in table.model.grid.cells
    )
    click(app, app.scenes.top.ready.rect.center)
    assert table.viewer == table.state.current_player and table.my_turn
    frames(app, 4, dt=1.0)
    assert 25 < table.model.clock < 27


def test_every_size_keeps_the_table_inside_the_window(make_app):
    for size in ((1024, 640), (1920, 1080)):
        _app, table = start(make_app, Options(timer=60), seed=5, size=size)
        w, h = size
        margin = int(0.02 * min(w, h)) - 1
        inside = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        for widget in table.widgets():
            assert inside.contains(widget.rect), widget.name
        for name, rect in table.geo.areas.items():
            assert inside.contains(rect), name
        for sprite in table.sprites.sprites.values():
            assert inside.contains(sprite.rect(table.piece_height(sprite.width))), sprite.key
        pygame.quit()
