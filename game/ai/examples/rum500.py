"""A 500 Rum bot in a few lines, using the view, its legal moves and the planner of game.ai."""

from game.ai.base import Bot
from game.ai.rum500.evaluate import Evaluator, Style
from game.ai.rum500.knowledge import read
from game.ai.rum500.planner import best_plan, ordered_moves, spot_of
from game.engine.rum500 import ClaimRummy, Discard, NextRound, PassClaim, TakeDiscard


def points(card):
    return 15 if card.rank == 1 else min(card.rank, 10)


def mates(card, cards):
    return sum(
        1
        for o in cards
        if o != card and (o.rank == card.rank or (o.suit == card.suit and abs(o.rank - card.rank) <= 2))
    )


class ExampleBot(Bot):
    """Takes the pile when the melds it makes pay for the loose cards it brings, lays down the
    most points it can, and sheds high cards that go with nothing, in hand or on the pile."""

    def choose(self, view):
        moves = view.legal_moves()
        if view.phase == "claim":
            return next((m for m in moves if isinstance(m, ClaimRummy)), PassClaim())
        if view.phase == "round_over":
            return NextRound()
        spots = [spot_of(m) for m in view.table]
        if view.phase == "draw":
            now = best_plan(view.hand, spots).points
            best, best_gain = next(m for m in moves if not isinstance(m, TakeDiscard)), -5.0
            for move in (m for m in moves if isinstance(m, TakeDiscard)):
                taken = view.discard[move.index :]
                plan = best_plan([*view.hand, *taken], spots, taken[0])
                kept = [c for c in plan.rest if any(c.ident == t.ident for t in taken)]
                gain = plan.points - now + sum(points(c) * (1 if mates(c, plan.rest) else -0.2) for c in kept)
                if gain > best_gain:
                    best, best_gain = move, gain
            return (
                best
                if isinstance(best, TakeDiscard)
                else next(m for m in moves if not isinstance(m, TakeDiscard))
            )
        planned = [
            m for m in ordered_moves(best_plan(view.hand, spots, view.must_use), view.must_use) if m in moves
        ]
        if planned:
            return planned[0]
        ev = Evaluator(view, read(view), Style())
        return Discard(ev.best_discard(list(view.hand), ev.spots)[1])
