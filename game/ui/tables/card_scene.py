"""What the two card tables (Frustration Rummy and 500 Rum) share as scenes: the seating, the
hand and its order, sorting, card names in the engine's reasons, and the drop targets of a
meld (a run's two halves stand for its two ends)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.base import Move
from game.ui.dnd import DropTarget
from game.ui.tables.base import TableScene

RUN = "run"
"""The kind of a meld that has two ends (the same word in both card engines)."""


class CardTableScene(TableScene):
    """Base of the two card tables (see the module docstring)."""

    def run_end_targets(
        self, index: int, rect: pygame.Rect, make: Callable[[Any], Move], grow_refused: bool = True
    ) -> list[DropTarget]:
        """Targets for one card on meld ``index`` lying in ``rect``: the whole meld for a set
        (``make(None)``), the two halves of a run for its low and high ends (``make(end)``); when
        only one end takes the card, both halves lay it there. A refused half keeps its size
        when ``grow_refused`` is False."""
        grow = self.scale(16)
        if self.view.table[index].kind != RUN:
            move = make(None)
            return [DropTarget(f"meld:{index}", rect.inflate(grow, grow), move in self.legal, moves=(move,))]
        left, right = rect.copy(), rect.copy()
        left.width = rect.width // 2
        right.width = rect.width - left.width
        right.x = left.right
        targets = []
        for end, other, part in (("low", "high", left), ("high", "low", right)):
            move, alternative = make(end), make(other)
            if move not in self.legal and alternative in self.legal:
                move = alternative  # only the other end fits: anywhere on the run lays it there
            accepts = move in self.legal
            zone = part.inflate(grow, grow) if accepts or grow_refused else part
            targets.append(DropTarget(f"meld:{index}:{end}", zone, accepts, moves=(move,)))
        return targets
