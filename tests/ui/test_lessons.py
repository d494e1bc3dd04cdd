"""The guided lessons on the real tables, driven with real mouse and key events: each lesson
played to its end in both languages (the language switched live halfway), a wrong gesture
answered with the nudge and changing nothing, each lesson from the keyboard alone, the
coach following the lessons' turns, where lessons start from (the title's game
cards, the rules screen, the first start of a game), leaving them, and nothing saved."""

from __future__ import annotations

import json

import pygame
import pytest

from game.lessons.script import load
from game.showcase.lessons import at_step
from game.ui import text as text_module
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import coach as coach_module
from game.ui.tables import turns as table_turns
from game.ui.tables.base import TableScene
from game.ui.tables.coach_judge import Note
from tests.ui.driver import choose, click, drag, frames, key, wait_until, widget
from tests.ui.test_keyboard_screens import tab_to
from tests.ui.test_table_text_boxes import _draw_recorded, problems_in

OTHER = {"en": "fr", "fr": "en"}


@pytest.fixture(autouse=True)
def quick_replies(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def open_lesson(make_app, game: str, lang: str = "en", size=(1280, 800)):
    app = make_app(lang, size)
    app.settings.animation_speed = "instant"
    click(app, widget(app, f"learn.{game}").rect.center)
    frames(app, 3)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.lesson is not None
    return app, table


# Where things are ------------------------------------------------------------------------------
def sprite(table, token: str):
    """The face-up sprite of the piece ``token`` names (or the pile of that key)."""
    lesson = table.lesson
    found = [
        s
        for s in table.sprites.sprites.values()
        if s.key == token or (s.piece is not None and s.face_up and lesson._named(token, s))
    ]
    assert found, f"no {token} on the table"
    return max(found, key=lambda s: s.z)


def grab(table, token: str) -> tuple[int, int]:
    """A point on the visible part of a piece (its top-left corner, never covered in a fan)."""
    s = sprite(table, token)
    return round(s.x) + max(4, s.width // 8), round(s.y) + max(6, s.width // 5)


def centre(table, token: str) -> tuple[int, int]:
    s = sprite(table, token)
    return round(s.x + s.width / 2), round(s.y + table.piece_height(s.width) / 2)


def target(table, token: str, key: str) -> tuple[int, int]:
    """The centre of the drop target ``key`` offered to the piece ``token``."""
    for t in table.drop_targets([sprite(table, token)]):
        if t.key == key:
            return t.rect.center
    raise AssertionError(f"no target {key} for {token}")


def meld_with(table, token: str) -> int:
    """The index of the table meld holding ``token``."""
    for index, meld in enumerate(table.view.table):
        if any(table.lesson._named(token, type("S", (), {"key": None, "piece": c})) for c in meld.cards):
            return index
    raise AssertionError(f"no meld holds {token}")


def state_of(table) -> str:
    return json.dumps(table.state.to_json(), sort_keys=True)


def step_id(table) -> str:
    return table.lesson.step.id


def settle(app, table) -> None:
    """Frames until the other seats' replies are played and it is the person's turn again."""
    wait_until(app, lambda: not table.lesson.watching, what="the scripted replies never came")
    frames(app, 3)


def press_key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    frames(app, 2)


def walk_to(app, table, token: str) -> None:
    """Move the keyboard cursor onto the hand card ``token``."""
    for _ in range(40):
        current = table.keys.current()
        if current is not None and table.lesson._named(token, current):
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"the cursor never reached {token}")


def nudged_and_unchanged(app, table, gesture) -> None:
    """``gesture`` is not the step's: the nudge answers it and the game is exactly as before."""
    before, step, draft = state_of(table), step_id(table), json.dumps(table.session.ui, sort_keys=True)
    table.lesson.nudge = None
    gesture()
    frames(app, 2)
    assert table.lesson.nudge is not None, "no nudge"
    assert str(table.lesson.nudge.text) == str(app.tr(table.lesson.nudge_id(), **table.lesson.params()))
    assert state_of(table) == before
    assert step_id(table) == step
    if table.game_id == "tiles":  # the draft of the turn is untouched too
        assert json.dumps(table.session.ui, sort_keys=True) == draft


def switch_language(app, lang: str) -> None:
    """Live, from the table's top bar: the settings screen, its language switch, back."""
    table = app.scenes.top
    click(app, widget(app, "settings").rect.center)
    assert isinstance(app.scenes.top, SettingsScene)
    choose(app, widget(app, "language"), lang)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table and app.lang == lang


def coach_says(app, table) -> str:
    return str(table.lesson.text())


def expect(table, wanted: str) -> None:
    assert step_id(table) == wanted, f"at {step_id(table)}, expected {wanted}"


def finish(app, table) -> None:
    assert table.lesson.step.wait == "finish"
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TitleScene)


def nothing_saved(app, game: str) -> None:
    app.flush_saves()
    assert not app.storage.has_saved_game(game)
    data = app.storage.data_dir
    assert not (data / "statistics.json").exists()


# The three lessons ---------------------------------------------------------------------------
def play_frustration(app, table, lang: str) -> None:
    expect(table, "draw_pile")
    nudged_and_unchanged(app, table, lambda: click(app, centre(table, "stock")))
    drag(app, grab(table, "5D"), table.areas["hand"].center)
    expect(table, "stage")
    nudged_and_unchanged(app, table, lambda: drag(app, grab(table, "3C"), table.slot_rects[0].center))
    for slot, group in enumerate(("5H 5S 5D", "9C 9D JK", "KH KS KD")):
        for token in group.split():
            click(app, grab(table, token))
        drag(app, grab(table, group.split()[0]), table.slot_rects[slot].center)
    expect(table, "lay_down")
    key(app, pygame.K_RETURN)
    expect(table, "lay_off_own")
    nudged_and_unchanged(app, table, lambda: drag(app, grab(table, "3C"), target(table, "3C", "discard")))
    drag(app, grab(table, "5C"), target(table, "5C", f"meld:{meld_with(table, '5H')}"))
    drag(app, grab(table, "KC"), target(table, "KC", f"meld:{meld_with(table, 'KH')}"))
    expect(table, "lay_off_other")
    nudged_and_unchanged(app, table, lambda: drag(app, grab(table, "8H"), target(table, "8H", "discard")))
    drag(app, grab(table, "8H"), target(table, "8H", "meld:0"))
    expect(table, "discard")
    walk_to(app, table, "3C")  # by keyboard: the cursor onto the 3♣, X discards it
    key(app, pygame.K_x)
    assert table.lesson.watching
    settle(app, table)
    switch_language(app, OTHER[lang])
    expect(table, "draw_stock")
    assert coach_says(app, table) == str(
        app.tr("lesson.frustration.draw_stock", card=table.piece_words.the("7D"))
    )
    nudged_and_unchanged(app, table, lambda: key(app, pygame.K_t))  # the discard pile's 7♦
    key(app, pygame.K_d)
    expect(table, "take_back")
    drag(app, grab(table, "7H"), target(table, "7H", "take:3:1"))
    expect(table, "play_wild")
    drag(app, grab(table, "JK#1"), target(table, "JK#1", f"meld:{meld_with(table, '9C')}"))
    expect(table, "go_out")
    drag(app, grab(table, "10S"), target(table, "10S", "discard"))
    assert table.phase == "round_over"
    expect(table, "grid")
    frames(app, 30)
    assert not any(isinstance(s, ConfirmScene) for s in app.scenes)
    assert app.scenes.top is table, "no round summary over a lesson"
    key(app, pygame.K_g)
    expect(table, "end")
    assert table.state.contracts == [2, 2, 1]
    finish(app, table)


def play_rum500(app, table, lang: str) -> None:
    expect(table, "take")
    nudged_and_unchanged(app, table, lambda: click(app, centre(table, "stock")))
    nudged_and_unchanged(app, table, lambda: key(app, pygame.K_t))  # the top card: not the 7♥
    walk_to(app, table, "7H")  # by keyboard: the cursor walks the spread pile too
    key(app, pygame.K_UP)  # the hand, the one place a pile card goes
    key(app, pygame.K_RETURN)
    expect(table, "meld_set")
    nudged_and_unchanged(app, table, lambda: drag(app, grab(table, "9D"), table.discard_zone().center))
    for token in ("7H", "7S", "7D"):
        click(app, grab(table, token))
    click(app, table.meld_button.rect.center)
    expect(table, "meld_run")
    for token in ("2H", "3H", "4H"):
        click(app, grab(table, token))
    key(app, pygame.K_RETURN)
    expect(table, "lay_off")
    nudged_and_unchanged(app, table, lambda: drag(app, grab(table, "JC"), table.discard_zone().center))
    drag(app, grab(table, "JC"), target(table, "JC", "meld:0:high"))
    expect(table, "discard")
    drag(app, grab(table, "8S"), table.discard_zone().center)
    settle(app, table)
    switch_language(app, OTHER[lang])
    expect(table, "draw")
    click(app, centre(table, "stock"))
    expect(table, "lay_off_again")
    nudged_and_unchanged(app, table, lambda: drag(app, grab(table, "5H"), table.discard_zone().center))
    drag(app, grab(table, "5H"), target(table, "5H", f"meld:{meld_with(table, '4H')}:high"))
    expect(table, "go_out")
    drag(app, grab(table, "9D"), table.discard_zone().center)
    assert table.state.is_over and table.state.winners == [0]
    expect(table, "sheet")
    frames(app, 30)
    assert app.scenes.top is table, "no end-of-game screen over a lesson"
    click(app, table.sheet_button.rect.center)
    expect(table, "end")
    assert table.lesson.panel.docked()
    finish(app, table)


def play_tiles(app, table, lang: str) -> None:
    geo = table.geo

    def cell(row: int, col: int, side: str = "middle") -> tuple[int, int]:
        rect = geo.cell_rect(row, col)
        dx = {"before": -rect.width // 4, "after": rect.width // 4, "middle": 0}[side]
        return rect.centerx + dx, rect.centery

    def where(token: str) -> tuple[int, int]:
        return table.model.draft.cells[sprite(table, token).key]

    expect(table, "open")
    nudged_and_unchanged(app, table, lambda: drag(app, centre(table, "R3"), cell(3, 2)))
    nudged_and_unchanged(app, table, lambda: drag(app, centre(table, "B12"), table.area("pool").center))
    for token in ("R9", "R10", "R11#0", "R12", "R13"):
        click(app, centre(table, token))
    drag(app, centre(table, "R9"), cell(3, 2))
    assert table.end_button.enabled, table.model.check_error
    click(app, table.end_button.rect.center)
    settle(app, table)
    expect(table, "join")
    nudged_and_unchanged(app, table, lambda: drag(app, centre(table, "B2"), cell(2, 2)))
    row, col = where("K3")
    drag(app, centre(table, "K4"), cell(row, col + 1))
    expect(table, "split")
    row, col = where("R11#0")
    drag(app, centre(table, "R11#1"), cell(row, col, "before"))
    click(app, table.end_button.rect.center)
    settle(app, table)
    switch_language(app, OTHER[lang])
    expect(table, "star_room")
    drag(app, centre(table, "B12"), cell(2, 2))
    drag(app, centre(table, "B13"), cell(2, 3))
    expect(table, "star_free")
    row, col = where("*")
    drag(app, centre(table, "*"), cell(2, 2, "before"))
    drag(app, centre(table, "O6"), cell(row, col))
    assert table.end_button.enabled, table.model.check_error
    click(app, table.end_button.rect.center)
    settle(app, table)
    expect(table, "glass")
    nudged_and_unchanged(app, table, lambda: drag(app, centre(table, "O1"), cell(2, 8)))
    tab_to(app, "lesson_next")  # the panel's buttons are on the keyboard's path
    key(app, pygame.K_RETURN)
    expect(table, "exchange")
    assert table.model.clock == 60  # the sand glass waited for the person all along
    drag(app, centre(table, "O1"), table.area("pool").center)
    settle(app, table)
    expect(table, "end")
    finish(app, table)


PLAYS = {"frustration": play_frustration, "rum500": play_rum500, "tiles": play_tiles}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", list(PLAYS))
def test_each_lesson_is_played_to_its_end_with_real_events(make_app, game, lang):
    app, table = open_lesson(make_app, game, lang)
    assert coach_says(app, table) == str(app.tr(load(game).steps[0].text, **table.lesson.params()))
    PLAYS[game](app, table, lang)
    nothing_saved(app, game)


# Where lessons start, and what they leave behind -------------------------------------------------
def test_the_first_start_of_a_game_offers_its_lesson_once(make_app):
    app = make_app("en")
    app.settings.animation_speed = "instant"
    frames(app)
    click(app, widget(app, "game.tiles").rect.center)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    click(app, widget(app, "start").rect.center)
    offer = app.scenes.top
    assert isinstance(offer, ConfirmScene)
    assert str(offer.question) == str(app.tr("lesson.offer", game=app.tr("game.tiles.name")))
    click(app, widget(app, "yes").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.lesson is not None and table.game_id == "tiles"
    key(app, pygame.K_ESCAPE)  # leaving the lesson comes back to the screen that asked
    assert app.scenes.top is setup
    click(app, widget(app, "start").rect.center)  # asked once only: the game starts
    game = app.scenes.top
    assert isinstance(game, TableScene) and game.lesson is None
    assert "tiles" in make_app("en").settings.lessons_offered  # remembered for the next run


def test_answering_no_starts_the_game_and_another_game_still_asks(make_app):
    app = make_app("fr", (1024, 600))
    frames(app)
    click(app, widget(app, "game.rum500").rect.center)
    click(app, widget(app, "start").rect.center)
    click(app, widget(app, "no").rect.center)
    assert isinstance(app.scenes.top, TableScene) and app.scenes.top.lesson is None
    app.back_to_title()
    click(app, widget(app, "game.frustration").rect.center)
    click(app, widget(app, "start").rect.center)
    assert isinstance(app.scenes.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)  # neither: the question goes, the setup stays
    assert isinstance(app.scenes.top, SetupScene)


def test_the_rules_screen_opens_the_lesson_of_its_tab_and_leaving_comes_back(make_app):
    app = make_app("fr", (1024, 600))
    frames(app)
    click(app, widget(app, "rules").rect.center)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    choose(app, widget(app, "tabs"), "rum500")
    click(app, widget(app, "learn").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.game_id == "rum500" and table.lesson is not None
    assert "menu" not in [w.name for w in table.widgets()]  # the panel's Leave takes its place
    click(app, widget(app, "lesson_leave").rect.center)
    assert app.scenes.top is rules


def test_a_lesson_leaves_the_saved_game_and_the_statistics_alone(make_app, storage):
    app = make_app("en")
    session = Session.start(GameConfig("frustration", [Seat("Ana"), Seat("Bob", "easy")], seed=3))
    app.save_session(session)
    app.flush_saves()
    before = storage.slot_path("frustration").read_text(encoding="utf-8")
    app.settings.animation_speed = "instant"
    click(app, widget(app, "learn.frustration").rect.center)
    table = app.scenes.top
    drag(app, grab(table, "5D"), table.areas["hand"].center)
    expect(table, "stage")
    table.pause()
    table.save_now()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)
    app.flush_saves()
    assert storage.slot_path("frustration").read_text(encoding="utf-8") == before
    assert not (storage.data_dir / "statistics.json").exists()


def test_a_staged_card_taken_back_sends_the_lesson_back_to_the_staging(make_app):
    app, table = open_lesson(make_app, "frustration")
    drag(app, grab(table, "5D"), table.areas["hand"].center)
    for slot, group in enumerate(("5H 5S 5D", "9C 9D JK", "KH KS KD")):
        for token in group.split():
            click(app, grab(table, token))
        drag(app, grab(table, group.split()[0]), table.slot_rects[slot].center)
    expect(table, "lay_down")
    drag(app, grab(table, "KS"), table.areas["hand"].center)  # back into the hand: allowed
    expect(table, "stage")


# The card lessons from the keyboard alone ------------------------------------------------------
def by_keys(app, table, tokens: str, place: str) -> None:
    """Space on each card of ``tokens`` (the cursor walked onto it), Up until the destination
    ``place`` (or one of its ends: a meld's two ends play the same move) is chosen, Enter."""
    for token in tokens.split():
        walk_to(app, table, token)
        key(app, pygame.K_SPACE)
    for _ in range(len(table.keys.targets()) + 1):
        chosen = table.keys.chosen()
        if chosen is not None and (chosen.key == place or chosen.key.startswith(place + ":")):
            key(app, pygame.K_RETURN)
            return
        key(app, pygame.K_UP)
    raise AssertionError(f"{place} is never offered to {tokens}: {[t.key for t in table.keys.targets()]}")


def keys_frustration(app, table) -> None:
    key(app, pygame.K_t)
    for slot, group in enumerate(("5H 5S 5D", "9C 9D JK", "KH KS KD")):
        by_keys(app, table, group, f"slot:{slot}")
    key(app, pygame.K_m)
    expect(table, "lay_off_own")
    by_keys(app, table, "5C", f"meld:{meld_with(table, '5H')}")
    by_keys(app, table, "KC", f"meld:{meld_with(table, 'KH')}")
    by_keys(app, table, "8H", "meld:0")
    walk_to(app, table, "3C")
    key(app, pygame.K_x)
    settle(app, table)
    key(app, pygame.K_d)
    by_keys(app, table, "7H", "take:3:1")
    by_keys(app, table, "JK#1", f"meld:{meld_with(table, '9C')}")
    walk_to(app, table, "10S")
    key(app, pygame.K_x)
    expect(table, "grid")
    key(app, pygame.K_g)


def keys_rum500(app, table) -> None:
    walk_to(app, table, "7H")
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    for tokens in ("7H 7S 7D", "2H 3H 4H"):
        for token in tokens.split():
            walk_to(app, table, token)
            key(app, pygame.K_SPACE)
        key(app, pygame.K_m)
    by_keys(app, table, "JC", "meld:0")
    walk_to(app, table, "8S")
    key(app, pygame.K_x)
    settle(app, table)
    key(app, pygame.K_d)
    by_keys(app, table, "5H", f"meld:{meld_with(table, '4H')}")
    walk_to(app, table, "9D")
    key(app, pygame.K_x)
    expect(table, "sheet")
    key(app, pygame.K_g)


def tiles_by_keys(app, table, tokens: str, place: str, row: int = 0) -> None:
    """The tiles of ``tokens`` picked up with Space in the cursor's ``row`` (0: the rack, 1: the
    table, reached with Shift+Up), Up until the place called ``place`` is chosen, Enter."""
    while table.keys.row != row:
        press_key(app, pygame.K_UP if table.keys.row < row else pygame.K_DOWN, pygame.KMOD_LSHIFT)
    for token in tokens.split():
        walk_to(app, table, token)
        key(app, pygame.K_SPACE)
    for _ in range(len(table.keys.targets()) + 1):
        chosen = table.keys.chosen()
        if chosen is not None and chosen.key == place:
            key(app, pygame.K_RETURN)
            return
        key(app, pygame.K_UP)
    raise AssertionError(f"{place} is never offered to {tokens}: {[t.key for t in table.keys.targets()]}")


def at(table, token: str) -> str:
    """The row and column of the combination holding ``token``, as place names say them."""
    block = table.model.draft.block_of(sprite(table, token).key)
    return f"{block.row}:{block.col}"


def keys_tiles_to_the_star(app, table) -> None:
    """The tile lesson from the keyboard, from its start to the step that frees the star."""
    expect(table, "open")
    nudged_and_unchanged(app, table, lambda: tiles_by_keys(app, table, "R3", "new_group"))
    nudged_and_unchanged(app, table, lambda: (walk_to(app, table, "B12"), key(app, pygame.K_x)))
    tiles_by_keys(app, table, "R9 R10 R11#0 R12 R13", "new_group")
    key(app, pygame.K_RETURN)  # no place chosen: Enter ends the turn
    settle(app, table)
    expect(table, "join")
    nudged_and_unchanged(app, table, lambda: tiles_by_keys(app, table, "B2", "new_group"))
    tiles_by_keys(app, table, "K4", f"join:{at(table, 'K1')}")
    expect(table, "split")
    tiles_by_keys(app, table, "R11#1", f"group:{at(table, 'R9')}:at:2")
    key(app, pygame.K_RETURN)
    settle(app, table)
    expect(table, "star_room")
    tiles_by_keys(app, table, "B12 B13", "new_group")
    expect(table, "star_free")


def keys_tiles(app, table) -> None:
    keys_tiles_to_the_star(app, table)
    nudged_and_unchanged(app, table, lambda: tiles_by_keys(app, table, "K7", "new_group", row=1))
    tiles_by_keys(app, table, "*", f"group:{at(table, 'B12')}:start", row=1)
    tiles_by_keys(app, table, "O6", f"join:{at(table, 'O5')}")
    assert table.end_button.enabled, table.model.check_error
    key(app, pygame.K_RETURN)
    settle(app, table)
    expect(table, "glass")
    nudged_and_unchanged(app, table, lambda: tiles_by_keys(app, table, "O1", "new_group"))
    key(app, pygame.K_RETURN)
    expect(table, "exchange")
    walk_to(app, table, "O1")
    key(app, pygame.K_x)
    settle(app, table)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_tile_lesson_is_played_to_its_end_from_the_keyboard_alone(make_app, lang):
    app, table = open_lesson(make_app, "tiles", lang, (1024, 600))
    keys_tiles(app, table)
    expect(table, "end")
    finish(app, table)
    nothing_saved(app, "tiles")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_nudge_names_the_keys_to_a_keyboard_player_and_not_to_a_mouse_player(make_app, lang):
    app, table = open_lesson(make_app, "tiles", lang, (1024, 600))
    lesson = table.lesson
    nudged_and_unchanged(app, table, lambda: (walk_to(app, table, "B12"), key(app, pygame.K_x)))
    keys_words = str(app.tr("lesson.tiles.open.nudge.keys", **lesson.params()))
    assert str(lesson.nudge.text) == keys_words and str(app.tr("shortcuts.pick.keys")) in keys_words
    nudged_and_unchanged(app, table, lambda: drag(app, centre(table, "R3"), table.area("pool").center))
    assert str(lesson.nudge.text) == str(app.tr("lesson.tiles.open.nudge", **lesson.params()))
    # A language switch says the keyboard's nudge again in the other language.
    nudged_and_unchanged(app, table, lambda: (walk_to(app, table, "B12"), key(app, pygame.K_x)))
    switch_language(app, OTHER[lang])
    assert str(lesson.nudge.text) == str(app.tr("lesson.tiles.open.nudge.keys", **lesson.params()))


def nudge_clear(app, table, about: list[str]) -> None:
    """The nudge on screen covers none of the pieces ``about`` nor a place the step points at."""
    panel = table.lesson.panel
    with text_module.drawing_order() as order:
        frames(app, 1)
    drawn = [d.rect for d in order if d.kind == "panel"]
    assert table.lesson.nudge is not None and panel.rect in drawn
    box = drawn[-1]  # the nudge comes last, over the coach panel
    assert box != panel.rect
    for token in about:
        piece = sprite(table, token)
        assert not box.colliderect(piece.rect(table.piece_height(piece.width))), f"the nudge hides {token}"
    for rect in panel.place_rects():
        assert not box.colliderect(rect), "the nudge hides the place the step points at"
    assert not box.colliderect(panel.rect), "the nudge hides the coach's words"


@pytest.mark.parametrize("lang, size", [("fr", (1024, 600)), ("en", (1280, 800)), ("fr", (1920, 1080))])
def test_a_nudge_hides_neither_the_pieces_it_speaks_of_nor_the_place(make_app, lang, size):
    app, table = open_lesson(make_app, "tiles", lang, size)
    keys_tiles_to_the_star(app, table)
    about = ["*", "O6", "B12", "B13", "O5", "O7"]
    # From the keyboard: a tile of the table to a new combination.
    nudged_and_unchanged(app, table, lambda: tiles_by_keys(app, table, "K7", "new_group", row=1))
    nudge_clear(app, table, about)
    # With the mouse: a rack tile dropped on the first free place, and on the star's run.
    spot = next(t for t in table.keys.places([sprite(table, "O1")]) if t.key == "new_group").rect.center
    nudged_and_unchanged(app, table, lambda: drag(app, centre(table, "O1"), spot))
    nudge_clear(app, table, about)
    nudged_and_unchanged(app, table, lambda: drag(app, centre(table, "O1"), centre(table, "O7")))
    nudge_clear(app, table, about)


@pytest.mark.parametrize("game, play", [("frustration", keys_frustration), ("rum500", keys_rum500)])
def test_a_card_lesson_is_played_to_its_end_from_the_keyboard_alone(make_app, game, play):
    app, table = open_lesson(make_app, game, "fr", (1024, 600))
    play(app, table)
    expect(table, "end")
    finish(app, table)
    nothing_saved(app, game)


# The coach during a lesson ---------------------------------------------------------------------
def coach_heard(monkeypatch) -> tuple[list, list]:
    """The turns the coach judges (its note on each, or None) and the notes it shows, as they
    come; the worker thinks in line so that every turn is judged before the next."""
    monkeypatch.setenv("RAMI_BOT_WORKER", "inline")
    judged, shown = [], []
    real_judged, real_show = coach_module.Coach.judged, coach_module.Coach.show

    def judging(coach, ended):
        judged.append(real_judged(coach, ended))
        return judged[-1]

    def showing(coach, note, ended):
        real_show(coach, note, ended)
        if coach.note is not None:
            shown.append(str(coach.text()))

    monkeypatch.setattr(coach_module.Coach, "judged", judging)
    monkeypatch.setattr(coach_module.Coach, "show", showing)
    return judged, shown


@pytest.mark.parametrize("game", list(PLAYS))
def test_the_coach_follows_a_lesson_and_finds_nothing_better_than_its_steps(make_app, monkeypatch, game):
    """A lesson turns the coach on (whatever the setting), and each step leads the normal
    level's play: no note contradicts what the lesson just taught."""
    judged, shown = coach_heard(monkeypatch)
    app, table = open_lesson(make_app, game)
    assert app.settings.coach is False and table.coach_on and table.coach.on
    PLAYS[game](app, table, "en")
    assert judged, "the coach judged none of the person's turns"
    assert shown == [] and not any(judged)


def test_a_coach_note_in_a_lesson_is_said_in_its_panel_not_in_a_bubble(make_app, monkeypatch):
    """Should a lesson's turn earn a note, the coach panel says it (one place for the coach's
    words), the pieces it names glow, and the next key brings the lesson's words back."""
    _, shown = coach_heard(monkeypatch)

    def lay_off_missed(person, normal, notes, feeds=None):
        step = next(s for s in normal.steps if type(s.move).__name__ == "LayOff")
        return Note("lay_off", (step,), (step,))

    monkeypatch.setattr(coach_module, "judge", lay_off_missed)
    app, table = open_lesson(make_app, "frustration", "fr", (1024, 600))
    drag(app, grab(table, "5D"), table.areas["hand"].center)
    for slot, group in enumerate(("5H 5S 5D", "9C 9D JK", "KH KS KD")):
        for token in group.split():
            click(app, grab(table, token))
        drag(app, grab(table, group.split()[0]), table.slot_rects[slot].center)
    key(app, pygame.K_RETURN)
    drag(app, grab(table, "5C"), target(table, "5C", f"meld:{meld_with(table, '5H')}"))
    drag(app, grab(table, "KC"), target(table, "KC", f"meld:{meld_with(table, 'KH')}"))
    drag(app, grab(table, "8H"), target(table, "8H", "meld:0"))
    drag(app, grab(table, "3C"), target(table, "3C", "discard"))
    frames(app, 2)
    assert table.coach.note is not None and shown
    assert coach_says(app, table) == shown[-1] == str(table.coach.text())
    surface = pygame.Surface(app.size)
    order = _draw_recorded(app, table)
    assert any(d.text in shown[-1] for d in order if d.kind == "text")
    assert not problems_in(order)
    table.draw(surface)
    assert table.coach.bubble.bubble_rect is None  # no bubble of its own over the table
    assert table.coach.bubble.glowing()
    frames(app, round(coach_module.NOTE_LEAST * 60) + 1)
    settle(app, table)
    key(app, pygame.K_s)  # a key takes the note away: the step's words come back
    assert table.coach.note is None
    assert coach_says(app, table) == str(
        app.tr("lesson.frustration.draw_stock", card=table.piece_words.the("7D"))
    )


@pytest.mark.parametrize("game", list(PLAYS))
def test_no_lesson_text_is_clipped_overlapped_or_covered(make_app, game):
    """Every step of the lesson, in French at the smallest window the layouts support: the
    coach's words fit the panel at their full size too."""
    app = make_app("fr", (1024, 600))
    app.settings.animation_speed = "instant"
    for step in load(game).steps:
        at_step(app, game, step.id)
        table = app.scenes.top
        frames(app, 20)
        order = _draw_recorded(app, table)
        lines = [d.text for d in order if d.kind == "text"]
        assert any(line in str(table.lesson.text()) for line in lines), f"{step.id}: the coach says nothing"
        problems = problems_in(order)
        assert not problems, (step.id, problems[:4])
        assert table.lesson.panel._text[2] == table.scale.font(17), f"{step.id}: too long, the words shrink"
        app.scenes.pop()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["frustration", "rum500"])
def test_the_docked_panel_never_cuts_a_seat_panel(make_app, game, lang, size):
    """Under the open score sheet of the last step, the coach panel covers a seat's panel whole
    (opaque) or not at all: no half-hidden names or scores peek out of it."""
    app = make_app(lang, size)
    app.settings.animation_speed = "instant"
    at_step(app, game, "end")
    table = app.scenes.top
    frames(app, 20)
    panel = table.lesson.panel
    assert panel.docked()
    for seat in table.seat_panels():
        assert not seat.colliderect(panel.rect) or panel.rect.contains(seat), (seat, panel.rect)
    for button in table.widgets():
        if button not in panel.buttons() and button.rect.width > 1:
            assert not button.rect.colliderect(panel.rect), getattr(button, "name", button)
