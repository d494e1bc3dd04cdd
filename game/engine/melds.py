"""Meld shapes shared by the three games: runs and sets (groups), with or without wilds.

The games differ in what is wild (2s and jokers, stars, nothing), in where the ace may stand and
in extra limits (the wild ratio of Frustration, the distinct colours of a tile group). What is
the same lives here: given the natural values laid in table order, with ``None`` where a wild
lies, which consecutive values can the run stand for?

Values: 1 (ace) to 13 (king); when the ace may also be high, it takes the value 14 after the king.
A run never wraps (``K A 2`` is never a run).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ACE = 1
ACE_HIGH = 14


@dataclass(frozen=True, slots=True)
class RunShape:
    """A run read in table order: the value each position stands for (``values``, 1-14)."""

    values: tuple[int, ...]

    @property
    def low(self) -> int:
        return self.values[0]

    @property
    def high(self) -> int:
        return self.values[-1]


def run_starts(naturals: Sequence[int | None], ace_high: bool, top: int = 13) -> list[int]:
    """Every start value ``s`` for which the values, in table order, can be ``s, s+1, ...``.

    ``naturals`` holds each position's natural value (1-13) or ``None`` for a wild. An ace (1)
    fits value 1, or 14 when ``ace_high``. ``top`` is the highest non-ace value (13). Returns the
    candidate starts in increasing order (empty when no run fits; several only when every
    natural is ambiguous, e.g. all wilds).
    """
    n = len(naturals)
    highest = top + 1 if ace_high else top
    starts: list[int] = []
    for s in range(1, highest - n + 2):
        for i, v in enumerate(naturals):
            if v is None:
                continue
            want = s + i
            if v == want or (ace_high and v == ACE and want == ACE_HIGH):
                continue
            break
        else:
            starts.append(s)
    return starts


def read_run(naturals: Sequence[int | None], ace_high: bool, top: int = 13) -> RunShape | None:
    """The run that ``naturals`` (see ``run_starts``) stands for, or ``None``.

    When several starts fit (only possible when naturals do not pin the run down), the lowest is
    taken; callers that care (all wilds) reject such melds before asking.
    """
    starts = run_starts(naturals, ace_high, top)
    if not starts:
        return None
    s = starts[0]
    return RunShape(tuple(range(s, s + len(naturals))))
