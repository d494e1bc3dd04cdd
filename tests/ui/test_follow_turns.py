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
from tests.held import held
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


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
def test_a_long_turn_wraps_onto_a_second_line_before_its_font_shrinks(make_app, size):
    """At 1024x600 in French, Bruno's turn (a contract, a meld, two lay-offs, a discard) is
    longer than the strip: it takes two lines at the strip's size, none shrunk; the history's
    lines keep their size too."""
    state = frustration.arranged(
        ["2C 3S 4C 5D 6D 7D 8C 9C 10C JD KH 9S 9H", "QH QS JK 4H 5H 6H 7H 3D 3C 3H AH 8H QD KC"],
        table=[("AC AD AS", 0)],
        contracts=[1, 2],
        down=[True, False],
        turn=1,
        phase="play",
    )
    app = make_app("fr", size)
    session = Session("frustration", [Seat("Marie"), Seat("Bruno", "normal")], state)
    app.show_table(session)
    frames(app, 3)
    table = app.scenes.top
    table.turns.advance = lambda *_: None
    moves = [
        frustration.LayDown((tuple(held(state, 1, "QH QS JK")), tuple(held(state, 1, "4H 5H 6H 7H")))),
        lambda: frustration.ExtraMeld(tuple(held(state, 1, "3D 3C 3H"))),
        lambda: frustration.LayOff(held(state, 1, "AH")[0], 0),
        lambda: frustration.LayOff(held(state, 1, "8H")[0], 2, "high"),
        lambda: frustration.Discard(held(state, 1, "QD")[0]),
    ]
    for move in moves:
        move = move() if callable(move) else move
        table.after_moves([move], table.session.apply(move))
    frames(app, 2)
    layer, s = table.follow_layer, table.scale
    turn = layer.strip_lines()[0]
    assert turn.startswith("Bruno a posé le contrat 2 (1 brelan + 1 suite de 4)")
    rows = layer.strip_rows()
    full = s.font(15)
    room = layer.strip_width() - s(20)
    if app.fonts.size(turn, full)[0] > room:
        assert len(rows) == 2, "a turn too long for one line wraps"
    assert " ".join(line for line, _ in rows) == turn
    assert all(size == full for _, size in rows), "no line of the strip shrinks while it can wrap"
    assert all(app.fonts.size(line, size)[0] <= room for line, size in rows)
    # The history: every action whole, each line at the history's size.
    layer.history_open = True
    frames(app, 2)
    history = layer.history_rows(s.font(17), layer.panel_rect().width - s(48))
    assert all(size == s.font(17) for _, _, size in history)
    said = {}
    for line, action, _ in history:
        said[action] = f"{said[action]} {line}" if action in said else line
    assert said[1] == "Bruno a complété sa suite à ♥ avec le 8♥"
    assert said[2] == "Bruno a complété les as de Marie avec l’A♥"


def test_the_tile_table_says_who_starts_and_why_until_everyone_has_played(make_app):
    _app, table, bots = _open_table(make_app, "tiles", seed=6)
    state = table.state
    starter = table.session.seats[state.starter].name
    said = table.follow_layer.strip_starter()
    assert said is not None and said.key == "follow.start_draw" and starter in said
    assert any(starter in line for line, _ in table.follow_layer.strip_rows())
    assert table.follow_layer.history()[-1] == said  # the oldest line of the history
    for _ in range(state.num_players):
        _play_one(table, bots)
    assert table.follow_layer.strip_starter() is None
    assert table.follow_layer.history()[-1] == said
