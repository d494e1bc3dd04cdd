"""What one seat may see of a tile game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..events import PublicEvent
from ..pieces import Tile
from .options import Options
from .turn import Phase, TilesRules


@dataclass(frozen=True)
class TilesView(TilesRules):
    """A redacted snapshot for seat ``seat``: its own rack (``hand``), the public table, the sizes
    of the other racks (``hand_sizes``) and of the pool, never their tiles or the pool order.

    ``turn_table`` is the table as it was at the start of the current turn (what a timeout
    restores). ``log`` is the public log of the round, ``PublicEvent``s (plays with the
    tiles laid; draws, exchanges and discards without their tiles). ``sheet`` has one row per finished round:
    ``round``, ``scores``, ``penalties``, ``winner`` (or None), ``end`` ("out", "blocked" or
    "stalemate"), ``rummy``. ``quiet_turns_left`` and ``circuits_left`` count down the
    stalemate rule. ``start_draw`` records the draw for the first player: a list of
    passes, each a list of ``{"seat", "tiles"}`` (tile texts drawn in order, stars redrawn).
    """

    seat: int
    phase: str
    current_player: int | None
    round_number: int
    options: Options
    hand: tuple[Tile, ...]
    table: tuple[tuple[Tile, ...], ...]
    turn_table: tuple[tuple[Tile, ...], ...]
    hand_sizes: tuple[int, ...]
    pool_size: int
    opened: tuple[bool, ...]
    drawn_this_turn: int
    played_this_turn: bool
    starter: int
    start_draw: tuple[tuple[Mapping[str, Any], ...], ...]
    log: tuple[PublicEvent, ...]
    sheet: tuple[Mapping[str, Any], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    quiet_turns_left: int
    """Turns, the current one included, that may still end without a tile laid before the
    round ends blocked (the stalemate rule); 0 outside a turn."""

    @property
    def num_players(self) -> int:
        return len(self.hand_sizes)

    @property
    def my_turn(self) -> bool:
        """True when this seat is the one to move."""
        return self.current_player == self.seat

    @property
    def can_play_now(self) -> bool:
        """True when this seat may propose a ``Play`` now."""
        return self.my_turn and self.phase == Phase.PLAY

    @property
    def has_opened(self) -> bool:
        """Whether this seat has opened in this round."""
        return self.opened[self.seat]

    @property
    def circuits_left(self) -> int:
        """Circuits of turns left before the round ends blocked if nobody lays a tile, the
        current circuit counted: the turns the player to move still has, this one included.
        1 means that the round ends blocked unless somebody lays before it comes back round."""
        return -(-self.quiet_turns_left // self.num_players)

    @property
    def opening_min(self) -> int:
        return self.options.opening_min

    def _mover_hand(self) -> tuple[Tile, ...] | None:
        return self.hand if self.my_turn else None

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER
