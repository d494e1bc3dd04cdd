"""The random bot: uniform among legal moves, but it lays down, lays off and melds whenever it
can, so that rounds end (it goes out as soon as a single card is left to discard)."""

from __future__ import annotations

from typing import ClassVar

from game.ai.base import Bot
from game.engine.base import Move
from game.engine.frustration import ExtraMeld, FrustrationView, LayDown, LayOff, Phase

from .finder import find_contract, find_extra_meld


class RandomBot(Bot):
    """Draws at random, lays down its contract as soon as the finder sees it, then lays off
    (wilds taken back first, placed where the engine's search puts them when no lay-off takes
    them) and melds everything it can; otherwise a uniform choice among the remaining legal
    moves (discards and wild take-backs)."""

    level: ClassVar[str] = "random"

    def choose(self, view: FrustrationView) -> Move:
        moves = view.legal_moves()
        if view.phase != Phase.PLAY:
            return self.rng.choice(moves)
        if view.can_lay_down():
            melds = find_contract(view.hand, view.contract, view.options.exact_contract_length)
            if melds:
                move = LayDown(tuple(tuple(m) for m in melds))
                if view.why_not(move) is None:
                    return move
        if view.can_meld():
            move = self._table_play(view, moves)
            if move is not None:
                return move
        return self.rng.choice([m for m in moves if not isinstance(m, LayOff)])

    def _table_play(self, view: FrustrationView, moves: list[Move]) -> Move | None:
        lay_offs = [m for m in moves if isinstance(m, LayOff)]
        pending = {c.ident for c in view.pending_wilds}
        wild_lay_offs = [m for m in lay_offs if m.card.ident in pending]
        if wild_lay_offs:
            return self.rng.choice(wild_lay_offs)
        if pending:
            # the wild taken back has no lay-off yet: the engine's search says where it goes
            placing = view.wild_placement()
            if placing:
                return placing[0]
        if lay_offs:
            return self.rng.choice(lay_offs)
        meld = find_extra_meld(view.hand, view.options.extra_run_min, keep=1 + len(pending))
        if meld:
            move = ExtraMeld(tuple(meld))
            if view.why_not(move) is None:
                return move
        return None
