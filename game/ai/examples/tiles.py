"""A tile game bot in a few lines: the public solver plays, else the turn rule's other action."""

from game.ai import best_tile_play
from game.ai.base import Bot
from game.engine.tiles import Discard, Draw, Exchange, NextRound, Pass, Play


def links(tile, rack):
    """How many other rack tiles could share a combination with ``tile`` (stars go with all)."""
    if tile.is_star:
        return len(rack)
    return sum(
        1
        for other in rack
        if other is not tile
        and (
            other.is_star
            or (other.number == tile.number and other.colour != tile.colour)
            or (other.colour == tile.colour and 0 < abs(other.number - tile.number) <= 2)
        )
    )


class ExampleBot(Bot):
    """Plays the solver's best play; otherwise draws, or gives up its least connected tile."""

    def choose(self, view):
        moves = view.legal_moves()
        if view.phase == "round_over":
            return NextRound()
        if view.phase == "play" and not view.played_this_turn:
            best = best_tile_play(view.hand, view.table, view.has_opened, options=view.options)
            if best.placed:
                return Play(tuple(tuple(c) for c in best.table))
        for kind in (Draw, Pass):
            if kind() in moves:
                return kind()
        giving = [m for m in moves if isinstance(m, (Exchange, Discard))]
        if giving:
            return min(giving, key=lambda m: (links(m.tile, view.hand), -(m.tile.number or 0)))
        return moves[0]
