"""The hard 500 Rum player: the normal player, keeping its melds back and looking one turn
further by sampling.

**Keeping melds back.** Every card put on the table opens places for the opponents' lay-offs
(between normal players, about 45 points a hand are laid off on the other player's melds) and
shows what the hand is collecting. While every opponent still holds at least
``keep_while_cards`` cards and the stock at least ``keep_while_stock``, the hard player keeps
its melds and lay-offs in hand and only discards; it puts everything down at once when that
goes out, when it must use a card taken from the pile (that card's meld only), or once an
opponent nears going out or the stock its end. Against the normal player this is worth more
than any sampling (docs/ai-rum500.md).

The normal player scores its own turn well but sees the next player only through averages.
The hard player deals the cards it cannot see again and again, consistently with its view: the
next player keeps the cards it is known to hold (taken from the pile and not played since) and
gets the rest of its hand at random from the unseen cards, redrawn while the hand would hold a
meld (players lay their melds down, so a hand shown a meld is unlikely); the stock is the rest,
in random order. On each such deal it plays out each of its best candidate moves:

- **draws**: the normal player's best few draws (always including the blind draw); a blind
  draw gets the top card of that deal's stock, then the turn is played as the normal player
  would (most points down, best discard);
- **discards**: the normal player's best few discards;

and then the next player's reply, played greedily: the take from the discard pile (or the
blind draw, which gets that deal's next stock card) that puts the most points down, less the
cards it loads into their hand, then everything they can lay down. What the reply puts down
counts against the move; when the reply empties their hand, the cards left in this seat's hand
count against it as well. The same deals serve every candidate, so the comparison is fair.

The move chosen has the best normal score minus the average reply. The work is fixed: ``work``
units per decision, a unit being one dealt game (every candidate's reply played on it), so the
same seed plays the same game on an idle or a loaded machine. ``time_limit`` (processor time,
``time.process_time``) is only a safety net far above the usual decision times: past it, the
deal under way is dropped and sampling stops (with no deal done, the normal choice stands).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from game.engine.base import Move
from game.engine.pieces import Card
from game.engine.rum500 import DrawStock, PassEmptyStock, Rum500View, TakeDiscard

from .codes import POINTS, RELATED, code, has_meld, mask_of
from .evaluate import Evaluator, Spot, Style
from .planner import Plan, best_plan
from .policy import NormalBot


@dataclass
class After:
    """Where one candidate move leaves this seat: hand kept, pile, table, and whether the
    move emptied the hand."""

    kept: list[Card]
    pile: list[Card]
    spots: list[Spot]
    out: bool


class HardBot(NormalBot):
    """See the module docstring."""

    level: ClassVar[str] = "hard"
    style: ClassVar[Style] = replace(NormalBot.style, feed_weight=1.4)
    work: ClassVar[int] = 48
    """Work units per decision: dealt games, every candidate's reply played on each."""
    time_limit: ClassVar[float] = 0.9
    """A safety net only (seconds of processor time per decision): the fixed ``work`` bounds
    the thinking, and takes far less."""
    clock: ClassVar[Callable[[], float]] = staticmethod(time.process_time)
    """What the safety net is measured with: the processor time of this process (a test may
    fix it)."""
    candidates: ClassVar[int] = 4
    """Draws, and discards, weighed by the sampled replies (the normal player's best)."""
    reply_weight: ClassVar[float] = 1.0
    """How much the average cost of the next player's reply counts against a move."""
    junk_weight: ClassVar[float] = 0.5
    """How much a greedy reply minds the pile cards it takes and cannot lay down (per point)."""

    keep_while_cards: ClassVar[int] = 3
    """Melds and lay-offs stay in hand while every opponent holds at least this many cards."""
    keep_while_stock: ClassVar[int] = 4
    """... and while the stock holds at least this many cards (an empty stock can end the hand)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._deadline = 0.0

    def keeps_melds(self, view: Rum500View) -> bool:
        """Keep melds and lay-offs in hand while the opponents are far from going out and the
        stock is not near its end, until they can all go down at once (see the module docstring).
        Not once the discard pile has been turned over as a new stock: two players holding back
        could then go round for ever."""
        if any(event.kind == "reshuffle" for event in view.log):
            return False
        smallest = min(view.hand_sizes[s] for s in range(view.num_players) if s != view.seat)
        return smallest >= self.keep_while_cards and view.stock_count >= self.keep_while_stock

    def choose(self, view: Rum500View) -> Move:
        self._deadline = self.clock() + self.time_limit
        return super().choose(view)

    # ---- drawing --------------------------------------------------------------------------------

    def choose_draw(self, view: Rum500View, moves: list[Move]) -> Move:
        ev = self.evaluator(view)
        scored = sorted(
            ((self.draw_value(view, ev, m), k, m) for k, m in enumerate(moves)),
            key=lambda t: (-t[0], t[1]),
        )
        best = [(v, m) for v, _, m in scored[: self.candidates] if v > -math.inf]
        stock = next(((v, m) for v, _, m in scored if isinstance(m, DrawStock)), None)
        if stock is not None and stock not in best:
            best.append(stock)
        if len(best) <= 1:
            return scored[0][2]
        cache: dict[tuple[int, str], After] = {}

        def after(move: Move, drawn: Card | None) -> After:
            key = (move.index if isinstance(move, TakeDiscard) else -1, drawn.text if drawn else "")
            if key not in cache:
                cache[key] = self._after_draw(view, ev, move, drawn)
            return cache[key]

        costs = self._sample_replies(view, ev, [m for _, m in best], after)
        if costs is None:
            return scored[0][2]
        return max(best, key=lambda vm: vm[0] - self.reply_weight * costs[id(vm[1])])[1]

    def _after_draw(self, view: Rum500View, ev: Evaluator, move: Move, drawn: Card | None) -> After:
        pile = list(view.discard)
        if isinstance(move, PassEmptyStock):
            if not (view.options.reuse_discards and len(pile) >= 2):
                return After([], pile, ev.spots, True)
            return self._after_plan(ev, best_plan([*view.hand, pile[0]], ev.spots), pile[-1:])
        if isinstance(move, TakeDiscard):
            plan = best_plan([*view.hand, *pile[move.index :]], ev.spots, pile[move.index])
            pile = pile[: move.index]
        else:
            hand = [*view.hand, drawn] if drawn is not None else list(view.hand)
            plan = best_plan(hand, ev.spots)
        return self._after_plan(ev, plan, pile)

    def _after_plan(self, ev: Evaluator, plan: Plan, pile: list[Card]) -> After:
        if len(plan.rest) <= 1:
            return After([], [*pile, *plan.rest], plan.spots, True)
        _, discard = ev.best_discard(plan.rest, plan.spots)
        gone = next(c for c in plan.rest if c == discard)  # one card of that face, not its twin too
        kept = [c for c in plan.rest if c is not gone]
        return After(kept, [*pile, discard], plan.spots, False)

    # ---- discarding -------------------------------------------------------------------------------

    def choose_discard(self, view: Rum500View) -> Card:
        ev = self.evaluator(view)
        hand = list(view.hand)
        scored = sorted(
            (
                (ev.hand_value([c for c in hand if c is not d], ev.spots) - ev.feed(d, ev.spots), d)
                for d in hand
            ),
            key=lambda t: (-t[0], -POINTS[code(t[1])]),
        )
        best = [DiscardChoice(d, score) for score, d in scored[: self.candidates]]
        if len(best) <= 1:
            return best[0].card
        pile = list(view.discard)
        afters = {
            id(b): After([c for c in hand if c is not b.card], [*pile, b.card], ev.spots, False) for b in best
        }
        costs = self._sample_replies(view, ev, best, lambda b, _drawn: afters[id(b)], draws=False)
        if costs is None:
            return best[0].card
        return max(best, key=lambda b: b.score - self.reply_weight * costs[id(b)]).card

    # ---- sampling -----------------------------------------------------------------------------------

    def _sample_replies(
        self,
        view: Rum500View,
        ev: Evaluator,
        moves: Sequence[object],
        after: Callable[[Any, Card | None], After],
        draws: bool = True,
    ) -> dict[int, float] | None:
        """The average cost of the next player's reply to each move over sampled deals
        (``None`` when there was no time for one deal)."""
        know = ev.know
        opponent = know.opponents()[0]
        held = sorted(know.held[opponent], key=code)
        unseen = sorted(know.unseen, key=code)
        hidden = min(know.hidden[opponent], len(unseen))
        totals = {id(m): 0.0 for m in moves}
        done = 0
        while done < self.work and self.clock() < self._deadline:
            theirs, stock = self._deal(held, unseen, hidden, min(2, view.stock_count))
            costs = {}
            for m in moves:
                if self.clock() >= self._deadline:
                    break  # an unfinished deal would favour the moves already tried
                mine = draws and isinstance(m, DrawStock)
                drawn = stock[0] if mine and stock else None
                their_draw_at = 1 if mine else 0
                their_draw = stock[their_draw_at] if len(stock) > their_draw_at else None
                state = after(m, drawn)
                costs[id(m)] = 0.0 if state.out else reply_cost(theirs, state, their_draw, self.junk_weight)
            if len(costs) < len(moves):
                break
            for k, cost in costs.items():
                totals[k] += cost
            done += 1
        if not done:
            return None
        return {k: v / done for k, v in totals.items()}

    def _deal(
        self, held: list[Card], unseen: list[Card], hidden: int, drawn: int
    ) -> tuple[list[Card], list[Card]]:
        """The next player's hand and the ``drawn`` top cards of the stock for one sampled deal."""
        for _ in range(12):
            pool = list(unseen)
            self.rng.shuffle(pool)
            hand = held + pool[:hidden]
            if not has_meld(mask_of(hand)):
                break
        return hand, pool[hidden : hidden + drawn]


@dataclass(frozen=True, eq=False)
class DiscardChoice:
    """A candidate discard and its normal score."""

    card: Card
    score: float


def reply_cost(hand: list[Card], state: After, stock_card: Card | None, junk_weight: float) -> float:
    """What the next player's greedy reply costs this seat: the points it puts down (less
    ``junk_weight`` times the points of the pile cards it is left holding), plus this seat's
    hand when the reply goes out."""
    hand_mask = mask_of(hand)
    best = -math.inf
    best_out = False
    fits = _fits(state.spots)
    if stock_card is not None:
        plan = best_plan([*hand, stock_card], state.spots)
        best, best_out = plan.points, len(plan.rest) <= 1
    else:
        plan = best_plan(hand, state.spots)
        best, best_out = plan.points, False
    pile = state.pile
    for j, card in enumerate(pile):
        c = code(card)
        if not (RELATED[c] & hand_mask or fits(card)):
            continue
        taken = pile[j:]
        plan = best_plan([*hand, *taken], state.spots, card)
        if card not in plan.laid:
            continue
        left = {x.text for x in plan.rest}
        junk = sum(POINTS[code(x)] for x in taken if x.text in left)
        value = plan.points - junk_weight * junk
        if value > best:
            best, best_out = value, len(plan.rest) <= 1
    caught = sum(POINTS[code(c)] for c in state.kept) if best_out else 0
    return max(best, 0.0) + caught


def _fits(spots: Sequence[Spot]) -> Callable[[Card], bool]:
    def fits(card: Card) -> bool:
        return any(s.ends_for(card) for s in spots)

    return fits
