"""The three tables played with the keyboard alone: real KEYDOWN events, the same keys in every
game (D draws, Left/Right walk the hand, Space picks up, Up/Down choose a place, Enter plays
there, X discards)."""

from __future__ import annotations

import pygame
import pytest

from game.ai.frustration.finder import find_contract
from game.engine.frustration import Options as FrustrationOptions
from game.engine.rum500 import LayOff
from game.engine.rum500.positions import arranged
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.frustration.summary import FrustrationSummary
from game.ui.tables.rum500.scene import Rum500Table
from tests.ui.driver import frames, key, wait_until


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def cursor_to(app, table, ident) -> None:
    """Right arrow until the cursor is on ``ident``."""
    for _ in range(len(table.keys.pieces()) + 1):
        current = table.keys.current()
        if current is not None and current.key == ident and table.keys.shown:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"the cursor never reached {ident}")


def choose_place(app, table, wanted) -> None:
    """Up arrow until the chosen place satisfies ``wanted(target)``."""
    for _ in range(len(table.keys.targets()) + 1):
        key(app, pygame.K_UP)
        chosen = table.keys.chosen()
        if chosen is not None and wanted(chosen):
            return
    raise AssertionError("no such place offered")


def pick(app, table, idents) -> None:
    for ident in idents:
        cursor_to(app, table, ident)
        key(app, pygame.K_SPACE)
    assert {s.key for s in table.gesture.selection} == set(idents)


# Frustration -------------------------------------------------------------------------------------
def test_frustration_turns_with_the_keyboard_alone(make_app):
    app = make_app()
    app.settings.animation_speed = "instant"
    seats = [Seat("Marie"), Seat("Bruno", "easy")]
    app.start_game(GameConfig("frustration", seats, FrustrationOptions(final_contract=2), seed=4))
    frames(app, 2)
    table = app.scenes.top
    laid_down = discarded = False
    for _turn in range(200):
        wait_until(app, lambda: table.my_turn or isinstance(app.scenes.top, FrustrationSummary))
        if isinstance(app.scenes.top, FrustrationSummary):
            break
        key(app, pygame.K_d)
        assert table.view.phase == "play", "D did not draw"
        view = table.view
        if not view.is_down and (melds := find_contract(view.hand, view.contract)):
            for g, meld in enumerate(melds):
                pick(app, table, [c.ident for c in meld])
                choose_place(app, table, lambda t, g=g: t.key == f"slot:{g}")
                key(app, pygame.K_RETURN)
            key(app, pygame.K_RETURN)  # lay the staged contract down
            assert table.view.is_down, "Enter did not lay the contract down"
            laid_down = True
        if table.view.phase == "play" and len(table.view.hand) > 0:
            card = next(m.card for m in table.model.legal if m.kind == "discard")
            cursor_to(app, table, card.ident)
            key(app, pygame.K_x)
            assert card.ident not in {c.ident for c in table.view.hand}, "X did not discard"
            assert table.state.current_player != 0 or table.phase == "round_over"
            discarded = True
        if laid_down and discarded:
            break
    assert laid_down and discarded


# 500 Rum -------------------------------------------------------------------------------------------
def test_rum500_turn_with_the_keyboard_alone(make_app, monkeypatch):
    # Bruno waits ten seconds of frame time: the test sees the pile before he moves.
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 10.0, "normal": 10.0, "slow": 10.0})
    app = make_app()
    app.settings.animation_speed = "instant"
    state = arranged(
        ["7H 7D 7S 8C KH 3D 4C", "AS 2C 4D 5H JC 8D 10S"],
        discard="9C 5D KD 2S",
        table=[("5C 6C 7C", 1)],
        seed=5,
    )
    app.show_table(Session("rum500", [Seat("Marie"), Seat("Bruno", "easy")], state))
    frames(app, 2)
    table = app.scenes.find(Rum500Table)
    assert table.my_turn and table.view.phase == "draw"
    key(app, pygame.K_d)
    assert table.view.phase == "play", "D did not draw"
    hand = {c.text: c for c in table.view.hand}
    # A meld: three sevens picked with Space, played on the table with Enter.
    pick(app, table, [hand[t].ident for t in ("7H", "7D", "7S")])
    key(app, pygame.K_RETURN)
    assert len(table.view.hand) == 5 and len(table.view.table) == 2, "Enter did not meld"
    # A lay-off: the 8♣ on the run, chosen with the arrows.
    cursor_to(app, table, hand["8C"].ident)
    choose_place(app, table, lambda t: any(isinstance(m, LayOff) for m in t.moves))
    key(app, pygame.K_RETURN)
    assert "8C" not in {c.text for c in table.view.hand}, "the lay-off was not played"
    # The discard ends the turn.
    cursor_to(app, table, hand["KH"].ident)
    key(app, pygame.K_x)
    assert table.state.current_player == 1
    assert table.view.discard[-1].text == "KH"


# Tiles ---------------------------------------------------------------------------------------------
def test_tiles_turn_with_the_keyboard_alone(make_app):
    from game.engine.tiles import Options as TilesOptions
    from tests.ui.test_tiles_table import prepared, show

    options = TilesOptions(timer=0, opening_min=0, turn_rule="draw_discard")
    state = prepared(
        [["K5#0", "R5#0", "B5#0"]], ["R10#0", "R11#0", "R12#0", "O5#0", "K2#0"], True, options, "draw"
    )
    app, table = show(make_app, state)
    key(app, pygame.K_d)
    assert len(table.state.hand(0)) == 6, "D did not draw"
    pick(app, table, ["R10#0", "R11#0", "R12#0"])
    choose_place(app, table, lambda t: t.key == "new_group")
    key(app, pygame.K_RETURN)
    assert ("R10#0", "R11#0", "R12#0") in table.model.draft.combinations()
    cursor_to(app, table, "O5#0")
    group = "group:{}:{}".format(*table.model.draft.cells["K5#0"])
    choose_place(app, table, lambda t: t.key == group)
    key(app, pygame.K_RETURN)
    assert any("O5#0" in c and "K5#0" in c for c in table.model.draft.combinations())
    key(app, pygame.K_RETURN)  # end of the laying part of the turn
    assert table.state.phase == "discard"
    cursor_to(app, table, "K2#0")
    key(app, pygame.K_x)
    assert table.state.current_player == 1 and "K2#0" not in {t.ident for t in table.state.hand(0)}


def test_tooltips_name_the_key(make_app):
    from game.ui import text as text_module

    app = make_app("fr")
    app.settings.animation_speed = "instant"
    state = arranged(["7H 7D 7S 8C KH 3D 4C", "AS 2C 4D 5H JC 8D 10S"], discard="9C", seed=5)
    app.show_table(Session("rum500", [Seat("Marie"), Seat("Bruno", "easy")], state))
    frames(app, 2)
    table = app.scenes.find(Rum500Table)
    for button, name in ((table.top_buttons[0], "Échap"), (table.sort_suit, "S")):
        pos = button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        with text_module.recording() as drawn:
            frames(app, 1)
        assert f"{button.label()} ({name})" in drawn


# The cursor's look, the hand and the slots, the chosen place -------------------------------------
def _near(colour, wanted, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], wanted, strict=True))


def _edge_pixels(app, rect):
    window = app.window.get_rect()
    points = [(x, rect.top + 1) for x in range(rect.left, rect.right)]
    points += [(rect.left + 1, y) for y in range(rect.top, rect.bottom)]
    return [app.window.get_at(p) for p in points if window.collidepoint(p)]


def test_the_cursor_has_its_own_look_and_stays_in_the_hand(make_app):
    from game.ui import theme
    from game.ui.tables.keyboard import HandKeys

    app = make_app("en", (1024, 600))
    app.settings.animation_speed = "instant"
    seats = [Seat("Marie"), Seat("Bruno", "easy")]
    app.start_game(GameConfig("frustration", seats, FrustrationOptions(final_contract=2), seed=4))
    frames(app, 2)
    table = app.scenes.top
    key(app, pygame.K_d)
    assert isinstance(table.keys, HandKeys) and table.view.phase == "play"
    hand = [c.ident for c in table.model.hand_cards()]
    # Two cards staged from the keyboard (the slots lie above the middle of the hand) ...
    pick(app, table, hand[5:7])
    choose_place(app, table, lambda t: t.key == "slot:0")
    key(app, pygame.K_RETURN)
    staged = set(table.model.staged[0])
    assert staged == set(hand[5:7])
    # ... the cursor walks the hand as shown and never jumps up into them.
    walked = set()
    for _ in range(len(hand) + 2):
        key(app, pygame.K_RIGHT)
        walked.add(table.keys.current().key)
    assert walked == set(hand) - staged
    # Its corners are its own colour, not the gold ring of a selected card.
    frames(app, 1)
    piece = table.keys.current()
    rect = piece.rect(table.piece_height(piece.width)).inflate(12, 12)
    corner = [
        app.window.get_at((x, y))
        for x in range(rect.x - 2, rect.x + 14)
        for y in range(rect.y - 2, rect.y + 14)
    ]
    assert any(_near(c, theme.CURSOR) for c in corner)
    assert not any(_near(c, theme.GOLD, 12) for c in corner)
    # Shift+Up: into the staging area; a staged card goes back to the hand from there.
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    )
    frames(app, 2)
    assert table.keys.current().key in staged
    back = table.keys.current().key
    choose_place(app, table, lambda t: t.key == "hand")
    key(app, pygame.K_RETURN)
    assert back not in table.model.staged_ids() and back in [c.ident for c in table.model.hand_cards()]
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    )
    frames(app, 2)
    assert table.keys.current().key not in table.model.staged_ids()


def test_the_chosen_place_stays_lit_and_enter_plays_there(make_app):
    from game.engine.tiles import Options as TilesOptions
    from game.ui import theme
    from tests.ui.test_tiles_table import prepared, show

    state = prepared(
        [["B8#0", "B9#0", "B10#0"], ["K5#0", "R5#0", "B5#0"]],
        ["B11#0", "R2#0", "O7#0", "K12#0"],
        True,
        TilesOptions(timer=0),
    )
    app, table = show(make_app, state, size=(1024, 600))
    cursor_to(app, table, "B11#0")
    wanted = "group:{}:{}".format(*table.model.draft.cells["B8#0"])
    for _ in range(len(table.keys.targets())):
        key(app, pygame.K_UP)
        frames(app, 1)
        chosen = table.keys.chosen()
        lit = _edge_pixels(app, chosen.rect)
        assert sum(_near(c, theme.DROP_GLOW, 50) for c in lit) > len(lit) // 2, chosen.key
        if chosen.key == wanted:
            break
    key(app, pygame.K_RETURN)
    assert table.model.draft.block_of("B11#0").idents == ("B8#0", "B9#0", "B10#0", "B11#0")


# The tile table's combinations from the keyboard ---------------------------------------------------
def shift(app, k: int) -> None:
    """Shift with ``k`` (Up or Down: the cursor's row; Space: a whole combination)."""
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    )
    frames(app, 2)


def tile_table(make_app, table, rack, opened=True, lang="en", size=(1280, 800)):
    """A tile table where Marie (seat 0) is to lay tiles, in ``lang``."""
    from game.engine.tiles import Options as TilesOptions
    from game.ui.tables.tiles.scene import TilesTable
    from tests.ui.test_tiles_table import prepared

    state = prepared(table, rack, opened, TilesOptions(timer=0))
    app = make_app(lang, size)
    app.settings.animation_speed = "instant"
    app.show_table(Session("tiles", [Seat("Marie"), Seat("Bruno", "easy")], state))
    frames(app, 2)
    return app, app.scenes.find(TilesTable)


def place_key(table, ident: str, suffix: str = "") -> str:
    """The keyboard place named after the combination holding ``ident`` (its end; ``suffix``
    ":start" or ":at:<index>" for its other places), as the draft lies without what is held."""
    held = {s.key for s in table.keys.held()}
    block = table.model.draft.without(held).block_of(ident)
    return f"group:{block.row}:{block.col}{suffix}"


def combinations(table) -> set[tuple[str, ...]]:
    return set(table.model.draft.combinations())


def test_the_cursor_reaches_the_table_row_and_back(make_app):
    from game.ui import theme

    app, table = tile_table(make_app, [["R3#0", "R4#0", "R5#0"], ["K7#0", "R7#0", "B7#0"]], ["O9#0", "B2#0"])
    cursor_to(app, table, "B2#0")
    shift(app, pygame.K_UP)
    assert table.keys.row == 1 and table.keys.current().key == "R3#0"
    walked = []
    for _ in range(6):
        walked.append(table.keys.current().key)
        key(app, pygame.K_RIGHT)
    assert walked == ["R3#0", "R4#0", "R5#0", "K7#0", "R7#0", "B7#0"], "not in reading order"
    shift(app, pygame.K_UP)  # nothing above the table
    assert table.keys.row == 1
    key(app, pygame.K_RIGHT)
    frames(app, 1)
    piece = table.keys.current()
    assert piece.key == "R4#0"
    rect = piece.rect(table.piece_height(piece.width))
    corner = [
        app.window.get_at((x, y))
        for x in range(rect.x - 8, rect.x + 6)
        for y in range(rect.y - 8, rect.y + 6)
    ]
    assert any(_near(c, theme.CURSOR) for c in corner), "no cursor round the table tile"
    shift(app, pygame.K_DOWN)
    assert table.keys.row == 0 and table.keys.current().key in ("O9#0", "B2#0")


def test_a_table_tile_moves_to_another_combinations_end(make_app):
    app, table = tile_table(
        make_app, [["R3#0", "R4#0", "R5#0", "R6#0"], ["R7#0", "R8#0", "R9#0"]], ["O9#0", "B2#0"]
    )
    shift(app, pygame.K_UP)
    cursor_to(app, table, "R6#0")
    key(app, pygame.K_SPACE)
    choose_place(app, table, lambda t: t.key == place_key(table, "R7#0", ":start"))
    key(app, pygame.K_RETURN)
    assert combinations(table) == {("R3#0", "R4#0", "R5#0"), ("R6#0", "R7#0", "R8#0", "R9#0")}
    assert table.model.can_end is False  # nothing of the rack laid: the table alone changed
    assert table.keys.current().key == "R6#0", "the cursor left the tile it moved"
    # ... and back where it was, at the end of its first combination.
    choose_place(app, table, lambda t: t.key == place_key(table, "R3#0"))
    key(app, pygame.K_RETURN)
    assert combinations(table) == {("R3#0", "R4#0", "R5#0", "R6#0"), ("R7#0", "R8#0", "R9#0")}
    assert not table.model.changed() or set(table.model.grid.combinations()) == combinations(table)
    assert table.state.current_player == 0 and len(table.state.hand(0)) == 2  # nothing played yet


def test_a_combination_is_split_and_joined_by_keyboard(make_app):
    run = ["B1#0", "B2#0", "B3#0", "B4#0", "B5#0", "B6#0"]
    app, table = tile_table(make_app, [run, ["K8#0", "R8#0", "O8#0"]], ["B7#0", "K2#0"])
    shift(app, pygame.K_UP)
    for ident in run[3:]:  # three tiles from its end: a new combination
        cursor_to(app, table, ident)
        key(app, pygame.K_SPACE)
    choose_place(app, table, lambda t: t.key == "new_group")
    key(app, pygame.K_RETURN)
    assert combinations(table) == {tuple(run[:3]), tuple(run[3:]), ("K8#0", "R8#0", "O8#0")}
    # Shift+Space picks up a whole combination; it goes to the end of the other half.
    cursor_to(app, table, "B5#0")
    shift(app, pygame.K_SPACE)
    assert {s.key for s in table.gesture.selection} == set(run[3:])
    choose_place(app, table, lambda t: t.key == place_key(table, "B1#0"))
    key(app, pygame.K_RETURN)
    assert tuple(run) in combinations(table)
    # A rack tile inside a combination, before one of its tiles: the row makes room.
    shift(app, pygame.K_DOWN)
    cursor_to(app, table, "K2#0")
    choose_place(app, table, lambda t: t.key == place_key(table, "B1#0", ":at:2"))
    key(app, pygame.K_RETURN)
    assert ("B1#0", "B2#0", "K2#0", "B3#0", "B4#0", "B5#0", "B6#0") in combinations(table)
    assert table.model.check_error is not None and not table.model.can_end, "an invalid draft may end"


def test_a_tile_laid_this_turn_goes_back_to_the_rack_and_a_table_tile_does_not(make_app):
    app, table = tile_table(make_app, [["K8#0", "R8#0", "O8#0"]], ["B8#0", "K2#0", "R13#0"])
    rack_before = dict(table.model.rack.cells)
    cursor_to(app, table, "B8#0")
    choose_place(app, table, lambda t: t.key == place_key(table, "K8#0"))
    key(app, pygame.K_RETURN)
    assert ("K8#0", "R8#0", "O8#0", "B8#0") in combinations(table) and table.model.can_end
    shift(app, pygame.K_UP)
    cursor_to(app, table, "K8#0")
    assert "rack" not in {t.key for t in table.keys.targets()}, "a tile of the table offered to the rack"
    cursor_to(app, table, "B8#0")
    choose_place(app, table, lambda t: t.key == "rack")
    key(app, pygame.K_RETURN)
    assert table.model.draft.same_as(table.model.grid)
    assert table.model.rack.cells == rack_before, "the tile did not find its slot again"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_table_tile_says_why_and_changes_nothing(make_app, lang):
    import json

    app, table = tile_table(make_app, [["K8#0", "R8#0", "O8#0"]], ["B8#0", "K2#0"], opened=False, lang=lang)
    before = (json.dumps(table.state.to_json(), sort_keys=True), json.dumps(table.session.ui, sort_keys=True))
    shift(app, pygame.K_UP)
    cursor_to(app, table, "R8#0")
    key(app, pygame.K_SPACE)
    assert not table.keys.targets()
    key(app, pygame.K_UP)
    refusal = table.model.table_tile_refusal(["R8#0"])
    assert refusal is not None and table.bubbles
    said = str(table.bubbles[0].text)
    assert said == str(table.reason(refusal)) and said != str(app.tr("error.generic"))
    assert app.tr_.has(f"error.{refusal.code}") or app.tr_.has(f"error.tiles.{refusal.code}")
    key(app, pygame.K_RETURN)  # nothing chosen, nothing laid: Enter does not play it anywhere
    after = (json.dumps(table.state.to_json(), sort_keys=True), json.dumps(table.session.ui, sort_keys=True))
    assert after == before


# Jumps through many places ---------------------------------------------------------------------------
def key_with(app, k: int, mod: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    frames(app, 2)


def busy_tile_table(make_app):
    """Twelve runs of four on the table (more than sixty places for one tile), Marie to play."""
    runs = [[f"{colour}{n}#0" for n in range(start, start + 4)] for colour in "RKBO" for start in (1, 5, 9)]
    return tile_table(make_app, runs, ["R13#0", "K13#1"])


def test_page_up_and_down_jump_from_combination_to_combination(make_app):
    app, table = busy_tile_table(make_app)
    cursor_to(app, table, "R13#0")
    keys = table.keys
    places = keys.targets()
    groups = [keys.place_group(t) for t in places]
    assert len(places) > 60
    order = list(dict.fromkeys(groups))
    assert [g for i, g in enumerate(groups) if i == 0 or g != groups[i - 1]] == order, "a group is cut"
    assert order[0] == "new_group" and order[-1] == "pool" and len(order) == 14  # and twelve runs
    visited = []
    for _ in range(len(order)):
        key(app, pygame.K_PAGEUP)
        chosen = keys.chosen()
        visited.append(keys.place_group(chosen))
        assert chosen.key in ("new_group", "pool") or chosen.key.endswith(":start"), "not a first place"
    assert visited == order
    key(app, pygame.K_PAGEUP)
    assert keys.chosen().key == "new_group", "the jump does not go round"
    # Page Down: back round to the pool, then the last run's start; from inside a run, to its start.
    key(app, pygame.K_PAGEDOWN)
    assert keys.chosen().key == "pool"
    key(app, pygame.K_PAGEDOWN)
    assert keys.place_group(keys.chosen()) == order[-2] and keys.chosen().key.endswith(":start")
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_PAGEDOWN)
    assert keys.place_group(keys.chosen()) == order[-2] and keys.chosen().key.endswith(":start")
    key(app, pygame.K_PAGEDOWN)
    assert keys.place_group(keys.chosen()) == order[-3]
    # Ctrl+Up and Ctrl+Down jump as Page Up and Page Down do.
    key_with(app, pygame.K_UP, pygame.KMOD_LCTRL)
    assert keys.place_group(keys.chosen()) == order[-2]
    key_with(app, pygame.K_DOWN, pygame.KMOD_LCTRL)
    assert keys.place_group(keys.chosen()) == order[-3]
    # With no place chosen, Page Down starts from the last group.
    key(app, pygame.K_ESCAPE)
    cursor_to(app, table, "K13#1")
    key(app, pygame.K_PAGEDOWN)
    assert keys.chosen().key == "pool"


def test_a_far_place_is_a_few_presses_away_and_enter_plays_there(make_app):
    app, table = busy_tile_table(make_app)
    cursor_to(app, table, "R13#0")
    keys = table.keys
    wanted = place_key(table, "R9#0")  # the end of the red 9 to 12, the fourth run
    plain = [t.key for t in keys.targets()].index(wanted) + 1
    group = keys.place_group(next(t for t in keys.targets() if t.key == wanted))
    presses = 0
    while keys.chosen() is None or keys.place_group(keys.chosen()) != group:
        key(app, pygame.K_PAGEUP)
        presses += 1
    while keys.chosen().key != wanted:
        key(app, pygame.K_UP)
        presses += 1
    assert presses <= 8 < plain
    key(app, pygame.K_RETURN)
    assert ("R9#0", "R10#0", "R11#0", "R12#0", "R13#0") in combinations(table)


def test_ctrl_left_and_right_walk_the_table_a_combination_at_a_time(make_app):
    app, table = busy_tile_table(make_app)
    shift(app, pygame.K_UP)
    keys = table.keys
    firsts = [block.idents[0] for block in table.model.draft.blocks()]
    walked = [keys.current().key]
    for _ in range(len(firsts) - 1):
        key_with(app, pygame.K_RIGHT, pygame.KMOD_LCTRL)
        walked.append(keys.current().key)
    assert walked == firsts
    key_with(app, pygame.K_RIGHT, pygame.KMOD_LCTRL)
    assert keys.current().key == firsts[0], "the walk does not go round"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key_with(app, pygame.K_LEFT, pygame.KMOD_LCTRL)  # inside a combination: back to its first tile
    assert keys.current().key == firsts[0]
    key_with(app, pygame.K_LEFT, pygame.KMOD_LCTRL)
    assert keys.current().key == firsts[-1]
    # In the rack (no combinations) Ctrl+Right is one tile.
    shift(app, pygame.K_DOWN)
    before = keys.cursor
    key_with(app, pygame.K_RIGHT, pygame.KMOD_LCTRL)
    assert keys.cursor == (before + 1) % len(keys.pieces())


def test_the_card_tables_jump_from_seat_to_seat(make_app):
    from game.engine.rum500 import Discard

    app = make_app()
    app.settings.animation_speed = "instant"
    state = arranged(
        ["KH 3D 4C", "AS 2C 4D 5H", "JD 10S 6D"],
        discard="9S",
        stock="8C",
        table=[("5C 6C 7C", 1), ("9C 10C JC", 0), ("8D 8S 8H", 1)],
        seed=5,
    )
    app.show_table(Session("rum500", [Seat("Marie"), Seat("Bruno", "easy"), Seat("Chloé", "easy")], state))
    frames(app, 2)
    table = app.scenes.find(Rum500Table)
    key(app, pygame.K_d)
    cursor_to(app, table, next(c.ident for c in table.view.hand if c.text == "8C"))
    keys = table.keys
    places = keys.targets()
    melds = [
        next(m.meld for m in t.moves if isinstance(m, LayOff)) for t in places if t.key.startswith("meld")
    ]
    assert melds == [0, 2, 1], "Bruno's melds are not together"
    assert isinstance(places[-1].moves[0], Discard)
    key(app, pygame.K_PAGEUP)
    assert keys.chosen() is places[0] or keys.chosen().key == places[0].key
    key(app, pygame.K_PAGEUP)  # past Bruno's second meld, to Marie's
    assert keys.chosen().key == places[2].key
    key(app, pygame.K_PAGEUP)
    assert keys.chosen().key == places[3].key
    key(app, pygame.K_PAGEUP)
    assert keys.chosen().key == places[0].key
