"""The state of a tile game: rounds, turns, the turn rules, scores, save and audit."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import (
    Event,
    FrozenRecord,
    GameState,
    NextRound,
    plays,
)
from ..events import PublicEvent, record
from ..pieces import Tile, make_tiles, without
from .audit import audit
from .combinations import rack_penalty
from .moves import Discard, Draw, Exchange, Pass, Play, Timeout
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .play import play_changes
from .save import state_from_json, state_to_json
from .stars import freed_stars
from .turn import RACK_SIZE, STALEMATE_CIRCUITS, TURN_PHASES, Phase, TilesRules
from .view import TilesView


class TilesState(TilesRules, GameState):
    """A whole tile game: ``players`` seats (2-4), ``options``, dealt from ``seed``.

    Attributes (read them, never change them): ``options``, ``phase``, ``pool``
    (drawn from its end), ``table`` (list of tuples of tiles), ``opened``, ``turn_table``,
    ``turn_rack``, ``turn_opened`` (the current player's start of turn), ``drawn`` (tiles
    drawn this turn), ``played_this_turn``, ``quiet_turns`` (turns in a row without a tile
    laid), ``idle_turns`` (turns in a row that laid or took nothing while the pool was empty),
    ``starter``, ``start_draw``, ``log``, ``sheet``, ``totals``. A seat's rack: ``hand(seat)``.
    """

    game_id = "tiles"

    def __init__(self, players: int, options: Options | None = None, seed: int = 0) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError("players is the number of seats")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"the tile game is played by {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if options is not None and not isinstance(options, Options):
            raise TypeError(f"expected tile game Options, not {type(options).__name__}")
        self._setup(players, options or Options(), random.Random(seed))
        self.starter = self._draw_for_first_player()
        self._deal()

    def _setup(self, players: int, options: Options, rng: random.Random) -> None:
        self.options = options
        self.rng = rng
        self._players = players
        self.tiles: tuple[Tile, ...] = tuple(make_tiles(options.star_count))
        self.phase = Phase.PLAY
        self._round = 1
        self.starter = 0
        self._current: int | None = 0
        self._racks: list[list[Tile]] = [[] for _ in range(players)]
        self.pool: list[Tile] = []
        self.table: list[tuple[Tile, ...]] = []
        self.opened = [False] * players
        self.turn_table: list[tuple[Tile, ...]] = []
        self.turn_rack: list[Tile] = []
        self.turn_opened = False
        self.drawn: list[Tile] = []
        self.played_this_turn = False
        self.quiet_turns = 0
        self.idle_turns = 0
        self.start_draw: list[list[dict[str, Any]]] = []
        self.log: list[PublicEvent] = []
        self.sheet: list[dict[str, Any]] = []
        self.totals = [0] * players
        self._winners: list[int] = []

    # ----------------------------------------------------------------------------------------
    # GameState interface

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """Seat ``seat``'s rack (the whole state: never give it to another seat)."""
        return tuple(self._racks[seat])

    @property
    def can_play_now(self) -> bool:
        """True when the player to move may propose a ``Play``."""
        return self.phase == Phase.PLAY

    @property
    def opening_min(self) -> int:
        return self.options.opening_min

    @property
    def pool_size(self) -> int:
        return len(self.pool)

    @property
    def drawn_this_turn(self) -> int:
        """Tiles drawn in this turn."""
        return len(self.drawn)

    def _mover_hand(self) -> Sequence[Tile] | None:
        return None if self._current is None else self._racks[self._current]

    # ----------------------------------------------------------------------------------------
    # The plays of the moves (``apply`` checks a move with ``TilesRules`` first)

    @plays(Play)
    def _play(self, move: Play, placed: list[Tile]) -> list[Event]:
        seat = self._seat()
        rack = self._racks[seat]
        opening = not self.opened[seat]
        changes = tuple(play_changes(self.table, move.table, self.options))
        freed = tuple(freed_stars(self.table, move.table, self.options))
        self.table = list(move.table)
        self._racks[seat] = without(rack, placed)
        self.opened[seat] = True
        self.played_this_turn = True
        texts = tuple(t.text for t in placed)
        detail = (("opening", opening), ("changes", changes), ("freed", freed))
        record(self.log, seat, "play", texts, (), "rack", "table", count=len(texts), detail=detail)
        events = [self._note("play", seat=seat, placed=texts, opening=opening)]
        if not self._racks[seat]:
            return events + self._end_round(seat, "out")
        if self.options.turn_rule == "draw_discard" and (self.drawn or len(self._racks[seat]) == 1):
            self.phase = Phase.DISCARD
            return events
        return events + self._end_turn(took=bool(self.drawn))

    @plays(Draw)
    def _draw(self, move: Draw, plan: None) -> list[Event]:
        seat = self._seat()
        if self.phase == Phase.DRAW:
            self._take_from_pool(seat, 1)
            self.phase = Phase.PLAY
            return [self._drew(seat)]
        # Only the draw rule gets here: under the draw-first rules the play phase comes after
        # the turn's draw, or with an empty pool (see ``_audit_turn``).
        self._take_from_pool(seat, 1)
        return [self._drew(seat), *self._end_turn(took=True)]

    def _drew(self, seat: int) -> Event:
        record(self.log, seat, "draw", source="pool", target="rack", count=1)
        return self._note("draw", seat=seat, count=1)

    @plays(Exchange)
    def _exchange(self, move: Exchange, at: int) -> list[Event]:
        seat = self._seat()
        given = self._racks[seat].pop(at)
        self._take_from_pool(seat, 1)
        self.pool.insert(self.rng.randint(0, len(self.pool)), given)
        record(self.log, seat, "exchange", source="rack", target="pool", count=1)
        return [self._note("exchange", seat=seat), *self._end_turn(took=True)]

    @plays(Discard)
    def _discard(self, move: Discard, at: int) -> list[Event]:
        seat = self._seat()
        given = self._racks[seat].pop(at)
        self.pool.insert(self.rng.randint(0, len(self.pool)), given)
        record(self.log, seat, "discard", source="rack", target="pool", count=1)
        events = [self._note("discard", seat=seat)]
        if not self._racks[seat]:
            # RULES.md: "A player who has laid at least one tile this turn and has one tile
            # left returns it and goes out" (the discard phase comes only after a play).
            return events + self._end_round(seat, "out")
        return events + self._end_turn(took=True)

    @plays(Pass)
    def _pass(self, move: Pass, plan: None) -> list[Event]:
        record(self.log, self._seat(), "pass")
        return [self._note("pass", seat=self._seat()), *self._end_turn(took=bool(self.drawn))]

    @plays(Timeout)
    def _timeout(self, move: Timeout, plan: None) -> list[Event]:
        seat = self._seat()
        rule = self.options.turn_rule
        undid_play = self.played_this_turn
        drawn = self.drawn
        self._restore_start_of_turn(seat)
        returned = 0
        penalty = 0
        if rule == "draw":
            penalty = self.options.timeout_penalty
        elif rule == "draw_discard":
            for t in drawn:
                self.pool.insert(self.rng.randint(0, len(self.pool)), t)
            returned = len(drawn)
        elif rule == "draw_exchange":
            self._racks[seat].extend(drawn)
            self.drawn = list(drawn)
            penalty = self.options.timeout_penalty - len(drawn)
        taken = self._take_from_pool(seat, penalty)
        facts = {
            "invalid_table": move.invalid_table,
            "drawn": len(taken),
            "returned": returned,
            "undid_play": undid_play,
        }
        record(self.log, seat, "timeout", count=len(taken), detail=tuple(facts.items()))
        entry = self._note("timeout", seat=seat, **facts)
        return [entry, *self._end_turn(took=bool(self.drawn or returned))]

    def _restore_start_of_turn(self, seat: int) -> None:
        """The table and the rack as they were when the turn began (before any draw)."""
        self.table = list(self.turn_table)
        self._racks[seat] = list(self.turn_rack)
        self.opened[seat] = self.turn_opened
        self.played_this_turn = False
        self.drawn = []

    # ----------------------------------------------------------------------------------------
    # Turns and rounds

    def _seat(self) -> int:
        assert self._current is not None
        return self._current

    def _take_from_pool(self, seat: int, count: int) -> list[Tile]:
        """Move up to ``count`` tiles from the pool to the rack (fewer when the pool runs out)."""
        taken = [self.pool.pop() for _ in range(max(0, min(count, len(self.pool))))]
        self._racks[seat].extend(taken)
        self.drawn.extend(taken)
        return taken

    def _note(self, kind: str, **data: Any) -> Event:
        """The event announcing an action (its public event is in the round's log)."""
        return Event(kind, FrozenRecord({"kind": kind, **data}))

    def _begin_turn(self) -> None:
        seat = self._seat()
        self.turn_table = list(self.table)
        self.turn_rack = list(self._racks[seat])
        self.turn_opened = self.opened[seat]
        self.drawn = []
        self.played_this_turn = False
        draws_first = self.options.turn_rule in ("draw_discard", "draw_exchange")
        self.phase = Phase.DRAW if draws_first and self.pool else Phase.PLAY

    def _end_turn(self, took: bool) -> list[Event]:
        """Count the turn for the blocked and stalemate rules (``took``: a tile went between
        the rack and the pool), then hand over to the next seat."""
        seat = self._seat()
        laid = self.played_this_turn
        self.quiet_turns = 0 if laid else self.quiet_turns + 1
        self.idle_turns = self.idle_turns + 1 if not (laid or took or self.pool) else 0
        if self.idle_turns >= self._players:
            return self._end_round(None, "blocked")
        if self.quiet_turns >= STALEMATE_CIRCUITS * self._players:
            return self._end_round(None, "stalemate")
        self._current = (seat + 1) % self._players
        self._begin_turn()
        return []

    def _end_round(self, winner: int | None, end: str) -> list[Event]:
        penalties = [rack_penalty(r) for r in self._racks]
        scores = [-p for p in penalties]
        rummy = False
        if winner is not None:
            rummy = not self.turn_opened
            scores[winner] = sum(penalties) * (2 if rummy else 1)
        row = {
            "round": self._round,
            "scores": tuple(scores),
            "penalties": tuple(penalties),
            "winner": winner,
            "end": end,
            "rummy": rummy,
        }
        self.sheet.append(row)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        self.drawn = []
        self.played_this_turn = False
        facts = tuple((name, row[name]) for name in ("round", "winner", "end", "rummy"))
        record(self.log, None, "round_over", detail=facts)
        events = [self._note("round_over", **row)]
        if self._round >= self.options.rounds:
            best = max(self.totals)
            self._winners = [s for s, t in enumerate(self.totals) if t == best]
            self.phase = Phase.GAME_OVER
            self._current = None
            events.append(Event("game_over", FrozenRecord({"winners": tuple(self._winners)})))
        else:
            self.phase = Phase.ROUND_OVER
            self._current = (self.starter + 1) % self._players
        return events

    @plays(NextRound)
    def _next_round(self, move: NextRound, plan: None) -> list[Event]:
        self._round += 1
        self.starter = (self.starter + 1) % self._players
        self._deal()
        return [self._note("deal", round=self._round, starter=self.starter)]

    def _draw_for_first_player(self) -> int:
        """Each seat draws a tile, lowest number starts; a star is drawn again; seats tied
        on the lowest number draw again. Recorded in ``start_draw``."""
        heap = list(self.tiles)
        self.rng.shuffle(heap)
        contenders = list(range(self._players))
        self.start_draw = []
        while len(contenders) > 1:
            drawn_pass = []
            numbers = {}
            for seat in contenders:
                faces = []
                while True:
                    if not heap:
                        heap = list(self.tiles)
                        self.rng.shuffle(heap)
                    tile = heap.pop()
                    faces.append(tile.text)
                    if not tile.is_star:
                        break
                drawn_pass.append({"seat": seat, "tiles": tuple(faces)})
                numbers[seat] = tile.number
            self.start_draw.append(drawn_pass)
            lowest = min(numbers.values())
            contenders = [s for s in contenders if numbers[s] == lowest]
        return contenders[0]

    def _deal(self) -> None:
        heap = list(self.tiles)
        self.rng.shuffle(heap)
        n = self._players
        self._racks = [heap[k * RACK_SIZE : (k + 1) * RACK_SIZE] for k in range(n)]
        self.pool = heap[n * RACK_SIZE :]
        self.table = []
        self.opened = [False] * n
        self.quiet_turns = 0
        self.idle_turns = 0
        self.log = []
        record(self.log, None, "deal", detail=(("round", self._round), ("starter", self.starter)))
        self._current = self.starter
        self._begin_turn()

    # ----------------------------------------------------------------------------------------
    # Views

    def view(self, player: int) -> TilesView:
        """What seat ``player`` may see (see ``TilesView``)."""
        if not 0 <= player < self._players:
            raise ValueError(f"no seat {player}")
        return TilesView(
            seat=player,
            phase=self.phase,
            current_player=self._current,
            round_number=self._round,
            options=self.options,
            hand=tuple(self._racks[player]),
            table=tuple(self.table),
            turn_table=tuple(self.turn_table),
            hand_sizes=tuple(len(r) for r in self._racks),
            pool_size=len(self.pool),
            opened=tuple(self.opened),
            drawn_this_turn=len(self.drawn),
            played_this_turn=self.played_this_turn,
            starter=self.starter,
            start_draw=tuple(tuple(FrozenRecord(d) for d in p) for p in self.start_draw),
            log=tuple(self.log),
            sheet=tuple(FrozenRecord(r) for r in self.sheet),
            totals=tuple(self.totals),
            winners=tuple(self._winners),
            quiet_turns_left=self._quiet_turns_left(),
        )

    def _quiet_turns_left(self) -> int:
        """Turns, the current one included, before the stalemate rule ends the round (a turn
        that has laid tiles starts the count again)."""
        if self.phase not in TURN_PHASES:
            return 0
        return STALEMATE_CIRCUITS * self._players - (0 if self.played_this_turn else self.quiet_turns)

    # ----------------------------------------------------------------------------------------
    # Save and audit

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON data (see ``save``)."""
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TilesState:
        """Rebuild a game from ``to_json`` data; raise ``SaveError`` when it is malformed or
        inconsistent (a tile twice or missing, an illegal combination, a bad score sheet...)."""
        return state_from_json(data, cls)

    def audit(self) -> None:
        """Every tile of the set exactly once, every combination on the table legal, the turn
        snapshot consistent, the score sheet adding up (see ``audit``)."""
        audit(self)


def new_game(players: int, options: Options | None = None, seed: int = 0) -> TilesState:
    """A new tile game for ``players`` seats (2-4): the draw for the first player, then the
    first deal."""
    return TilesState(players, options, seed)
