"""Drag and drop shared by the table scenes.

Press on a piece and move: it lifts and follows the pointer (a selected group travels together:
click pieces to select them first). While something is held, the places where it may go glow;
the scene decides which, by asking the engine. On release over a place, the scene plays the
matching engine move; an illegal drop sends the pieces gliding back and shows the engine's
reason, translated, in a bubble pointing at the place refused. A click without moving selects
(or, on the stock or the discard pile, draws); a double-click runs the scene's shortcut.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import Text
from game.ui import theme
from game.ui.motion import Sprite
from game.ui.text import Fonts

DRAG_THRESHOLD = 6
DOUBLE_CLICK = 0.35


@dataclass
class DropTarget:
    """A place where held pieces may be dropped, and what a drop there does: play the engine
    ``moves`` in order, or report ``refusal`` (an engine error code) instead, or, for a place
    that only changes the screen (the hand's order, a staging slot, the draft of a tile
    table), call ``arrange(held, target)``. Tables list theirs in ``drop_targets``, so that
    "a drag onto X becomes move Y" reads in one place."""

    key: str
    rect: pygame.Rect
    accepts: bool
    """True when the engine would accept the held pieces here (the place glows)."""
    moves: tuple[Any, ...] = ()
    """The engine moves a drop here plays (``IllegalMove`` when refused)."""
    arrange: Callable[[list[Sprite], DropTarget], None] | None = None
    """For a place that changes only the interface's arrangement."""
    refusal: str | None = None
    """The engine's reason why nothing may be dropped here now."""
    quiet: bool = False
    """A place that never glows (the player's own hand, to reorder it)."""


BUBBLE_SECONDS = 3.0
"""The least time a bubble stays (frame time); it stays on after that until the next gesture."""
BUBBLE_FADE = 0.3


@dataclass
class Bubble:
    """A short message pointing at a spot on the table (an illegal drop's reason, the piece,
    slot or meld at fault). It stays at least ``seconds`` of frame time and, after that, until
    ``dismiss`` (the next gesture, or whatever the owner waits for), then fades out. It is
    measured in the face it is drawn in (bold) and wraps to as many lines as its text needs."""

    text: Text
    pos: tuple[int, int]
    seconds: float = BUBBLE_SECONDS
    waiting: bool = True
    """True until the gesture (or event) that lets the bubble go."""
    tag: str = ""
    """What the bubble is about (``"timeout"``...), for an owner that dismisses it itself."""
    fade: float = BUBBLE_FADE

    def dismiss(self) -> None:
        """The next gesture came: the bubble goes once its least time is over."""
        self.waiting = False

    def update(self, dt: float) -> bool:
        """Step the bubble's clock; False once it is gone."""
        self.seconds -= dt
        if self.seconds <= 0 and not self.waiting:
            self.fade -= dt
        return self.fade > 0

    def layout(self, screen: pygame.Rect, fonts: Fonts, size: int) -> tuple[pygame.Rect, list[str], int]:
        """The bubble's box on ``screen``, its lines and the line height (all in bold)."""
        pad = max(6, size * 3 // 4)
        room = screen.inflate(-size, -size)
        width = max(size * 6, min(room.width - 2 * pad, size * 26))
        lines = fonts.wrap(self.text, size, width, bold=True)
        line_h = fonts.line_height(size, bold=True)
        text_w = max(fonts.size(line, size, bold=True)[0] for line in lines)
        rect = pygame.Rect(0, 0, text_w + 2 * pad, line_h * len(lines) + pad)
        tail = max(6, size // 2)
        rect.midbottom = (self.pos[0], self.pos[1] - tail)
        if rect.top < room.top:  # no room above: under the spot instead
            rect.midtop = (self.pos[0], self.pos[1] + tail)
        rect.clamp_ip(room)
        return rect, lines, line_h

    def draw(self, surface: pygame.Surface, fonts: Fonts, size: int) -> None:
        rect, lines, line_h = self.layout(surface.get_rect(), fonts, size)
        radius = max(4, size // 2)
        alpha = int(255 * max(0.0, min(1.0, self.fade / BUBBLE_FADE)))
        # The tail points at the spot at fault.
        tail = max(6, size // 2)
        x = max(rect.left + radius + tail, min(rect.right - radius - tail, self.pos[0]))
        if self.pos[1] >= rect.bottom:
            points = [(x - tail, rect.bottom - 2), (x + tail, rect.bottom - 2), self.pos]
        else:
            points = [(x - tail, rect.top + 2), (x + tail, rect.top + 2), self.pos]
        box = rect.union(pygame.Rect(self.pos, (1, 1)))
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        shifted = [(px - box.x, py - box.y) for px, py in points]
        inner = rect.move(-box.x, -box.y)
        pygame.draw.polygon(layer, (120, 28, 24, 240), shifted)
        pygame.draw.lines(layer, (*theme.GOLD, 255), False, shifted, 2)
        pygame.draw.rect(layer, (120, 28, 24, 240), inner, border_radius=radius)
        pygame.draw.rect(layer, (*theme.GOLD, 255), inner, width=2, border_radius=radius)
        pad = max(6, size * 3 // 4)
        for i, line in enumerate(lines):
            rendered = fonts.render(line, size, theme.CREAM, bold=True)
            layer.blit(rendered, rendered.get_rect(midtop=(inner.centerx, inner.y + pad // 2 + i * line_h)))
        layer.set_alpha(alpha)
        surface.blit(layer, box)


@dataclass
class DragLayer:
    """The gesture state machine (see the module docstring). The scene supplies the hooks."""

    pick: Callable[[tuple[int, int]], Sprite | None]
    """The piece under the pointer that may be picked up, or ``None``."""
    targets: Callable[[list[Sprite]], list[DropTarget]]
    """The places where ``held`` may go, each saying whether the engine accepts it."""
    on_drop: Callable[[DropTarget, list[Sprite]], None]
    """Does what a drop on the target means (raises ``IllegalMove`` when the engine refuses)."""
    on_illegal: Callable[[Exception, tuple[int, int]], None]
    on_click: Callable[[Sprite], None] = lambda sprite: None
    on_double_click: Callable[[Sprite], None] = lambda sprite: None
    selection: list[Sprite] = field(default_factory=list)
    held: list[Sprite] = field(default_factory=list)
    offsets: list[tuple[float, float]] = field(default_factory=list)
    current_targets: list[DropTarget] = field(default_factory=list)
    hovered: DropTarget | None = None
    pressed_at: tuple[int, int] | None = None
    """Where the button went down on a piece (until it comes up)."""
    pressed: Sprite | None = None
    """The piece the button went down on (the one under the pointer while it is dragged)."""
    last_target: DropTarget | None = None
    """Where the last drop was made (the refusal bubble points at it)."""
    clock: float = 0.0
    """Seconds of frames the layer has seen (``tick``): a double-click is timed in frames, never
    by the wall clock, so that tests stepping frames time it exactly."""
    _last_click: tuple[float, object] = (-1.0, None)

    @property
    def dragging(self) -> bool:
        return bool(self.held)

    def clear_selection(self) -> None:
        self.selection.clear()

    def is_selected(self, sprite: Sprite) -> bool:
        return any(s.key == sprite.key for s in self.selection)

    def cancel(self) -> None:
        """Drop everything without playing (the scene re-lays the pieces out)."""
        for sprite in self.held:
            sprite.lift = 0.0
        self.held, self.offsets, self.current_targets, self.hovered = [], [], [], None
        self.pressed_at = self.pressed = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = self.pick(event.pos)
            if sprite is None:
                return False
            self.pressed_at, self.pressed = event.pos, sprite
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.pressed is not None and not self.held:
                dx, dy = event.pos[0] - self.pressed_at[0], event.pos[1] - self.pressed_at[1]
                if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                    self._lift(self.pressed)
            if self.held:
                self._follow(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.held:
                self._release(event.pos)
                return True
            if self.pressed is not None:
                sprite, self.pressed, self.pressed_at = self.pressed, None, None
                self._clicked(sprite)
                return True
        return False

    def tick(self, dt: float) -> None:
        """Let ``dt`` seconds of frame time pass."""
        self.clock += dt

    def _clicked(self, sprite: Sprite) -> None:
        now = self.clock
        last_time, last_key = self._last_click
        if last_key == sprite.key and now - last_time < DOUBLE_CLICK:
            self._last_click = (-1.0, None)
            self.on_double_click(sprite)
            return
        self._last_click = (now, sprite.key)
        if self.is_selected(sprite):
            self.selection = [s for s in self.selection if s.key != sprite.key]
        else:
            self.selection.append(sprite)
        self.on_click(sprite)

    def _lift(self, sprite: Sprite) -> None:
        group = list(self.selection) if self.is_selected(sprite) else [sprite]
        group.sort(key=lambda s: (s.x, s.y))
        self.held = group
        self.offsets = [(s.x - self.pressed_at[0], s.y - self.pressed_at[1]) for s in group]
        spacing = None
        if len(group) > 1:
            # A group travels as a tidy fan under the pointer, whatever its spread before.
            spacing = group[0].width * 0.42
            first = (sprite.x - self.pressed_at[0]) - group.index(sprite) * spacing
            self.offsets = [(first + i * spacing, sprite.y - self.pressed_at[1]) for i in range(len(group))]
        for s in group:
            s.lift = 1.0
        self.current_targets = self.targets(group)
        self._follow(self.pressed_at)

    def _follow(self, pos: tuple[int, int]) -> None:
        for sprite, (ox, oy) in zip(self.held, self.offsets, strict=True):
            sprite.place(pos[0] + ox, pos[1] + oy)
        self.hovered = self._target_at(pos)

    def _target_at(self, pos: tuple[int, int]) -> DropTarget | None:
        under = [t for t in self.current_targets if t.rect.collidepoint(pos)]
        if under:
            legal = [t for t in under if t.accepts]
            return (legal or under)[0]
        return None

    def _release(self, pos: tuple[int, int]) -> None:
        held, target = list(self.held), self._target_at(pos)
        self.cancel()
        self.last_target = target
        if target is None:
            return
        try:
            self.on_drop(target, held)
        except Exception as exc:  # the scene decides what it reports (IllegalMove)
            self.on_illegal(exc, pos)
        else:
            self.selection = [s for s in self.selection if all(s.key != h.key for h in held)]

    def draw_targets(self, surface: pygame.Surface, radius: int) -> None:
        """Light up the places that accept what is held (the hovered one brighter)."""
        if not self.held:
            return
        for target in self.current_targets:
            if not target.accepts or target.quiet:
                continue
            hovered = target is self.hovered
            layer = pygame.Surface(target.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(
                layer, (*theme.DROP_GLOW, 70 if hovered else 34), layer.get_rect(), border_radius=radius
            )
            pygame.draw.rect(
                layer,
                (*theme.DROP_GLOW, 255 if hovered else 170),
                layer.get_rect(),
                width=3 if hovered else 2,
                border_radius=radius,
            )
            surface.blit(layer, target.rect)
