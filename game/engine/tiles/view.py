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
    "stalemate"), ``rummy``. ``quiet_turns_left`` and ``circuits_left`` count down the
    stalemate rule. ``start_draw`` records the draw for the first player: a list of
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
    quiet_turns_left: int
    """Turns, the current one included, that may still end without a tile laid before the
    round ends blocked (the stalemate rule); 0 outside a turn."""

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
    def circuits_left(self) -> int:
        """Circuits of turns left before the round ends blocked if nobody lays a tile, the
        current circuit counted: the turns the player to move still has, this one included.
        1 means that the round ends blocked unless somebody lays before it comes back round."""
        return -(-self.quiet_turns_left // self.num_players)

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

    def why_not(self, kind: str) -> str | None:
        """Why this seat may not make a move of ``kind`` ("draw", "exchange", "discard" or
        "pass") now: the code ``apply`` would raise (its checks, in its order), or ``None``
        when nothing in the rules stops it (which tile, if any, is the caller's business)."""
        if self.phase in ("round_over", "game_over"):
            return "round_is_over" if self.phase == "round_over" else "game_is_over"
        if not self.my_turn:
            return "not_your_turn"
        rule, drew = self.options.turn_rule, self.drawn_this_turn > 0
        if kind == "discard":
            if rule != "draw_discard":
                return "no_discard_in_turn_rule"
            if self.phase == "draw":
                return "must_draw_first"
            return None if drew else "discard_without_draw"
        if kind == "draw" and self.phase == "draw":
            return None
        if self.phase != "play":
            return "must_draw_first" if self.phase == "draw" else "must_discard"
        if kind == "draw":
            if rule == "exchange":
                return "no_draw_in_turn_rule"
            if drew:
                return "already_drawn"
            return None if self.pool_size else "pool_empty"
        if kind == "exchange":
            if rule not in ("exchange", "draw_exchange"):
                return "no_exchange_in_turn_rule"
            if rule == "draw_exchange" and self.has_opened:
                return "exchange_after_opening"
            return None if self.pool_size else "pool_empty"
        if kind == "pass":
            if rule in ("exchange", "draw") and self.pool_size:
                return "pool_not_empty"
            return "must_discard" if rule == "draw_discard" and drew else None
        raise ValueError(f"unknown move kind {kind!r}")

    def check_play(self, table: Iterable[Iterable[Tile]]) -> list[Tile]:
        """``validate_play`` from this seat's position: the rack tiles ``table`` would place,
        or ``IllegalMove``."""
        return validate_play(self.table, self.rack, table, self.has_opened, options=self.options)
