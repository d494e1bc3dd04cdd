"""How a round stands for one player: what its rack would cost, and whether an opponent is
close to going out.

(An earlier hard player also weighed laying against laying nothing to let the quiet count run
out while it was ahead; with twenty quiet circuits before a round ends blocked, that only
stalled rounds: see docs/ai-tiles.md.)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.tiles import STAR_PENALTY

from .memory import RoundMemory


def danger(memory: RoundMemory, tiles: int) -> bool:
    """Whether an opponent who has opened holds ``tiles`` tiles or fewer."""
    return any(o.opened and o.rack_size <= tiles for o in memory.opponents)


def rack_value(tiles: Sequence) -> int:
    """What tiles cost left on a rack (a star 25)."""
    return sum(STAR_PENALTY if t.is_star else t.number for t in tiles)
