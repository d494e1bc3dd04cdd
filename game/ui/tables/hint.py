"""The hint at a table: what the normal level would play now, for the person at the screen.

The Hint button (and key H) asks the normal computer player, in the bot worker, for its move
with the player's own view and the seed that player's seat would have. The answer is shown and
never played: the pieces it names glow gold (a pulse, apart from the selection's lift and from
any outline) and a bubble says the move in words. The hint clears on the next action: a move, a
new view, or a drag.

``hint_pieces`` reads a move of any of the three games; ``move_words.describe`` says it, in the
words the "last turns" strip and the history use for the same action.
"""

from __future__ import annotations

import math
from concurrent.futures import Future
from typing import Any

import pygame

from game.engine.base import Move
from game.i18n import Text
from game.ui import text as text_layer
from game.ui import theme
from game.ui.dnd import clear_place
from game.ui.tables.move_words import describe, rack_pieces

HINT_LEVEL = "normal"
"""The level whose move a hint shows."""

HINT_GOLD = (255, 206, 64)
"""The hint's glow, a warmer and brighter gold than the table's other marks."""

PILE_KEYS = {"draw_stock": "stock", "draw": "pool"}
"""Moves that take from a face-down pile: the sprite key of that pile at the table."""


def hint_pieces(move: Move, view: Any) -> set[str]:
    """The sprite keys a hint lights for ``move``: the pieces it plays, the pile it takes
    from (the stock, the pool, the discard cards it takes, a claimed card)."""
    keys = {p.ident for p in rack_pieces(move, view)}
    if move.kind in PILE_KEYS:
        keys.add(PILE_KEYS[move.kind])
    elif move.kind == "draw_discard" and view.discard:
        keys.add(view.discard[-1].ident)
    elif move.kind == "take_discard":
        keys.update(c.ident for c in view.discard[move.index :])
    elif move.kind == "claim_rummy" and getattr(view, "claim_card", None) is not None:
        keys.add(view.claim_card.ident)
    return keys


class Hint:
    """The hint of one table (a ``TableScene``): asked, shown, cleared."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.pending: Future | None = None
        self.move: Move | None = None
        """The normal level's move being shown, or ``None``."""
        self.view: Any = None
        """The view the hint was asked for."""
        self.seed = 0
        """The seed the normal player was made with (the seat's own)."""
        self.pieces: set[str] = set()
        """The sprite keys that glow."""
        self.clock = 0.0
        self._bubble: tuple | None = None
        self.bubble_rect: pygame.Rect | None = None
        """Where the bubble was last drawn."""

    @property
    def shown(self) -> bool:
        return self.move is not None

    def request(self) -> None:
        """Ask the normal level for its move, on the player's own turn (the button, key H)."""
        table = self.table
        if not table.my_turn:
            table.app.sound.play("invalid")
            return
        if self.pending is not None:
            return
        self.clear()
        seat = table.state.current_player
        self.view = table.state.view(seat)
        self.seed = table.session.bot_seed * 10 + seat
        self.pending = table.turns.worker.ask_once(table.game_id, HINT_LEVEL, self.seed, self.view)
        self.table.app.sound.play("click")

    def clear(self) -> None:
        """Forget the hint (the next action)."""
        if self.pending is not None:
            self.pending.cancel()
        self.pending = None
        self.move = None
        self.pieces = set()
        self._bubble = None

    def update(self, dt: float) -> None:
        """Pick up the worker's answer; clear when a drag starts."""
        self.clock += dt
        if self.table.gesture.dragging and (self.shown or self.pending is not None):
            self.clear()
            return
        if self.pending is None or not self.pending.done():
            return
        future, self.pending = self.pending, None
        try:
            move = future.result()
        except Exception:
            from game.ai.registry import make_bot

            move = make_bot(self.table.game_id, HINT_LEVEL, self.seed).choose(self.view)
        if not self.table.my_turn:
            return
        self.move = move
        self.pieces = hint_pieces(move, self.view)

    def text(self) -> Text:
        """The bubble's sentence: "Hint: …"."""
        table = self.table
        words = describe(self.move, self.view, table.app.tr, table.piece_words)
        return table.app.tr("hint.says", move=words)

    # Drawing -------------------------------------------------------------------------------------
    def glowing(self) -> list[Any]:
        """The sprites that glow now (those of ``pieces`` on the table)."""
        sprites = self.table.sprites.sprites
        return [sprites[k] for k in sorted(self.pieces) if k in sprites]

    def draw(self, surface: pygame.Surface) -> None:
        """The glow on the hinted pieces and the bubble saying the move."""
        if self.move is None or getattr(self.table, "show_sheet", False):
            return
        table = self.table
        s = table.scale
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.2)
        rects = []
        ordered = table.sprites.ordered()
        lit = {id(sp) for sp in self.glowing()}
        for i, sprite in enumerate(ordered):
            if id(sprite) not in lit:
                continue
            rect = sprite.rect(table.piece_height(sprite.width))
            rects.append(rect)
            # A piece partly covered by another (a fan of cards) glows only where it shows.
            right = surface.get_width()
            for other in ordered[i + 1 :]:
                if id(other) in lit:
                    continue
                cover = other.rect(table.piece_height(other.width))
                if cover.colliderect(rect) and cover.left > rect.left and cover.top <= rect.top + s(8):
                    right = min(right, cover.left)
            clip = surface.get_clip()
            surface.set_clip(pygame.Rect(0, 0, right, surface.get_height()).clip(clip))
            draw_glow(surface, rect, s(7), pulse)
            surface.set_clip(clip)
        self.draw_bubble(surface, rects)

    def draw_bubble(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        table = self.table
        s, fonts = table.scale, table.app.fonts
        text = self.text()
        size = s.font(18)
        key = (str(text), size, surface.get_width())
        if self._bubble is None or self._bubble[0] != key:
            icon = table.app.art.icon("hint", size * 3 // 2, theme.GOLD)
            self._bubble = (key, bubble_surface(text, fonts, size, surface.get_width() // 2, icon))
        layer = self._bubble[1]
        # Beside the pieces it names (or the status line), clear of the labels and the status.
        around = rects[0].unionall(rects[1:]) if rects else table.status_rect
        room = surface.get_rect().inflate(-table.margin_x * 2, -table.margin_y * 2)
        rect = clear_place(layer.get_size(), around, s(14), room, table.labels())
        surface.blit(layer, rect)
        text_layer.note(surface, "bubble", rect)
        self.bubble_rect = rect


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, spread: int, pulse: float) -> None:
    """A gold glow around ``rect``, its strength following ``pulse`` (0 to 1): a soft halo,
    a bright edge and a light gold wash over the piece."""
    outer = rect.inflate(spread * 2, spread * 2)
    layer = pygame.Surface(outer.size, pygame.SRCALPHA)
    radius = max(4, rect.width // 10)
    for i in range(spread):
        alpha = int((70 + 90 * pulse) * (i + 1) / spread)
        ring = layer.get_rect().inflate(-i * 2, -i * 2)
        pygame.draw.rect(layer, (*HINT_GOLD, alpha), ring, width=2, border_radius=radius + spread - i)
    inner = layer.get_rect().inflate(-spread * 2 + 4, -spread * 2 + 4)
    pygame.draw.rect(layer, (*HINT_GOLD, 40 + int(30 * pulse)), inner.inflate(-6, -6), border_radius=radius)
    pygame.draw.rect(layer, (*HINT_GOLD, 200 + int(55 * pulse)), inner, width=4, border_radius=radius + 2)
    surface.blit(layer, outer)


def bubble_surface(text: Text, fonts: Any, size: int, width: int, icon: pygame.Surface) -> pygame.Surface:
    """The hint's bubble: a dark green panel with a gold edge, the hint ``icon`` and the text."""
    room = width - icon.get_width() - size * 2
    lines = fonts.wrap(text, size, room, bold=True)
    line_h = fonts.line_height(size, bold=True)
    text_w = max(fonts.size(line, size, bold=True)[0] for line in lines)
    w = text_w + icon.get_width() + size * 2 + size // 2
    h = max(icon.get_height() + size // 2, line_h * len(lines) + size)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(layer, (14, 46, 32, 240), layer.get_rect(), border_radius=size // 2)
    pygame.draw.rect(layer, (*theme.GOLD, 255), layer.get_rect(), width=2, border_radius=size // 2)
    layer.blit(icon, icon.get_rect(midleft=(size // 2 + 2, h // 2)))
    x = size + icon.get_width()
    top = (h - line_h * len(lines)) // 2
    for i, line in enumerate(lines):
        rendered = fonts.render(line, size, theme.CREAM, bold=True)
        layer.blit(rendered, (x, top + i * line_h))
    return layer
