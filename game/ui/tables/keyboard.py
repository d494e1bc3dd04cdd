"""Playing a table from the keyboard: a cursor walks the hand (or rack), Space picks pieces up
(selects them), Up and Down choose where they go among the places the engine would accept, and
Enter plays them there; X discards the piece under the cursor. The same keys in every game.
When the held pieces may go nowhere, Up, Down or X says the table's reason (as a drop would).

The cursor stays in the hand as it is shown; where a game keeps pieces elsewhere that the player
may take back or move (Frustration's staging slots, the tile table's combinations), Shift+Up
moves the cursor there and Shift+Down back (``rows``); Shift+Space picks up the whole group
under the cursor (``pick_group``). The cursor has its own look (blue corners, never the gold of
a selected piece), and the place chosen with Up and Down stays lit as a place under a dragged
piece is, until Enter.

On a busy table the places come in groups (``place_group``: a combination's places, a seat's
melds) and Page Up, Page Down (or Ctrl+Up, Ctrl+Down) jump to the first place of the next or
previous group; Ctrl+Left, Ctrl+Right move the cursor a group of pieces at a time (``group_of``:
the table's combinations).

Each game's subclass tells which pieces the cursor walks (``walk``, and ``rows``) and where held
pieces may go (``places``: drop targets that do not depend on where a pointer is); a keyboard
drop is then the same call as a mouse drop (``TableScene.drop``), so the engine stays the judge.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.errors import IllegalMove
from game.ui import theme
from game.ui.dnd import DropTarget, draw_place
from game.ui.motion import Sprite

DISCARD_KEYS = ("discard", "pool")
"""Drop targets that the discard key (X) aims at."""

JUMP_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
"""The keys that jump from group to group of places (as Ctrl+Up and Ctrl+Down do)."""


class TableKeys:
    """The keyboard cursor of one table (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.cursor = 0
        self.row = 0
        """Which of ``rows()`` the cursor walks (0: the hand)."""
        self.target: int | None = None
        """The index of the chosen destination in ``targets()``, if one is chosen."""
        self.shown = False
        """True once a key moved the cursor (the rings show until the mouse is used)."""

    # What each game tells -----------------------------------------------------------------------
    def walk(self) -> list[Sprite]:
        """The pieces the cursor walks, in the order shown (the hand or rack)."""
        return []

    def rows(self) -> list[list[Sprite]]:
        """The rows of pieces the cursor walks: the hand first, then (Shift+Up) the pieces a
        game keeps above it."""
        return [self.walk()]

    def places(self, held: list[Sprite]) -> list[DropTarget]:
        """Where ``held`` may go: the table's drop targets that play engine moves."""
        return [t for t in self.table.drop_targets(held) if t.moves]

    def group_of(self, piece: Sprite) -> list[Sprite]:
        """The pieces Shift+Space picks up with ``piece`` (a game's combination): itself."""
        return [piece]

    def place_group(self, target: DropTarget) -> str:
        """The name of the group of places ``target`` belongs to (Page Up and Page Down jump
        from group to group): each place on its own."""
        return target.key

    def refusal(self, held: list[Sprite], keys: tuple[str, ...] | None = None) -> IllegalMove | None:
        """The table's reason why ``held`` may not be dropped (on its places named ``keys``,
        or anywhere), if it gives one."""
        for target in self.table.drop_targets(held):
            if target.refusal is not None and not target.accepts and (keys is None or target.key in keys):
                refusal = target.refusal
                return refusal if isinstance(refusal, IllegalMove) else IllegalMove(refusal)
        return None

    # What the cursor sees ---------------------------------------------------------------------
    def pieces(self) -> list[Sprite]:
        """The pieces of the row the cursor is in."""
        rows = self.rows()
        if self.row >= len(rows) or not rows[self.row]:
            self.row = 0
        return [p for p in rows[self.row] if p is not None] if rows else []

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
        """The places the held pieces may go, each once, the places of a group together (in
        the order their groups first come)."""
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
        rank: dict[str, int] = {}
        for target in unique:
            rank.setdefault(self.place_group(target), len(rank))
        return sorted(unique, key=lambda t: rank[self.place_group(t)])

    def chosen(self) -> DropTarget | None:
        if self.target is None:
            return None
        targets = self.targets()
        if not targets:
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
        key, ctrl = event.key, event.mod & pygame.KMOD_CTRL
        if key in (pygame.K_UP, pygame.K_DOWN) and event.mod & pygame.KMOD_SHIFT:
            if not self.change_row(1 if key == pygame.K_UP else -1):
                return False
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and ctrl:
            self.jump_cursor(1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor += 1 if key == pygame.K_RIGHT else -1
            self.cursor %= max(1, len(self.pieces()))
            self.target = None
        elif key == pygame.K_SPACE and self.table.my_turn:
            if event.mod & pygame.KMOD_SHIFT:
                self.pick_group()
            else:
                self.toggle()
        elif (key in JUMP_KEYS or (key in (pygame.K_UP, pygame.K_DOWN) and ctrl)) and self.table.my_turn:
            if not self.targets():
                return self.say_refusal()
            self.jump_target(1 if key in (pygame.K_PAGEUP, pygame.K_UP) else -1)
        elif key in (pygame.K_UP, pygame.K_DOWN) and self.table.my_turn:
            count = len(self.targets())
            if not count:
                return self.say_refusal()
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
                return self.say_refusal(DISCARD_KEYS)
            self.play(aim)
        else:
            return False
        self.shown = True
        return True

    def change_row(self, step: int) -> bool:
        """Shift+Up or Shift+Down: the cursor into the next row that holds pieces that way;
        False when there is none."""
        rows = self.rows()
        row = self.row + step
        while 0 <= row < len(rows) and not rows[row]:
            row += step
        if not 0 <= row < len(rows):
            return False
        self.row, self.cursor, self.target = row, 0, None
        return True

    def jump_target(self, step: int) -> None:
        """Page Up (``step`` 1) or Page Down (-1): the first place of the next group of places,
        or back to the first place of this group (of the one before, from its first place);
        the first or the last group when no place is chosen."""
        groups = [self.place_group(t) for t in self.targets()]
        starts = [i for i, group in enumerate(groups) if i == 0 or group != groups[i - 1]]
        if self.target is None:
            self.target = starts[0] if step > 0 else starts[-1]
            return
        now = self.target % len(groups)
        if step > 0:
            self.target = next((i for i in starts if i > now), starts[0])
        else:
            self.target = next((i for i in reversed(starts) if i < now), starts[-1])

    def jump_cursor(self, step: int) -> None:
        """Ctrl+Right (``step`` 1) or Ctrl+Left (-1): the cursor onto the first piece of the
        next group of pieces of its row (``group_of``), or back to the first of its group (of
        the group before, from its first piece); round the row's ends."""
        pieces = self.pieces()
        if not pieces:
            return
        now = min(max(self.cursor, 0), len(pieces) - 1)
        firsts = {self.group_of(p)[0].key for p in pieces}
        starts = [i for i, p in enumerate(pieces) if p.key in firsts]
        if step > 0:
            self.cursor = next((i for i in starts if i > now), starts[0])
        else:
            self.cursor = next((i for i in reversed(starts) if i < now), starts[-1])
        self.target = None

    def say_refusal(self, keys: tuple[str, ...] | None = None) -> bool:
        """The table's reason why the held pieces may go nowhere (among ``keys``), shown as a
        refused drop's is, by the piece under the cursor; False when it gives none."""
        held = self.held()
        refusal = self.refusal(held, keys) if held else None
        if refusal is None:
            return False
        piece = self.current() or held[0]
        self.table.show_illegal(refusal, piece.rect(self.table.piece_height(piece.width)).midtop)
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

    def pick_group(self) -> None:
        """Shift+Space: the whole group of the piece under the cursor joins the selection, or
        leaves it when it is all selected already."""
        piece = self.current()
        if piece is None:
            return
        gesture = self.table.gesture
        group = self.group_of(piece)
        if all(gesture.is_selected(p) for p in group):
            gesture.select(s for s in gesture.selection if all(s.key != p.key for p in group))
        else:
            gesture.select([*gesture.selection, *(p for p in group if not gesture.is_selected(p))])
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
        keys = [p.key for p in self.pieces()]
        if held and held[0].key in keys:  # the cursor stays on the piece it moved
            self.cursor = keys.index(held[0].key)

    # Drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The chosen destination lit as a place under a dragged piece is, and the cursor's
        corners round the piece under it."""
        if not self.shown:
            return
        table = self.table
        width = max(2, table.scale(3)) if table.scale else 3
        chosen = self.chosen()
        if chosen is not None:  # lit, with a dark edge that shows on light pieces too
            radius = min(width * 3, min(chosen.rect.size) // 4)
            draw_place(surface, chosen.rect, radius, hovered=True)
            edge = chosen.rect.inflate(2, 2)
            pygame.draw.rect(surface, theme.INK, edge, width=1, border_radius=radius + 1)
        piece = self.current()
        if piece is not None:
            rect = piece.rect(table.piece_height(piece.width)).inflate(width * 3, width * 3)
            draw_cursor(surface, rect, width)


def draw_cursor(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    """The keyboard cursor round ``rect``: four corners in its own colour, with a dark edge so
    that they show on a card or a tile as on the felt (a selected piece has a whole gold ring)."""
    arm = max(width * 3, min(rect.width, rect.height) // 3)
    corners = (
        (rect.topleft, (1, 1)),
        (rect.topright, (-1, 1)),
        (rect.bottomleft, (1, -1)),
        (rect.bottomright, (-1, -1)),
    )
    for colour, thick in ((theme.INK, width + 2), (theme.CURSOR, width)):
        for (x, y), (dx, dy) in corners:
            x -= dx  # pygame draws the right and bottom edges one pixel in
            y -= dy
            pygame.draw.line(surface, colour, (x, y), (x + dx * arm, y), thick)
            pygame.draw.line(surface, colour, (x, y), (x, y + dy * arm), thick)


class HandKeys(TableKeys):
    """The card games: the cursor walks the hand as it is shown (staged cards lie elsewhere)."""

    def place_group(self, target: DropTarget) -> str:
        """The places on the melds of one seat's area are one group (its melds' ends, the
        wilds to take back), the staging slots another; every other place a group of its own."""
        kind, _, rest = target.key.partition(":")
        owners = self.table.meld_owners
        if kind in ("meld", "take"):
            index = int(rest.split(":")[0])
            return f"seat:{owners[index]}" if index < len(owners) else f"meld:{index}"
        return "slots" if kind == "slot" else target.key

    def walk(self) -> list[Sprite]:
        sprites = self.table.sprites.sprites
        return [sprites[c.ident] for c in self.table.model.hand_cards() if c.ident in sprites]
