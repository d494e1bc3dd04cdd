"""What a second copy of the game shows: it saves nothing, because another copy owns the user
folder's saves (``game.ui.owner``).

It says so three ways, in the player's language: a question when it opens (close this window,
or stay and look), a strip at the top of every screen, and the window's title.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import Text
from game.ui import theme

if TYPE_CHECKING:
    from game.ui.scene import AppServices
    from game.ui.text import Fonts


def say_so(app: AppServices) -> None:
    """Ask the player whether to close this window (another copy owns the saves)."""
    app.confirm(app.tr("owner.already_open"), app.tr("owner.close"), app.quit)


def draw_mark(surface: pygame.Surface, fonts: Fonts, scale: theme.Scale, text: Text) -> None:
    """The strip at the top of every screen of a read-only copy: ``text`` ("this window saves
    nothing") in cream on red."""
    rendered = fonts.render(text, scale.font(15), theme.CREAM)
    rect = rendered.get_rect().inflate(scale(28), scale(10))
    rect.midtop = (surface.get_width() // 2, 0)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (120, 28, 24, 225), layer.get_rect(), border_radius=scale(8))
    pygame.draw.rect(layer, (*theme.GOLD, 255), layer.get_rect(), width=1, border_radius=scale(8))
    layer.blit(rendered, rendered.get_rect(center=layer.get_rect().center))
    surface.blit(layer, rect)
