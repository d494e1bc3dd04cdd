"""Drawing the 500 Rum table: the still layer (panels, labels, places, meld blocks), the parts
that follow the cards (credit stripes, the marks under the cards that may be taken), the cards
themselves with their halos, and the hover hints (how many cards a pick-up takes, who is
credited with a card on the table)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from game.ui import theme
from game.ui.tables.cardtable import INDEX_STEP, draw_seat_panel, draw_slot, draw_stock
from game.ui.tables.rum500_sheet import number

MELD_STEP = INDEX_STEP
"""Overlap of the cards of a meld (the part of each card left visible, in card widths)."""

SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (86, 180, 233),
    (240, 150, 40),
    (222, 120, 200),
    (240, 226, 80),
    (245, 245, 245),
    (232, 72, 60),
)
"""One colour per seat for the credit stripes: apart in hue and in lightness, all clear on felt."""

HALO = (255, 214, 102)
TAG_FILL = (233, 196, 106)
BLOCK_FILL = (0, 0, 0, 46)


@lru_cache(maxsize=16)
def _halo(size: tuple[int, int], spread: int, radius: int) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    for i in range(spread, 0, -1):
        alpha = int(235 * (1 - i / (spread + 1)) ** 1.2)
        pygame.draw.rect(
            surface,
            (*HALO, alpha),
            pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i),
            border_radius=radius + i,
        )
    return surface


def draw_halo(surface: pygame.Surface, rect: pygame.Rect, spread: int) -> None:
    """A soft gold glow around ``rect`` (the card that must be used, the card offered)."""
    halo = _halo(rect.size, spread, max(4, rect.width // 10))
    surface.blit(halo, (rect.x - spread, rect.y - spread))


def pill(
    surface: pygame.Surface, fonts, text: str, pos: tuple[int, int], size: int, *, anchor: str
) -> pygame.Rect:
    """A small gold label with dark ink (the tag on a card, a hint over the pile)."""
    tw = fonts.size(text, size, bold=True)[0]
    rect = pygame.Rect(0, 0, tw + size, fonts.line_height(size, bold=True) + size // 4)
    setattr(rect, anchor, pos)
    rect.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (60, 44, 10), rect.inflate(2, 2), border_radius=rect.height // 2)
    pygame.draw.rect(surface, TAG_FILL, rect, border_radius=rect.height // 2)
    fonts.draw(surface, text, rect.center, size, theme.INK, bold=True, anchor="center")
    return rect


# The still layer ---------------------------------------------------------------------------------
def draw_static(table: Any, surface: pygame.Surface) -> None:
    """Everything that changes only with the game or the layout."""
    s, fonts, view, tr = table.scale, table.app.fonts, table.view, table.app.tr
    info = tr("rum500.round_info", n=view.round_number, target=view.options.target)
    button = table.sheet_button.rect
    fonts.draw(
        surface,
        info,
        (button.right + s(16), button.centery),
        s.font(18),
        theme.CREAM,
        bold=True,
        anchor="midleft",
    )
    _draw_seats(table, surface)
    stock, pile_area = table.areas["stock"], table.areas["pile"]
    label_y = table.areas["pile_label"].bottom - s(4)
    fonts.draw(
        surface,
        table.app.tr("rum500.stock", n=view.stock_count),
        (stock.x, label_y),
        s.font(15),
        theme.CREAM_SOFT,
        anchor="bottomleft",
    )
    fonts.draw(
        surface,
        tr("rum500.discard"),
        (pile_area.x, label_y),
        s.font(15),
        theme.CREAM_SOFT,
        anchor="bottomleft",
    )
    if view.stock_count:
        draw_stock(surface, table.painter, stock, view.stock_count - 1)
    else:
        draw_slot(surface, stock, s(8))
    if table.pile is not None:
        draw_slot(surface, table.pile.slot, s(8))
    _draw_blocks(table, surface)


def _draw_seats(table: Any, surface: pygame.Surface) -> None:
    s, fonts, view, tr = table.scale, table.app.fonts, table.view, table.app.tr
    on_table = view.table_points()
    for seat, rect in table.seat_rects.items():
        lines = [
            tr("rum500.seat.table", n=on_table[seat]),
            table.app.tr_n("rum500.seat.cards", view.hand_sizes[seat]),
        ]
        draw_seat_panel(
            surface,
            fonts,
            s,
            rect,
            table.seat_name(seat),
            lines,
            active=view.current_player == seat and view.phase not in ("round_over", "game_over"),
            badge=tr("rum500.points", n=number(view.totals[seat])),
            badge_good=view.totals[seat] >= 0,
        )
        bar = pygame.Rect(rect.x + s(12), rect.bottom - s(8), rect.width - s(24), s(5))
        pygame.draw.rect(surface, table.seat_colour(seat), bar, border_radius=bar.height // 2)


def _draw_blocks(table: Any, surface: pygame.Surface) -> None:
    """The meld blocks: a shaded area per player who started melds, named and underlined in
    the seat's colour, like the stripes under the cards."""
    s, fonts, view = table.scale, table.app.fonts, table.view
    if not view.table:
        fonts.draw(
            surface,
            table.app.tr("rum500.no_melds"),
            table.areas["melds"].center,
            s.font(18),
            theme.CREAM_SOFT,
            anchor="center",
        )
        return
    size = s.font(16)
    for seat, rect in table.flow.blocks:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, BLOCK_FILL, layer.get_rect(), border_radius=s(10))
        surface.blit(layer, rect)
        name = table.seat_name(seat)
        text = fonts.draw(surface, name, (rect.x + s(10), rect.y + s(3)), size, theme.CREAM, bold=True)
        underline = pygame.Rect(text.x, text.bottom - s(1), text.width, s(3))
        pygame.draw.rect(surface, table.seat_colour(seat), underline, border_radius=s(1))


# Every frame, under the cards ------------------------------------------------------------------
def draw_moving_parts(table: Any, surface: pygame.Surface) -> None:
    fonts = table.app.fonts
    table.sheet_button.draw(surface, fonts)
    for button in table.action_buttons():
        button.draw(surface, fonts)
    _draw_credit_stripes(table, surface)
    _draw_takeable_marks(table, surface)


def _draw_credit_stripes(table: Any, surface: pygame.Surface) -> None:
    """Under every card of a meld, a stripe in the colour of the seat credited with it. The
    stripes follow the cards, so a card gliding in brings its stripe along."""
    s, view = table.scale, table.view
    width = table.flow.card_w
    height = table.painter.height(width)
    step = round(width * MELD_STEP)
    sprites = table.sprites.sprites
    for index in table.flow.places:
        meld = view.table[index]
        last = len(meld.cards) - 1
        for k, (card, owner) in enumerate(zip(meld.cards, meld.owners, strict=True)):
            sprite = sprites.get(card.ident)
            if sprite is None or sprite in table.drag.held:
                continue
            w = (width if k == last else step) - s(2)
            stripe = pygame.Rect(round(sprite.x), round(sprite.y) + height + s(3), max(2, w), s(6))
            surface.fill(table.seat_colour(owner), stripe)


def _draw_takeable_marks(table: Any, surface: pygame.Surface) -> None:
    """In the player's draw phase, a small gold mark under each pile card they may take."""
    pile = table.pile
    if pile is None or table.view.phase != "draw" or not table.my_turn:
        return
    s = table.scale
    r = s(5)
    for i, strip in enumerate(pile.strips):
        if i not in table.takeable:
            continue
        cx = strip.x + min(strip.width, pile.card_w) // 2
        y = round(pile.positions[i][1]) + pile.card_h + s(4)
        pygame.draw.polygon(surface, theme.GOLD, [(cx, y), (cx - r, y + r + 1), (cx + r, y + r + 1)])


# The cards ----------------------------------------------------------------------------------
def draw_cards(table: Any, surface: pygame.Surface) -> None:
    view, painter = table.view, table.painter
    held = {s.key for s in table.drag.held}
    selected = {s.key for s in table.drag.selection if table.card_of(s.key) is not None}
    glowing = set()
    if view.must_use is not None and table.card_of(view.must_use.ident) is not None:
        glowing.add(view.must_use.ident)
    if view.phase == "claim" and view.claim_card is not None:
        glowing.add(view.claim_card.ident)
    spread = table.scale(9)
    for sprite in table.sprites.ordered():
        if sprite.key in held:
            continue
        if sprite.key in glowing:
            draw_halo(surface, sprite.rect(painter.height(sprite.width)), spread)
        painter.draw(surface, sprite, selected=sprite.key in selected)
    _draw_must_use_tag(table, surface)
    if not table.drag.dragging:
        _draw_pile_hint(table, surface)
        _draw_credit_hint(table, surface)
    for sprite in table.drag.held:
        painter.draw(surface, sprite)


def _draw_must_use_tag(table: Any, surface: pygame.Surface) -> None:
    """A gold tag on the lower part of the card that must be used this turn."""
    card = table.view.must_use
    if card is None or table.card_of(card.ident) is None:
        return
    sprite = table.sprites.sprites.get(card.ident)
    if sprite is None or sprite in table.drag.held:
        return
    s, fonts = table.scale, table.app.fonts
    rect = sprite.rect(table.painter.height(sprite.width))
    pill(
        surface,
        fonts,
        table.app.tr("rum500.must_use_tag"),
        (rect.x + s(4), rect.bottom - s(8)),
        s.font(15),
        anchor="bottomleft",
    )


def hovered_pile_index(table: Any) -> int | None:
    """The pile card under the pointer that the player may take now, if any."""
    pile, pos = table.pile, table.hover
    if pile is None or pos is None or table.view.phase != "draw" or not table.my_turn:
        return None
    for i in range(len(pile.strips) - 1, -1, -1):
        if pile.strips[i].collidepoint(pos):
            return i if i in table.takeable else None
    return None


def _draw_pile_hint(table: Any, surface: pygame.Surface) -> None:
    """Over a card that may be taken: the cards the pick-up takes, outlined, and how many."""
    index = hovered_pile_index(table)
    if index is None:
        return
    s, fonts = table.scale, table.app.fonts
    group = table.pile.group_rect(index).inflate(s(6), s(6))
    pygame.draw.rect(surface, theme.GOLD, group, width=max(2, s(3)), border_radius=s(8))
    count = len(table.view.discard) - index
    label = table.app.tr_n("rum500.take", count)
    pill(surface, fonts, label, (group.x, group.y - s(4)), s.font(15), anchor="bottomleft")


def _draw_credit_hint(table: Any, surface: pygame.Surface) -> None:
    """Over a card on the table: who is credited with it and its value as it lies."""
    pos = table.hover
    if pos is None:
        return
    step = table.flow.card_w * MELD_STEP
    for index, rect in table.flow.places.items():
        if not rect.collidepoint(pos):
            continue
        meld = table.view.table[index]
        k = min(len(meld.cards) - 1, int((pos[0] - rect.x) // step))
        points = meld.card_points()[k]
        owner = meld.owners[k]
        label = table.app.tr_n("rum500.credit", points, name=table.seat_name(owner))
        s = table.scale
        pill(
            surface,
            table.app.fonts,
            label,
            (round(rect.x + k * step), rect.y - s(4)),
            s.font(15),
            anchor="bottomleft",
        )
        return
