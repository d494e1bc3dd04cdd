"""The rule options of 500 Rum (shared/RULES.md section 2), stored in every save, and the
numbers of players and decks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.base import check_fields
from game.engine.errors import SaveError

GAME_ID = "rum500"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
TWO_DECKS_FROM = 5
"""Five or six players play with two decks shuffled together."""
DECK_COUNTS: tuple[int, ...] = (1, 2)
"""The numbers of 52-card decks a game may be played with."""


def decks_for(players: int) -> int:
    """How many 52-card decks a game of ``players`` uses: one for 2 to 4, two for 5 or 6."""
    return 2 if players >= TWO_DECKS_FROM else 1


@dataclass(frozen=True)
class Options:
    """The rule options of a 500 Rum game (stored in the save).

    ``target``: the total that ends the game (500). ``reuse_discards``: when the stock is empty
    and the player to move does not take from the discard pile, turn the pile but its top card
    over as a new stock instead of ending the hand. ``rummy_claims``: the "Rummy!" claim window.
    """

    target: int = 500
    reuse_discards: bool = False
    rummy_claims: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.target, int) or isinstance(self.target, bool) or self.target < 1:
            raise ValueError(f"target must be a positive integer, not {self.target!r}")
        for name in ("reuse_discards", "rummy_claims"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "reuse_discards": self.reuse_discards,
            "rummy_claims": self.rummy_claims,
        }

    @classmethod
    def from_json(cls, data: Any) -> Options:
        """The inverse of ``to_json``; raises ``SaveError``."""
        check_fields(data, "options", ["target", "reuse_discards", "rummy_claims"])
        try:
            return cls(**data)
        except ValueError as exc:
            raise SaveError("bad_field", f"options: {exc}") from exc


OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "target": (250, 300, 500, 750, 1000),
    "reuse_discards": (False, True),
    "rummy_claims": (False, True),
}
"""The values the new-game screen offers for each option (any positive target is accepted)."""
