"""Scenes and the scene stack.

A scene handles its own input, updates and draws itself. Scenes sit on a stack: the top one
gets events first and passes on those it does not consume; drawing starts from the highest
opaque scene so that overlays (dialogs, the hand-off screen) are just transparent scenes.
``draw`` never changes state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui import focus

if TYPE_CHECKING:
    from game.i18n import Text, Translator
    from game.ui.session import GameConfig, Session
    from game.ui.storage import Settings, Storage
    from game.ui.text import Fonts
    from game.ui.theme import Scale


Answer = tuple["Text", Callable[[], None]]
"""A question's other answer, when it does something: its button's words and what it does."""


class AppServices(Protocol):
    """What a scene may ask of the application (``game.ui.app.App`` provides it). Scenes and
    tables know the app only through this: they never import ``game.ui.app`` nor each other;
    going to another screen is one of the navigation calls below."""

    scenes: SceneStack
    settings: Settings
    storage: Storage
    fonts: Fonts
    tr_: Translator
    frame_count: int
    """Frames drawn since the start."""

    # Window and text
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def scale(self) -> Scale: ...
    @property
    def lang(self) -> str: ...
    def tr(self, key: str, **params: Any) -> Text: ...
    def tr_n(self, key: str, n: int, **params: Any) -> Text: ...
    def set_language(self, lang: str) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    def quit(self) -> None: ...

    # Pictures and sound
    @property
    def art(self) -> Any: ...
    @property
    def sound(self) -> Any: ...
    def apply_sound_settings(self) -> None: ...

    # Notices and saving
    def notify(self, text: Text, bad: bool = False, seconds: float = 4.0) -> None: ...
    def save_settings(self) -> None: ...
    def save_session(self, session: Any) -> None: ...
    def flush_saves(self) -> None: ...
    def delete_saved_game(self, game: str) -> None: ...
    def record_result(self, session: Session) -> None: ...

    # Navigation (``game.ui.scenes.navigation`` does the work)
    def open_setup(self, game: str) -> None: ...
    def open_settings(self) -> None: ...
    def open_rules(self, game: str) -> None: ...
    def start_game(self, config: GameConfig) -> None: ...
    def show_table(self, session: Session) -> None: ...
    def continue_saved_game(self, game: str) -> None: ...
    def open_saved_games(self) -> None: ...
    def open_stats(self) -> None: ...
    def confirm(
        self, question: Text, yes: Text, on_yes: Callable[[], None], no: Answer | None = None
    ) -> None: ...
    def open_lesson(self, game: str) -> None: ...
    def lesson_first(self, game: str, go_on: Callable[[], None]) -> bool: ...
    def back_to_title(self) -> None: ...
    def open_menu(self, table: Scene) -> None: ...
    def hand_off(self, name: str, on_ready: Callable[[], None], game: str) -> None: ...


class Scene:
    """Base class of every scene. Subclasses override what they need."""

    opaque: bool = True
    """False for overlays: the scene below is drawn first."""
    arrow_focus: bool = True
    """True when Up/Down move the keyboard focus and Space uses a widget (``game.ui.focus``);
    False on screens whose arrows do something else (a table's cursor, scrolling rules)."""
    focus_index: int | None = None
    """Which of ``widgets()`` has the keyboard focus (None: none)."""

    def __init__(self, app: AppServices) -> None:
        self.app = app

    # Life cycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Called when pushed; lays the scene out."""
        self.layout(self.app.size)

    def leave(self) -> None:
        """Called when removed from the stack."""

    def pause(self) -> None:
        """Called when another scene is pushed on top."""

    def resume(self) -> None:
        """Called when the scene above is removed."""
        self.layout(self.app.size)

    # Every frame ------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Recompute positions for a window of ``size`` (also after a language switch)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to ``event``; return True when consumed."""
        return False

    def reveal(self, widget: Any) -> None:
        """Bring ``widget``, which just took the keyboard focus, into view; scenes that scroll
        part of their page override it (``game.ui.focus`` calls it on every move)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Must not change state."""

    def busy(self) -> bool:
        """True while something of this scene moves on its own (an animation, a timer on
        screen, a drag, a computer player about to move): the loop then keeps drawing at full
        rate. A still scene is drawn again only when an event comes (``game.ui.idle``)."""
        return False

    def widgets(self) -> list:
        """The scene's named widgets (each has ``name`` and ``rect``), for tests and the smoke run."""
        return []

    def first_focus(self) -> Any | None:
        """The widget the keyboard focus starts on (``game.ui.focus``): None, the first one."""
        return None


class SceneStack:
    """The stack of scenes (see the module docstring)."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.leave()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Put ``scene`` in place of the top scene."""
        if self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from ``scene``."""
        while self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()

    def find(self, kind: type) -> Scene | None:
        """The highest scene of class ``kind``, if any."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        top = self.top
        if top is not None and focus.handle(top, event):
            self._opened_by_key(top, event)
            return True
        for scene in reversed(list(self._scenes)):
            if scene.handle(event):
                self._opened_by_key(top, event)
                return True
            if scene.opaque:
                break
        return False

    def _opened_by_key(self, before: Scene | None, event: pygame.event.Event) -> None:
        """A key opened another screen: its focus starts where it says (``focus.begin``)."""
        if event.type == pygame.KEYDOWN and self.top is not None and self.top is not before:
            focus.begin(self.top)

    def update(self, dt: float) -> None:
        # Scenes under an overlay keep animating (a table under a dialog); the top one first.
        for scene in reversed(list(self._scenes)):
            scene.update(dt)
            if scene.opaque:
                break

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        for scene in self._scenes[start:]:
            scene.draw(surface)
        if self._scenes:
            focus.draw(self._scenes[-1], surface)

    def layout(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.layout(size)
