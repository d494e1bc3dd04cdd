"""The phases of a tile game, checking moves and listing the non-play moves of the player to move.

``TilesRules`` is shared by the state and by a player's view: it only reads what the player to
move can see (own rack, the table, the pool's size, the tiles drawn this turn, who opened), so a
view answers ``legal_moves()`` and ``why_not(move)`` exactly as the state does.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from game.engine import base
from game.engine.base import Move, NextRound, TurnRules, checks
from game.engine.errors import IllegalMove
from game.engine.pieces import Tile, index_of

from .moves import Discard, Draw, Exchange, Pass, Play, Timeout
from .options import Options
from .play import table_tile_refusal, validate_play


class Phase(StrEnum):
    """Where a game stands (saved by value): the draw of the draw-first turn rules, the play
    (lay tiles, or the turn rule's other action), the discard of "draw then discard" after a
    play; between rounds; over."""

    DRAW = "draw"
    PLAY = "play"
    DISCARD = "discard"
    ROUND_OVER = base.ROUND_OVER
    GAME_OVER = base.GAME_OVER


TURN_PHASES: tuple[Phase, ...] = (Phase.DRAW, Phase.PLAY, Phase.DISCARD)
"""The phases of a turn."""

RACK_SIZE = 14
"""Tiles dealt to each player."""
STALEMATE_CIRCUITS = 20
"""Full circuits of turns without a tile laid after which a round ends blocked (RULES.md: "when
twenty full circuits of turns go by with no tile laid by anyone"). The save check allows a quiet
count up to this many circuits, so saves made under the former five still load."""


def turn_moves(
    phase: str, options: Options, pool_size: int, rack: Sequence[Tile], opened: bool, drew: bool
) -> list[Move]:
    """The non-play moves open to the player to move (``Play`` is not listed: a play is a
    proposed end table, checked by ``apply``; nor is ``Timeout``, the interface's sand glass,
    which no player chooses). ``drew``: a tile was drawn in this turn."""
    if phase == Phase.ROUND_OVER:
        return [NextRound()]
    if phase not in TURN_PHASES:
        return []
    moves: list[Move]
    rule = options.turn_rule
    if phase == Phase.DRAW:
        moves = [Draw()]
    elif phase == Phase.DISCARD:
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


class TilesRules(TurnRules):
    """Move checks and the non-play legal moves (see the module docstring). Subclasses provide
    the attributes below, ``current_player`` and ``_mover_hand()`` (the mover's rack)."""

    phase: str
    options: Options
    pool_size: int
    drawn_this_turn: int
    opened: Sequence[bool]
    table: Sequence[Sequence[Tile]]

    def legal_moves(self) -> list[Move]:
        """The non-play moves open to the player to move (for a view: its seat, when it is to
        move; else ``[]``): ``Draw``, ``Exchange`` (one per rack tile), ``Discard`` (one per
        rack tile), ``Pass`` or ``NextRound``, as the phase and the turn rule allow. Plays are
        not listed: ``Play(table)`` proposes an end table, which ``why_not``/``apply`` judge.
        ``Timeout`` is not listed either: it is the interface's sand glass, not a player's
        choice (``apply`` accepts it in every turn phase)."""
        rack = self._mover_hand()
        if rack is None:
            return []
        seat: int = self.current_player  # type: ignore[attr-defined]
        return turn_moves(
            self.phase, self.options, self.pool_size, rack, self.opened[seat], self.drawn_this_turn > 0
        )

    def why_not_move_table_tile(self, tile: Tile) -> IllegalMove | None:
        """Whether the player to move (for a view: this seat) may move ``tile``, a tile of the
        table, in the play it is making: ``None``, or what a ``Play`` moving it would be refused
        for first: the turn and the phase (``why_not_now``), then, before opening,
        ``opening_uses_table`` (``play.table_tile_refusal``). The interface asks it when such a
        tile is picked up."""
        refusal = self.why_not_now(Play)
        if refusal is not None:
            return refusal
        seat: int = self.current_player  # type: ignore[attr-defined]
        return table_tile_refusal(tile, self.opened[seat], self.options)

    def turn_phase_refusal(self, wanted: frozenset[str]) -> IllegalMove:
        return IllegalMove("must_draw_first" if self.phase == Phase.DRAW else "must_discard")

    # ---- the check of each kind of move (``check_move`` calls it once the turn and the phase
    # are right; it returns what the state's play needs) ------------------------------------------

    @checks(Play, Phase.PLAY)
    def _check_play(self, move: Play) -> list[Tile]:
        """The rack tiles the play places (``validate_play``)."""
        seat: int = self.current_player  # type: ignore[attr-defined]
        return validate_play(self.table, self._hand(), move.table, self.opened[seat], options=self.options)

    @checks(Draw, Phase.DRAW, Phase.PLAY)
    def _check_draw(self, move: Draw) -> None:
        if self.phase == Phase.DRAW:
            return
        if self.options.turn_rule == "exchange":
            raise IllegalMove("no_draw_in_turn_rule")
        if self.drawn_this_turn:
            raise IllegalMove("already_drawn")
        if not self.pool_size:
            raise IllegalMove("pool_empty")

    @checks(Exchange, Phase.PLAY)
    def _check_exchange(self, move: Exchange) -> int:
        """The tile's place in the rack."""
        rule = self.options.turn_rule
        seat: int = self.current_player  # type: ignore[attr-defined]
        if rule not in ("exchange", "draw_exchange"):
            raise IllegalMove("no_exchange_in_turn_rule")
        if rule == "draw_exchange" and self.opened[seat]:
            raise IllegalMove("exchange_after_opening")
        if not self.pool_size:
            raise IllegalMove("pool_empty")
        return self._rack_index(move.tile)

    @checks(Discard, *TURN_PHASES)
    def _check_discard(self, move: Discard) -> int:
        """The tile's place in the rack."""
        if self.options.turn_rule != "draw_discard":
            raise IllegalMove("no_discard_in_turn_rule")
        if self.phase == Phase.DRAW:
            raise IllegalMove("must_draw_first")
        if not self.drawn_this_turn and self.phase != Phase.DISCARD:
            raise IllegalMove("discard_without_draw")
        return self._rack_index(move.tile)

    @checks(Pass, Phase.PLAY)
    def _check_pass(self, move: Pass) -> None:
        rule = self.options.turn_rule
        if rule in ("exchange", "draw") and self.pool_size:
            raise IllegalMove("pool_not_empty")
        if rule == "draw_discard" and self.drawn_this_turn:
            raise IllegalMove("must_discard")

    @checks(Timeout, *TURN_PHASES)
    def _check_timeout(self, move: Timeout) -> None:
        return None

    @checks(NextRound, Phase.ROUND_OVER)
    def _check_next_round(self, move: NextRound) -> None:
        return None

    def _rack_index(self, tile: Any) -> int:
        if not isinstance(tile, Tile):
            raise IllegalMove("not_a_tile", piece=str(tile))
        at = index_of(self._hand(), tile)
        if at < 0:
            raise IllegalMove("tile_not_in_rack", tile=tile.text)
        return at
