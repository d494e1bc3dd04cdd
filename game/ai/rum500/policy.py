"""The easy and normal 500 Rum players.

Both lay down everything they can each turn (``planner.best_plan``: the most points), and
claim "Rummy!" whenever they may, with the claim that puts the most points down (a claim
scores the card and only lays hand cards that were going to the table anyway), except when
the claim would empty the hand and so end it with the game going to an opponent. They go out
whenever the plan empties the hand, except in that same case: then they keep two cards back.
Once ``reuse_discards`` has turned the pile over twice in a hand, they sometimes discard at
random, so that fixed rules cannot send the same cards round for ever.

- **Easy** takes from the discard pile the card that lets it put the most points down at once
  (it does not count what the cards above it cost), else draws blind. It discards its highest
  card that has no partner in hand (no card of its rank, none of its suit within two steps),
  else its highest card.
- **Normal** weighs every card of the spread pile that may be taken (``evaluate``: the melds
  and lay-offs it makes now, the cards it brings to the hand, what they risk if an opponent
  goes out, the pile left behind) against the average blind draw, and discards the card whose
  loss costs least, counting what it may give the opponents.
"""

from __future__ import annotations

import math
from typing import ClassVar

from game.ai.base import Bot
from game.engine.base import Move, NextRound
from game.engine.pieces import Card
from game.engine.rum500 import (
    ClaimRummy,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    PassClaim,
    PassEmptyStock,
    Rum500View,
    TakeDiscard,
    card_points,
)

from .evaluate import Evaluator, Style, near
from .knowledge import read
from .planner import best_plan, kind_of, meld_value, ordered_moves, spot_of


class PolicyBot(Bot):
    """The shared turn structure: claim, draw, lay down, discard (see the module docstring)."""

    level: ClassVar[str] = "policy"
    style: ClassVar[Style] = Style()

    def choose(self, view: Rum500View) -> Move:
        moves = view.legal_moves()
        if not moves:
            raise ValueError(f"seat {view.seat} has no legal move (phase {view.phase})")
        if view.phase == "claim":
            return as_listed(self.choose_claim(view, moves), moves)
        if view.phase == "draw":
            return self.choose_draw(view, moves)
        if view.phase == "play":
            return as_listed(self.choose_play(view, moves), moves)
        return next((m for m in moves if isinstance(m, NextRound)), moves[0])

    # ---- claims ---------------------------------------------------------------------------------

    def choose_claim(self, view: Rum500View, moves: list[Move]) -> Move:
        """The claim that puts the most points down, or ``PassClaim`` when there is none or
        when it would end the hand with the game going to an opponent."""
        claims = [m for m in moves if isinstance(m, ClaimRummy)]
        if not claims:
            return PassClaim()
        best = max(claims, key=lambda m: claim_points(m, view.claim_card))
        emptied = len(best.cards) - 1 == len(view.hand) if best.cards else not view.hand
        if emptied and self.hold_back(view, claim_points(best, view.claim_card)):
            return PassClaim()
        return best

    # ---- drawing --------------------------------------------------------------------------------

    def choose_draw(self, view: Rum500View, moves: list[Move]) -> Move:
        evaluator = self.evaluator(view)
        best, best_value = moves[0], -math.inf
        for move in moves:
            value = self.draw_value(view, evaluator, move)
            if value > best_value:
                best, best_value = move, value
        return best

    def evaluator(self, view: Rum500View) -> Evaluator:
        return Evaluator(view, read(view), self.style)

    def draw_value(self, view: Rum500View, ev: Evaluator, move: Move) -> float:
        """The worth of one draw move (see ``evaluate``)."""
        if isinstance(move, TakeDiscard):
            return ev.take_value(move.index)
        if isinstance(move, DrawStock):
            return ev.stock_value()
        if isinstance(move, PassEmptyStock):
            return pass_value(view, ev)
        return -math.inf

    # ---- laying down and discarding ---------------------------------------------------------------

    def choose_play(self, view: Rum500View, moves: list[Move]) -> Move:
        spots = [spot_of(m) for m in view.table]
        plan = best_plan(view.hand, spots, view.must_use)
        planned = [m for m in ordered_moves(plan, view.must_use) if m in moves]
        if planned and len(plan.rest) > 1 and view.must_use is None and self.keeps_melds(view):
            return Discard(self.choose_discard(view))
        if planned and len(plan.rest) <= 1 and view.must_use is None and self.hold_back(view, plan.points):
            planned = [m for m in planned if len(view.hand) - cards_put_down(m) >= 2]
            if not planned:
                return Discard(self.choose_discard(view))
        if planned:
            return planned[0]
        if view.must_use is not None:
            return using_card(moves, view.must_use)
        if self.rng.random() < stale_chance(view):
            return Discard(self.rng.choice(view.hand))
        return Discard(self.choose_discard(view))

    def keeps_melds(self, view: Rum500View) -> bool:
        """Whether to keep this turn's melds and lay-offs in hand rather than put them down
        (when the plan does not go out and no taken card must be used). Easy and normal never
        do; the hard player does while the opponents are far from going out."""
        return False

    def hold_back(self, view: Rum500View, points: int) -> bool:
        """Whether to keep cards rather than go out: when ending the hand now would hand the
        game to an opponent."""
        return self.evaluator(view).game_swing(points, 0) < 0

    def choose_discard(self, view: Rum500View) -> Card:
        evaluator = self.evaluator(view)
        return evaluator.best_discard(view.hand, evaluator.spots)[1]


class EasyBot(PolicyBot):
    """Top card only, lays everything, discards its highest loose card."""

    level: ClassVar[str] = "easy"

    def choose_draw(self, view: Rum500View, moves: list[Move]) -> Move:
        spots = [spot_of(m) for m in view.table]
        best: Move = next(m for m in moves if isinstance(m, (DrawStock, PassEmptyStock)))
        best_points = 0
        for move in moves:
            if isinstance(move, TakeDiscard):
                taken = view.discard[move.index :]
                points = best_plan([*view.hand, *taken], spots, taken[0]).points
                if points > best_points:
                    best, best_points = move, points
        return best

    def choose_discard(self, view: Rum500View) -> Card:
        hand = list(view.hand)
        loose = [c for c in hand if not any(o is not c and (o.rank == c.rank or near(o, c)) for o in hand)]
        pool = loose or hand
        highest = max(card_points(c) for c in pool)
        return self.rng.choice([c for c in pool if card_points(c) == highest])


class NormalBot(PolicyBot):
    """Weighs the whole pile against the blind draw; safe, cheap discards."""

    level: ClassVar[str] = "normal"


def _idents(move: Move) -> tuple[str, ...]:
    cards = getattr(move, "cards", ()) or (getattr(move, "card", None),)
    return tuple(c.ident for c in cards if c is not None)


def as_listed(move: Move, moves: list[Move]) -> Move:
    """``move`` as ``moves`` (the legal moves) list it: the listed move naming the same physical
    cards, else the listed move with the same faces. With two decks the evaluation works on
    faces and may name a card's twin (a copy the hand does not hold); moves compare by face."""
    same_faces = [m for m in moves if m == move]
    return next((m for m in same_faces if _idents(m) == _idents(move)), same_faces[0] if same_faces else move)


def claim_points(move: ClaimRummy, card: Card | None) -> int:
    """The points a claim puts down."""
    if move.cards:
        return meld_value(kind_of(move.cards), move.cards)
    return card_points(card) if card is not None else 0


def pass_value(view: Rum500View, ev: Evaluator) -> float:
    """The worth of declining the pile when the stock is empty: the hand ends (everyone is
    caught), or with ``reuse_discards`` the oldest discard is drawn."""
    if view.options.reuse_discards and len(view.discard) >= 2:
        drawn = view.discard[0]
        plan = best_plan([*view.hand, drawn], ev.spots)
        return ev.after_plan(plan, view.discard[-1:])
    in_hand = sum(card_points(c) for c in view.hand)
    return ev.style.out_weight * ev.opponent_exposure() - in_hand + ev.game_swing(0, in_hand)


def stale_chance(view: Rum500View) -> float:
    """How often to discard at random: never, unless the option ``reuse_discards`` has turned
    the discard pile over at least twice this hand. Then fixed discard rules could send the
    same cards round and round for ever; a random discard now and then breaks the cycle."""
    renewed = sum(1 for event in view.log if event.kind == "reshuffle")
    return 0.0 if renewed < 2 else min(0.8, 0.2 * (renewed - 1))


def cards_put_down(move: Move) -> int:
    """How many cards a meld or lay-off takes from the hand."""
    return len(move.cards) if isinstance(move, Meld) else 1


def using_card(moves: list[Move], card: Card) -> Move:
    """A legal move that puts ``card`` down (the engine guarantees one exists)."""
    for move in moves:
        if isinstance(move, Meld) and card in move.cards:
            return move
        if isinstance(move, LayOff) and move.card == card:
            return move
    return next(m for m in moves if isinstance(m, (Meld, LayOff)))
