"""A strong tile player, written from the rules (shared/RULES.md section 3) and the public bot API.

It plays exact plays (``game.ai.best_tile_play``, the published solver, bounded in search
nodes) with a **hold-back** strategy, the reasoning of an author who read the rules:

- Under the exchange rule a turn without a play changes one tile and keeps the rack's size: only
  plays shrink it. Tiles the solver can place now can still be placed, all together, on any
  later turn (the table only grows: an arrangement that holds them today holds them with
  whatever others add), so laying them early gains no tempo; it only feeds the others, who
  rearrange and extend what is on the table. The player therefore opens with the smallest set
  of its combinations worth the minimum, then lays nothing until the solver places its whole
  rack, and meanwhile exchanges the tile least likely to find a place.
- The stalemate rule ends a round blocked after twenty quiet circuits, and a blocked round goes
  to the smaller rack: when the round is about to end blocked and its rack is not the smaller,
  it lays what it can.
- Under the draw rules a turn without a play costs a tile, so it lays the solver's best play
  whenever there is one.

Which tile to give back: the one with the fewest live partners, counting the copies still
unseen (every tile is on its rack, on the table, or unseen: two copies of each face).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any, ClassVar

from game.ai import best_tile_play
from game.ai.baselines.tiles import Baseline
from game.ai.tiles.solver import Work, WorkLimitReached, table_points
from game.engine.base import Move
from game.engine.pieces import Tile
from game.engine.tiles import Discard, Draw, Exchange, Pass, Play

Face = tuple[str, int]


def face(tile: Tile) -> Face:
    """Colour and number of a natural tile."""
    return (tile.colour, tile.number)


def seen_faces(view: Any) -> Counter[Face]:
    """How many copies of each face the seat sees: on its rack and on the table."""
    seen: Counter[Face] = Counter()
    for tile in [*view.hand, *(t for meld in view.table for t in meld)]:
        if not tile.is_star:
            seen[face(tile)] += 1
    return seen


def partners(tile: Tile, rack: Sequence[Tile], seen: Counter[Face]) -> float:
    """How likely ``tile`` is to join a combination: for each other rack tile it could share
    one with, the unseen copies of the tiles that would complete it (a pair of one colour one
    apart: both ends; two apart: the middle; two colours of one number: the other colours)."""
    if tile.is_star:
        return 1000.0

    def live(colour: str, number: int) -> int:
        return max(0, 2 - seen[(colour, number)]) if 1 <= number <= 13 else 0

    score = 0.0
    colours = "KRBO"
    for other in rack:
        if other.ident == tile.ident or other.is_star:
            continue
        if other.colour == tile.colour:
            gap = abs(other.number - tile.number)
            low = min(other.number, tile.number)
            if gap == 1:
                score += 1 + live(tile.colour, low - 1) + live(tile.colour, low + 2)
            elif gap == 2:
                score += 1 + live(tile.colour, low + 1)
        elif other.number == tile.number:
            score += 1 + sum(live(c, tile.number) for c in colours if c not in (tile.colour, other.colour))
    # a lone tile still has its own neighbours to come
    score += 0.25 * sum(live(tile.colour, tile.number + d) for d in (-2, -1, 1, 2))
    return score


class StrongBaseline(Baseline):
    """Exact plays, held back until the whole rack goes out (exchange rule)."""

    level: ClassVar[str] = "baseline-strong"
    call_nodes: ClassVar[int] = 12_000
    """Search nodes one solver call may visit; past them the call is dropped."""
    quiet_circuits: ClassVar[int] = 2
    """Circuits left before a blocked end at which a player whose rack is not the smaller lays
    what it can instead of holding it back."""
    unseen_tile_value: ClassVar[float] = 7.0
    """What an opponent's hidden tile is guessed to be worth (the rack value of a blocked end)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._last: tuple[Any, Any] | None = None

    def solve(self, rack: Sequence[Tile], view: Any, table: Sequence[Sequence[Tile]] | None = None) -> Any:
        """The solver's best play for ``rack`` (``None`` past the node limit); with ``table``
        given, as if opened in front of it. The last answer is kept: a turn asks twice."""
        table = view.table if table is None else table
        opened = view.has_opened or table is not view.table
        key = (tuple(t.ident for t in rack), tuple(tuple(t.ident for t in m) for m in table), opened)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        try:
            found = best_tile_play(rack, table, opened, options=view.options, work=Work(self.call_nodes))
        except WorkLimitReached:
            found = None
        self._last = (key, found)
        return found

    def play(self, view: Any) -> Play | None:
        """The play to lay now, or ``None`` to hold back."""
        rack = list(view.hand)
        best = self.solve(rack, view)
        if best is None or not best.placed:
            return None
        if not view.has_opened:
            return Play(self.smallest_opening(view, best.table))
        if len(best.placed) >= len(rack) - self.going_out_spare(view):
            return Play(tuple(tuple(m) for m in best.table))
        if view.options.turn_rule != "exchange" or self.must_lay(view):
            return Play(tuple(tuple(m) for m in best.table))
        return None

    def going_out_spare(self, view: Any) -> int:
        """Tiles a play may leave and still go out: one under draw then discard."""
        return 1 if view.options.turn_rule == "draw_discard" else 0

    def smallest_opening(self, view: Any, table: Sequence[Sequence[Tile]]) -> tuple[tuple[Tile, ...], ...]:
        """The opening's new combinations cut down to the fewest tiles worth the minimum (no
        star laid when that can be helped)."""
        old = [tuple(m) for m in view.table]
        old_ids = {tuple(t.ident for t in m) for m in old}
        new = [tuple(m) for m in table if tuple(t.ident for t in m) not in old_ids]
        best = new
        best_key = (len([t for m in new for t in m]), sum(t.is_star for m in new for t in m))
        for size in range(1, len(new)):
            for chosen in combinations(new, size):
                if table_points(chosen, view.options) < view.opening_min:
                    continue
                key = (sum(len(m) for m in chosen), sum(t.is_star for m in chosen for t in m))
                if key < best_key:
                    best, best_key = list(chosen), key
        return (*old, *best)

    def must_lay(self, view: Any) -> bool:
        """True when the round is about to end blocked and this rack would not win it."""
        if view.circuits_left > self.quiet_circuits:
            return False
        mine = sum(25 if t.is_star else t.number for t in view.hand)
        others = [n for s, n in enumerate(view.hand_sizes) if s != view.seat]
        return mine >= min(others) * self.unseen_tile_value

    def other(self, view: Any, moves: list[Move]) -> Move:
        """Exchange or discard the tile least likely to be placed, else draw or pass."""
        giving = [m for m in moves if isinstance(m, (Exchange, Discard))]
        if giving:
            keep = self.placeable(view)
            seen = seen_faces(view)
            rack = list(view.hand)

            # before opening a high tile counts towards the minimum; after, against a blocked end
            sign = -1 if view.has_opened else 1

            def worth(tile: Tile) -> tuple[bool, float, int]:
                return (tile.ident in keep, partners(tile, rack, seen), sign * tile.number)

            return min(giving, key=lambda m: worth(m.tile))
        for kind in (Draw, Pass):
            found = next((m for m in moves if isinstance(m, kind)), None)
            if found is not None:
                return found
        return moves[0]

    def placeable(self, view: Any) -> set[str]:
        """Idents of the rack tiles worth keeping: those the solver would place now (after
        opening), or those in combinations the rack makes by itself (before)."""
        best = self.solve(view.hand, view, table=None if view.has_opened else ())
        return {t.ident for t in best.placed} if best is not None else set()
