"""Moving between scenes: every "go to" of the shell in one place, with explicit imports.

``NavigationServices`` is the navigation part of ``AppServices`` (``open_rules`` and the others),
which the app inherits: scenes ask the app, and only this module and the app know which class
each screen is. A game's table scene comes from its table package (``table_class``)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.i18n import Text
    from game.ui.scene import Answer
    from game.ui.session import GameConfig, Session
    from game.ui.tables.base import TableScene


def table_class(game: str) -> type[TableScene]:
    """The table scene class of ``game``: its table package's ``scene.SCENE`` (each package
    has the same role files), imported only when a table opens, so that the title loads none."""
    return importlib.import_module(f"game.ui.tables.{game}.scene").SCENE


class NavigationServices:
    """The navigation part of ``AppServices``: what scenes ask for, done here with the app as
    ``self`` (``game.ui.app.App`` inherits it)."""

    def open_setup(self, game: str) -> None:
        from game.ui.scenes.setup import SetupScene

        self.scenes.push(SetupScene(self, game))

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.scenes.push(SettingsScene(self))

    def open_rules(self, game: str) -> None:
        from game.ui.scenes.rules import RulesScene

        self.scenes.push(RulesScene(self, game))

    def start_game(self, config: GameConfig) -> None:
        """Deal a new game from the setup screen's choices and sit down at its table (the setup
        screen has asked before replacing a saved game of the same kind)."""
        from game.ui.session import Session

        session = Session.start(config)
        self.save_session(session)
        self.show_table(session)

    def show_table(self, session: Session) -> None:
        """Replace everything above the title with ``session``'s table."""
        from game.ui.scenes.title import TitleScene

        session.rename_default_seats(lambda n: self.tr("setup.default_player", n=n))
        self.scenes.reset(TitleScene(self))
        self.scenes.push(table_class(session.game)(self, session))

    def continue_saved_game(self, game: str) -> None:
        """Resume ``game``'s saved game, or report why it cannot be read (and set it aside)."""
        from game.ui.session import load_saved_session

        session, problem = load_saved_session(self.storage, game)
        if session is None:
            self.notify(self.tr(f"problem.{problem or 'save_unreadable'}"), bad=True)
            self.sound.play("invalid")
            self.scenes.layout(self.size)
            return
        self.show_table(session)

    def open_saved_games(self) -> None:
        """The Continue list: every saved game, to resume or delete."""
        from game.ui.scenes.saved_games import SavedGamesScene

        scene = SavedGamesScene(self)
        if not scene.rows:  # every save was set aside (each with its message)
            self.sound.play("invalid")
            self.scenes.layout(self.size)
            return
        self.scenes.push(scene)

    def open_stats(self) -> None:
        """The record of play."""
        from game.ui.scenes.stats import StatsScene

        self.scenes.push(StatsScene(self))

    def confirm(
        self, question: Text, yes: Text, on_yes: Callable[[], None], no: Answer | None = None
    ) -> None:
        """Ask ``question``; ``on_yes`` runs only when the player answers ``yes``; ``no``, when
        given, names the other answer and what it does (else it is Cancel)."""
        from game.ui.scenes.confirm import ConfirmScene

        self.scenes.push(ConfirmScene(self, question, yes, on_yes, no))

    def open_lesson(self, game: str) -> None:
        """``game``'s guided lesson, on its real table over the current screen: leaving it
        (Leave, Esc, Finish) comes back here. A script that cannot be read is reported."""
        from game.lessons.replay import PERSON
        from game.lessons.script import LessonError, load
        from game.ui.session import Seat, Session
        from game.ui.tables.lesson import Lesson

        try:
            script = load(game)
            state = script.start()
        except LessonError:
            self.notify(self.tr("lesson.unavailable"), bad=True)
            self.sound.play("invalid")
            return
        seats = [Seat(name, "normal") for name in script.seats]
        seats.insert(PERSON, Seat(str(self.tr("lesson.you"))))
        session = Session(game, seats, state, bot_seed=0)
        session.kept = False
        table = table_class(game)(self, session)
        table.lesson = Lesson(table, script)
        self.scenes.push(table)

    def lesson_first(self, game: str, go_on: Callable[[], None]) -> bool:
        """The first time a person starts ``game`` (no saved game of it, and never asked
        before): ask "Learn to play first?"; yes opens the lesson (leaving it comes back to
        the screen that asked), no goes on with ``go_on``. Remembered per game in the
        settings. True when the question is asked."""
        from game.lessons import has_lesson

        offered = self.settings.lessons_offered
        if game in offered or self.storage.has_saved_game(game) or not has_lesson(game):
            return False
        self.settings.lessons_offered = [*offered, game]
        self.save_settings()
        name = self.tr(f"game.{game}.name")
        self.confirm(
            self.tr("lesson.offer", game=name),
            self.tr("lesson.learn"),
            lambda: self.open_lesson(game),
            (self.tr("lesson.offer.play"), go_on),
        )
        return True

    def open_menu(self, table: TableScene) -> None:
        """The table's menu over ``table``."""
        from game.ui.scenes.pause import PauseScene

        self.scenes.push(PauseScene(self, table.game_id))

    def hand_off(self, name: str, on_ready: Callable[[], None], game: str) -> None:
        """The hot-seat screen that hides the table until ``name`` is ready."""
        from game.ui.scenes.handoff import HandoffScene

        self.scenes.push(HandoffScene(self, name, on_ready, game))

    def back_to_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.scenes.reset(TitleScene(self))

    def open_shortcuts(self, event) -> bool:
        """F1 or ? (when no name is being typed) opens the shortcut sheet over the screen; the sheet
        itself closes on the same keys. True when ``event`` opened it."""
        import pygame

        if event.type != pygame.KEYDOWN:
            return False
        from game.ui.scenes.shortcuts import ShortcutsScene

        if isinstance(self.scenes.top, ShortcutsScene):
            return False
        form = getattr(self.scenes.top, "form", None)
        typing = form is not None and bool(form.manager.get_focus_set())
        if event.key == pygame.K_F1 or (getattr(event, "unicode", "") == "?" and not typing):
            self.scenes.push(ShortcutsScene(self))
            return True
        return False
