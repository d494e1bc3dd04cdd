"""What the two card tables (Frustration Rummy and 500 Rum) share as scenes: the card painter,
the model's hand order and sorting, picking a card up, dropping cards back into the hand,
the score sheet shown over the table (G), the common keys (D draws, S and R sort), card names in
the engine's reasons, the row of the other players' panels, and the drop targets of a meld (a
run's two halves stand for its two ends)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pygame

from game.engine.base import Event, Move
from game.engine.games import game_info
from game.engine.pieces import make_cards
from game.i18n import Text
from game.ui.dnd import DropTarget
from game.ui.motion import Sprite
from game.ui.tables.base import TableScene
from game.ui.tables.card_model import CardTurn, is_card_text
from game.ui.tables.card_undo import UI_KEY as UNDO_KEY
from game.ui.tables.card_undo import Arranged, TurnUndo
from game.ui.tables.cardtable import CardPainter, card_label, reorder
from game.ui.tables.keyboard import HandKeys
from game.ui.tables.meld_places import MeldLayout, MeldMetrics, MeldPlaces
from game.ui.tables.piece_words import PieceWords, card_words, the_card
from game.ui.widgets import IconButton

RUN = "run"
"""The kind of a meld that has two ends (the same word in both card engines)."""


class CardTableScene(TableScene):
    """Base of the two card tables (see the module docstring). A subclass sets ``model`` (a
    ``CardTurn``), ``sheet_button`` and ``SORTS`` (the two sort keys)."""

    SORTS: ClassVar[tuple[Callable, Callable]]
    """The sort keys of the S and R keys and buttons: by suit, by rank."""
    OVER_STATUS: ClassVar[str]
    """The status line's catalogue key once the round is over."""

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.painter = CardPainter(app)
        self.model: CardTurn = CardTurn()
        self.keys = HandKeys(self)
        self.show_sheet = False
        """True while the score sheet covers the table."""
        self.areas: dict[str, pygame.Rect] = {}
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.hand_w = self.hand_h = 0
        self.seated: int | None = None
        """The seat the table was laid out for (at the bottom)."""
        self.meld_owners: list[int] = []
        """The seat in whose area each table meld lies (by table index), as last laid out."""
        self.undo_turn = TurnUndo()
        """The moves of this play phase, to take them back until the discard."""
        self.undo_button = IconButton(lambda: app.tr("table.undo"), self.undo, name="undo")
        self.codec = game_info(self.game_id).module.CODEC
        """The game's moves as JSON (the turn's undo in the save)."""
        person = self.is_human(session.state.current_player)
        self.undo_turn.resume(session.ui.get(UNDO_KEY), session.state, person, self.codec)
        self.meld_places = MeldPlaces()
        """Each seat's area of melds and its melds' places, kept for the round."""

    # The model ------------------------------------------------------------------------------------
    def on_view_changed(self) -> None:
        self.model.follow(self.view, self.viewer, self.my_turn)
        self.session.ui = self.ui_block()
        if self.scale is not None and self.seated != self.seating()[0]:
            self.lay_out_table(self.app.size)  # the table turns (hot-seat)

    def ui_block(self) -> dict[str, Any]:
        """What the save keeps of the interface: the model's arrangement and the turn's undo."""
        return {**self.model.to_ui(), **self.undo_turn.to_ui(self.codec)}

    def save_ui(self) -> None:
        """Keep the hand orders (and staging, and the turn's undo) in the save, so that a resumed
        game looks the same and its turn can still be taken back."""
        self.session.ui = self.ui_block()
        self.app.save_session(self.session)

    def after_moves(self, moves: Sequence[Move], events: list[Event]) -> None:
        """As ``TableScene.after_moves``, noting the moves for undo."""
        for move in moves:
            self.undo_turn.note(self.state, move, self.is_human(self.state.current_player))
        super().after_moves(moves, events)

    def undo(self) -> None:
        """Take back the last meld, lay-off or staged arrangement played this turn (until the
        discard; the draw stays): the engine replays the turn without it."""
        if not self.my_turn or not self.undo_turn.can_undo or self.lesson is not None:
            return
        step = self.undo_turn.undo(self.state)
        if isinstance(step, Arranged):
            self.model.restore(step.before)
            self.save_ui()
        else:
            self.session.state = step
        self.gesture.cancel()
        self.gesture.select(())
        self.app.sound.play("click")
        self.refresh()
        self.app.save_session(self.session)

    def lay_out_undo(self, x: int, bottom: int, size: int) -> None:
        """The undo button, ``size`` wide, its left at ``x`` and bottom at ``bottom``."""
        self.undo_button.rect = pygame.Rect(x, bottom - size, size, size)
        self.undo_button.icon = self.app.art.icon("undo", int(size * 0.56))

    def _face_jobs(self, width: int) -> list:
        """One job per face at ``width``."""
        return [lambda c=c, w=width: self.painter.face(c, w) for c in make_cards(1, 2)]

    def warm_faces(self, width: int) -> None:
        """The melds' cards have just taken the width ``width`` (a new round's plan): the faces
        at that width are drawn first among the pictures still to warm, one a frame."""
        self._warm_jobs += self._face_jobs(width)[::-1]

    def update(self, dt: float) -> None:
        self.painter.new_frame()
        self.undo_button.enabled = self.my_turn and self.undo_turn.can_undo and self.lesson is None
        super().update(dt)

    def moves_on_its_own(self, on_top: bool) -> bool:
        """Card faces shown scaled this frame, to be drawn from their art in the next ones."""
        return bool(self.painter.late)

    def card_of(self, ident: Any):
        """The viewer's hand card of this ident, if any."""
        return self.model.card_of(ident)

    def sort(self, key) -> None:
        """Order the hand by ``key`` (one of ``SORTS``)."""
        self.model.sort(key)
        self.save_ui()
        self.app.sound.play("click")
        self.lay_out_pieces()

    def bench_animations(self) -> list:
        """Actions that start an animation (for the frame benchmark)."""
        return [lambda: self.sort(self.SORTS[0]), lambda: self.sort(self.SORTS[1])]

    def draw_from_stock(self) -> None:
        move = self.model.legal_kind("draw_stock")
        if move is not None:
            self.play(move)

    def toggle_sheet(self) -> None:
        self.show_sheet = not self.show_sheet

    def param_text(self, value: Any) -> Any:
        return card_label(self.app, value) if is_card_text(value) else value

    def error_param(self, value: Any) -> Any:
        return the_card(self.app, value) if is_card_text(value) else value

    @property
    def piece_words(self) -> PieceWords:
        return card_words(self.app)

    def status(self) -> Text:
        """What the person at the screen can do next: the end of the round, someone else's
        turn, or the player's own (``turn_status``)."""
        view, tr = self.view, self.app.tr
        seat = view.current_player
        if seat is None or view.phase in ("round_over", "game_over"):
            return tr(self.OVER_STATUS)
        if self.my_turn:
            return self.turn_status()
        if self.is_human(seat):
            return tr("status.waiting_for", name=self.seat_name(seat))
        return tr("status.computer_playing", name=self.seat_name(seat))

    def turn_status(self) -> Text:
        """The status line on the player's own turn (subclasses)."""
        return Text("")

    # The round's end -------------------------------------------------------------------------------
    def hand_of(self, seat: int) -> tuple:
        """Seat ``seat``'s hand in the engine state (subclasses); read only once the round is over."""
        return ()

    def hand_penalty(self, seat: int) -> int | None:
        """The points seat ``seat``'s hand cost in the round just over (subclasses)."""
        return None

    def revealed_hands(self) -> dict[int, tuple]:
        """Every hand, face up, once the round is over (nothing is hidden any more then)."""
        if self.phase not in ("round_over", "game_over"):
            return {}
        return {seat: tuple(self.hand_of(seat)) for seat in range(self.state.num_players)}

    def put_revealed(self, put, seat: int, cards: tuple, rect: pygame.Rect, z: int) -> None:
        """Seat ``seat``'s revealed hand, face up, fanned in the bottom right of its panel
        ``rect`` (where the card count was: the name and contract stay readable)."""
        s = self.scale
        width = s(32)
        height = self.painter.height(width)
        count = len(cards)
        room = int(rect.width * 0.58) - s(8)
        step = min(width * 0.62, (room - width) / max(1, count - 1)) if count > 1 else 0
        fan_w = width + step * max(0, count - 1)
        x0, y = rect.right - s(8) - fan_w, rect.bottom - height - s(6)
        for i, card in enumerate(cards):
            sprite = put(card.ident, card, x0 + i * step, y, width, z + i)
            sprite.data["shadow"] = i == count - 1

    # Layout ----------------------------------------------------------------------------------------
    def seat_panels(self) -> list[pygame.Rect]:
        return list(self.seat_rects.values())

    def lay_out_opponents(self, others: list[int], top: int, panel_h: int, margin_x: int) -> None:
        """The other players' panels in a row across the top, centred."""
        s, w = self.scale, self.app.size[0]
        self.seated = self.seating()[0]
        gap, n = s(12), len(others)
        panel_w = min(s(250), (w - 2 * margin_x - gap * (n - 1)) // max(1, n))
        x0 = (w - (panel_w * n + gap * (n - 1))) // 2
        self.seat_rects = {
            seat: pygame.Rect(x0 + i * (panel_w + gap), top, panel_w, panel_h)
            for i, seat in enumerate(others)
        }

    def settle_melds(
        self, owners: Sequence[int], metrics: MeldMetrics, widest: int, expected: dict[int, Sequence[int]]
    ) -> MeldLayout:
        """The table's melds in their seats' areas (``tables/meld_places.py``): meld ``i`` in
        seat ``owners[i]``'s, cards ``s(widest)`` wide at most, ``s(34)`` at least; ``expected``:
        the meld lengths of a seat yet to meld."""
        s, view = self.scale, self.view
        self.meld_owners = list(owners)
        return self.meld_places.settle(
            owners,
            [frozenset(c.ident for c in meld.cards) for meld in view.table],
            self.areas["melds"],
            view.num_players,
            view.round_number,
            range(s(widest), s(34) - 1, -2),
            self.painter.height,
            metrics,
            expected,
        )

    # Input ----------------------------------------------------------------------------------------
    def can_pick(self, sprite: Sprite) -> bool:
        """Whether ``sprite`` may be picked up now (subclasses)."""
        return False

    def can_arrange(self) -> bool:
        """Whether the person at the screen may re-order their hand now: at any time of the
        round, their turn or not, before drawing too (not while the screen is handed over)."""
        return self.viewer is not None and self.phase not in ("round_over", "game_over")

    def pick(self, pos: tuple[int, int]) -> Sprite | None:
        if not self.can_arrange():
            return None
        mine = self.my_turn
        candidates = [
            sprite
            for sprite in self.sprites.ordered()
            if (self.can_pick(sprite) if mine else self.card_of(sprite.key) is not None)
            and sprite.rect(self.painter.height(sprite.width)).collidepoint(pos)
        ]
        return candidates[-1] if candidates else None

    def reorder_targets(self, held: list[Sprite]) -> list[DropTarget] | None:
        """Hand cards held outside the play phase may only go back into the hand, where they are
        dropped; ``None`` when the game's own targets apply."""
        if self.my_turn and self.phase != "draw":
            return None
        if not all(self.card_of(s.key) is not None for s in held):
            return None
        s = self.scale
        zone = self.areas["hand"].inflate(s(40), s(30))
        return [DropTarget("hand", zone, True, arrange=self.return_to_hand, quiet=True)]

    def land_in_hand(self, held: list[Sprite], target: DropTarget | None = None) -> None:
        """Cards just drawn by a drop on the hand land where they were dropped."""
        if self.model.arrived:
            self.place_in_hand(self.model.arrived, held[0].x)

    def place_in_hand(self, ids: list[str], left_x: float) -> None:
        """Put the hand cards ``ids`` where a card whose left edge is at ``left_x`` was dropped."""
        self.model.hand_order = reorder(
            self.model.hand_order,
            self.model.hand_cards(),
            ids,
            left_x + self.hand_w / 2,
            self.areas["hand"],
            self.hand_w,
            self.hand_h,
        )
        self.save_ui()
        self.lay_out_pieces()

    def return_to_hand(self, held: list[Sprite], target: DropTarget | None = None) -> None:
        """Cards dropped on the hand go where they were dropped (re-ordering the hand)."""
        ids = [s.key for s in held]
        before = self.model.arrangement()
        self.model.take_back(ids)
        if self.my_turn and self.phase == "play" and self.model.arrangement() != before:
            self.undo_turn.arranged(before)  # cards taken out of a staging slot
        self.place_in_hand(ids, held[0].x)

    def handle_sheet(self, event: pygame.event.Event) -> bool:
        """The score sheet's button; while the sheet is open, G, Escape or a click closes it."""
        if event.type == pygame.KEYDOWN and self.show_sheet and event.key in (pygame.K_ESCAPE, pygame.K_g):
            self.show_sheet = False
            return True
        if self.sheet_button.handle(event):
            return True
        if self.show_sheet and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.show_sheet = False
            return True
        return False

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            return True
        if event.key == pygame.K_g:
            self.toggle_sheet()
            return True
        if not self.my_turn:
            return False
        if event.key == pygame.K_d:
            self.draw_from_stock()
        elif event.key in (pygame.K_s, pygame.K_r):
            self.sort(self.SORTS[0] if event.key == pygame.K_s else self.SORTS[1])
        else:
            return self.handle_key(event.key)
        return True

    def handle_key(self, key: int) -> bool:
        """A key of this game's own on the player's turn (subclasses); True when used."""
        return False

    # Drop targets ------------------------------------------------------------------------------
    def run_end_targets(
        self, index: int, rect: pygame.Rect, make: Callable[[Any], Move], grow_refused: bool = True
    ) -> list[DropTarget]:
        """Targets for one card on meld ``index`` lying in ``rect``: the whole meld for a set
        (``make(None)``), the two halves of a run for its low and high ends (``make(end)``); when
        only one end takes the card, both halves lay it there. A refused half keeps its size
        when ``grow_refused`` is False."""
        grow = self.scale(16)
        if self.view.table[index].kind != RUN:
            move = make(None)
            return [
                DropTarget(f"meld:{index}", rect.inflate(grow, grow), move in self.model.legal, moves=(move,))
            ]
        left, right = rect.copy(), rect.copy()
        left.width = rect.width // 2
        right.width = rect.width - left.width
        right.x = left.right
        targets = []
        for end, other, part in (("low", "high", left), ("high", "low", right)):
            move, alternative = make(end), make(other)
            if move not in self.model.legal and alternative in self.model.legal:
                move = alternative  # only the other end fits: anywhere on the run lays it there
            accepts = move in self.model.legal
            zone = part.inflate(grow, grow) if accepts or grow_refused else part
            targets.append(DropTarget(f"meld:{index}:{end}", zone, accepts, moves=(move,)))
        return targets
