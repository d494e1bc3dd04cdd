"""Drawing the 500 Rum table: the still layer (panels, labels, places, meld blocks), the parts
that follow the cards (credit stripes, the marks under the cards that may be taken), the cards
themselves with their halos, and the hover hints (how many cards a pick-up takes, who is
credited with a card on the table)."""

from __future__ import annotations

from functools import lru_cache, partial

import pygame

from game.ui import theme
from game.ui.tables.cardtable import CardTableDrawing, draw_slot, draw_stock
from game.ui.tables.rum500.summary import Rum500Summary, number, sheet_panel
from game.ui.tables.still import StillPart, panel_bounds, text_box

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


class Rum500Drawing(CardTableDrawing):
    """Draws ``table`` (a ``Rum500Table``)."""

    def draw(self, surface: pygame.Surface) -> None:
        top = self.table.app.scenes.top
        if isinstance(top, Rum500Summary) and top.table is self.table and top.covers(surface):
            return  # the summary shows a still picture of the table
        super().draw(surface)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        if self.table.show_sheet:
            self.draw_overlay(surface, *sheet_panel(self.table.pen(), self.table.view))

    # The still layer ---------------------------------------------------------------------------------
    def still_parts(self) -> list[StillPart]:
        """The round, the seat panels, the stock and the pile's places with their labels, the
        meld blocks."""
        table = self.table
        s, view, tr = table.scale, table.view, table.app.tr
        info = tr("rum500.round_info", n=view.round_number, target=view.options.target)
        button = table.sheet_button.rect
        pos = (button.right + s(16), button.centery)
        parts = [self.text_part("round", info, pos, s.font(18), theme.CREAM, bold=True, anchor="midleft")]
        parts += self._seat_parts()
        stock, pile_area = table.areas["stock"], table.areas["pile"]
        label_y = table.areas["pile_label"].bottom - s(4)
        stock_label = tr("rum500.stock", n=view.stock_count)
        parts.append(
            self.text_part(
                "stock_label",
                stock_label,
                (stock.x, label_y),
                s.font(15),
                theme.CREAM_SOFT,
                anchor="bottomleft",
            )
        )
        pile_label = tr("cards.discard_pile")
        parts.append(
            self.text_part(
                "pile_label",
                pile_label,
                (pile_area.x, label_y),
                s.font(15),
                theme.CREAM_SOFT,
                anchor="bottomleft",
            )
        )
        key = (tuple(stock), view.stock_count, table.app.settings.card_back)
        parts.append(
            StillPart("stock", stock.inflate(s(2), s(2)).union(stock.move(12, 12)), key, self._stock)
        )
        if table.pile is not None:
            slot = table.pile.slot
            parts.append(StillPart("pile", slot, tuple(slot), partial(self._slot, slot)))
        parts += self._block_parts()
        return parts

    def _stock(self, surface: pygame.Surface) -> None:
        stock, count = self.table.areas["stock"], self.table.view.stock_count
        if count:
            draw_stock(surface, self.table.painter, stock, count - 1)
        else:
            draw_slot(surface, stock, self.table.scale(8))

    def _slot(self, rect: pygame.Rect, surface: pygame.Surface) -> None:
        draw_slot(surface, rect, self.table.scale(8))

    def _seat_parts(self) -> list[StillPart]:
        table = self.table
        view, tr = table.view, table.app.tr
        on_table = view.table_points()
        parts = []
        for seat, rect in table.seat_rects.items():
            lines = [
                tr("rum500.seat.table", n=on_table[seat]),
                table.app.tr_n("cards.seat.cards", view.hand_sizes[seat]),
            ]
            over = view.phase in ("round_over", "game_over")
            points = tr("rum500.points", n=number(view.totals[seat]))
            active = view.current_player == seat and not over
            good = view.totals[seat] >= 0
            key = (
                tuple(rect),
                str(table.seat_name(seat)),
                tuple(map(str, lines)),
                active,
                str(points),
                good,
                table.seat_colour(seat),
            )
            paint = partial(self._seat, seat, rect, lines, active, points, good)
            parts.append(StillPart(("seat", seat), panel_bounds(table.scale, rect), key, paint))
        return parts

    def _seat(
        self,
        seat: int,
        rect: pygame.Rect,
        lines: list,
        active: bool,
        points,
        good: bool,
        surface: pygame.Surface,
    ) -> None:
        """A seat's panel with the stripe of its colour at its foot."""
        s = self.table.scale
        self.seat_panel(surface, seat, rect, lines, active=active, badge=points, badge_good=good)
        bar = pygame.Rect(rect.x + s(12), rect.bottom - s(8), rect.width - s(24), s(5))
        pygame.draw.rect(surface, self.table.seat_colour(seat), bar, border_radius=bar.height // 2)

    def _block_parts(self) -> list[StillPart]:
        """The meld blocks: a shaded area per player who started melds, named and underlined in
        the seat's colour, like the stripes under the cards (or, with no meld, a line saying so)."""
        table = self.table
        s, fonts, view = table.scale, table.app.fonts, table.view
        if not view.table:
            text = table.app.tr("cards.no_melds")
            centre = table.areas["melds"].center
            return [self.text_part("no_melds", text, centre, s.font(18), theme.CREAM_SOFT, anchor="center")]
        parts = []
        for seat, rect in table.flow.blocks.items():
            name = self.block_name(seat, rect)
            bounds = rect.union(text_box(fonts, name, (rect.x + s(10), rect.y + s(3)), s.font(16), bold=True))
            key = (tuple(rect), str(name), table.seat_colour(seat))
            parts.append(StillPart(("block", seat), bounds, key, partial(self._block, seat, rect, name)))
        return parts

    def block_name(self, seat: int, rect: pygame.Rect):
        """The seat's name over its melds, cut to its area's width."""
        s = self.table.scale
        return self.table.app.fonts.shorten(
            self.table.seat_name(seat), s.font(16), rect.width - s(20), bold=True
        )

    def _block(self, seat: int, rect: pygame.Rect, name, surface: pygame.Surface) -> None:
        s, fonts = self.table.scale, self.table.app.fonts
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, BLOCK_FILL, layer.get_rect(), border_radius=s(10))
        surface.blit(layer, rect)
        text = fonts.draw(surface, name, (rect.x + s(10), rect.y + s(3)), s.font(16), theme.CREAM, bold=True)
        underline = pygame.Rect(text.x, text.bottom - s(1), text.width, s(3))
        pygame.draw.rect(surface, self.table.seat_colour(seat), underline, border_radius=s(1))

    # Every frame, under the cards ------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        fonts = self.table.app.fonts
        self.table.sheet_button.draw(surface, fonts)
        for button in self.table.action_buttons():
            button.draw(surface, fonts)
        self._draw_credit_stripes(surface)
        self._draw_takeable_marks(surface)

    def _draw_credit_stripes(self, surface: pygame.Surface) -> None:
        """Under every card of a meld, a stripe in the colour of the seat credited with it. The
        stripes follow the cards, so a card gliding in brings its stripe along."""
        s, view = self.table.scale, self.table.view
        width = self.table.flow.card_w
        height = self.table.painter.height(width)
        sprites = self.table.sprites.sprites
        for index in self.table.flow.places:
            meld = view.table[index]
            step = self.table.flow.steps[index]
            last = len(meld.cards) - 1
            for k, (card, owner) in enumerate(zip(meld.cards, meld.owners, strict=True)):
                sprite = sprites.get(card.ident)
                if sprite is None or sprite in self.table.gesture.held:
                    continue
                w = (width if k == last else step) - s(2)
                stripe = pygame.Rect(round(sprite.x), round(sprite.y) + height + s(3), max(2, w), s(6))
                surface.fill(self.table.seat_colour(owner), stripe)

    def _draw_takeable_marks(self, surface: pygame.Surface) -> None:
        """In the player's draw phase, a small gold mark under each pile card they may take."""
        pile = self.table.pile
        if pile is None or self.table.view.phase != "draw" or not self.table.my_turn:
            return
        s = self.table.scale
        r = s(5)
        for i, strip in enumerate(pile.strips):
            if i not in self.table.model.takeable:
                continue
            cx = strip.x + min(strip.width, pile.card_w) // 2
            y = round(pile.positions[i][1]) + pile.card_h + s(4)
            pygame.draw.polygon(surface, theme.GOLD, [(cx, y), (cx - r, y + r + 1), (cx + r, y + r + 1)])

    # The cards ----------------------------------------------------------------------------------
    def draw_sprites(self, surface: pygame.Surface) -> None:
        view, painter = self.table.view, self.table.painter
        held = {s.key for s in self.table.gesture.held}
        selected = {s.key for s in self.table.gesture.selection if self.table.card_of(s.key) is not None}
        glowing = set()
        if view.must_use is not None and self.table.card_of(view.must_use.ident) is not None:
            glowing.add(view.must_use.ident)
        if view.phase == "claim" and view.claim_card is not None:
            glowing.add(view.claim_card.ident)
        spread = self.table.scale(9)
        for sprite in self.table.sprites.ordered():
            if sprite.key in held:
                continue
            if sprite.key in glowing:
                draw_halo(surface, sprite.rect(painter.height(sprite.width)), spread)
            painter.draw(surface, sprite, selected=sprite.key in selected)
        self._draw_must_use_tag(surface)
        if not self.table.gesture.dragging:
            self._draw_pile_hint(surface)
            self._draw_credit_hint(surface)
        for sprite in self.table.gesture.held:
            painter.draw(surface, sprite)

    def _draw_must_use_tag(self, surface: pygame.Surface) -> None:
        """A gold tag on the lower part of the card that must be used this turn."""
        card = self.table.view.must_use
        if card is None or self.table.card_of(card.ident) is None:
            return
        sprite = self.table.sprites.sprites.get(card.ident)
        if sprite is None or sprite in self.table.gesture.held:
            return
        s, fonts = self.table.scale, self.table.app.fonts
        rect = sprite.rect(self.table.painter.height(sprite.width))
        pill(
            surface,
            fonts,
            self.table.app.tr("rum500.must_use_tag"),
            (rect.x + s(4), rect.bottom - s(8)),
            s.font(15),
            anchor="bottomleft",
        )

    def hovered_pile_index(self) -> int | None:
        """The pile card under the pointer that the player may take now, if any."""
        pile, pos = self.table.pile, self.table.gesture.pointer
        if pile is None or pos is None or self.table.view.phase != "draw" or not self.table.my_turn:
            return None
        for i in range(len(pile.strips) - 1, -1, -1):
            if pile.strips[i].collidepoint(pos):
                return i if i in self.table.model.takeable else None
        return None

    def _draw_pile_hint(self, surface: pygame.Surface) -> None:
        """Over a card that may be taken: the cards the pick-up takes, outlined, and how many."""
        index = self.hovered_pile_index()
        if index is None:
            return
        s, fonts = self.table.scale, self.table.app.fonts
        group = self.table.pile.group_rect(index).inflate(s(6), s(6))
        pygame.draw.rect(surface, theme.GOLD, group, width=max(2, s(3)), border_radius=s(8))
        count = len(self.table.view.discard) - index
        label = self.table.app.tr_n("rum500.take", count)
        pill(surface, fonts, label, (group.x, group.y - s(4)), s.font(15), anchor="bottomleft")

    def _draw_credit_hint(self, surface: pygame.Surface) -> None:
        """Over a card on the table: who is credited with it and its value as it lies."""
        pos = self.table.gesture.pointer
        if pos is None:
            return
        for index, rect in self.table.flow.places.items():
            if not rect.collidepoint(pos):
                continue
            meld = self.table.view.table[index]
            k = self.table.flow.card_under(index, pos[0], len(meld.cards))
            points = meld.card_points()[k]
            owner = meld.owners[k]
            label = self.table.app.tr_n("rum500.credit", points, name=self.table.seat_name(owner))
            s = self.table.scale
            pill(
                surface,
                self.table.app.fonts,
                label,
                (self.table.flow.card_x(index, k), rect.y - s(4)),
                s.font(15),
                anchor="bottomleft",
            )
            return
