"""Tile game baseline, written from the rules (shared/RULES.md section 3) and the engine's public API.

It lays every combination it can form from its rack (runs first, then groups, a star closing
a pair), once their total reaches the opening minimum; once opened it also adds single tiles
to the ends of table runs and to groups of three. It never rearranges the table. Otherwise it
takes the turn rule's other action, giving up its highest tile that goes with nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from game.ai.base import Bot
from game.engine.base import Move, NextRound
from game.engine.pieces import Tile
from game.engine.tiles import Discard, Draw, Exchange, Pass, Play

Combo = tuple[Tile, ...]


def _take(pool: list[Tile], tile: Tile) -> None:
    for i, t in enumerate(pool):
        if t.ident == tile.ident:
            del pool[i]
            return


def find_combos(rack: Sequence[Tile]) -> list[Combo]:
    """Disjoint runs (longest first) then groups from ``rack``; stars close pairs left over."""
    pool = [t for t in rack if not t.is_star]
    stars = [t for t in rack if t.is_star]
    combos: list[Combo] = []
    for colour in "KRBO":
        while True:
            numbers: dict[int, Tile] = {}
            for t in pool:
                if t.colour == colour:
                    numbers.setdefault(t.number, t)
            best: list[Tile] = []
            for n in sorted(numbers):
                if n - 1 in numbers:
                    continue
                run = []
                while n in numbers:
                    run.append(numbers[n])
                    n += 1
                if len(run) > len(best):
                    best = run
            if len(best) < 3:
                break
            combos.append(tuple(best))
            for t in best:
                _take(pool, t)
    for number in range(1, 14):
        by_colour: dict[str, Tile] = {}
        for t in pool:
            if t.number == number:
                by_colour.setdefault(t.colour, t)
        if len(by_colour) >= 3:
            group = tuple(by_colour.values())
            combos.append(group)
            for t in group:
                _take(pool, t)
    for star in stars:
        pair = _best_pair(pool)
        if pair is None:
            break
        a, b = pair
        if a.number == b.number:
            combos.append((a, b, star))
        elif b.number == a.number + 1:
            combos.append((a, b, star) if b.number < 13 else (star, a, b))
        else:
            combos.append((a, star, b))
        _take(pool, a)
        _take(pool, b)
    return combos


def _best_pair(pool: Sequence[Tile]) -> tuple[Tile, Tile] | None:
    best: tuple[Tile, Tile] | None = None
    for i, a in enumerate(pool):
        for b in pool[i + 1 :]:
            x, y = (a, b) if a.number <= b.number else (b, a)
            same_run = x.colour == y.colour and 1 <= y.number - x.number <= 2
            same_group = x.number == y.number and x.colour != y.colour
            if (same_run or same_group) and (
                best is None or x.number + y.number > best[0].number + best[1].number
            ):
                best = (x, y)
    return best


def value(combos: Sequence[Combo]) -> int:
    """Points of the combinations (a star counted as the tile next to it, roughly)."""
    total = 0
    for combo in combos:
        numbers = [t.number for t in combo if not t.is_star]
        total += sum(numbers) + (len(combo) - len(numbers)) * (sum(numbers) // len(numbers))
    return total


def additions(table: Sequence[Combo], rack: Sequence[Tile], check: Any) -> tuple[list[Combo], list[Tile]]:
    """Single rack tiles added at the ends of runs or to groups, one at a time, each checked."""
    table = [tuple(c) for c in table]
    rack = list(rack)
    moved = True
    while moved:
        moved = False
        for tile in [t for t in rack if not t.is_star]:
            for i, combo in enumerate(table):
                for tried in ((tile, *combo), (*combo, tile)):
                    proposal = [*table[:i], tried, *table[i + 1 :]]
                    if check(proposal):
                        table = proposal
                        _take(rack, tile)
                        moved = True
                        break
                if moved:
                    break
            if moved:
                break
    return table, rack


class Baseline(Bot):
    """Lays what its rack holds, adds single tiles, never rearranges."""

    level: ClassVar[str] = "baseline"

    def choose(self, view: Any) -> Move:
        """Play what the rack holds, else the turn rule's other action."""
        moves = view.legal_moves()
        if view.phase == "round_over":
            return NextRound()
        if view.phase == "draw":
            return next(m for m in moves if isinstance(m, Draw))
        if view.phase == "play" and not view.played_this_turn:
            play = self.play(view)
            if play is not None:
                return play
        return self.other(view, moves)

    def legal(self, view: Any, table: Sequence[Combo]) -> bool:
        """Whether ``table`` is a legal end of this turn."""
        return view.why_not(Play(table)) is None

    def play(self, view: Any) -> Play | None:
        """The play laying the rack's combinations and single tiles, or ``None``."""
        combos = find_combos(view.hand)
        table = [tuple(c) for c in view.table]
        while combos and not self.legal(view, [*table, *combos]):
            combos.pop()
        if combos and not view.has_opened and value(combos) < view.opening_min:
            combos = []
        proposal = [*table, *combos]
        if view.has_opened:
            left = list(view.hand)
            for combo in combos:
                for t in combo:
                    _take(left, t)
            if left:
                proposal, _ = additions(proposal, left, lambda t: self.legal(view, t))
        if proposal != table and self.legal(view, proposal):
            return Play(tuple(proposal))
        return None

    def other(self, view: Any, moves: list[Move]) -> Move:
        """Exchange or discard the loosest tile, else draw or pass."""
        for kind in (Exchange, Discard):
            giving = [m for m in moves if isinstance(m, kind)]
            if giving:
                return max(giving, key=lambda m: self.loose(view.hand, m.tile))
        for kind in (Draw, Pass):
            found = next((m for m in moves if isinstance(m, kind)), None)
            if found is not None:
                return found
        return moves[0]

    def loose(self, rack: Sequence[Tile], tile: Tile) -> float:
        """Higher for a tile better given up: high and going with nothing."""
        if tile.is_star:
            return -100.0
        partners = sum(
            1
            for o in rack
            if o.ident != tile.ident
            and not o.is_star
            and (
                (o.colour == tile.colour and abs(o.number - tile.number) <= 2)
                or (o.number == tile.number and o.colour != tile.colour)
            )
        )
        return tile.number - 10 * partners
