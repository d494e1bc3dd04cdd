"""The Frustration Rummy table.

Bottom: the player's hand (fanned, sortable, re-orderable by dragging) and, above it, the
staging area where the contract's melds are arranged before "Lay down" (once the contract is
down, the staging area makes extra melds). Middle: the stock and the discard pile on the left,
the melds on the table grouped by owner on the right. Top: every other player (name, cards in
hand, contract, laid down or not). The contract grid opens from the top bar or with G.

Gestures map onto engine moves: stock or discard pile -> hand draws; card -> table meld end
lays off; natural card -> a wild of a run takes the wild back; card -> discard pile discards.
Double-click the stock to draw, double-click a card in hand to discard it; D draws, T takes the
discard, Enter lays down, S and R sort. Legality always comes from the engine's legal moves.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.engine.frustration import (
    RUN,
    Discard,
    DrawDiscard,
    DrawStock,
    ExtraMeld,
    LayDown,
    LayOff,
    TakeBackWild,
    contract,
    is_wild,
)
from game.engine.pieces import SUITS, Card, make_cards
from game.i18n import Text, Verbatim
from game.ui import theme
from game.ui.dnd import DropTarget
from game.ui.motion import Sprite
from game.ui.tables.base import IconButton
from game.ui.tables.card_scene import CardTableScene
from game.ui.tables.cardtable import (
    INDEX_STEP,
    CardPainter,
    card_label,
    draw_seat_panel,
    draw_slot,
    draw_stock,
    fan_positions,
    reorder,
    row_width,
)
from game.ui.tables.drawing import TableDrawing
from game.ui.widgets import Button

STOCK_KEY = "stock"


def contract_text(app, number: int) -> Text:
    """Contract ``number`` in words ("2 sets of 3 + 1 run of 4")."""
    return app.tr(f"contract.{number}")


def suit_order(card: Card) -> tuple:
    """Sort key: wilds last, then by suit and rank (ace high)."""
    if is_wild(card):
        return (9, card.rank, card.ident)
    return (SUITS.index(card.suit), card.rank if card.rank != 1 else 14, card.ident)


def rank_order(card: Card) -> tuple:
    if is_wild(card):
        return (99, card.rank, card.ident)
    return (card.rank if card.rank != 1 else 14, SUITS.index(card.suit), card.ident)


class FrustrationTable(CardTableScene):
    """See the module docstring."""

    game_id = "frustration"
    SOUNDS: ClassVar[dict[str, str]] = {
        "draw_stock": "draw",
        "draw_discard": "draw",
        "discard": "place",
        "lay_down": "meld",
        "extra_meld": "meld",
        "lay_off": "place",
        "take_back_wild": "meld",
        "next_round": "shuffle",
    }

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.drawing = _Drawing(self)
        self.painter = CardPainter(app)
        saved = session.ui.get("seats", {})
        self.seat_ui: dict[str, dict] = saved if isinstance(saved, dict) else {}
        """Per person (seat number as text): their staging area and hand order."""
        self.ui_seat: int | None = None
        self.staged: list[list[str]] = []
        self.hand_order: list[str] = []
        self.show_grid = False
        self.legal: list[Any] = []
        self.areas: dict[str, pygame.Rect] = {}
        self.meld_rects: list[tuple[int, pygame.Rect, list[pygame.Rect]]] = []
        self.slot_rects: list[pygame.Rect] = []
        self.seat_rects: dict[int, pygame.Rect] = {}
        tr = app.tr
        self.lay_down_button = Button(
            lambda: self._lay_down_label(), self.lay_down_staged, primary=True, name="lay_down"
        )
        self.sort_suit = IconButton(
            lambda: tr("frustration.sort_suit"), lambda: self.sort(suit_order), name="sort_suit"
        )
        self.sort_rank = IconButton(
            lambda: tr("frustration.sort_rank"), lambda: self.sort(rank_order), name="sort_rank"
        )
        self.grid_button = Button(lambda: tr("frustration.grid"), self.toggle_grid, name="grid")

    # Moves and interface state ---------------------------------------------------------------
    def on_view_changed(self) -> None:
        view = self.view
        self.legal = view.legal_moves() if self.my_turn else []
        if self.viewer != self.ui_seat:
            self._stash_seat_ui()
            mine = self.seat_ui.get(str(self.viewer), {}) if self.viewer is not None else {}
            self.staged = [list(g) for g in mine.get("staged", [])]
            self.hand_order = list(mine.get("hand_order", []))
            self.ui_seat = self.viewer
        hand_ids = {c.ident for c in view.hand} if self.viewer is not None else set()
        self.staged = [[i for i in group if i in hand_ids] for group in self.staged]
        if not self.staged or self.viewer is None or len(self.staged) != self.slot_count():
            self.staged = [[] for _ in range(self.slot_count())] if self.viewer is not None else []
        known = [i for i in self.hand_order if i in hand_ids]
        self.hand_order = known + [c.ident for c in view.hand if c.ident not in known]
        self._stash_seat_ui()

    def _stash_seat_ui(self) -> None:
        if self.ui_seat is not None:
            self.seat_ui[str(self.ui_seat)] = {"staged": self.staged, "hand_order": self.hand_order}
        self.session.ui = {"seats": self.seat_ui}

    def save_ui(self) -> None:
        """Keep each person's staging area and hand order in the save, so that a resumed turn is
        identical and, at a shared screen, everyone finds their own arrangement."""
        self._stash_seat_ui()
        self.app.save_session(self.session)

    def slot_count(self) -> int:
        """Staging slots: one per contract meld before laying down, one for an extra meld after."""
        if self.viewer is None:
            return 0
        return 1 if self.view.is_down else len(contract(self.view.contract))

    def card_of(self, ident: str) -> Card | None:
        for card in self.view.hand:
            if card.ident == ident:
                return card
        return None

    def staged_ids(self) -> set[str]:
        return {i for group in self.staged for i in group}

    def hand_cards(self) -> list[Card]:
        """The hand in the player's order, without the staged cards."""
        staged = self.staged_ids()
        by_id = {c.ident: c for c in self.view.hand}
        return [by_id[i] for i in self.hand_order if i in by_id and i not in staged]

    def sort(self, key) -> None:
        self.hand_order = [c.ident for c in sorted(self.view.hand, key=key)]
        self.save_ui()
        self.app.sound.play("click")
        self.lay_out_pieces()

    def warm_up_jobs(self) -> list:
        faces = make_cards(1, 2)
        widths = {
            self.hand_w,
            self.mid_w,
            self.stage_w,
            self.scale(58),
            getattr(self, "meld_width", self.scale(50)),
        }
        jobs = [lambda w=w: self.painter.back(w) for w in widths | {self.scale(26)}]
        for width in sorted(widths):
            jobs += [lambda c=c, w=width: self.painter.face(c, w) for c in faces]
            jobs += [lambda c=c, w=width: self.painter.face(c, w, wild=True) for c in faces if c.rank == 2]
        return jobs[::-1]

    def piece_height(self, width: int) -> int:
        return self.painter.height(width)

    def bench_animations(self) -> list:
        """Actions that start an animation (for the frame benchmark)."""
        return [lambda: self.sort(suit_order), lambda: self.sort(rank_order)]

    def toggle_grid(self) -> None:
        self.show_grid = not self.show_grid

    def _lay_down_label(self) -> Text:
        return self.app.tr("frustration.meld" if self.view.is_down else "frustration.lay_down")

    def lay_down_staged(self) -> None:
        groups = [[self.card_of(i) for i in g] for g in self.staged]
        groups = [[c for c in g if c is not None] for g in groups]
        at = self.lay_down_button.rect.midtop
        if self.view.is_down:
            if groups and groups[0] and self.play(ExtraMeld(tuple(groups[0])), at):
                self.staged = [[]]
        elif self.play(LayDown(tuple(tuple(g) for g in groups)), at):
            self.staged = []
            self.refresh()

    def draw_from_stock(self) -> None:
        if any(isinstance(m, DrawStock) for m in self.legal):
            self.play(DrawStock())

    def draw_from_discard(self) -> None:
        if any(isinstance(m, DrawDiscard) for m in self.legal):
            self.play(DrawDiscard())

    def param_text(self, value: Any) -> Any:
        if isinstance(value, str) and (value == "JK" or (len(value) in (2, 3) and value[-1] in SUITS)):
            return card_label(self.app, value)
        return value

    # Layout -------------------------------------------------------------------------------------
    def seating(self) -> tuple[int, list[int]]:
        """The seat at the bottom of the screen and the others clockwise from its left."""
        n = self.state.num_players
        anchor = self.viewer
        if anchor is None:
            humans = self.session.humans
            anchor = humans[0] if humans else 0
        return anchor, [(anchor + i) % n for i in range(1, n)]

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
        n_opp = len(others)
        gap = s(12)
        panel_w = min(s(250), (w - 2 * mx - gap * (n_opp - 1)) // max(1, n_opp))
        panel_h = s(96)
        x0 = (w - (panel_w * n_opp + gap * (n_opp - 1))) // 2
        self.seat_rects = {}
        for i, seat in enumerate(others):
            self.seat_rects[seat] = pygame.Rect(x0 + i * (panel_w + gap), top, panel_w, panel_h)
        hand_area = pygame.Rect(
            mx + s(250), h - my - self.hand_h - s(8), w - 2 * mx - s(500), self.hand_h + s(8)
        )
        self.areas["hand"] = hand_area
        self.seat_rects[anchor] = pygame.Rect(mx, h - my - s(110), s(236), s(110))
        stage_top = hand_area.y - s(14) - (self.stage_h + s(34))
        self.areas["stage"] = pygame.Rect(mx + s(250), stage_top, w - 2 * mx - s(500), self.stage_h + s(34))
        self.status_rect.center = (w // 2, stage_top - s(26))
        mid_top = top + panel_h + s(18)
        mid_bottom = self.status_rect.top - s(10)
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
        self.lay_down_button.rect = pygame.Rect(0, 0, s(200), s(48))
        self.lay_down_button.rect.midleft = (self.areas["stage"].right + s(16), self.areas["stage"].centery)
        self.lay_down_button.font_size = s.font(19)
        self.grid_button.rect = pygame.Rect(0, 0, s(190), s(44))
        self.grid_button.rect.topleft = (mx, my)
        self.grid_button.font_size = s.font(17)

    def lay_out_melds(self) -> tuple[int, list[tuple[int, pygame.Rect]]]:
        """Card width and one rectangle per meld, grouped by owner in a grid that fits the area."""
        area = self.areas["melds"]
        s = self.scale
        owners: dict[int, list[int]] = {}
        for index, meld in enumerate(self.view.table):
            owners.setdefault(meld.owner, []).append(index)
        label_h = s(24)
        best: tuple[int, list[tuple[int, pygame.Rect]]] | None = None
        for width in range(s(58), s(34) - 1, -2):
            height = self.painter.height(width)
            for columns in (1, 2, 3):
                placed = self._try_meld_grid(owners, area, width, height, columns, label_h)
                if placed is not None:
                    best = (width, placed)
                    break
            if best:
                break
        if best is None:
            width = s(34)
            best = (
                width,
                self._try_meld_grid(owners, area, width, self.painter.height(width), 3, label_h, force=True),
            )
        self.owner_blocks = getattr(self, "_blocks", {})
        return best

    def _try_meld_grid(self, owners, area, width, height, columns, label_h, force=False):
        s = self.scale
        if not owners:
            self._blocks = {}
            return []
        order = [seat for seat in self._owner_order() if seat in owners]
        rows = -(-len(order) // columns)
        block_w = (area.width - s(14) * (columns - 1)) // columns
        block_h = (area.height - s(10) * (rows - 1)) // rows
        gap = s(12)
        placed, blocks = [], {}
        for b, seat in enumerate(order):
            bx = area.x + (b % columns) * (block_w + s(14))
            by = area.y + (b // columns) * (block_h + s(10))
            blocks[seat] = pygame.Rect(bx, by, block_w, block_h)
            x, y = bx + s(8), by + label_h
            for index in owners[seat]:
                mw = row_width(len(self.view.table[index].cards), width)
                if x + mw > bx + block_w - s(6) and x > bx + s(8):
                    x, y = bx + s(8), y + height + s(8)
                if (y + height > by + block_h or mw > block_w - s(14)) and not force:
                    return None
                placed.append((index, pygame.Rect(x, y, mw, height)))
                x += mw + gap
        self._blocks = blocks
        return placed

    def _owner_order(self) -> list[int]:
        anchor, others = self.seating()
        return [anchor, *others]

    def lay_out_pieces(self) -> None:
        if "hand" not in self.areas:
            return
        view, d = self.view, self.duration()
        keep: set = set()
        anchor, _ = self.seating()

        def put(key, piece, x, y, width, z, face_up=True, delay=0.0):
            sprite = self.sprites.get(key, piece, self.spawn_point(key, piece), width)
            sprite.face_up = face_up
            sprite.z = z
            if sprite not in self.drag.held:
                sprite.move_to(x, y, 0.0, d, delay)
            keep.add(key)
            return sprite

        # The player's hand and staging area
        if self.viewer is not None:
            cards = self.hand_cards()
            selected = {s.key for s in self.drag.selection}
            lifts = [c.ident in selected for c in cards]
            for i, (card, (x, y)) in enumerate(
                zip(
                    cards,
                    fan_positions(len(cards), self.areas["hand"], self.hand_w, self.hand_h, lift=lifts),
                    strict=True,
                )
            ):
                put(card.ident, card, x, y, self.hand_w, 100 + i)
            self.slot_rects = self._slot_rects()
            for g, group in enumerate(self.staged):
                rect = self.slot_rects[g]
                for k, ident in enumerate(group):
                    card = self.card_of(ident)
                    if card is not None:
                        put(
                            ident,
                            card,
                            rect.x + self.scale(8) + k * self.stage_w * 0.42,
                            rect.bottom - self.stage_h - self.scale(6),
                            self.stage_w,
                            60 + k,
                        )
        else:
            count = view.hand_sizes[anchor]
            for i, (x, y) in enumerate(fan_positions(count, self.areas["hand"], self.hand_w, self.hand_h)):
                put(("back", anchor, i), None, x, y, self.hand_w, 100 + i, face_up=False)
        # Opponents' hands: small fans of backs in their panels
        small = self.scale(26)
        for seat, rect in self.seat_rects.items():
            if seat == anchor:
                continue
            count = view.hand_sizes[seat]
            fan = pygame.Rect(
                rect.x + self.scale(10),
                rect.bottom - self.painter.height(small) - self.scale(8),
                rect.width - self.scale(100),
                self.painter.height(small),
            )
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
        # Melds on the table
        width, placed = self.lay_out_melds()
        self.meld_width = width
        self.meld_rects = []
        for index, rect in placed:
            meld = view.table[index]
            step = width * INDEX_STEP
            strips = []
            for k, card in enumerate(meld.cards):
                x = rect.x + k * step
                put(card.ident, card, x, rect.y, width, 10 + k).data["shadow"] = k == len(meld.cards) - 1
                strip_w = step if k < len(meld.cards) - 1 else width
                strips.append(pygame.Rect(round(x), rect.y, round(strip_w), rect.height))
            self.meld_rects.append((index, rect, strips))
        self.sprites.keep_only(keep)

    def _slot_rects(self) -> list[pygame.Rect]:
        area, s = self.areas["stage"], self.scale
        n = max(1, len(self.staged))
        gap = s(12)
        w = (area.width - gap * (n - 1)) // n
        return [pygame.Rect(area.x + i * (w + gap), area.y, w, area.height) for i in range(n)]

    def spawn_point(self, key, piece) -> tuple[float, float]:
        """Where a piece that just appeared comes from (a drawn card from the stock, a
        discarded or melded card from its player's seat)."""
        stock = self.areas.get("stock", pygame.Rect(0, 0, 1, 1))
        log = self.view.log
        last = log[-1] if log else None
        if isinstance(key, tuple) and key[0] == "back":
            if last is not None and last.kind == "draw_discard":
                return self.areas["discard"].topleft
            return stock.topleft
        if last is not None and last.kind in ("discard", "lay_down", "lay_off", "extra_meld", "take_back"):
            rect = self.seat_rects.get(last.player)
            if rect is not None and last.player != self.viewer:
                return rect.center
        return stock.topleft

    # Drag and drop ------------------------------------------------------------------------------
    def pick(self, pos: tuple[int, int]) -> Sprite | None:
        if not self.my_turn:
            return None
        candidates = [
            sprite
            for sprite in self.sprites.ordered()
            if sprite.rect(self.painter.height(sprite.width)).collidepoint(pos) and self._can_pick(sprite)
        ]
        return candidates[-1] if candidates else None

    def _can_pick(self, sprite: Sprite) -> bool:
        """In the draw phase the stock and the discard top; in the play phase the hand's cards."""
        view = self.view
        if view.phase == "draw":
            return sprite.key == STOCK_KEY or bool(view.discard and sprite.key == view.discard[-1].ident)
        return (
            view.phase == "play" and isinstance(sprite.piece, Card) and self.card_of(sprite.key) is not None
        )

    def drop_targets(self, held: list[Sprite]) -> list[DropTarget]:
        """Stock or discard top -> hand draws; cards -> a staging slot or back to the hand
        rearrange; one card -> discard pile discards, -> a meld lays off (a run's half stands
        for its end), -> a wild of a run takes the wild back."""
        s = self.scale
        hand_zone = self.areas["hand"].inflate(s(40), s(30))
        first = held[0].key
        if first == STOCK_KEY or (self.view.discard and first == self.view.discard[-1].ident):
            move = DrawStock() if first == STOCK_KEY else DrawDiscard()
            return [DropTarget("hand", hand_zone, True, moves=(move,))]
        targets = [
            DropTarget(f"slot:{g}", rect, True, arrange=self._stage) for g, rect in enumerate(self.slot_rects)
        ]
        targets.append(DropTarget("hand", hand_zone, True, arrange=self._return_to_hand, quiet=True))
        if len(held) != 1:
            return targets
        card = held[0].piece
        discard = Discard(card)
        zone = self.areas["discard"].inflate(s(24), s(24))
        targets.append(DropTarget("discard", zone, discard in self.legal, moves=(discard,)))
        for index, rect, strips in self.meld_rects:
            meld = self.view.table[index]
            if meld.kind == RUN:
                for position, on_table in enumerate(meld.cards):
                    take = TakeBackWild(card, index, position)
                    if is_wild(on_table) and take in self.legal:
                        targets.append(
                            DropTarget(f"take:{index}:{position}", strips[position], True, moves=(take,))
                        )
            targets += self.run_end_targets(
                index, rect, lambda end, i=index: LayOff(card, i, end), grow_refused=False
            )
        return targets

    def _stage(self, held: list[Sprite], target: DropTarget) -> None:
        slot = int(target.key.split(":")[1])
        ids = [s.key for s in held]
        for group in self.staged:
            for i in ids:
                if i in group:
                    group.remove(i)
        self.staged[slot].extend(ids)
        self.save_ui()
        self.drag.selection = []
        self.app.sound.play("place")
        self.lay_out_pieces()

    def _return_to_hand(self, held: list[Sprite], target: DropTarget | None = None) -> None:
        """Back from the staging area, or moved within the hand to where it was dropped."""
        ids = [s.key for s in held]
        for group in self.staged:
            for i in ids:
                if i in group:
                    group.remove(i)
        self.hand_order = reorder(
            self.hand_order,
            self.hand_cards(),
            ids,
            held[0].x + self.hand_w / 2,
            self.areas["hand"],
            self.hand_w,
            self.hand_h,
        )
        self.save_ui()
        self.lay_out_pieces()

    def on_piece_double_click(self, sprite: Sprite) -> None:
        if sprite.key == STOCK_KEY:
            self.draw_from_stock()
        elif self.view.phase == "draw" and self.view.discard and sprite.key == self.view.discard[-1].ident:
            self.draw_from_discard()
        elif self.view.phase == "play" and isinstance(sprite.piece, Card):
            self.drag.selection = []
            rect = sprite.rect(self.painter.height(sprite.width))
            self.play(Discard(sprite.piece), rect.midtop)

    def on_piece_click(self, sprite: Sprite) -> None:
        if sprite.key == STOCK_KEY or self.view.phase != "play":
            self.drag.selection = []
        self.lay_out_pieces()

    # Input --------------------------------------------------------------------------------------
    def widgets(self) -> list:
        return [*self.top_buttons, self.grid_button, self.sort_suit, self.sort_rank, self.lay_down_button]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.show_grid and event.key in (pygame.K_ESCAPE, pygame.K_g):
            self.show_grid = False
            return True
        if self.grid_button.handle(event):
            return True
        if self.show_grid and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.show_grid = False
            return True
        if self.viewer is not None:
            for b in (self.sort_suit, self.sort_rank):
                if b.handle(event):
                    return True
            if self.lay_down_button.handle(event):
                return True
        return super().handle(event)

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_g:
            self.toggle_grid()
            return True
        if not self.my_turn:
            return False
        if event.key == pygame.K_d:
            self.draw_from_stock()
        elif event.key == pygame.K_t:
            self.draw_from_discard()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and any(self.staged):
            self.lay_down_staged()
        elif event.key == pygame.K_s:
            self.sort(suit_order)
        elif event.key == pygame.K_r:
            self.sort(rank_order)
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.lay_down_button.enabled = self.my_turn and self.view.phase == "play" and any(self.staged)
        super().update(dt)

    # Status -------------------------------------------------------------------------------------
    def status(self) -> Text:
        view, tr = self.view, self.app.tr
        seat = view.current_player
        if seat is None or view.phase in ("round_over", "game_over"):
            return tr("frustration.status.round_over")
        if not self.my_turn:
            if self.is_human(seat):
                return tr("status.waiting_for", name=self.seat_name(seat))
            return tr("status.computer_playing", name=self.seat_name(seat))
        if view.phase == "draw":
            return tr("frustration.status.draw")
        if view.pending_wilds:
            return tr("frustration.status.play_wild", card=card_label(self.app, view.pending_wilds[0]))
        if len(view.hand) == 1:
            return tr("frustration.status.go_out")
        if view.is_down:
            return tr("frustration.status.down")
        return tr("frustration.status.play", contract=contract_text(self.app, view.contract))

    # Drawing ------------------------------------------------------------------------------------
    def draw_static(self, surface: pygame.Surface) -> None:
        s, fonts, view, tr = self.scale, self.app.fonts, self.view, self.app.tr
        anchor, _others = self.seating()
        info = tr("frustration.round", n=view.round_number)
        fonts.draw(
            surface,
            info,
            (self.grid_button.rect.right + s(16), self.grid_button.rect.centery),
            s.font(18),
            theme.CREAM,
            bold=True,
            anchor="midleft",
        )
        for seat, rect in self.seat_rects.items():
            lines = [tr("frustration.seat.contract", n=view.contracts[seat])]
            if seat == anchor:
                lines.append(contract_text(self.app, view.contracts[seat]))
                lines.append(self.app.tr_n("frustration.seat.cards", view.hand_sizes[seat]))
            badge = tr("frustration.seat.down") if view.down[seat] else None
            draw_seat_panel(
                surface,
                fonts,
                s,
                rect,
                self.seat_name(seat),
                lines,
                active=view.current_player == seat,
                badge=badge,
                badge_good=True,
            )
            if seat != anchor:
                count = self.app.tr_n("frustration.seat.cards", view.hand_sizes[seat])
                fonts.draw(
                    surface,
                    count,
                    (rect.right - s(10), rect.bottom - s(10)),
                    s.font(15),
                    theme.CREAM,
                    bold=True,
                    anchor="bottomright",
                )
        stock, disc = self.areas["stock"], self.areas["discard"]
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
            tr("frustration.discard"),
            (disc.centerx, disc.y - s(6)),
            s.font(15),
            theme.CREAM_SOFT,
            anchor="midbottom",
        )
        draw_slot(surface, disc, s(8))
        draw_stock(surface, self.painter, stock, max(0, view.stock_count - 1))
        fonts.draw(
            surface,
            Verbatim(str(view.stock_count)),
            (stock.centerx, stock.bottom + s(18)),
            s.font(15),
            theme.CREAM_SOFT,
            anchor="midtop",
        )
        for seat, rect in getattr(self, "_blocks", {}).items():
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (0, 0, 0, 38), layer.get_rect(), border_radius=s(10))
            surface.blit(layer, rect)
            fonts.draw(
                surface,
                self.seat_name(seat),
                (rect.x + s(10), rect.y + s(4)),
                s.font(15),
                theme.GOLD,
                bold=True,
            )
        if not view.table:
            fonts.draw(
                surface,
                tr("frustration.no_melds"),
                self.areas["melds"].center,
                s.font(18),
                theme.CREAM_SOFT,
                anchor="center",
            )
        if self.viewer is not None:
            for rect, label in zip(self.slot_rects, self._slot_labels(), strict=False):
                draw_slot(surface, rect, s(10))
                fonts.draw(
                    surface, label, (rect.x + s(10), rect.y + s(5)), s.font(15), theme.CREAM_SOFT, bold=True
                )

    def draw_table(self, surface: pygame.Surface) -> None:
        s, fonts = self.scale, self.app.fonts
        self.grid_button.draw(surface, fonts)
        if self.viewer is not None:
            if self.drag.dragging:
                for rect in self.slot_rects:
                    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=s(10))
            self.lay_down_button.draw(surface, fonts)
            self.sort_suit.draw(surface, fonts)
            self.sort_rank.draw(surface, fonts)

    def _slot_labels(self) -> list[Text]:
        tr = self.app.tr
        if self.view.is_down:
            return [tr("frustration.new_meld")]
        return [tr(f"frustration.part.{kind}", n=length) for kind, length in contract(self.view.contract)]

    def draw_sprites(self, surface: pygame.Surface) -> None:
        held = {s.key for s in self.drag.held}
        selected = {s.key for s in self.drag.selection}
        wilds = {c.ident for m in self.view.table for c in m.cards if c.rank == 2}
        for sprite in self.sprites.ordered():
            if sprite.key in held:
                continue
            self.painter.draw(surface, sprite, wild=sprite.key in wilds, selected=sprite.key in selected)
        for sprite in self.drag.held:
            self.painter.draw(surface, sprite)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        if self.show_grid:
            from game.ui.tables.frustration_grid import draw_grid_overlay

            draw_grid_overlay(self, surface)

    # Summaries ----------------------------------------------------------------------------------
    def summary_scene(self, final: bool):
        from game.ui.tables.frustration_grid import FrustrationSummary

        return FrustrationSummary(self.app, self, final=final)


class _Drawing(TableDrawing):
    def draw_static(self, surface):
        self.table.draw_static(surface)

    def draw_table(self, surface):
        self.table.draw_table(surface)

    def draw_sprites(self, surface):
        self.table.draw_sprites(surface)

    def draw_overlays(self, surface):
        self.table.draw_overlays(surface)
