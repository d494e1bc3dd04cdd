"""One saved game per game: the Continue list, deleting with a confirmation, asking before a
new game replaces a saved one, and the single save of earlier versions moved into its slot."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game.engine import frustration
from game.ui import text as text_module
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.saved_games import SavedGamesScene
from game.ui.scenes.title import TitleScene
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.base import TableScene
from tests.ui.driver import click, drag, frames, start_from_setup, widget
from tests.ui.test_frustration_table import grab_point as grab_point_of


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


@pytest.mark.parametrize(
    ("lang", "details"),
    [
        ("en", ["Round 1 · ", "Hand 1 · ", "Round 1 of 4 · "]),
        ("fr", ["Manche 1 · ", "Donne 1 · ", "Manche 1 sur 4 · "]),
    ],
)
def test_the_list_names_each_game_s_round_as_its_table_does(make_app, storage, lang, details):
    for game in ("frustration", "rum500", "tiles"):
        saved(storage, game)
    app = make_app(lang)
    frames(app)
    click(app, widget(app, "continue").rect.center)
    with text_module.recording() as drawn:
        frames(app, 1)
    for start in details:
        assert any(t.startswith(start) for t in drawn), (start, drawn)


def test_default_names_follow_the_language_on_the_list(make_app, storage):
    """A game started in French with a person left unnamed ("Joueur 1") lists them as
    "Player 1" once the game is in English, and back."""
    seats = [Seat("Joueur 1", auto=True), Seat("Bruno", "easy")]
    storage.save_game_data("rum500", Session.start(GameConfig("rum500", seats, seed=2)).to_json())
    app = make_app("en")
    frames(app)
    click(app, widget(app, "continue").rect.center)
    with text_module.recording() as drawn:
        frames(app, 1)
    assert "Player 1, Bruno" in drawn and not any("Joueur" in t for t in drawn)
    app.set_language("fr")
    with text_module.recording() as drawn:
        frames(app, 1)
    assert "Joueur 1, Bruno" in drawn


def _down_and_to_play():
    """Marie (a person) has drawn, her contract is down: she may lay the A♥ off on her aces."""
    return frustration.arranged(
        ["AH 8H 3C 4D 9S 10S JC QD KS 6C 7S 2D 5D 9C", "2H 3H 4H 9H 10H JH QH KH 2S 3D 4C 5S 6S"],
        table=[("AC AD AS", 0), ("5H 6H 7H", 0)],
        down=[True, False],
        phase="play",
    )


def _leave_and_continue(app) -> TableScene:
    app.flush_saves()
    app.back_to_title()
    frames(app)
    click(app, widget(app, "continue").rect.center)
    click(app, widget(app, "resume.frustration").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    frames(app, 3)
    return table


def test_after_continue_the_turn_can_still_be_taken_back(make_app, storage):
    session = Session("frustration", [Seat("Marie"), Seat("Bruno", "easy")], _down_and_to_play())
    app = make_app("en")
    app.show_table(session)
    frames(app, 3)
    table = app.scenes.top
    ace = next(c for c in table.view.hand if c.text == "AH")
    _, rect, _ = next(entry for entry in table.meld_rects if entry[0] == 0)
    drag(app, grab_point_of(table, ace.ident), rect.center)
    assert table.card_of(ace.ident) is None and table.undo_button.enabled
    table = _leave_and_continue(app)
    assert table.card_of(ace.ident) is None, "the lay-off is still on the table"
    assert table.undo_button.enabled
    click(app, table.undo_button.rect.center)
    assert table.card_of(ace.ident) is not None
    assert [c.text for c in table.view.table[0].cards] == ["AC", "AD", "AS"]
    assert not table.undo_button.enabled  # the draw stays


@pytest.mark.parametrize(
    "undo", [None, {"round": 1, "seat": 0, "start": {"format": "x"}, "moves": []}, "junk"]
)
def test_a_save_without_a_turn_undo_or_with_a_damaged_one_still_continues(make_app, storage, undo):
    session = Session("frustration", [Seat("Marie"), Seat("Bruno", "easy")], _down_and_to_play())
    ace = next(c for c in session.state.hand(0) if c.text == "AH")
    session.apply(frustration.LayOff(ace, 0))
    data = session.to_json()
    data["ui"] = {} if undo is None else {"undo": undo}
    storage.save_game_data("frustration", data)
    app = make_app("en")
    frames(app)
    click(app, widget(app, "continue").rect.center)
    click(app, widget(app, "resume.frustration").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.state.to_json() == session.state.to_json()
    frames(app, 3)
    assert not table.undo_button.enabled
    ten = next(c for c in table.view.hand if c.text == "8H")
    _, rect, _ = next(entry for entry in table.meld_rects if entry[0] == 1)
    drag(app, grab_point_of(table, ten.ident), (rect.right - rect.width // 4, rect.centery))
    assert table.card_of(ten.ident) is None and table.undo_button.enabled  # this turn's undo begins anew


def test_a_turn_s_staging_and_moves_come_back_from_the_save_in_order():
    """The turn's undo as the save keeps it (JSON): its arrangements and moves come back, in
    order, and taking them back walks the turn back step by step."""
    from game.ui.tables.card_undo import UI_KEY, Arranged, TurnUndo

    state = _down_and_to_play()
    undo = TurnUndo()
    undo.begin(state, True)
    undo.arranged([[]])
    ace = next(c for c in state.hand(0) if c.text == "AH")
    state.apply(frustration.LayOff(ace, 0))
    undo.note(state, frustration.LayOff(ace, 0), True)
    undo.arranged([["9S#0"]])
    block = json.loads(json.dumps(undo.to_ui(frustration.CODEC)))[UI_KEY]
    again = TurnUndo()
    again.resume(block, state, True, frustration.CODEC)
    assert again.can_undo and len(again.moves) == 3
    assert again.undo(state) == Arranged([["9S#0"]])
    back = again.undo(state)
    assert [c.text for c in back.table[0].cards] == ["AC", "AD", "AS"]
    assert again.undo(back) == Arranged([[]]) and not again.can_undo
    # A block of another seat's turn, or one that does not replay to the game, is left out.
    for other in ({**block, "seat": 1}, {**block, "moves": block["moves"][:1]}):
        dropped = TurnUndo()
        dropped.resume(other, state, True, frustration.CODEC)
        assert not dropped.can_undo
