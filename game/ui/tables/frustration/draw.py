"""Drawing the Frustration Rummy table: the still layer (seat panels with contracts, the stock
and the discard pile's places, the meld blocks, the staging slots), the buttons and slot
outlines every frame, the cards (wilds marked), and the contract grid over the table."""

from __future__ import annotations

from functools import partial

import pygame

from game.engine.frustration import contract
from game.i18n import Text, Verbatim
from game.ui import theme
from game.ui.tables.cardtable import CardTableDrawing, card_label, draw_slot, draw_stock
from game.ui.tables.drawing import draw_stand_in
from game.ui.tables.frustration.summary import contract_text, grid_panel
from game.ui.tables.move_words import contract_part
from game.ui.tables.still import StillPart, panel_bounds, text_box


class FrustrationDrawing(CardTableDrawing):
    """Draws ``table`` (a ``FrustrationTable``)."""

    def still_parts(self) -> list[StillPart]:
        """The round, the seat panels, the stock and the discard pile's place, the meld blocks
        and the staging slots."""
        table = self.table
        s, view, tr = table.scale, table.view, table.app.tr
        button = table.sheet_button.rect
        info = tr("table.round", n=view.round_number)
        pos = (button.right + s(16), button.centery)
        parts = [self.text_part("round", info, pos, s.font(18), theme.CREAM, bold=True, anchor="midleft")]
        parts += self._seat_parts()
        parts += self._pile_parts()
        for seat, rect in table.meld_blocks.items():
            name = table.seat_name(seat)
            bounds = rect.union(
                text_box(table.app.fonts, name, (rect.x + s(10), rect.y + s(4)), s.font(15), bold=True)
            )
            parts.append(
                StillPart(("block", seat), bounds, (tuple(rect), str(name)), partial(self._block, rect, name))
            )
        if not view.table:
            centre = table.areas["melds"].center
            text = tr("cards.no_melds")
            parts.append(
                self.text_part("no_melds", text, centre, s.font(18), theme.CREAM_SOFT, anchor="center")
            )
        if table.viewer is not None:
            for g, (rect, label) in enumerate(zip(table.slot_rects, self._slot_labels(), strict=False)):
                at = (rect.x + s(10), rect.y + s(5))
                bounds = rect.union(text_box(table.app.fonts, label, at, s.font(15), bold=True))
                key = (tuple(rect), str(label))
                parts.append(StillPart(("slot", g), bounds, key, partial(self._slot, rect, label)))
        return parts

    def _seat_parts(self) -> list[StillPart]:
        table = self.table
        view, tr = table.view, table.app.tr
        anchor, _others = table.seating()
        revealed = table.revealed_hands()
        parts = []
        for seat, rect in table.seat_rects.items():
            lines = [tr("frustration.seat.contract", n=view.contracts[seat])]
            count = table.app.tr_n("cards.seat.cards", view.hand_sizes[seat])
            if seat == anchor:
                lines += [contract_text(table.app, view.contracts[seat]), count]
            # The others' card count beside their contract, the fan of backs under both.
            aside = count if seat != anchor and not revealed else None
            badge = tr("frustration.seat.down") if view.down[seat] else None
            active = view.current_player == seat
            key = (
                tuple(rect),
                str(table.seat_name(seat)),
                tuple(map(str, lines)),
                active,
                str(badge),
                str(aside),
            )
            paint = partial(
                self.seat_panel,
                seat=seat,
                rect=rect,
                lines=lines,
                active=active,
                badge=badge,
                badge_good=True,
                aside=aside,
            )
            parts.append(StillPart(("seat", seat), panel_bounds(table.scale, rect), key, paint))
        return parts

    def _pile_parts(self) -> list[StillPart]:
        """The stock with its label and count, the discard pile's place with its label."""
        table = self.table
        s, fonts, view, tr = table.scale, table.app.fonts, table.view, table.app.tr
        stock, disc = table.areas["stock"], table.areas["discard"]
        label_at, count_at = (stock.centerx, stock.y - s(6)), (stock.centerx, stock.bottom + s(18))
        count = Verbatim(str(view.stock_count))
        bounds = stock.inflate(s(2), s(2)).union(stock.move(12, 12))
        bounds.union_ip(text_box(fonts, tr("frustration.stock"), label_at, s.font(15), anchor="midbottom"))
        bounds.union_ip(text_box(fonts, count, count_at, s.font(15), anchor="midtop"))
        key = (tuple(stock), view.stock_count, table.app.settings.card_back)
        disc_at = (disc.centerx, disc.y - s(6))
        disc_bounds = disc.union(
            text_box(fonts, tr("cards.discard_pile"), disc_at, s.font(15), anchor="midbottom")
        )
        return [
            StillPart("discard", disc_bounds, tuple(disc), self._discard_place),
            StillPart("stock", bounds, key, self._stock),
        ]

    def _stock(self, surface: pygame.Surface) -> None:
        table = self.table
        s, fonts, view = table.scale, table.app.fonts, table.view
        stock = table.areas["stock"]
        fonts.draw(
            surface,
            table.app.tr("frustration.stock"),
            (stock.centerx, stock.y - s(6)),
            s.font(15),
            theme.CREAM_SOFT,
            anchor="midbottom",
        )
        draw_stock(surface, table.painter, stock, max(0, view.stock_count - 1))
        fonts.draw(
            surface,
            Verbatim(str(view.stock_count)),
            (stock.centerx, stock.bottom + s(18)),
            s.font(15),
            theme.CREAM_SOFT,
            anchor="midtop",
        )

    def _discard_place(self, surface: pygame.Surface) -> None:
        table = self.table
        s, disc = table.scale, table.areas["discard"]
        table.app.fonts.draw(
            surface,
            table.app.tr("cards.discard_pile"),
            (disc.centerx, disc.y - s(6)),
            s.font(15),
            theme.CREAM_SOFT,
            anchor="midbottom",
        )
        draw_slot(surface, disc, s(8))

    def _block(self, rect: pygame.Rect, name: Verbatim, surface: pygame.Surface) -> None:
        s = self.table.scale
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (0, 0, 0, 38), layer.get_rect(), border_radius=s(10))
        surface.blit(layer, rect)
        self.table.app.fonts.draw(
            surface, name, (rect.x + s(10), rect.y + s(4)), s.font(15), theme.GOLD, bold=True
        )

    def _slot(self, rect: pygame.Rect, label: Text, surface: pygame.Surface) -> None:
        s = self.table.scale
        draw_slot(surface, rect, s(10))
        self.table.app.fonts.draw(
            surface, label, (rect.x + s(10), rect.y + s(5)), s.font(15), theme.CREAM_SOFT, bold=True
        )

    def draw_table(self, surface: pygame.Surface) -> None:
        s, fonts = self.table.scale, self.table.app.fonts
        self.table.sheet_button.draw(surface, fonts)
        if self.table.viewer is not None:
            # The slots that take what is held (and only those) are outlined.
            lit = {t.key for t in self.table.gesture.targets if t.accepts and self.table.gesture.dragging}
            for g, rect in enumerate(self.table.slot_rects):
                if f"slot:{g}" in lit:
                    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=s(10))
            self.table.lay_down_button.draw(surface, fonts)
            self.table.sort_suit.draw(surface, fonts)
            self.table.sort_rank.draw(surface, fonts)
            self.table.undo_button.draw(surface, fonts)

    def _slot_labels(self) -> list[Text]:
        tr = self.table.app.tr
        if self.table.view.is_down:
            return [tr("frustration.new_meld")]
        return [contract_part(self.table.app, kind, n) for kind, n in contract(self.table.view.contract)]

    def draw_sprites(self, surface: pygame.Surface) -> None:
        held = {s.key for s in self.table.gesture.held}
        selected = {s.key for s in self.table.gesture.selection}
        wilds = {c.ident for m in self.table.view.table for c in m.cards if c.rank == 2}
        for sprite in self.table.sprites.ordered():
            if sprite.key in held:
                continue
            self.table.painter.draw(
                surface, sprite, wild=sprite.key in wilds, selected=sprite.key in selected
            )
        self._draw_stand_ins(surface, held)
        for sprite in self.table.gesture.held:
            self.table.painter.draw(surface, sprite)

    def _draw_stand_ins(self, surface: pygame.Surface, held: set) -> None:
        """Under each wild of a run on the table, the card it stands for ("8♥")."""
        table = self.table
        s, fonts = table.scale, table.app.fonts
        for meld in table.view.table:
            for card, stands_for in zip(meld.cards, meld.stand_ins(), strict=True):
                sprite = table.sprites.sprites.get(card.ident)
                if stands_for is None or sprite is None or card.ident in held:
                    continue
                rect = sprite.rect(table.piece_height(sprite.width))
                draw_stand_in(surface, fonts, s, rect, card_label(table.app, stands_for))

    def draw_overlays(self, surface: pygame.Surface) -> None:
        if self.table.show_sheet:
            self.draw_overlay(surface, *grid_panel(self.table.pen(), self.table.view))
