"""500 Rum baselines, written from the rules (shared/RULES.md section 2) and the bot API only.

Their own small meld finder, the view's public fields and ``view.legal_moves()``; nothing from
the built-in levels. ``Baseline`` takes the pile readily, deep or not (points laid now, plus the
cards that go with its hand, less a little for the loose ones).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from game.ai.base import Bot
from game.engine.base import Move, NextRound
from game.engine.notation import parse_one
from game.engine.pieces import Card
from game.engine.rum500 import (
    ClaimRummy,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    PassClaim,
    PassEmptyStock,
    TakeDiscard,
)


def value(card: Card, low_ace: bool = False) -> int:
    """Points of a card: ace 15 (1 low in a run), court cards and tens 10, others face value."""
    if card.rank == 1:
        return 1 if low_ace else 15
    return 10 if card.rank >= 10 else card.rank


def _run_slots(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank == 1 else (card.rank,)


def melds_of(cards: Sequence[Card]) -> list[tuple[int, list[Card]]]:
    """Every set (3+ of a rank) and run (3+ in a suit) the cards hold, with its points."""
    found: list[tuple[int, list[Card]]] = []
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    for rank_cards in by_rank.values():
        if len(rank_cards) >= 3:
            found.append((sum(value(c) for c in rank_cards), list(rank_cards)))
    for suit in "SHDC":
        at: dict[int, Card] = {}
        for c in cards:
            if c.suit == suit:
                for v in _run_slots(c):
                    at.setdefault(v, c)
        v = 1
        while v <= 14:
            if v not in at:
                v += 1
                continue
            run = []
            while v in at and not (run and v == 14 and run[0] is at.get(1)):
                run.append(at[v])
                v += 1
            if len(run) >= 3:
                low = run[0].rank == 1 and run[1].rank == 2
                found.append((sum(value(c, low and i == 0) for i, c in enumerate(run)), run))
    return found


def fits(card: Card, meld: Any) -> bool:
    """Whether ``card`` can be laid off on the table meld ``meld``."""
    cards = meld.cards
    if meld.kind == "set":
        return card.rank == cards[0].rank
    if card.suit != cards[0].suit:
        return False
    values = meld.values
    return card.rank == values[0] - 1 or card.rank == values[-1] + 1 or (card.rank == 1 and values[-1] == 13)


def lay_down(cards: Sequence[Card], table: Sequence[Any]) -> tuple[int, list[Card]]:
    """Greedy: the richest meld first, again and again, then every lay-off. Points laid and
    the cards left."""
    left = list(cards)
    points = 0
    while True:
        found = melds_of(left)
        if not found:
            break
        best_points, best = max(found, key=lambda f: (f[0], len(f[1])))
        points += best_points
        ids = {c.ident for c in best}
        left = [c for c in left if c.ident not in ids]
    keep = []
    for c in left:
        if any(fits(c, m) for m in table):
            points += value(c)
        else:
            keep.append(c)
    return points, keep


def partners(card: Card, hand: Sequence[Card]) -> int:
    """How many cards of ``hand`` go with ``card`` (same rank, or same suit two steps away)."""
    return sum(
        1
        for o in hand
        if o.ident != card.ident
        and (o.rank == card.rank or (o.suit == card.suit and abs(o.rank - card.rank) <= 2))
    )


def taken_by(view: Any, seat: int) -> list[Card]:
    """Cards ``seat`` took from the pile this hand (read from the public log)."""
    out = []
    for event in view.log:
        if event.kind == "draw" and event.source == "discard" and event.seat == seat:
            out.extend(parse_one(t) for t in event.pieces)
    return out


class Baseline(Bot):
    """Takes the pile when it pays, lays everything, sheds its highest loose card."""

    level: ClassVar[str] = "baseline"
    loose_weight: ClassVar[float] = 0.2
    """How much a taken card that lays nothing and goes with nothing costs (of its points)."""
    take_margin: ClassVar[int] = -5
    """What a take must beat (the blind draw counts 0): taking is worth something in itself,
    more cards in hand are more melds to come."""
    hope_weight: ClassVar[float] = 1.0
    """How much a taken card that goes with other cards in hand is worth (of its points)."""

    def choose(self, view: Any) -> Move:
        """Claim when it can, else draw, play and discard as the methods below say."""
        moves = view.legal_moves()
        if view.phase == "claim":
            claims = [m for m in moves if isinstance(m, ClaimRummy)]
            return claims[0] if claims else PassClaim()
        if view.phase == "draw":
            return self.draw(view, moves)
        if view.phase == "play":
            return self.play(view, moves)
        return next((m for m in moves if isinstance(m, NextRound)), moves[0])

    def draw(self, view: Any, moves: list[Move]) -> Move:
        """The pile depth whose gain beats ``take_margin``, else the stock."""
        now, _ = lay_down(view.hand, view.table)
        best: Move = next(m for m in moves if isinstance(m, (DrawStock, PassEmptyStock)))
        best_gain = float(self.take_margin)
        if isinstance(best, PassEmptyStock):
            best_gain = -1000.0
        danger = 1.0 + max(0, 6 - min(s for i, s in enumerate(view.hand_sizes) if i != view.seat)) * 0.2
        for move in moves:
            if not isinstance(move, TakeDiscard):
                continue
            taken = list(view.discard[move.index :])
            points, left = lay_down([*view.hand, *taken], view.table)
            kept = [c for c in left if any(c.ident == t.ident for t in taken)]
            loose = sum(value(c) for c in kept if partners(c, left) == 0)
            hopeful = sum(value(c) for c in kept if partners(c, left) > 0)
            gain = points - now - self.loose_weight * danger * loose + self.hope_weight * hopeful
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    def play(self, view: Any, moves: list[Move]) -> Move:
        """The move using the pile card first, then the richest meld, lay-offs, the discard."""
        must = view.must_use
        melds = [m for m in moves if isinstance(m, Meld)]
        lay_offs = [m for m in moves if isinstance(m, LayOff)]
        if must is not None:
            using = [m for m in melds if any(c.ident == must.ident for c in m.cards)]
            using += [m for m in lay_offs if m.card.ident == must.ident]
            if using:
                return max(using, key=lambda m: len(m.cards) if isinstance(m, Meld) else 0)
        if melds:
            return max(melds, key=lambda m: (sum(value(c) for c in m.cards), len(m.cards)))
        if lay_offs:
            return lay_offs[0]
        discards = [m for m in moves if isinstance(m, Discard)]
        if not discards:
            return moves[0]
        return max(discards, key=lambda m: self.shed_score(view, m.card))

    def shed_score(self, view: Any, card: Card) -> float:
        """Higher is a better discard: a high card going with nothing, not wanted next door."""
        hand = view.hand
        score = value(card) - 12 * partners(card, hand)
        nxt = (view.seat + 1) % view.num_players
        for c in taken_by(view, nxt):
            if c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2):
                score -= 15
        if any(fits(card, m) for m in view.table):
            score -= 30
        score -= 8 * partners(card, view.discard)
        return score
