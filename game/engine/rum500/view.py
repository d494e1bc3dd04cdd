"""What one seat may see of a game of 500 Rum."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.events import PublicEvent
from game.engine.pieces import Card

from .options import Options
from .records import Record
from .rules import TableMeld, table_points
from .turn import Phase, Rum500Rules


@dataclass(frozen=True)
class Rum500View(Rum500Rules):
    """What seat ``seat`` may see. ``discard`` is the whole pile, bottom (oldest) first;
    ``table`` the melds in the order they were laid (their index is the ``meld`` of a lay-off);
    ``must_use`` the card taken from the pile that must still be used (public: all saw it
    taken); ``claim_card``/``claim_from`` the card offered and its discarder in a claim window.

    ``log`` is the public log of the hand, ``PublicEvent``s (docs/events.md): ``deal`` (seat =
    dealer, the card turned up), ``draw`` (from the stock, hidden; or from the discard pile:
    every card taken, ``must_use`` and ``depth`` in the detail), ``pass`` (an empty stock),
    ``reshuffle`` (the pile turned into the stock, ``count``), ``meld``, ``lay_off``,
    ``discard``, ``claim`` (the card or the meld it made, the meld's index). ``history`` holds one
    entry per finished hand (see ``Rum500State.history``); ``settlement`` the payments once the
    game is over; ``decks`` the number of 52-card decks in play (1, or 2 with five or six
    players: then twin cards exist and sets reach 8 cards)."""

    seat: int
    num_players: int
    options: Options
    phase: str
    current_player: int | None
    turn_player: int
    dealer: int
    round_number: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_count: int
    discard: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    must_use: Card | None
    claim_card: Card | None
    claim_from: int | None
    totals: tuple[int, ...]
    history: tuple[Record, ...]
    log: tuple[PublicEvent, ...]
    winners: tuple[int, ...]
    settlement: tuple[Record, ...] = field(default=())
    decks: int = 1

    def _mover_hand(self) -> tuple[Card, ...] | None:
        return self.hand if self.current_player == self.seat else None

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def table_points(self) -> tuple[int, ...]:
        """The points credited to each seat on the table this hand."""
        return table_points(self.table, self.num_players)
