"""Issue 22, gestures: refusals are seen, card-game conventions, undo within a turn, round
ends, hot-seat rotation. Driven through posted mouse events (``tests/ui/driver.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.ai.registry import make_bot
from game.engine.frustration import LayOff, Options
from game.ui.dnd import BUBBLE_SECONDS
from game.ui.tables import turns as table_turns
from tests.ui.driver import click, drag, frames
from tests.ui.test_frustration_table import grab_point

SHOTS = os.environ.get("RAMI_SHOTS")
"""A folder to save the pictures looked at for the issue in (unset: none are saved)."""


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def shoot(app, name: str) -> None:
    if SHOTS:
        frames(app, 1)
        pygame.image.save(app.window, str(Path(SHOTS) / name))


def play_until_bad_lay_off(session):
    """Bot moves on the engine until seat 0 is to play holding a card no meld takes."""
    bots = [make_bot("frustration", "random", 1), make_bot("frustration", "random", 2)]
    for _ in range(3000):
        st = session.state
        if st.current_player == 0 and st.phase == "play" and st.table:
            legal = st.legal_moves()
            for i, _meld in enumerate(st.table):
                for card in st.hand(0):
                    if not any(isinstance(m, LayOff) and m.card == card and m.meld == i for m in legal):
                        return card, i
        session.apply(bots[st.current_player].choose(st.view(st.current_player)))
    raise AssertionError("no refused lay-off came up")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_drop_shows_a_bubble_whose_text_fits_at_1024_by_600(make_app, lang):
    app = make_app(lang, (1024, 600))
    app.settings.animation_speed = "instant"
    from game.ui.session import GameConfig, Seat

    seats = [Seat("Marie"), Seat("Bruno", "easy")]
    app.start_game(GameConfig("frustration", seats, Options(final_contract=2), seed=4))
    frames(app, 2)
    table = app.scenes.top
    card, index = play_until_bad_lay_off(table.session)
    table.refresh()
    frames(app, 3)
    _, rect, _ = next(entry for entry in table.meld_rects if entry[0] == index)
    drag(app, grab_point(table, card.ident), rect.center)
    assert table.bubbles, "the refusal is not shown"
    bubble = table.bubbles[0]
    size = table.scale.font(18)
    box, lines, _ = bubble.layout(app.window.get_rect(), app.fonts, size)
    assert app.window.get_rect().contains(box)
    assert " ".join(str(line) for line in lines).split() == str(bubble.text).split()
    for line in lines:  # measured in the face it is drawn in
        assert app.fonts.render(line, size, (0, 0, 0), bold=True).get_width() <= box.width - 2 * 6
    # It points at the spot of the refused drop (the meld at fault).
    assert rect.inflate(40, 40).collidepoint(bubble.pos)
    shoot(app, f"refusal-bubble-{lang}-1024x600.jpg")
    # It stays past its least time while nothing else happens ...
    frames(app, int(BUBBLE_SECONDS * 60) * 3)
    assert table.bubbles
    # ... and goes after the next gesture.
    click(app, (5, app.size[1] // 2))
    frames(app, 40)
    assert not table.bubbles


# Card-game conventions ----------------------------------------------------------------------
def frustration_table(make_app, seats=None, seed=4, final_contract=2):
    from game.ui.session import GameConfig, Seat

    app = make_app("en")
    app.settings.animation_speed = "instant"
    seats = seats or [Seat("Marie"), Seat("Bruno", "easy")]
    app.start_game(GameConfig("frustration", seats, Options(final_contract=final_contract), seed=seed))
    frames(app, 2)
    return app, app.scenes.top


def test_a_click_on_the_stock_or_the_discard_pile_draws(make_app):
    from game.ui.tables.frustration.scene import STOCK_KEY

    app, table = frustration_table(make_app)
    assert table.my_turn and table.view.phase == "draw"
    before = len(table.view.hand)
    click(app, grab_point(table, STOCK_KEY))
    assert table.view.phase == "play" and len(table.view.hand) == before + 1
    # Next turn: a click on the discard pile takes its top card.
    app2, table2 = frustration_table(make_app, seed=5)
    top = table2.view.discard[-1]
    click(app2, grab_point(table2, top.ident))
    assert table2.view.phase == "play" and top in table2.view.hand


def test_a_click_on_a_card_of_the_500_rum_pile_takes_it_and_those_above(make_app):
    from tests.ui.test_rum500_table import deep_pickup_position, open_table
    from tests.ui.test_rum500_table import grab_point as rum_point

    app, table = open_table(make_app, deep_pickup_position())
    pile = [c.ident for c in table.view.discard]
    click(app, rum_point(table, pile[0]))
    assert not table.view.discard and set(pile) <= {c.ident for c in table.view.hand}


def test_a_click_on_the_500_rum_stock_draws(make_app):
    from tests.ui.test_rum500_table import STOCK_KEY, deep_pickup_position, open_table
    from tests.ui.test_rum500_table import grab_point as rum_point

    app, table = open_table(make_app, deep_pickup_position())
    click(app, rum_point(table, STOCK_KEY))
    assert table.view.phase == "play" and len(table.view.hand) == 8


def test_a_drop_anywhere_on_the_500_rum_pile_discards(make_app, monkeypatch):
    from game.engine.rum500 import Discard

    # Bruno waits: his first move (maybe taking from the pile) comes after the check.
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 1e6, "normal": 1e6, "slow": 1e6})
    from tests.ui.test_rum500_table import STOCK_KEY, deep_pickup_position, open_table
    from tests.ui.test_rum500_table import grab_point as rum_point

    app, table = open_table(make_app, deep_pickup_position())
    click(app, rum_point(table, STOCK_KEY))
    card = next(m.card for m in table.model.legal if isinstance(m, Discard))
    bottom = table.sprites.sprites[table.view.discard[0].ident].rect(table.mid_h)
    drag(app, rum_point(table, card.ident), bottom.center)  # on the pile's first card
    assert table.view.discard[-1] == card


def test_a_drawn_card_lands_where_it_is_dropped(make_app):
    from game.ui.tables.frustration.scene import STOCK_KEY

    app, table = frustration_table(make_app)
    hand = table.areas["hand"]
    drag(app, grab_point(table, STOCK_KEY), (hand.x + 5, hand.centery))
    drawn = next(c.ident for c in table.view.hand if c.ident not in set(table.model.hand_order[1:]))
    assert table.model.hand_order[0] == drawn


def test_the_hand_can_be_reordered_before_drawing_and_out_of_turn(make_app):
    app, table = frustration_table(make_app)
    assert table.view.phase == "draw"
    order = list(table.model.hand_order)
    hand = table.areas["hand"]
    drag(app, grab_point(table, order[0]), (hand.right - 5, hand.centery))
    assert table.view.phase == "draw" and table.model.hand_order[-1] == order[0]
    # During the other player's turn too.
    table.session.apply(table.model.legal_kind("draw_stock"))
    from game.engine.frustration import Discard

    table.session.apply(next(m for m in table.state.legal_moves() if isinstance(m, Discard)))
    table.turns.pending = None
    table.refresh()
    assert not table.my_turn
    order = list(table.model.hand_order)
    for sprite in table.sprites.sprites.values():
        sprite.x, sprite.y = sprite.target  # wherever the computer's pause left them
    drag(app, grab_point(table, order[-1]), (hand.x + 5, hand.centery))
    assert table.model.hand_order[0] == order[-1]


def test_a_double_click_on_a_hand_card_discards_only_when_the_setting_says_so(make_app):
    from game.ui.tables.frustration.scene import STOCK_KEY

    app, table = frustration_table(make_app)
    assert app.settings.double_click_discard is False
    click(app, grab_point(table, STOCK_KEY))
    card = table.model.hand_order[3]
    table.on_piece_double_click(table.sprites.sprites[card])
    assert table.view.phase == "play" and table.card_of(card) is not None
    app.settings.double_click_discard = True
    table.on_piece_double_click(table.sprites.sprites[card])
    assert table.card_of(card) is None and table.view.discard[-1].ident == card


# Lit targets and the contract slots --------------------------------------------------------------
def test_a_card_drawn_onto_a_lit_contract_slot_is_drawn_into_it(make_app):
    from game.ui.tables.frustration.scene import STOCK_KEY

    app, table = frustration_table(make_app)
    start = grab_point(table, STOCK_KEY)
    slot = table.slot_rects[1].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=slot, rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, 1)
    assert (
        table.gesture.hovered is not None
        and table.gesture.hovered.key == "slot:1"
        and table.gesture.hovered.accepts
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=slot, button=1))
    frames(app, 2)
    assert table.view.phase == "play" and not table.bubbles
    assert len(table.model.staged[1]) == 1 and table.card_of(table.model.staged[1][0]) is not None


def test_every_lit_target_accepts_the_drop(make_app):
    """For each hand card, every place that lights up takes it (checked on copies of the game)."""
    from game.ui.tables.frustration.scene import STOCK_KEY

    app, table = frustration_table(make_app)
    click(app, grab_point(table, STOCK_KEY))
    session = table.session
    saved = session.state.to_json()
    checked = 0
    for ident in list(table.model.hand_order):
        sprite = table.sprites.sprites[ident]
        for target in table.drop_targets([sprite]):
            if not target.accepts or not target.moves:
                continue
            copy = type(session.state).from_json(saved)
            for move in target.moves:
                copy.apply(move)  # raises IllegalMove if a lit place refused it
            checked += 1
    assert checked >= len(table.model.hand_order)  # at least the discard pile for each card


def test_lay_down_with_an_incomplete_contract_points_at_the_slot_at_fault(make_app):
    from game.ui.tables.frustration.scene import STOCK_KEY

    app, table = frustration_table(make_app)
    click(app, grab_point(table, STOCK_KEY))
    card = table.model.hand_order[0]
    drag(app, grab_point(table, card), table.slot_rects[0].center)
    assert table.model.staged[0] == [card]
    click(app, table.lay_down_button.rect.center)
    assert not table.view.is_down and table.bubbles
    assert table.bubbles[0].pos == table.slot_rects[0].midtop
    assert "3" in str(table.bubbles[0].text)  # "too short: 3 cards needed"


def test_cards_left_in_the_contract_slots_do_not_carry_over(make_app):
    from game.ui.tables.frustration.model import FrustrationTurn

    _app, table = frustration_table(make_app)
    model = FrustrationTurn()
    view = table.state.view(0)
    model.follow(view, 0, True)
    model.stage([view.hand[0].ident], 0)

    class NextDeal:
        def __getattr__(self, name):
            return getattr(view, name)

        round_number = view.round_number + 1

    model.follow(NextDeal(), 0, True)
    assert not any(model.staged)
    assert not any(any(own["staged"]) for own in model.to_ui()["seats"].values())


# Undo within a turn ---------------------------------------------------------------------------------
def test_a_lay_off_can_be_taken_back_until_the_discard(make_app):
    from game.engine.frustration import Discard

    app, table = frustration_table(make_app)
    session = table.session
    bots = [make_bot("frustration", "random", 1), make_bot("frustration", "random", 2)]
    for _ in range(3000):
        st = session.state
        mine = st.current_player == 0 and st.phase == "play"
        if mine and any(isinstance(m, LayOff) for m in st.legal_moves()) and len(st.hand(0)) > 2:
            break
        session.apply(bots[st.current_player].choose(st.view(st.current_player)))
    else:
        raise AssertionError("no lay-off came up")
    table.undo_turn.begin(session.state, True)  # as a table opened at this point
    table.refresh()
    frames(app, 3)
    undo = table.undo_button
    assert not undo.enabled
    move = next(m for m in table.model.legal if isinstance(m, LayOff))
    melds_before = [[c.ident for c in m.cards] for m in table.view.table]
    _, rect, _ = next(entry for entry in table.meld_rects if entry[0] == move.meld)
    x = rect.x + rect.width // 4 if move.end == "low" else rect.right - rect.width // 4
    drag(app, grab_point(table, move.card.ident), (x, rect.centery))
    assert table.card_of(move.card.ident) is None, "the lay-off was not played"
    assert undo.enabled
    click(app, undo.rect.center)
    assert table.card_of(move.card.ident) is not None
    assert [[c.ident for c in m.cards] for m in table.view.table] == melds_before
    assert table.view.phase == "play" and not undo.enabled  # the draw stays
    # Lay it off again, then Ctrl+Z takes it back too.
    drag(app, grab_point(table, move.card.ident), (x, rect.centery))
    assert table.card_of(move.card.ident) is None
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    )
    frames(app, 2)
    assert table.card_of(move.card.ident) is not None
    # After the discard nothing can be taken back.
    drag(app, grab_point(table, move.card.ident), (x, rect.centery))
    discard = next(m for m in table.model.legal if isinstance(m, Discard))
    drag(app, grab_point(table, discard.card.ident), table.areas["discard"].center)
    assert table.view.discard[-1] == discard.card
    assert not table.undo_turn.can_undo
    table.undo()
    assert table.view.discard and table.state.discard[-1] == discard.card


# Hot-seat -------------------------------------------------------------------------------------------
def bottom_seat(table) -> int:
    """The seat whose panel lies lowest on the screen (at the tile table, the one whose rack
    is shown: every other player has a panel across the top)."""
    if hasattr(table, "geo"):
        (seat,) = set(range(table.state.num_players)) - set(table.geo.seat_rects)
        return seat
    rects = table.seat_rects
    return max(rects, key=lambda seat: rects[seat].centery)


@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
def test_hot_seat_turns_the_table_to_the_person_to_play(make_app, game):
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.scenes.navigation import table_class
    from game.ui.session import GameConfig, Seat

    app = make_app("en")
    app.settings.animation_speed = "instant"
    seats = [Seat("Marie"), Seat("Bruno", "easy"), Seat("Paul")]
    app.start_game(GameConfig(game, seats, seed=3))
    frames(app, 2)
    table = app.scenes.find(table_class(game))
    bot = make_bot(game, "random", 1)
    seen = []
    for _ in range(400):
        top = app.scenes.top
        if isinstance(top, HandoffScene):
            seat = table.state.current_player
            assert bottom_seat(table) == seat  # already turned behind the hand-off screen
            click(app, top.ready.rect.center)
            assert table.viewer == seat and bottom_seat(table) == seat
            seen.append(seat)
            if {0, 2} <= set(seen):
                break
            continue
        st = table.state
        if top is table and table.my_turn:
            table.play(bot.choose(st.view(st.current_player)))
            frames(app, 2)
        else:
            if table.turns.pending is not None:  # Bruno is thinking in the worker: let him finish
                table.turns.pending.result(timeout=60)
            frames(app, 1)
    assert {0, 2} <= set(seen), seen


def test_one_person_against_computers_stays_at_the_bottom(make_app):
    from game.ui.session import Seat
    from tests.ui.test_rum500_table import deep_pickup_position, open_table

    app, table = open_table(make_app, deep_pickup_position(), seats=[Seat("Marie"), Seat("Bruno", "easy")])
    assert bottom_seat(table) == 0
    table.play(table.model.legal_kind("draw_stock"))
    from game.engine.rum500 import Discard

    table.play(next(m for m in table.model.legal if isinstance(m, Discard)))
    assert table.state.current_player == 1
    frames(app, 2)
    assert bottom_seat(table) == 0


# Round ends -------------------------------------------------------------------------------------------
def play_round_out(table) -> None:
    """Bots play seat after seat on the engine until the round is over."""
    session = table.session
    bots = [make_bot(table.game_id, "random", s + 1) for s in range(table.state.num_players)]
    for _ in range(5000):
        st = session.state
        if st.phase in ("round_over", "game_over"):
            break
        session.apply(bots[st.current_player].choose(st.view(st.current_player)))
    assert session.state.phase in ("round_over", "game_over")
    table.refresh()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_round_end_panel_folds_away_to_show_every_hand_face_up(make_app, lang):
    from game.ui import text as text_module
    from game.ui.session import GameConfig, Seat
    from game.ui.tables.frustration.summary import FrustrationSummary

    app = make_app(lang, (1024, 600))
    app.settings.animation_speed = "instant"
    seats = [Seat("Marie"), Seat("Bruno", "easy"), Seat("Lina", "easy")]
    app.start_game(GameConfig("frustration", seats, Options(final_contract=3), seed=7))
    frames(app, 2)
    table = app.scenes.top
    play_round_out(table)
    frames(app, 5)
    summary = app.scenes.top
    assert isinstance(summary, FrustrationSummary) and not summary.folded
    click(app, summary.fold_button.rect.center)
    assert summary.folded and app.scenes.top is summary
    frames(app, 3)
    for seat in range(3):
        for card in table.state.hand(seat):
            sprite = table.sprites.sprites[card.ident]
            assert sprite.face_up and app.window.get_rect().contains(
                sprite.rect(table.painter.height(sprite.width))
            )
    penalties = table.view.history[-1].penalties
    with text_module.recording() as drawn:
        frames(app, 1)
    for seat in range(3):
        assert str(app.tr("summary.penalty", points=penalties[seat])) in drawn
    assert str(summary.headline()) in drawn
    shoot(app, f"round-end-folded-{lang}-1024x600.jpg")
    # Unfolded again, then the next round is dealt from it.
    click(app, summary.fold_button.rect.center)
    assert not summary.folded
    round_number = table.state.round_number
    click(app, summary.buttons[0].rect.center)
    assert table.state.round_number == round_number + 1 and app.scenes.find(FrustrationSummary) is None


def test_the_game_end_has_a_short_celebration(make_app):
    from game.ui.tables.celebration import SECONDS
    from tests.ui.test_rum500_table import deep_pickup_position, open_table

    app, table = open_table(make_app, deep_pickup_position(target=50))
    for _ in range(20):
        play_round_out(table)
        if table.state.is_over:
            break
        table.session.apply(table.state.legal_moves()[0])  # the next hand
    assert table.state.is_over
    frames(app, 3)
    summary = app.scenes.top
    assert summary.final and summary.celebration is not None and summary.celebration.running
    with_confetti = app.window.copy()
    summary.celebration.age = SECONDS  # over: the same frame without it
    frames(app, 1)
    assert pygame.image.tobytes(with_confetti, "RGB") != pygame.image.tobytes(app.window, "RGB")
    frames(app, int(SECONDS * 60))
    assert not summary.celebration.running


def test_a_staged_arrangement_can_be_taken_back(make_app):
    from game.ui.tables.frustration.scene import STOCK_KEY

    app, table = frustration_table(make_app)
    click(app, grab_point(table, STOCK_KEY))
    first, second = table.model.hand_order[:2]
    drag(app, grab_point(table, first), table.slot_rects[0].center)
    drag(app, grab_point(table, second), table.slot_rects[1].center)
    assert table.model.staged[:2] == [[first], [second]] and table.undo_button.enabled
    click(app, table.undo_button.rect.center)
    assert table.model.staged[:2] == [[first], []]
    click(app, table.undo_button.rect.center)
    assert not any(table.model.staged) and not table.undo_button.enabled
    assert table.view.phase == "play"  # the draw stays


def test_the_time_out_message_stays_until_the_next_players_first_action(make_app):
    import threading

    from game.engine.tiles import Options as TileOptions
    from game.ui import bots as bot_worker
    from game.ui.session import Seat
    from tests.ui.test_tiles_table import SlowBot, cell_centre, centre, prepared, show

    state = prepared([], ["R10#0", "B9#0", "K2#0", "O4#0"], opened=False, options=TileOptions(timer=30))
    app, table = show(make_app, state, seats=[Seat("Marie"), Seat("Bruno", "easy")])
    release = threading.Event()
    bot_worker._bots[(table.session.token, 1)] = SlowBot(release)
    try:
        drag(app, centre(table, "R10#0"), cell_centre(table, 2, 4))
        frames(app, 62, dt=0.5)  # the sand glass runs out
        assert table.state.log[-1].kind == "timeout" and table.state.current_player == 1
        bubble = table.bubbles[0]
        assert bubble.tag == "timeout"
        click(app, (5, app.size[1] // 2))  # a gesture does not take it away ...
        frames(app, 40, dt=0.25)  # ... nor does time while Bruno has not played
        assert table.bubbles == [bubble]
        release.set()
        for _ in range(400):
            frames(app, 1, dt=0.05)
            if table.state.current_player == 0:
                break
        frames(app, int((BUBBLE_SECONDS + 1) / 0.05), dt=0.05)
        assert not table.bubbles  # Bruno played: it went
    finally:
        release.set()


def test_a_500_rum_lay_off_can_be_taken_back_with_ctrl_z(make_app):
    from game.engine.rum500 import LayOff as RumLayOff
    from tests.ui.test_rum500_table import STOCK_KEY, deep_pickup_position, open_table
    from tests.ui.test_rum500_table import grab_point as rum_point

    app, table = open_table(make_app, deep_pickup_position())
    click(app, rum_point(table, STOCK_KEY))
    move = next(m for m in table.model.legal if isinstance(m, RumLayOff) and m.card.text == "8C")
    rect = table.meld_rect(move.meld)
    drag(app, rum_point(table, move.card.ident), (rect.right - 4, rect.centery))
    assert table.card_of(move.card.ident) is None and table.undo_button.enabled
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    )
    frames(app, 2)
    assert table.card_of(move.card.ident) is not None and len(table.view.table[move.meld].cards) == 3
    assert table.view.phase == "play" and len(table.view.hand) == 8


@pytest.mark.parametrize("game", ["rum500", "tiles"])
def test_every_round_end_panel_folds_and_unfolds(make_app, game):
    from game.ui.scenes.navigation import table_class
    from game.ui.session import GameConfig, Seat
    from game.ui.tables.summary_base import SummaryScene

    app = make_app("fr", (1024, 600))
    app.settings.animation_speed = "instant"
    app.start_game(GameConfig(game, [Seat("Marie"), Seat("Bruno", "easy")], seed=3))
    frames(app, 2)
    table = app.scenes.find(table_class(game))
    play_round_out(table)
    frames(app, 5)
    summary = app.scenes.top
    assert isinstance(summary, SummaryScene)
    click(app, summary.fold_button.rect.center)
    assert summary.folded and not summary.opaque
    frames(app, 2)
    assert app.window.get_rect().contains(summary.folded_bar)
    shoot(app, f"round-end-folded-{game}-fr-1024x600.jpg")
    click(app, summary.fold_button.rect.center)
    assert not summary.folded
    if hasattr(table, "revealed_hands"):
        assert all(
            table.sprites.sprites[c.ident].face_up for cards in table.revealed_hands().values() for c in cards
        )
