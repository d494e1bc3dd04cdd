"""A Frustration Rummy bot in a few lines, using the view and the public helpers of game.ai."""

from game.ai import lay_down_moves
from game.ai.base import Bot
from game.ai.frustration.contracts import distance
from game.ai.frustration.tableplay import play_out
from game.engine.frustration import Discard, DrawDiscard, DrawStock, NextRound, hand_penalty, is_wild


class ExampleBot(Bot):
    """Counts the cards its contract misses: takes the discard when it closes a gap (or, once
    down, when it goes to the table), lays down at once, then plays everything the table
    planner finds, and discards what it needs least, high cards first."""

    def choose(self, view):
        moves = view.legal_moves()
        if view.phase == "round_over":
            return NextRound()
        hand, contract = list(view.hand), view.contract

        def left(cards):  # cards still in hand after this turn's table moves
            return play_out(cards, view.table, view.seat, view.options, view.pending_wilds).left

        if view.phase == "draw":
            top = view.discard_top
            if DrawStock() not in moves or top is None:
                return moves[0]
            if view.is_down:
                return DrawDiscard() if left([*hand, top]) <= left(hand) else DrawStock()
            if is_wild(top) or distance([*hand, top], contract) < distance(hand, contract):
                return DrawDiscard()
            return DrawStock()
        lay_downs = lay_down_moves(view)
        if lay_downs:
            return lay_downs[0]
        if view.is_down:
            plan = play_out(hand, view.table, view.seat, view.options, view.pending_wilds)
            if plan.moves and view.why_not(plan.moves[0]) is None:
                return plan.moves[0]

        def cost(card):  # lower: a better discard
            rest = [c for c in hand if c.ident != card.ident]
            mates = sum(
                1
                for o in rest
                if o.rank == card.rank or (o.suit == card.suit and abs(o.rank - card.rank) <= 2)
            )
            return (
                0 if view.is_down else distance(rest, contract),
                is_wild(card),
                mates,
                -hand_penalty([card]),
            )

        return min((m for m in moves if isinstance(m, Discard)), key=lambda m: cost(m.card))
