"""The Frustration table driven through posted mouse events only."""

from __future__ import annotations

import pytest

from game.ai.frustration.finder import find_contract
from game.engine.frustration import Discard, LayOff, Options, hand_penalty
from game.ui import text as text_module
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.frustration.scene import STOCK_KEY, FrustrationTable
from game.ui.tables.frustration.summary import FrustrationSummary
from tests.ui.driver import click, drag, frames, wait_until


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def start(make_app, seats, options, seed=11, lang="en"):
    app = make_app(lang)
    app.settings.animation_speed = "instant"
    app.start_game(GameConfig("frustration", seats, options, seed=seed))
    frames(app, 2)
    return app, app.scenes.top


def grab_point(table: FrustrationTable, ident) -> tuple[int, int]:
    """A point on the visible part of a sprite (its top-left index corner)."""
    sprite = table.sprites.sprites[ident]
    return round(sprite.x) + max(4, sprite.width // 8), round(sprite.y) + max(6, sprite.width // 5)


def wait_for_my_turn(app, table):
    wait_until(app, lambda: table.my_turn or isinstance(app.scenes.top, FrustrationSummary))


def human_turn(app, table: FrustrationTable) -> None:
    view = table.view
    if view.phase == "draw":
        drag(app, grab_point(table, STOCK_KEY), table.areas["hand"].center)
        return
    if not view.is_down:
        melds = find_contract(view.hand, view.contract)
        if melds:
            for g, meld in enumerate(melds):
                for card in meld:
                    drag(app, grab_point(table, card.ident), table.slot_rects[g].center)
            click(app, table.lay_down_button.rect.center)
            assert table.view.is_down, "laying down the staged contract failed"
            return
    lay_offs = [m for m in table.model.legal if isinstance(m, LayOff)]
    if lay_offs and len(view.hand) > 1:
        move = lay_offs[0]
        _index, rect, _ = next(entry for entry in table.meld_rects if entry[0] == move.meld)
        target = (
            (rect.x + rect.width // 4, rect.centery)
            if move.end == "low"
            else (rect.right - rect.width // 4, rect.centery)
        )
        before = len(table.view.hand)
        drag(app, grab_point(table, move.card.ident), target)
        assert len(table.view.hand) == before - 1, "the lay-off was not played"
        return
    discards = [m for m in table.model.legal if isinstance(m, Discard)]
    card = max(discards, key=lambda m: hand_penalty([m.card])).card
    drag(app, grab_point(table, card.ident), table.areas["discard"].center)


def test_a_whole_short_game_through_the_mouse(make_app):
    app, table = start(make_app, [Seat("Marie"), Seat("Bruno", "easy")], Options(final_contract=2), seed=4)
    assert isinstance(table, FrustrationTable)
    seen = set()
    for _turn in range(600):
        wait_for_my_turn(app, table)
        top = app.scenes.top
        if isinstance(top, FrustrationSummary):
            if top.final:
                break
            click(app, top.buttons[0].rect.center)
            continue
        entry = (table.view.phase, table.view.is_down)
        seen.add(entry)
        moves_before = len(table.view.log)
        human_turn(app, table)
        assert len(table.view.log) > moves_before or table.view.phase == "round_over", "gesture had no effect"
    else:
        raise AssertionError("the game did not end")
    assert isinstance(app.scenes.top, FrustrationSummary) and app.scenes.top.final
    assert table.state.is_over
    assert ("play", True) in seen  # the player laid down at least once and played on
    app.flush_saves()
    assert not app.storage.has_saved_game()  # a finished game leaves no save


def test_illegal_lay_off_returns_the_card_and_shows_the_reason(make_app):
    app, table = start(make_app, [Seat("Marie"), Seat("Bruno", "easy")], Options(final_contract=2), seed=4)
    session: Session = table.session
    # Play bot moves on the engine until Marie must play with melds on the table.
    from game.ai.registry import make_bot

    bots = [make_bot("frustration", "random", 1), make_bot("frustration", "random", 2)]
    for _ in range(3000):
        st = session.state
        if st.current_player == 0 and st.phase == "play" and st.table:
            hand = st.hand(0)
            bad = [
                (card, i)
                for i, meld in enumerate(st.table)
                for card in hand
                if all(
                    not (isinstance(m, LayOff) and m.card.ident == card.ident and m.meld == i)
                    for m in st.legal_moves()
                )
            ]
            if bad:
                break
        session.apply(bots[st.current_player].choose(st.view(st.current_player)))
    table.refresh()
    frames(app, 3)
    card, index = bad[0]
    _, rect, _ = next(entry for entry in table.meld_rects if entry[0] == index)
    hand_before = [c.ident for c in table.view.hand]
    home = table.sprites.sprites[card.ident].target
    text_module.strict = True
    drag(app, grab_point(table, card.ident), rect.center)
    assert [c.ident for c in table.view.hand] == hand_before  # nothing was played
    assert table.bubbles, "no reason shown"
    reason = str(table.bubbles[0].text)
    assert reason and not reason.startswith("error.")
    with text_module.recording() as drawn:
        frames(app, 1)
    assert reason in drawn
    frames(app, 30)
    sprite = table.sprites.sprites[card.ident]
    assert (round(sprite.x), round(sprite.y)) == (round(home[0]), round(home[1]))  # back in the hand


def test_hot_seat_hands_off_between_people(make_app):
    app, _ = start(make_app, [Seat("Marie"), Seat("Paul")], Options(final_contract=1), seed=2)
    from game.ui.scenes.handoff import HandoffScene

    table = app.scenes.find(FrustrationTable)
    assert isinstance(app.scenes.top, HandoffScene)
    # Nothing of anybody's hand is drawn while the hand-off screen is up.
    with text_module.recording():
        frames(app, 1)
    assert table.viewer is None
    assert all(
        not (
            s.face_up
            and s.piece is not None
            and s.key in {c.ident for p in range(table.state.num_players) for c in table.state.hand(p)}
        )
        for s in table.sprites.sprites.values()
    )
    click(app, app.scenes.top.ready.rect.center)
    assert table.viewer == 0
    human_turn(app, table)  # draw
    human_turn(app, table)  # discard (or lay down)
    while table.view.phase == "play" and table.state.current_player == 0:
        human_turn(app, table)
    frames(app, 2)
    assert isinstance(app.scenes.top, HandoffScene)
    assert table.viewer is None
