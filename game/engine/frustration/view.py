"""What one seat may see of a game of Frustration Rummy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.engine.events import PublicEvent
from game.engine.pieces import Card

from .options import Options
from .records import RoundRecord
from .rules import TableMeld
from .turn import FrustrationRules, Phase


class WholeGame(Protocol):
    """What ``FrustrationView.of`` and the audit read of a whole game (``FrustrationState`` has
    it all; ``_hands``, the hands by seat, is the engine's own)."""

    options: Options
    phase: str
    dealer: int
    first_player: int
    _hands: Sequence[Sequence[Card]]
    stock: Sequence[Card]
    discard: Sequence[Card]
    table: Sequence[TableMeld]
    contracts: Sequence[int]
    down: Sequence[bool]
    pending_wilds: Sequence[Card]
    scores: Sequence[int]
    history: Sequence[RoundRecord]
    log: Sequence[PublicEvent]

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def round_number(self) -> int: ...

    @property
    def winners(self) -> list[int]: ...


@dataclass(frozen=True)
class FrustrationView(FrustrationRules):
    """A redacted snapshot for seat ``seat``: its own hand, the public table (melds with their
    owners; ``TableMeld.stand_ins()`` names what each wild of a run stands for), the whole
    discard pile (face up, top last), the sizes of the other hands and of the stock, contracts,
    who laid down this round, scores, the score sheet (``history``), the options, the phase,
    whose turn it is and the public ``log`` of the round (``PublicEvent``s). Never another hand, the stock's
    order or the random generator.

    ``legal_moves()``, ``why_not(move)``, ``can_lay_down()`` and ``can_meld()`` answer for this
    seat exactly as the state does when it is this seat's turn (nothing otherwise).
    """

    seat: int
    num_players: int
    phase: str
    current_player: int | None
    round_number: int
    dealer: int
    first_player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_count: int
    discard: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    contracts: tuple[int, ...]
    down: tuple[bool, ...]
    pending_wilds: tuple[Card, ...]
    scores: tuple[int, ...]
    history: tuple[RoundRecord, ...]
    log: tuple[PublicEvent, ...]
    winners: tuple[int, ...]
    options: Options

    @classmethod
    def of(cls, state: WholeGame, seat: int) -> FrustrationView:
        """The view of ``state`` for ``seat``."""
        if not isinstance(seat, int) or not 0 <= seat < state.num_players:
            raise ValueError(f"no seat {seat!r}")
        mover = state.current_player == seat
        return cls(
            seat=seat,
            num_players=state.num_players,
            phase=state.phase,
            current_player=state.current_player,
            round_number=state.round_number,
            dealer=state.dealer,
            first_player=state.first_player,
            hand=tuple(state._hands[seat]),
            hand_sizes=tuple(len(h) for h in state._hands),
            stock_count=len(state.stock),
            discard=tuple(state.discard),
            table=tuple(state.table),
            contracts=tuple(state.contracts),
            down=tuple(state.down),
            pending_wilds=tuple(state.pending_wilds) if mover else (),
            scores=tuple(state.scores),
            history=tuple(state.history),
            log=tuple(state.log),
            winners=tuple(state.winners),
            options=state.options,
        )

    def _mover_hand(self) -> Sequence[Card] | None:
        return self.hand if self.current_player == self.seat else None

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    @property
    def my_turn(self) -> bool:
        """True when this seat is to move."""
        return self.current_player == self.seat

    @property
    def contract(self) -> int:
        """This seat's current contract number."""
        return self.contracts[self.seat]

    @property
    def is_down(self) -> bool:
        """True when this seat has laid down its contract this round."""
        return self.down[self.seat]

    @property
    def discard_top(self) -> Card | None:
        """The card a ``DrawDiscard`` would take."""
        return self.discard[-1] if self.discard else None
