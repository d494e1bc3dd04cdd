"""The score sheet of a game (one row per round) and how a round may end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.base import check_fields
from game.engine.errors import SaveError

ROUND_ENDINGS = ("out", "dry", "all_down")
"""A round ends when a player goes out, when the stock runs dry, or (option) when every
player has laid down their contract."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One row of the score sheet.

    ``ended``: ``"out"`` (``went_out`` names the seat), ``"dry"`` (the stock ran out) or
    ``"all_down"`` (everyone laid down, option). Per seat: ``laid_down`` this round, the contract
    before and after the round, the hand penalty of the round (0 for the player who went out)
    and the running ``scores`` after it (unchanged when scoring is off).
    """

    round: int
    dealer: int
    first: int
    ended: str
    went_out: int | None
    laid_down: tuple[bool, ...]
    contracts_before: tuple[int, ...]
    contracts_after: tuple[int, ...]
    penalties: tuple[int, ...]
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "dealer": self.dealer,
            "first": self.first,
            "ended": self.ended,
            "went_out": self.went_out,
            "laid_down": list(self.laid_down),
            "contracts_before": list(self.contracts_before),
            "contracts_after": list(self.contracts_after),
            "penalties": list(self.penalties),
            "scores": list(self.scores),
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> RoundRecord:
        where = "history"
        names = [
            "round",
            "dealer",
            "first",
            "ended",
            "went_out",
            "laid_down",
            "contracts_before",
            "contracts_after",
            "penalties",
            "scores",
        ]
        check_fields(data, where, names)
        assert isinstance(data, Mapping)
        if data["ended"] not in ROUND_ENDINGS:
            raise SaveError("bad_history", f"{where}: bad ending {data['ended']!r}")
        went_out = data["went_out"]
        if (went_out is None) != (data["ended"] != "out"):
            raise SaveError("bad_history", f"{where}: went_out disagrees with the ending")
        columns = {}
        for name in names[5:]:
            kind = bool if name == "laid_down" else int
            column = _list_of(data[name], kind, where)
            if len(column) != players:
                raise SaveError("bad_history", f"{where}.{name}: expected {players} values")
            columns[name] = tuple(column)
        rnd = data["round"]
        if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
            raise SaveError("bad_history", f"{where}: bad round number")
        return cls(
            rnd,
            _seat(data["dealer"], players, where),
            _seat(data["first"], players, where),
            data["ended"],
            None if went_out is None else _seat(went_out, players, where),
            **columns,
        )


def _seat(value: Any, players: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise SaveError("bad_field", f"{where}: bad seat {value!r}")
    return value


def _list_of(value: Any, kind: type, where: str) -> list[Any]:
    ok = isinstance(value, list) and all(
        isinstance(v, kind) and (kind is bool or not isinstance(v, bool)) for v in value
    )
    if not ok:
        raise SaveError("bad_field", f"{where}: expected a list of {kind.__name__}")
    return value
