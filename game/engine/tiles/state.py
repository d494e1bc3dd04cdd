"""The state of a tile game: rounds, turns, the turn rules, scores, save and audit."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import (
    SAVE_FORMAT,
    Event,
    FrozenRecord,
    GameState,
    NextRound,
    check_conservation,
    check_fields,
    check_header,
    pieces_from_json,
    pieces_to_json,
    plays,
    rng_from_json,
    rng_to_json,
    want_int,
)
from ..errors import IllegalMove, InvariantError, SaveError
from ..pieces import Tile, make_tiles, without
from ..schema import check as check_schema
from .combinations import rack_penalty, read_meld
from .moves import MOVE_CLASSES, Discard, Draw, Exchange, Pass, Play, Timeout
from .options import Options
from .save import MAX_PLAYERS, MIN_PLAYERS, ROUND_ENDS, SCHEMA
from .turn import TURN_PHASES, Phase, TilesRules
from .view import TilesView

SAVE_VERSION = 1
RACK_SIZE = 14
STALEMATE_CIRCUITS = 20
"""Full circuits of turns without a tile laid after which a round ends blocked (RULES.md: "when
twenty full circuits of turns go by with no tile laid by anyone"). The save check allows a quiet
count up to this many circuits, so saves made under the former five still load."""


class TilesState(TilesRules, GameState):
    """A whole tile game: ``players`` seats (2-4), ``options``, dealt from ``seed``.

    Attributes (read them, never change them): ``options``, ``phase``, ``racks``, ``pool``
    (drawn from its end), ``table`` (list of tuples of tiles), ``opened``, ``turn_table``,
    ``turn_rack``, ``turn_opened`` (the current player's start of turn), ``drawn`` (tiles
    drawn this turn), ``played_this_turn``, ``quiet_turns`` (turns in a row without a tile
    laid), ``idle_turns`` (turns in a row that laid or took nothing while the pool was empty),
    ``starter``, ``start_draw``, ``log``, ``sheet``, ``totals``.
    """

    game_id = "tiles"
    move_classes = MOVE_CLASSES

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
        self.racks: list[list[Tile]] = [[] for _ in range(players)]
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
        self.log: list[dict[str, Any]] = []
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
        return tuple(self.racks[seat])

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
        return None if self._current is None else self.racks[self._current]

    # ----------------------------------------------------------------------------------------
    # The plays of the moves (``apply`` checks a move with ``TilesRules`` first)

    @plays(Play)
    def _play(self, move: Play, placed: list[Tile]) -> list[Event]:
        seat = self._seat()
        rack = self.racks[seat]
        opening = not self.opened[seat]
        self.table = list(move.table)
        self.racks[seat] = without(rack, placed)
        self.opened[seat] = True
        self.played_this_turn = True
        events = [self._record("play", seat=seat, placed=tuple(t.text for t in placed), opening=opening)]
        if not self.racks[seat]:
            return events + self._end_round(seat, "out")
        if self.options.turn_rule == "draw_discard" and (self.drawn or len(self.racks[seat]) == 1):
            self.phase = Phase.DISCARD
            return events
        return events + self._end_turn(took=bool(self.drawn))

    @plays(Draw)
    def _draw(self, move: Draw, plan: None) -> list[Event]:
        seat = self._seat()
        if self.phase == Phase.DRAW:
            self._take_from_pool(seat, 1)
            self.phase = Phase.PLAY
            return [self._record("draw", seat=seat, count=1)]
        # Only the draw rule gets here: under the draw-first rules the play phase comes after
        # the turn's draw, or with an empty pool (see ``_audit_turn``).
        self._take_from_pool(seat, 1)
        return [self._record("draw", seat=seat, count=1), *self._end_turn(took=True)]

    @plays(Exchange)
    def _exchange(self, move: Exchange, at: int) -> list[Event]:
        seat = self._seat()
        given = self.racks[seat].pop(at)
        self._take_from_pool(seat, 1)
        self.pool.insert(self.rng.randint(0, len(self.pool)), given)
        return [self._record("exchange", seat=seat), *self._end_turn(took=True)]

    @plays(Discard)
    def _discard(self, move: Discard, at: int) -> list[Event]:
        seat = self._seat()
        given = self.racks[seat].pop(at)
        self.pool.insert(self.rng.randint(0, len(self.pool)), given)
        events = [self._record("discard", seat=seat)]
        if not self.racks[seat]:
            # RULES.md: "A player who has laid at least one tile this turn and has one tile
            # left returns it and goes out" (the discard phase comes only after a play).
            return events + self._end_round(seat, "out")
        return events + self._end_turn(took=True)

    @plays(Pass)
    def _pass(self, move: Pass, plan: None) -> list[Event]:
        return [self._record("pass", seat=self._seat()), *self._end_turn(took=bool(self.drawn))]

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
            self.racks[seat].extend(drawn)
            self.drawn = list(drawn)
            penalty = self.options.timeout_penalty - len(drawn)
        taken = self._take_from_pool(seat, penalty)
        entry = self._record(
            "timeout",
            seat=seat,
            invalid_table=move.invalid_table,
            drawn=len(taken),
            returned=returned,
            undid_play=undid_play,
        )
        return [entry, *self._end_turn(took=bool(self.drawn or returned))]

    def _restore_start_of_turn(self, seat: int) -> None:
        """The table and the rack as they were when the turn began (before any draw)."""
        self.table = list(self.turn_table)
        self.racks[seat] = list(self.turn_rack)
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
        self.racks[seat].extend(taken)
        self.drawn.extend(taken)
        return taken

    def _record(self, kind: str, **data: Any) -> Event:
        entry = {"kind": kind, **data}
        self.log.append(entry)
        return Event(kind, FrozenRecord(dict(entry)))

    def _begin_turn(self) -> None:
        seat = self._seat()
        self.turn_table = list(self.table)
        self.turn_rack = list(self.racks[seat])
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
        penalties = [rack_penalty(r) for r in self.racks]
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
        events = [self._record("round_over", **row)]
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
        return [Event("deal", FrozenRecord(dict(self.log[-1])))]

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
        self.racks = [heap[k * RACK_SIZE : (k + 1) * RACK_SIZE] for k in range(n)]
        self.pool = heap[n * RACK_SIZE :]
        self.table = []
        self.opened = [False] * n
        self.quiet_turns = 0
        self.idle_turns = 0
        self.log = []
        self._record("deal", round=self._round, starter=self.starter)
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
            rack=tuple(self.racks[player]),
            table=tuple(self.table),
            turn_table=tuple(self.turn_table),
            rack_sizes=tuple(len(r) for r in self.racks),
            pool_size=len(self.pool),
            opened=tuple(self.opened),
            drawn_this_turn=len(self.drawn),
            played_this_turn=self.played_this_turn,
            starter=self.starter,
            start_draw=tuple(tuple(FrozenRecord(d) for d in p) for p in self.start_draw),
            log=tuple(FrozenRecord(e) for e in self.log),
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
    # Save

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "version": SAVE_VERSION,
            "options": self.options.to_json(),
            "players": self._players,
            "phase": str(self.phase),
            "round": self._round,
            "starter": self.starter,
            "current": self._current,
            "racks": [pieces_to_json(r) for r in self.racks],
            "pool": pieces_to_json(self.pool),
            "table": [pieces_to_json(c) for c in self.table],
            "opened": list(self.opened),
            "turn": {
                "table": [pieces_to_json(c) for c in self.turn_table],
                "rack": pieces_to_json(self.turn_rack),
                "opened": self.turn_opened,
                "drawn": pieces_to_json(self.drawn),
                "played": self.played_this_turn,
            },
            "quiet_turns": self.quiet_turns,
            "idle_turns": self.idle_turns,
            "start_draw": _thaw(self.start_draw),
            "log": _thaw(self.log),
            "sheet": _thaw(self.sheet),
            "totals": list(self.totals),
            "winners": list(self._winners),
            "rng": rng_to_json(self.rng),
        }

    _FIELDS = (
        "format", "game", "version", "options", "players", "phase", "round", "starter", "current",
        "racks", "pool", "table", "opened", "turn", "quiet_turns", "idle_turns", "start_draw",
        "log", "sheet", "totals", "winners", "rng",
    )  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TilesState:
        """Rebuild a game from ``to_json`` data; raise ``SaveError`` when it is malformed or
        inconsistent (a tile twice or missing, an illegal combination, a bad score sheet...)."""
        check_header(data, cls.game_id, SAVE_VERSION)
        check_fields(data, "saved game", cls._FIELDS)
        check_schema(SCHEMA, data)
        state = cls.__new__(cls)
        players = want_int(data, "players", "saved game", MIN_PLAYERS, MAX_PLAYERS)
        state._setup(players, Options.from_json(data["options"]), rng_from_json(data["rng"]))
        state._load_fields(data)
        state._check_loaded()
        return state

    def _load_fields(self, data: Mapping[str, Any]) -> None:
        n = self._players
        if data["phase"] not in tuple(Phase):
            raise SaveError("bad_field", f"saved game.phase: unknown phase {data['phase']!r}")
        self.phase = Phase(data["phase"])
        self._round = want_int(data, "round", "saved game", 1, self.options.rounds)
        self.starter = want_int(data, "starter", "saved game", 0, n - 1)
        if self.phase == Phase.GAME_OVER:
            if data["current"] is not None:
                raise SaveError("bad_field", "saved game.current: must be null once the game is over")
            self._current = None
        else:
            self._current = want_int(data, "current", "saved game", 0, n - 1)
        self.racks = [_tiles(r, f"racks[{i}]") for i, r in enumerate(_list(data["racks"], "racks", n))]
        self.pool = _tiles(data["pool"], "pool")
        self.table = [tuple(_tiles(c, f"table[{i}]")) for i, c in enumerate(_list(data["table"], "table"))]
        self.opened = _bools(data["opened"], "opened", n)
        turn = data["turn"]
        check_fields(turn, "saved game.turn", ("table", "rack", "opened", "drawn", "played"))
        self.turn_table = [tuple(_tiles(c, "turn.table")) for c in _list(turn["table"], "turn.table")]
        self.turn_rack = _tiles(turn["rack"], "turn.rack")
        self.turn_opened = _bools([turn["opened"]], "turn.opened", 1)[0]
        self.drawn = _tiles(turn["drawn"], "turn.drawn")
        self.played_this_turn = _bools([turn["played"]], "turn.played", 1)[0]
        self.quiet_turns = want_int(data, "quiet_turns", "saved game", 0, STALEMATE_CIRCUITS * n)
        self.idle_turns = want_int(data, "idle_turns", "saved game", 0, n)
        self.start_draw = _freeze(_start_draw(data["start_draw"], n))
        self.log = _freeze(_records(data["log"], "log"))
        self.sheet = [_sheet_row(row, i, n) for i, row in enumerate(_list(data["sheet"], "sheet"))]
        self.totals = [int(t) for t in _ints(data["totals"], "totals", n)]
        self._winners = [int(w) for w in _ints(data["winners"], "winners")]

    def _check_loaded(self) -> None:
        """Conservation, legal combinations, consistent turn and score sheet, as SaveError."""
        try:
            self.audit()
        except InvariantError as exc:
            raise SaveError("inconsistent", f"saved game: {exc}") from exc
        best = max(self.totals) if self.phase == Phase.GAME_OVER else None
        expected = [s for s, t in enumerate(self.totals) if t == best]
        if self._winners != expected:
            raise SaveError("inconsistent", "saved game: winners do not match the totals")

    # ----------------------------------------------------------------------------------------
    # Audit

    def audit(self) -> None:
        """Every tile of the set exactly once (racks, pool, table), every combination on the
        table legal, the turn snapshot consistent, the score sheet adding up."""
        on_table = [t for c in self.table for t in c]
        everywhere = [t for r in self.racks for t in r] + self.pool + on_table
        try:
            check_conservation(everywhere, self.tiles, "tiles")
        except SaveError as exc:
            raise InvariantError(str(exc)) from exc
        for i, combination in enumerate(self.table):
            try:
                read_meld(combination, self.options)
            except IllegalMove as exc:
                raise InvariantError(f"table combination {i} is illegal: {exc}") from exc
        finished_rounds = (
            self._round if self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) else self._round - 1
        )
        if len(self.sheet) != finished_rounds:
            raise InvariantError(f"score sheet has {len(self.sheet)} rows after {finished_rounds} rounds")
        columns = [sum(row["scores"][s] for row in self.sheet) for s in range(self._players)]
        if columns != self.totals:
            raise InvariantError(f"totals {self.totals} do not add up to {columns}")
        if (self._current is None) != (self.phase == Phase.GAME_OVER):
            raise InvariantError(f"current player {self._current} in phase {self.phase}")
        if self.phase in TURN_PHASES:
            self._audit_turn(on_table)

    def _audit_turn(self, on_table: Sequence[Tile]) -> None:
        seat = self._seat()
        if not self.racks[seat]:
            raise InvariantError("the player to move has an empty rack")
        before = [t for c in self.turn_table for t in c] + self.turn_rack + self.drawn
        now = list(on_table) + self.racks[seat]
        if sorted(t.ident for t in before) != sorted(t.ident for t in now):
            raise InvariantError("table and rack do not match the start of the turn plus the tiles drawn")
        if self.phase == Phase.DRAW and (self.drawn or not self.pool):
            raise InvariantError("draw phase after a draw or with an empty pool")
        if self.phase == Phase.DISCARD and not (
            self.played_this_turn and (self.drawn or len(self.racks[seat]) == 1)
        ):
            raise InvariantError("discard phase without a play after a draw or leaving one tile")
        draws_first = self.options.turn_rule in ("draw_discard", "draw_exchange")
        if draws_first and self.phase == Phase.PLAY and not self.drawn and self.pool:
            raise InvariantError("play phase before the turn's draw")
        if not self.played_this_turn and _idents(self.table) != _idents(self.turn_table):
            raise InvariantError("the table changed without a play")


# --------------------------------------------------------------------------------------------
# Loading helpers


def _idents(table: Sequence[Sequence[Tile]]) -> list[list[str]]:
    return [[t.ident for t in c] for c in table]


def _list(value: Any, where: str, size: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (size is not None and len(value) != size):
        raise SaveError("bad_field", f"saved game.{where}: expected a list" + (f" of {size}" if size else ""))
    return value


def _tiles(value: Any, where: str) -> list[Tile]:
    pieces = pieces_from_json(value, where)
    if not all(isinstance(p, Tile) for p in pieces):
        raise SaveError("bad_piece", f"{where}: cards in a tile game")
    return pieces  # type: ignore[return-value]


def _bools(value: Any, where: str, size: int) -> list[bool]:
    if not all(isinstance(v, bool) for v in _list(value, where, size)):
        raise SaveError("bad_field", f"saved game.{where}: expected true or false")
    return list(value)


def _ints(value: Any, where: str, size: int | None = None) -> list[int]:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in _list(value, where, size)):
        raise SaveError("bad_field", f"saved game.{where}: expected integers")
    return list(value)


def _start_draw(value: Any, players: int) -> list[Any]:
    for drawn_pass in _list(value, "start_draw"):
        for entry in _list(drawn_pass, "start_draw[]"):
            check_fields(entry, "saved game.start_draw[][]", ("seat", "tiles"))
            seat, faces = entry["seat"], entry["tiles"]
            if not isinstance(seat, int) or not 0 <= seat < players:
                raise SaveError("bad_field", f"saved game.start_draw: no seat {seat!r}")
            if not all(isinstance(f, str) for f in _list(faces, "start_draw[][].tiles")):
                raise SaveError("bad_field", "saved game.start_draw: tiles are notation strings")
    return value


def _records(value: Any, where: str) -> list[Any]:
    for entry in _list(value, where):
        if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str):
            raise SaveError("bad_field", f"saved game.{where}: entries need a kind")
    return value


def _sheet_row(row: Any, index: int, players: int) -> dict[str, Any]:
    where = f"saved game.sheet[{index}]"
    check_fields(row, where, ("round", "scores", "penalties", "winner", "end", "rummy"))
    if row["round"] != index + 1:
        raise SaveError("bad_field", f"{where}.round: expected {index + 1}")
    _ints(row["scores"], f"sheet[{index}].scores", players)
    _ints(row["penalties"], f"sheet[{index}].penalties", players)
    if row["end"] not in ROUND_ENDS or not isinstance(row["rummy"], bool):
        raise SaveError("bad_field", f"{where}: bad end or rummy")
    winner = row["winner"]
    if winner is not None and (not isinstance(winner, int) or not 0 <= winner < players):
        raise SaveError("bad_field", f"{where}.winner: no seat {winner!r}")
    return _freeze(row)


def _freeze(value: Any) -> Any:
    """JSON data with its lists inside records turned into tuples (records stay dicts)."""
    if isinstance(value, dict):
        return {k: _freeze_inner(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_freeze(v) for v in value]
    return value


def _freeze_inner(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze_inner(v) for v in value)
    if isinstance(value, dict):
        return FrozenRecord({k: _freeze_inner(v) for k, v in value.items()})
    return value


def _thaw(value: Any) -> Any:
    """Plain JSON data (lists and dicts) from frozen records."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    return value


def new_game(players: int, options: Options | None = None, seed: int = 0) -> TilesState:
    """A new tile game for ``players`` seats (2-4): the draw for the first player, then the
    first deal."""
    return TilesState(players, options, seed)
