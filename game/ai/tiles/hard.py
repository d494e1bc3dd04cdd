"""The hard player: the solver's plays, chosen for the round rather than the turn.

Each turn it asks the solver for the best play (most tiles, then most value), then:

1. goes out whenever that play empties the rack (from an unopened rack that is a "Rummy",
   worth double), and lays the play whenever the quiet count is in its last ``end_circuits``
   circuits: it never lets a round end blocked while it has something to lay;
2. when an opponent who has opened is down to ``danger_tiles`` tiles, dumps points (lays the
   best play), unless the opponent is down to ``deny_tiles`` and the play would hand it the
   round: new hooks (``hooks``) reaching more than ``deny_mass`` of the hidden tiles, or a star;
3. under the exchange rule, **holds back**: a turn without a play changes a tile and keeps the
   rack's size, and tiles the solver places now can all be placed on any later turn (the table
   only grows), so laying them early gains nothing and feeds the others. It opens only when
   the solver, reading its rack as if opened, places the whole rack (``_holds_back``): the next
   turn goes out. It opens with the fewest of its combinations worth the minimum, and lays
   nothing more until the play empties the rack;
4. under the draw rules, before opening, waits up to ``rummy_wait`` turns when its opening
   would leave only ``rummy_gap`` tiles and every opponent is unopened with six tiles or more:
   a later turn may go out at once, for double; otherwise it opens as soon as it can;
5. under the draw rules, once open, keeps its stars back when laying them gains at most
   ``star_slack`` other tiles (a star on the rack fits almost any last turn; on the table it is
   everybody's joker).

Every hold-back is a way to go out (or to stop an opponent going out), never a way to let the
quiet count run down. Its exchanges and discards count the tiles it has seen (``memory``) and
weigh a tile's cost by the situation (``penalty_weight_now``); they keep the tiles the solver
would lay with one more tile, and while it holds back they judge the rack as if it had opened.
Every solver call after the first is made only while the decision's work lasts
(``DecisionWork.has_work``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import ClassVar

from game.engine.pieces import Tile
from game.engine.tiles import TilesView

from .hooks import hook_faces, hook_mass
from .keep import tile_to_give
from .memory import RoundMemory
from .players import DecisionWork, Table, TilesPlayer
from .solver import Play as SolverPlay
from .solver import table_points

MAX_STARS = 2
"""Stars the solver takes in one position."""


class HardBot(TilesPlayer):
    """Plays for the round: see the module docstring."""

    level: ClassVar[str] = "hard"
    penalty_weight: ClassVar[float] = 0.0
    """A tile's number does not count when it gives one back: the round goes to the player
    who goes out, whatever the racks are worth."""

    # 1. The end of a quiet round
    end_penalty_weight: ClassVar[float] = 3.0
    """Penalty weight of its exchanges when the round may end blocked soon."""
    end_circuits: ClassVar[int] = 1
    """The last circuits of a quiet round: it lays whatever it can, and gives back the costly
    tiles (``end_penalty_weight``)."""

    # 2. An opponent close to going out
    danger_tiles: ClassVar[int] = 3
    """An opponent with this many tiles or fewer: dump points."""
    deny_tiles: ClassVar[int] = 2
    """An opponent with this many tiles or fewer may go out on the hooks of its play."""
    deny_mass: ClassVar[float] = 0.05
    """The share of the hidden tiles a play's new hooks may reach before it keeps its tiles."""

    # 3. Waiting for a Rummy before opening (draw rules)
    rummy_gap: ClassVar[int] = 2
    """Tiles an opening may leave on the rack for the player to wait for a one-turn Rummy."""
    rummy_wait: ClassVar[int] = 3
    """Its own turns in a row it may spend waiting for that Rummy."""

    # 4. Stars kept for the end (draw rules)
    star_slack: ClassVar[int] = 1
    """Rack tiles (besides the stars) a play may lose by keeping the stars back."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._given: tuple[DecisionWork, Tile] | None = None

    def find_play(self, view: TilesView, memory: RoundMemory, work: DecisionWork) -> Table | None:
        full = work.solve(view.hand, view.table, view.has_opened, options=view.options)
        if not full.placed:
            return None
        if full.count == len(view.hand) or self._count_ending(view, memory):
            return full.table
        if memory.opened_opponent_within(self.danger_tiles):
            return None if self._hands_them_the_round(view, memory, full) else full.table
        if self._holds_back(view):
            return self._held_back(view, full, work)
        if not view.has_opened:
            return None if self._waits_for_rummy(view, memory, full) else full.table
        chosen = self.without_stars(view, full, work)
        if chosen is None:
            return None if self._hold_all(view) else full.table
        return chosen.table

    def _count_ending(self, view: TilesView, memory: RoundMemory) -> bool:
        """Whether the quiet count is in its last ``end_circuits`` circuits: then it lays
        whatever the solver finds, so that the round goes on towards somebody going out."""
        return memory.quiet_turns_left <= self.end_circuits * view.num_players

    def _holds_back(self, view: TilesView) -> bool:
        """Whether it holds back: under the exchange rule, where a turn without a play is free, it
        opens only when the whole rack would then be placed, with the fewest combinations worth
        the minimum, and lays nothing more until the play goes out."""
        return view.options.turn_rule == "exchange"

    def _held_back(self, view: TilesView, full: SolverPlay, work: DecisionWork) -> Table | None:
        """The play while holding back (``full`` does not go out): once open, none; before,
        the smallest opening when the rest of the rack would then be placed (or when the
        decision's work does not cover the look)."""
        if view.has_opened:
            return None
        whole = (
            work.try_solve(view.hand, view.table, True, options=view.options) if work.has_work(0.5) else None
        )
        if whole is not None and whole.count < len(view.hand):
            return None
        return smallest_opening(view, full.table)

    def _hands_them_the_round(self, view: TilesView, memory: RoundMemory, play: SolverPlay) -> bool:
        """Whether ``play`` adds hooks (or a star) that an opponent down to ``deny_tiles``
        tiles may well hold; never on the last turn before the round ends blocked (it would
        then lose on its rack)."""
        if not memory.opened_opponent_within(self.deny_tiles):
            return False
        if any(t.is_star for t in play.placed):
            return True
        new = hook_faces(play.table, view.options) - hook_faces(view.table, view.options)
        return hook_mass(new, memory.hidden, memory.hidden_total) > self.deny_mass

    def without_stars(self, view: TilesView, full: SolverPlay, work: DecisionWork) -> SolverPlay | None:
        """The best play keeping the rack's stars back, when ``full`` lays a star and that
        costs at most ``star_slack`` other tiles: ``None`` when it then lays nothing; ``full``
        when keeping the stars costs more, or when the decision's work does not cover the look."""
        stars = [t for t in view.hand if t.is_star]
        if not any(t.is_star for t in full.placed) or not work.has_work(0.5):
            return full
        rest = [t for t in view.hand if not t.is_star]
        if not rest:
            return None
        core = work.try_solve(rest, view.table, True, options=view.options)
        if core is None or core.count < full.count - len(stars) - self.star_slack:
            return full
        return core if core.placed else None

    def _hold_all(self, view: TilesView) -> bool:
        """When only its stars could be laid: keep them, unless the turn rule makes a turn
        without a play cost a tile (draw)."""
        return view.options.turn_rule != "draw"

    def _waits_for_rummy(self, view: TilesView, memory: RoundMemory, opening: SolverPlay) -> bool:
        """Whether to keep an opening that leaves ``rummy_gap`` tiles or fewer for a turn, to
        go out at once later for the double: only while every opponent is unopened with six
        tiles or more, and for ``rummy_wait`` of its own turns at most."""
        left = len(view.hand) - opening.count
        if left > self.rummy_gap or view.options.turn_rule == "draw":
            return False
        if memory.idle_streak >= self.rummy_wait:
            return False
        return all(not o.opened and o.rack_size >= 6 for o in memory.opponents)

    def tile_to_give(self, view: TilesView, memory: RoundMemory, work: DecisionWork) -> Tile:
        """The tile ``keep`` picks with the tiles counted, the situation's penalty weight, the
        tiles one short of a play, and (on its last turn before a blocked end) its stars."""
        if self._given is not None and self._given[0] is work:
            return self._given[1]
        tile = tile_to_give(
            view.hand,
            view.table,
            view.has_opened or self._holds_back(view),
            view.options,
            memory.live,
            solve=work.solve_or_nothing if work.has_work() else None,
            penalty_weight=self.penalty_weight_now(view, memory),
            keep_stars=memory.quiet_turns_left > view.num_players,
            near=self._one_tile_short(view, work),
        )
        self._given = (work, tile)
        return tile

    def _one_tile_short(self, view: TilesView, work: DecisionWork) -> set[str]:
        """Rack tiles the solver would lay if one more tile came (played as a star), after
        opening; empty without the work for it or when both stars are already out."""
        stars = sum(1 for t in view.hand if t.is_star) + sum(1 for c in view.table for t in c if t.is_star)
        as_opened = view.has_opened or self._holds_back(view)
        if not as_opened or stars >= MAX_STARS or not work.has_work(0.5):
            return set()
        spare = Tile("", 0, 9)
        play = work.try_solve([*view.hand, spare], view.table, True, options=view.options)
        if play is None:
            return set()
        return {t.ident for t in play.placed if t.ident != spare.ident}

    def penalty_weight_now(self, view: TilesView, memory: RoundMemory) -> float:
        """Only the tiles' use counts, except when the round may soon end blocked: then the
        costly tiles go."""
        if self._count_ending(view, memory):
            return self.end_penalty_weight
        return self.penalty_weight


def smallest_opening(view: TilesView, table: Table) -> Table:
    """The opening ``table`` (the old table and the new combinations) cut down to the fewest
    tiles worth the opening minimum, laying no star when that can be helped."""
    old_ids = {tuple(t.ident for t in meld) for meld in view.table}
    new = [meld for meld in table if tuple(t.ident for t in meld) not in old_ids]

    def size(melds: Sequence[Sequence[Tile]]) -> tuple[int, int]:
        return sum(len(m) for m in melds), sum(t.is_star for m in melds for t in m)

    best = new
    for count in range(1, len(new)):
        for chosen in combinations(new, count):
            if table_points(chosen, view.options) >= view.opening_min and size(chosen) < size(best):
                best = list(chosen)
    return [list(meld) for meld in view.table] + [list(meld) for meld in best]
