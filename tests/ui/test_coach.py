"""The coach: after a person's turn driven by real events, a note when the normal level would
clearly have done better (a missed lay-off, a missed way out, a discard that lets the next player
go out), nothing after a good turn, nothing when the setting is off (its default); the note glows
on the pieces, speaks both languages and goes at the next gesture or after a few seconds."""

from __future__ import annotations

import json

import pygame
import pytest

from game.engine import frustration, rum500, tiles
from game.ui.scenes.settings import SettingsScene
from game.ui.session import Seat, Session
from game.ui.storage import Settings
from game.ui.tables import coach as coach_module
from game.ui.tables import turns as table_turns
from tests.ui.driver import choose, click, drag, frames, key, widget

MARIE_BRUNO = [Seat("Marie"), Seat("Bruno", "normal")]


@pytest.fixture(autouse=True)
def in_line(monkeypatch):
    """The worker thinks at once, in line (its answers are there on the next frame), and Bruno
    never moves: what is on the table after Marie's turn stays there."""
    monkeypatch.setenv("RAMI_BOT_WORKER", "inline")
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 600.0, "normal": 600.0, "slow": 600.0})


def open_table(make_app, game: str, state, lang: str = "en", coach: bool = True, size=(1280, 800)):
    app = make_app(lang, size)
    app.settings.animation_speed = "instant"
    app.settings.coach = coach
    app.show_table(Session(game, list(MARIE_BRUNO), state))
    frames(app, 2)
    table = app.scenes.top
    assert table.my_turn
    return app, table


def grab(table, key: str) -> tuple[int, int]:
    """A point on the visible part of a sprite (its top-left index corner)."""
    sprite = table.sprites.sprites[key]
    return round(sprite.x) + max(4, sprite.width // 8), round(sprite.y) + max(6, sprite.width // 5)


def draw_from_stock(app, table) -> None:
    drag(app, grab(table, "stock"), table.areas["hand"].center)
    assert table.view.phase == "play"


def judged(app, table) -> None:
    """Frames until the coach has judged Marie's last turn."""
    frames(app, 2)
    assert table.state.current_player != 0
    assert table.coach.ended is None and table.coach.watch is None


# Frustration: Marie is down (three sets on the table) and holds the 5♣, which joins her 5s ----


def frustration_lay_off(**options):
    return frustration.arranged(
        ["5C 9C KD 3S", "3C 4D 6H 7S 9H 10D QS KC AS 3H 4C 6D 7D"],
        discard="6C",
        stock="QH",
        table=[("5H 5S 5D", 0), ("8C 8D 8S", 0), ("JH JS JD", 0)],
        options=frustration.Options(**options),
    )


def frustration_discard(app, table, ident: str) -> None:
    drag(app, grab(table, ident), table.areas["discard"].center)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_frustration_a_missed_lay_off_is_named(make_app, lang):
    app, table = open_table(make_app, "frustration", frustration_lay_off(), lang)
    draw_from_stock(app, table)
    frustration_discard(app, table, "KD#0")
    judged(app, table)
    note = table.coach.note
    assert note is not None and note.category == "lay_off"
    assert note.said[0].move.kind == "lay_off" and note.said[0].move.card.ident == "5C#0"
    words = str(table.coach.text())
    five = str(table.param_text("5C"))
    assert five in words and str(table.param_text("5H")) in words
    assert words.startswith("Coach: " if lang == "en" else "Coach\u202f: ")
    assert {s.key for s in table.coach.bubble.glowing()} == {"5C#0"}
    assert table.coach.bubble.pieces == {"5C#0"}
    # Shown, never played: the 5♣ is still in Marie's hand and Bruno is to draw.
    assert "5C#0" in {c.ident for c in table.state.hand(0)} and table.state.current_player == 1


def test_frustration_a_good_turn_gets_no_note(make_app):
    app, table = open_table(make_app, "frustration", frustration_lay_off())
    draw_from_stock(app, table)
    index, rect, _cards = next(entry for entry in table.meld_rects if entry[0] == 0)
    drag(app, grab(table, "5C#0"), rect.center)
    assert len(table.state.table[index].cards) == 4, "the lay-off was not played"
    frustration_discard(app, table, "KD#0")
    judged(app, table)
    assert table.coach.note is None


def feeding_position(bruno_holds: str):
    """Marie (not down) holds the 9♣; Bruno is down with three sets, the 9s among them, and one
    card left (``bruno_holds``): the 9♣ discarded lets him go out."""
    return frustration.arranged(
        ["9C AC 3C 5C 7C JC 3D 5D 7D JD 6S 8S 10S", bruno_holds],
        discard="6D",
        stock="QH",
        table=[("4H 4S 4D", 1), ("9H 9S 9D", 1), ("KH KS KD", 1)],
    )


@pytest.mark.parametrize("bruno_holds", ["6H", "10C"])
def test_frustration_feeding_the_next_player_is_named_from_public_information(make_app, bruno_holds):
    app, table = open_table(make_app, "frustration", feeding_position(bruno_holds))
    draw_from_stock(app, table)
    frustration_discard(app, table, "9C#0")
    judged(app, table)
    note = table.coach.note
    assert note is not None and note.category == "feed" and note.fed == "9C"
    assert note.said[0].move.kind == "discard" and note.said[0].move.card.ident != "9C#0"
    words = str(table.coach.text())
    assert "Bruno" in words and str(table.param_text("9C")) in words
    assert "9C#0" in table.coach.bubble.pieces  # on the discard pile


def test_frustration_a_safe_discard_gets_no_note(make_app):
    app, table = open_table(make_app, "frustration", feeding_position("6H"))
    draw_from_stock(app, table)
    frustration_discard(app, table, "QH#0")
    judged(app, table)
    assert table.coach.note is None


# 500 Rum: Bruno's run 4♥ 5♥ 6♥ takes Marie's 7♥ ------------------------------------------------


def rum500_lay_off():
    return rum500.arranged(
        ["7H 9C KD 3S 2D", "3C 4D 6C 7S 9H 10D QS"], discard="QC", stock="JS", table=[("4H 5H 6H", 1)]
    )


def rum500_run_end(table) -> tuple[int, int]:
    rect = table.flow.places[0]
    return rect.right - rect.width // 4, rect.centery


def test_rum500_a_missed_lay_off_is_named(make_app):
    app, table = open_table(make_app, "rum500", rum500_lay_off())
    draw_from_stock(app, table)
    drag(app, grab(table, "KD#0"), table.discard_zone().center)
    judged(app, table)
    note = table.coach.note
    assert note is not None and note.category == "lay_off"
    assert note.said[0].move.kind == "lay_off" and note.said[0].move.card.ident == "7H#0"
    assert str(table.param_text("7H")) in str(table.coach.text())
    assert table.coach.bubble.pieces == {"7H#0"}


def test_rum500_a_good_turn_gets_no_note(make_app):
    app, table = open_table(make_app, "rum500", rum500_lay_off())
    draw_from_stock(app, table)
    drag(app, grab(table, "7H#0"), rum500_run_end(table))
    assert len(table.state.table[0].cards) == 4, "the lay-off was not played"
    drag(app, grab(table, "2D#0"), table.discard_zone().center)
    judged(app, table)
    assert table.coach.note is None


def test_rum500_a_missed_way_out_is_named(make_app):
    state = rum500.arranged(
        ["7H", "3C 4D 6C 7S 9H 10D QS"], discard="QC", stock="JS", table=[("4H 5H 6H", 1)]
    )
    app, table = open_table(make_app, "rum500", state)
    draw_from_stock(app, table)
    drag(app, grab(table, "7H#0"), table.discard_zone().center)
    judged(app, table)
    note = table.coach.note
    assert note is not None and note.category == "go_out"
    assert note.said[0].move.kind == "lay_off"


# Tiles: Marie has opened; her 7 red and 9 orange join the runs on the table, her 1 blue nothing


def tiles_position(rack: str):
    return tiles.arranged(
        [rack, "K1 K2 K4 B6 B8 O2 O4 R11 R13 K9 K11 B3 O6 R2"],
        table=["O10 O11 O12", "R4 R5 R6"],
        opened=[True, True],
        options=tiles.Options(timer=0),
    )


def tile_centre(table, ident: str) -> tuple[int, int]:
    sprite = table.sprites.sprites[ident]
    return round(sprite.x + sprite.width / 2), round(sprite.y + table.piece_height(sprite.width) / 2)


def next_to(table, ident: str, step: int) -> tuple[int, int]:
    """The centre of the cell ``step`` cells after the table tile ``ident``."""
    row, col = table.model.grid.cells[ident]
    return table.geo.cell_rect(row, col + step).center


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tiles_a_missed_way_out_is_named(make_app, lang):
    app, table = open_table(make_app, "tiles", tiles_position("R7 O9"), lang)
    drag(app, tile_centre(table, "O9#0"), table.geo.areas["pool"].center)  # an exchange
    assert any(e.kind == "exchange" for e in table.state.log)
    judged(app, table)
    note = table.coach.note
    assert note is not None and note.category == "go_out"
    assert note.said[0].move.kind == "play"
    words = str(table.coach.text())
    assert str(table.param_text("R7")) in words and str(table.param_text("O9")) in words
    # The exchanged tile left the rack: only the 7 red is still there to glow.
    assert table.coach.bubble.pieces == {"R7#0", "O9#0"}
    assert {s.key for s in table.coach.bubble.glowing()} >= {"R7#0"}


def test_tiles_a_good_turn_gets_no_note(make_app):
    app, table = open_table(make_app, "tiles", tiles_position("R7 B1"))
    drag(app, tile_centre(table, "R7#0"), next_to(table, "R6#0", 1))
    assert table.end_button.enabled, table.model.check_error
    click(app, table.end_button.rect.center)
    assert [t.text for t in table.state.hand(0)] == ["B1"]
    judged(app, table)
    assert table.coach.note is None


# The setting, the lessons' switch, the note's life ------------------------------------------


def test_the_coach_is_off_by_default_and_then_says_nothing(make_app):
    assert Settings().coach is False
    app = make_app("en")
    assert app.settings.coach is False
    app.settings.animation_speed = "instant"
    app.show_table(Session("frustration", list(MARIE_BRUNO), frustration_lay_off()))
    frames(app, 2)
    table = app.scenes.top
    draw_from_stock(app, table)
    frustration_discard(app, table, "KD#0")
    frames(app, 3)
    assert table.coach.note is None and table.coach.watch is None and table.coach.ended is None


def test_a_lesson_turns_the_coach_on_for_its_table(make_app):
    app, table = open_table(make_app, "frustration", frustration_lay_off(), coach=False)
    table.coach_on = True
    frames(app, 1)
    draw_from_stock(app, table)
    frustration_discard(app, table, "KD#0")
    judged(app, table)
    assert table.coach.note is not None and table.coach.note.category == "lay_off"


def missed_lay_off_noted(make_app):
    app, table = open_table(make_app, "frustration", frustration_lay_off())
    draw_from_stock(app, table)
    frustration_discard(app, table, "KD#0")
    judged(app, table)
    assert table.coach.note is not None
    return app, table


def test_the_note_stays_its_least_time_then_goes_at_the_next_gesture(make_app):
    app, table = missed_lay_off_noted(make_app)
    key(app, pygame.K_s)  # a key at once: the note stays
    assert table.coach.note is not None
    frames(app, round(coach_module.NOTE_LEAST * 60) + 1)
    assert table.coach.note is not None and table.busy()
    key(app, pygame.K_s)
    assert table.coach.note is None and not table.coach.bubble.glowing()


def test_the_note_goes_after_a_few_seconds_of_frame_time(make_app):
    app, table = missed_lay_off_noted(make_app)
    frames(app, round(coach_module.NOTE_SECONDS * 60) - 10)
    assert table.coach.note is not None
    frames(app, 12)
    assert table.coach.note is None


def test_the_note_is_drawn_inside_the_window_in_french_at_the_smallest_size(make_app):
    app, table = open_table(make_app, "frustration", frustration_lay_off(), "fr", size=(1024, 600))
    draw_from_stock(app, table)
    frustration_discard(app, table, "KD#0")
    judged(app, table)
    surface = pygame.Surface(app.size)
    table.draw(surface)
    rect = table.coach.bubble.bubble_rect
    assert rect is not None and pygame.Rect((0, 0), app.size).contains(rect)


def test_the_settings_screen_switches_the_coach_and_keeps_it(make_app, storage):
    app = make_app("fr")
    app.scenes.push(SettingsScene(app))
    frames(app, 2)
    control = widget(app, "coach")
    assert control.selected() == "off"
    choose(app, control, "on")
    assert app.settings.coach is True
    saved = json.loads((storage.config_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["coach"] is True


def test_at_a_shared_screen_the_coach_keeps_quiet(make_app):
    """The next person would read about the last one's hand: two people, no coach."""
    app = make_app("en")
    app.settings.animation_speed = "instant"
    app.settings.coach = True
    app.show_table(Session("frustration", [Seat("Marie"), Seat("Paul")], frustration_lay_off()))
    frames(app, 2)
    click(app, app.scenes.top.ready.rect.center)  # the hand-off to Marie
    table = app.scenes.top
    assert table.my_turn and not table.coach.on
    table.play(frustration.DrawStock())
    table.play(frustration.Discard(next(c for c in table.state.hand(0) if c.text == "KD")))
    frames(app, 3)
    assert table.coach.note is None and table.coach.watch is None and table.coach.ended is None
