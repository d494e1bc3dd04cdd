"""Playing a table from the keyboard: a cursor walks the hand (or rack), Space picks pieces up
(selects them), Up and Down choose where they go among the places the engine would accept, and
Enter plays them there; X discards the piece under the cursor. The same keys in every game.

Each game's subclass tells which pieces the cursor walks (``walk``) and where held pieces may go
(``places``: drop targets that do not depend on where a pointer is); a keyboard drop is then the
same call as a mouse drop (``TableScene.drop``), so the engine stays the judge.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.errors import IllegalMove
from game.ui import theme
from game.ui.dnd import DropTarget
from game.ui.motion import Sprite

DISCARD_KEYS = ("discard", "pool")
"""Drop targets that the discard key (X) aims at."""


class TableKeys:
    """The keyboard cursor of one table (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.cursor = 0
        self.target: int | None = None
        """The index of the chosen destination in ``targets()``, if one is chosen."""
        self.shown = False
        """True once a key moved the cursor (the rings show until the mouse is used)."""

    # What each game tells -----------------------------------------------------------------------
    def walk(self) -> list[Sprite]:
        """The pieces the cursor walks, in the order shown (the hand or rack)."""
        return []

    def places(self, held: list[Sprite]) -> list[DropTarget]:
        """Where ``held`` may go: the table's drop targets that play engine moves."""
        return [t for t in self.table.drop_targets(held) if t.moves]

    # What the cursor sees ---------------------------------------------------------------------
    def pieces(self) -> list[Sprite]:
        return [p for p in self.walk() if p is not None]

    def current(self) -> Sprite | None:
        pieces = self.pieces()
        if not pieces:
            return None
        self.cursor = min(max(self.cursor, 0), len(pieces) - 1)
        return pieces[self.cursor]

    def held(self) -> list[Sprite]:
        """The selected pieces, or the one under the cursor."""
        selection = list(self.table.gesture.selection)
        if selection:
            return selection
        piece = self.current()
        return [piece] if piece is not None else []

    def targets(self) -> list[DropTarget]:
        held = self.held()
        if not held or not self.table.my_turn:
            return []
        seen: set = set()
        unique = []
        for target in self.places(held):
            mark = target.moves or target.key
            if target.accepts and mark not in seen:
                seen.add(mark)
                unique.append(target)
        return unique

    def chosen(self) -> DropTarget | None:
        targets = self.targets()
        if self.target is None or not targets:
            return None
        return targets[self.target % len(targets)]

    # Keys -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Cursor keys, Space, Up/Down, Enter (with a destination chosen), X and Escape (with a
        destination chosen); True when used."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.shown, self.target = False, None
            return False
        if event.type != pygame.KEYDOWN or self.table.viewer is None:
            return False
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor += 1 if key == pygame.K_RIGHT else -1
            self.cursor %= max(1, len(self.pieces()))
            self.target = None
        elif key == pygame.K_SPACE and self.table.my_turn:
            self.toggle()
        elif key in (pygame.K_UP, pygame.K_DOWN) and self.table.my_turn:
            count = len(self.targets())
            if not count:
                return False
            if self.target is None:
                self.target = 0 if key == pygame.K_UP else count - 1
            else:
                self.target = (self.target + (1 if key == pygame.K_UP else -1)) % count
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.chosen() is not None:
            self.play(self.chosen())
        elif key == pygame.K_ESCAPE and (self.target is not None or self.table.gesture.selection):
            self.target = None
            self.table.gesture.select(())
            self.table.lay_out_pieces()
        elif key == pygame.K_x and self.table.my_turn:
            aim = next((t for t in self.targets() if t.key in DISCARD_KEYS), None)
            if aim is None:
                return False
            self.play(aim)
        else:
            return False
        self.shown = True
        return True

    def toggle(self) -> None:
        """Space: the piece under the cursor joins or leaves the selection."""
        piece = self.current()
        if piece is None:
            return
        self.table.gesture.toggle(piece)
        self.target = None
        self.table.app.sound.play("click")
        self.table.lay_out_pieces()

    def play(self, target: DropTarget) -> None:
        """Drop the held pieces on ``target``, as a mouse drop there would."""
        table = self.table
        held = self.held()
        anchor = target.rect.center
        self.target = None
        try:
            table.drop(target, held)
        except IllegalMove as exc:
            table.show_illegal(exc, anchor)
        table.gesture.select(())
        table.lay_out_pieces()

    # Drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """A gold ring round the piece under the cursor and round the chosen destination."""
        if not self.shown:
            return
        table = self.table
        width = max(2, table.scale(3)) if table.scale else 3
        piece = self.current()
        if piece is not None:
            rect = piece.rect(table.piece_height(piece.width)).inflate(width * 2, width * 2)
            pygame.draw.rect(surface, theme.GOLD, rect, width=width, border_radius=width * 2)
        chosen = self.chosen()
        if chosen is not None:
            pygame.draw.rect(surface, theme.CREAM, chosen.rect, width=width, border_radius=width * 3)


class HandKeys(TableKeys):
    """The card games: the cursor walks the hand as it is shown."""

    def walk(self) -> list[Sprite]:
        sprites = self.table.sprites.sprites
        return [sprites[k] for k in self.table.model.hand_order if k in sprites]
