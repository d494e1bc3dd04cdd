"""The words of the tables: one name per action, prompts that say what the turn still needs."""

from __future__ import annotations

import pygame

from game.engine.tiles import Options as TilesOptions
from tests.ui.driver import key
from tests.ui.test_keyboard_tables import choose_place, pick
from tests.ui.test_tiles_table import prepared, show


def test_draw_then_discard_prompt_asks_for_the_returned_tile(make_app):
    options = TilesOptions(timer=0, opening_min=0, turn_rule="draw_discard")
    state = prepared([], ["R10#0", "R11#0", "R12#0", "K2#0"], True, options, "draw")
    app, table = show(make_app, state)
    key(app, pygame.K_d)
    pick(app, table, ["R10#0", "R11#0", "R12#0"])
    choose_place(app, table, lambda t: t.key == "new_group")
    key(app, pygame.K_RETURN)
    assert table.model.can_end
    assert "then return a tile" in str(table.status())


def test_undo_and_reset_read_differently_in_french(make_app):
    state = prepared([], ["R10#0", "B9#0", "K2#0"], True, TilesOptions(timer=0))
    app, table = show(make_app, state)
    app.set_language("fr")
    undo, reset = str(table.undo_button.label()), str(table.reset_button.label())
    assert reset != "Annuler" and "Annuler" not in undo and undo != reset


def test_the_contract_grid_has_a_legend(make_app):
    from game.engine.frustration import Options as FrustrationOptions
    from game.ui import text as text_module
    from game.ui.session import GameConfig, Seat
    from tests.ui.driver import frames

    app = make_app("fr", (1024, 640))
    app.settings.animation_speed = "instant"
    seats = [Seat("Marie"), Seat("Bruno", "easy")]
    app.start_game(GameConfig("frustration", seats, FrustrationOptions(), seed=4))
    frames(app, 2)
    with text_module.recording() as drawn:
        key(app, pygame.K_g)
    assert app.scenes.top.show_sheet
    for name in ("done", "current", "down", "final"):
        assert str(app.tr(f"frustration.grid.legend.{name}")) in drawn


def test_a_wild_in_a_run_shows_the_card_it_stands_for(make_app):
    from game.engine.frustration import Options as FrustrationOptions
    from game.engine.frustration.rules import TableMeld, read_meld
    from game.engine.notation import parse
    from game.ui import text as text_module
    from game.ui.session import GameConfig, Seat
    from game.ui.tables.cardtable import card_label
    from tests.ui.driver import frames

    app = make_app("fr")
    app.settings.animation_speed = "instant"
    seats = [Seat("Marie"), Seat("Bruno", "easy")]
    app.start_game(GameConfig("frustration", seats, FrustrationOptions(), seed=4))
    frames(app, 2)
    table = app.scenes.top
    cards = tuple(parse("5H 6H 7H JK"))
    low, suit = read_meld(cards, "run")
    table.state.table.append(TableMeld(1, "run", cards, low, suit))
    table.refresh()
    with text_module.recording() as drawn:
        frames(app, 2)
    assert str(card_label(app, "8H")) in drawn


def test_the_rules_name_each_option_as_the_setup_does(make_app):
    import re

    from game.ui import text as text_module
    from game.ui.scenes.rules import RulesScene
    from tests.ui.driver import frames

    for lang in ("en", "fr"):
        app = make_app(lang)
        for game in ("frustration", "rum500", "tiles"):
            raw = str(app.tr(f"rules.{game}.text"))
            names = re.findall(r"\{o__(\w+)\}", raw)
            assert len(names) >= 3, (lang, game)  # the Options section names them by placeholder
            app.open_rules(game)
            scene = app.scenes.top
            assert isinstance(scene, RulesScene)
            shown = str(scene.rules_text())
            assert "{o__" not in shown
            for name in names:
                assert str(app.tr(f"option.{game}.{name.replace('__', '.')}")) in shown
            with text_module.recording():
                frames(app, 1)
            app.scenes.pop()
