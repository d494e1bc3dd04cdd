"""The record of play: counted when a game with a person ends (not a watched one), kept in the
user folder (schema-checked, a damaged file set aside), shown per game and opponent level,
reset only after a confirmation."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game.ui import text as text_module
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.stats import StatsScene
from game.ui.session import Seat
from game.ui.stats import Line, Record, opponent_level, result_of
from tests.ui.driver import click, frames, widget


def finished(game: str, kinds: list[str], winners: list[int], scores: list[int]):
    seats = [Seat(f"P{i}", k) for i, k in enumerate(kinds)]
    field = "scores" if game == "frustration" else "totals"
    state = SimpleNamespace(is_over=True, winners=winners, **{field: scores})
    return SimpleNamespace(game=game, seats=seats, state=state, kept=True)


def test_a_line_counts_wins_scores_and_streaks():
    line = Line()
    for won, score in [(True, 40), (True, 10), (False, 90), (True, 30), (True, 5), (True, 60)]:
        line.add(won, score, lower_is_better=True)
    assert (line.played, line.won, line.best, line.streak, line.longest) == (6, 5, 5, 3, 3)
    assert line.average == pytest.approx(235 / 6) and line.win_rate == pytest.approx(5 / 6)
    higher = Line()
    for score in (120, 520, -40):
        higher.add(False, score, lower_is_better=False)
    assert higher.best == 520 and higher.streak == 0 and higher.longest == 0


def test_the_level_is_the_strongest_computer_and_watched_games_count_nothing():
    assert opponent_level(["human", "easy", "hard"]) == "hard"
    assert opponent_level(["human", "human"]) == "people"
    state = SimpleNamespace(winners=[1], totals=[100, 500])
    assert result_of("rum500", state, ["easy", "normal"]) is None
    assert result_of("rum500", state, ["human", "normal"]) == ("normal", False, 100)


def test_a_finished_game_is_recorded_and_survives_a_restart(make_app, storage):
    app = make_app("en")
    app.record_result(finished("frustration", ["human", "easy"], [0], [15, 80]))
    app.record_result(finished("frustration", ["human", "easy"], [1], [95, 10]))
    app.record_result(finished("frustration", ["easy", "hard"], [1], [95, 10]))  # watched
    app.record_result(finished("tiles", ["human", "human"], [1], [-12, 30]))
    data = json.loads(storage.stats_path.read_text(encoding="utf-8"))
    assert data["format"] == "rami-stats" and data["version"] == 1
    record, problem = make_app("en").storage.load_stats()
    assert problem is None
    line = record.line("frustration", "easy")
    assert (line.played, line.won, line.best, line.total, line.streak, line.longest) == (2, 1, 15, 110, 0, 1)
    assert record.line("frustration", "hard").played == 0
    assert record.line("tiles", "people").played == 1 and record.line("tiles", "people").won == 1


def test_the_table_records_the_end_of_a_game(make_app, storage, monkeypatch):
    """The turn flow records a game once, when it sees it over."""
    from game.ui.tables.turns import TurnFlow

    app = make_app("en")
    recorded = []
    monkeypatch.setattr(app, "record_result", recorded.append)
    table = SimpleNamespace(
        state=SimpleNamespace(is_over=True),
        app=app,
        session="the session",
        summary_scene=lambda final: None,
        lesson=None,
        sprites=SimpleNamespace(settled=True),
    )
    flow = TurnFlow.__new__(TurnFlow)
    flow.table, flow.summary_shown_for, flow.recorded, flow.end_left = table, None, False, 0.0
    monkeypatch.setattr(app.scenes, "push", lambda scene: None)
    flow.advance()
    flow.advance()
    assert recorded == ["the session"]


@pytest.mark.parametrize(
    "text",
    [
        "{",
        '{"format": "rami-stats", "version": 1, "games": {"tiles": {"easy": {"played": -1}}}}',
        '{"format": "rami-stats", "version": 1, "games": {"chess": {}}}',
        '{"format": "rami-stats", "version": 1, "games": {"tiles": {"easy": {"played": 1, "won": 1,'
        ' "best": "a lot", "total": 5, "streak": 1, "longest": 1}}}}',
    ],
)
def test_a_damaged_record_is_set_aside_with_a_message(make_app, storage, text):
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    storage.stats_path.write_text(text, encoding="utf-8")
    app = make_app("en")
    frames(app)
    click(app, widget(app, "stats").rect.center)
    assert isinstance(app.scenes.top, StatsScene)
    assert any("statistics file could not be read" in str(t.text) for t in app.toasts)
    assert not storage.stats_path.exists()
    assert list(storage.data_dir.glob("statistics.unreadable-*"))


def test_the_screen_shows_each_game_and_level_and_resets_after_asking(make_app, storage):
    record = Record()
    for won, score in [(True, 410), (True, 530), (False, 120)]:
        record.add("rum500", "hard", won, score)
    storage.save_stats(record)
    app = make_app("fr")
    frames(app)
    click(app, widget(app, "stats").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, StatsScene)
    click(app, widget(app, "tabs").segment_rects()[1].center)
    assert scene.game == "rum500"
    with text_module.recording() as drawn:
        frames(app, 1)
    assert "Statistiques" in drawn and "Ordinateur – difficile" in drawn
    hard = dict(scene.table())["hard"]
    assert hard == ["3", "2", "67\u00a0%", "530", "353,3", "0", "2"]
    click(app, widget(app, "reset").rect.center)
    assert isinstance(app.scenes.top, ConfirmScene)
    click(app, widget(app, "no").rect.center)
    assert storage.stats_path.exists() and scene.record.line("rum500", "hard").played == 3
    click(app, widget(app, "reset").rect.center)
    click(app, widget(app, "yes").rect.center)
    assert app.scenes.top is scene and not storage.stats_path.exists()
    assert dict(scene.table())["hard"][0] == "0"
