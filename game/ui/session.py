"""A game in progress: who sits where, the engine state, the computer players, the save file.

The game changes by engine moves, played through ``Session.apply`` (one move) or
``Session.apply_all`` (the moves of one drop, checked as a whole before any is played); undo
at the card tables puts back a state the engine rebuilt (``TurnUndo``). After each change the
table scene saves the session, so that "Continue" resumes at exactly the same point.
"""

from __future__ import annotations

import random
import sys
import traceback
import unicodedata
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.ai.registry import playable_level
from game.engine import schema as sc
from game.engine.base import Event, GameState, Move
from game.engine.errors import SaveError
from game.engine.games import GAME_IDS, game_info

if TYPE_CHECKING:
    from game.ui.storage import Storage

SESSION_FORMAT = "rami-session"
SESSION_VERSION = 1
HUMAN = "human"
COMPUTER_LEVELS = ("easy", "normal", "hard")
SEAT_KINDS = (HUMAN, *COMPUTER_LEVELS)
MAX_NAME = 24


def _header() -> sc.Spec:
    from game.ui.file_shapes import KnownFields

    return KnownFields(
        {
            "format": sc.Const(SESSION_FORMAT, code="bad_format"),
            "version": sc.Const(SESSION_VERSION, code="bad_version"),
            "game": sc.Str(GAME_IDS, code="wrong_game"),
            "seats": sc.List(
                KnownFields(
                    {"name": sc.Str(max_len=10_000), "kind": sc.Str(SEAT_KINDS), "auto": sc.Bool()},
                    required=("name", "kind"),
                ),
                lo=1,
                hi=6,
            ),
        },
        required=("format", "version", "game", "seats", "state"),
    )


HEADER = _header()
"""The saved session around the game's state: its format, version, game and seats (a key of a
later version is ignored; ``ui`` and ``bot_seed`` are checked on their own, and a block that does
not fit is dropped, not the game)."""
BOT_SEED = sc.Int(0, (1 << 62) - 1)


@dataclass
class Seat:
    """One place at the table: a name and either a person or a computer level."""

    name: str
    kind: str = HUMAN
    auto: bool = False
    """True when the player typed no name: a person's default name ("Player 2") then follows
    the language (``Session.rename_default_seats``)."""

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class GameConfig:
    """What the new-game screen produces."""

    game: str
    seats: list[Seat]
    options: Any = None
    """The engine's ``Options`` for this game (``None``: the defaults)."""
    seed: int = field(default_factory=lambda: random.SystemRandom().randrange(1 << 31))


class Session:
    """See the module docstring."""

    def __init__(
        self,
        game: str,
        seats: list[Seat],
        state: GameState,
        ui: dict[str, Any] | None = None,
        bot_seed: int | None = None,
    ) -> None:
        self.game = game
        self.seats = seats
        self.state = state
        self.ui: dict[str, Any] = ui or {}
        """Interface-only data kept in the save (hand order, staging area)."""
        self.token = uuid.uuid4().hex
        """Names this sitting's computer players in the bot worker."""
        self.bot_seed = bot_seed if bot_seed is not None else random.SystemRandom().randrange(1 << 31)
        """Seeds the computer players' own choices (the game's seed, so a game replays)."""
        self.kept = True
        """False for a lesson's game: never saved, never counted in the statistics (it is not
        a game to continue)."""

    @classmethod
    def start(cls, config: GameConfig) -> Session:
        info = game_info(config.game)
        state = info.new_game(len(config.seats), config.options, seed=config.seed)
        return cls(config.game, list(config.seats), state, bot_seed=config.seed)

    # Seats ------------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    @property
    def hot_seat(self) -> bool:
        """True when two or more people share the screen (hands hidden between turns)."""
        return len(self.humans) >= 2

    def bot_spec(self, seat: int):
        """Which computer player sits at ``seat`` (for ``game.ui.bots.BotWorker``)."""
        from game.ui.bots import BotSpec

        level = playable_level(self.game, self.seats[seat].kind)
        return BotSpec((self.token, seat), self.game, level, seed=self.bot_seed * 10 + seat)

    @property
    def watched(self) -> bool:
        """True when every seat is a computer player (the game is watched, not played)."""
        return not self.humans

    def rename_default_seats(self, default_name) -> None:
        """Give every person without a typed name ``default_name(n)`` (n from 1), in the
        current language."""
        for i, seat in enumerate(self.seats):
            if seat.auto and seat.is_human:
                seat.name = str(default_name(i + 1))

    # Play -------------------------------------------------------------------------------
    def apply(self, move: Move) -> list[Event]:
        """Play ``move`` for the seat to move (raises ``IllegalMove``, state untouched)."""
        return self.state.apply(move)

    def apply_all(self, moves: Sequence[Move]) -> list[Event]:
        """Play ``moves`` in order as one change: when the engine refuses any of them, its
        ``IllegalMove`` is raised and none is played."""
        return self.state.apply_all(moves)

    # Save -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": self.game,
            "seats": [
                {"name": s.name, "kind": s.kind, **({"auto": True} if s.auto else {})} for s in self.seats
            ],
            "state": self.state.to_json(),
            "ui": self.ui,
            "bot_seed": self.bot_seed,
        }

    @classmethod
    def from_json(cls, data: Any) -> Session:
        """A session from ``to_json`` data; raises ``SaveError`` on anything unusable (the header
        is checked against ``HEADER``, the state by its game's loader)."""
        sc.check(HEADER, data, "saved session")
        game = data["game"]
        seats = [Seat(clean_name(raw["name"]), raw["kind"], raw.get("auto", False)) for raw in data["seats"]]
        state = game_info(game).load(data["state"])
        if state.num_players != len(seats):
            raise SaveError("bad_field", "seats do not match the game")
        bot_seed = data.get("bot_seed")
        try:
            sc.check(BOT_SEED, bot_seed, "bot_seed")
        except SaveError:
            bot_seed = None  # the computer players' seed is made anew
        ui = data.get("ui")  # the table checks its interface block when it opens (``TableScene``)
        return cls(game, seats, state, ui if isinstance(ui, dict) else {}, bot_seed)


def clean_name(name: str) -> str:
    """A saved seat name fit to be drawn: at most ``MAX_NAME`` characters, without control
    characters, a lone surrogate (which no font can encode) replaced by U+FFFD."""
    name = name.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return "".join(ch for ch in name if unicodedata.category(ch) != "Cc")[:MAX_NAME]


def load_saved_session(storage: Storage, game: str) -> tuple[Session | None, str | None]:
    """``game``'s saved game in ``storage``, or ``None`` and the problem code to show (the save
    is then set aside, never read again). Nothing in the file can make this raise."""
    data, problem = storage.load_game_data(game)
    if data is None:
        return None, problem
    try:
        session = Session.from_json(data)
        if session.game == game:
            return session, None
    except SaveError:
        pass
    except Exception:  # a loading bug must not make "Continue" fail at every start
        traceback.print_exc(file=sys.stderr)
    return None, storage.set_aside_save(game)


@dataclass
class SavedGame:
    """One line of the Continue list: a saved game that loads."""

    game: str
    last_played: float | None
    session: Session

    @property
    def names(self) -> list[str]:
        """The players' names (a person's default name as the last ``rename_default_seats``
        made it: the list renames them in the current language before it shows them)."""
        return [seat.name for seat in self.session.seats]


def saved_games(storage: Storage) -> tuple[list[SavedGame], list[str]]:
    """Every saved game that loads, and the problem codes of those that did not (each of those
    is set aside: the others still load)."""
    found, problems = [], []
    for game in storage.saved_games():
        session, problem = load_saved_session(storage, game)
        if session is None:
            if problem:
                problems.append(problem)
            continue
        found.append(SavedGame(game, storage.last_played(game), session))
    return found, problems
