"""500 Rum in the screenshots and the frame benchmark.

Random computer players take from the discard pile whenever they may, so the pile they leave
behind stays short; the busy table is therefore set up by hand (``busy_session``): melds of
every seat, one a run of eight, with cards credited to other seats, a long discard pile (from which the person at
seat 0 can make a deep pick-up), small hands, a few finished hands on the score sheet, seat 0
to draw.
"""

from __future__ import annotations

from typing import Any

from game.engine.notation import parse
from game.engine.rum500 import Rum500State
from game.engine.rum500.positions import arranged
from game.ui.session import Seat, Session

GAME = "rum500"
START_PLAYERS = 2
"""Seats at the quiet start's table."""
BUSY_PLAYERS = 4
"""Seats at the busy table's."""
FOLLOW_PLAYERS = 4
"""Seats at the table replaying the others' turns."""
LESSON_STEPS = {"first": "take", "middle": "lay_off", "last": "end"}
"""The steps of the lesson pictured (``lesson-<game>-first``...): the first, one of the middle, the last."""
BOT_LEVEL = "random"
"""The computer players that play on from the busy position."""
SAVE_NAMES = ["Zoé", "Alice"]
"""The seats of the example saved game (Continue list)."""
NAMES = ["Marie", "Bruno", "Chloé", "Dimitri", "Élodie", "Félix"]


def options(options_class: type) -> Any:
    return options_class()


MELDS: list[tuple[str, tuple[int, ...]]] = [
    ("7H 8H 9H 10H JH QH KH AH", (1, 1, 1, 2, 2, 1, 3, 1)),
    ("3S 3D 3C 3H", (2, 2, 2, 3)),
    ("QC KC AC", (0, 0, 0)),
    ("4D 5D 6D 7D", (3, 3, 3, 4)),
    ("9S 9D 9C", (4, 4, 4)),
    ("8S 8D 8C", (1, 1, 1)),
    ("4C 5C 6C", (5, 5, 5)),
    ("10D JD QD", (0, 0, 0)),
]
"""Table melds in table order, each card's credit given by seat (taken modulo the players): the
first is a run of eight, the longest a table must show with every index whole."""

PILE = "5H 2C JC 7C AS 10S 6H 4S QS 2D JS"
FIRST_HAND = "4H 7S 6S AD 10C 5S 2H"
OTHERS_HOLD = 2
STOCK_AT_LEAST = 2
EARLIER_HANDS = (
    (45, 12, 30, 0, 8, 22),
    (18, 40, 5, 33, 0, 14),
    (60, 0, 26, 12, 41, 9),
    (22, 31, 48, 6, 17, 35),
)
"""Points put on the table by each seat in the hands already played (minus 9 per hand left in
hand, except for the one who went out)."""


def busy_state(players: int, seed: int = 3) -> Rum500State:
    """The busy position for ``players`` (2-6) seats, seat 0 to draw."""
    pile, first = parse(PILE), parse(FIRST_HAND)
    budget = 52 - len(pile) - len(first) - OTHERS_HOLD * (players - 1) - STOCK_AT_LEAST
    melds, used = [], 0
    for text, owners in MELDS:
        if used + len(owners) <= budget:
            melds.append((parse(text), tuple(o % players for o in owners)))
            used += len(owners)
    placed = {c.ident for c in pile + first} | {c.ident for cards, _ in melds for c in cards}
    spare = [c for c in parse(_deck_text()) if c.ident not in placed]
    hands = [first] + [spare[i * OTHERS_HOLD : (i + 1) * OTHERS_HOLD] for i in range(players - 1)]
    state = arranged(
        hands, discard=pile, table=[(cards, owners[0]) for cards, owners in melds], turn=0, seed=seed
    )
    data = state.to_json()
    for entry, (_cards, owners) in zip(data["table"], melds, strict=True):
        entry["owners"] = list(owners)
    history, totals = _earlier_hands(players, state.dealer)
    data["history"], data["totals"], data["round"] = history, totals, len(history) + 1
    return Rum500State.from_json(data)


def _deck_text() -> str:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return " ".join(f"{r}{s}" for s in "SHDC" for r in ranks)


def _earlier_hands(players: int, dealer: int) -> tuple[list[dict], list[int]]:
    history, totals = [], [0] * players
    for number, laid in enumerate(EARLIER_HANDS, start=1):
        went_out = (number * 2) % players
        table_points = [laid[seat] for seat in range(players)]
        hand_points = [0 if seat == went_out else 9 + 3 * ((seat + number) % 4) for seat in range(players)]
        scores = [t - h for t, h in zip(table_points, hand_points, strict=True)]
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        history.append(
            {
                "hand": number,
                "dealer": (dealer - len(EARLIER_HANDS) + number) % players,
                "ended": "went_out",
                "went_out": went_out,
                "table_points": table_points,
                "hand_points": hand_points,
                "scores": scores,
                "totals": list(totals),
            }
        )
    return history, totals


def busy_session(players: int, seed: int = 3) -> Session:
    """A session on the busy position: a person at seat 0, computer players elsewhere."""
    seats = [Seat(NAMES[0])] + [Seat(name, "normal") for name in NAMES[1:players]]
    return Session(GAME, seats, busy_state(players, seed))
