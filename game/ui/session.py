"""A game in progress: who sits where, the engine state, the computer players, the save file.

Every change goes through ``Session.apply`` (an engine move), after which the table scene
saves the session, so that "Continue" resumes at exactly the same point.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from typing import Any

from game.ai.registry import playable_level
from game.engine.base import Event, GameState, Move
from game.engine.errors import SaveError
from game.engine.games import GAME_IDS, game_info

SESSION_FORMAT = "rami-session"
SESSION_VERSION = 1
HUMAN = "human"
COMPUTER_LEVELS = ("easy", "normal", "hard")
SEAT_KINDS = (HUMAN, *COMPUTER_LEVELS)


@dataclass
class Seat:
    """One place at the table: a name and either a person or a computer level."""

    name: str
    kind: str = HUMAN

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

    # Play -------------------------------------------------------------------------------
    def apply(self, move: Move) -> list[Event]:
        """Play ``move`` for the seat to move (raises ``IllegalMove``, state untouched)."""
        return self.state.apply(move)

    # Save -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": self.game,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "state": self.state.to_json(),
            "ui": self.ui,
            "bot_seed": self.bot_seed,
        }

    @classmethod
    def from_json(cls, data: Any) -> Session:
        """A session from ``to_json`` data; raises ``SaveError`` on anything unusable."""
        if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
            raise SaveError("bad_format", "not a saved game of Rami")
        if data.get("version") != SESSION_VERSION:
            raise SaveError("bad_version", f"unsupported version {data.get('version')!r}")
        game = data.get("game")
        if game not in GAME_IDS:
            raise SaveError("wrong_game", f"unknown game {game!r}")
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise SaveError("bad_field", "seats: expected a list")
        seats = []
        for raw in raw_seats:
            if (
                not isinstance(raw, dict)
                or not isinstance(raw.get("name"), str)
                or raw.get("kind") not in SEAT_KINDS
            ):
                raise SaveError("bad_field", f"bad seat {raw!r}")
            seats.append(Seat(raw["name"][:24], raw["kind"]))
        state = game_info(game).load(data.get("state"))
        if state.num_players != len(seats):
            raise SaveError("bad_field", "seats do not match the game")
        ui = data.get("ui") if isinstance(data.get("ui"), dict) else {}
        bot_seed = data.get("bot_seed") if isinstance(data.get("bot_seed"), int) else None
        return cls(game, seats, state, ui, bot_seed)
