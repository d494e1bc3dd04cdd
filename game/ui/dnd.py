"""Drag and drop shared by the table scenes.

Press on a piece and move: it lifts and follows the pointer (a selected group travels together:
click pieces to select them first). While something is held, the places where it may go glow;
the table says which, by asking the engine. On release over a place, the table plays the
matching engine moves; an illegal drop sends the pieces gliding back and shows the engine's
reason, translated, in a bubble pointing at the place refused. A click without moving selects
(or, on the stock or the discard pile, draws); a double-click runs the table's shortcut.

One ``Gesture`` per table owns all of it, in and out of turn; the table answers its questions
through ``GestureTable`` (which pieces may be picked up, which travel, where they may go, what
a drop there does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.engine.errors import IllegalMove
from game.i18n import Text
from game.ui import text as text_layer
from game.ui import theme
from game.ui.motion import Sprite
from game.ui.text import Fonts

DRAG_THRESHOLD = 6
DOUBLE_CLICK = 0.35


@dataclass
class DropTarget:
    """A place where held pieces may be dropped, and what a drop there does: report
    ``refusal`` (an engine error code), or play the engine ``moves``, then call
    ``arrange(held, target)`` for what changes only on the screen (the hand's order, a staging
    slot, the draft of a tile table, where a drawn card lands). Tables list theirs in
    ``drop_targets``, so that "a drag onto X becomes move Y" reads in one place."""

    key: str
    rect: pygame.Rect
    accepts: bool
    """True when the engine would accept the held pieces here (the place glows)."""
    moves: tuple[Any, ...] = ()
    """The engine moves a drop here plays (``IllegalMove`` when refused)."""
    arrange: Callable[[list[Sprite], DropTarget], None] | None = None
    """What the drop changes on the screen only, after the moves (if any) were played."""
    refusal: str | IllegalMove | None = None
    """The engine's reason why nothing may be dropped here now (its code, or the refusal
    itself when it carries parameters)."""
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

    @property
    def moving(self) -> bool:
        """True while the bubble's least time runs or it fades; a bubble past its least time
        that waits for the next gesture is still (the gesture wakes the loop)."""
        return self.seconds > 0 or not self.waiting

    def update(self, dt: float) -> bool:
        """Step the bubble's clock; False once it is gone."""
        self.seconds -= dt
        if self.seconds <= 0 and not self.waiting:
            self.fade -= dt
        return self.fade > 0

    def layout(
        self, screen: pygame.Rect, fonts: Fonts, size: int, avoid: Sequence[pygame.Rect] = ()
    ) -> tuple[pygame.Rect, list[str], int]:
        """The bubble's box on ``screen``, its lines and the line height (all in bold): beside
        the spot, clear of ``avoid`` (the labels and the status line) where it can be
        (``clear_place``)."""
        pad = max(6, size * 3 // 4)
        room = screen.inflate(-size, -size)
        width = max(size * 6, min(room.width - 2 * pad, size * 26))
        lines = fonts.wrap(self.text, size, width, bold=True)
        line_h = fonts.line_height(size, bold=True)
        text_w = max(fonts.size(line, size, bold=True)[0] for line in lines)
        box = (text_w + 2 * pad, line_h * len(lines) + pad)
        rect = clear_place(box, pygame.Rect(self.pos, (1, 1)), max(6, size // 2), room, avoid)
        return rect, lines, line_h

    def draw(
        self, surface: pygame.Surface, fonts: Fonts, size: int, avoid: Sequence[pygame.Rect] = ()
    ) -> None:
        rect, lines, line_h = self.layout(surface.get_rect(), fonts, size, avoid)
        radius = max(4, size // 2)
        alpha = int(255 * max(0.0, min(1.0, self.fade / BUBBLE_FADE)))
        # The tail points at the spot at fault, from the side of the box that faces it.
        tail = max(6, size // 2)
        x = max(rect.left + radius + tail, min(rect.right - radius - tail, self.pos[0]))
        y = max(rect.top + radius + tail, min(rect.bottom - radius - tail, self.pos[1]))
        if self.pos[1] >= rect.bottom:
            points = [(x - tail, rect.bottom - 2), (x + tail, rect.bottom - 2), self.pos]
        elif self.pos[1] <= rect.top:
            points = [(x - tail, rect.top + 2), (x + tail, rect.top + 2), self.pos]
        elif self.pos[0] >= rect.right:
            points = [(rect.right - 2, y - tail), (rect.right - 2, y + tail), self.pos]
        elif self.pos[0] <= rect.left:
            points = [(rect.left + 2, y - tail), (rect.left + 2, y + tail), self.pos]
        else:  # the spot lies under the box (no room anywhere around it)
            points = []
        box = rect.union(pygame.Rect(self.pos, (1, 1)))
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        shifted = [(px - box.x, py - box.y) for px, py in points]
        inner = rect.move(-box.x, -box.y)
        if shifted:
            pygame.draw.polygon(layer, (120, 28, 24, 240), shifted)
            pygame.draw.lines(layer, (*theme.GOLD, 255), False, shifted, 2)
        pygame.draw.rect(layer, (120, 28, 24, 240), inner, border_radius=radius)
        pygame.draw.rect(layer, (*theme.GOLD, 255), inner, width=2, border_radius=radius)
        pad = max(6, size * 3 // 4)
        placed = []
        for i, line in enumerate(lines):
            rendered = fonts.render(line, size, theme.CREAM, bold=True)
            at = rendered.get_rect(midtop=(inner.centerx, inner.y + pad // 2 + i * line_h))
            layer.blit(rendered, at)
            placed.append((line, rendered, at.move(box.topleft).topleft))
        layer.set_alpha(alpha)
        surface.blit(layer, box)
        text_layer.note(surface, "bubble", rect)
        for line, rendered, topleft in placed:
            text_layer.note_line(surface, line, rendered, topleft)


Point = tuple[int, int]
Offset = tuple[float, float]


def clear_place(
    size: tuple[int, int],
    spot: pygame.Rect,
    gap: int,
    room: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
    first: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where a box of ``size`` (a bubble, the hint) goes beside ``spot``, ``gap`` away from it,
    within ``room``: above it, below it, then to its right or left, each centred on it or
    lined up with one of its edges, then each of these moved up or down just past a label it
    covers; the first place that covers nothing of ``first`` and ``avoid`` (the labels and the
    status line), else the one that covers the least of ``first`` (what must stay in sight
    above all: the pieces a lesson's nudge speaks of), then of ``avoid``."""
    w, h = size
    x, y = spot.center
    above, below = spot.top - gap, spot.bottom + gap
    right, left = spot.right + gap, spot.left - gap
    anchors = [
        *(("midbottom", (x, above)), ("midtop", (x, below))),
        *(("bottomleft", (spot.left, above)), ("bottomright", (spot.right, above))),
        *(("topleft", (spot.left, below)), ("topright", (spot.right, below))),
        *(("midleft", (right, y)), ("midright", (left, y))),
        *(("topleft", (right, spot.top)), ("bottomleft", (right, spot.bottom))),
        *(("topright", (left, spot.top)), ("bottomright", (left, spot.bottom))),
    ]
    before = [a.inflate(gap, gap) for a in first]  # a few pixels of felt between them
    keep = [*before, *(a.inflate(gap, gap) for a in avoid)]
    placed = []
    for anchor, point in anchors:
        rect = pygame.Rect(0, 0, w, h)
        setattr(rect, anchor, point)
        placed.append(rect.clamp(room))
    # then each of those moved just past a label it covers, up or down (a crowded table)
    placed += [
        rect.move(0, dy).clamp(room)
        for rect in list(placed)
        for a in keep
        if rect.colliderect(a)
        for dy in (a.bottom - rect.top, a.top - rect.bottom)
    ]
    best: tuple[int, int, int, pygame.Rect] | None = None
    for order, rect in enumerate(placed):
        hidden = hidden_area(rect, before)
        covered = hidden_area(rect, keep)
        if rect.colliderect(spot.inflate(-2, -2)) and spot.width > 2:
            covered += hidden_area(rect, [spot])  # a clamped box over the spot it points at
        if covered == 0:
            return rect
        if best is None or (hidden, covered, order) < best[:3]:
            best = (hidden, covered, order, rect)
    assert best is not None
    return best[3]


def hidden_area(box: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
    """How much of ``rects`` (in pixels, overlaps counted again) ``box`` covers."""
    total = 0
    for rect in rects:
        clip = box.clip(rect)
        total += clip.width * clip.height
    return total


class GestureTable(Protocol):
    """What a ``Gesture`` asks the table it serves (``TableScene`` answers each)."""

    def pick(self, pos: Point) -> Sprite | None:
        """The piece under the pointer that may be picked up now (in turn or out of it)."""

    def carry(self, pressed: Sprite, selection: Sequence[Sprite], at: Point) -> list[tuple[Sprite, Offset]]:
        """The pieces that travel when ``pressed`` is lifted at ``at``, in their order, each
        with its offset from the pointer (``group_of`` and ``fan`` give the usual answer)."""

    def drop_targets(self, held: list[Sprite]) -> list[DropTarget]:
        """The places where ``held`` may go, each saying whether the engine accepts it there.
        Only answers: nothing changes."""

    def drop(self, target: DropTarget, held: list[Sprite]) -> None:
        """Does what a drop on ``target`` means; raises ``IllegalMove`` when refused."""

    def refused(self, exc: IllegalMove, at: Point, target: DropTarget) -> None:
        """Reports a refused drop on ``target`` (released at ``at``)."""

    def on_piece_click(self, sprite: Sprite) -> None:
        """A click on ``sprite`` (after the selection took or let go of it)."""

    def on_piece_double_click(self, sprite: Sprite) -> None:
        """A second click on ``sprite`` within ``DOUBLE_CLICK`` seconds of frames."""

    def lay_out_pieces(self) -> None:
        """Send every piece to its place (after a gesture ends)."""


def group_of(pressed: Sprite, selection: Sequence[Sprite]) -> list[Sprite]:
    """The pieces a press on ``pressed`` lifts: the whole selection when ``pressed`` is in it,
    else ``pressed`` alone; from left to right."""
    chosen = any(s.key == pressed.key for s in selection)
    return sorted(selection if chosen else [pressed], key=lambda s: (s.x, s.y))


def fan(group: list[Sprite], pressed: Sprite, at: Point) -> list[tuple[Sprite, Offset]]:
    """``group`` held as it lay, or, for several pieces, as a tidy fan under the pointer with
    ``pressed`` where it was grabbed."""
    if len(group) == 1:
        return [(group[0], (group[0].x - at[0], group[0].y - at[1]))]
    spacing = group[0].width * 0.42
    index = next((i for i, s in enumerate(group) if s.key == pressed.key), 0)
    first = (pressed.x - at[0]) - index * spacing
    return [(s, (first + i * spacing, pressed.y - at[1])) for i, s in enumerate(group)]


class Gesture:
    """The one owner of the pointer's gestures at a table, in and out of turn: press, lift,
    follow, release (a drop), click and double-click, and the selection they build. The table
    answers its questions (``GestureTable``); the keyboard and the buttons change the
    selection through ``select`` and ``toggle``."""

    def __init__(self, table: GestureTable) -> None:
        self.table = table
        # What the table and its drawing read (tuples: the table changes the selection only
        # through ``select`` and ``toggle``).
        self.selection: tuple[Sprite, ...] = ()
        """The selected pieces (they travel together), in the order they were chosen."""
        self.held: tuple[Sprite, ...] = ()
        """The pieces following the pointer, in their order."""
        self.targets: tuple[DropTarget, ...] = ()
        """The places offered to what is held (asked once, when it was lifted)."""
        self.hovered: DropTarget | None = None
        """The place under the pointer while pieces are held."""
        self.pointer: Point | None = None
        """Where the pointer last moved to."""
        self._offsets: list[Offset] = []
        self._pressed: Sprite | None = None
        self._pressed_at: Point | None = None
        self.clock = 0.0
        """Seconds of frames the gesture has seen (``tick``): a double-click is timed in
        frames, never by the wall clock, so that tests stepping frames time it exactly."""
        self._last_click: tuple[float, object] = (-1.0, None)

    @property
    def dragging(self) -> bool:
        """True while pieces follow the pointer."""
        return bool(self.held)

    def is_selected(self, sprite: Sprite) -> bool:
        return any(s.key == sprite.key for s in self.selection)

    # What the table changes -------------------------------------------------------------------
    def select(self, sprites: Iterable[Sprite]) -> None:
        """Make ``sprites`` the selection."""
        self.selection = tuple(sprites)

    def toggle(self, sprite: Sprite) -> None:
        """``sprite`` joins the selection, or leaves it."""
        if self.is_selected(sprite):
            self.selection = tuple(s for s in self.selection if s.key != sprite.key)
        else:
            self.selection = (*self.selection, sprite)

    def cancel(self) -> None:
        """Let go of everything without playing (the table lays the pieces out again)."""
        for sprite in self.held:
            sprite.lift = 0.0
        self.held, self._offsets, self.targets, self.hovered = (), [], (), None
        self._pressed_at = self._pressed = None

    def tick(self, dt: float) -> None:
        """Let ``dt`` seconds of frame time pass."""
        self.clock += dt

    # The pointer ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """A press on a piece, the motion that lifts and carries it, the release that drops
        it or makes a click; True when the event was the gesture's."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = self.table.pick(event.pos)
            if sprite is None:
                return False
            self._pressed_at, self._pressed = event.pos, sprite
            return True
        if event.type == pygame.MOUSEMOTION:
            if self._pressed is not None and not self.held:
                dx, dy = event.pos[0] - self._pressed_at[0], event.pos[1] - self._pressed_at[1]
                if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                    self._lift(self._pressed, self._pressed_at)
            if self.held:
                self._follow(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.held:
                self._release(event.pos)
                return True
            if self._pressed is not None:
                sprite, self._pressed, self._pressed_at = self._pressed, None, None
                self._clicked(sprite)
                self.table.lay_out_pieces()
                return True
        return False

    def _clicked(self, sprite: Sprite) -> None:
        now = self.clock
        last_time, last_key = self._last_click
        if last_key == sprite.key and now - last_time < DOUBLE_CLICK:
            self._last_click = (-1.0, None)
            self.table.on_piece_double_click(sprite)
            return
        self._last_click = (now, sprite.key)
        self.toggle(sprite)
        self.table.on_piece_click(sprite)

    def _lift(self, pressed: Sprite, at: Point) -> None:
        carried = self.table.carry(pressed, self.selection, at)
        self.held = tuple(sprite for sprite, _ in carried)
        self._offsets = [offset for _, offset in carried]
        for sprite in self.held:
            sprite.lift = 1.0
        self.targets = tuple(self.table.drop_targets(list(self.held)))
        self._follow(at)

    def _follow(self, pos: Point) -> None:
        for sprite, (ox, oy) in zip(self.held, self._offsets, strict=True):
            sprite.place(pos[0] + ox, pos[1] + oy)
        self.hovered = self._target_at(pos)

    def _target_at(self, pos: Point) -> DropTarget | None:
        under = [t for t in self.targets if t.rect.collidepoint(pos)]
        if under:
            legal = [t for t in under if t.accepts]
            return (legal or under)[0]
        return None

    def _release(self, pos: Point) -> None:
        held, target = list(self.held), self._target_at(pos)
        self.cancel()
        if target is not None:
            try:
                self.table.drop(target, held)
            except IllegalMove as exc:
                self.table.refused(exc, pos, target)
            else:
                self.selection = tuple(s for s in self.selection if all(s.key != h.key for h in held))
        self.table.lay_out_pieces()

    def draw_targets(self, surface: pygame.Surface, radius: int) -> None:
        """Light up the places that accept what is held (the hovered one brighter)."""
        if not self.held:
            return
        for target in self.targets:
            if target.accepts and not target.quiet:
                draw_place(surface, target.rect, radius, hovered=target is self.hovered)


def draw_place(surface: pygame.Surface, rect: pygame.Rect, radius: int, hovered: bool) -> None:
    """A place that accepts what is held, lit (brighter when it is the one the pieces would go
    to: under the pointer, or chosen from the keyboard)."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*theme.DROP_GLOW, 70 if hovered else 34), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(
        layer,
        (*theme.DROP_GLOW, 255 if hovered else 170),
        layer.get_rect(),
        width=3 if hovered else 2,
        border_radius=radius,
    )
    surface.blit(layer, rect)
