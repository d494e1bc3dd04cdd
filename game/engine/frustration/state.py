"""The state of a game of Frustration Rummy: deal, turns, round ends, the score sheet."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from game.engine.base import Event, GameState, NextRound, plays, seat_order
from game.engine.errors import IllegalMove, InvariantError, SaveError
from game.engine.pieces import Card, index_of, make_cards

from .moves import MOVE_CLASSES, Discard, DrawDiscard, DrawStock, ExtraMeld, LayDown, LayOff, TakeBackWild
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .placing import finishing_problem
from .records import LogEntry, RoundRecord
from .rules import TableMeld, hand_penalty, is_wild, read_meld
from .save import GAME_ID, SAVE_VERSION, SavedGame
from .turn import FrustrationRules, Outcome, Phase
from .view import FrustrationView

HAND_SIZE = 13


class FrustrationState(FrustrationRules, GameState):
    """A whole game. Change it only with ``apply``; read it through ``view(player)``.

    Public attributes (read only): ``options``, ``phase`` (``"draw"``, ``"play"``,
    ``"round_over"``, ``"game_over"``), ``dealer``, ``first_player`` (who plays first this
    round), ``hands`` (per seat), ``stock`` (top = last), ``discard`` (top = last), ``table``
    (``TableMeld`` list), ``contracts`` (per seat, 1-14), ``down`` (laid down this round),
    ``pending_wilds`` (wilds taken back this turn, still in hand), ``scores`` (running totals),
    ``history`` (``RoundRecord`` per finished round), ``log`` (``LogEntry`` of this round).
    """

    game_id: ClassVar[str] = GAME_ID
    move_classes = MOVE_CLASSES
    SAVE_VERSION: ClassVar[int] = SAVE_VERSION

    options: Options
    phase: Phase
    dealer: int
    first_player: int
    hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    table: list[TableMeld]
    contracts: list[int]
    down: list[bool]
    pending_wilds: list[Card]
    scores: list[int]
    history: list[RoundRecord]
    log: list[LogEntry]

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
        return tuple(self.hands[seat])

    def _mover_hand(self) -> Sequence[Card] | None:
        return None if self._current is None else self.hands[self._current]

    def all_cards(self) -> list[Card]:
        """Every physical card of this game, in a fixed order."""
        decks = self.options.deck_count(self._players)
        return make_cards(decks, 2 * decks)

    def view(self, player: int) -> FrustrationView:
        """What seat ``player`` may see (raises ``ValueError`` for a seat not in the game)."""
        return FrustrationView.of(self, player)

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON data (see ``save``)."""
        return SavedGame(
            options=self.options,
            players=self._players,
            seed=self.seed,
            round=self._round,
            dealer=self.dealer,
            first=self.first_player,
            phase=self.phase,
            current=self._current,
            hands=self.hands,
            stock=self.stock,
            discard=self.discard,
            table=self.table,
            contracts=self.contracts,
            down=self.down,
            pending_wilds=self.pending_wilds,
            scores=self.scores,
            winners=self._winners,
            history=self.history,
            log=self.log,
            rng=self._rng,
        ).to_json()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FrustrationState:
        """A game from ``to_json`` data; raises ``SaveError`` when it is malformed or
        inconsistent."""
        saved = SavedGame.from_json(data)
        state = cls.__new__(cls)
        state._players = saved.players
        state.options = saved.options
        state.seed = saved.seed
        state._round = saved.round
        state.dealer = saved.dealer
        state.first_player = saved.first
        state.phase = saved.phase
        state._current = saved.current
        state.hands = saved.hands
        state.stock = saved.stock
        state.discard = saved.discard
        state.table = saved.table
        state.contracts = saved.contracts
        state.down = saved.down
        state.pending_wilds = saved.pending_wilds
        state.scores = saved.scores
        state._winners = saved.winners
        state.history = saved.history
        state.log = saved.log
        state._rng = saved.rng
        problem = state.consistency_problem()
        if problem:
            raise SaveError("inconsistent", f"saved game: {problem}")
        return state

    # ---------------------------------------------------------------------------------------
    # Playing

    def _deal(self) -> None:
        cards = self.all_cards()
        self._rng.shuffle(cards)
        self.hands = [[] for _ in range(self._players)]
        for _ in range(HAND_SIZE):
            for seat in seat_order(self.first_player, self._players):
                self.hands[seat].append(cards.pop())
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
        self.hands[p].append(card)
        self.phase = Phase.PLAY
        if source == "stock":
            self.log.append(LogEntry("draw_stock", p))
            return [Event("drew", {"player": p, "source": source})]
        self.log.append(LogEntry("draw_discard", p, (card.text,)))
        return [Event("drew", {"player": p, "source": source, "card": card.text})]

    @plays(LayDown, LayOff, ExtraMeld, TakeBackWild)
    def _commit(self, move: object, outcome: Outcome) -> list[Event]:
        p = self._seat()
        self.hands[p] = outcome.hand
        self.table = outcome.table
        self.pending_wilds = outcome.pending
        if outcome.laid_down:
            self.down[p] = True
        self.log.append(outcome.entry)
        return [outcome.event]

    @plays(Discard)
    def _discard(self, move: Discard, plan: None) -> list[Event]:
        p = self._seat()
        hand = self.hands[p]
        played = hand.pop(index_of(hand, move.card))
        self.discard.append(played)
        self.log.append(LogEntry("discard", p, (played.text,)))
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
        self.log.append(LogEntry("reshuffle", player))
        return [Event("reshuffled", {"player": player, "stock": len(rest)})]

    def _end_round(self, ended: str, went_out: int | None) -> list[Event]:
        n = self._players
        final = self.options.final_contract
        penalties = tuple(0 if p == went_out else hand_penalty(self.hands[p]) for p in range(n))
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

    # ---------------------------------------------------------------------------------------
    # Invariants

    def audit(self) -> None:
        """Raise ``InvariantError`` when a card is lost, created or duplicated, a table meld is
        illegal, or hands, phase, turn and records disagree."""
        problem = self.consistency_problem()
        if problem:
            raise InvariantError(problem)

    def consistency_problem(self) -> str | None:
        """What is inconsistent in this state (see ``audit``), or ``None``."""
        return (
            self._card_problem()
            or self._table_problem()
            or self._phase_problem()
            or self._hand_problem()
            or self._record_problem()
        )

    def _card_problem(self) -> str | None:
        found = [c for h in self.hands for c in h] + self.stock + self.discard
        found += [c for m in self.table for c in m.cards]
        want = _card_keys(self.options.deck_count(self._players))
        try:
            keys = {(c.rank, c.suit, c.copy) for c in found}
        except AttributeError:
            return "a piece is not a card"
        if len(found) == len(want) and keys == want:
            return None
        if any(not isinstance(c, Card) for c in found):
            return "a piece is not a card"
        seen: set[tuple[int, str, int]] = set()
        for c in found:
            key = (c.rank, c.suit, c.copy)
            if key in seen:
                return f"{c.ident} appears twice"
            if key not in want:
                return f"{c.ident} is not part of this game"
            seen.add(key)
        missing = sorted(Card(*key).ident for key in want - seen)
        return f"{', '.join(missing[:5])} missing"

    def _table_problem(self) -> str | None:
        owners = set()
        for i, meld in enumerate(self.table):
            reading = _reading(meld.kind, meld.cards)
            if isinstance(reading, str):
                return f"table meld {i} is illegal: {reading}"
            if reading != (meld.low, meld.suit):
                return f"table meld {i} has wrong low/suit {meld.low}/{meld.suit}"
            if not 0 <= meld.owner < self._players:
                return f"table meld {i} has no owner"
            owners.add(meld.owner)
        for p in range(self._players):
            if self.down[p] != (p in owners):
                return f"seat {p}: laid down flag disagrees with the table"
        return None

    def _phase_problem(self) -> str | None:
        n = self._players
        if self.phase not in tuple(Phase):
            return f"unknown phase {self.phase!r}"
        if self.first_player != (self.dealer + 1) % n:
            return "first player is not left of the dealer"
        if (self.phase == Phase.GAME_OVER) != (self._current is None):
            return "current player and game over disagree"
        if (self.phase == Phase.GAME_OVER) != bool(self._winners):
            return "winners and game over disagree"
        if self._current is not None and not 0 <= self._current < n:
            return "bad current player"
        if self.phase == Phase.ROUND_OVER and self._current != self.first_player:
            return "between rounds the next dealer is to move"
        if self.pending_wilds and self.phase != Phase.PLAY:
            return "wilds pending outside the play phase"
        if self.phase == Phase.DRAW and (not self.stock or not self.discard):
            return "a player is to draw with an empty stock or discard pile"
        if not all(1 <= c <= self.options.final_contract for c in self.contracts):
            return "contract out of range"
        return None

    def _hand_problem(self) -> str | None:
        for p, hand in enumerate(self.hands):
            if not self.down[p]:
                want = HAND_SIZE + (1 if self.phase == Phase.PLAY and p == self._current else 0)
                if len(hand) != want:
                    return f"seat {p} has {len(hand)} cards without laying down"
            elif self.phase in (Phase.DRAW, Phase.PLAY) and not hand:
                return f"seat {p} has no card during the round"
        if self.phase == Phase.PLAY:
            hand = self.hands[self._seat()]
            if self.pending_wilds:
                held = {c.ident for c in hand}
                if any(c.ident not in held or not is_wild(c) for c in self.pending_wilds):
                    return "a pending wild is not a wild in the mover's hand"
            problem = finishing_problem(hand, self.pending_wilds, self.table, self.options.extra_run_min)
            if problem:
                return f"the turn cannot be finished: {problem}"
        return None

    def _record_problem(self) -> str | None:
        finished = 1 if self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) else 0
        if len(self.history) != self._round - 1 + finished:
            return "score sheet and round number disagree"
        if len(self.scores) != self._players or len(self.contracts) != self._players:
            return "scores or contracts have the wrong length"
        if self.history and tuple(self.scores) != self.history[-1].scores:
            return "running scores disagree with the score sheet"
        return None


@functools.lru_cache(maxsize=4096)
def _reading(kind: str, cards: tuple[Card, ...]) -> tuple[int, str] | str:
    """``read_meld`` of a table meld, or the code that makes it illegal (cached: the audit
    reads the same melds after every move; the reading depends on faces only)."""
    try:
        return read_meld(cards, kind)
    except IllegalMove as exc:
        return exc.code


@functools.cache
def _card_keys(decks: int) -> frozenset[tuple[int, str, int]]:
    """(rank, suit, copy) of every card of a game with ``decks`` decks: a cheap physical id."""
    return frozenset((c.rank, c.suit, c.copy) for c in make_cards(decks, 2 * decks))


def new_game(players: int | Sequence[Any], options: Options | None = None, seed: int = 0) -> FrustrationState:
    """A new game for ``players`` seats (a count, or a sequence whose length is used), with
    ``options`` (RULES.md defaults) and a ``seed`` that fixes every shuffle."""
    count = players if isinstance(players, int) else len(players)
    return FrustrationState(count, options or Options(), seed)
