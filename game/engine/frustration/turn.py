"""The phases of a game, checking moves and listing legal moves for the player to move.

``FrustrationRules`` is shared by the state and by a player's view: it only reads what the
player to move can see (own hand, table, discard pile, stock size, who laid down), so a view
answers ``legal_moves()`` and ``why_not(move)`` exactly as the state does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.engine import base
from game.engine.base import Event, Move, NextRound, TurnRules, checks
from game.engine.errors import IllegalMove, require
from game.engine.events import PublicEvent, meld_facts
from game.engine.pieces import RANK_TEXT, Card, require_held, without

from .moves import (
    Discard,
    DrawDiscard,
    DrawStock,
    ExtraMeld,
    LayDown,
    LayOff,
    TakeBackWild,
)
from .options import Options
from .placing import finishing_problem, place_wilds
from .rules import (
    CONTRACTS,
    HIGH,
    LOW,
    RUN,
    SET,
    Contract,
    TableMeld,
    as_cards,
    deduce_kind,
    is_wild,
    lay_off,
    read_contract,
    table_meld,
    take_back,
)


class Phase(StrEnum):
    """Where a game stands (saved by value): the player to move draws, then plays (melds,
    lays off, discards); between rounds; over."""

    DRAW = "draw"
    PLAY = "play"
    ROUND_OVER = base.ROUND_OVER
    GAME_OVER = base.GAME_OVER


@dataclass
class Outcome:
    """What a checked table move does: the mover's new hand, the new table, the wilds taken
    back and still to play, and what to log and announce."""

    hand: list[Card]
    table: list[TableMeld]
    pending: list[Card]
    entry: PublicEvent
    event: Event
    laid_down: bool = False


class FrustrationRules(TurnRules):
    """Move checks and legal moves (see the module docstring). Subclasses provide the
    attributes below and ``current_player``, ``stock_count`` and ``_mover_hand()``."""

    phase: str
    options: Options
    table: Sequence[TableMeld]
    down: Sequence[bool]
    contracts: Sequence[int]
    pending_wilds: Sequence[Card]
    discard: Sequence[Card]
    log: Sequence[PublicEvent]

    # ---------------------------------------------------------------------------------------
    # Questions the interface and the bots ask

    def contract_of(self, player: int) -> Contract:
        """The melds of ``player``'s current contract."""
        return CONTRACTS[self.contracts[player] - 1]

    def can_lay_down(self) -> bool:
        """True when the player to move may now propose a ``LayDown`` (play phase, contract
        not yet down this round). It does not search the hand for the contract."""
        p = self.current_player  # type: ignore[attr-defined]
        return self.phase == Phase.PLAY and self._mover_hand() is not None and not self.down[p]

    def can_meld(self) -> bool:
        """True when the player to move may lay off, meld extra melds or take back wilds
        (play phase, contract down this round)."""
        p = self.current_player  # type: ignore[attr-defined]
        return self.phase == Phase.PLAY and self._mover_hand() is not None and self.down[p]

    def wild_placement(self) -> list[Move]:
        """Table moves that put every wild taken back this turn on the table, legal when played
        in this order (``[]`` when none is pending or it is not the turn of this hand). The
        engine only lets a turn reach a position where such moves exist."""
        hand = self._mover_hand()
        if hand is None or self.phase != Phase.PLAY or not self.pending_wilds:
            return []
        plan = place_wilds(hand, self.pending_wilds, self.table, self.options.extra_run_min)
        return plan or []

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move, in this order:

        - phase ``draw``: ``DrawStock`` (when the stock has a card), ``DrawDiscard`` (when the
          discard pile has one);
        - phase ``play``: one ``Discard`` per card in hand (none while a wild taken back is
          still in hand), then, once the contract is down, every legal ``LayOff`` (each card,
          each meld, each legal end) and every legal ``TakeBackWild``. ``LayDown`` and
          ``ExtraMeld`` are combinatorial and not listed: propose one and ``why_not``/``apply``
          it (``can_lay_down``/``can_meld`` say whether it is the time to). One exception
          keeps the list from ever being empty in this phase: while a wild taken back is in
          hand and ``wild_placement()`` starts with an ``ExtraMeld``, that meld is listed last;
        - phase ``round_over``: ``NextRound()``; phase ``game_over``: nothing.

        A view lists its seat's moves only when it is that seat's turn.
        """
        hand = self._mover_hand()
        if hand is None or self.phase == Phase.GAME_OVER:
            return []
        if self.phase == Phase.ROUND_OVER:
            return [NextRound()]
        if self.phase == Phase.DRAW:
            moves: list[Move] = []
            if self.stock_count:  # type: ignore[attr-defined]
                moves.append(DrawStock())
            if self.discard:
                moves.append(DrawDiscard())
            return moves
        moves = [] if self.pending_wilds else [Discard(c) for c in hand]
        if self.down[self.current_player]:  # type: ignore[attr-defined]
            moves.extend(self._legal_lay_offs(hand))
            if self.options.wild_takeback:
                moves.extend(self._legal_take_backs(hand))
            placing = self.wild_placement()
            if placing and isinstance(placing[0], ExtraMeld):
                moves.append(placing[0])
        return moves

    def _legal_lay_offs(self, hand: Sequence[Card]) -> list[Move]:
        moves: list[Move] = []
        for index, meld in enumerate(self.table):
            room = meld.wild_room() > 0
            open_low, open_high = meld.open_ends()
            for card in hand:
                for end in _candidate_ends(meld, card, room, open_low, open_high):
                    move = LayOff(card, index, end)
                    try:
                        self._plan_lay_off(move, hand)
                    except IllegalMove:
                        continue
                    moves.append(move)
        return moves

    def _legal_take_backs(self, hand: Sequence[Card]) -> list[Move]:
        moves: list[Move] = []
        for index, meld in enumerate(self.table):
            if meld.kind != RUN:
                continue
            for position, wanted in enumerate(meld.stand_ins()):
                if wanted is None:
                    continue
                for card in hand:
                    if is_wild(card) or card.text != wanted:
                        continue
                    move = TakeBackWild(card, index, position)
                    try:
                        self._plan_take_back(move, hand)
                    except IllegalMove:
                        continue
                    moves.append(move)
        return moves

    # ---------------------------------------------------------------------------------------
    # Checking one move (``check_move`` calls the check of the move's kind once the turn and
    # the phase are right). A table move's check (its plan, for the hand of the player to move
    # or a hand given) returns its ``Outcome``.

    def turn_phase_refusal(self, wanted: frozenset[str]) -> IllegalMove:
        return IllegalMove("already_drawn" if Phase.DRAW in wanted else "must_draw_first")

    @checks(NextRound, Phase.ROUND_OVER)
    def _check_next_round(self, move: NextRound) -> None:
        return None

    @checks(DrawStock, Phase.DRAW)
    def _check_draw_stock(self, move: DrawStock) -> None:
        require(self.stock_count, "stock_empty")  # type: ignore[attr-defined]

    @checks(DrawDiscard, Phase.DRAW)
    def _check_draw_discard(self, move: DrawDiscard) -> None:
        require(self.discard, "discard_empty")

    @checks(Discard, Phase.PLAY)
    def _check_discard(self, move: Discard) -> None:
        card = _want_card(move.card)
        require_held(self._hand(), [card])
        if self.pending_wilds:
            raise IllegalMove("wild_must_be_played", card=self.pending_wilds[0].text)

    @checks(LayDown, Phase.PLAY)
    def _plan_lay_down(self, move: LayDown, hand: Sequence[Card] | None = None) -> Outcome:
        hand = self._hand() if hand is None else hand
        p: int = self.current_player  # type: ignore[attr-defined]
        if self.down[p]:
            raise IllegalMove("contract_already_down")
        if not isinstance(move.melds, (tuple, list)):
            raise IllegalMove("bad_move")
        groups = [as_cards(m) for m in move.melds]
        cards = [c for g in groups for c in g]
        require_held(hand, cards)
        readings = read_contract(self.contracts[p], groups, self.options.exact_contract_length)
        rest = without(hand, cards)
        if not rest:
            raise IllegalMove("no_card_left_to_discard")
        new = [TableMeld(p, k, g, low, suit) for g, (k, low, suit) in zip(groups, readings, strict=True)]
        indices = tuple(range(len(self.table), len(self.table) + len(new)))
        return Outcome(
            rest,
            [*self.table, *new],
            list(self.pending_wilds),
            PublicEvent(
                len(self.log),
                p,
                "meld",
                _texts(cards),
                indices,
                "hand",
                "table",
                count=len(cards),
                detail=(("contract", self.contracts[p]), ("sizes", tuple(len(g) for g in groups))),
            ),
            Event("laid_down", {"player": p, "contract": self.contracts[p], "melds": list(indices)}),
            laid_down=True,
        )

    @checks(LayOff, Phase.PLAY)
    def _plan_lay_off(self, move: LayOff, hand: Sequence[Card] | None = None) -> Outcome:
        hand = self._hand() if hand is None else hand
        p: int = self.current_player  # type: ignore[attr-defined]
        if not self.down[p]:
            raise IllegalMove("contract_not_down")
        card = _want_card(move.card)
        index = self._want_meld_index(move.meld)
        if move.end is not None and not isinstance(move.end, str):
            raise IllegalMove("bad_move")
        require_held(hand, [card])
        meld = lay_off(self.table[index], card, move.end)
        rest = without(hand, [card])
        pending = without(self.pending_wilds, [card])
        table = list(self.table)
        table[index] = meld
        _require_finishable(rest, pending, table, self.options.extra_run_min)
        return Outcome(
            rest,
            table,
            pending,
            PublicEvent(
                len(self.log),
                p,
                "lay_off",
                (card.text,),
                (index,),
                "hand",
                "table",
                move.end,
                1,
                _meld_facts(meld),
            ),
            Event("laid_off", {"player": p, "card": card.text, "meld": index, "end": move.end}),
        )

    @checks(ExtraMeld, Phase.PLAY)
    def _plan_extra_meld(self, move: ExtraMeld, hand: Sequence[Card] | None = None) -> Outcome:
        hand = self._hand() if hand is None else hand
        p: int = self.current_player  # type: ignore[attr-defined]
        if not self.down[p]:
            raise IllegalMove("contract_not_down")
        cards = as_cards(move.cards)
        require_held(hand, cards)
        kind = deduce_kind(cards)
        meld = table_meld(p, cards, kind, self.options.extra_run_min if kind == RUN else 3)
        rest = without(hand, cards)
        pending = without(self.pending_wilds, cards)
        table = [*self.table, meld]
        _require_finishable(rest, pending, table, self.options.extra_run_min)
        index = len(table) - 1
        return Outcome(
            rest,
            table,
            pending,
            PublicEvent(
                len(self.log),
                p,
                "meld",
                _texts(cards),
                (index,),
                "hand",
                "table",
                count=len(cards),
                detail=(("sizes", (len(cards),)),),
            ),
            Event("melded", {"player": p, "meld": index, "kind": kind}),
        )

    @checks(TakeBackWild, Phase.PLAY)
    def _plan_take_back(self, move: TakeBackWild, hand: Sequence[Card] | None = None) -> Outcome:
        hand = self._hand() if hand is None else hand
        p: int = self.current_player  # type: ignore[attr-defined]
        if not self.options.wild_takeback:
            raise IllegalMove("takeback_disabled")
        if not self.down[p]:
            raise IllegalMove("contract_not_down")
        card = _want_card(move.card)
        index = self._want_meld_index(move.meld)
        if not isinstance(move.position, int) or isinstance(move.position, bool):
            raise IllegalMove("bad_move")
        require_held(hand, [card])
        meld, wild = take_back(self.table[index], move.position, card)
        rest = [*without(hand, [card]), wild]
        pending = [*self.pending_wilds, wild]
        table = list(self.table)
        table[index] = meld
        _require_finishable(rest, pending, table, self.options.extra_run_min)
        return Outcome(
            rest,
            table,
            pending,
            PublicEvent(
                len(self.log),
                p,
                "swap_wild",
                (card.text, wild.text),
                (index,),
                "hand",
                "table",
                count=1,
                detail=(("position", move.position), *_meld_facts(meld)),
            ),
            Event(
                "took_back",
                {"player": p, "card": card.text, "wild": wild.text, "meld": index, "position": move.position},
            ),
        )

    def _want_meld_index(self, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalMove("bad_move")
        if not 0 <= value < len(self.table):
            raise IllegalMove("no_such_meld")
        return value


def _meld_facts(meld: TableMeld) -> tuple[tuple[str, object], ...]:
    """What names ``meld`` in an event: its owner, its shape and its rank or suit."""
    return meld_facts(meld.owner, meld.kind, RANK_TEXT[meld.low] if meld.kind == SET else meld.suit)


def _candidate_ends(
    meld: TableMeld, card: Card, room: bool, open_low: bool, open_high: bool
) -> list[str | None]:
    """Ends where ``card`` might be laid off on ``meld`` (a quick filter before the full check)."""
    if meld.kind == SET:
        fits = room if is_wild(card) else card.rank == meld.low
        return [None] if fits else []
    if is_wild(card):
        if not room:
            return []
        return [end for end, ok in ((LOW, open_low), (HIGH, open_high)) if ok]
    return [end for end, ok in ((LOW, open_low), (HIGH, open_high)) if ok and meld.fits_natural(card, end)]


def _texts(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(c.text for c in cards)


def _want_card(value: object) -> Card:
    if not isinstance(value, Card):
        raise IllegalMove("bad_move")
    return value


def _require_finishable(
    hand: Sequence[Card], pending: Sequence[Card], table: Sequence[TableMeld], run_min: int
) -> None:
    problem = finishing_problem(hand, pending, table, run_min)
    if problem is not None:
        raise IllegalMove(problem)
