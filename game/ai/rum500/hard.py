"""The hard 500 Rum player: the normal player, checking its discards by playing the hand on.

The normal player scores its own turn well but sees the rest of the hand only through
averages. Before each discard, the hard player keeps the normal player's ``candidates`` best
discards (its choice first) and plays each of them on, over sampled deals:

- **deals**: the cards it cannot see are dealt again, consistently with its view: each
  opponent keeps the cards it is known to hold (taken from the pile and not played since) and
  gets the rest of its hand at random from the unseen cards, redealt while a hand would hold a
  meld (players lay their melds down); the stock is the rest, in random order;
- **the playout** (``playout.play_out``): after the discard, every seat, this one included,
  plays the greedy playout policy for ``max_turns`` turns (three each with two players) or
  until the hand ends; the hands left are then valued as the normal player values kept cards
  (``Evaluator.hand_value``), the points put down counted in full;
- **the result** is the chance of winning the game with the totals this leaves
  (``win_chance``): near the end of the game, the race to the target counts, not the points.

The same deals serve every candidate (common random numbers). A candidate replaces the normal
choice only when its average is ahead by more than ``margin`` standard errors of the paired
differences: on a tie or within the noise, the normal discard is thrown. Short playouts keep
those differences steady (a long playout drifts apart from one candidate to the next, and 64
deals could not tell a 20-point difference), and the valuation at the end errs alike for
hands of the same size: that is why draws, which leave hands of different sizes (a pile take
against a blind draw), are not searched (``search_draws``, off): the short playouts favoured
loading the hand from the pile, and the normal draw is kept.

The work is fixed: ``deals`` deals per decision, fewer when the playouts have searched
``plan_budget`` plans (big hands and piles), so the same seed plays the same game on an idle or
a loaded machine. ``budget`` (processor time, ``time.process_time``) is only a safety net far
above the usual decision times: past it, the deal under way is dropped and the search stops
(with no deal done, the normal choice stands).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.engine.base import Move
from game.engine.pieces import Card
from game.engine.rum500 import DrawStock, Rum500View, TakeDiscard

from .codes import POINTS, code, has_meld, mask_of
from .evaluate import Evaluator
from .knowledge import Knowledge
from .planner import Plan, best_plan
from .playout import Deal, play_out
from .policy import NormalBot

HAND_GAIN = 60.0
"""About how far a player's total moves in one hand (for ``win_chance``)."""

HAND_SPREAD = 60.0
"""About how far apart two players' scores of one hand fall (for ``win_chance``)."""


@dataclass
class After:
    """Where one candidate move leaves this seat: hand kept, pile, table, the points it put
    down, and whether the move emptied the hand."""

    kept: list[Card]
    pile: list[Card]
    spots: list
    points: int
    out: bool


class HardBot(NormalBot):
    """See the module docstring."""

    level: ClassVar[str] = "hard"
    budget: ClassVar[float] = 0.9
    """A safety net only (seconds of processor time per decision): the fixed ``deals`` bound
    the work, and they take far less."""
    clock: ClassVar[Callable[[], float]] = staticmethod(time.process_time)
    """What the safety net is measured with: the processor time of this process (a test may
    fix it)."""
    deals: ClassVar[int] = 64
    plan_budget: ClassVar[int] = 1000
    """Plans the playouts of one decision may search: once past it, no new deal is started
    (a bound on the work of decisions with big hands and piles; most decisions stay under)."""
    candidates: ClassVar[int] = 3
    """Discards played out: the normal choice and the next best by the normal evaluation."""
    max_turns: ClassVar[int] = 6
    """Turns a playout plays (three for each of two players) before it values the hands."""
    margin: ClassVar[float] = 1.5
    """Standard errors of the paired difference by which a candidate must beat the normal
    choice to replace it."""
    search_draws: ClassVar[bool] = False
    """Whether draws are searched too (off: see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._deadline = 0.0

    def choose(self, view: Rum500View) -> Move:
        self._deadline = self.clock() + self.budget
        return super().choose(view)

    # ---- drawing --------------------------------------------------------------------------------

    def choose_draw(self, view: Rum500View, moves: list[Move]) -> Move:
        ev = self.evaluator(view)
        scored = sorted(
            ((self.draw_value(view, ev, m), k, m) for k, m in enumerate(moves)),
            key=lambda t: (-t[0], t[1]),
        )
        best = [m for v, _, m in scored[: self.candidates] if v > -math.inf]
        stock = next((m for _, _, m in scored if isinstance(m, DrawStock)), None)
        if stock is not None and stock not in best:
            best.append(stock)
        value = {id(m): v for v, _, m in scored}
        if len(best) <= 1 or view.stock_count == 0 or not self.search_draws:
            return scored[0][2]
        cache: dict[tuple[int, str], After] = {}

        def after(move: Move, drawn: Card | None) -> After:
            key = (move.index if isinstance(move, TakeDiscard) else -1, drawn.text if drawn else "")
            if key not in cache:
                cache[key] = self._after_draw(view, ev, move, drawn)
            return cache[key]

        return best[self._search(view, ev, best, [value[id(m)] for m in best], after, draws=True)]

    def _after_draw(self, view: Rum500View, ev: Evaluator, move: Move, drawn: Card | None) -> After:
        pile = list(view.discard)
        if isinstance(move, TakeDiscard):
            plan = best_plan([*view.hand, *pile[move.index :]], ev.spots, pile[move.index])
            pile = pile[: move.index]
        else:
            hand = [*view.hand, drawn] if drawn is not None else list(view.hand)
            plan = best_plan(hand, ev.spots)
        return self._after_plan(ev, plan, pile)

    def _after_plan(self, ev: Evaluator, plan: Plan, pile: list[Card]) -> After:
        if len(plan.rest) <= 1:
            return After([], [*pile, *plan.rest], plan.spots, plan.points, True)
        _, discard = ev.best_discard(plan.rest, plan.spots)
        gone = next(c for c in plan.rest if c == discard)  # one card of that face, not its twin too
        kept = [c for c in plan.rest if c is not gone]
        return After(kept, [*pile, discard], plan.spots, plan.points, False)

    # ---- discarding -------------------------------------------------------------------------------

    def choose_discard(self, view: Rum500View) -> Card:
        ev = self.evaluator(view)
        hand = list(view.hand)
        first = ev.best_discard(hand, ev.spots)[1]
        first = next(c for c in hand if c == first)
        scored = sorted(
            ((self._discard_score(ev, hand, d), k, d) for k, d in enumerate(hand) if d != first),
            key=lambda t: (-t[0], -POINTS[code(t[2])], t[1]),
        )
        best = [first, *(d for _, _, d in scored[: self.candidates - 1])]
        if len(best) <= 1 or view.stock_count == 0:
            return first
        base = [self._discard_score(ev, hand, d) for d in best]
        pile = list(view.discard)
        afters = {id(d): After([c for c in hand if c is not d], [*pile, d], ev.spots, 0, False) for d in best}
        return best[self._search(view, ev, best, base, lambda d, _drawn: afters[id(d)], draws=False)]

    @staticmethod
    def _discard_score(ev: Evaluator, hand: list[Card], d: Card) -> float:
        """The normal player's score of discarding ``d``: the worth kept less the feed."""
        return ev.hand_value([c for c in hand if c is not d], ev.spots) - ev.feed(d, ev.spots)

    # ---- the search ---------------------------------------------------------------------------------

    def _search(
        self,
        view: Rum500View,
        ev: Evaluator,
        moves: Sequence[object],
        base: Sequence[float],
        after: Callable[[object, Card | None], After],
        draws: bool,
    ) -> int:
        """The index in ``moves`` of the candidate to play: 0, the normal choice, unless the
        playouts put another ahead of it by more than the noise and by more than the normal
        score (``base``, in points) puts it behind."""
        ev_totals = view.totals
        table = view.table_points()
        me = view.seat
        n = view.num_players
        know = ev.know

        def leaf(hand: list[Card], spots: list, fits: int) -> float:
            return ev.hand_value(hand, spots)

        results: list[list[float]] = [[] for _ in moves]
        done = 0
        work = 0
        while done < self.deals and work < self.plan_budget and self.clock() < self._deadline:
            hands, stock = self._deal(view, know)
            row = []
            for m in moves:
                mine = draws and isinstance(m, DrawStock)
                drawn = stock[-1] if mine and stock else None
                state = after(m, drawn)
                hands_now = [list(h) for h in hands]
                hands_now[me] = list(state.kept)
                deal = Deal(
                    hands_now,
                    stock[:-1] if drawn is not None else list(stock),
                    list(state.pile),
                    list(state.spots),
                )
                if state.out:
                    scores = [-float(sum(POINTS[code(c)] for c in h)) for h in hands_now]
                    ended = True
                else:
                    outcome = play_out(deal, (me + 1) % n, self.max_turns, leaf=leaf)
                    scores, ended = outcome.scores, outcome.ended
                    work += outcome.plans
                scores[me] += state.points
                finals = [ev_totals[s] + table[s] + scores[s] for s in range(n)]
                row.append(lead(finals, me, view.options.target, ended))
            if self.clock() >= self._deadline:
                break  # an unfinished deal could favour some moves
            for k, u in enumerate(row):
                results[k].append(u)
            done += 1
        if done < 2:
            return 0
        pick, pick_gain = 0, 0.0
        for k in range(1, len(moves)):
            diffs = [a - b for a, b in zip(results[k], results[0], strict=True)]
            mean = sum(diffs) / done
            var = sum((d - mean) ** 2 for d in diffs) / (done - 1)
            gain = mean + base[k] - base[0]
            if gain > pick_gain and mean > self.margin * math.sqrt(var / done):
                pick, pick_gain = k, gain
        return pick

    def _deal(self, view: Rum500View, know: Knowledge) -> tuple[list[list[Card]], list[Card]]:
        """Every hand (this seat's as it is) and the stock (drawn from the end) for one
        sampled deal."""
        unseen = sorted(know.unseen, key=code)
        order = know.opponents()
        hands: list[list[Card]] = [[] for _ in range(view.num_players)]
        hands[view.seat] = list(view.hand)
        pool: list[Card] = []
        for _ in range(12):
            pool = list(unseen)
            self.rng.shuffle(pool)
            at = 0
            clean = True
            for s in order:
                hidden = min(know.hidden[s], len(pool) - at)
                hands[s] = sorted(know.held[s], key=code) + pool[at : at + hidden]
                at += hidden
                clean = clean and not has_meld(mask_of(hands[s]))
            if clean:
                break
        stock = pool[at:][: view.stock_count]
        return hands, stock


def win_chance(finals: Sequence[float], me: int, target: int, ended: bool) -> float:
    """The chance that seat ``me`` wins the game with these totals after the hand: certain
    either way when the hand ended with a total at the target, else a normal estimate from the
    lead over the best opponent and the hands still to play."""
    mine = finals[me]
    theirs = max(f for s, f in enumerate(finals) if s != me)
    if ended:
        if mine >= target and mine > theirs:
            return 1.0
        if theirs >= target and theirs > mine:
            return 0.0
    hands_left = max(1.0, (target - max(mine, theirs)) / HAND_GAIN)
    z = (mine - theirs) / (HAND_SPREAD * math.sqrt(hands_left))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def lead(finals: Sequence[float], me: int, target: int, ended: bool) -> float:
    """Seat ``me``'s lead over the best opponent after the hand, in points, with the game
    counted when the hand ended on it: ``win_chance`` turned into points (a sure win is worth
    ``HAND_SPREAD`` times 3 more than an even game)."""
    return 6.0 * HAND_SPREAD * (win_chance(finals, me, target, ended) - 0.5)
