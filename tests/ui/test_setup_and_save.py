"""The new-game screen produces the chosen configuration; saves resume exactly; broken saves
are reported and set aside."""

from __future__ import annotations

import json

import pygame
import pytest

from game.ui import theme
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.tables import turns as table_turns
from game.ui.tables.frustration.scene import STOCK_KEY, FrustrationTable
from tests.ui.driver import choose, click, drag, frames, widget


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def test_setup_produces_the_configuration_chosen(make_app):
    app = make_app("en")
    click(app, widget(app, "game.frustration").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, SetupScene)
    click(app, widget(app, "tabs").segment_rects()[2].center)  # the tile game
    assert scene.model.game == "tiles"
    players = widget(app, "players")
    click(app, players.segment_rects()[1].center)  # 3 players
    assert scene.model.count == 3
    # Type a name in the first seat's entry (a pygame_gui text entry).
    entry = next(
        e
        for e in scene.form.manager.get_root_container().elements
        if e.__class__.__name__ == "UITextEntryLine"
    )
    click(app, entry.rect.center)
    type_text(app, "Zoé")
    # Second seat: choose "Computer - hard" in its drop-down.
    menus = [
        e
        for e in scene.form.manager.get_root_container().elements
        if e.__class__.__name__ == "UIDropDownMenu"
    ]
    click(app, menus[1].rect.center)
    frames(app, 5)
    hard = next(
        e
        for e in scene.form.manager.get_sprite_group().sprites()
        if getattr(e, "text", None) == "Computer – hard" and e.visible
    )
    click(app, hard.rect.center)
    frames(app, 5)
    # Options: the draw rule and a 2-minute sand glass.
    choose(app, widget(app, "option.turn_rule"), "draw")
    choose(app, widget(app, "option.timer"), 120)
    config = scene.model.config()
    assert next(s.name for s in config.seats) == "Zoé"
    assert [s.kind for s in config.seats] == ["human", "hard", "normal"]
    assert config.options.turn_rule == "draw" and config.options.timer == 120
    assert config.options.opening_min == 30  # untouched options keep their defaults


def _darkest_in(app, rect: pygame.Rect) -> int:
    """The darkest pixel (sum of its channels) inside ``rect`` of the last frame drawn."""
    surface = app.window
    inner = rect.inflate(-12, -12)
    return min(
        sum(surface.get_at((x, y))[:3])
        for x in range(inner.left, inner.right, 2)
        for y in range(inner.top, inner.bottom)
    )


def test_an_empty_name_shows_its_default_greyed_until_typed(make_app):
    app = make_app("en")
    click(app, widget(app, "game.frustration").rect.center)
    scene = app.scenes.top
    entry = next(
        e
        for e in scene.form.manager.get_root_container().elements
        if e.__class__.__name__ == "UITextEntryLine"
    )
    frames(app, 2)
    hint = _darkest_in(app, entry.rect)
    assert hint >= sum(theme.INK_SOFT) - 30  # the default name, greyed
    click(app, entry.rect.center)
    type_text(app, "Zoé")
    frames(app, 2)
    assert _darkest_in(app, entry.rect) < hint - 60  # typed text, in ink


def start_frustration(make_app, lang="en"):
    from game.engine.frustration import Options
    from game.ui.session import GameConfig, Seat

    app = make_app(lang)
    app.settings.animation_speed = "instant"
    app.start_game(
        GameConfig("frustration", [Seat("Marie"), Seat("Bruno", "easy")], Options(final_contract=3), seed=21),
    )
    frames(app, 3)
    return app, app.scenes.top


def test_a_game_saved_mid_turn_resumes_identically(make_app, storage):
    app, table = start_frustration(make_app)
    sprite = table.sprites.sprites[STOCK_KEY]
    drag(app, (round(sprite.x) + 10, round(sprite.y) + 10), table.areas["hand"].center)
    assert table.view.phase == "play"
    card = table.model.hand_cards()[0]
    s = table.sprites.sprites[card.ident]
    drag(app, (round(s.x) + 6, round(s.y) + 10), table.slot_rects[1].center)
    saved_state = table.state.to_json()
    staged = [list(g) for g in table.model.staged]
    assert staged[1] == [card.ident]
    app.flush_saves()
    # A new run of the game, same user folder: "Continue" on the title.
    other = make_app("en")
    assert isinstance(other.scenes.top, TitleScene)
    click(other, widget(other, "continue").rect.center)
    click(other, widget(other, "resume.frustration").rect.center)
    resumed = other.scenes.top
    assert isinstance(resumed, FrustrationTable)
    assert resumed.state.to_json() == saved_state
    assert resumed.model.staged == staged
    assert resumed.model.hand_order == table.model.hand_order


@pytest.mark.parametrize("damage", ["truncate", "garbage", "inconsistent"])
def test_a_broken_save_gives_a_message_and_a_working_title(make_app, storage, damage):
    app, _table = start_frustration(make_app)
    app.flush_saves()
    path = storage.slot_path("frustration")
    data = path.read_text(encoding="utf-8")
    if damage == "truncate":
        path.write_text(data[: len(data) // 2], encoding="utf-8")
    elif damage == "garbage":
        path.write_bytes(b"\x00\xff not json")
    else:
        broken = json.loads(data)
        broken["state"]["hands"][0].append(broken["state"]["hands"][1][0])  # a card twice
        path.write_text(json.dumps(broken), encoding="utf-8")
    other = make_app("fr")
    frames(other)
    click(other, widget(other, "continue").rect.center)
    assert any("enregistrée" in t.text for t in other.toasts)
    assert not path.exists()  # set aside
    assert list(path.parent.glob("saved-frustration.unreadable-*"))
    assert isinstance(other.scenes.top, TitleScene)  # no list: nothing left on it
    frames(other, 3)
    assert "continue" not in [w.name for w in other.scenes.top.widgets()]
    # and the title still works
    click(other, widget(other, "game.frustration").rect.center)
    assert isinstance(other.scenes.top, SetupScene)


def test_language_switch_redraws_the_table_at_once(make_app):
    from game.ui import text as text_module

    app, _table = start_frustration(make_app, "en")
    with text_module.recording() as drawn:
        frames(app, 1)
    assert any("Draw a card" in t for t in drawn)
    app.set_language("fr")
    with text_module.recording() as drawn:
        frames(app, 1)
    assert any("Piochez" in t for t in drawn)
    assert not any("Draw a card" in t for t in drawn)
