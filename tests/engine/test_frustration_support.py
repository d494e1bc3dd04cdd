"""Helpers for the Frustration tests: set up a position from card notation.

``build`` starts from a real game and places named cards (physical copies are handed out in
order, so two ``5D`` in a position are two different cards), fills the hands of players who
have not laid down to 13 cards (14 for the player in the play phase), and puts every other card
in the stock, the discard pile or on the table, so that every position passes ``audit()``.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from game.engine.errors import IllegalMove
from game.engine.frustration import ERROR_CODES, FrustrationState, Options, new_game
from game.engine.frustration.rules import SET, TableMeld, deduce_kind, is_wild, read_meld
from game.engine.notation import parse
from game.engine.pieces import Card


class Pool:
    """The cards of a game not yet placed, handed out by face."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = list(cards)

    def take(self, text: str) -> list[Card]:
        out = []
        for face in parse(text):
            for i, card in enumerate(self.cards):
                if card == face:
                    out.append(self.cards.pop(i))
                    break
            else:
                raise AssertionError(f"no {face} left")
        return out

    def take_filler(self, count: int) -> list[Card]:
        """Natural 3s..Ks spread over ranks, so that fillers rarely make melds by accident."""
        out = []
        ranks = [r for r in range(3, 14)]
        i = 0
        while len(out) < count:
            rank = ranks[i % len(ranks)]
            i += 1
            for j, card in enumerate(self.cards):
                if card.rank == rank:
                    out.append(self.cards.pop(j))
                    break
        return out


def build(
    players: int = 2,
    hands: Sequence[str] = (),
    table: Sequence[tuple[int, str]] = (),
    discard: str = "",
    stock: str = "",
    *,
    phase: str = "play",
    current: int = 0,
    contracts: Sequence[int] | None = None,
    options: Options | None = None,
    pending: str = "",
    fill: bool = True,
    rest: str = "stock",
    rest_owner: int = 0,
    scores: Sequence[int] | None = None,
) -> FrustrationState:
    """A position. ``hands[p]`` and table melds ``(owner, cards)`` in notation (kind deduced);
    ``discard`` bottom first; ``stock`` top last, the rest of the cards below it (``rest`` =
    "stock"), under the discard pile ("discard") or as sets on the table owned by
    ``rest_owner`` ("table"). Seats owning a table meld have laid down."""
    state = new_game(players, options or Options(), seed=0)
    pool = Pool(state.all_cards())
    melds = []
    for owner, text in table:
        cards = pool.take(text)
        kind = deduce_kind(cards)
        low, suit = read_meld(cards, kind)
        melds.append(TableMeld(owner, kind, tuple(cards), low, suit))
    owners = {m.owner for m in melds} | ({rest_owner} if rest == "table" else set())
    hand_cards = [pool.take(hands[p]) if p < len(hands) else [] for p in range(players)]
    pile = pool.take(discard)
    top = pool.take(stock)
    if fill:
        for p in range(players):
            if p not in owners:
                want = 13 + (1 if phase == "play" and p == current else 0)
                hand_cards[p] += pool.take_filler(want - len(hand_cards[p]))
    leftover = pool.cards
    if rest == "stock":
        top = leftover + top
    elif rest == "discard":
        pile = leftover + pile
    else:
        melds += _as_sets(leftover, rest_owner)
    state._hands = hand_cards
    state.table = melds
    state.discard = pile
    state.stock = top
    state.down = [p in owners for p in range(players)]
    state.phase = phase
    state._current = current
    if contracts is not None:
        state.contracts = list(contracts)
    if scores is not None:
        state.scores = list(scores)
    hand = state.hand(current)
    state.pending_wilds = [next(c for c in hand if c == w and is_wild(c)) for w in parse(pending)]
    state.audit()
    return state


def _as_sets(cards: list[Card], owner: int) -> list[TableMeld]:
    by_rank: dict[int, list[Card]] = {}
    wilds = []
    for c in cards:
        if is_wild(c):
            wilds.append(c)
        else:
            by_rank.setdefault(c.rank, []).append(c)
    melds = []
    for rank, group in sorted(by_rank.items()):
        assert len(group) >= 3, f"only {len(group)} cards of rank {rank} left for the table"
        while wilds and sum(is_wild(c) for c in group) < len(group) - sum(is_wild(c) for c in group):
            group.append(wilds.pop())
        melds.append(TableMeld(owner, SET, tuple(group), rank, ""))
    assert not wilds, "too many wilds left for the table"
    return melds


def cards_in(state: FrustrationState, player: int, text: str) -> list[Card]:
    """The physical cards of ``text`` in ``player``'s hand (twins: distinct copies, in order)."""
    hand = list(state.hand(player))
    out = []
    for face in parse(text):
        i = next(i for i, c in enumerate(hand) if c == face)
        out.append(hand.pop(i))
    return out


def card_in(state: FrustrationState, player: int, text: str) -> Card:
    """The first physical card ``text`` in ``player``'s hand."""
    return cards_in(state, player, text)[0]


def expect(code: str, call, *args, **kwargs) -> IllegalMove:
    """Run ``call`` and check it raises ``IllegalMove(code)`` with the parameters of
    ``ERROR_CODES[code]``."""
    with pytest.raises(IllegalMove) as info:
        call(*args, **kwargs)
    assert info.value.code == code, f"expected {code}, got {info.value}"
    assert set(info.value.params) == set(ERROR_CODES[code]), info.value.params
    return info.value


def test_build_places_every_card_once():
    state = build(2, hands=["5D 5D 6H", "8C 9C"], table=[(1, "7S 7H 7C")], discard="9C", stock="KD")
    assert len(state.hand(0)) == 14 and state.stock[-1] == parse("KD")[0]
    a, b = cards_in(state, 0, "5D 5D")
    assert a.ident != b.ident
    state.audit()


def test_build_can_put_the_rest_on_the_table():
    state = build(2, hands=["5D"], table=[(0, "7S 7H 7C")], rest="table", rest_owner=0)
    assert not state.stock
    state.audit()
