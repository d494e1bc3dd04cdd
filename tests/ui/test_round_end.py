"""Issue 38, the round end: the end-of-round contract grid marks the contract each seat played,
the top bar (and Escape, G, L) stays alive over the round's summary, folded or not, with the
history over the panel; a computer's last move plays out before the summary; a watched game
deals its next round by itself after a pause; a watched tile game shows every seat; the tile
game-over panel lists the racks without a blank band; the sand glass stands still under the
history and the score sheet. Driven through posted events (``tests/ui/driver.py``); every pause
counts frame time."""

from __future__ import annotations

import pygame
import pytest

from game.engine import frustration, rum500, tiles
from game.engine.tiles import Play, TilesState
from game.ui import text as text_module
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.frustration.summary import DOWN
from game.ui.tables.summary_base import WATCH_PAUSE, SummaryScene
from tests.ui.driver import click, frames, key, wait_until
from tests.ui.test_gestures import play_round_out

OPTIONS = {
    "frustration": lambda: frustration.Options(final_contract=3),
    "rum500": lambda: rum500.Options(),
    "tiles": lambda: tiles.Options(opening_min=0, rounds=2),
}


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def round_end(make_app, game="frustration", lang="en", size=(1280, 800), players=3, seed=7):
    """A table of ``game`` (Marie against computers) at the end of its first round, its
    summary on top."""
    app = make_app(lang, size)
    app.settings.animation_speed = "instant"
    names = ["Marie", "Bruno", "Chloé", "Dimitri"][:players]
    seats = [Seat(names[0]), *(Seat(n, "easy") for n in names[1:])]
    app.start_game(GameConfig(game, seats, OPTIONS[game](), seed=seed))
    frames(app, 2)
    table = app.scenes.top
    play_round_out(table)
    frames(app, 5)
    assert isinstance(app.scenes.top, SummaryScene)
    return app, table, app.scenes.top


def drawn_order(app, table=None):
    """Everything drawn in one frame, in order (``table``'s overlay composed again)."""
    if table is not None:
        table.invalidate()
    with text_module.drawing_order() as order:
        frames(app, 1)
    return order


# The contract grid ----------------------------------------------------------------------------
def grid_rows(app, order) -> dict[int, int]:
    """The height of the rows of contracts 1 and 2 in what was drawn."""
    rows = {}
    for number in (1, 2):
        label = str(app.tr("frustration.grid.row", n=number, contract=app.tr(f"contract.{number}")))
        rows[number] = next(d.rect.centery for d in order if d.kind == "text" and d.text == label)
    return rows


def test_the_end_of_round_grid_marks_the_contract_laid_down_not_the_next(make_app):
    app, table, summary = round_end(make_app)
    record = table.view.history[-1]
    assert any(record.laid_down), "nobody laid down: pick another seed"
    assert table.view.contracts != list(record.contracts_before)  # the engine moved them on
    order = drawn_order(app)
    rows = grid_rows(app, order)
    downs = [d.rect for d in order if d.kind == f"mark:{DOWN}"]
    assert len(downs) == sum(record.laid_down)
    for cell in downs:  # on the row of the contract played, never on the next one
        assert cell.top <= rows[1] < cell.bottom
    # Mid-round (the next round dealt), the grid marks each seat's contract to play.
    click(app, summary.buttons[0].rect.center)
    assert app.scenes.top is table and table.view.round_number == 2
    key(app, pygame.K_g)
    assert table.show_sheet
    order = drawn_order(app, table)
    rows = grid_rows(app, order)
    current = [d.rect for d in order if d.kind == "mark:current"]
    assert len(current) == 3 and not [d for d in order if d.kind == f"mark:{DOWN}"]
    for seat, cell in enumerate(sorted(current, key=lambda r: r.x)):
        row = rows[2] if record.laid_down[seat] else rows[1]
        assert cell.top <= row < cell.bottom


# The top bar over the summary ----------------------------------------------------------------
def bar(table, name: str):
    return next(b for b in table.top_buttons if b.name == name)


@pytest.mark.parametrize("folded", [False, True])
def test_the_top_bar_and_its_keys_work_over_the_round_summary(make_app, folded):
    app, table, summary = round_end(make_app, lang="fr", size=(1024, 600))
    if folded:
        click(app, summary.fold_button.rect.center)
        assert summary.folded
    round_number = table.state.round_number
    # L: the round's history opens over the panel (drawn after it), Enter does not deal.
    key(app, pygame.K_l)
    assert table.follow_layer.history_open and app.scenes.top is summary
    order = drawn_order(app)
    texts = [d.text for d in order if d.kind == "text"]
    title = str(app.tr("follow.history.title"))
    assert title in texts and texts.index(title) > texts.index(str(summary.headline()))
    key(app, pygame.K_RETURN)
    assert table.state.round_number == round_number and app.scenes.top is summary
    key(app, pygame.K_l)
    assert not table.follow_layer.history_open
    # The history's button, then a click away from the panel closes it.
    click(app, bar(table, "history").rect.center)
    assert table.follow_layer.history_open
    click(app, (3, app.size[1] - 3))
    assert not table.follow_layer.history_open
    # G and the grid's button.
    key(app, pygame.K_g)
    assert table.show_sheet
    key(app, pygame.K_g)
    assert not table.show_sheet
    click(app, table.sheet_button.rect.center)
    assert table.show_sheet
    key(app, pygame.K_ESCAPE)
    assert not table.show_sheet and app.scenes.top is summary
    # Escape and the menu's button: the menu over the summary, and back.
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is summary
    click(app, bar(table, "menu").rect.center)
    assert isinstance(app.scenes.top, PauseScene)
    click(app, app.scenes.top.buttons[0].rect.center)  # resume
    assert app.scenes.top is summary
    # The rules and the settings.
    click(app, bar(table, "rules").rect.center)
    assert isinstance(app.scenes.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is summary
    click(app, bar(table, "settings").rect.center)
    assert isinstance(app.scenes.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is summary and summary.folded == folded
    # The hint cannot help at a round's end: it looks disabled.
    assert not bar(table, "hint").enabled
    # The summary still deals the next round.
    if folded:
        click(app, summary.fold_button.rect.center)
    click(app, summary.buttons[0].rect.center)
    assert table.state.round_number == round_number + 1 and app.scenes.find(SummaryScene) is None


@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
def test_the_summary_panel_lies_below_the_top_bar(make_app, game):
    app, table, summary = round_end(make_app, game, lang="fr", size=(1024, 600), players=4)
    for button in [*table.bar_buttons(), table.sheet_button]:
        assert not summary.panel.colliderect(button.rect), button.name
    hovered = bar(table, "history")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=hovered.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    with text_module.recording() as drawn:
        frames(app, 2)
    assert str(table.drawing.tip(hovered)) in drawn  # its tooltip, over the summary


# A computer's last move -----------------------------------------------------------------------
def tile_position(racks: list[list[str]], current: int, options: tiles.Options) -> TilesState:
    """A two-player tile game, both opened, ``current`` to play, with these racks."""
    state = TilesState(2, options, seed=1)
    data = state.to_json()
    wanted = [i for rack in racks for i in rack]
    everything = [t for r in data["racks"] for t in r] + data["pool"]
    data["racks"] = [list(r) for r in racks]
    data["pool"] = [t for t in everything if t not in wanted]
    data["table"] = []
    data["opened"] = [True, True]
    data["current"] = current
    data["phase"] = "play"
    data["turn"] = {"table": [], "rack": list(racks[current]), "opened": True, "drawn": [], "played": False}
    return TilesState.from_json(data)


class GoesOut:
    """A computer player that lays its whole rack as one combination."""

    def choose(self, view):
        return Play((tuple(view.hand),))


def bruno_goes_out(make_app, seats, rounds=2):
    """Bruno (seat 1, a computer) is about to lay his last three tiles."""
    from game.ui import bots as bot_worker

    options = tiles.Options(opening_min=0, rounds=rounds, timer=0)
    state = tile_position([["K2#0", "O4#0", "B9#0"], ["R1#0", "R2#0", "R3#0"]], 1, options)
    app = make_app()
    app.settings.animation_speed = "normal"
    session = Session("tiles", seats, state)
    app.show_table(session)
    table = app.scenes.top
    bot_worker._bots[(session.token, 1)] = GoesOut()  # the tests' worker is a thread
    return app, table


def test_the_summary_waits_until_the_computers_last_move_has_played_out(make_app, monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.2, "normal": 0.2, "slow": 0.2})
    app, table = bruno_goes_out(make_app, [Seat("Marie"), Seat("Bruno", "easy")])
    wait_until(app, lambda: table.phase == "round_over")
    assert app.scenes.top is table and not table.sprites.settled  # Bruno's tiles are on their way
    dt = 1 / 60
    played_out = None
    for frame in range(600):
        if table.sprites.settled and played_out is None:
            played_out = frame
        if app.scenes.top is not table:
            break
        assert played_out is None or (frame - played_out) * dt < table_turns.end_pause("normal") + dt
        frames(app, 1, dt)
    else:
        raise AssertionError("no summary")
    assert isinstance(app.scenes.top, SummaryScene)
    assert played_out is not None and (frame - played_out) * dt >= table_turns.end_pause("normal") - dt


# A watched game -------------------------------------------------------------------------------
def test_a_watched_game_deals_the_next_round_by_itself_after_a_pause(make_app):
    app, table = bruno_goes_out(make_app, [Seat("Alice", "easy"), Seat("Bruno", "easy")])
    wait_until(app, lambda: isinstance(app.scenes.top, SummaryScene), what="no summary")
    summary = app.scenes.top
    pause = WATCH_PAUSE["normal"]
    assert str(app.tr("summary.goes_on_in", label=app.tr("summary.next_round"), n=round(pause))) == str(
        summary.buttons[0].label()
    )
    assert summary.busy()
    frames(app, int((pause - 1) / 0.25), dt=0.25)
    assert app.scenes.top is summary and table.state.round_number == 1
    key(app, pygame.K_l)  # a key starts the pause again; the history stops it
    key(app, pygame.K_l)
    frames(app, int((pause - 1) / 0.25), dt=0.25)
    assert app.scenes.top is summary
    frames(app, int(2 / 0.25), dt=0.25)
    assert app.scenes.find(SummaryScene) is None and table.state.round_number == 2


def test_the_setting_keeps_a_watched_game_at_its_round_summary(make_app):
    app = make_app()
    app.scenes.push(SettingsScene(app))
    switch = next(w for w in app.scenes.top.widgets() if getattr(w, "name", "") == "watched_goes_on")
    click(app, switch.segment_rects()[1].center)  # off
    assert app.settings.watched_goes_on is False
    assert app.storage.load_settings()[0].watched_goes_on is False
    app.scenes.pop()
    from game.ui import bots as bot_worker

    options = tiles.Options(opening_min=0, rounds=2, timer=0)
    state = tile_position([["K2#0", "O4#0", "B9#0"], ["R1#0", "R2#0", "R3#0"]], 1, options)
    session = Session("tiles", [Seat("Alice", "easy"), Seat("Bruno", "easy")], state)
    app.show_table(session)
    table = app.scenes.top
    bot_worker._bots[(session.token, 1)] = GoesOut()
    wait_until(app, lambda: isinstance(app.scenes.top, SummaryScene), what="no summary")
    summary = app.scenes.top
    frames(app, int(3 * WATCH_PAUSE["slow"] / 0.5), dt=0.5)
    assert app.scenes.top is summary and table.state.round_number == 1
    assert str(summary.buttons[0].label()) == str(app.tr("summary.next_round"))


@pytest.mark.parametrize("game", ["tiles", "frustration"])
def test_a_watched_game_shows_every_seat_and_tells_each_ones_turns(make_app, game):
    app = make_app()
    app.settings.animation_speed = "slow"
    players = 4 if game == "tiles" else 3
    names = ["Alice", "Bruno", "Chloé", "Dimitri"][:players]
    seats = [Seat(n, "easy") for n in names]
    app.start_game(GameConfig(game, seats, OPTIONS[game](), seed=5))
    frames(app, 2)
    table = app.scenes.top
    assert table.watcher is None and table.session.watched
    # Alice sits at the bottom, named, with her pieces face down.
    if game == "tiles":
        assert table.rack_seat() == 0 and set(table.geo.seat_rects) == {1, 2, 3}
        table.invalidate()
        with text_module.recording() as drawn:
            frames(app, 1)
        assert "Alice" in drawn
    # Her turns are replayed and told in the last turns like everyone's.
    replayed = []

    def alice_acted() -> bool:
        replayed.extend(e.seat for e, _ in table.replay.steps)
        log = table.state.log
        return any(e.seat == 0 and e.is_turn_action for e in log) and log[-1].seat not in (0, None)

    wait_until(app, alice_acted, what="Alice never played")
    assert 0 in replayed
    assert any(str(line).startswith("Alice") for line in table.follow_layer.strip_lines())


# The tile game's end ----------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rounds", [1, 4])
def test_the_tile_game_over_panel_lists_the_racks_without_a_blank_band(make_app, size, rounds):
    app = make_app("fr", size)
    app.settings.animation_speed = "instant"
    seats = [Seat("Marie"), Seat("Bruno", "easy"), Seat("Chloé", "easy"), Seat("Dimitri", "easy")]
    app.start_game(GameConfig("tiles", seats, tiles.Options(rounds=rounds), seed=3))
    frames(app, 2)
    table = app.scenes.top
    for _ in range(rounds):
        play_round_out(table)
        if not table.state.is_over:
            table.session.apply(table.state.legal_moves()[0])
    assert table.state.is_over
    table.refresh()
    frames(app, 5)
    summary = app.scenes.top
    assert isinstance(summary, SummaryScene) and summary.final
    with text_module.placing() as placed:
        summary.layout(app.size)
        frames(app, 3)
    texts = {text: rect for text, rect, _clip, _size in placed}
    assert str(app.tr("tiles.summary.left")) in texts  # the racks
    total = texts[str(app.tr("table.sheet.total"))]
    pad = summary.scale(24)
    bottom = summary.panel.height + pad  # the panel's foot, on the panel's own picture
    buttons = summary.buttons[0].rect.height + summary.scale(22)
    assert bottom - total.bottom < buttons + summary.scale(60), "a blank band under the score sheet"


# The sand glass ---------------------------------------------------------------------------------
def test_the_sand_glass_stands_still_under_the_history_and_the_score_sheet(make_app):
    options = tiles.Options(opening_min=0, timer=30)
    state = tile_position([["K2#0", "O4#0", "B9#0"], ["R1#0", "R2#0", "R5#0"]], 0, options)
    app = make_app()
    app.settings.animation_speed = "instant"
    app.show_table(Session("tiles", [Seat("Marie"), Seat("Bruno", "easy")], state))
    frames(app, 2)
    table = app.scenes.top
    assert table.my_turn
    start = table.model.clock
    frames(app, 2, dt=1.0)
    assert table.model.clock == start - 2  # it runs on the open table
    for open_key in (pygame.K_l, pygame.K_g):
        key(app, open_key)
        assert table.covered and not table.busy()
        before = table.model.clock
        frames(app, 10, dt=1.0)
        assert table.model.clock == before, f"the sand glass ran under {pygame.key.name(open_key)}"
        key(app, pygame.K_ESCAPE)
        assert not table.covered
    before = table.model.clock
    frames(app, 1, dt=1.0)
    assert table.model.clock == before - 1


# The 500 Rum end of a hand -----------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("target", [500, 50])
def test_the_500_rum_summary_panel_has_no_blank_band(make_app, monkeypatch, size, target):
    """The panel is as tall as its sheet (and, at the game's end, its settlement) needs."""
    monkeypatch.setitem(OPTIONS, "rum500", lambda: rum500.Options(target=target))
    app, table, summary = round_end(make_app, "rum500", "fr", size, players=4)
    assert summary.final == (target == 50) and summary.final == table.state.is_over
    with text_module.placing() as placed:
        summary.layout(app.size)
        table.invalidate()
        frames(app, 3)
    texts = {text: rect for text, rect, _clip, _size in placed}
    legend = texts[str(app.tr("rum500.sheet.legend", star="★"))]
    last_row = texts[str(app.tr("rum500.sheet.row", n=1))]
    assert legend.top - last_row.bottom < summary.scale(40), "a blank band inside the score sheet"
    foot = summary.panel.height + summary.scale(18)  # on the panel's own picture, with its edge
    below = summary.buttons[0].rect.height + summary.scale(22) + summary.scale(60)
    if summary.final:
        below += summary.scale(60)  # the settlement's title and a row of payments
        assert str(app.tr("rum500.settlement.title")) in texts
    assert foot - legend.bottom < below, "a blank band under the score sheet"
