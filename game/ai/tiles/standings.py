"""How a round stands for one player: its rack against what the other racks probably cost,
and the chance of winning if the round ends with nobody going out.

A round of the tile game often ends without a winner: five full circuits with no tile laid
(or everyone passing with an empty pool), and then the smallest rack wins the game's row. So
the hard player weighs each turn: lay now (a smaller rack, but the quiet count starts again
and the others get their full five circuits to lay), or lay nothing (the round may end sooner
while it is ahead).

The model is deliberately small:

- an opponent's rack is estimated at its size times the mean value of the hidden tiles
  (a star 25), give or take ``TILE_SPREAD`` per tile;
- each opponent lays on a given turn with a fixed chance: ``OPEN_CHANCE`` before it has opened,
  after opening a chance that falls with the turns it has just spent unable to lay;
- if an opponent lays before the round ends, the player's chance is ``AFTER_THEIR_OPENING``
  (it had not opened) or ``AFTER_THEIR_PLAY``;
- otherwise the round ends when the quiet count runs out, and the player wins if its rack is
  the smallest.

``play_or_wait`` compares the two branches with this model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from game.engine.tiles import STAR_PENALTY, TilesView

from .memory import Opponent, RoundMemory

TILE_SPREAD = 3.8
"""Standard deviation of one hidden tile's value (numbers 1-13 spread evenly: 3.74)."""
OPEN_CHANCE = 0.12
"""Chance that an opponent who has not opened opens on a given turn."""
LAY_CHANCE = (0.2, 0.35, 0.3)
"""Chance that an opened opponent lays on its next turn, after 0, 1, 2+ turns laying nothing
(measured between two normal players: having just laid what it could, a player rarely lays
again at once)."""
AFTER_THEIR_OPENING = 0.35
"""The player's chance to win the round once an opponent has opened before it ends."""
AFTER_THEIR_PLAY = 0.45
"""The player's chance once an opponent who had opened has laid again before it ends."""
EXCHANGE_DRIFT = -1.5
"""How an opponent's rack value moves per turn spent exchanging or discarding (it gives
back its worst tile, often a high one)."""

_NORMAL = NormalDist()


def mean_hidden_value(memory: RoundMemory) -> float:
    """The mean penalty of a hidden tile (a star counts 25)."""
    total = 0
    for face, copies in memory.hidden.items():
        total += copies * (STAR_PENALTY if face == "*" else int(face[1:]))
    return total / memory.hidden_total if memory.hidden_total else 7.0


@dataclass(frozen=True)
class Outlook:
    """The player's chance to win the round after each branch of this turn."""

    play: float
    wait: float

    @property
    def wait_is_better(self) -> bool:
        return self.wait > self.play


def quiet_drift(view: TilesView, opened: bool, mean: float) -> float:
    """How a rack's value moves on a turn that lays nothing, under the turn rule."""
    rule = view.options.turn_rule
    if rule == "draw":
        return mean
    if rule == "draw_exchange":
        return mean + (EXCHANGE_DRIFT if not opened else 0.0)
    return EXCHANGE_DRIFT


def play_or_wait(
    view: TilesView,
    memory: RoundMemory,
    rack_after_play: float,
    rack_after_wait: float,
) -> Outlook:
    """The player's chance to win the round if it lays now (its rack then worth
    ``rack_after_play``) or lays nothing (``rack_after_wait``, after its exchange, draw or
    discard), by the model of the module docstring."""
    mean = mean_hidden_value(memory)
    limit = memory.stalemate_at
    # Waiting: the quiet count goes on from where it is; playing: it starts again.
    wait = _branch(view, memory, mean, rack_after_wait, quiet_after_turn=memory.quiet_turns + 1, limit=limit)
    play = _branch(view, memory, mean, rack_after_play, quiet_after_turn=0, limit=limit)
    return Outlook(play=play, wait=wait)


def _branch(
    view: TilesView, memory: RoundMemory, mean: float, rack: float, quiet_after_turn: int, limit: int
) -> float:
    """Win chance when the round goes on with nobody laying until the quiet count runs out
    (unless an opponent lays first)."""
    turns_left = max(0, limit - quiet_after_turn)
    my_turns = turns_left // view.num_players
    nobody_lays = 1.0
    win_if_quiet = 1.0
    after = AFTER_THEIR_PLAY if all(o.opened for o in memory.opponents) else AFTER_THEIR_OPENING
    my_final = rack + my_turns * quiet_drift(view, view.has_opened, mean)
    for opp in memory.opponents:
        their_turns = _their_turns(opp, view, turns_left)
        nobody_lays *= (1.0 - _lay_chance(opp)) ** their_turns
        their_final = opp.rack_size * mean + their_turns * quiet_drift(view, opp.opened, mean)
        spread = TILE_SPREAD * (opp.rack_size + len(view.rack)) ** 0.5
        win_if_quiet *= _NORMAL.cdf((their_final - my_final) / spread)
    return nobody_lays * win_if_quiet + (1.0 - nobody_lays) * after


def _their_turns(opp: Opponent, view: TilesView, turns_left: int) -> int:
    """How many of the next ``turns_left`` turns belong to ``opp``."""
    n = view.num_players
    offset = (opp.seat - view.seat) % n  # their first turn is this many turns after mine
    if turns_left < offset:
        return 0
    return (turns_left - offset) // n + 1


def _lay_chance(opp: Opponent) -> float:
    if not opp.opened:
        return OPEN_CHANCE
    return LAY_CHANCE[min(opp.idle_streak, len(LAY_CHANCE) - 1)]


def danger(memory: RoundMemory, tiles: int) -> bool:
    """Whether an opponent who has opened holds ``tiles`` tiles or fewer."""
    return any(o.opened and o.rack_size <= tiles for o in memory.opponents)


def rack_value(tiles: Sequence) -> int:
    """What tiles cost left on a rack (a star 25)."""
    return sum(STAR_PENALTY if t.is_star else t.number for t in tiles)
