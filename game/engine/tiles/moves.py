"""The moves of the tile game (plus ``NextRound`` from the engine core)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..base import Move, MoveCodec, NextRound
from ..pieces import Tile


@dataclass(frozen=True)
class Play(Move):
    """Lay tiles: ``table`` is the whole table proposed for the end of the turn, a tuple of
    combinations in table order. Lists are accepted and stored as tuples."""

    kind: ClassVar[str] = "play"
    table: tuple[tuple[Tile, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", tuple(tuple(c) for c in self.table))


@dataclass(frozen=True)
class Draw(Move):
    """Take the top tile of the pool (the draw turn rules)."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Exchange(Move):
    """Put ``tile`` from the rack into the pool, unseen, and take one (ends the turn)."""

    kind: ClassVar[str] = "exchange"
    tile: Tile


@dataclass(frozen=True)
class Discard(Move):
    """Return ``tile`` from the rack to the pool, unseen, ending the turn (draw then discard)."""

    kind: ClassVar[str] = "discard"
    tile: Tile


@dataclass(frozen=True)
class Pass(Move):
    """End the turn without laying or taking a tile (empty pool; or, under "draw, exchange
    until open", after the turn's draw)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Timeout(Move):
    """The turn's time ran out (``invalid_table`` False) or the player ended the turn with an
    invalid table (True): the table and the rack go back to the start of the turn and the
    turn ends as the turn rule says."""

    kind: ClassVar[str] = "timeout"
    invalid_table: bool = False


MOVE_CLASSES: tuple[type[Move], ...] = (Play, Draw, Exchange, Discard, Pass, Timeout, NextRound)
CODEC = MoveCodec(*MOVE_CLASSES)
"""Encodes the tile game's moves as JSON objects and back."""
