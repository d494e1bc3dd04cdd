"""Scenes and the scene stack.

A scene handles its own input, updates and draws itself. Scenes sit on a stack: the top one
gets events first and passes on those it does not consume; drawing starts from the highest
opaque scene so that overlays (dialogs, the hand-off screen) are just transparent scenes.
``draw`` never changes state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """Base class of every scene. Subclasses override what they need."""

    opaque: bool = True
    """False for overlays: the scene below is drawn first."""

    def __init__(self, app: App) -> None:
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

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Must not change state."""

    def widgets(self) -> list:
        """The scene's named widgets (each has ``name`` and ``rect``), for tests and the smoke run."""
        return []


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
        for scene in reversed(list(self._scenes)):
            if scene.handle(event):
                return True
            if scene.opaque:
                break
        return False

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

    def layout(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.layout(size)
