"""Moving between scenes: every "go to" of the shell in one place, with explicit imports.

Scenes do not call these functions: they ask the app (``AppServices.open_rules`` and the
others), which calls them. Only this module and the app know which class each screen is."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.i18n import Text
    from game.ui.scene import AppServices as App
    from game.ui.scene import Scene
    from game.ui.session import GameConfig, Session
    from game.ui.tables.base import TableScene


def open_setup(app: App, game: str) -> None:
    from game.ui.scenes.setup import SetupScene

    app.scenes.push(SetupScene(app, game))


def open_settings(app: App) -> None:
    from game.ui.scenes.settings import SettingsScene

    app.scenes.push(SettingsScene(app))


def open_rules(app: App, game: str) -> None:
    from game.ui.scenes.rules import RulesScene

    app.scenes.push(RulesScene(app, game))


def table_class(game: str) -> type[TableScene]:
    """The table scene class of ``game``: its table package's ``scene.SCENE`` (each package
    has the same role files), imported only when a table opens, so that the title loads none."""
    return importlib.import_module(f"game.ui.tables.{game}.scene").SCENE


def table_scene(app: App, session: Session) -> Scene:
    """The table scene that plays ``session``'s game."""
    return table_class(session.game)(app, session)


def start_game(app: App, config: GameConfig) -> None:
    """Deal a new game from the setup screen's choices and sit down at its table (the setup
    screen has asked before replacing a saved game of the same kind)."""
    from game.ui.session import Session

    session = Session.start(config)
    app.save_session(session)
    show_table(app, session)


def show_table(app: App, session: Session) -> None:
    """Replace everything above the title with ``session``'s table."""
    from game.ui.scenes.title import TitleScene

    session.rename_default_seats(lambda n: app.tr("setup.default_player", n=n))
    app.scenes.reset(TitleScene(app))
    app.scenes.push(table_scene(app, session))


def continue_saved_game(app: App, game: str) -> None:
    """Resume ``game``'s saved game, or report why it cannot be read (and set it aside)."""
    from game.ui.session import load_saved_session

    session, problem = load_saved_session(app.storage, game)
    if session is None:
        app.notify(app.tr(f"problem.{problem or 'save_unreadable'}"), bad=True)
        app.sound.play("invalid")
        app.scenes.layout(app.size)
        return
    show_table(app, session)


def open_saved_games(app: App) -> None:
    """The Continue list: every saved game, to resume or delete."""
    from game.ui.scenes.saved_games import SavedGamesScene

    scene = SavedGamesScene(app)
    if not scene.rows:  # every save was set aside (each with its message)
        app.sound.play("invalid")
        app.scenes.layout(app.size)
        return
    app.scenes.push(scene)


def open_stats(app: App) -> None:
    """The record of play."""
    from game.ui.scenes.stats import StatsScene

    app.scenes.push(StatsScene(app))


def confirm(app: App, question: Text, yes: Text, on_yes: Callable[[], None]) -> None:
    """Ask ``question``; ``on_yes`` runs only when the player answers ``yes``."""
    from game.ui.scenes.confirm import ConfirmScene

    app.scenes.push(ConfirmScene(app, question, yes, on_yes))


def open_menu(app: App, table: Scene) -> None:
    """The table's menu over ``table``."""
    from game.ui.scenes.pause import PauseScene

    app.scenes.push(PauseScene(app, table.game_id))


def hand_off(app: App, name: str, on_ready: Callable[[], None], game: str) -> None:
    """The hot-seat screen that hides the table until ``name`` is ready."""
    from game.ui.scenes.handoff import HandoffScene

    app.scenes.push(HandoffScene(app, name, on_ready, game))


def back_to_title(app: App) -> None:
    from game.ui.scenes.title import TitleScene

    app.scenes.reset(TitleScene(app))


class NavigationServices:
    """The navigation part of ``AppServices``: what scenes ask for, done by the functions above
    (the app inherits it)."""

    def open_setup(self, game: str) -> None:
        open_setup(self, game)

    def open_settings(self) -> None:
        open_settings(self)

    def open_rules(self, game: str) -> None:
        open_rules(self, game)

    def start_game(self, config: GameConfig) -> None:
        start_game(self, config)

    def show_table(self, session: Session) -> None:
        show_table(self, session)

    def continue_saved_game(self, game: str) -> None:
        continue_saved_game(self, game)

    def open_saved_games(self) -> None:
        open_saved_games(self)

    def open_stats(self) -> None:
        open_stats(self)

    def confirm(self, question: Text, yes: Text, on_yes: Callable[[], None]) -> None:
        confirm(self, question, yes, on_yes)

    def back_to_title(self) -> None:
        back_to_title(self)

    def open_menu(self, table: Scene) -> None:
        open_menu(self, table)

    def hand_off(self, name: str, on_ready: Callable[[], None], game: str) -> None:
        hand_off(self, name, on_ready, game)


def open_shortcuts(app: App, event) -> bool:
    """F1 or ? (when no name is being typed) opens the shortcut sheet over the screen; the sheet
    itself closes on the same keys. True when ``event`` opened it."""
    import pygame

    if event.type != pygame.KEYDOWN:
        return False
    from game.ui.scenes.shortcuts import ShortcutsScene

    if isinstance(app.scenes.top, ShortcutsScene):
        return False
    form = getattr(app.scenes.top, "form", None)
    typing = form is not None and bool(form.manager.get_focus_set())
    if event.key == pygame.K_F1 or (getattr(event, "unicode", "") == "?" and not typing):
        app.scenes.push(ShortcutsScene(app))
        return True
    return False
