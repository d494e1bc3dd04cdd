"""The 500 Rum table.

Bottom: the hand (fanned, sortable, re-orderable), the seat panel and the action buttons (Meld,
End the hand, Rummy!, Pass). Top: the other players, then the stock and the spread discard pile.
In the middle the melds by the player who started them, each card striped in the colour of the
seat credited with it (the seat panels are the legend).

Gestures map onto engine moves (legality always from the engine): a click on the stock, or the
stock -> hand, draws; a click on a pile card, or that card -> hand, takes it and every card above
it; selected hand cards -> the table melds them (or Meld); a card -> a meld lays it off (at the end
it is dropped on for a run); a card -> the pile discards (or a double-click, when the setting says
so). In a claim window the discarded card -> a meld (or the table, with the selected hand cards)
claims it. Keys: D draws, T takes the top of the pile (in the draw phase the cursor also walks the
pile: Space, Up or Down to the hand, Enter takes the card under it), Enter or M melds, S and R
sort, G shows the score sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.engine.base import Event, Move
from game.engine.pieces import Card
from game.engine.rum500 import ClaimRummy, Discard, DrawStock, LayOff, PassClaim, PassEmptyStock, TakeDiscard
from game.i18n import Text
from game.ui.dnd import DropTarget, Offset, Point
from game.ui.motion import Sprite
from game.ui.tables import near_end
from game.ui.tables.base import key_cap, move_sounds
from game.ui.tables.card_scene import CardTableScene
from game.ui.tables.cardtable import fan_positions, hand_z
from game.ui.tables.keyboard import HandKeys
from game.ui.tables.meld_places import EMPTY, MeldLayout, MeldMetrics
from game.ui.tables.overlay import Pen
from game.ui.tables.piece_words import the_card
from game.ui.tables.rum500.draw import SEAT_COLOURS, Rum500Drawing
from game.ui.tables.rum500.layout import PileLayout, pile_height, spread_pile
from game.ui.tables.rum500.model import UI_SCHEMA, Rum500Turn, rank_order, suit_order
from game.ui.tables.rum500.summary import Rum500Summary
from game.ui.widgets import Button, IconButton

STOCK_KEY = "stock"
HAND_Z = 1000
PILE_Z = 500
STOCK_Z = 450
BACKS_Z = 200
FLYING_Z = 2000
EXPECTED_MELDS = (4, 3, 3)
"""The melds a seat is expected to lay in a hand, when the hand's melds area is planned."""


class PileKeys(HandKeys):
    """The 500 Rum cursor: in the draw phase it walks the spread pile too, before the hand, so
    that any card of it may be taken from the keyboard (Space on it, Up or Down to the hand,
    Enter: it comes with every card above it)."""

    def walk(self) -> list[Sprite]:
        hand = super().walk()
        table = self.table
        if not table.my_turn or table.view.phase != "draw":
            return hand
        sprites = table.sprites.sprites
        return [sprites[c.ident] for c in table.view.discard if c.ident in sprites] + hand


class Rum500Table(CardTableScene):
    """The 500 Rum table scene: its claim window, pile pick-ups and announcements are its own
    (see the module docstring)."""

    game_id = "rum500"
    UI_SCHEMA = UI_SCHEMA
    SORTS = (suit_order, rank_order)
    OVER_STATUS = "rum500.status.hand_over"
    SOUNDS = move_sounds(
        click=("pass_claim",),
        draw=("draw_stock", "take_discard"),
        shuffle=("pass_empty_stock", "next_round"),
        meld=("meld", "claim_rummy"),
        place=("lay_off", "discard"),
    )
    COACH_NOTES = ("go_out", "meld", "lay_off")

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.model: Rum500Turn = Rum500Turn(session.ui)
        self.drawing = Rum500Drawing(self)
        self.keys = PileKeys(self)
        self.flow: MeldLayout = EMPTY
        """The melds on the table, by who started them (``meld_places``)."""
        self.pile: PileLayout | None = None
        self._log_seen = (session.state.round_number, len(session.state.log))
        tr = app.tr
        self.sheet_button = Button(lambda: tr("table.score_sheet"), self.toggle_sheet, name="sheet")
        self.meld_button = Button(lambda: tr("cards.meld"), self.meld_selected, primary=True, name="meld")
        self.pass_stock_button = Button(
            lambda: tr("rum500.renew_stock" if self.view.options.reuse_discards else "rum500.pass_stock"),
            self.pass_empty_stock,
            primary=True,
            name="pass_stock",
        )
        self.claim_button = Button(lambda: tr("rum500.claim"), self.claim, primary=True, name="claim")
        self.pass_claim_button = Button(lambda: tr("table.pass"), self.pass_claim, name="pass_claim")
        self.sort_suit = IconButton(
            lambda: tr("cards.sort_suit"), lambda: self.sort(suit_order), name="sort_suit", keys=key_cap("S")
        )
        self.sort_rank = IconButton(
            lambda: tr("cards.sort_rank"), lambda: self.sort(rank_order), name="sort_rank", keys=key_cap("R")
        )

    # Interface state --------------------------------------------------------------------------
    def on_view_changed(self) -> None:
        super().on_view_changed()
        self._announce(self.view)

    def _announce(self, view) -> None:
        """Tell the person at the screen about what they might miss: a Rummy! claim by someone
        else, the discard pile turned over as a new stock."""
        round_number, seen = self._log_seen
        if round_number != view.round_number or seen > len(view.log):
            seen = 0
        for event in view.log[seen:]:
            if event.kind == "claim" and event.seat != self.viewer:
                card = the_card(self.app, event.get("card"))
                self.app.notify(self.app.tr("rum500.claimed", name=self.seat_name(event.seat), card=card))
            elif event.kind == "reshuffle":
                self.app.notify(self.app.tr("rum500.stock_renewed"))
        self._log_seen = (view.round_number, len(view.log))

    def _selected_keys(self) -> list:
        return [s.key for s in self.gesture.selection]

    def selected_cards(self) -> list[Card]:
        """The selected cards of the hand, in hand order."""
        return self.model.selected_cards(self._selected_keys())

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def pen(self) -> Pen:
        """As ``TableScene.pen``, with each seat's colour (the sheet is the stripes' legend)."""
        pen = super().pen()
        return replace(pen, colours=tuple(self.seat_colour(seat) for seat in range(len(pen.names))))

    def sound_for(self, move: Move, events: list[Event]) -> None:
        if any(e.kind == "stock_renewed" for e in events):
            self.app.sound.play("shuffle")
            return
        super().sound_for(move, events)

    def take_from_pile(self, index: int, at: tuple[int, int] | None = None) -> None:
        """Take pile card ``index`` and every card above it (or say why not)."""
        if self.my_turn:
            self.play(TakeDiscard(index), at)

    def take_top(self) -> None:
        if self.view.phase == "draw" and self.view.discard:
            pile = self.pile
            at = pile.strips[-1].midtop if pile and pile.strips else None
            self.take_from_pile(len(self.view.discard) - 1, at)

    def pass_empty_stock(self) -> None:
        self.play(PassEmptyStock(), self.pass_stock_button.rect.midtop)

    def meld_selected(self) -> None:
        cards = self.selected_cards()
        if cards:
            self.play(self.model.meld_move(cards), self.meld_button.rect.midtop)

    def claim(self) -> None:
        self.play(self.model.best_claim(self._selected_keys()), self.claim_button.rect.midtop)

    def pass_claim(self) -> None:
        self.play(PassClaim(), self.pass_claim_button.rect.midtop)

    def warm_up_jobs(self) -> list:
        """Every face at the hand's and the pile's widths, and at the melds' (a card drawn for
        the first time at a size costs a few milliseconds, too many for one frame when a whole
        row of melds takes a new size)."""
        s = self.scale
        widths = [self.hand_w, self.mid_w, s(32), self.flow.card_w or s(72)]  # s(32): hands at the end
        jobs = [lambda w=w: self.painter.back(w) for w in (self.hand_w, self.mid_w, self.back_w)]
        for width in dict.fromkeys(widths):
            jobs += self._face_jobs(width)
        return jobs[::-1]

    def lay_out_table(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        # Nothing within 2% of either edge (the base margin follows the shorter side only).
        mx = self.mx = max(self.margin, -(-w * 2 // 100) + 1)
        my = self.my = max(self.margin, -(-h * 2 // 100) + 1)
        icon = s(44)
        x = w - mx - icon
        for b in self.top_buttons:
            b.rect = pygame.Rect(x, my, icon, icon)
            x -= icon + s(10)
        self.sheet_button.rect = pygame.Rect(mx, my, s(190), icon)
        self.sheet_button.font_size = s.font(17)
        self.hand_w = s(84)
        self.hand_h = self.painter.height(self.hand_w)
        self.mid_w = s(62)
        self.mid_h = self.painter.height(self.mid_w)
        self.back_w = s(22)
        anchor, others = self.seating()
        top = my + s(54)
        panel_h = s(88)
        self.lay_out_opponents(others, top, panel_h, mx)
        side = s(250)
        hand_area = pygame.Rect(
            mx + side, h - my - self.hand_h - s(8), w - 2 * mx - 2 * side, self.hand_h + s(8)
        )
        self.areas["hand"] = hand_area
        self.seat_rects[anchor] = pygame.Rect(mx, h - my - s(112), s(236), s(112))
        self.status_rect.center = (w // 2, hand_area.y - s(34))
        band_top = top + panel_h + s(12)
        label_h = s(24)
        stock = pygame.Rect(mx + s(4), band_top + label_h, self.mid_w, self.mid_h)
        self.areas["stock"] = stock
        pile_x = stock.right + s(40)
        self.areas["pile"] = pygame.Rect(pile_x, stock.y, w - mx - pile_x, self.mid_h)
        self.areas["pile_label"] = pygame.Rect(pile_x, band_top, self.areas["pile"].width, label_h)
        self._lay_out_buttons(hand_area)

    def _lay_out_buttons(self, hand_area: pygame.Rect) -> None:
        s = self.scale
        x = hand_area.right + s(16)
        width = min(s(210), self.app.size[0] - self.mx - x)
        for b in (self.meld_button, self.pass_stock_button, self.claim_button):
            b.rect = pygame.Rect(x, hand_area.y + s(4), width, s(50))
            b.font_size = s.font(19)
        self.pass_claim_button.rect = pygame.Rect(x, hand_area.bottom - s(46), width, s(46))
        self.pass_claim_button.font_size = s.font(19)
        bw = s(46)
        self.sort_suit.rect = pygame.Rect(x, hand_area.bottom - bw, bw, bw)
        self.sort_rank.rect = pygame.Rect(x + bw + s(10), hand_area.bottom - bw, bw, bw)
        for b in (self.sort_suit, self.sort_rank):
            b.icon = self.app.art.icon(b.name, int(bw * 0.56))
        self.lay_out_undo(self.sort_rank.rect.right + s(10), hand_area.bottom, bw)

    def lay_out_pile(self) -> PileLayout:
        """The pile spread in its band; the melds area starts under it."""
        count = len(self.view.discard)
        area = self.areas["pile"]
        pile = spread_pile(count, area, self.mid_w, self.mid_h)
        if pile.rows > 1:
            band = pygame.Rect(area.x, area.y, area.width, pile_height(pile.rows, self.mid_h))
            pile = spread_pile(count, band, self.mid_w, self.mid_h)
        bottom = max(self.areas["stock"].bottom, area.y + pile_height(pile.rows, self.mid_h))
        top = bottom + self.scale(14)
        self.areas["melds"] = pygame.Rect(
            self.mx,
            top,
            self.app.size[0] - 2 * self.mx,
            max(self.scale(60), self.status_rect.top - self.follow_layer.strip_room() - top),
        )
        return pile

    def lay_out_melds(self) -> MeldLayout:
        """The melds grouped by who started them, each seat's in an area it keeps for the hand."""
        s, view = self.scale, self.view
        seats = range(view.num_players)
        metrics = MeldMetrics(
            label_h=s(24),
            pad=s(8),
            gap=s(12),
            line_gap=s(6),
            block_gap=s(14),
            below=s(10),  # the credit stripes
        )
        return self.settle_melds(self.model.starters, metrics, 72, {seat: EXPECTED_MELDS for seat in seats})

    def lay_out_pieces(self) -> None:
        view, d = self.view, self.duration()
        keep: set = set()
        anchor, others = self.seating()
        dealing = len(view.log) <= 1 and view.phase == "draw"

        def put(key, piece, x, y, width, z, face_up=True, delay=0.0, spawn=None) -> Sprite:
            sprite = self.sprites.get(key, piece, spawn or self.spawn_point(key), width)
            sprite.face_up = face_up
            sprite.z = z
            sprite.data["leaving"] = False
            sprite.data["shadow"] = True
            if sprite not in self.gesture.held:
                sprite.move_to(x, y, 0.0, d, delay)
            keep.add(key)
            return sprite

        # The player's hand (face down while the screen is handed over)
        hand = self.areas["hand"]
        if self.viewer is not None:
            cards = self.model.hand_cards()
            selected = {s.key for s in self.gesture.selection}
            lifts = [c.ident in selected for c in cards]
            spots = fan_positions(len(cards), hand, self.hand_w, self.hand_h, lift=lifts)
            for i, (card, (x, y)) in enumerate(zip(cards, spots, strict=True)):
                z = hand_z(HAND_Z, i, len(cards), lifts[i])
                put(card.ident, card, x, y, self.hand_w, z, delay=0.04 * i if dealing else 0.0)
        elif not self.revealed_hands():
            spots = fan_positions(view.hand_sizes[anchor], hand, self.hand_w, self.hand_h)
            for i, (x, y) in enumerate(spots):
                put(("back", anchor, i), None, x, y, self.hand_w, HAND_Z + i, face_up=False)
        self._put_opponent_backs(put, others, dealing)
        if view.stock_count:
            stock = self.areas["stock"]
            put(STOCK_KEY, None, stock.x, stock.y, self.mid_w, STOCK_Z, face_up=False)
        # The discard pile, spread
        self.pile = self.lay_out_pile()
        for i, (card, (x, y)) in enumerate(zip(view.discard, self.pile.positions, strict=True)):
            sprite = put(card.ident, card, x, y, self.mid_w, PILE_Z + i)
            sprite.data["shadow"] = i == len(view.discard) - 1 or self.pile.strips[i].width >= self.mid_w
        width = self.flow.card_w
        self.flow = self.lay_out_melds()
        if self.flow.card_w and self.flow.card_w != width:
            self.warm_faces(self.flow.card_w)
        for index, rect in self.flow.places.items():
            meld = view.table[index]
            for k, card in enumerate(meld.cards):
                sprite = put(card.ident, card, self.flow.card_x(index, k), rect.y, self.flow.card_w, 10 + k)
                sprite.data["shadow"] = k == len(meld.cards) - 1
        self._send_taken_cards_away(keep)
        self.sprites.keep_only(keep)

    def _put_opponent_backs(self, put, others: list[int], dealing: bool) -> None:
        """Each opponent's hand: a small fan of backs in the right part of their panel. A card
        taken from the pile appears in place (its face flies there, see below)."""
        view = self.view
        last = view.log[-1] if view.log else None
        revealed = self.revealed_hands()
        if revealed and self.viewer is None:
            others = [*others, self.seating()[0]]
        for seat in others:
            rect = self.seat_rects[seat]
            if revealed:  # the hand is over: every hand face up
                self.put_revealed(put, seat, revealed[seat], rect, BACKS_Z)
                continue
            count = view.hand_sizes[seat]
            fan_w = min(self.scale(84), rect.width * 3 // 10)
            back_h = self.painter.height(self.back_w)
            x0 = rect.right - self.scale(10) - fan_w
            y = rect.y + self.scale(34) + max(0, (rect.height - self.scale(44) - back_h) // 2)
            step = min(self.back_w * 0.4, (fan_w - self.back_w) / max(1, count - 1)) if count > 1 else 0
            took = last is not None and last.kind == "draw" and last.source == "discard" and last.seat == seat
            for i in range(count):
                x = x0 + i * step
                back = put(
                    ("back", seat, i),
                    None,
                    x,
                    y,
                    self.back_w,
                    BACKS_Z + i,
                    face_up=False,
                    delay=0.04 * i if dealing else 0.0,
                    spawn=(x, y) if took else None,
                )
                back.data["shadow"] = i == count - 1

    def _send_taken_cards_away(self, keep: set) -> None:
        """Cards an opponent took from the pile glide, face up, to that player's panel (they
        disappear once there: the player's fan of backs has grown)."""
        view = self.view
        last = view.log[-1] if view.log else None
        if last is None or last.kind != "draw" or last.source != "discard" or last.seat == self.viewer:
            return
        rect = self.seat_rects.get(last.seat)
        if rect is None:
            return
        taken = set(last.pieces)
        flying = [
            sprite
            for key, sprite in self.sprites.sprites.items()
            if key not in keep and isinstance(sprite.piece, Card) and sprite.piece.text in taken
        ]
        flying.sort(key=lambda sp: sp.x)
        for k, sprite in enumerate(flying):
            sprite.z = FLYING_Z + k
            sprite.data["leaving"] = True
            target_x = rect.right - self.scale(10) - sprite.width - (len(flying) - 1 - k) * self.scale(8)
            sprite.move_to(target_x, rect.y + self.scale(30), 0.0, self.duration() * 1.8, 0.06 * k)
            keep.add(sprite.key)

    def spawn_point(self, key) -> tuple[float, float]:
        """Where a piece that just appeared comes from: a card melded, laid off, discarded or
        claimed by someone else from their panel, anything else from the stock."""
        stock = self.areas.get("stock", pygame.Rect(0, 0, 1, 1))
        log = self.view.log
        last = log[-1] if log else None
        played = ("meld", "lay_off", "discard", "claim")
        if isinstance(key, tuple) or last is None or last.kind not in played:
            return stock.topleft
        rect = self.seat_rects.get(last.seat) if last.seat != self.viewer else None
        if rect is None:
            return stock.topleft
        return rect.centerx - self.mid_w / 2, rect.centery - self.mid_h / 2

    def hand_of(self, seat: int) -> tuple:
        return self.state.hand(seat)

    def hand_penalty(self, seat: int) -> int | None:
        return self.view.history[-1]["hand_points"][seat] if self.view.history else None

    # Drag and drop ------------------------------------------------------------------------------
    def can_pick(self, sprite: Sprite) -> bool:
        """Hand cards always (to select and reorder them); in the draw phase also the stock and
        every card of the pile; in a claim window the card offered."""
        if sprite.data.get("leaving"):
            return False
        view = self.view
        if isinstance(sprite.piece, Card) and self.card_of(sprite.key) is not None:
            return True
        if view.phase == "draw":
            return sprite.key == STOCK_KEY or sprite.key in self.model.pile_index
        claimed = self.model.claim_card()
        return claimed is not None and sprite.key == claimed.ident

    def carry(self, pressed: Sprite, selection: Sequence[Sprite], at: Point) -> list[tuple[Sprite, Offset]]:
        """A pile card lifted in the draw phase takes every card above it along."""
        if self.my_turn and self.view.phase == "draw" and pressed.key in self.model.pile_index:
            start = self.model.pile_index[pressed.key]
            selection = [self.sprites.sprites[c.ident] for c in self.view.discard[start:]]
        return super().carry(pressed, selection, at)

    def drop_targets(self, held: list[Sprite]) -> list[DropTarget]:
        """Stock -> hand draws; pile cards -> hand take them (in a claim window, the card
        offered -> a meld or the table claims it); hand cards -> a meld lay off, -> the table
        meld, one card -> the pile (anywhere on it) discards, -> the hand rearranges."""
        reorder_only = self.reorder_targets(held)
        if reorder_only is not None:
            return reorder_only
        s = self.scale
        hand_zone = self.areas["hand"].inflate(s(40), s(30))
        if held[0].key == STOCK_KEY:
            move = DrawStock()
            return [
                DropTarget(
                    "hand", hand_zone, move in self.model.legal, moves=(move,), arrange=self.land_in_hand
                )
            ]
        taken = [self.model.pile_index[sp.key] for sp in held if sp.key in self.model.pile_index]
        if taken and self.model.claim_card() is None:
            move = TakeDiscard(min(taken))
            return [
                DropTarget(
                    "hand", hand_zone, move in self.model.legal, moves=(move,), arrange=self.land_in_hand
                )
            ]
        if taken:
            return self._claim_targets()
        cards = [sp.piece for sp in held]
        targets = self._meld_targets(cards)
        meld = self.model.meld_move(cards)
        targets.append(DropTarget("table", self.areas["melds"], meld in self.model.legal, moves=(meld,)))
        if len(cards) == 1:
            discard = Discard(cards[0])
            targets.append(
                DropTarget("discard", self.discard_zone(), discard in self.model.legal, moves=(discard,))
            )
        targets.append(DropTarget("hand", hand_zone, True, arrange=self.return_to_hand, quiet=True))
        return targets

    def discard_zone(self) -> pygame.Rect:
        """The whole pile: every card of it and the place after its top card."""
        pile = self.pile
        if pile is None:
            return self.areas["pile"]
        zone = pygame.Rect(pile.slot)
        for position in pile.positions:
            zone = zone.union(pygame.Rect(position, (pile.card_w, pile.card_h)))
        return zone.inflate(self.scale(24), self.scale(20))

    def meld_rect(self, index: int) -> pygame.Rect:
        return self.flow.places[index]

    def _meld_targets(self, cards: list[Card]) -> list[DropTarget]:
        """Lay-off targets on every meld: one card at the end it is dropped on (anywhere on the
        meld when only one end fits); several cards one after the other."""
        targets = []
        grow = self.scale(16)
        for index, rect in self.flow.places.items():
            if len(cards) == 1:
                card = cards[0]
                targets += self.run_end_targets(index, rect, lambda end, i=index, c=card: LayOff(c, i, end))
                continue
            sequence = self.model.lay_off_sequence(cards, index)
            accepts = bool(sequence) and sequence[0] in self.model.legal
            moves = tuple(sequence) if sequence else (LayOff(cards[0], index),)
            targets.append(DropTarget(f"meld:{index}", rect.inflate(grow, grow), accepts, moves=moves))
        return targets

    def _claim_targets(self) -> list[DropTarget]:
        """The card offered in a claim window -> a meld (lay-off claim) or the table (a meld with
        the selected hand cards, or the best one)."""
        targets = []
        for index, rect in self.flow.places.items():
            targets += self.run_end_targets(index, rect, lambda end, i=index: ClaimRummy(meld=i, end=end))
        move = self.model.best_claim(self._selected_keys(), melds_only=True)
        targets.append(DropTarget("table", self.areas["melds"], move in self.model.legal, moves=(move,)))
        return targets

    def on_piece_click(self, sprite: Sprite) -> None:
        """A click on the stock draws, on a pile card takes it and every card above it; on a
        hand card it selects or deselects it."""
        self.gesture.select(s for s in self.gesture.selection if self.card_of(s.key) is not None)
        if self.card_of(sprite.key) is not None:
            self.app.sound.play("click")
        elif self.my_turn and self.view.phase == "draw" and sprite.key == STOCK_KEY:
            self.draw_from_stock()
        elif self.my_turn and self.view.phase == "draw" and sprite.key in self.model.pile_index:
            at = sprite.rect(self.painter.height(sprite.width)).midtop
            self.take_from_pile(self.model.pile_index[sprite.key], at)
        self.lay_out_pieces()

    def on_piece_double_click(self, sprite: Sprite) -> None:
        if not self.my_turn:  # out of turn the hand is only re-ordered
            self.on_piece_click(sprite)
            return
        view = self.view
        at = sprite.rect(self.painter.height(sprite.width)).midtop
        if sprite.key == STOCK_KEY:
            self.draw_from_stock()
        elif view.phase == "draw" and sprite.key in self.model.pile_index:
            self.gesture.select(())
            self.take_from_pile(self.model.pile_index[sprite.key], at)
        elif (
            view.phase == "play"
            and self.card_of(sprite.key) is not None
            and self.app.settings.double_click_discard
        ):
            self.gesture.select(())
            self.play(Discard(sprite.piece), at)
        else:
            self.on_piece_click(sprite)

    # Input --------------------------------------------------------------------------------------
    def action_buttons(self) -> list[Button]:
        """The buttons beside the hand that apply now."""
        if self.viewer is None or self.phase in ("round_over", "game_over"):
            return []
        if self.phase == "claim" and self.my_turn:
            return [self.claim_button, self.pass_claim_button]
        first = self.pass_stock_button if PassEmptyStock() in self.model.legal else self.meld_button
        return [first, self.sort_suit, self.sort_rank, self.undo_button]

    def widgets(self) -> list:
        return [*super().widgets(), self.sheet_button, *self.action_buttons()]

    def own_buttons(self) -> list[Button]:
        return self.action_buttons()

    def handle_key(self, key: int) -> bool:
        if key == pygame.K_t:
            self.take_top()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_m) and self.view.phase == "play":
            self.meld_selected()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        playing = self.my_turn and self.view.phase == "play"
        self.meld_button.enabled = playing and len(self.selected_cards()) >= 3
        super().update(dt)
        arrived = [k for k, sp in self.sprites.sprites.items() if sp.data.get("leaving") and not sp.moving]
        for key in arrived:
            del self.sprites.sprites[key]

    # Status -------------------------------------------------------------------------------------
    def turn_status(self) -> Text:
        view, tr = self.view, self.app.tr
        if view.phase == "claim":
            return tr(
                "rum500.status.claim",
                name=self.seat_name(view.claim_from),
                card=the_card(self.app, view.claim_card.text),
            )
        if view.phase == "draw":
            if view.stock_count:
                return tr("rum500.status.draw")
            renew = view.options.reuse_discards
            if not any(isinstance(m, TakeDiscard) for m in self.model.legal):
                return tr("rum500.status.stuck_renew" if renew else "rum500.status.stuck")
            return tr("rum500.status.draw_renew" if renew else "rum500.status.draw_empty")
        if view.must_use is not None:
            return tr("rum500.status.must_use", card=the_card(self.app, view.must_use.text))
        if len(view.hand) == 1:
            return tr("rum500.status.go_out")
        if len(self.selected_cards()) >= 3:
            return tr("rum500.status.selected")
        return tr("rum500.status.play")

    def near_end_warning(self) -> Text | None:
        """The stock about to run out."""
        return near_end.stock_warning(self.app, self.view)

    # Summaries ----------------------------------------------------------------------------------
    def summary_scene(self, final: bool):
        return Rum500Summary(self.app, self, final=final)


SCENE = Rum500Table
"""This package's table scene (``game.ui.scenes.navigation.table_class``)."""
