"""What one seat may see of a tile game, and the non-play moves a turn offers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Move, NextRound
from ..pieces import Tile
from .moves import Discard, Draw, Exchange, Pass
from .options import Options
from .play import validate_play

TURN_PHASES: tuple[str, ...] = ("draw", "play", "discard")
"""Phases of a turn: ``draw`` (the draw rules' compulsory draw), ``play`` (lay tiles or take
the turn rule's other action), ``discard`` (draw then discard, after a play)."""
PHASES: tuple[str, ...] = (*TURN_PHASES, "round_over", "game_over")


def turn_moves(
    phase: str, options: Options, pool_size: int, rack: Sequence[Tile], opened: bool, drew: bool
) -> list[Move]:
    """The non-play moves open to the player to move (``Play`` is not listed: a play is a
    proposed end table, checked by ``apply``; nor is ``Timeout``, the interface's sand glass,
    which no player chooses). ``drew``: a tile was drawn in this turn."""
    if phase == "round_over":
        return [NextRound()]
    if phase not in TURN_PHASES:
        return []
    moves: list[Move]
    rule = options.turn_rule
    if phase == "draw":
        moves = [Draw()]
    elif phase == "discard":
        moves = [Discard(t) for t in rack]
    elif rule == "exchange":
        moves = [Exchange(t) for t in rack] if pool_size else [Pass()]
    elif rule == "draw":
        moves = [Draw()] if pool_size else [Pass()]
    elif rule == "draw_discard":
        moves = [Discard(t) for t in rack] if drew and len(rack) > 1 else [Pass()]
    else:
        moves = [Exchange(t) for t in rack] if pool_size and not opened else []
        moves.append(Pass())
    return moves


@dataclass(frozen=True)
class TilesView:
    """A redacted snapshot for seat ``seat``: its own rack, the public table, the sizes of the
    other racks and of the pool, never their tiles or the pool order.

    ``turn_table`` is the table as it was at the start of the current turn (what a timeout
    restores). ``log`` is the public log of the round (plays with the tiles laid; draws,
    exchanges and discards without their tiles). ``sheet`` has one row per finished round:
    ``round``, ``scores``, ``penalties``, ``winner`` (or None), ``end`` ("out", "blocked" or
    "stalemate"), ``rummy``. ``start_draw`` records the draw for the first player: a list of
    passes, each a list of ``{"seat", "tiles"}`` (tile texts drawn in order, stars redrawn).
    """

    seat: int
    phase: str
    current_player: int | None
    round_number: int
    options: Options
    rack: tuple[Tile, ...]
    table: tuple[tuple[Tile, ...], ...]
    turn_table: tuple[tuple[Tile, ...], ...]
    rack_sizes: tuple[int, ...]
    pool_size: int
    opened: tuple[bool, ...]
    drawn_this_turn: int
    played_this_turn: bool
    starter: int
    start_draw: tuple[tuple[Mapping[str, Any], ...], ...]
    log: tuple[Mapping[str, Any], ...]
    sheet: tuple[Mapping[str, Any], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def num_players(self) -> int:
        return len(self.rack_sizes)

    @property
    def my_turn(self) -> bool:
        """True when this seat is the one to move."""
        return self.current_player == self.seat

    @property
    def can_play_now(self) -> bool:
        """True when this seat may propose a ``Play`` now."""
        return self.my_turn and self.phase == "play"

    @property
    def has_opened(self) -> bool:
        """Whether this seat has opened in this round."""
        return self.opened[self.seat]

    @property
    def opening_min(self) -> int:
        return self.options.opening_min

    def legal_moves(self) -> list[Move]:
        """The seat's non-play moves when it is its turn (as ``state.legal_moves()``), else
        ``[]``."""
        if not self.my_turn:
            return []
        drew = self.drawn_this_turn > 0
        return turn_moves(self.phase, self.options, self.pool_size, self.rack, self.has_opened, drew)

    def check_play(self, table: Iterable[Iterable[Tile]]) -> list[Tile]:
        """``validate_play`` from this seat's position: the rack tiles ``table`` would place,
        or ``IllegalMove``."""
        return validate_play(self.table, self.rack, table, self.has_opened, options=self.options)
