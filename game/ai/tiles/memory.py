"""What a tile player knows of the round beyond its rack: the tiles it has seen, the tiles
still hidden, and what the public log says about the other seats and the stalemate count.

Every tile the player has seen is on its rack or on the table: a tile laid on the table never
leaves it, and tiles exchanged or discarded go back into the pool unseen. So the hidden tiles
(the pool and the other racks together) are the set minus the rack minus the table, and
``live(face)`` says how many copies of a face might still come to the player or to an opponent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.engine.events import PublicEvent
from game.engine.pieces import COLOURS, STAR_TEXT, Tile
from game.engine.tiles import STALEMATE_CIRCUITS, TilesView

COPIES = 2
"""Copies of each numbered face in the set."""
NUMBERS = range(1, 14)


@dataclass(frozen=True)
class Opponent:
    """One other seat as the public record shows it."""

    seat: int
    rack_size: int
    opened: bool
    laid: int
    """Tiles it has laid this round."""
    idle_streak: int
    """Its own turns in a row, up to now, that laid nothing."""


@dataclass(frozen=True)
class RoundMemory:
    """The counted tiles and the public record of the round, from one seat's view."""

    hidden: Mapping[str, int]
    """Face text (``R7``, ``*``) -> copies neither on this rack nor on the table."""
    hidden_total: int
    """Tiles in the pool and on the other racks together."""
    pool_size: int
    opponents: tuple[Opponent, ...]
    idle_streak: int
    """The player's own turns in a row, up to now, that laid nothing."""
    quiet_turns: int
    """Finished turns in a row without a tile laid (``STALEMATE_CIRCUITS`` circuits of them end
    the round)."""
    stalemate_at: int
    """The ``quiet_turns`` that ends the round blocked."""

    def live(self, face: str) -> int:
        """Copies of ``face`` that may still be drawn or held by an opponent."""
        return self.hidden.get(face, 0)

    def opened_opponent_within(self, tiles: int) -> bool:
        """Whether an opponent who has opened holds ``tiles`` tiles or fewer (close to going
        out)."""
        return any(o.opened and o.rack_size <= tiles for o in self.opponents)

    @property
    def quiet_turns_left(self) -> int:
        """Turns without a tile laid that the round can still take, this one included."""
        return self.stalemate_at - self.quiet_turns


def read_memory(view: TilesView, stalemate_circuits: int = STALEMATE_CIRCUITS) -> RoundMemory:
    """The round as ``view``'s seat knows it (see the module docstring)."""
    seen = Counter(t.text for t in _seen_tiles(view))
    hidden: dict[str, int] = {}
    for colour in COLOURS:
        for number in NUMBERS:
            face = f"{colour}{number}"
            hidden[face] = COPIES - seen[face]
    hidden[STAR_TEXT] = view.options.star_count - seen[STAR_TEXT]
    turns = _turns(view.log)
    if turns and turns[-1][0] == view.current_player and view.phase in ("draw", "play", "discard"):
        turns = turns[:-1]  # the turn being played is not finished
    return RoundMemory(
        hidden=hidden,
        hidden_total=sum(hidden.values()),
        pool_size=view.pool_size,
        opponents=tuple(
            _opponent(view, seat, turns) for seat in range(view.num_players) if seat != view.seat
        ),
        idle_streak=_idle_streak(turns, view.seat),
        quiet_turns=_quiet_turns(turns),
        stalemate_at=stalemate_circuits * view.num_players,
    )


def _seen_tiles(view: TilesView) -> Iterable[Tile]:
    yield from view.hand
    for combination in view.table:
        yield from combination


Turn = tuple[int, bool]
"""(seat, whether the turn laid tiles that stayed on the table)."""


def _turns(log: Sequence[PublicEvent]) -> list[Turn]:
    """The round's turns in order, from the events of each seat in a row (turns pass from seat
    to seat, so a change of seat starts a new turn)."""
    turns: list[list] = []
    for event in log:
        seat = event.seat
        if seat is None:
            continue
        if not turns or turns[-1][0] != seat:
            turns.append([seat, False])
        if event.kind == "play":
            turns[-1][1] = True
        elif event.kind == "timeout" and event.get("undid_play"):
            turns[-1][1] = False
    return [(seat, laid) for seat, laid in turns]


def _quiet_turns(turns: Sequence[Turn]) -> int:
    quiet = 0
    for _, laid in reversed(turns):
        if laid:
            break
        quiet += 1
    return quiet


def _idle_streak(turns: Sequence[Turn], seat: int) -> int:
    """The turns of ``seat``, counted back from the last, that laid nothing."""
    streak = 0
    for s, laid in reversed(turns):
        if s != seat:
            continue
        if laid:
            break
        streak += 1
    return streak


def _opponent(view: TilesView, seat: int, turns: Sequence[Turn]) -> Opponent:
    streak = _idle_streak(turns, seat)
    laid_tiles = sum(len(e.pieces) for e in view.log if e.kind == "play" and e.seat == seat)
    return Opponent(
        seat=seat,
        rack_size=view.hand_sizes[seat],
        opened=view.opened[seat],
        laid=laid_tiles,
        idle_streak=streak,
    )
