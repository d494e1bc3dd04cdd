"""Motion: eased moves for cards and tiles, so that nothing on the table ever jumps.

A ``Sprite`` is one piece (or a face-down stand-in) on the table. Scenes give every sprite a
target (position, angle, face up or down) after each change of the game; sprites glide there
with an ease-out curve whose duration follows the animation-speed setting.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame

DURATIONS = {"instant": 0.0, "fast": 0.12, "normal": 0.22, "slow": 0.38}
"""Seconds for one move, by the animation-speed setting."""


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle arrival (0 -> 0, 1 -> 1)."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Sprite:
    """A piece on the table with an eased position (see the module docstring)."""

    key: Hashable
    """Stable id: the piece's ident, or e.g. ``("back", seat, i)`` for a hidden card."""
    piece: Any
    """The ``Card``/``Tile`` (or ``None`` for a face-down stand-in)."""
    x: float = 0.0
    y: float = 0.0
    width: int = 60
    angle: float = 0.0
    face_up: bool = True
    z: int = 0
    lift: float = 0.0
    """0 at rest, 1 when held or raised (drawn larger, with a deeper shadow)."""
    _start: tuple[float, float, float] = (0.0, 0.0, 0.0)
    _target: tuple[float, float, float] = (0.0, 0.0, 0.0)
    _t: float = 1.0
    _duration: float = 0.0
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def moving(self) -> bool:
        return self._t < 1.0

    @property
    def target(self) -> tuple[float, float]:
        return self._target[0], self._target[1]

    def place(self, x: float, y: float, angle: float = 0.0) -> None:
        """Put the sprite there at once (a new sprite, or a drag following the pointer)."""
        self.x, self.y, self.angle = x, y, angle
        self._start = self._target = (x, y, angle)
        self._t = 1.0

    def move_to(
        self, x: float, y: float, angle: float = 0.0, duration: float = 0.22, delay: float = 0.0
    ) -> None:
        """Glide to (x, y, angle) over ``duration`` seconds (restarts only if the target changed)."""
        if (x, y, angle) == self._target and (self.moving or (self.x, self.y) == (x, y)):
            return
        if duration <= 0:
            self.place(x, y, angle)
            return
        self._start = (self.x, self.y, self.angle)
        self._target = (x, y, angle)
        self._duration = duration
        self._t = -delay / duration

    def hold(self, delay: float) -> None:
        """Start the current move only after ``delay`` more seconds (a replay's later step)."""
        if self.moving and self._duration > 0:
            self._t = min(self._t, 0.0) - delay / self._duration

    def finish(self) -> None:
        """Arrive at once."""
        if self.moving:
            self.place(*self._target)

    def update(self, dt: float) -> None:
        if self._t >= 1.0:
            return
        self._t = min(1.0, self._t + dt / self._duration)
        k = ease_out(max(0.0, self._t))
        (x0, y0, a0), (x1, y1, a1) = self._start, self._target
        self.x = x0 + (x1 - x0) * k
        self.y = y0 + (y1 - y0) * k
        self.angle = a0 + (a1 - a0) * k

    def rect(self, height: int) -> pygame.Rect:
        """The sprite's rectangle (unrotated) for a face ``height`` pixels tall; (x, y) is its
        top-left corner."""
        return pygame.Rect(round(self.x), round(self.y), self.width, height)


class SpriteSet:
    """The sprites of one scene by key, with z-ordering and a settled check."""

    def __init__(self) -> None:
        self.sprites: dict[Hashable, Sprite] = {}

    def get(self, key: Hashable, piece: Any, spawn: tuple[float, float], width: int) -> Sprite:
        """The sprite for ``key``, made at ``spawn`` if it is new."""
        sprite = self.sprites.get(key)
        if sprite is None:
            sprite = Sprite(key, piece, width=width)
            sprite.place(*spawn)
            self.sprites[key] = sprite
        sprite.piece = piece
        sprite.width = width
        return sprite

    def keep_only(self, keys: set[Hashable]) -> None:
        """Forget the sprites whose key is not in ``keys``."""
        for key in [k for k in self.sprites if k not in keys]:
            del self.sprites[key]

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)

    def finish(self) -> None:
        """Every sprite arrives at once."""
        for sprite in self.sprites.values():
            sprite.finish()

    @property
    def settled(self) -> bool:
        """True when nothing is moving."""
        return not any(s.moving for s in self.sprites.values())

    def ordered(self) -> list[Sprite]:
        return sorted(self.sprites.values(), key=lambda s: (s.z, s.lift))
