"""The state/move pattern shared by the three rules engines.

- A game is a ``GameState`` subclass holding everything (hands, stock, table, scores, options,
  its own seeded ``random.Random``). It is only ever changed by ``apply(move)``, which checks the
  move and raises ``IllegalMove`` with a stable code, leaving the state exactly as it was.
- A move is a small frozen dataclass (a ``Move`` subclass with a class-level ``kind``). Moves
  are plain data: they name physical pieces (``Card``/``Tile`` objects, matched by ident) and
  indices, never closures. ``MoveCodec`` turns them into JSON and back.
- ``view(player)`` gives what one seat may see: its own hand, the public table, the sizes of
  hidden things. The AI and the UI work from views; a view offers ``legal_moves()`` and
  ``why_not(move)`` for its seat.
- The whole state round-trips through JSON (``to_json``/``from_json``) with a format version;
  loading checks structure and piece conservation and raises ``SaveError`` when anything is off.
- Phases are explicit (an attribute of the state, a member of the game's ``Phase``), never
  inferred from the last move. Between rounds the state is in a ``round_over`` phase whose only
  legal move is ``NextRound``.
- One dispatch: each game's ``TurnRules`` (shared by its state and its views) declares, with
  ``@checks(MoveClass, *phases)``, the method that checks each kind of move for the player to
  move, and its state declares with ``@plays(MoveClass)`` the method that plays it. The table
  (``move_rules``) is built and checked when the classes are created; ``apply(move)`` and
  ``why_not(move)`` go through it.
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, ClassVar, Final

from .errors import IllegalMove, NotationError, SaveError
from .notation import parse_ident
from .pieces import Card, Piece, Tile

SAVE_FORMAT = "rami-save"

ROUND_OVER: Final = "round_over"
GAME_OVER: Final = "game_over"
"""The two phases every game has (each game's ``Phase`` holds them with these values)."""


@dataclass(frozen=True)
class Move:
    """Base class of every move. Subclasses are frozen dataclasses and set ``kind``."""

    kind: ClassVar[str] = "move"


@dataclass(frozen=True)
class NextRound(Move):
    """Deal the next round (or hand) after a round is over. Shared by the three games."""

    kind: ClassVar[str] = "next_round"


@dataclass(frozen=True)
class Event:
    """Something that happened while a move was applied, for the interface to animate or
    announce (``reshuffled``, ``round_over``, ``game_over``...). ``data`` is plain JSON data."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MoveRule:
    """How a game takes one kind of move: the ``phases`` it may be played in, ``check`` (a
    method of the game's ``TurnRules``: it reads only what the player to move may see, raises
    ``IllegalMove`` and returns what the play needs, its plan) and ``play`` (a method of the
    game's state: it changes the state along the plan and returns the events)."""

    phases: frozenset[str]
    check: Callable[[Any, Any], Any]
    play: Callable[[Any, Any, Any], list[Event]] | None = None


def checks(move_class: type[Move], *phases: str) -> Callable[[Callable], Callable]:
    """Declare the decorated ``TurnRules`` method as the check of ``move_class``, a move of
    one of ``phases``."""

    def declare(method: Callable) -> Callable:
        method.checks_move = (move_class, frozenset(phases))  # type: ignore[attr-defined]
        return method

    return declare


def plays(*move_classes: type[Move]) -> Callable[[Callable], Callable]:
    """Declare the decorated state method as the play of ``move_classes`` (once checked)."""

    def declare(method: Callable) -> Callable:
        method.plays_moves = move_classes  # type: ignore[attr-defined]
        return method

    return declare


class TurnRules:
    """What the player to move may do: the one table of moves (``move_rules``, see ``checks``),
    ``why_not(move)`` and ``legal_moves()``. A game's state and its views share the game's
    subclass: a state answers for the player to move, a view for its own seat when that seat
    is to move (``not_your_turn`` otherwise). Subclasses provide ``phase``, ``_mover_hand()``
    and ``turn_phase_refusal``."""

    move_rules: ClassVar[Mapping[type[Move], MoveRule]] = MappingProxyType({})
    phase: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table = dict(cls.move_rules)
        own = list(vars(cls).values())
        for value in own:
            declared = getattr(value, "checks_move", None)
            if declared is not None:
                move_class, phases = declared
                if move_class in table:
                    raise TypeError(f"{cls.__name__}: {move_class.__name__} is checked twice")
                table[move_class] = MoveRule(phases, value)
        for value in own:
            for move_class in getattr(value, "plays_moves", ()):
                if move_class not in table:
                    raise TypeError(f"{cls.__name__} plays {move_class.__name__}, which no rule checks")
                if table[move_class].play is not None:
                    raise TypeError(f"{cls.__name__}: {move_class.__name__} is played twice")
                table[move_class] = replace(table[move_class], play=value)
        cls.move_rules = MappingProxyType(table)

    def _mover_hand(self) -> Sequence[Any] | None:
        """The hand of the player to move as this object sees it: a state sees it, a view only
        when its own seat is to move (``None`` otherwise, and when nobody is to move)."""
        raise NotImplementedError

    def _hand(self) -> Sequence[Any]:
        """The hand of the player to move, in a check (``check_move`` has checked the turn)."""
        hand = self._mover_hand()
        assert hand is not None, "check_move checks the turn first"
        return hand

    def turn_phase_refusal(self, wanted: frozenset[str]) -> IllegalMove:
        """The refusal of a move of the phases ``wanted`` in this turn phase (the game's own
        codes: ``must_draw_first``, ``already_drawn``...)."""
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move (see each game)."""
        raise NotImplementedError

    def why_not(self, move: Move) -> IllegalMove | None:
        """``None`` when the player to move may play ``move`` now (for a view: this seat), else
        the ``IllegalMove`` that ``apply`` raises. Nothing changes."""
        try:
            self.check_move(move)
        except IllegalMove as exc:
            return exc
        return None

    def check_move(self, move: Move) -> Any:
        """Every check of ``move``, in ``apply``'s order: a move of this game, the game not
        over, this seat's turn, the phase, then the move's own check; returns its plan."""
        refusal = self.why_not_now(type(move))
        if refusal is not None:
            raise refusal
        return self.move_rules[type(move)].check(self, move)

    def why_not_now(self, move_class: type[Move]) -> IllegalMove | None:
        """The refusal any move of ``move_class`` meets now, whatever it holds (a move of
        another game, the game over, another seat's turn, the phase), or ``None``: the checks
        ``check_move`` makes before the move's own."""
        rule = self.move_rules.get(move_class)
        if rule is None:
            return IllegalMove("unknown_move", move=str(getattr(move_class, "kind", move_class.__name__)))
        if self.phase == GAME_OVER:
            return IllegalMove("game_is_over")
        if self._mover_hand() is None:
            return IllegalMove("not_your_turn")
        if self.phase not in rule.phases:
            if ROUND_OVER in rule.phases:
                return IllegalMove("round_not_over")
            if self.phase == ROUND_OVER:
                return IllegalMove("round_is_over")
            return self.turn_phase_refusal(rule.phases)
        return None


class GameState(TurnRules, ABC):
    """Common interface of the three games' states (see the module docstring). Every move its
    ``TurnRules`` check needs a play: a game's state class (one that names its ``game_id``) is
    refused when it is made otherwise."""

    game_id: ClassVar[str]
    """``"frustration"``, ``"rum500"`` or ``"tiles"``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        unplayed = sorted(c.__name__ for c, rule in cls.move_rules.items() if rule.play is None)
        if "game_id" in vars(cls) and (unplayed or not cls.move_rules):
            raise TypeError(f"{cls.__name__}: no play for {', '.join(unplayed) or 'any move'}")

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to move, or ``None`` when the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has a result."""

    _round: int
    _winners: list[int]

    @property
    def round_number(self) -> int:
        """The round (hand) being played, from 1."""
        return self._round

    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over (several on a shared win), else ``[]``."""
        return list(self._winners)

    @abstractmethod
    def hand(self, seat: int) -> tuple[Any, ...]:
        """Seat ``seat``'s hand (a rack in the tile game): the whole state, never for a player
        (a view holds its own seat's, ``view.hand``)."""

    def apply(self, move: Move) -> list[Event]:
        """Check and play ``move`` for the player to move; raise ``IllegalMove`` (state
        untouched) when the rules forbid it. Returns the events of the move."""
        plan = self.check_move(move)
        return self.move_rules[type(move)].play(self, move, plan)  # type: ignore[misc]

    @abstractmethod
    def view(self, player: int) -> Any:
        """What seat ``player`` may see."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON data, with ``format``, ``version`` and ``game``."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state from ``to_json`` data; raise ``SaveError`` on bad data."""

    @abstractmethod
    def audit(self) -> None:
        """Check the invariants (every piece accounted for exactly once, every meld on the
        table legal, counts consistent); raise ``InvariantError`` if one is broken. Used by
        the simulation command and the property tests after every move."""

    def apply_all(self, moves: Iterable[Move]) -> list[Event]:
        """Play ``moves`` in order as one change: they are tried on a copy first, so that when
        one of them is refused its ``IllegalMove`` is raised with this state untouched (none
        of them played); else they are all played here and their events returned in order."""
        import copy

        moves = list(moves)
        trial = copy.deepcopy(self)
        for move in moves:
            trial.apply(move)
        events: list[Event] = []
        for move in moves:
            events += self.apply(move)
        return events


# --------------------------------------------------------------------------------------------
# JSON helpers


def rng_to_json(rng: random.Random) -> list[Any]:
    """The internal state of a ``random.Random`` as JSON data."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: Any) -> random.Random:
    """A ``random.Random`` in the state saved by ``rng_to_json``; raises ``SaveError``."""
    try:
        version, internal, gauss = data
        rng = random.Random()
        rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    except (TypeError, ValueError, OverflowError) as exc:
        raise SaveError("bad_rng", f"random generator state is malformed: {exc}") from exc
    return rng


def pieces_to_json(pieces: Iterable[Piece]) -> list[str]:
    """Physical pieces as a list of idents (``"5D#1"``)."""
    return [p.ident for p in pieces]


def pieces_from_json(data: Any, where: str) -> list[Piece]:
    """The inverse of ``pieces_to_json``; ``where`` names the field in error messages."""
    if not isinstance(data, list):
        raise SaveError("bad_field", f"{where}: expected a list of pieces")
    try:
        return [parse_ident(text) for text in data]
    except (NotationError, AttributeError, TypeError) as exc:
        raise SaveError("bad_piece", f"{where}: {exc}") from exc


def check_fields(data: Any, where: str, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """Raise ``SaveError`` unless ``data`` is an object with every required key and no key
    outside required + optional."""
    if not isinstance(data, Mapping):
        raise SaveError("bad_field", f"{where}: expected an object")
    required = list(required)
    missing = [k for k in required if k not in data]
    if missing:
        raise SaveError("missing_field", f"{where}: missing field(s) {', '.join(missing)}")
    allowed = set(required) | set(optional)
    unknown = sorted(k for k in data if k not in allowed)
    if unknown:
        raise SaveError("unknown_field", f"{where}: unknown field(s) {', '.join(unknown)}")


def check_header(data: Any, game_id: str, version: int) -> None:
    """Check the ``format``/``game``/``version`` header of a saved state."""
    if not isinstance(data, Mapping):
        raise SaveError("bad_field", "saved game: expected an object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError("bad_format", "not a Rami saved game")
    if data.get("game") != game_id:
        raise SaveError("wrong_game", f"saved game is {data.get('game')!r}, not {game_id!r}")
    if data.get("version") != version:
        raise SaveError("bad_version", f"unsupported save version {data.get('version')!r}")


def save_header(game_id: str, version: int, options: Any, players: int) -> dict[str, Any]:
    """The fields every saved game starts with: ``format``, ``game``, ``version``, the options
    and the number of players."""
    return {
        "format": SAVE_FORMAT,
        "game": game_id,
        "version": version,
        "options": options.to_json(),
        "players": players,
    }


def check_save(data: Any, game_id: str, version: int, schema: Any) -> Mapping[str, Any]:
    """``data`` once its header (``check_header``) and its shape (``schema``, a
    ``game.engine.schema`` spec: every field, each type, range and length) are checked; raises
    ``SaveError``."""
    check_header(data, game_id, version)
    schema.check(data, "saved game")
    return data


def check_conservation(found: Iterable[Piece], expected: Iterable[Piece], where: str = "saved game") -> None:
    """Raise ``SaveError`` unless ``found`` holds exactly the physical pieces of ``expected``,
    each once (a piece twice, missing or foreign is an inconsistent game)."""
    want = {p.ident for p in expected}
    seen: set[str] = set()
    for p in found:
        if p.ident in seen:
            raise SaveError("duplicate_piece", f"{where}: {p.ident} appears twice")
        if p.ident not in want:
            raise SaveError("unknown_piece", f"{where}: {p.ident} is not part of this game")
        seen.add(p.ident)
    missing = sorted(want - seen)
    if missing:
        raise SaveError("missing_piece", f"{where}: {', '.join(missing[:5])} missing")


def want_int(
    data: Mapping[str, Any], key: str, where: str, lo: int | None = None, hi: int | None = None
) -> int:
    """``data[key]`` as an int within [lo, hi]; raises ``SaveError``."""
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveError("bad_field", f"{where}.{key}: expected an integer")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise SaveError("bad_field", f"{where}.{key}: {value} out of range")
    return value


def want_list(value: Any, where: str, length: int | None = None) -> list[Any]:
    """``value`` as a list (of ``length`` items when given); ``where`` names the field in
    error messages. Raises ``SaveError``."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "" if length is None else f" of {length}"
        raise SaveError("bad_field", f"saved game.{where}: expected a list{size}")
    return value


def want_ints(
    value: Any, where: str, length: int | None = None, lo: int | None = None, hi: int | None = None
) -> list[int]:
    """``value`` as a list of integers within [lo, hi]; raises ``SaveError``."""
    items = want_list(value, where, length)
    for v in items:
        if not isinstance(v, int) or isinstance(v, bool):
            raise SaveError("bad_field", f"saved game.{where}: expected integers")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise SaveError("bad_field", f"saved game.{where}: {v} out of range")
    return list(items)


def want_bools(value: Any, where: str, length: int | None = None) -> list[bool]:
    """``value`` as a list of booleans; raises ``SaveError``."""
    items = want_list(value, where, length)
    if any(not isinstance(v, bool) for v in items):
        raise SaveError("bad_field", f"saved game.{where}: expected true or false")
    return list(items)


def want_pieces(value: Any, where: str, kind: type[Piece]) -> list[Any]:
    """``pieces_from_json`` of pieces that must all be ``kind`` (cards, or tiles); raises
    ``SaveError``."""
    pieces = pieces_from_json(value, where)
    if not all(isinstance(p, kind) for p in pieces):
        raise SaveError("bad_piece", f"{where}: only {kind.__name__.lower()}s belong to this game")
    return pieces


# --------------------------------------------------------------------------------------------
# Moves to and from JSON


class MoveCodec:
    """Encodes the moves of one game as JSON objects ``{"kind": ..., field: value}`` and back.

    Fields may be ``int``, ``str``, ``bool``, ``None``, a piece (``Card``/``Tile``, written as
    its ident), or tuples of these (nested tuples allowed), as declared in the dataclass.
    """

    def __init__(self, *classes: type[Move]) -> None:
        self._classes = {cls.kind: cls for cls in classes}
        self._hints = {cls.kind: typing.get_type_hints(cls) for cls in classes}

    def encode(self, move: Move) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": move.kind}
        for f in dataclasses.fields(move):
            out[f.name] = _encode_value(getattr(move, f.name))
        return out

    def decode(self, data: Any) -> Move:
        """A move from ``encode`` data; raises ``SaveError`` when it is not a known move."""
        if not isinstance(data, Mapping) or data.get("kind") not in self._classes:
            raise SaveError("bad_move", f"unknown move {data!r}")
        cls = self._classes[data["kind"]]
        names = [f.name for f in dataclasses.fields(cls)]
        check_fields(data, f"move {data['kind']}", ["kind"], names)
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name in data:
                kwargs[f.name] = _decode_value(data[f.name], self._hints[cls.kind][f.name], f.name)
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise SaveError("bad_move", f"move {data['kind']}: {exc}") from exc


def _encode_value(value: Any) -> Any:
    if isinstance(value, (Card, Tile)):
        return value.ident
    if isinstance(value, (tuple, list)):
        return [_encode_value(v) for v in value]
    return value


def _decode_value(value: Any, hint: Any, name: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        for option in options:
            if option is type(None):
                continue
            try:
                return _decode_value(value, option, name)
            except SaveError:
                continue
        raise SaveError("bad_move", f"{name}: bad value {value!r}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise SaveError("bad_move", f"{name}: expected a list")
        inner = args[0] if args else Any
        return tuple(_decode_value(v, inner, name) for v in value)
    if hint in (Card, Tile):
        try:
            piece = parse_ident(value) if isinstance(value, str) else None
        except NotationError as exc:
            raise SaveError("bad_move", f"{name}: {exc}") from exc
        if not isinstance(piece, hint):
            raise SaveError("bad_move", f"{name}: expected a {hint.__name__.lower()}")
        return piece
    if hint is bool:
        if not isinstance(value, bool):
            raise SaveError("bad_move", f"{name}: expected true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise SaveError("bad_move", f"{name}: expected an integer")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise SaveError("bad_move", f"{name}: expected a string")
        return value
    return value


def seat_order(first: int, players: int) -> Sequence[int]:
    """Seats in playing order (clockwise = increasing index) starting with ``first``."""
    return [(first + i) % players for i in range(players)]


class FrozenRecord(dict):
    """A read-only ``dict`` for public records (log entries, score-sheet rows) that views hand
    out: mutation raises ``TypeError``, and it pickles (views travel to the bot process)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a game record cannot be changed")

    __setitem__ = __delitem__ = _refuse  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return (FrozenRecord, (dict(self),))

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: kv[0])))
