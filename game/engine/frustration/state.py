"""The state of a game of Frustration Rummy: deal, turns, round ends, the score sheet."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from game.engine.base import Event, GameState, NextRound, plays, seat_order
from game.engine.events import PublicEvent, record
from game.engine.pieces import Card, index_of, make_cards

from .audit import audit
from .moves import Discard, DrawDiscard, DrawStock, ExtraMeld, LayDown, LayOff, TakeBackWild
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .records import RoundRecord
from .rules import HAND_SIZE, TableMeld, hand_penalty
from .save import GAME_ID, SAVE_VERSION, state_from_json, state_to_json
from .turn import FrustrationRules, Outcome, Phase
from .view import FrustrationView


class FrustrationState(FrustrationRules, GameState):
    """A whole game. Change it only with ``apply``; read it through ``view(player)``.

    Public attributes (read only): ``options``, ``phase`` (``"draw"``, ``"play"``,
    ``"round_over"``, ``"game_over"``), ``dealer``, ``first_player`` (who plays first this
    round), ``stock`` (top = last), ``discard`` (top = last), ``table``
    (``TableMeld`` list), ``contracts`` (per seat, 1-14), ``down`` (laid down this round),
    ``pending_wilds`` (wilds taken back this turn, still in hand), ``scores`` (running totals),
    ``history`` (``RoundRecord`` per finished round), ``log`` (the ``PublicEvent``s of this round).
    A seat's hand: ``hand(seat)``.
    """

    game_id: ClassVar[str] = GAME_ID
    SAVE_VERSION: ClassVar[int] = SAVE_VERSION

    options: Options
    phase: Phase
    dealer: int
    first_player: int
    _hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    table: list[TableMeld]
    contracts: list[int]
    down: list[bool]
    pending_wilds: list[Card]
    scores: list[int]
    history: list[RoundRecord]
    log: list[PublicEvent]

    def __init__(self, players: int, options: Options | None = None, seed: int = 0) -> None:
        """A new game, round 1 dealt: seat ``players - 1`` deals, so seat 0 plays first."""
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Frustration is played by {MIN_PLAYERS} to {MAX_PLAYERS} players")
        self._players = players
        self.options = options if options is not None else Options()
        self._rng = random.Random(seed)
        self.seed = seed
        self._round = 1
        self.dealer = players - 1
        self.first_player = 0
        self.contracts = [1] * players
        self.scores = [0] * players
        self.history = []
        self._winners: list[int] = []
        self._deal()

    # ---------------------------------------------------------------------------------------
    # GameState interface

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s hand (the whole state: never give it to another seat)."""
        return tuple(self._hands[seat])

    def _mover_hand(self) -> Sequence[Card] | None:
        return None if self._current is None else self._hands[self._current]

    def all_cards(self) -> list[Card]:
        """Every physical card of this game, in a fixed order."""
        decks = self.options.deck_count(self._players)
        return make_cards(decks, 2 * decks)

    def view(self, player: int) -> FrustrationView:
        """What seat ``player`` may see (raises ``ValueError`` for a seat not in the game)."""
        return FrustrationView.of(self, player)

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON data (see ``save``)."""
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FrustrationState:
        """A game from ``to_json`` data; raises ``SaveError`` when it is malformed or
        inconsistent."""
        return state_from_json(data, cls)

    # ---------------------------------------------------------------------------------------
    # Playing

    def _deal(self) -> None:
        cards = self.all_cards()
        self._rng.shuffle(cards)
        self._hands = [[] for _ in range(self._players)]
        for _ in range(HAND_SIZE):
            for seat in seat_order(self.first_player, self._players):
                self._hands[seat].append(cards.pop())
        self.stock = cards
        self.discard = [self.stock.pop()]
        self.table = []
        self.down = [False] * self._players
        self.pending_wilds = []
        self.log = []
        self.phase = Phase.DRAW
        self._current: int | None = self.first_player

    @plays(DrawStock)
    def _draw_stock(self, move: DrawStock, plan: None) -> list[Event]:
        return self._draw(self.stock.pop(), "stock")

    @plays(DrawDiscard)
    def _draw_discard(self, move: DrawDiscard, plan: None) -> list[Event]:
        return self._draw(self.discard.pop(), "discard")

    def _draw(self, card: Card, source: str) -> list[Event]:
        p = self._seat()
        self._hands[p].append(card)
        self.phase = Phase.PLAY
        if source == "stock":
            record(self.log, p, "draw", source="stock", target="hand", count=1)
            return [Event("drew", {"player": p, "source": source})]
        record(self.log, p, "draw", (card.text,), source="discard", target="hand", count=1)
        return [Event("drew", {"player": p, "source": source, "card": card.text})]

    @plays(LayDown, LayOff, ExtraMeld, TakeBackWild)
    def _commit(self, move: object, outcome: Outcome) -> list[Event]:
        p = self._seat()
        self._hands[p] = outcome.hand
        self.table = outcome.table
        self.pending_wilds = outcome.pending
        if outcome.laid_down:
            self.down[p] = True
        self.log.append(outcome.entry)
        return [outcome.event]

    @plays(Discard)
    def _discard(self, move: Discard, plan: None) -> list[Event]:
        p = self._seat()
        hand = self._hands[p]
        played = hand.pop(index_of(hand, move.card))
        self.discard.append(played)
        record(self.log, p, "discard", (played.text,), source="hand", target="discard", count=1)
        events = [Event("discarded", {"player": p, "card": played.text})]
        if not hand:
            events.append(Event("went_out", {"player": p}))
            return events + self._end_round("out", p)
        if self.options.everyone_down_ends_round and all(self.down):
            return events + self._end_round("all_down", None)
        return events + self._start_turn((p + 1) % self._players)

    def _start_turn(self, player: int) -> list[Event]:
        """``player`` is to draw; an empty stock is rebuilt from the discard pile but its top,
        and when even that gives no card the round ends with nobody out."""
        self._current = player
        self.phase = Phase.DRAW
        if self.stock:
            return []
        rest, self.discard = self.discard[:-1], self.discard[-1:]
        if not rest:
            return self._end_round("dry", None)
        self._rng.shuffle(rest)
        self.stock = rest
        record(self.log, player, "reshuffle", source="discard", target="stock", count=len(rest))
        return [Event("reshuffled", {"player": player, "stock": len(rest)})]

    def _end_round(self, ended: str, went_out: int | None) -> list[Event]:
        n = self._players
        final = self.options.final_contract
        penalties = tuple(0 if p == went_out else hand_penalty(self._hands[p]) for p in range(n))
        if self.options.scoring:
            self.scores = [s + pen for s, pen in zip(self.scores, penalties, strict=True)]
        before = tuple(self.contracts)
        self._winners = self._round_winners(went_out, penalties)
        self.contracts = [
            c + 1 if d and c < final else c for c, d in zip(self.contracts, self.down, strict=True)
        ]
        record = RoundRecord(
            self._round,
            self.dealer,
            self.first_player,
            ended,
            went_out,
            tuple(self.down),
            before,
            tuple(self.contracts),
            penalties,
            tuple(self.scores),
        )
        self.history.append(record)
        self.pending_wilds = []
        events = [Event("round_over", {"round": self._round, "ended": ended, "went_out": went_out})]
        if self._winners:
            self.phase = Phase.GAME_OVER
            self._current = None
            events.append(Event("game_over", {"winners": list(self._winners)}))
        else:
            self.phase = Phase.ROUND_OVER
            self._current = self.first_player
        return events

    def _round_winners(self, went_out: int | None, penalties: Sequence[int]) -> list[int]:
        final = self.options.final_contract
        if not self.options.final_contract_wins:
            if went_out is not None and self.contracts[went_out] == final:
                return [went_out]
            return []
        finals = [p for p in range(self._players) if self.down[p] and self.contracts[p] == final]
        if not finals:
            return []
        best = min((penalties[p], self.scores[p]) for p in finals)
        return [p for p in finals if (penalties[p], self.scores[p]) == best]

    @plays(NextRound)
    def _next_round(self, move: NextRound, plan: None) -> list[Event]:
        self.dealer = self.first_player
        self.first_player = (self.dealer + 1) % self._players
        self._round += 1
        self._deal()
        return [Event("dealt", {"round": self._round, "dealer": self.dealer, "first": self.first_player})]

    def _seat(self) -> int:
        assert self._current is not None
        return self._current

    def audit(self) -> None:
        """Raise ``InvariantError`` when a card is lost, created or duplicated, a table meld is
        illegal, or hands, phase, turn and records disagree (see ``audit``)."""
        audit(self)


def new_game(players: int | Sequence[Any], options: Options | None = None, seed: int = 0) -> FrustrationState:
    """A new game for ``players`` seats (a count, or a sequence whose length is used), with
    ``options`` (RULES.md defaults) and a ``seed`` that fixes every shuffle."""
    count = players if isinstance(players, int) else len(players)
    return FrustrationState(count, options or Options(), seed)
