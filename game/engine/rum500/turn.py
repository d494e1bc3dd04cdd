"""The phases of a game, checking moves and listing legal moves for the player to move.

``Rum500Rules`` is shared by the state and by a player's view: it only reads what the player to
move can see (own hand, table, discard pile, stock size, the card that must be used), so a view
answers ``legal_moves()`` and ``why_not(move)`` exactly as the state does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.engine import base
from game.engine.base import Move, NextRound, TurnRules, checks
from game.engine.errors import IllegalMove
from game.engine.pieces import Card, index_of, require_held, without

from .moves import ClaimRummy, Discard, DrawStock, LayOff, Meld, PassClaim, PassEmptyStock, TakeDiscard
from .options import Options
from .rules import HIGH, LOW, RUN, SET, TableMeld, arrange_meld, can_use_card, lay_off_ends, meld_options


class Phase(StrEnum):
    """Where a game stands (saved by value): the player to move draws, then plays; a claim
    window after a discard (Rummy!); between hands; over."""

    DRAW = "draw"
    PLAY = "play"
    CLAIM = "claim"
    ROUND_OVER = base.ROUND_OVER
    GAME_OVER = base.GAME_OVER


def lay_off_options(hand: Sequence[Card], table: Sequence[TableMeld]) -> list[LayOff]:
    """Every lay-off of a card of ``hand`` on ``table`` (runs with their end, sets ``None``)."""
    return [
        LayOff(card, i, end)
        for card in hand
        for i, meld in enumerate(table)
        for end in lay_off_ends(meld, card)
    ]


def claim_options(
    hand: Sequence[Card], table: Sequence[TableMeld], card: Card, decks: int = 1
) -> list[ClaimRummy]:
    """Every way a player holding ``hand`` can claim the discarded ``card``: melds of ``card``
    with hand cards, then lay-offs of ``card`` on the table."""
    melds = [m for m in meld_options([*hand, card], decks, prefer=card) if index_of(m, card) >= 0]
    claims = [ClaimRummy(cards=m) for m in melds]
    claims.extend(ClaimRummy(meld=i, end=end) for i, m in enumerate(table) for end in lay_off_ends(m, card))
    return claims


def after_meld(
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    kind: str,
    cards: Sequence[Card],
    seat: int,
    decks: int,
) -> tuple[list[Card], list[TableMeld]]:
    """The hand and table after ``seat`` melds ``cards`` (shown as the table shows them)."""
    new_table = [*table, TableMeld(kind, tuple(cards), (seat,) * len(cards), decks)]
    return without(hand, cards), new_table


def after_lay_off(
    hand: Sequence[Card], table: Sequence[TableMeld], move: LayOff, end: str | None, seat: int
) -> tuple[list[Card], list[TableMeld]]:
    """The hand and table after ``seat`` lays ``move.card`` off at ``end``."""
    new_table = list(table)
    new_table[move.meld] = table[move.meld].with_card(move.card, end, seat)
    return without(hand, [move.card]), new_table


def _play_options(
    hand: Sequence[Card], table: Sequence[TableMeld], must_use: Card | None, seat: int, decks: int
) -> list[Move]:
    """The legal moves of phase ``"play"``: melds, lay-offs, then discards. While a card taken
    from the discard pile is still to be used, no discard, and no play that would strand it
    (a meld of its face uses that very card rather than a twin)."""
    melds = meld_options(hand, decks, prefer=must_use)
    lay_offs = lay_off_options(hand, table)
    if must_use is None:
        return [*(Meld(c) for c in melds), *lay_offs, *(Discard(c) for c in hand)]
    moves: list[Move] = [
        Meld(c)
        for c in melds
        if index_of(c, must_use) >= 0
        or can_use_card(must_use, *after_meld(hand, table, _kind_of(c), c, seat, decks), decks)
    ]
    moves.extend(
        lay
        for lay in lay_offs
        if lay.card.ident == must_use.ident
        or can_use_card(must_use, *after_lay_off(hand, table, lay, lay.end, seat), decks)
    )
    return moves


def _kind_of(cards: Sequence[Card]) -> str:
    return SET if len({c.rank for c in cards}) == 1 else RUN


def _draw_options(
    hand: Sequence[Card], table: Sequence[TableMeld], discard: Sequence[Card], stock_count: int, decks: int
) -> list[Move]:
    """The legal moves of phase ``"draw"``: the stock (or the pass when it is empty), then every
    pile index whose card could be used with the hand and the cards above it."""
    moves: list[Move] = [DrawStock() if stock_count else PassEmptyStock()]
    for i, card in enumerate(discard):
        if can_use_card(card, [*hand, *discard[i + 1 :]], table, decks):
            moves.append(TakeDiscard(i))
    return moves


def legal_moves_for(
    phase: str,
    seat: int,
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    discard: Sequence[Card],
    stock_count: int,
    must_use: Card | None,
    decks: int,
) -> list[Move]:
    """The legal moves of ``seat`` (the player to move) from what that seat can see."""
    if phase == Phase.DRAW:
        return _draw_options(hand, table, discard, stock_count, decks)
    if phase == Phase.PLAY:
        return _play_options(hand, table, must_use, seat, decks)
    if phase == Phase.CLAIM:
        return [*claim_options(hand, table, discard[-1], decks), PassClaim()]
    if phase == Phase.ROUND_OVER:
        return [NextRound()]
    return []


@dataclass(frozen=True)
class Laying:
    """The plan of a checked meld, lay-off or claim: the cards as the table shows them (a
    meld's), the end of a lay-off, the mover's hand and the table afterwards."""

    cards: tuple[Card, ...]
    end: str | None
    hand: list[Card]
    table: list[TableMeld]


class Rum500Rules(TurnRules):
    """Move checks and legal moves (see the module docstring). Subclasses provide the
    attributes below, ``current_player``, ``turn_player`` and ``_mover_hand()``."""

    phase: str
    options: Options
    stock_count: int
    must_use: Card | None
    decks: int
    discard: Sequence[Card]
    table: Sequence[TableMeld]

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move (for a view: of its seat, when it is to move;
        else ``[]``): every ``TakeDiscard`` index that may be taken, ``DrawStock`` or
        ``PassEmptyStock``; every meld of the hand, every lay-off, every discard; in a claim
        window every claim and ``PassClaim``; ``NextRound`` between hands."""
        hand = self._mover_hand()
        if hand is None:
            return []
        seat: int = self.current_player  # type: ignore[attr-defined]
        return legal_moves_for(
            self.phase, seat, hand, self.table, self.discard, self.stock_count, self.must_use, self.decks
        )

    def turn_phase_refusal(self, wanted: frozenset[str]) -> IllegalMove:
        if Phase.CLAIM in wanted:
            return IllegalMove("no_claim_window")
        if self.phase == Phase.CLAIM:
            return IllegalMove("claim_window_open")
        return IllegalMove("must_draw_first" if self.phase == Phase.DRAW else "already_drawn")

    # ---- the check of each kind of move (``check_move`` calls it once the turn and the phase
    # are right; it returns what the state's play needs) ------------------------------------------

    @checks(DrawStock, Phase.DRAW)
    def _check_draw_stock(self, move: DrawStock) -> None:
        if not self.stock_count:
            raise IllegalMove("stock_empty")

    @checks(TakeDiscard, Phase.DRAW)
    def _check_take_discard(self, move: TakeDiscard) -> int:
        index, discard = move.index, self.discard
        if not discard:
            raise IllegalMove("discard_empty")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(discard):
            raise IllegalMove("bad_discard_index", index=index if isinstance(index, int) else -1)
        taken = discard[index:]
        if not can_use_card(taken[0], [*self._hand(), *taken[1:]], self.table, self.decks):
            raise IllegalMove("cannot_use_card", card=taken[0].text)
        return index

    @checks(PassEmptyStock, Phase.DRAW)
    def _check_pass_empty_stock(self, move: PassEmptyStock) -> None:
        if self.stock_count:
            raise IllegalMove("stock_not_empty")

    @checks(Meld, Phase.PLAY)
    def _check_meld(self, move: Meld) -> Laying:
        seat: int = self.current_player  # type: ignore[attr-defined]
        cards = tuple(move.cards)
        require_held(self._hand(), cards)
        kind, ordered = arrange_meld(cards, self.decks)
        hand, table = after_meld(self._hand(), self.table, kind, ordered, seat, self.decks)
        self._check_not_stranded(cards, hand, table)
        return Laying(ordered, None, hand, table)

    @checks(LayOff, Phase.PLAY)
    def _check_lay_off(self, move: LayOff) -> Laying:
        seat: int = self.current_player  # type: ignore[attr-defined]
        require_held(self._hand(), [move.card])
        end = self._lay_off_end(move.card, move.meld, move.end)
        hand, table = after_lay_off(self._hand(), self.table, move, end, seat)
        self._check_not_stranded([move.card], hand, table)
        return Laying((move.card,), end, hand, table)

    @checks(Discard, Phase.PLAY)
    def _check_discard(self, move: Discard) -> None:
        require_held(self._hand(), [move.card])
        if self.must_use is not None:
            raise IllegalMove("must_use_card", card=self.must_use.text)

    @checks(ClaimRummy, Phase.CLAIM)
    def _check_claim(self, move: ClaimRummy) -> Laying:
        seat: int = self.current_player  # type: ignore[attr-defined]
        card = self.discard[-1]
        cards = tuple(move.cards)
        if bool(cards) == (move.meld is not None):
            raise IllegalMove("bad_claim")
        if not all(isinstance(c, Card) for c in cards):
            raise IllegalMove("card_not_in_hand", card=str(next(c for c in cards if not isinstance(c, Card))))
        hand = [*self._hand(), card]
        if cards:
            if index_of(cards, card) < 0:
                raise IllegalMove("claim_without_card", card=card.text)
            require_held(self._hand(), without(cards, [card]))
            kind, ordered = arrange_meld(cards, self.decks)
            return Laying(ordered, None, *after_meld(hand, self.table, kind, ordered, seat, self.decks))
        end = self._lay_off_end(card, move.meld, move.end)
        lay = LayOff(card, move.meld, end)
        return Laying((card,), end, *after_lay_off(hand, self.table, lay, end, seat))

    @checks(PassClaim, Phase.CLAIM)
    def _check_pass_claim(self, move: PassClaim) -> None:
        return None

    @checks(NextRound, Phase.ROUND_OVER)
    def _check_next_round(self, move: NextRound) -> None:
        return None

    # ---- checks shared by the moves -----------------------------------------------------------

    def _lay_off_end(self, card: Card, meld: Any, end: Any) -> str | None:
        """The end where ``card`` goes on table meld ``meld``; raises ``IllegalMove``."""
        table = self.table
        if not isinstance(meld, int) or isinstance(meld, bool) or not 0 <= meld < len(table):
            raise IllegalMove("no_such_meld", meld=meld if isinstance(meld, int) else -1)
        target = table[meld]
        if end not in (None, LOW, HIGH) or (target.kind == SET and end is not None):
            raise IllegalMove("bad_end", end=str(end))
        ends = lay_off_ends(target, card)
        if end is None and len(ends) > 1:
            raise IllegalMove("ambiguous_end", card=card.text, meld=meld)
        if not ends or (end is not None and end not in ends):
            raise IllegalMove("cannot_lay_off", card=card.text, meld=meld)
        return ends[0] if end is None else end

    def _check_not_stranded(
        self, laid: Sequence[Card], hand: Sequence[Card], table: Sequence[TableMeld]
    ) -> None:
        must = self.must_use
        if must is None or index_of(laid, must) >= 0:
            return
        if not can_use_card(must, hand, table, self.decks):
            raise IllegalMove("would_strand_card", card=must.text)
