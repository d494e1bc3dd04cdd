"""The record of play: per game and per opponent level, games played and won, the best and
average score, the current and longest winning streak.

Kept in the user data folder (``statistics.json``, written atomically by ``Storage``), checked
against ``STATS_SCHEMA`` when read (a file that does not fit is set aside and the record starts
again), recorded when a game with at least one person ends (a watched game records nothing).

"Won" is seen from the people at the screen: a game is won when one of them is among the
winners, and the score kept is the best score of the people (the lowest penalty total at
Frustration, the highest total at 500 Rum and with the tiles). The opponent level is the
strongest computer player at the table, or ``people`` when everybody at it is a person.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from game.engine import schema as sc
from game.ui.games import GAMES, table_info

STATS_FORMAT = "rami-stats"
STATS_VERSION = 1
LEVELS = ("easy", "normal", "hard", "people")
"""Opponent levels, in the order the statistics screen shows them."""
_COUNT = sc.Int(0, 10**9)
_SCORE = sc.Int(-(10**9), 10**9)
_LINE = sc.Obj(
    {
        "played": _COUNT,
        "won": _COUNT,
        "best": sc.Maybe(_SCORE),
        "total": sc.Int(-(10**15), 10**15),
        "streak": _COUNT,
        "longest": _COUNT,
    }
)
STATS_SCHEMA = sc.Obj(
    {
        "format": sc.Const(STATS_FORMAT),
        "version": sc.Int(1, 1000),
        "games": sc.Map(sc.Str(GAMES), sc.Map(sc.Str(LEVELS), _LINE, hi=len(LEVELS)), hi=len(GAMES)),
    }
)


@dataclass
class Line:
    """One game at one opponent level."""

    played: int = 0
    won: int = 0
    best: int | None = None
    total: int = 0
    """Sum of the scores kept (for the average)."""
    streak: int = 0
    """Games won in a row up to the last one."""
    longest: int = 0

    @property
    def win_rate(self) -> float | None:
        """Share of the games won (0 to 1), ``None`` before the first game."""
        return self.won / self.played if self.played else None

    @property
    def average(self) -> float | None:
        return self.total / self.played if self.played else None

    def add(self, won: bool, score: int, lower_is_better: bool) -> None:
        """Count one finished game."""
        self.played += 1
        self.total += score
        if self.best is None or (score < self.best if lower_is_better else score > self.best):
            self.best = score
        if won:
            self.won += 1
            self.streak += 1
            self.longest = max(self.longest, self.streak)
        else:
            self.streak = 0


class Record:
    """Every game's lines (see the module docstring)."""

    def __init__(self, games: dict[str, dict[str, Line]] | None = None) -> None:
        self.games: dict[str, dict[str, Line]] = games or {}

    def line(self, game: str, level: str) -> Line:
        """The line of ``game`` at ``level`` (an empty one when nothing was played)."""
        return self.games.get(game, {}).get(level, Line())

    def add(self, game: str, level: str, won: bool, score: int) -> None:
        line = self.games.setdefault(game, {}).setdefault(level, Line())
        line.add(won, score, table_info(game).lower_score_wins)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "version": STATS_VERSION,
            "games": {
                g: {lvl: asdict(line) for lvl, line in lines.items()} for g, lines in self.games.items()
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from ``to_json`` data; raises ``SaveError`` when it does not fit the schema."""
        sc.check(STATS_SCHEMA, data, "statistics")
        return cls(
            {g: {lvl: Line(**raw) for lvl, raw in lines.items()} for g, lines in data["games"].items()}
        )


def opponent_level(kinds: list[str]) -> str:
    """The strongest computer level among ``kinds`` (seat kinds), ``people`` when none."""
    levels = [k for k in ("hard", "normal", "easy") if k in kinds]
    return levels[0] if levels else "people"


def final_scores(game: str, state: Any) -> list[int]:
    """Every seat's final score in a finished game."""
    return [int(v) for v in table_info(game).final_scores(state)]


def result_of(game: str, state: Any, kinds: list[str]) -> tuple[str, bool, int] | None:
    """``(level, won, score)`` of a finished game for its people, or ``None`` when nobody at
    the table is a person (a watched game)."""
    people = [i for i, kind in enumerate(kinds) if kind == "human"]
    if not people:
        return None
    scores = final_scores(game, state)
    pick = min if table_info(game).lower_score_wins else max
    won = any(seat in state.winners for seat in people)
    return opponent_level(kinds), won, pick(scores[i] for i in people)
