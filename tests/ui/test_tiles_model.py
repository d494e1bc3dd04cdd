"""The tile table's turn in progress (``TilesTurn``), without a window: pygame is never loaded."""

from __future__ import annotations

from game.engine.tiles import Exchange, Options, Play, TilesState
from game.ui.tables.tiles.model import TilesTurn
from tests.without_pygame import import_fails_without_pygame


def position(
    table: list[list[str]], rack: list[str], opened: bool, options: Options | None = None
) -> TilesState:
    """Two players, seat 0 to play with ``rack`` and ``table`` on the table."""
    state = TilesState(2, options or Options(timer=0), seed=1)
    data = state.to_json()
    wanted = [i for c in table for i in c] + list(rack)
    rest = [t for t in [t for r in data["racks"] for t in r] + data["pool"] if t not in wanted]
    data.update(racks=[list(rack), rest[:14]], pool=rest[14:], table=[list(c) for c in table])
    data.update(opened=[opened, False], current=0, phase="play")
    data["turn"] = {
        "table": [list(c) for c in table],
        "rack": list(rack),
        "opened": opened,
        "drawn": [],
        "played": False,
    }
    return TilesState.from_json(data)


def my_turn(state: TilesState) -> TilesTurn:
    model = TilesTurn()
    began, _fresh = model.follow(state.view(0), mine=True, human_to_move=True)
    assert began and model.draft is not None and model.draft.same_as(model.grid)
    return model


def test_the_model_needs_no_pygame():
    assert import_fails_without_pygame("game.ui.tables.tiles.model") == ""


def test_laying_a_run_makes_the_turn_ready_and_undo_takes_it_back():
    state = position([], ["R10#0", "R11#0", "R12#0", "K2#0"], opened=True)
    model = my_turn(state)
    for i, ident in enumerate(["R10#0", "R11#0", "R12#0"]):
        model.drop_on_table([ident], (2, 3 + i), "before")
    assert model.placed_ids == {"R10#0", "R11#0", "R12#0"}
    assert model.can_end and model.check_error is None
    assert [(block.idents, ok) for block, ok in model.marks] == [(("R10#0", "R11#0", "R12#0"), True)]
    assert set(model.rack.cells) == {"K2#0"}
    copy = TilesState.from_json(state.to_json())
    copy.apply(Play(model.combinations_of(model.draft)))  # what End turn proposes is legal
    assert model.undo() and model.placed_ids == {"R10#0", "R11#0"} and not model.can_end
    assert model.reset() and model.placed_ids == set()
    assert set(model.rack.cells) == {"R10#0", "R11#0", "R12#0", "K2#0"}


def test_a_refused_combination_is_lit_red_with_the_engines_reason():
    state = position([], ["R10#0", "B4#0", "K2#0"], opened=True)
    model = my_turn(state)
    model.drop_on_table(["R10#0", "B4#0"], (0, 0), "before")
    assert not model.can_end and model.check_error is not None
    assert [ok for _block, ok in model.marks] == [False]


def test_the_opening_counts_only_new_combinations_of_rack_tiles():
    state = position(
        [], ["R10#0", "R11#0", "R12#0", "K2#0"], opened=False, options=Options(timer=0, opening_min=30)
    )
    model = my_turn(state)
    model.drop_on_table(["R10#0", "R11#0", "R12#0"], (1, 1), "before")
    assert model.opening_points == 33 and model.can_end


def test_a_tile_of_the_table_never_goes_to_the_rack():
    state = position([["K6#0", "K7#0", "K8#0"]], ["K9#0", "B2#0"], opened=True)
    model = my_turn(state)
    try:
        model.drop_on_rack(["K6#0"], (0, 0), "before")
    except Exception as exc:  # the engine's code, for the bubble
        assert getattr(exc, "code", None) == "table_tile_missing"
    else:
        raise AssertionError("a table tile went to the rack")


def test_the_pool_says_why_no_tile_may_go_there():
    exchange = position([], ["R10#0", "K2#0"], opened=False)
    model = my_turn(exchange)
    assert model.give_move("K2#0") == Exchange(model.tiles["K2#0"])
    draw_rule = position([], ["R10#0", "K2#0"], opened=False, options=Options(timer=0, turn_rule="draw"))
    model = my_turn(draw_rule)
    assert model.give_move("K2#0") is None and model.why_not_give("K2#0").code == "no_exchange_in_turn_rule"


def test_a_turn_saved_in_the_ui_block_resumes_identically():
    state = position([], ["R10#0", "R11#0", "R12#0", "K2#0"], opened=True)
    model = my_turn(state)
    model.drop_on_table(["R10#0", "R11#0"], (4, 7), "before")
    resumed = TilesTurn(model.to_ui())
    began, _fresh = resumed.follow(state.view(0), mine=True, human_to_move=True)
    assert not began and resumed.draft.cells == model.draft.cells
    assert resumed.rack.cells == model.rack.cells and resumed.placed_ids == model.placed_ids
