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
                for card in st.hands[0]:
                    if not any(isinstance(m, LayOff) and m.card == card and m.meld == i for m in legal):
                        return card, i
        session.apply(bots[st.current_player].choose(st.view(st.current_player)))
    raise AssertionError("no refused lay-off came up")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_drop_shows_a_bubble_whose_text_fits_at_1024_by_600(make_app, lang):
    app = make_app(lang, (1024, 600))
    app.settings.animation_speed = "instant"
    from game.ui.scenes import navigation
    from game.ui.session import GameConfig, Seat

    seats = [Seat("Marie"), Seat("Bruno", "easy")]
    navigation.start_game(app, GameConfig("frustration", seats, Options(final_contract=2), seed=4))
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
    shoot(app, f"refusal-bubble-{lang}-1024x600.png")
    # It stays past its least time while nothing else happens ...
    frames(app, int(BUBBLE_SECONDS * 60) * 3)
    assert table.bubbles
    # ... and goes after the next gesture.
    click(app, (5, app.size[1] // 2))
    frames(app, 40)
    assert not table.bubbles


# Card-game conventions ----------------------------------------------------------------------
def frustration_table(make_app, seats=None, seed=4, final_contract=2):
    from game.ui.scenes import navigation
    from game.ui.session import GameConfig, Seat

    app = make_app("en")
    app.settings.animation_speed = "instant"
    seats = seats or [Seat("Marie"), Seat("Bruno", "easy")]
    navigation.start_game(
        app, GameConfig("frustration", seats, Options(final_contract=final_contract), seed=seed)
    )
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


def test_a_drop_anywhere_on_the_500_rum_pile_discards(make_app):
    from game.engine.rum500 import Discard
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
