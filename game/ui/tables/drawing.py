"""How a table scene is drawn, the same way for the three games.

Each game's ``draw`` module subclasses ``TableDrawing`` and fills in the layers: ``draw_static``
(what changes only with the game or the layout: panels, labels, places; kept in a cached layer
until ``invalidate``), ``draw_table`` (moving parts under the pieces), ``draw_sprites`` (the
pieces), and ``draw_overlays`` (a score sheet opened over the table). ``draw`` never changes the
game or the turn in progress.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.tables import near_end
from game.ui.widgets import draw_panel


class TableDrawing:
    """Draws ``table`` (a ``TableScene``) frame by frame (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self._static: pygame.Surface | None = None
        self._static_key: tuple[int, int] | None = None
        self.overlay: tuple | None = None
        """The overlay panel drawn once per change (see ``overlay.draw_overlay``)."""

    def invalidate(self) -> None:
        """The still parts (felt, panels, labels, an open overlay) must be drawn again."""
        self._static_key = None
        self.overlay = None

    def draw(self, surface: pygame.Surface) -> None:
        """One frame of the table, bottom layer first."""
        table = self.table
        self.draw_backdrop(surface)
        self.draw_table(surface)
        table.drag.draw_targets(surface, table.scale(10))
        self.draw_sprites(surface)
        table.follow_layer.draw_marks(surface)
        self.draw_status(surface)
        table.follow_layer.draw_strip(surface)
        for b in table.top_buttons:
            b.draw(surface, table.app.fonts)
        self.draw_tooltips(surface)
        for bubble in table.bubbles:
            bubble.draw(surface, table.app.fonts, table.scale.font(18))
        self.draw_overlays(surface)
        table.follow_layer.draw_history(surface)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The still parts: the felt and ``draw_static``, drawn again after ``invalidate``."""
        size = surface.get_size()
        if self._static_key != size:
            static = self._static
            if static is None or static.get_size() != size:
                static = pygame.Surface(size).convert()
                self._static = static
            self.draw_background(static)
            self.draw_static(static)
            self._static_key = size
        surface.blit(self._static, (0, 0))

    def draw_background(self, surface: pygame.Surface) -> None:
        """The cloth under everything (the felt)."""
        surface.blit(self.table.app.art.felt(surface.get_size()), (0, 0))

    def draw_static(self, surface: pygame.Surface) -> None:
        """What changes only with the game or the layout (subclasses)."""

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
        if table.summary_folded:
            return ""  # the end-of-round bar lies there and says it
        text = table.status()
        warn = near_end.warning(table.app, table.game_id, table.view, table.follow.events)
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
        """The label of a hovered top-bar button (with its key)."""
        table = self.table
        s, fonts = table.scale, table.app.fonts
        for b in [*table.top_buttons, *self.more_tips()]:
            if b.hovered:
                fonts.draw(
                    surface,
                    self.tip(b),
                    (b.rect.centerx, b.rect.bottom + s(8)),
                    s.font(16),
                    theme.CREAM,
                    anchor="midtop",
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
    whose rows lie close together). Returns the pill."""
    s = scale
    size = s.font(14)
    w, h = fonts.size(label, size, bold=True)
    pill = pygame.Rect(0, 0, w + s(8), h + s(2))
    if inside:
        pill.midbottom = (piece.centerx, piece.bottom - s(2))
    else:
        pill.midtop = (piece.x + min(piece.width // 2, max(pill.width // 2, s(14))), piece.bottom - h // 2)
    pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
    if fill != theme.GOLD:
        pygame.draw.rect(surface, theme.GOLD, pill, width=max(1, s(2)), border_radius=pill.height // 2)
    fonts.draw(surface, label, pill.center, size, ink, bold=True, anchor="center")
    return pill
