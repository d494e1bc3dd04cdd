"""A stable tile table: combinations a turn did not change stay exactly where they were, on the
model's grid and on screen; the table is laid out afresh only when the player asks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.registry import make_bot
from game.engine.tiles import Options, Play, TilesState
from game.engine.tiles import new_game as new_tile_game
from game.ui.session import Seat, Session
from game.ui.tables.tiles.model import TilesTurn
from tests.ui.driver import frames


def _cells(model: TilesTurn) -> dict[tuple[str, ...], list]:
    return {c: [model.grid.cells[i] for i in c] for c in model.grid.combinations()}


@pytest.mark.slow  # plays 25 random games
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_unchanged_combinations_never_move_over_random_turns(seed, players):
    state = new_tile_game(players, Options(opening_min=0, timer=0), seed=seed)
    bots = [make_bot("tiles", "easy", seed + s) for s in range(players)]
    model = TilesTurn()
    model.follow(state.view(0), mine=False, human_to_move=False)
    for _ in range(60):
        if state.phase not in ("draw", "play", "discard"):
            break
        before = _cells(model)
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
        model.follow(state.view(0), mine=False, human_to_move=False)
        after = _cells(model)
        for combination, cells in before.items():
            if combination in after:
                assert after[combination] == cells, "an unchanged combination moved"


def _position_for_seat_one(table: list[list[str]], rack: list[str]) -> TilesState:
    """Two players, seat 1 (a computer) to play with ``rack``, ``table`` on the table."""
    state = TilesState(2, Options(timer=0), seed=1)
    data = state.to_json()
    wanted = [i for c in table for i in c] + list(rack)
    rest = [t for t in [t for r in data["racks"] for t in r] + data["pool"] if t not in wanted]
    data.update(racks=[rest[:14], list(rack)], pool=rest[14:], table=[list(c) for c in table])
    data.update(opened=[True, True], current=1, phase="play")
    data["turn"] = {
        "table": [list(c) for c in table],
        "rack": list(rack),
        "opened": True,
        "drawn": [],
        "played": False,
    }
    return TilesState.from_json(data)


def test_a_turn_adding_one_tile_moves_no_other_combination_on_screen(make_app):
    table = [["R3#0", "R4#0", "R5#0"], ["B7#0", "K7#0", "O7#0"], ["K10#0", "K11#0", "K12#0"]]
    state = _position_for_seat_one(table, ["R6#0", "B1#0", "B2#0"])
    app = make_app()
    app.settings.animation_speed = "instant"
    session = Session("tiles", [Seat("Marie"), Seat("Bruno", "easy")], state)
    app.show_table(session)
    frames(app, 3)
    scene = app.scenes.top
    scene.turns.advance = lambda *_: None
    before = {k: s.target for k, s in scene.sprites.sprites.items() if isinstance(k, str)}
    tiles = {t.ident: t for c in state.table for t in c} | {t.ident: t for t in state.hand(1)}
    grown = [[tiles[i] for i in c] for c in table]
    grown[0].append(tiles["R6#0"])
    move = Play(grown)
    scene.after_moves([move], session.apply(move))
    frames(app, 2)
    after = {k: s.target for k, s in scene.sprites.sprites.items() if isinstance(k, str)}
    for ident in [i for c in table[1:] for i in c]:  # the combinations the turn left alone
        assert after[ident] == before[ident], f"{ident} moved"
    assert "R6#0" in after and scene.follow.marks == {"R6#0": "laid"}
    # The strip says it in words.
    assert scene.follow_layer.strip_lines()[0] == "Bruno laid red 6, changing the red run 3–6"


def test_the_tidy_button_lays_the_table_out_afresh_and_nothing_else_does(make_app):
    from game.ui.tables.tiles.grids import TableGrid, settle
    from tests.ui.driver import click, widget

    table = [["R3#0", "R4#0", "R5#0"], ["B7#0", "K7#0", "O7#0"]]
    state = _position_for_seat_one(table, ["R6#0", "B1#0", "B2#0"])
    app = make_app()
    app.settings.animation_speed = "instant"
    session = Session("tiles", [Seat("Marie"), Seat("Bruno", "easy")], state)
    app.show_table(session)
    frames(app, 3)
    scene = app.scenes.top
    scene.turns.advance = lambda *_: None
    scene.model.grid = settle(TableGrid(cols=scene.model.grid.cols), [])  # start from a scattered table
    scene.model.grid.put(tuple(table[1]), (4, 9))
    scene.model.grid.put(tuple(table[0]), (2, 5))
    scene.lay_out_pieces()
    scattered = dict(scene.model.grid.cells)
    frames(app, 2)
    assert scene.model.grid.cells == scattered  # frames alone never rearrange it
    click(app, widget(app, "tidy").rect.center)
    fresh = settle(TableGrid(cols=scene.model.grid.cols), scene.model.grid.combinations())
    assert scene.model.grid.cells == fresh.cells != scattered


def test_a_freed_star_gets_its_own_mark_and_the_strip_says_so():
    from game.engine.pieces import STAR_TEXT
    from game.ui.tables.follow import LAID, WILD, Follow

    star = f"{STAR_TEXT}#0"
    table = [["R3#0", star, "R5#0"], ["B7#0", "K7#0", "O7#0"]]
    state = _position_for_seat_one(table, ["R4#0", "B1#0", "B2#0"])
    follow = Follow()
    follow.update(state.view(0), 0)
    assert follow.marks == {}
    tiles = {t.ident: t for c in state.table for t in c} | {t.ident: t for t in state.hand(1)}
    run = [tiles[i] for i in ("R3#0", "R4#0", "R5#0")]
    sevens = [tiles[i] for i in ("B7#0", "K7#0", "O7#0", star)]
    state.apply(Play([run, sevens]))
    follow.update(state.view(0), 0)
    assert follow.marks == {"R4#0": LAID, star: WILD}
    assert follow.events[-1].get("freed") == (star,)
