"""The Frustration Rummy table.

Bottom: the player's hand (fanned, sortable, re-orderable by dragging) and, above it, the
staging area where the contract's melds are arranged before "Lay down" (once the contract is
down, the staging area makes extra melds). Middle: the stock and the discard pile on the left,
the melds on the table grouped by owner on the right. Top: every other player (name, cards in
hand, contract, laid down or not). The contract grid opens from the top bar or with G.

Gestures map onto engine moves: stock or discard pile -> hand draws; card -> table meld end
lays off; natural card -> a wild of a run takes the wild back; card -> discard pile discards.
A click on the stock or the discard pile draws from it; a double-click on a hand card discards
it when the setting says so; D draws, T takes the discard, Enter lays down, S and R sort. Legality always comes from the engine's legal moves.
"""

from __future__ import annotations

import pygame

from game.engine.errors import IllegalMove
from game.engine.frustration import (
    RUN,
    Discard,
    DrawDiscard,
    DrawStock,
    ExtraMeld,
    LayOff,
    TakeBackWild,
    contract,
    is_wild,
)
from game.engine.pieces import Card, make_cards
from game.i18n import Text
from game.ui.dnd import DropTarget
from game.ui.motion import Sprite
from game.ui.tables.base import key_cap, move_sounds
from game.ui.tables.card_scene import CardTableScene
from game.ui.tables.cardtable import fan_positions, hand_z, seat_text_bottom
from game.ui.tables.frustration.draw import FrustrationDrawing
from game.ui.tables.frustration.layout import seat_fan, slot_positions, slot_rects
from game.ui.tables.frustration.model import UI_SCHEMA, FrustrationTurn, goes_out_with, rank_order, suit_order
from game.ui.tables.frustration.summary import FrustrationSummary, contract_text
from game.ui.tables.keyboard import HandKeys
from game.ui.tables.meld_places import EMPTY, MeldLayout, MeldMetrics
from game.ui.tables.piece_words import the_card
from game.ui.widgets import Button, IconButton

STOCK_KEY = "stock"


class ContractKeys(HandKeys):
    """The keyboard cursor of the Frustration table: the contract's staging slots are places
    too, and their cards a row of their own (Shift+Up), from which the hand is a place."""

    def rows(self) -> list[list[Sprite]]:
        sprites = self.table.sprites.sprites
        staged = [sprites[i] for group in self.table.model.staged for i in group if i in sprites]
        return [self.walk(), staged]

    def places(self, held: list[Sprite]) -> list[DropTarget]:
        targets = self.table.drop_targets(held)
        staged = self.table.model.staged_ids()
        slots = [t for t in targets if t.key.startswith("slot:")]
        back = [t for t in targets if t.key == "hand" and any(h.key in staged for h in held)]
        return super().places(held) + slots + back


class FrustrationTable(CardTableScene):
    """The Frustration Rummy table scene (see the module docstring)."""

    game_id = "frustration"
    UI_SCHEMA = UI_SCHEMA
    SORTS = (suit_order, rank_order)
    OVER_STATUS = "table.round_over"
    SOUNDS = move_sounds(
        draw=("draw_stock", "draw_discard"),
        place=("discard", "lay_off"),
        meld=("lay_down", "extra_meld", "take_back_wild"),
        shuffle=("next_round",),
    )
    COACH_NOTES = ("go_out", "contract", "meld", "lay_off", "feed")

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.model: FrustrationTurn = FrustrationTurn(session.ui)
        self.drawing = FrustrationDrawing(self)
        self.keys = ContractKeys(self)
        self.meld_rects: list[tuple[int, pygame.Rect, list[pygame.Rect]]] = []
        """Each table meld's index, rectangle and the part of each of its cards that shows."""
        self.melds: MeldLayout = EMPTY
        self.meld_width: int | None = None
        self.slot_rects: list[pygame.Rect] = []
        tr = app.tr
        self.lay_down_button = Button(
            lambda: tr("cards.meld" if self.view.is_down else "frustration.lay_down"),
            self.lay_down_staged,
            primary=True,
            name="lay_down",
        )
        self.sort_suit = IconButton(
            lambda: tr("cards.sort_suit"),
            lambda: self.sort(suit_order),
            name="sort_suit",
            keys=key_cap("S"),
        )
        self.sort_rank = IconButton(
            lambda: tr("cards.sort_rank"),
            lambda: self.sort(rank_order),
            name="sort_rank",
            keys=key_cap("R"),
        )
        self.sheet_button = Button(lambda: tr("frustration.grid"), self.toggle_sheet, name="grid")

    # Moves ----------------------------------------------------------------------------------------
    def warm_up_jobs(self) -> list:
        widths = {
            self.hand_w,
            self.mid_w,
            self.stage_w,
            self.scale(58),
            self.meld_width or self.scale(58),  # the melds' first width (``lay_out_melds``)
            self.scale(32),  # the hands shown face up at the round's end (``put_revealed``)
        }
        jobs = [lambda w=w: self.painter.back(w) for w in widths | {self.scale(26)}]
        for width in sorted(widths):
            jobs += self._face_jobs(width)
        return jobs[::-1]

    def _face_jobs(self, width: int) -> list:
        """One job per face (and wild 2) at ``width``."""
        jobs = super()._face_jobs(width)
        return jobs + [
            lambda c=c, w=width: self.painter.face(c, w, wild=True) for c in make_cards(1, 2) if c.rank == 2
        ]

    def lay_down_staged(self) -> None:
        """Lay the staging area down (the contract), or its extra meld once down."""
        move = self.model.staged_move()
        at = self.lay_down_button.rect.midtop
        if isinstance(move, ExtraMeld):
            if move.cards and self.play(move, at):
                self.model.staged = [[]]
            return
        try:
            events = self.apply_moves((move,))
        except IllegalMove as exc:
            # Point at the slot at fault, with the reason for that meld, when one is.
            fault = self.model.slot_at_fault()
            if fault is not None and fault[0] < len(self.slot_rects):
                self.show_illegal(fault[1], self.slot_rects[fault[0]].midtop)
            else:
                self.show_illegal(exc, at)
            return
        self.gesture.cancel()
        self.after_moves([move], events)
        self.model.staged = []
        self.refresh()

    def draw_from_discard(self) -> None:
        move = self.model.legal_kind("draw_discard")
        if move is not None:
            self.play(move)

    # Layout -------------------------------------------------------------------------------------
    def lay_out_table(self, size: tuple[int, int]) -> None:
        w, h = size
        s, mx, my = self.scale, self.margin_x, self.margin_y
        self.hand_w = s(84)
        self.hand_h = self.painter.height(self.hand_w)
        self.mid_w = s(74)
        self.mid_h = self.painter.height(self.mid_w)
        self.stage_w = s(56)
        self.stage_h = self.painter.height(self.stage_w)
        top = my + s(54)
        anchor, others = self.seating()
        panel_h = s(96)
        self.lay_out_opponents(others, top, panel_h, mx)
        hand_area = pygame.Rect(
            mx + s(250), h - my - self.hand_h - s(8), w - 2 * mx - s(500), self.hand_h + s(8)
        )
        self.areas["hand"] = hand_area
        self.seat_rects[anchor] = pygame.Rect(mx, h - my - s(110), s(236), s(110))
        stage_top = hand_area.y - s(14) - (self.stage_h + s(34))
        self.areas["stage"] = pygame.Rect(mx + s(250), stage_top, w - 2 * mx - s(500), self.stage_h + s(34))
        self.status_rect.center = (w // 2, stage_top - s(26))
        mid_top = top + panel_h + s(18)
        mid_bottom = self.status_rect.top - self.follow_layer.strip_room() - s(8)  # room for a wild's pill
        self.areas["stock"] = pygame.Rect(mx + s(8), mid_top + s(26), self.mid_w, self.mid_h)
        self.areas["discard"] = pygame.Rect(
            self.areas["stock"].right + s(18), mid_top + s(26), self.mid_w, self.mid_h
        )
        self.areas["melds"] = pygame.Rect(
            self.areas["discard"].right + s(28),
            mid_top,
            w - mx - self.areas["discard"].right - s(28),
            mid_bottom - mid_top,
        )
        bw = s(46)
        self.sort_suit.rect = pygame.Rect(hand_area.right + s(16), hand_area.bottom - bw, bw, bw)
        self.sort_rank.rect = pygame.Rect(self.sort_suit.rect.right + s(10), hand_area.bottom - bw, bw, bw)
        for b in (self.sort_suit, self.sort_rank):
            b.icon = self.app.art.icon(b.name, int(bw * 0.56))
        self.lay_out_undo(self.sort_rank.rect.right + s(10), hand_area.bottom, bw)
        self.lay_down_button.rect = pygame.Rect(0, 0, s(200), s(48))
        self.lay_down_button.rect.midleft = (self.areas["stage"].right + s(16), self.areas["stage"].centery)
        self.lay_down_button.font_size = s.font(19)
        self.sheet_button.rect = pygame.Rect(0, 0, s(190), s(44))
        self.sheet_button.rect.topleft = (mx, my)
        self.sheet_button.font_size = s.font(17)

    def lay_out_pieces(self) -> None:
        view, d = self.view, self.duration()
        keep: set = set()
        anchor, _ = self.seating()

        def put(key, piece, x, y, width, z, face_up=True, delay=0.0):
            sprite = self.sprites.get(key, piece, self.spawn_point(key, piece), width)
            sprite.face_up = face_up
            sprite.z = z
            if sprite not in self.gesture.held:
                sprite.move_to(x, y, 0.0, d, delay)
            keep.add(key)
            return sprite

        # The player's hand and staging area
        if self.viewer is not None:
            cards = self.model.hand_cards()
            selected = {s.key for s in self.gesture.selection}
            lifts = [c.ident in selected for c in cards]
            spots = fan_positions(len(cards), self.areas["hand"], self.hand_w, self.hand_h, lift=lifts)
            for i, (card, (x, y)) in enumerate(zip(cards, spots, strict=True)):
                put(card.ident, card, x, y, self.hand_w, hand_z(100, i, len(cards), lifts[i]))
            self.slot_rects = slot_rects(self.areas["stage"], len(self.model.staged), self.scale(12))
            for g, group in enumerate(self.model.staged):
                cards_in = [c for c in (self.card_of(ident) for ident in group) if c is not None]
                inset = (self.scale(8), self.scale(6))
                spots = slot_positions(self.slot_rects[g], len(cards_in), self.stage_w, self.stage_h, inset)
                for k, (card, (x, y)) in enumerate(zip(cards_in, spots, strict=True)):
                    put(card.ident, card, x, y, self.stage_w, 60 + k)
        elif not self.revealed_hands():
            count = view.hand_sizes[anchor]
            for i, (x, y) in enumerate(fan_positions(count, self.areas["hand"], self.hand_w, self.hand_h)):
                put(("back", anchor, i), None, x, y, self.hand_w, 100 + i, face_up=False)
        # Opponents' hands: small fans of backs in their panels (face up once the round is over)
        revealed = self.revealed_hands()
        for seat, rect in self.seat_rects.items():
            if seat == anchor and (self.viewer is not None or not revealed):
                continue
            if revealed:
                self.put_revealed(put, seat, revealed[seat], rect, 20)
                continue
            count = view.hand_sizes[seat]
            under = seat_text_bottom(self.app.fonts, self.scale, rect, 1) + self.scale(2)
            fan, small = seat_fan(rect, under, self.scale, self.painter.height)
            step = min(small * 0.35, (fan.width - small) / max(1, count - 1)) if count > 1 else 0
            for i in range(count):
                back = put(("back", seat, i), None, fan.x + i * step, fan.y, small, 20 + i, face_up=False)
                back.data["shadow"] = i == count - 1
        # Discard pile (top three visible, slightly offset) and the stock's top
        pile = view.discard[-3:]
        disc = self.areas["discard"]
        for i, card in enumerate(pile):
            off = (len(pile) - 1 - i) * self.scale(3)
            put(card.ident, card, disc.x - off, disc.y - off, self.mid_w, 40 + i)
        if view.stock_count:
            stock = self.areas["stock"]
            put(STOCK_KEY, None, stock.x, stock.y, self.mid_w, 45, face_up=False)
        # Melds on the table, each seat's in its area
        self.melds = self.lay_out_melds()
        width = self.melds.card_w
        if width and width != self.meld_width:
            self.warm_faces(width)
        self.meld_width = width or self.meld_width
        self.meld_rects = []
        for index, rect in sorted(self.melds.places.items()):
            meld = view.table[index]
            last = len(meld.cards) - 1
            for k, card in enumerate(meld.cards):
                put(card.ident, card, self.melds.card_x(index, k), rect.y, width, 10 + k).data["shadow"] = (
                    k == last
                )
            self.meld_rects.append((index, rect, self.melds.strips(index, len(meld.cards))))
        self.sprites.keep_only(keep)

    def lay_out_melds(self) -> MeldLayout:
        """The melds on the table, each seat's in an area it keeps for the round."""
        s, view, fonts = self.scale, self.view, self.app.fonts
        name_h = fonts.line_height(s.font(15), bold=True)
        metrics = MeldMetrics(
            label_h=s(7) + name_h,
            pad=s(8),
            gap=s(12),
            line_gap=s(12),  # a wild's pill hangs under its card
            block_gap=s(12),
        )
        expected = {
            seat: [n for _kind, n in contract(view.contracts[seat])] for seat in range(view.num_players)
        }
        return self.settle_melds([m.owner for m in view.table], metrics, 58, expected)

    @property
    def meld_blocks(self) -> dict[int, pygame.Rect]:
        """Each seat's area of melds (shaded, its name at the top)."""
        return self.melds.blocks

    def screen_groups(self) -> list[list[Card]]:
        """The staging slots' cards (a lesson's arrangement steps look at them)."""
        if self.viewer is None:
            return []
        return [[c for c in (self.card_of(i) for i in group) if c is not None] for group in self.model.staged]

    def spawn_point(self, key, piece) -> tuple[float, float]:
        """Where a piece that just appeared comes from (a drawn card from the stock, a
        discarded or melded card from its player's seat)."""
        stock = self.areas.get("stock", pygame.Rect(0, 0, 1, 1))
        log = self.view.log
        last = log[-1] if log else None
        if isinstance(key, tuple) and key[0] == "back":
            if last is not None and last.kind == "draw" and last.source == "discard":
                return self.areas["discard"].topleft
            return stock.topleft
        if last is not None and last.kind in ("discard", "meld", "lay_off", "swap_wild"):
            rect = self.seat_rects.get(last.seat)
            if rect is not None and last.seat != self.viewer:
                return rect.center
        return stock.topleft

    def hand_of(self, seat: int) -> tuple:
        return self.state.hand(seat)

    def hand_penalty(self, seat: int) -> int | None:
        history = self.view.history
        return history[-1].penalties[seat] if history else None

    # Drag and drop ------------------------------------------------------------------------------
    def can_pick(self, sprite: Sprite) -> bool:
        """In the draw phase the stock and the discard top; the hand's cards always (before
        drawing, only to re-order them)."""
        view = self.view
        if isinstance(sprite.piece, Card) and self.card_of(sprite.key) is not None:
            return True
        if view.phase == "draw":
            return sprite.key == STOCK_KEY or bool(view.discard and sprite.key == view.discard[-1].ident)
        return False

    def drop_targets(self, held: list[Sprite]) -> list[DropTarget]:
        """Stock or discard top -> hand draws; cards -> a staging slot or back to the hand
        rearrange; one card -> discard pile discards, -> a meld lays off (a run's half stands
        for its end), -> a wild of a run takes the wild back."""
        reorder_only = self.reorder_targets(held)
        if reorder_only is not None:
            return reorder_only
        s = self.scale
        hand_zone = self.areas["hand"].inflate(s(40), s(30))
        first = held[0].key
        if first == STOCK_KEY or (self.view.discard and first == self.view.discard[-1].ident):
            move = DrawStock() if first == STOCK_KEY else DrawDiscard()
            legal = move in self.model.legal
            # Drawn onto a staging slot, the card is drawn and put in that slot.
            slots = [
                DropTarget(f"slot:{g}", rect, legal, moves=(move,), arrange=self._stage_drawn)
                for g, rect in enumerate(self.slot_rects)
            ]
            return [DropTarget("hand", hand_zone, legal, moves=(move,), arrange=self.land_in_hand), *slots]
        targets = [
            DropTarget(f"slot:{g}", rect, True, arrange=self._stage) for g, rect in enumerate(self.slot_rects)
        ]
        targets.append(DropTarget("hand", hand_zone, True, arrange=self.return_to_hand, quiet=True))
        if len(held) != 1:
            return targets
        card = held[0].piece
        discard = Discard(card)
        zone = self.areas["discard"].inflate(s(24), s(24))
        targets.append(DropTarget("discard", zone, discard in self.model.legal, moves=(discard,)))
        for index, rect, strips in self.meld_rects:
            meld = self.view.table[index]
            if meld.kind == RUN:
                for position, on_table in enumerate(meld.cards):
                    take = TakeBackWild(card, index, position)
                    if is_wild(on_table) and take in self.model.legal:
                        targets.append(
                            DropTarget(f"take:{index}:{position}", strips[position], True, moves=(take,))
                        )
            targets += self.run_end_targets(
                index, rect, lambda end, i=index: LayOff(card, i, end), grow_refused=False
            )
        return targets

    def _stage_drawn(self, held: list[Sprite], target: DropTarget) -> None:
        """A card just drawn onto a staging slot goes into that slot."""
        if self.model.arrived:
            self.model.stage(self.model.arrived, int(target.key.split(":")[1]))
            self.save_ui()
            self.lay_out_pieces()

    def _stage(self, held: list[Sprite], target: DropTarget) -> None:
        if self.my_turn and self.view.phase == "play":
            self.undo_turn.arranged(self.model.arrangement())
        self.model.stage([s.key for s in held], int(target.key.split(":")[1]))
        self.save_ui()
        self.gesture.select(())
        self.app.sound.play("place")
        self.lay_out_pieces()

    def feeds_next_player(self, view, piece: str) -> bool:
        return goes_out_with(view, piece)

    def on_piece_double_click(self, sprite: Sprite) -> None:
        if not self.my_turn:  # out of turn the hand is only re-ordered
            self.on_piece_click(sprite)
            return
        if sprite.key == STOCK_KEY:
            self.draw_from_stock()
        elif self.view.phase == "draw" and self.view.discard and sprite.key == self.view.discard[-1].ident:
            self.draw_from_discard()
        elif (
            self.view.phase == "play"
            and isinstance(sprite.piece, Card)
            and self.app.settings.double_click_discard
        ):
            self.gesture.select(())
            rect = sprite.rect(self.painter.height(sprite.width))
            self.play(Discard(sprite.piece), rect.midtop)

    def on_piece_click(self, sprite: Sprite) -> None:
        """A click on the stock or the discard pile draws from it; on a hand card selects it."""
        if sprite.key == STOCK_KEY or self.view.phase != "play":
            self.gesture.select(())
        drawing = self.my_turn and self.view.phase == "draw"
        if drawing and sprite.key == STOCK_KEY:
            self.draw_from_stock()
        elif drawing and self.view.discard and sprite.key == self.view.discard[-1].ident:
            self.draw_from_discard()
        self.lay_out_pieces()

    # Input --------------------------------------------------------------------------------------
    def widgets(self) -> list:
        return [
            *super().widgets(),
            self.sheet_button,
            self.sort_suit,
            self.sort_rank,
            self.undo_button,
            self.lay_down_button,
        ]

    def own_buttons(self) -> list[Button]:
        if self.viewer is None:
            return []
        return [self.sort_suit, self.sort_rank, self.undo_button, self.lay_down_button]

    def handle_key(self, key: int) -> bool:
        if key == pygame.K_t:
            self.draw_from_discard()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_m) and any(self.model.staged):
            self.lay_down_staged()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.lay_down_button.enabled = self.my_turn and self.view.phase == "play" and any(self.model.staged)
        super().update(dt)

    # Status -------------------------------------------------------------------------------------
    def turn_status(self) -> Text:
        view, tr = self.view, self.app.tr
        if view.phase == "draw":
            return tr("frustration.status.draw")
        if view.pending_wilds:
            return tr("frustration.status.play_wild", card=the_card(self.app, view.pending_wilds[0].text))
        if len(view.hand) == 1:
            return tr("frustration.status.go_out")
        if view.is_down:
            return tr("frustration.status.down")
        return tr("frustration.status.play", contract=contract_text(self.app, view.contract))

    # Summaries ----------------------------------------------------------------------------------------
    def summary_scene(self, final: bool):
        return FrustrationSummary(self.app, self, final=final)


SCENE = FrustrationTable
"""This package's table scene (``game.ui.scenes.navigation.table_class``)."""
