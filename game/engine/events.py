"""One public event shape for the three games: ``PublicEvent``, read from each engine's public
log by its ``events.py`` adapter (the saved logs keep their own shapes, so saves stay as they
are). ``game.engine.games.public_events(view)`` gives the events of the round a view can see,
oldest first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS: tuple[str, ...] = (
    "deal",
    "draw",
    "meld",
    "lay_off",
    "swap_wild",
    "play",
    "discard",
    "exchange",
    "pass",
    "timeout",
    "reshuffle",
    "claim",
    "round_over",
)
"""Every ``PublicEvent.kind``. ``draw``: ``source`` is ``"stock"``, ``"discard"`` or
``"pool"``; ``pieces`` the pieces taken when they are public (a card from the discard pile),
else empty, and ``count`` how many. ``meld``: new melds laid from the hand (``melds`` their
table indices). ``lay_off``: ``pieces`` added to the meld ``melds[0]`` at ``end``.
``swap_wild``: ``pieces`` = (natural put in, wild taken), ``melds[0]`` the meld. ``play``: tiles
laid from the rack onto the table (the table may also have been rearranged). ``discard``: the
piece (empty for a tile, which is hidden). ``exchange``: a tile to the pool and one back
(hidden). ``reshuffle``: the discard pile turned into the stock (``count`` cards). ``claim``: a
player called rummy on a discard (``pieces`` the card, ``melds`` where it went). ``round_over``:
the round ended."""


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One public action of a round, in the same shape for every game.

    ``index`` is the entry's position in the engine's log (stable across saves: the log is
    saved), ``seat`` who acted (``None`` for the round's own events), ``pieces`` notation texts,
    ``melds`` table meld indices, ``source``/``target`` where pieces came from and went
    (``"stock"``, ``"discard"``, ``"pool"``, ``"hand"``, ``"table"``), ``end`` the end of a run
    (``"low"``/``"high"``) when it matters, ``count`` how many pieces when they are hidden, and
    ``detail`` the game's own extra facts (a tile opening, a timeout's penalty...)."""

    index: int
    seat: int | None
    kind: str
    pieces: tuple[str, ...] = ()
    melds: tuple[int, ...] = ()
    source: str | None = None
    target: str | None = None
    end: str | None = None
    count: int = 0
    detail: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        """A value of ``detail`` by name."""
        return dict(self.detail).get(key, default)

    @property
    def is_turn_action(self) -> bool:
        """True for a player's own action (not a deal, reshuffle or round end)."""
        return self.seat is not None and self.kind not in ("deal", "reshuffle", "round_over")

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (for the bot protocol and tests)."""
        return {
            "index": self.index,
            "seat": self.seat,
            "kind": self.kind,
            "pieces": list(self.pieces),
            "melds": list(self.melds),
            "source": self.source,
            "target": self.target,
            "end": self.end,
            "count": self.count,
            "detail": dict(self.detail),
        }
