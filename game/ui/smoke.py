"""The ``--smoke-test`` run: drives the real main loop with posted mouse and key events.

It walks the title screen, switches the language to French and back, opens the settings, the
rules and the new-game screen of each game and comes back, then closes the window. Any exception
(or a step whose effect is not seen) makes the process exit non-zero.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.games import GAMES

if TYPE_CHECKING:
    from game.ui.scene import AppServices as App


class SmokeFailure(RuntimeError):
    """A smoke step did not have the expected effect."""


def widget_center(app: App, name: str) -> tuple[int, int]:
    """The centre of the top scene's widget called ``name``."""
    scene = app.scenes.top
    for widget in getattr(scene, "widgets", lambda: [])():
        if getattr(widget, "name", "") == name:
            return widget.rect.center
    raise SmokeFailure(f"no widget {name!r} on {type(scene).__name__}")


def click(app: App, pos: tuple[int, int]) -> None:
    """Post a real mouse click (motion, press, release) at ``pos``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


class SmokeDriver:
    """Posts one step every few frames, checks its effect, then quits after ``frames``."""

    def __init__(self, app: App, frames: int) -> None:
        self.app = app
        self.frames = frames
        self.steps = self._script()
        self.pending_check: Callable[[], None] | None = None
        self.done = 0

    def _script(self) -> list[Callable[[], Callable[[], None] | None]]:
        app = self.app

        def click_widget(name: str, check: Callable[[], bool], what: str):
            def step():
                click(app, widget_center(app, name))

                def verify():
                    if not check():
                        raise SmokeFailure(what)

                return verify

            return step

        def back():
            press(pygame.K_ESCAPE)
            return None

        scene_name = lambda: type(app.scenes.top).__name__  # noqa: E731
        steps = [
            lambda: _hover_all(app),
            click_widget_at_segment(app, "fr", lambda: app.lang == "fr", "switch to French"),
            lambda: _hover_all(app),
            click_widget_at_segment(app, "en", lambda: app.lang == "en", "switch to English"),
            click_widget_at_segment(app, "fr", lambda: app.lang == "fr", "switch to French again"),
            click_widget("settings", lambda: scene_name() == "SettingsScene", "open the settings"),
            back,
            click_widget("rules", lambda: scene_name() == "RulesScene", "open the rules"),
            back,
        ]
        for game in GAMES:  # each lesson opens on its table (its script shipped and read), then Esc
            lesson = lambda: getattr(app.scenes.top, "lesson", None) is not None  # noqa: E731
            steps.append(click_widget(f"learn.{game}", lesson, f"open the {game} lesson"))
            steps.append(back)
        for game in GAMES:
            steps.append(click_widget(f"game.{game}", lambda: scene_name() == "SetupScene", f"set up {game}"))
            steps.append(back)
        steps.append(click_widget_at_segment(app, "en", lambda: app.lang == "en", "back to English"))
        steps.append(lambda: _start_against_computer(app))
        steps.append(WaitFor(lambda: _computer_has_played(app), 900, "a computer player's move"))
        steps.append(back)
        steps.append(click_widget("leave", lambda: scene_name() == "TitleScene", "leave the table"))
        return steps

    def before_frame(self) -> None:
        n = self.app.frame_count
        if self.steps and isinstance(self.steps[0], WaitFor) and self.pending_check is None:
            if self.steps[0].poll():
                self.steps.pop(0)
                self.done += 1
            return
        if n and n % 12 == 0:
            if self.pending_check is not None:
                check, self.pending_check = self.pending_check, None
                check()
            if self.steps and not isinstance(self.steps[0], WaitFor):
                self.pending_check = self.steps.pop(0)()
                self.done += 1
        if n >= self.frames and not self.steps and self.pending_check is None:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    def finish(self) -> None:
        if self.steps or self.pending_check is not None:
            raise SmokeFailure(f"only {self.done} smoke steps ran in {self.frames} frames")


class WaitFor:
    """A step that holds the script until ``check()`` is true, for at most ``frames`` frames."""

    def __init__(self, check: Callable[[], bool], frames: int, what: str) -> None:
        self.check, self.frames, self.what = check, frames, what

    def poll(self) -> bool:
        if self.check():
            return True
        self.frames -= 1
        if self.frames <= 0:
            raise SmokeFailure(f"waited in vain for {self.what}")
        return False


def _start_against_computer(app: App) -> None:
    """Sit down at the first game's table (Frustration Rummy), where a computer player moves first."""
    from game.ui.session import GameConfig, Seat

    config = GameConfig(GAMES[0], [Seat("Bruno", "normal"), Seat("Marie")], seed=1)
    app.start_game(config)


def _computer_has_played(app: App) -> bool:
    from game.ui.tables.base import TableScene

    table = app.scenes.find(TableScene)
    if table is None or not table.state.log:
        return False
    if os.environ.get("RAMI_BOT_WORKER", "process") == "process" and not table.turns.worker.in_process:
        raise SmokeFailure("computer players could not start their worker process")
    return True


def click_widget_at_segment(app: App, value: str, check: Callable[[], bool], what: str):
    """A step clicking the ``value`` segment of the language switch."""

    def step():
        switch = next(w for w in app.scenes.top.widgets() if getattr(w, "name", "") == "language")
        index = [v for v, _ in switch.choices].index(value)
        click(app, switch.segment_rects()[index].center)

        def verify():
            if not check():
                raise SmokeFailure(what)

        return verify

    return step


def _hover_all(app: App) -> None:
    for widget in app.scenes.top.widgets():
        pos = widget.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return None
