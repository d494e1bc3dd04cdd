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

Work. A decision is bounded in work units, not in time, so that a seed plays the same game
however busy the machine is; the tile players' unit is a node of the solver's search. Every
solver call may visit at most ``CALL_NODES`` nodes, and a decision ``work`` nodes in all. The
first solver call of a turn is always made (it is the play); any further search only while the
decision's work lasts (``DecisionWork.has_work``). A first call that would need more than
``CALL_NODES`` takes the play without rearranging instead (``simple_play``); a further one is
dropped. ``last_work`` keeps the last decision's account.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.ai.base import Bot
from game.engine.base import Move, NextRound
from game.engine.pieces import Tile
from game.engine.tiles import Discard, Draw, Exchange, Options, Pass, Play, TilesView

from .keep import Live, tile_to_give
from .memory import RoundMemory, read_memory
from .simple import lay_without_rearranging, simple_play
from .solver import Play as SolverPlay
from .solver import Work, WorkLimitReached, best_play

Table = list[list[Tile]]

CALL_NODES = 12_000
"""Search nodes one solver call may visit (about 0.1 s of one core at the slowest seen):
rare positions need more (docs/ai-tiles.md says how rare); the call then stops short."""
SIMPLE_NODES = 12_000
"""Search nodes the play without rearranging may visit (the rack's own combinations: a small
search, past which it lays nothing)."""
NEXT_CALL_FACTOR = 2.0
"""How much work a further solver call is reckoned to take, in heaviest calls so far."""


@dataclass
class DecisionWork:
    """The work of one decision (search nodes): its limit, and the solver calls made within it."""

    limit: int
    """Search nodes the decision may visit in all (the first call may use ``CALL_NODES``)."""
    nodes: int = 0
    """Search nodes visited so far."""
    solver_calls: int = 0
    heaviest: int = 0
    """Nodes of the heaviest solver call of this decision."""
    cut_short: bool = False
    """True when some search was skipped, or stopped, for want of work."""
    stopped: int = 0
    """Solver calls that reached their node limit."""

    def has_work(self, share: float = 1.0) -> bool:
        """Whether a further search fits in ``share`` of the limit: what is spent, plus
        ``NEXT_CALL_FACTOR`` times the heaviest call so far (a search on the same table can
        take as much again, or more with a star added); notes a refusal."""
        if self.nodes + NEXT_CALL_FACTOR * self.heaviest < share * self.limit:
            return True
        self.cut_short = True
        return False

    def _call(
        self, rack: Sequence[Tile], table: Sequence[Sequence[Tile]], opened: bool, options: Options, cap: int
    ) -> SolverPlay:
        self.solver_calls += 1
        work = Work(max(cap, 1))
        try:
            return best_play(rack, table, opened, options=options, work=work)
        finally:
            self.nodes += work.nodes
            self.heaviest = max(self.heaviest, work.nodes)

    def solve(
        self, rack: Sequence[Tile], table: Sequence[Sequence[Tile]], opened: bool, *, options: Options
    ) -> SolverPlay:
        """The turn's play: ``best_play`` within ``CALL_NODES``. Past that, or should the solver
        ever refuse a table the engine accepted, the play without rearranging instead: a turn
        is never lost to a solver fault or a slow position."""
        try:
            return self._call(rack, table, opened, options, CALL_NODES)
        except WorkLimitReached:
            self.stopped += 1
            self.cut_short = True
        except ValueError:
            pass
        return simple_play(rack, table, opened, options, Work(SIMPLE_NODES))

    def try_solve(
        self, rack: Sequence[Tile], table: Sequence[Sequence[Tile]], opened: bool, *, options: Options
    ) -> SolverPlay | None:
        """A further search: ``best_play`` within what is left of the limit (at most
        ``CALL_NODES``), or ``None`` when it would need more or the solver refuses the table."""
        try:
            return self._call(rack, table, opened, options, min(CALL_NODES, self.limit - self.nodes))
        except WorkLimitReached:
            self.stopped += 1
            self.cut_short = True
        except ValueError:
            pass
        return None

    def solve_or_nothing(
        self, rack: Sequence[Tile], table: Sequence[Sequence[Tile]], opened: bool, *, options: Options
    ) -> SolverPlay:
        """``try_solve``, with no play standing for no answer (the keep score's question)."""
        play = self.try_solve(rack, table, opened, options=options)
        return play if play is not None else SolverPlay([], [list(c) for c in table], 0)


def _every_face_live(face: str) -> int:
    return 1


class TilesPlayer(Bot):
    """The turn every level follows; subclasses choose plays and tiles to give back."""

    work: ClassVar[int] = 3 * CALL_NODES
    """Work units per decision: search nodes, all solver calls together."""
    penalty_weight: ClassVar[float] = 1.0
    """How much a tile's cost on the rack counts against its use when it gives one back."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.last_work: DecisionWork | None = None

    def choose(self, view: TilesView) -> Move:
        """The move for ``view``'s seat (its turn): see the module docstring."""
        moves = view.legal_moves()
        if not view.my_turn or not moves:
            raise ValueError("a tile player is asked for a move only in its turn")
        if any(isinstance(m, NextRound) for m in moves):
            return NextRound()
        work = DecisionWork(self.work)
        self.last_work = work
        memory = read_memory(view)
        if view.phase == "draw":
            return Draw()
        if view.phase == "discard":
            return Discard(self.tile_to_give(view, memory, work))
        if view.can_play_now:
            table = self.find_play(view, memory, work)
            if table is not None:
                return Play(table)
        return self.no_play(view, moves, memory, work)

    def find_play(self, view: TilesView, memory: RoundMemory, work: DecisionWork) -> Table | None:
        """The end table to propose this turn, or ``None`` to take the turn rule's action."""
        raise NotImplementedError

    def live(self, memory: RoundMemory) -> Live:
        """Copies of a face the player reckons may still come. Easy and normal do not count
        the tiles they have seen: every face may come."""
        return _every_face_live

    def tile_to_give(self, view: TilesView, memory: RoundMemory, work: DecisionWork) -> Tile:
        """The rack tile to exchange or discard."""
        return tile_to_give(
            view.hand,
            view.table,
            view.has_opened,
            view.options,
            self.live(memory),
            solve=work.solve_or_nothing if work.has_work() else None,
            penalty_weight=self.penalty_weight_now(view, memory),
        )

    def penalty_weight_now(self, view: TilesView, memory: RoundMemory) -> float:
        """How much a tile's cost on the rack counts against its use (see ``keep``)."""
        return self.penalty_weight

    def no_play(
        self, view: TilesView, moves: Sequence[Move], memory: RoundMemory, work: DecisionWork
    ) -> Move:
        """The turn rule's action when the player lays nothing: exchange or discard the tile it
        misses least, draw, or pass."""
        if any(isinstance(m, (Exchange, Discard)) for m in moves):
            tile = self.tile_to_give(view, memory, work)
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

    level: ClassVar[str] = "easy"
    miss_turn: ClassVar[float] = 0.2
    """Chance of not looking for a play at all this turn."""
    overlook: ClassVar[float] = 0.3
    """Chance of not noticing each tile that could go at the end of a combination."""

    def find_play(self, view: TilesView, memory: RoundMemory, work: DecisionWork) -> Table | None:
        if self.rng.random() < self.miss_turn:
            return None
        call = Work(CALL_NODES)
        work.solver_calls += 1
        try:
            return lay_without_rearranging(
                view.hand, view.table, view.has_opened, view.options, self.rng, self.overlook, call
            )
        except WorkLimitReached:
            work.stopped += 1
            work.cut_short = True
            return None
        finally:
            work.nodes += call.nodes


class NormalBot(TilesPlayer):
    """Lays the solver's best play every turn (most tiles, then most points)."""

    level: ClassVar[str] = "normal"

    def find_play(self, view: TilesView, memory: RoundMemory, work: DecisionWork) -> Table | None:
        play = work.solve(view.hand, view.table, view.has_opened, options=view.options)
        return play.table if play.placed else None
