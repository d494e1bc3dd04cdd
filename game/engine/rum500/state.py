"""The state of a game of 500 Rum: ``new_game``, ``apply`` and the rest of ``GameState``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from game.engine.base import Event, GameState, NextRound, plays, seat_order
from game.engine.events import PublicEvent, meld_facts, record
from game.engine.pieces import RANK_TEXT, Card, index_of, make_cards, without

from .audit import audit
from .moves import ClaimRummy, Discard, DrawStock, LayOff, Meld, PassClaim, PassEmptyStock, TakeDiscard
from .options import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, Options, decks_for
from .records import ENDED_STOCK_EMPTY, ENDED_WENT_OUT, Record, freeze
from .rules import (
    SET,
    TableMeld,
    hand_points,
    meld_starters,
    table_points,
)
from .save import state_from_json, state_to_json
from .turn import Laying, Phase, Rum500Rules, claim_options
from .view import Rum500View


def new_game(players: int, options: Options | None = None, seed: int = 0) -> Rum500State:
    """A new game of ``players`` (2-6) seats, first hand dealt (seat 0 starts), with one deck
    for 2 to 4 players and two for 5 or 6 (``decks_for``)."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"500 Rum is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    state = Rum500State(players, options or Options(), random.Random(seed), decks_for(players))
    state._deal(dealer=players - 1)
    return state


def _deal_size(players: int) -> int:
    return 13 if players == 2 else 7


class Rum500State(Rum500Rules, GameState):
    """A game of 500 Rum. Create it with ``new_game`` (or ``positions.arranged``); change it only
    with ``apply``."""

    game_id: ClassVar[str] = GAME_ID

    def __init__(self, players: int, options: Options, rng: random.Random, decks: int = 1) -> None:
        """An empty position of ``players`` seats, with ``decks`` 52-card decks."""
        self._n = players
        self._options = options
        self._rng = rng
        self._decks = decks
        self._round = 1
        self._dealer = players - 1
        self._turn = 0
        self._phase = Phase.DRAW
        self._hands: list[list[Card]] = [[] for _ in range(players)]
        self._stock: list[Card] = []
        self._discard: list[Card] = []
        self._table: list[TableMeld] = []
        self._must_use: Card | None = None
        self._claim_queue: list[int] = []
        self._totals = [0] * players
        self._history: list[Record] = []
        self._log: list[PublicEvent] = []
        self._winners: list[int] = []

    def _all_cards(self) -> list[Card]:
        cards = [c for h in self._hands for c in h]
        cards += self._stock + self._discard
        cards += [c for m in self._table for c in m.cards]
        return cards

    def _game_winner(self) -> int | None:
        """The seat that wins now, if any: the highest total among those at or over the
        target, unless two share it (then another hand is played)."""
        reached = [t for t in self._totals if t >= self._options.target]
        if not reached:
            return None
        best = max(reached)
        if self._totals.count(best) > 1:
            return None
        return self._totals.index(best)

    # ---- the GameState interface ------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        if self._phase == Phase.GAME_OVER:
            return None
        if self._phase == Phase.CLAIM:
            return self._claim_queue[0]
        if self._phase == Phase.ROUND_OVER:
            return (self._dealer + 2) % self._n
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._phase == Phase.GAME_OVER

    # ---- read-only access for the UI, the tests and the simulation ---------------------------

    @property
    def options(self) -> Options:
        return self._options

    @property
    def decks(self) -> int:
        """How many 52-card decks this game is played with (1, or 2 with five or six players;
        a game saved before two decks came in keeps one)."""
        return self._decks

    @property
    def phase(self) -> str:
        """``"draw"``, ``"play"``, ``"claim"``, ``"round_over"`` or ``"game_over"``."""
        return self._phase

    @property
    def turn_player(self) -> int:
        """Whose turn it is (during a claim window: the player who discarded)."""
        return self._turn

    @property
    def dealer(self) -> int:
        return self._dealer

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s hand (the full state: never give it to another seat)."""
        return tuple(self._hands[seat])

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom (oldest) first."""
        return tuple(self._discard)

    @property
    def table(self) -> tuple[TableMeld, ...]:
        return tuple(self._table)

    @property
    def must_use(self) -> Card | None:
        """The card taken from the discard pile that must still be used this turn."""
        return self._must_use

    @property
    def claim_queue(self) -> tuple[int, ...]:
        """The seats still to be asked in a claim window (the first is ``current_player``)."""
        return tuple(self._claim_queue)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    @property
    def history(self) -> tuple[Record, ...]:
        """One entry per finished hand: ``hand``, ``dealer``, ``ended`` (``"went_out"`` or
        ``"stock_empty"``), ``went_out`` (seat or ``None``), per-seat lists ``table_points``,
        ``hand_points``, ``scores`` and ``totals`` (running totals after the hand)."""
        return tuple(self._history)

    @property
    def log(self) -> tuple[PublicEvent, ...]:
        """The public log of the current hand (see ``Rum500View.log``)."""
        return tuple(self._log)

    def table_points(self) -> tuple[int, ...]:
        """The points credited to each seat on the table this hand."""
        return table_points(self._table, self._n)

    @property
    def settlement(self) -> list[dict[str, int]]:
        """Once the game is over: for each opponent, ``{"payer", "payee", "amount"}`` where the
        amount is the winner's total minus the opponent's. Empty before."""
        if not self._winners:
            return []
        w = self._winners[0]
        return [
            {"payer": s, "payee": w, "amount": self._totals[w] - self._totals[s]}
            for s in range(self._n)
            if s != w
        ]

    # ---- the plays of the moves (``apply`` checks a move with ``Rum500Rules`` first) ---------

    def _mover_hand(self) -> Sequence[Card] | None:
        seat = self.current_player
        return None if seat is None else self._hands[seat]

    @plays(DrawStock)
    def _draw_stock(self, move: DrawStock, plan: None) -> list[Event]:
        self._hands[self._turn].append(self._stock.pop())
        self._phase = Phase.PLAY
        seat = self._turn
        record(self._log, seat, "draw", source="stock", target="hand", count=1)
        return [self._note("draw_stock", seat=seat)]

    @plays(TakeDiscard)
    def _take_discard(self, move: TakeDiscard, index: int) -> list[Event]:
        taken = self._discard[index:]
        del self._discard[index:]
        self._hands[self._turn].extend(taken)
        self._must_use = taken[0]
        self._phase = Phase.PLAY
        seat, cards = self._turn, [c.text for c in taken]
        detail = (("must_use", cards[0]), ("depth", index))
        record(
            self._log,
            seat,
            "draw",
            tuple(cards),
            source="discard",
            target="hand",
            count=len(cards),
            detail=detail,
        )
        return [self._note("take_discard", seat=seat, index=index, cards=cards, must_use=cards[0])]

    @plays(PassEmptyStock)
    def _pass_empty_stock(self, move: PassEmptyStock, plan: None) -> list[Event]:
        seat = self._turn
        if not self._options.reuse_discards or len(self._discard) < 2:
            record(self._log, seat, "pass", detail=(("empty_stock", True),))
            events = [self._note("pass_empty_stock", seat=seat)]
            return events + self._end_hand(None)
        turned = self._discard[:-1]
        self._discard = self._discard[-1:]
        self._stock = turned[::-1]
        record(self._log, seat, "reshuffle", source="discard", target="stock", count=len(turned))
        events = [self._note("stock_renewed", seat=seat, count=len(turned))]
        self._hands[seat].append(self._stock.pop())
        self._phase = Phase.PLAY
        record(self._log, seat, "draw", source="stock", target="hand", count=1)
        return [*events, self._note("draw_stock", seat=seat)]

    @plays(Meld)
    def _meld(self, move: Meld, plan: Laying) -> list[Event]:
        seat = self._turn
        self._hands[seat], self._table = plan.hand, plan.table
        if self._must_use is not None and index_of(move.cards, self._must_use) >= 0:
            self._must_use = None
        cards, index = [c.text for c in plan.cards], len(plan.table) - 1
        record(self._log, seat, "meld", tuple(cards), (index,), "hand", "table", count=len(cards))
        events = [self._note("meld", seat=seat, meld=index, cards=cards)]
        return events + self._after_laying(seat)

    @plays(LayOff)
    def _lay_off(self, move: LayOff, plan: Laying) -> list[Event]:
        seat = self._turn
        facts = self._meld_facts(move.meld)
        self._hands[seat], self._table = plan.hand, plan.table
        if self._must_use is not None and self._must_use.ident == move.card.ident:
            self._must_use = None
        card = move.card.text
        record(self._log, seat, "lay_off", (card,), (move.meld,), "hand", "table", plan.end, 1, facts)
        events = [self._note("lay_off", seat=seat, meld=move.meld, card=card, end=plan.end)]
        return events + self._after_laying(seat)

    def _meld_facts(self, index: int) -> tuple[tuple[str, Any], ...]:
        """What names table meld ``index`` in an event: who started it, its shape and its rank
        or suit."""
        meld = self._table[index]
        face = RANK_TEXT[meld.cards[0].rank] if meld.kind == SET else meld.suit
        return meld_facts(meld_starters(self._table, self._log)[index], meld.kind, face)

    @plays(Discard)
    def _discard_card(self, move: Discard, plan: None) -> list[Event]:
        seat = self._turn
        self._hands[seat] = without(self._hands[seat], [move.card])
        self._discard.append(move.card)
        card = move.card.text
        record(self._log, seat, "discard", (card,), source="hand", target="discard", count=1)
        events = [self._note("discard", seat=seat, card=card)]
        if not self._hands[seat]:
            return events + self._end_hand(seat)
        return events + self._open_claim_window_or_pass()

    @plays(ClaimRummy)
    def _claim(self, move: ClaimRummy, plan: Laying) -> list[Event]:
        seat = self._claim_queue[0]
        reached = () if move.cards else self._meld_facts(move.meld)
        card = self._discard.pop()
        self._hands[seat], self._table = plan.hand, plan.table
        self._claim_queue = []
        if move.cards:
            detail: dict[str, Any] = {"meld": len(plan.table) - 1, "cards": [c.text for c in plan.cards]}
        else:
            detail = {"meld": move.meld, "end": plan.end}
        texts = tuple(c.text for c in plan.cards)
        melds, facts = (detail["meld"],), (("card", card.text), *reached)
        record(self._log, seat, "claim", texts, melds, "discard", "table", plan.end, len(texts), facts)
        events = [self._note("claim_rummy", seat=seat, card=card.text, **detail)]
        if not plan.hand:
            return events + self._end_hand(seat)
        return events + self._pass_turn()

    @plays(PassClaim)
    def _pass_claim(self, move: PassClaim, plan: None) -> list[Event]:
        self._claim_queue.pop(0)
        if self._claim_queue:
            return []
        return self._pass_turn()

    @plays(NextRound)
    def _next_round(self, move: NextRound, plan: None) -> list[Event]:
        self._round += 1
        self._deal(dealer=(self._dealer + 1) % self._n)
        return [Event("dealt", {"round": self._round, "dealer": self._dealer, "first": self._turn})]

    # ---- turn flow ----------------------------------------------------------------------------

    def _after_laying(self, seat: int) -> list[Event]:
        return self._end_hand(seat) if not self._hands[seat] else []

    def _open_claim_window_or_pass(self) -> list[Event]:
        if self._options.rummy_claims:
            card = self._discard[-1]
            queue = [
                s
                for s in seat_order((self._turn + 1) % self._n, self._n)
                if s != self._turn and claim_options(self._hands[s], self._table, card, self._decks)
            ]
            if queue:
                self._claim_queue = queue
                self._phase = Phase.CLAIM
                return [Event("claim_window", {"card": card.text, "discarder": self._turn})]
        return self._pass_turn()

    def _pass_turn(self) -> list[Event]:
        self._turn = (self._turn + 1) % self._n
        self._phase = Phase.DRAW
        return []

    def _end_hand(self, went_out: int | None) -> list[Event]:
        table_points = list(self.table_points())
        in_hand = [hand_points(h) for h in self._hands]
        scores = [t - h for t, h in zip(table_points, in_hand, strict=True)]
        self._totals = [t + s for t, s in zip(self._totals, scores, strict=True)]
        entry = {
            "hand": self._round,
            "dealer": self._dealer,
            "ended": ENDED_WENT_OUT if went_out is not None else ENDED_STOCK_EMPTY,
            "went_out": went_out,
            "table_points": table_points,
            "hand_points": in_hand,
            "scores": scores,
            "totals": list(self._totals),
        }
        frozen = freeze(entry)
        self._history.append(frozen)
        self._must_use = None
        self._claim_queue = []
        events = [Event("round_over", frozen)]
        winner = self._game_winner()
        if winner is None:
            self._phase = Phase.ROUND_OVER
            return events
        self._winners = [winner]
        self._phase = Phase.GAME_OVER
        events.append(Event("game_over", {"winners": [winner], "settlement": self.settlement}))
        return events

    def _deal(self, dealer: int) -> None:
        deck = make_cards(self._decks, 0)
        self._rng.shuffle(deck)
        self._dealer = dealer
        self._hands = [[] for _ in range(self._n)]
        order = seat_order((dealer + 1) % self._n, self._n)
        for _ in range(_deal_size(self._n)):
            for seat in order:
                self._hands[seat].append(deck.pop())
        self._discard = [deck.pop()]
        self._stock = deck
        self._table = []
        self._must_use = None
        self._claim_queue = []
        self._turn = order[0]
        self._phase = Phase.DRAW
        self._log = []
        record(self._log, dealer, "deal", (self._discard[0].text,), target="discard")

    def _note(self, action: str, **data: Any) -> Event:
        """The event announcing an action (its public event is in the hand's log)."""
        return Event(action, freeze({"action": action, **data}))

    # ---- views ----------------------------------------------------------------------------------

    def view(self, player: int) -> Rum500View:
        if not 0 <= player < self._n:
            raise ValueError(f"no seat {player}")
        in_claim = self._phase == Phase.CLAIM
        return Rum500View(
            seat=player,
            num_players=self._n,
            options=self._options,
            phase=self._phase,
            current_player=self.current_player,
            turn_player=self._turn,
            dealer=self._dealer,
            round_number=self._round,
            hand=tuple(self._hands[player]),
            hand_sizes=tuple(len(h) for h in self._hands),
            stock_count=len(self._stock),
            discard=tuple(self._discard),
            table=tuple(self._table),
            must_use=self._must_use,
            claim_card=self._discard[-1] if in_claim else None,
            claim_from=self._turn if in_claim else None,
            totals=tuple(self._totals),
            history=tuple(self._history),
            log=tuple(self._log),
            winners=tuple(self._winners),
            decks=self._decks,
            settlement=tuple(freeze(s) for s in self.settlement),
        )

    # ---- save and audit --------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rum500State:
        return state_from_json(data, cls)

    def audit(self) -> None:
        audit(self)
