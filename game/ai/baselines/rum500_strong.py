"""A strong 500 Rum player, written from the rules (shared/RULES.md section 2) and the public bot
API: the view (the spread pile is public), its log, ``view.legal_moves()`` and the helpers
docs/bots.md publishes (``game.ai.rum500.planner``: ``best_plan``, ``ordered_moves``).

It scores every choice in expected points, as an author who read the rules would:

- **Deadwood risk.** A card kept in hand is worth ``p * value - (1 - p) * stuck * value``: ``p``
  the chance it still goes down, ``stuck`` the chance the hand ends while it is still held.
  Both come from the *horizon*, the draws this seat can expect before the hand ends: it shrinks
  as an opponent's hand shrinks and as the stock runs out. ``p`` counts the cards that would
  complete the card's meld (its outs): those still unseen, drawn from the stock at the rate of
  the horizon, and those lying in the spread pile, which can be taken.
- **Planned pile takes.** Each depth of the pile is played out on paper: the best plan with the
  cards taken (the deepest must be used), the worth of what stays in hand and the best discard.
  The stock is the same turn averaged over the unseen cards that would change anything.
- **Discards that feed nobody.** Any player may take any card of the pile: a discard that fits a
  meld on the table, makes a meld with pile cards or with the cards the next player took, costs
  the chance that they lay it times its points.
- It lays every meld and lay-off it finds, goes out whenever it can, and claims "Rummy!".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from game.ai.baselines.rum500 import Baseline, taken_by, value
from game.ai.rum500.planner import best_plan, ordered_moves, spot_of
from game.engine.base import Move
from game.engine.pieces import Card
from game.engine.rum500 import Discard, DrawStock, PassEmptyStock, TakeDiscard

SUITS = "SHDC"
Face = tuple[int, str]


def run_values(card: Card) -> tuple[int, ...]:
    """A card's places in a run: an ace is 1 or 14."""
    return (1, 14) if card.rank == 1 else (card.rank,)


def face_at(value: int, suit: str) -> Face | None:
    """The card at run value ``value`` (1-14) of ``suit``."""
    if not 1 <= value <= 14:
        return None
    return (1 if value == 14 else value, suit)


class Table:
    """What the seat knows this turn: unseen cards, the pile, the horizon."""

    def __init__(self, view: Any, bot: StrongBaseline) -> None:
        held_by_others = [c for s in range(view.num_players) if s != view.seat for c in taken_by(view, s)]
        seen = [*view.hand, *view.discard, *(c for m in view.table for c in m.cards), *held_by_others]
        seen_faces = Counter((c.rank, c.suit) for c in seen)
        self.unseen = Counter(
            {
                (r, s): view.decks - seen_faces[(r, s)]
                for r in range(1, 14)
                for s in SUITS
                if seen_faces[(r, s)] < view.decks
            }
        )
        self.unseen_total = max(1, sum(self.unseen.values()))
        self.pile_depth = {(c.rank, c.suit): len(view.discard) - 1 - i for i, c in enumerate(view.discard)}
        opponents = [n for s, n in enumerate(view.hand_sizes) if s != view.seat]
        by_hand = max(0.5, (min(opponents) - 1) * bot.turns_per_card)
        by_stock = view.stock_count / view.num_players
        self.horizon = max(0.0, min(by_hand, by_stock))
        self.spots = [spot_of(m) for m in view.table]

    def chance_out(self, faces: Sequence[Face | None], bot: StrongBaseline) -> float:
        """The chance one of ``faces`` comes within the horizon: from the pile, or drawn."""
        pile = 0.0
        draws = 0
        for face in faces:
            if face is None:
                continue
            depth = self.pile_depth.get(face)
            if depth is not None:
                pile = max(pile, bot.pile_out / (1 + depth))
            draws += self.unseen[face]
        drawn = 1 - (1 - min(1.0, draws / self.unseen_total)) ** self.horizon
        return 1 - (1 - pile) * (1 - drawn)


class StrongBaseline(Baseline):
    """Expected points: deadwood risk, planned pile takes, discards that feed nobody."""

    level: ClassVar[str] = "baseline-strong"
    turns_per_card: ClassVar[float] = 0.6
    """Turns an opponent is guessed to need per card in hand beyond one before going out."""
    pile_out: ClassVar[float] = 0.8
    """Chance that a card lying on top of the pile is still there to take (less deeper down)."""
    lone_chance: ClassVar[float] = 0.12
    """Chance per draw of the horizon that a card going with nothing still goes down."""
    stuck_turns: ClassVar[float] = 0.8
    """Turns it takes to get rid of a loose card: the chance it is caught is this over the
    horizon (plus one), scaled by the share of loose cards in hand."""
    hope_cap: ClassVar[float] = 0.5
    """The highest chance a card going with nothing is given."""
    out_bonus: ClassVar[float] = 6.0
    """Points an opponent's card is guessed to cost them when this seat goes out."""

    # ---- worth of a hand ----------------------------------------------------------------------

    def chance(self, card: Card, hand: Sequence[Card], known: Table) -> float:
        """The chance ``card`` still goes down: its outs with the other cards and the table."""
        best = 0.0
        for other in hand:
            if other is card:
                continue
            faces: list[Face | None] = []
            if other.rank == card.rank:
                faces = [(card.rank, s) for s in SUITS if s not in (card.suit, other.suit)]
            elif other.suit == card.suit:
                for a in run_values(card):
                    for b in run_values(other):
                        lo, hi = min(a, b), max(a, b)
                        if hi - lo == 1:
                            faces += [face_at(lo - 1, card.suit), face_at(hi + 1, card.suit)]
                        elif hi - lo == 2:
                            faces.append(face_at(lo + 1, card.suit))
            if faces:
                best = max(best, known.chance_out(faces, self))
        for spot in known.spots:
            if spot.kind == "set" or spot.suit != card.suit:
                continue
            for v in run_values(card):
                if v == spot.hi + 2:
                    best = max(best, known.chance_out([face_at(spot.hi + 1, card.suit)], self))
                if v == spot.lo - 2:
                    best = max(best, known.chance_out([face_at(spot.lo - 1, card.suit)], self))
        return max(best, min(self.hope_cap, self.lone_chance * known.horizon))

    def worth(self, card: Card, hand: Sequence[Card], known: Table, loose: int) -> float:
        """Expected points of keeping ``card``: ``p * value - (1 - p) * stuck * value``."""
        p = self.chance(card, hand, known)
        stuck = min(1.0, self.stuck_turns * loose / len(hand) / (known.horizon + 1))
        return p * value(card) - (1 - p) * stuck * value(card)

    def hand_worth(self, view: Any, rest: Sequence[Card], known: Table) -> tuple[float, Card | None]:
        """The worth of ``rest`` once its best discard is made, and that discard (``None``
        when ``rest`` is empty: the seat went out)."""
        if not rest:
            return self.went_out(view), None
        loose = sum(1 for c in rest if self.chance(c, rest, known) < 0.3)
        worths = {c.ident: self.worth(c, rest, known, loose) for c in rest}
        if len(rest) == 1:
            return self.went_out(view), rest[0]
        drop = min(rest, key=lambda c: worths[c.ident] + self.feed(view, c, known))
        total = sum(worths.values()) - worths[drop.ident] - self.feed(view, drop, known)
        return total, drop

    def went_out(self, view: Any) -> float:
        """Guessed points of going out: the cards the others are caught with."""
        return self.out_bonus * sum(n for s, n in enumerate(view.hand_sizes) if s != view.seat)

    def feed(self, view: Any, card: Card, known: Table) -> float:
        """What ``card`` on the pile may give an opponent: the chance they lay it, times its
        points (it fits a table meld; it makes a meld with pile cards, or with cards the next
        player took)."""
        points = value(card)
        if any(spot.ends_for(card) for spot in known.spots):
            return points
        chance = self.held_chance(view, card, known)
        pile = [c for c in view.discard]
        nxt = (view.seat + 1) % view.num_players
        theirs = taken_by(view, nxt)
        for group, weight in ((pile, 0.5), (theirs, 0.8)):
            same = sum(1 for c in group if c.rank == card.rank and c.ident != card.ident)
            near = {v for c in group if c.suit == card.suit for v in run_values(c)}
            run = any(
                {v - 2, v - 1} <= near or {v - 1, v + 1} <= near or {v + 1, v + 2} <= near
                for v in run_values(card)
            )
            if same >= 2 or run:
                chance = max(chance, weight)
            elif same == 1 or any(abs(v - w) <= 2 for v in run_values(card) for w in near):
                chance = max(chance, weight * 0.3)
        return chance * points

    def held_chance(self, view: Any, card: Card, known: Table) -> float:
        """The chance the next player holds two unseen cards that make a meld with ``card``."""
        nxt = (view.seat + 1) % view.num_players
        hidden = view.hand_sizes[nxt] - len(taken_by(view, nxt))
        q = max(0.0, min(1.0, hidden / known.unseen_total))
        mates = [(card.rank, s) for s in SUITS if s != card.suit]
        pairs = sum(known.unseen[a] * known.unseen[b] for i, a in enumerate(mates) for b in mates[i + 1 :])
        for v in run_values(card):
            for a, b in ((v - 2, v - 1), (v - 1, v + 1), (v + 1, v + 2)):
                fa, fb = face_at(a, card.suit), face_at(b, card.suit)
                if fa is not None and fb is not None:
                    pairs += known.unseen[fa] * known.unseen[fb]
        return min(1.0, pairs * q * q)

    # ---- drawing ------------------------------------------------------------------------------

    def draw(self, view: Any, moves: list[Move]) -> Move:
        """The pile depth or the stock whose turn, played out on paper, is worth the most."""
        known = Table(view, self)
        hand = list(view.hand)
        base = best_plan(hand, known.spots)
        blind = next((m for m in moves if isinstance(m, (DrawStock, PassEmptyStock))), None)
        best: Move | None = blind
        if isinstance(blind, DrawStock):
            best_score = self.stock_score(view, hand, base, known)
        else:
            best_score = base.points + self.hand_worth(view, base.rest, known)[0]
        for move in moves:
            if not isinstance(move, TakeDiscard):
                continue
            taken = list(view.discard[move.index :])
            plan = best_plan([*hand, *taken], known.spots, must_use=view.discard[move.index])
            if not plan.laid:
                continue
            score = plan.points + self.hand_worth(view, plan.rest, known)[0]
            if score > best_score:
                best, best_score = move, score
        return best if best is not None else moves[0]

    def stock_score(self, view: Any, hand: Sequence[Card], base: Any, known: Table) -> float:
        """The turn after a blind draw, averaged over the unseen cards (cards that touch
        nothing are counted once, as discarded at once)."""
        plain = base.points + self.hand_worth(view, base.rest, known)[0]
        total = 0.0
        weight = 0
        for (rank, suit), n in known.unseen.items():
            card = Card(rank, suit)
            touches = any(
                c.rank == rank
                or (c.suit == suit and any(abs(a - b) <= 2 for a in run_values(c) for b in run_values(card)))
                for c in hand
            ) or any(spot.ends_for(card) for spot in known.spots)
            if touches:
                card = Card(rank, suit, 9)
                plan = best_plan([*hand, card], known.spots)
                score = plan.points + self.hand_worth(view, plan.rest, known)[0]
                total += n * max(score, plain)
            else:
                total += n * plain
            weight += n
        return total / weight if weight else plain

    # ---- playing ------------------------------------------------------------------------------

    def play(self, view: Any, moves: list[Move]) -> Move:
        """Lay the best plan (the pile card first), then the best discard."""
        known = Table(view, self)
        plan = best_plan(list(view.hand), known.spots, must_use=view.must_use)
        for move in ordered_moves(plan, view.must_use):
            if move in moves:
                return move
        discards = [m for m in moves if isinstance(m, Discard)]
        if not discards:
            return moves[0]
        _, drop = self.hand_worth(view, list(view.hand), known)
        return next((m for m in discards if drop is not None and m.card.ident == drop.ident), discards[0])
