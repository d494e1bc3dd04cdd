"""The end of a game's short celebration: a burst of confetti in the table's colours that
rises from the bottom of the screen, drifts and falls away in a few seconds (frame time, no
wall clock), drawn by the game itself."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.ui import theme

COLOURS = ((214, 64, 56), (236, 196, 92), (96, 186, 112), (72, 132, 214), (245, 238, 220), (180, 92, 190))
SECONDS = 3.6
"""How long the celebration lasts."""
GRAVITY = 0.9
"""Screen heights per second squared."""


@dataclass
class Piece:
    """One scrap of confetti, in screen fractions (x, y) and fractions per second."""

    x: float
    y: float
    vx: float
    vy: float
    spin: float
    phase: float
    colour: tuple[int, int, int]


@dataclass
class Celebration:
    """Confetti thrown up from two points at the bottom; ``update`` steps it, ``draw`` paints it."""

    seed: int = 22
    count: int = 140
    age: float = 0.0
    pieces: list[Piece] = field(default_factory=list)

    def __post_init__(self) -> None:
        rng = random.Random(self.seed)
        for i in range(self.count):
            side = i % 2
            angle = math.radians(rng.uniform(60, 85)) if side == 0 else math.radians(rng.uniform(95, 120))
            speed = rng.uniform(0.9, 1.45)
            self.pieces.append(
                Piece(
                    x=0.18 if side == 0 else 0.82,
                    y=1.02,
                    vx=math.cos(angle) * speed * 0.55,
                    vy=-math.sin(angle) * speed,
                    spin=rng.uniform(4, 11),
                    phase=rng.uniform(0, math.tau),
                    colour=COLOURS[(i // 2) % len(COLOURS)],
                )
            )

    @property
    def running(self) -> bool:
        return self.age < SECONDS

    def update(self, dt: float) -> None:
        """Step the confetti by ``dt`` seconds of frame time."""
        if not self.running:
            return
        self.age += dt
        for p in self.pieces:
            p.vy += GRAVITY * dt
            p.vx *= 1 - 0.6 * dt  # air slows the drift
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.phase += p.spin * dt

    def draw(self, surface: pygame.Surface, scale: theme.Scale | None) -> None:
        """The confetti over everything (nothing once it is over)."""
        if not self.running:
            return
        w, h = surface.get_size()
        size = scale(9) if scale is not None else 9
        fade = min(1.0, (SECONDS - self.age) / 0.6)
        layer = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
        for p in self.pieces:
            if not -0.05 < p.y < 1.05:
                continue
            layer.fill((0, 0, 0, 0))
            squash = abs(math.cos(p.phase))  # the scrap turns over as it falls
            rect = pygame.Rect(0, 0, size, max(1, int(size * 0.55 * (0.25 + squash))))
            rect.center = (size, size)
            pygame.draw.rect(layer, (*p.colour, int(235 * fade)), rect, border_radius=2)
            turned = pygame.transform.rotate(layer, math.degrees(p.phase) % 360)
            surface.blit(turned, turned.get_rect(center=(int(p.x * w), int(p.y * h))))
