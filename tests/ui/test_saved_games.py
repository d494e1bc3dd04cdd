"""One saved game per game: the Continue list, deleting with a confirmation, asking before a
new game replaces a saved one, and the single save of earlier versions moved into its slot."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game.ui import text as text_module
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.saved_games import SavedGamesScene
from game.ui.scenes.title import TitleScene
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.base import TableScene
from tests.ui.driver import click, frames, start_from_setup, widget


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def saved(storage, game: str, names=("Marie", "Bruno"), seed: int = 5) -> Session:
    seats = [Seat(names[0]), *(Seat(n, "easy") for n in names[1:])]
    session = Session.start(GameConfig(game, seats, seed=seed))
    storage.save_game_data(game, session.to_json())
    return session


def names_on(app) -> list[str]:
    return [w.name for w in app.scenes.top.widgets()]


def test_each_game_keeps_its_own_save_and_the_list_shows_them_all(make_app, storage):
    saved(storage, "frustration", ("Marie", "Bruno"))
    saved(storage, "tiles", ("Zoé", "Félix", "Chloé"))
    app = make_app("fr")
    frames(app)
    click(app, widget(app, "continue").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, SavedGamesScene)
    assert [row.saved.game for row in scene.rows] == ["frustration", "tiles"]
    with text_module.recording() as drawn:
        frames(app, 1)
    assert "Parties enregistrées" in drawn
    assert "Zoé, Félix, Chloé" in drawn and "Marie, Bruno" in drawn
    assert any(t.startswith("Manche 1 · jouée le ") for t in drawn)
    # A third game started from the setup does not touch the two others.
    click(app, widget(app, "back").rect.center)
    app.start_game(GameConfig("rum500", [Seat("Ana"), Seat("Bob", "easy")], seed=2))
    assert isinstance(app.scenes.top, TableScene)
    app.flush_saves()
    assert storage.saved_games() == ["frustration", "rum500", "tiles"]


def test_resuming_from_the_list_opens_that_game(make_app, storage):
    saved(storage, "frustration")
    tiles = saved(storage, "tiles", ("Zoé", "Félix"))
    app = make_app("en")
    frames(app)
    click(app, widget(app, "continue").rect.center)
    click(app, widget(app, "resume.tiles").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.session.game == "tiles"
    assert table.session.state.to_json() == tiles.state.to_json()


def test_delete_asks_first_and_cancel_keeps_the_save(make_app, storage):
    saved(storage, "frustration")
    saved(storage, "rum500")
    app = make_app("en")
    frames(app)
    click(app, widget(app, "continue").rect.center)
    click(app, widget(app, "delete.rum500").rect.center)
    assert isinstance(app.scenes.top, ConfirmScene)
    click(app, widget(app, "no").rect.center)
    assert isinstance(app.scenes.top, SavedGamesScene)
    assert storage.has_saved_game("rum500")
    click(app, widget(app, "delete.rum500").rect.center)
    click(app, widget(app, "yes").rect.center)
    assert isinstance(app.scenes.top, SavedGamesScene)
    assert not storage.has_saved_game("rum500") and storage.has_saved_game("frustration")
    assert "delete.rum500" not in names_on(app)
    # Deleting the last one goes back to the title, without "Continue".
    click(app, widget(app, "delete.frustration").rect.center)
    click(app, widget(app, "yes").rect.center)
    assert isinstance(app.scenes.top, TitleScene)
    frames(app)
    assert "continue" not in names_on(app)


def test_a_new_game_of_a_saved_kind_asks_before_replacing_it(make_app, storage):
    old = saved(storage, "frustration", seed=5)
    app = make_app("en")
    frames(app)
    click(app, widget(app, "game.frustration").rect.center)
    click(app, widget(app, "start").rect.center)
    assert isinstance(app.scenes.top, ConfirmScene)
    click(app, widget(app, "no").rect.center)
    app.flush_saves()
    assert json.loads(storage.slot_path("frustration").read_text())["state"] == old.state.to_json()
    click(app, widget(app, "start").rect.center)
    click(app, widget(app, "yes").rect.center)
    assert isinstance(app.scenes.top, TableScene)
    app.flush_saves()
    assert json.loads(storage.slot_path("frustration").read_text())["state"] != old.state.to_json()


def test_a_new_game_of_another_kind_does_not_ask(make_app, storage):
    saved(storage, "frustration")
    app = make_app("en")
    frames(app)
    click(app, widget(app, "game.rum500").rect.center)
    start_from_setup(app)
    assert isinstance(app.scenes.top, TableScene)
    app.flush_saves()
    assert storage.saved_games() == ["frustration", "rum500"]


def test_the_single_save_of_earlier_versions_moves_into_its_slot(make_app, storage):
    """A save written by the previous version (one file, ``current-game.json``) is moved into
    its game's slot at start and resumes exactly."""
    session = Session.start(GameConfig("rum500", [Seat("Marie"), Seat("Bruno", "hard")], seed=9))
    storage.data_dir.mkdir(parents=True)
    old_text = json.dumps(session.to_json(), separators=(",", ":"))
    storage.save_path.write_text(old_text, encoding="utf-8")
    assert storage.save_path.name == "current-game.json"
    app = make_app("en")
    assert not storage.save_path.exists()
    assert storage.slot_path("rum500").read_text(encoding="utf-8") == old_text
    assert app.toasts == []
    frames(app)
    click(app, widget(app, "continue").rect.center)
    click(app, widget(app, "resume.rum500").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.session.state.to_json() == session.state.to_json()
    assert [s.name for s in table.session.seats] == ["Marie", "Bruno"]


def test_a_damaged_old_save_is_set_aside_and_the_others_still_load(make_app, storage):
    storage.data_dir.mkdir(parents=True)
    storage.save_path.write_text('{"format": "rami-sess', encoding="utf-8")
    saved(storage, "tiles")
    app = make_app("en")
    assert any("set aside" in str(t.text) for t in app.toasts)
    assert not storage.save_path.exists()
    assert list(storage.data_dir.glob("current-game.unreadable-*"))
    assert storage.saved_games() == ["tiles"]


def test_an_old_save_never_replaces_a_newer_save_of_its_game(storage):
    newer = saved(storage, "tiles", seed=3)
    older = Session.start(GameConfig("tiles", [Seat("A"), Seat("B", "easy")], seed=4))
    storage.save_path.write_text(json.dumps(older.to_json()), encoding="utf-8")
    storage.migrate_single_slot()
    assert json.loads(storage.slot_path("tiles").read_text())["state"] == newer.state.to_json()
    kept = list(storage.data_dir.glob("current-game.unreadable-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["state"] == older.state.to_json()


def test_a_damaged_save_on_the_list_is_set_aside_and_the_others_are_listed(make_app, storage):
    saved(storage, "frustration")
    storage.slot_path("rum500").write_text("[1, 2", encoding="utf-8")
    saved(storage, "tiles")
    app = make_app("fr")
    frames(app)
    click(app, widget(app, "continue").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, SavedGamesScene)
    assert [row.saved.game for row in scene.rows] == ["frustration", "tiles"]
    assert any("mise de côté" in str(t.text) for t in app.toasts)
    assert list(storage.data_dir.glob("saved-rum500.unreadable-*"))


def test_a_finished_game_leaves_its_slot_and_only_its_slot(make_app, storage):
    saved(storage, "tiles")
    app = make_app("en")
    session = Session.start(GameConfig("frustration", [Seat("A"), Seat("B", "easy")], seed=1))
    app.save_session(session)
    app.flush_saves()
    assert storage.saved_games() == ["frustration", "tiles"]
    over = SimpleNamespace(game="frustration", state=SimpleNamespace(is_over=True), kept=True)
    app.save_session(over)  # the game is over: its save goes
    app.flush_saves()
    assert storage.saved_games() == ["tiles"]
