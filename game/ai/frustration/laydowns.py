"""The ways to lay a Frustration contract down, for any bot (the engine never lists them).

``FrustrationView.legal_moves()`` lists draws, discards, lay-offs and wild take-backs but no
``LayDown`` or ``ExtraMeld``: there are too many. ``lay_down_moves(view)`` lists the lay-downs
of the seat's current contract that the engine accepts now.
"""

from __future__ import annotations

from game.engine.frustration import FrustrationView, LayDown

from .contracts import lay_downs


def lay_down_moves(view: FrustrationView, limit: int = 60) -> list[LayDown]:
    """Up to ``limit`` different ``LayDown`` moves of the seat's current contract that the
    engine accepts now (``[]`` when it is not the moment or the hand does not hold it). Each
    meld has the contract's asked length, wilds where they stand; cards left over can be laid
    off in the same turn."""
    if not view.can_lay_down():
        return []
    moves = [LayDown(m) for m in lay_downs(view.hand, view.contract, view.options, keep=1, limit=limit)]
    return [m for m in moves if view.why_not(m) is None]
