"""The computer players of the tile game: easy, normal and hard (see docs/ai-tiles.md).

Every level follows the same turn: ``NextRound`` between rounds, ``Draw`` in the draw phase,
a ``Play`` when it finds one it wants, else the turn rule's own action (exchange, draw,
discard or pass), and in the discard phase the tile it misses least. The levels differ in the
play they look for and in how they judge tiles:

- easy lays the rack's own combinations and adds tiles at the ends of the table's
  combinations, never rearranging, and now and then overlooks a play or a tile;
- normal lays the solver's best play every turn (most tiles, then most points) and gives back
  the tile least close to a combination;
- hard (``hard.py``) plays for the round: see ``HardBot``.

Time. A decision is timed with ``time.perf_counter`` against a budget: the level's own
(``budget``, seconds), never more than ``TIMER_SHARE`` of the turn's time limit when the timer
is on. The first solver call of a turn is always made (it takes milliseconds); any further
search is made only while the budget lasts. ``last_clock`` keeps the last decision's clock.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.ai.base import Bot
from game.engine.base import Move, NextRound
from game.engine.pieces import Tile
from game.engine.tiles import Discard, Draw, Exchange, Options, Pass, Play, TilesView

from .keep import Live, tile_to_give
from .memory import RoundMemory, read_memory
from .simple import lay_without_rearranging, simple_play
from .solver import Play as SolverPlay
from .solver import best_play

Table = list[list[Tile]]

TIMER_SHARE = 0.1
"""The most of the turn's time limit a decision may take (the interface needs the rest)."""
NEXT_CALL_FACTOR = 2.0
"""How long a further solver call is reckoned to take, in slowest calls so far."""


@dataclass
class TurnClock:
    """The time budget of one decision, and the solver calls made within it."""

    limit: float
    """Seconds the decision may take."""
    started: float = field(default_factory=time.perf_counter)
    solver_calls: int = 0
    slowest: float = 0.0
    """Seconds the slowest solver call of this decision took."""
    cut_short: bool = False
    """True when some search was skipped for want of time."""

    def elapsed(self) -> float:
        """Seconds since the decision began."""
        return time.perf_counter() - self.started

    def has_time(self, share: float = 1.0) -> bool:
        """Whether a further search fits in ``share`` of the budget: what is spent, plus
        ``NEXT_CALL_FACTOR`` times the slowest call so far (a search on the same table can
        take as long again, or longer with a star added); notes a refusal."""
        if self.elapsed() + NEXT_CALL_FACTOR * self.slowest < share * self.limit:
            return True
        self.cut_short = True
        return False

    def solve(
        self, rack: Sequence[Tile], table: Sequence[Sequence[Tile]], opened: bool, *, options: Options
    ) -> SolverPlay:
        """``best_play``, counted. Should the solver ever refuse a table the engine accepted,
        the play without rearranging instead: a turn is never lost to a solver fault."""
        self.solver_calls += 1
        started = time.perf_counter()
        try:
            return best_play(rack, table, opened, options=options)
        except ValueError:
            return simple_play(rack, table, opened, options)
        finally:
            self.slowest = max(self.slowest, time.perf_counter() - started)


def decision_budget(options: Any, own: float) -> float:
    """Seconds a decision may take: the level's own budget, capped by the turn timer."""
    timer = getattr(options, "timer", 0) or 0
    return min(own, TIMER_SHARE * timer) if timer > 0 else own


def _every_face_live(face: str) -> int:
    return 1


class TilesPlayer(Bot):
    """The turn every level follows; subclasses choose plays and tiles to give back."""

    budget: ClassVar[float] = 0.25
    """Seconds of thinking per decision (further capped by the timer)."""
    PENALTY_WEIGHT: ClassVar[float] = 1.0
    """How much a tile's cost on the rack counts against its use when it gives one back."""

    def __init__(self, seed: int | None = None, *, budget: float | None = None) -> None:
        super().__init__(seed)
        self.own_budget = self.budget if budget is None else budget
        self.last_clock: TurnClock | None = None

    def choose(self, view: TilesView) -> Move:
        """The move for ``view``'s seat (its turn): see the module docstring."""
        moves = view.legal_moves()
        if not view.my_turn or not moves:
            raise ValueError("a tile player is asked for a move only in its turn")
        if any(isinstance(m, NextRound) for m in moves):
            return NextRound()
        clock = TurnClock(decision_budget(view.options, self.own_budget))
        self.last_clock = clock
        memory = read_memory(view)
        if view.phase == "draw":
            return Draw()
        if view.phase == "discard":
            return Discard(self.tile_to_give(view, memory, clock))
        if view.can_play_now:
            table = self.find_play(view, memory, clock)
            if table is not None:
                return Play(table)
        return self.no_play(view, moves, memory, clock)

    def find_play(self, view: TilesView, memory: RoundMemory, clock: TurnClock) -> Table | None:
        """The end table to propose this turn, or ``None`` to take the turn rule's action."""
        raise NotImplementedError

    def live(self, memory: RoundMemory) -> Live:
        """Copies of a face the player reckons may still come. Easy and normal do not count
        the tiles they have seen: every face may come."""
        return _every_face_live

    def tile_to_give(self, view: TilesView, memory: RoundMemory, clock: TurnClock) -> Tile:
        """The rack tile to exchange or discard."""
        return tile_to_give(
            view.rack,
            view.table,
            view.has_opened,
            view.options,
            self.live(memory),
            solve=clock.solve if clock.has_time() else None,
            penalty_weight=self.penalty_weight(view, memory),
        )

    def penalty_weight(self, view: TilesView, memory: RoundMemory) -> float:
        """How much a tile's cost on the rack counts against its use (see ``keep``)."""
        return self.PENALTY_WEIGHT

    def no_play(self, view: TilesView, moves: Sequence[Move], memory: RoundMemory, clock: TurnClock) -> Move:
        """The turn rule's action when the player lays nothing: exchange or discard the tile it
        misses least, draw, or pass."""
        if any(isinstance(m, (Exchange, Discard)) for m in moves):
            tile = self.tile_to_give(view, memory, clock)
            for m in moves:
                if isinstance(m, (Exchange, Discard)) and m.tile.ident == tile.ident:
                    return m
        for kind in (Draw, Pass):
            for m in moves:
                if isinstance(m, kind):
                    return m
        return moves[0]


class EasyBot(TilesPlayer):
    """Opens, lays its own combinations and adds tiles at the ends of combinations; never
    rearranges; overlooks a whole play now and then, and single additions more often."""

    level = "easy"
    MISS_TURN = 0.2
    """Chance of not looking for a play at all this turn."""
    OVERLOOK = 0.3
    """Chance of not noticing each tile that could go at the end of a combination."""

    def find_play(self, view: TilesView, memory: RoundMemory, clock: TurnClock) -> Table | None:
        if self.rng.random() < self.MISS_TURN:
            return None
        return lay_without_rearranging(
            view.rack, view.table, view.has_opened, view.options, self.rng, self.OVERLOOK
        )


class NormalBot(TilesPlayer):
    """Lays the solver's best play every turn (most tiles, then most points)."""

    level = "normal"

    def find_play(self, view: TilesView, memory: RoundMemory, clock: TurnClock) -> Table | None:
        play = clock.solve(view.rack, view.table, view.has_opened, options=view.options)
        return play.table if play.placed else None
