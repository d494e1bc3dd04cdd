"""The rule options of Frustration Rummy (shared/RULES.md section 1), stored in every save."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.errors import SaveError

MIN_PLAYERS = 2
MAX_PLAYERS = 6
FLAGS = (
    "final_contract_wins",
    "everyone_down_ends_round",
    "exact_contract_length",
    "wild_takeback",
    "scoring",
)


@dataclass(frozen=True)
class Options:
    """Named rule options with RULES.md's defaults.

    - ``decks``: ``None`` = 2 decks (4 jokers) for 2-4 players, 3 decks (6 jokers) for 5-6;
      or 2 or 3 for any number of players. Two jokers come with each deck.
    - ``final_contract``: the contract (1-14) whose completion wins the game.
    - ``final_contract_wins``: off = the first player to go out on the final contract wins; on =
      the game ends with the round in which anyone lays down the final contract, and among
      those who did the lowest hand penalty of that round wins (ties: lowest running score,
      then a shared win).
    - ``everyone_down_ends_round``: the round also ends (after the discard of the turn) once
      every player has laid down their contract.
    - ``exact_contract_length``: contract melds must have exactly the asked length.
    - ``extra_run_min``: minimum length (3 or 4) of a run laid as an extra meld.
    - ``wild_takeback``: a player whose contract is down may take back a wild from a run.
    - ``scoring``: hand penalties are added to the score sheet every round.
    """

    decks: int | None = None
    final_contract: int = 14
    final_contract_wins: bool = False
    everyone_down_ends_round: bool = False
    exact_contract_length: bool = False
    extra_run_min: int = 3
    wild_takeback: bool = True
    scoring: bool = True

    def __post_init__(self) -> None:
        if self.decks is not None and (_not_int(self.decks) or self.decks not in (2, 3)):
            raise ValueError("decks must be None, 2 or 3")
        if _not_int(self.final_contract) or not 1 <= self.final_contract <= 14:
            raise ValueError("final_contract must be 1 to 14")
        if _not_int(self.extra_run_min) or self.extra_run_min not in (3, 4):
            raise ValueError("extra_run_min must be 3 or 4")
        for name in FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")

    def deck_count(self, players: int) -> int:
        """Number of 52-card decks used by ``players`` players."""
        if self.decks is not None:
            return self.decks
        return 2 if players <= 4 else 3

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object (every field)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Options:
        """Options from ``to_json`` data; raises ``SaveError`` (every field is required)."""
        names = [f.name for f in dataclasses.fields(cls)]
        if not isinstance(data, Mapping):
            raise SaveError("bad_field", "options: expected an object")
        missing = [n for n in names if n not in data]
        unknown = sorted(k for k in data if k not in names)
        if missing or unknown:
            raise SaveError(
                "bad_options", f"options: missing {missing or 'nothing'}, unknown {unknown or 'nothing'}"
            )
        try:
            return cls(**{n: data[n] for n in names})
        except ValueError as exc:
            raise SaveError("bad_options", f"options: {exc}") from exc


OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "decks": (None, 2, 3),
    "final_contract": tuple(range(1, 15)),
    "final_contract_wins": (False, True),
    "everyone_down_ends_round": (False, True),
    "exact_contract_length": (False, True),
    "extra_run_min": (3, 4),
    "wild_takeback": (False, True),
    "scoring": (False, True),
}
"""Every value the new-game screen may offer for each option (``decks`` None = by player count)."""


def _not_int(value: object) -> bool:
    return not isinstance(value, int) or isinstance(value, bool)
