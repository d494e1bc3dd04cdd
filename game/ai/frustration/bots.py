"""The built-in levels of Frustration Rummy players (see ``docs/ai-frustration.md``)."""

from __future__ import annotations

from typing import ClassVar

from .hard import HardBot
from .policy import PolicyBot, Style


class EasyBot(PolicyBot):
    """Plausible but careless: often draws blind when the discard would help or could be
    played, discards without counting outs or reading the next player, lays its contract the
    first good-looking way, overlooks lay-offs one turn in two and never takes back a wild."""

    level: ClassVar[str] = "easy"
    style: ClassVar[Style] = Style(
        take_improving=0.4,
        take_playable=0.5,
        outs=False,
        keep_weight=0.0,
        read_next=False,
        miss_lay_offs=0.5,
        take_backs=False,
        noise=0.3,
        plan_lay_down=False,
    )


class NormalBot(PolicyBot):
    """Sound heuristics: the contract finder's distance and outs, the discard read for what the
    next player collects, every lay-off and take-back the planner finds."""

    level: ClassVar[str] = "normal"
    style: ClassVar[Style] = Style()


__all__ = ["EasyBot", "HardBot", "NormalBot"]
