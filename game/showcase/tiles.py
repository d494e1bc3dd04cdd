"""Rummy with tiles in the screenshots and the frame benchmark: a crowded table, filled by
random computer players."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

GAME = "tiles"
START_PLAYERS = 2
"""Seats at the quiet start's table."""
BUSY_PLAYERS = 4
"""Seats at the busy table's."""
FOLLOW_PLAYERS = 4
"""Seats at the table replaying the others' turns."""
LESSON_STEPS = {"first": "open", "middle": "glass", "last": "end"}
"""The steps of the lesson pictured (``lesson-<game>-first``...): the first, one of the middle, the last."""
BOT_LEVEL = "random"
"""The computer players that fill the table."""
SAVE_NAMES = ["Camille", "Bruno", "Chloé", "Hugo"]
"""The seats of the example saved game (Continue list)."""


def options(options_class: type) -> Any:
    return options_class()


def short_game(options: Any) -> Any:
    """``options`` for a game of one round (the end of a game in the screenshots)."""
    return dataclasses.replace(options, rounds=1)


def busy(players: int) -> Callable[[Any], bool]:
    """Many tiles on the table (fewer for a few players), seat 0 playing with a full rack."""
    laid, rack = (34, 8) if players > 3 else (18, 6)
    return lambda s: (
        sum(len(m) for m in s.state.table) >= laid
        and len(s.state.hand(0)) >= rack
        and s.state.phase == "play"
    )
