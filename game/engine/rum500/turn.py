"""The phases of a turn and the legal moves of the player to move, from what that seat sees."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.base import Move, NextRound
from game.engine.pieces import Card, index_of, without

from .moves import ClaimRummy, Discard, DrawStock, LayOff, Meld, PassClaim, PassEmptyStock, TakeDiscard
from .rules import RUN, SET, TableMeld, can_use_card, lay_off_ends, meld_options

DRAW = "draw"
PLAY = "play"
CLAIM = "claim"
ROUND_OVER = "round_over"
GAME_OVER = "game_over"
PHASES: tuple[str, ...] = (DRAW, PLAY, CLAIM, ROUND_OVER, GAME_OVER)

PHASE_OF_MOVE: dict[type[Move], str] = {
    DrawStock: DRAW,
    TakeDiscard: DRAW,
    PassEmptyStock: DRAW,
    Meld: PLAY,
    LayOff: PLAY,
    Discard: PLAY,
    ClaimRummy: CLAIM,
    PassClaim: CLAIM,
    NextRound: ROUND_OVER,
}


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
    if phase == DRAW:
        return _draw_options(hand, table, discard, stock_count, decks)
    if phase == PLAY:
        return _play_options(hand, table, must_use, seat, decks)
    if phase == CLAIM:
        return [*claim_options(hand, table, discard[-1], decks), PassClaim()]
    if phase == ROUND_OVER:
        return [NextRound()]
    return []
