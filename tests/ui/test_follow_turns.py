"""Following the other players' turns on the three tables: a computer's move is replayed from
the engine's events, the pieces it laid or moved are marked (and only those), the marks clear
on the watching player's next action, "instant" shows the end at once, and the round history
comes from the saved log."""

from __future__ import annotations

import pygame
import pytest

from game.ai.registry import make_bot
from game.engine import frustration, rum500, tiles
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables.follow import TABLE_KINDS, table_melds
from tests.ui.driver import frames, key

OPTIONS = {
    "frustration": lambda: frustration.Options(final_contract=3),
    "rum500": lambda: rum500.Options(),
    "tiles": lambda: tiles.Options(opening_min=0),
}
LEVEL = {"frustration": "normal", "rum500": "easy", "tiles": "easy"}


def _open_table(make_app, game: str, speed: str = "normal", seed: int = 4):
    app = make_app()
    app.settings.animation_speed = speed
    seats = [Seat("Marie"), Seat("Bruno", LEVEL[game]), Seat("Chloé", LEVEL[game])]
    session = Session.start(GameConfig(game, seats, OPTIONS[game](), seed=seed))
    app.show_table(session)
    frames(app, 3)
    table = app.scenes.top
    table.turns.advance = lambda *_: None  # this test plays every seat itself, one move at a time
    bots = [make_bot(game, LEVEL[game], seed * 10 + s) for s in range(3)]
    return app, table, bots


def _snapshot(view) -> dict[str, frozenset[str]]:
    out = {}
    for meld in table_melds(view):
        idents = frozenset(p.ident for p in meld)
        out.update({i: idents for i in idents})
    return out


def _play_one(table, bots) -> list:
    """One move by the seat to move, through the table as the turn flow plays it."""
    state = table.state
    seat = state.current_player
    move = bots[seat].choose(state.view(seat))
    events = table.session.apply(move)
    table.after_moves([move], events)
    return events


def _until_a_computer_lays(app, table, bots, limit: int = 3000):
    """Play until a computer seat puts pieces on the table; the table as Marie last left it."""
    before = _snapshot(table.state.view(0))
    for _ in range(limit):
        state = table.state
        if state.phase in ("round_over", "game_over"):
            table.next_round() if state.phase == "round_over" else pytest.skip("game over")
            before = _snapshot(table.state.view(0))
            continue
        seat = state.current_player
        count = len(state.view(0).log)
        _play_one(table, bots)
        if seat == 0:
            before = _snapshot(table.state.view(0))
            frames(app, 40)
            continue
        new = table.state.view(0).log[count:]
        if any(e.kind in TABLE_KINDS and e.seat == seat for e in new) and table.phase not in (
            "round_over",
            "game_over",
        ):
            return before, new
    raise AssertionError("no computer laid anything")


@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
def test_a_computer_move_is_replayed_and_marked_until_the_watcher_acts(make_app, game):
    app, table, bots = _open_table(make_app, game)
    before, new = _until_a_computer_lays(app, table, bots)
    # The replay comes from the engine's events: the steps are the new public events.
    assert [e for e, _ in table.replay.steps][-len(new) :] == [e for e in new if e.is_turn_action]
    laid = [i for e, idents in table.replay.steps if e.kind in TABLE_KINDS for i in idents]
    assert laid, "the laid pieces are in the replay"
    assert not table.sprites.settled
    # Marks: on the pieces laid or moved, never on a meld the turn left alone.
    after = _snapshot(table.view)
    marks = table.follow.marks
    new_pieces = {i for i in after if i not in before}
    assert new_pieces <= set(marks)
    for ident in marks:
        assert ident in after
        assert ident in new_pieces or before[ident] != after[ident]
    for ident, meld in after.items():
        if before.get(ident) == meld and meld and all(before.get(i) == meld for i in meld):
            assert ident not in marks
    # The strip names the seat that just played.
    name = table.session.seats[new[-1].seat].name
    assert any(line.startswith(name) for line in table.follow_layer.strip_lines())
    # A key finishes the replay at once; the marks stay.
    key(app, pygame.K_SPACE)
    assert table.sprites.settled and not table.replay.active
    assert table.follow.marks == marks
    # Computers play on to Marie's turn; the marks go at her first action.
    for _ in range(300):
        if table.state.current_player == 0 or table.phase in ("round_over", "game_over"):
            break
        _play_one(table, bots)
    if table.state.current_player != 0:
        pytest.skip("the round ended before Marie's turn")
    assert table.follow.marks
    _play_one(table, bots)
    assert table.follow.marks == {}


@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
def test_instant_shows_the_end_state_at_once(make_app, game):
    app, table, bots = _open_table(make_app, game, speed="instant")
    _until_a_computer_lays(app, table, bots)
    assert table.sprites.settled
    assert not table.replay.active
    assert table.follow.marks


def test_the_history_lists_the_round_newest_first_and_survives_a_save(make_app):
    app, table, bots = _open_table(make_app, "rum500")
    _until_a_computer_lays(app, table, bots)
    lines = table.follow_layer.history()
    events = table.follow.events
    assert len(lines) == len(events)
    assert lines[0].startswith(table.session.seats[events[-1].seat].name)
    key(app, pygame.K_l)
    assert table.follow_layer.history_open
    frames(app, 2)
    key(app, pygame.K_l)
    assert not table.follow_layer.history_open
    # The history is read from the engine's log, which the save keeps.
    again = Session.from_json(table.session.to_json())
    assert again.state.view(0).log == table.state.view(0).log
