"""Frustration Rummy in the screenshots and the frame benchmark: a whole game to contract 14,
its table filled by normal computer players (random ones rarely lay a contract down)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

GAME = "frustration"
START_PLAYERS = 4
"""Seats at the quiet start's table."""
BUSY_PLAYERS = 6
"""Seats at the busy table's."""
FOLLOW_PLAYERS = 4
"""Seats at the table replaying the others' turns."""
LESSON_STEPS = {"first": "draw_pile", "middle": "take_back", "last": "end"}
"""The steps of the lesson pictured (``lesson-<game>-first``...): the first, one of the middle, the last."""
BOT_LEVEL = "normal"
"""The computer players that fill the table."""
SAVE_NAMES = ["Marie", "Bruno", "Chloé", "Dimitri", "Élodie", "Félix"]
"""The seats of the example saved game (Continue list)."""


def options(options_class: type) -> Any:
    return options_class(final_contract=14)


BUSY_ROUNDS = 10
"""A deal whose table is not busy by this round is given up for the next (the tables fill in
the early rounds, whose contracts are short)."""


def busy(players: int) -> Callable[[Any], bool]:
    """Many melds on the table (fewer for a few players: two lay less before a round ends; at a
    table of five or six, eleven from four seats at least), seat 0 playing with a full hand."""
    melds, seats = (11, 4) if players > 4 else (8, 1) if players > 3 else (4, 1)
    return lambda s: (
        len(s.state.table) >= melds
        and len({m.owner for m in s.state.table}) >= seats
        and s.state.phase == "play"
        and len(s.state.hand(0)) >= 6
    )
