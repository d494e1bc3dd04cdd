"""How a round stands for one player: whether an opponent is close to going out.

(An earlier hard player also weighed laying against laying nothing to let the quiet count run
out while it was ahead; with twenty quiet circuits before a round ends blocked, that only
stalled rounds: see docs/ai-tiles.md.)
"""

from __future__ import annotations

from .memory import RoundMemory


def danger(memory: RoundMemory, tiles: int) -> bool:
    """Whether an opponent who has opened holds ``tiles`` tiles or fewer."""
    return any(o.opened and o.rack_size <= tiles for o in memory.opponents)
