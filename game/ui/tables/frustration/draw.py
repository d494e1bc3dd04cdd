"""Drawing the Frustration Rummy table: the still layer (seat panels with contracts, the stock
and the discard pile's places, the meld blocks, the staging slots), the buttons and slot
outlines every frame, the cards (wilds marked), and the contract grid over the table."""

from __future__ import annotations

import pygame

from game.engine.frustration import contract
from game.i18n import Text, Verbatim
from game.ui import theme
from game.ui.tables.cardtable import CardTableDrawing, card_label, draw_slot, draw_stock
from game.ui.tables.drawing import draw_stand_in
from game.ui.tables.frustration.summary import contract_text, draw_grid_overlay


class FrustrationDrawing(CardTableDrawing):
    """Draws ``table`` (a ``FrustrationTable``)."""

    def draw_static(self, surface: pygame.Surface) -> None:
        s, fonts, view, tr = self.table.scale, self.table.app.fonts, self.table.view, self.table.app.tr
        anchor, _others = self.table.seating()
        info = tr("table.round", n=view.round_number)
        fonts.draw(
            surface,
            info,
            (self.table.sheet_button.rect.right + s(16), self.table.sheet_button.rect.centery),
            s.font(18),
            theme.CREAM,
            bold=True,
            anchor="midleft",
        )
        revealed = self.table.revealed_hands()
        for seat, rect in self.table.seat_rects.items():
            lines = [tr("frustration.seat.contract", n=view.contracts[seat])]
            count = self.table.app.tr_n("cards.seat.cards", view.hand_sizes[seat])
            if seat == anchor:
                lines += [contract_text(self.table.app, view.contracts[seat]), count]
            # The others' card count beside their contract, the fan of backs under both.
            aside = count if seat != anchor and not revealed else None
            badge = tr("frustration.seat.down") if view.down[seat] else None
            active = view.current_player == seat
            self.seat_panel(
                surface, seat, rect, lines, active=active, badge=badge, badge_good=True, aside=aside
            )
        stock, disc = self.table.areas["stock"], self.table.areas["discard"]
        fonts.draw(
            surface,
            tr("frustration.stock"),
            (stock.centerx, stock.y - s(6)),
            s.font(15),
            theme.CREAM_SOFT,
            anchor="midbottom",
        )
        fonts.draw(
            surface,
            tr("cards.discard_pile"),
            (disc.centerx, disc.y - s(6)),
            s.font(15),
            theme.CREAM_SOFT,
            anchor="midbottom",
        )
        draw_slot(surface, disc, s(8))
        draw_stock(surface, self.table.painter, stock, max(0, view.stock_count - 1))
        fonts.draw(
            surface,
            Verbatim(str(view.stock_count)),
            (stock.centerx, stock.bottom + s(18)),
            s.font(15),
            theme.CREAM_SOFT,
            anchor="midtop",
        )
        for seat, rect in self.table.meld_blocks.items():
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (0, 0, 0, 38), layer.get_rect(), border_radius=s(10))
            surface.blit(layer, rect)
            fonts.draw(
                surface,
                self.table.seat_name(seat),
                (rect.x + s(10), rect.y + s(4)),
                s.font(15),
                theme.GOLD,
                bold=True,
            )
        if not view.table:
            fonts.draw(
                surface,
                tr("cards.no_melds"),
                self.table.areas["melds"].center,
                s.font(18),
                theme.CREAM_SOFT,
                anchor="center",
            )
        if self.table.viewer is not None:
            for rect, label in zip(self.table.slot_rects, self._slot_labels(), strict=False):
                draw_slot(surface, rect, s(10))
                fonts.draw(
                    surface, label, (rect.x + s(10), rect.y + s(5)), s.font(15), theme.CREAM_SOFT, bold=True
                )

    def draw_table(self, surface: pygame.Surface) -> None:
        s, fonts = self.table.scale, self.table.app.fonts
        self.table.sheet_button.draw(surface, fonts)
        if self.table.viewer is not None:
            # The slots that take what is held (and only those) are outlined.
            lit = {t.key for t in self.table.drag.current_targets if t.accepts and self.table.drag.dragging}
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
        return [
            tr(f"frustration.part.{kind}", n=length) for kind, length in contract(self.table.view.contract)
        ]

    def draw_sprites(self, surface: pygame.Surface) -> None:
        held = {s.key for s in self.table.drag.held}
        selected = {s.key for s in self.table.drag.selection}
        wilds = {c.ident for m in self.table.view.table for c in m.cards if c.rank == 2}
        for sprite in self.table.sprites.ordered():
            if sprite.key in held:
                continue
            self.table.painter.draw(
                surface, sprite, wild=sprite.key in wilds, selected=sprite.key in selected
            )
        self._draw_stand_ins(surface, held)
        for sprite in self.table.drag.held:
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
            draw_grid_overlay(self.table, surface)
