"""The rule options of the tile game (RULES.md section 3), with RULES.md's defaults."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import SaveError

MIN_PLAYERS, MAX_PLAYERS = 2, 4

TURN_RULES: tuple[str, ...] = ("exchange", "draw", "draw_discard", "draw_exchange")
"""What a player who does not play does: exchange a tile with the pool (seed 004, default),
draw one, draw at the start and discard at the end of every turn, or draw at the start and
exchange until opened."""

OPENING_MINIMUMS: tuple[int, ...] = (0, 30, 40, 50)
TIMERS: tuple[int, ...] = (0, 30, 60, 120)
"""Seconds per turn; 0 is off. The engine has no clock: the interface sends ``Timeout``."""
TIMEOUT_PENALTIES: tuple[int, ...] = (1, 3)
ROUND_CHOICES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 8, 10)
"""Round counts offered by the new-game screen; any count from 1 to ``MAX_ROUNDS`` is valid."""
MAX_ROUNDS = 99

CHOICES: dict[str, tuple[Any, ...]] = {
    "opening_min": OPENING_MINIMUMS,
    "turn_rule": TURN_RULES,
    "timer": TIMERS,
    "timeout_penalty": TIMEOUT_PENALTIES,
    "rounds": ROUND_CHOICES,
}
"""The values offered for each option that is not a plain on/off flag."""


@dataclass(frozen=True)
class Options:
    """Named rule options; the defaults are RULES.md's. Invalid values raise ``ValueError``."""

    stars: bool = True
    """Play with the 2 stars (106 tiles); off: 104 tiles."""
    opening_min: int = 30
    """Points needed by a player's first play of a round (0, 30, 40 or 50)."""
    continue_after_opening: bool = False
    """The opening turn may go on to add to and rearrange the table."""
    ace_after_13: bool = False
    """A 1 may also follow 13 in a run (``K12 K13 K1``), never wrapping further."""
    groups_only: bool = False
    runs_only: bool = False
    mixed_colour_runs: bool = False
    """Runs of consecutive numbers in any colours."""
    turn_rule: str = "exchange"
    timer: int = 60
    timeout_penalty: int = 1
    """Tiles drawn when the time runs out under the draw rules (1 or 3)."""
    rounds: int = 4

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(f.default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"option {f.name} must be true or false, not {value!r}")
            elif isinstance(f.default, int) and (not isinstance(value, int) or isinstance(value, bool)):
                raise ValueError(f"option {f.name} must be an integer, not {value!r}")
        for name in ("opening_min", "turn_rule", "timer", "timeout_penalty"):
            if getattr(self, name) not in CHOICES[name]:
                raise ValueError(f"option {name} must be one of {CHOICES[name]}, not {getattr(self, name)!r}")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"option rounds must be from 1 to {MAX_ROUNDS}, not {self.rounds}")
        if self.groups_only and self.runs_only:
            raise ValueError("options groups_only and runs_only exclude each other")

    @property
    def star_count(self) -> int:
        """Stars in the set: 2, or 0 without stars."""
        return 2 if self.stars else 0

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object (every field, by name)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Options:
        """Options from ``to_json`` data (missing fields take their defaults); raises
        ``SaveError``."""
        if not isinstance(data, Mapping):
            raise SaveError("bad_options", "options: expected an object")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(k for k in data if k not in names)
        if unknown:
            raise SaveError("unknown_field", f"options: unknown field(s) {', '.join(unknown)}")
        try:
            return cls(**data)
        except (TypeError, ValueError) as exc:
            raise SaveError("bad_options", f"options: {exc}") from exc


OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    name: CHOICES.get(name, (False, True))
    for name in (
        "turn_rule",
        "timer",
        "timeout_penalty",
        "opening_min",
        "continue_after_opening",
        "rounds",
        "stars",
        "ace_after_13",
        "groups_only",
        "runs_only",
        "mixed_colour_runs",
    )
}
"""Every option in the order the new-game screen shows them, with the values it offers."""
