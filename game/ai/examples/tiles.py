"""A tile game bot in a few lines: the public solver plays, else the turn rule's other action."""

from game.ai import best_tile_play
from game.ai.base import Bot
from game.engine.tiles import Discard, Draw, Exchange, NextRound, Pass, Play


class ExampleBot(Bot):
    """Plays the solver's best play; otherwise draws, or gives up its highest tile."""

    def choose(self, view):
        moves = view.legal_moves()
        if view.phase == "round_over":
            return NextRound()
        if view.phase == "play" and not view.played_this_turn:
            best = best_tile_play(view.rack, view.table, view.has_opened, options=view.options)
            if best.placed:
                return Play(tuple(tuple(c) for c in best.table))
        for kind in (Draw, Pass):
            if kind() in moves:
                return kind()
        giving = [m for m in moves if isinstance(m, (Exchange, Discard))]
        if giving:
            return max(giving, key=lambda m: 0 if m.tile.is_star else m.tile.number)
        return moves[0]
