"""How a table scene is drawn, the same way for the three games.

Each game's ``draw`` module subclasses ``TableDrawing`` and fills in the layers: ``still_parts``
(what changes only with a move or the layout: panels, labels, places; kept on the still layer,
``tables/still.py``, where after a move only the parts that changed are drawn again, and all of
it after ``invalidate``), ``draw_table`` (moving parts under the pieces), ``draw_sprites`` (the
pieces), and ``draw_overlays`` (a score sheet opened over the table). ``draw`` never changes the
game or the turn in progress.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from game.ui import theme
from game.ui.tables.overlay import Paint, PanelSize, compose, darken
from game.ui.tables.still import StillLayer, StillPart, text_box
from game.ui.widgets import draw_panel, draw_tooltip


class TableDrawing:
    """Draws ``table`` (a ``TableScene``) frame by frame (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.still = StillLayer()
        """The felt and the still parts, drawn again only where they changed."""
        self._still_whole = True
        self._still_stale = True
        self._still_marker: Hashable = None
        self.overlay: tuple | None = None
        """The overlay panel drawn once per change (see ``overlay.draw_overlay``)."""

    def invalidate(self) -> None:
        """The layout changed (a new size, another language): the whole still layer and an
        open overlay must be drawn again."""
        self._still_whole = True
        self.overlay = None

    def changed(self) -> None:
        """The game changed (a move, another seat looking): at the next frame the still parts
        are listed again and only those that differ are drawn again; an open overlay is drawn
        again."""
        self._still_stale = True
        self.overlay = None

    def draw(self, surface: pygame.Surface) -> None:
        """One frame of the table, bottom layer first."""
        table = self.table
        self.draw_backdrop(surface)
        self.draw_table(surface)
        table.gesture.draw_targets(surface, table.scale(10))
        self.draw_sprites(surface)
        table.follow_layer.draw_marks(surface)
        self.draw_status(surface)
        table.follow_layer.draw_strip(surface)
        for b in table.top_buttons:
            b.draw(surface, table.app.fonts)
        self.draw_tooltips(surface)
        labels = table.labels() if table.bubbles else []
        for bubble in table.bubbles:
            bubble.draw(surface, table.app.fonts, table.scale.font(18), labels)
        if table.round_end is None:  # over a round's summary, the summary draws them over itself
            self.draw_covers(surface)

    def draw_covers(self, surface: pygame.Surface) -> None:
        """The table's own panels over everything: the score sheet, the round's history."""
        self.draw_overlays(surface)
        self.table.follow_layer.draw_history(surface)

    def draw_bar(self, surface: pygame.Surface) -> None:
        """The controls along the top of the window (the score sheet's button, the top bar) and
        the tooltip of the one under the pointer: drawn again over a round's summary, where
        they stay alive."""
        table = self.table
        fonts = table.app.fonts
        if table.sheet_button is not None:
            table.sheet_button.draw(surface, fonts)
        for b in table.bar_buttons():
            b.draw(surface, fonts)
        self.draw_tooltips(surface)

    def draw_overlay(self, surface: pygame.Surface, panel_size: PanelSize, paint: Paint) -> None:
        """Darken ``surface`` and put the table's overlay panel on it, centred in the room the
        table gives it (``overlay_room``), of ``panel_size(width, height)`` of that room,
        painted by ``paint`` once per ``invalidate`` or ``changed``."""
        darken(surface)
        room = self.table.overlay_room(surface.get_size())
        if self.overlay is None or self.overlay[0] != room:
            panel = pygame.Rect((0, 0), panel_size(room.width, room.height))
            panel.center = room.center
            self.overlay = (room, *compose(panel, self.table.scale(16), paint))
        surface.blit(self.overlay[1], self.overlay[2])

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The still layer (the felt and ``still_parts``), brought up to date: all of it after
        ``invalidate``, only the parts that changed after ``changed`` or when ``still_marker``
        differs."""
        size = surface.get_size()
        marker = self.still_marker()
        if self._still_whole or self.still.size != size:
            self.still.redraw_all(self.table.app.art.felt(size), self.still_parts())
        elif self._still_stale or marker != self._still_marker:
            self.still.update(self.table.app.art.felt(size), self.still_parts())
        self._still_whole = self._still_stale = False
        self._still_marker = marker
        surface.blit(self.still.surface, (0, 0))

    def still_parts(self) -> list[StillPart]:
        """What lies on the felt between moves, as parts (subclasses; see ``tables/still.py``):
        each part's key holds everything its look depends on."""
        return []

    def text_part(
        self,
        name: Hashable,
        text: Any,
        pos: tuple[int, int],
        size: int,
        colour: tuple[int, ...],
        *,
        bold: bool = False,
        anchor: str = "topleft",
    ) -> StillPart:
        """A line of text on the still layer, as ``fonts.draw`` would draw it."""
        fonts = self.table.app.fonts
        return StillPart(
            name,
            text_box(fonts, text, pos, size, bold=bold, anchor=anchor),
            (str(text), pos, size, colour, bold, anchor),
            lambda surface: fonts.draw(surface, text, pos, size, colour, bold=bold, anchor=anchor),
        )

    def still_marker(self) -> Hashable:
        """Something cheap to compare each frame that differs when the still parts may have
        changed without a move (subclasses: the tile table's draft turn)."""
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table's moving parts, under the pieces, every frame (subclasses)."""

    def draw_sprites(self, surface: pygame.Surface) -> None:
        """The pieces (subclasses)."""

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """A panel opened over the table, such as a score sheet (subclasses)."""

    def status_text(self) -> Any:
        """The status line: what the person at the screen can do next, and the near-end
        warning of the game (tile stalemate circuits, 500 Rum's stock) when there is one."""
        table = self.table
        if table.summary_folded or table.lesson is not None:
            return ""  # the end-of-round bar, or a lesson's coach panel, lies there and says it
        text = table.status()
        warn = table.near_end_warning()
        if warn:
            text = table.app.tr("follow.status_warning", status=text, warning=warn) if text else warn
        return text

    def draw_status(self, surface: pygame.Surface) -> None:
        """What the person at the screen can do next, in a pill."""
        table = self.table
        text = self.status_text()
        if not text:
            return
        s, fonts, area = table.scale, table.app.fonts, table.status_rect
        size = fonts.fit(text, s.font(20), area.width - s(40), bold=True)
        width = fonts.size(text, size, bold=True)[0] + s(44)
        rect = pygame.Rect(0, 0, width, area.height)
        rect.center = area.center
        draw_panel(
            surface,
            rect,
            colour=(10, 30, 22, 200),
            edge=theme.GOLD if table.my_turn else None,
            radius=rect.height // 2,
            shadow=False,
        )
        fonts.draw(surface, text, rect.center, size, theme.CREAM, bold=True, anchor="center")

    def tip(self, button: Any) -> Any:
        """A button's tooltip: its label, and the key that does the same."""
        if button.keys is None:
            return button.label()
        return self.table.app.tr("table.tooltip", label=button.label(), keys=button.keys())

    def more_tips(self) -> list:
        """Other icon buttons whose tooltip shows under them (subclasses)."""
        return []

    def draw_tooltips(self, surface: pygame.Surface) -> None:
        """The label of a hovered icon button (with its key), whole inside the window."""
        table = self.table
        for b in [*table.top_buttons, *self.more_tips()]:
            if b.hovered:
                draw_tooltip(
                    surface, table.app.fonts, table.scale.font(16), self.tip(b), b.rect, table.margin
                )


def draw_stand_in(
    surface: pygame.Surface,
    fonts: Any,
    scale: theme.Scale,
    piece: pygame.Rect,
    label: Any,
    *,
    ink: tuple[int, ...] = theme.INK,
    fill: tuple[int, ...] = theme.GOLD,
    inside: bool = False,
) -> pygame.Rect:
    """The piece a wild (a joker, a star) stands for, in a small pill at the foot of the wild
    whose rectangle is ``piece``: astride its lower edge (a card), or ``inside`` it (a tile,
    whose rows lie close together): then in its lower third, within its width, so that the
    wild above it always shows (a star standing for 13 never reads as a plain 13). Returns the
    pill."""
    s = scale
    size = s.font(14)
    if inside:
        size = max(7, min(size, piece.height * 3 // 10))
        while size > 7 and fonts.size(label, size, bold=True)[0] + 4 > piece.width - 4:
            size -= 1
    w, h = fonts.size(label, size, bold=True)
    if inside:
        pill = pygame.Rect(0, 0, min(piece.width - 2, w + max(4, s(8))), h)
        pill.midbottom = (piece.centerx, piece.bottom - max(1, piece.height // 16))
    else:
        pill = pygame.Rect(0, 0, w + s(8), h + s(2))
        pill.midtop = (piece.x + min(piece.width // 2, max(pill.width // 2, s(14))), piece.bottom - h // 2)
    pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
    if fill != theme.GOLD:
        edge = max(1, min(s(2), pill.height // 8))
        pygame.draw.rect(surface, theme.GOLD_DARK, pill, width=edge, border_radius=pill.height // 2)
    fonts.draw(surface, label, pill.center, size, ink, bold=True, anchor="center")
    return pill
