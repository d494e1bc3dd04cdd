"""The loop stops drawing when nothing moves and draws again at the first event; scenes say
when they move (``busy``)."""

from __future__ import annotations

import pygame

from game.ui import dnd, idle
from game.ui.session import GameConfig, Seat
from game.ui.tables.base import TableScene
from tests.ui.driver import drag, frames, key, lift_a_hand_card, widget


def test_the_title_is_still_until_the_mouse_lifts_a_card(make_app):
    app = make_app("en")
    frames(app, 5)
    assert not idle.moving(app)
    card = widget(app, "game.rum500")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 2)
    assert idle.moving(app)  # the card rises
    frames(app, 90)
    assert not idle.moving(app)  # ... and stops


def test_a_toast_keeps_the_loop_drawing_until_it_goes(make_app):
    app = make_app("en")
    frames(app, 3)
    app.notify(app.tr("common.rules"), seconds=0.5)
    assert idle.moving(app)
    frames(app, 40)
    assert not idle.moving(app)


def test_a_table_moves_while_dealing_and_is_still_under_its_menu(make_app):
    """Marie opens the menu as soon as the cards are dealt, on her turn: once they have landed
    the loop sleeps, though the table has not finished warming its pictures up."""
    app = make_app("en")
    app.start_game(GameConfig("frustration", [Seat("Marie"), Seat("Bruno", "easy")], seed=1))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    frames(app, 1)
    assert idle.moving(app)
    app.open_menu(table)
    frames(app, 90)
    assert table.my_turn and table._warm_jobs  # her turn, pictures still to warm up
    assert not idle.moving(app)
    app.scenes.pop()  # back at the table, the warm-up goes on at full speed
    assert idle.moving(app)


def still_table(make_app):
    """Marie's turn at a Frustration table, dealt and warmed up."""
    app = make_app("en")
    app.settings.animation_speed = "instant"
    app.start_game(GameConfig("frustration", [Seat("Marie"), Seat("Bruno", "easy")], seed=1))
    table = app.scenes.top
    frames(app, 2)
    while table._warm_jobs:
        frames(app, 20)
    frames(app, 5)
    app.flush_saves()  # the deal's save, written by its own thread, is not what this measures
    assert table.my_turn and not idle.moving(app)
    return app, table


def test_a_card_held_under_the_shortcut_sheet_lets_the_loop_sleep(make_app):
    """F1 in the middle of a drag: the sheet covers the table, whose card no pointer moves."""
    app, table = still_table(make_app)
    lift_a_hand_card(app, table)
    assert idle.moving(app)
    key(app, pygame.K_F1)
    assert app.scenes.top is not table
    frames(app, 10)
    assert not idle.moving(app)


def test_a_reason_left_on_the_table_lets_the_loop_sleep_until_the_next_gesture(make_app):
    app, table = still_table(make_app)
    key(app, pygame.K_d)  # Marie draws, puts one card in the contract's first slot and lays down
    card = table.view.hand[0]
    drag(app, table.sprites.sprites[card.ident].rect(table.hand_h).center, table.slot_rects[0].center)
    key(app, pygame.K_RETURN)
    assert table.bubbles  # one card is no contract: the reason shows
    assert idle.moving(app)
    frames(app, round(dnd.BUBBLE_SECONDS * 60) + 5)
    app.flush_saves()  # the refusal's save may still be on its way to the disk on a busy machine
    assert table.bubbles and not idle.moving(app)  # shown, and still
    key(app, pygame.K_LEFT)  # the next gesture: the reason fades away
    assert idle.moving(app)
    frames(app, 30)
    app.flush_saves()
    assert not table.bubbles and not idle.moving(app)


def test_a_computer_player_to_move_keeps_the_table_busy(make_app):
    app = make_app("en")
    app.start_game(GameConfig("frustration", [Seat("Bruno", "easy"), Seat("Zoé", "easy")], seed=1))
    table = app.scenes.top
    table._warm_jobs.clear()
    frames(app, 1)
    assert table.busy()


def test_the_loop_sleeps_on_a_still_screen_and_draws_again_on_an_event(make_app, monkeypatch):
    app = make_app("en")
    drawn_at_sleep: list[int] = []

    def sleep(timeout: float = idle.WAKE_SECONDS) -> bool:
        drawn_at_sleep.append(app.frame_count)
        if len(drawn_at_sleep) == 3:  # a key press wakes the loop up
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
            )
            return True
        if len(drawn_at_sleep) == 6:
            app.quit()
        return False

    monkeypatch.setattr(idle, "wait_for_event", sleep)
    monkeypatch.setattr(app, "shutdown", lambda: None)
    app.run()
    first, second, third, fourth, fifth, _ = drawn_at_sleep
    assert first == idle.QUIET_FRAMES  # a few frames, then sleep
    assert second == third == first  # asleep: nothing drawn without an event
    assert fourth > third  # the event was drawn
    assert fifth == fourth


def test_the_rules_screen_moves_while_it_scrolls(make_app):
    app = make_app("en")
    app.open_rules("tiles")
    frames(app, 3)
    scene = app.scenes.top
    assert not scene.busy()
    scene.target_scroll = scene.scroll + 300
    assert scene.busy()
    frames(app, 120)
    assert not scene.busy()


def test_a_running_tile_clock_keeps_the_table_busy(make_app):
    from game.engine.tiles import Options

    app = make_app("en")
    app.settings.animation_speed = "instant"
    app.start_game(GameConfig("tiles", [Seat("Marie"), Seat("Bruno", "easy")], Options(timer=60), seed=5))
    table = app.scenes.top
    table._warm_jobs.clear()
    frames(app, 30)
    assert table.state.current_player == 0  # Marie's turn: her clock runs
    assert table.model.clock is not None and table.busy()
    app.open_menu(table)  # the clock stops under the menu
    frames(app, 30)
    assert not table.busy()
