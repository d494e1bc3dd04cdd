"""The hard player: the normal policy, looking further where it matters, within a time budget.

- **Discards before laying down.** The cards whose loss keeps the contract distance lowest are
  scored by the chance the next draw helps (outs weighted by the unseen cards) against the
  chance the card helps the next player. That chance is measured, not guessed: the next
  player's hand is dealt again and again from the cards this seat cannot see (keeping the
  cards that player is known to hold: those taken from the discard pile and not played since),
  and each candidate is tried on each dealt hand (does it bring their contract one card
  closer?).
- **Discards once down (the race to go out).** For each card that could be discarded, every
  card the stock may give next turn is tried with the planner: the expected number of cards
  still in hand after next turn (going out counts as none) decides.
- **Laying down.** Among the ways to lay the contract that leave the fewest cards, the one whose
  rest plays out best next turn (the same look-ahead) wins.

Every search stops at the deadline (``budget`` seconds after the decision started, measured
in processor time, ``time.process_time``) and falls back on the normal policy's answer for what it had no
time to look at.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar

from game.engine.base import Move
from game.engine.frustration import FrustrationView, TableMeld, is_wild
from game.engine.pieces import Card

from .contracts import (
    FACES,
    WILD,
    Counts,
    Melds,
    counts_distance,
    face_card,
    face_of,
    lay_downs,
    within,
)
from .knowledge import Knowledge, read
from .policy import PolicyBot, Style, _as_table_meld, _one_per_face
from .tableplay import TablePlan, fits_table, play_out


class HardBot(PolicyBot):
    """See the module docstring. ``budget`` (seconds per decision) and ``samples`` (dealt
    hands of the next player per decision) bound the thinking."""

    level: ClassVar[str] = "hard"
    style: ClassVar[Style] = Style(danger_weight=0.4)
    budget: ClassVar[float] = 0.15
    clock: ClassVar[Callable[[], float]] = staticmethod(time.process_time)
    """What the budget is measured with: the processor time of this process, so that the
    player thinks as much on a busy machine as on an idle one (a test may fix it)."""
    samples: ClassVar[int] = 40

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._deadline = 0.0

    def choose(self, view: FrustrationView) -> Move:
        self._deadline = self.clock() + self.budget
        return super().choose(view)

    def _time_left(self) -> bool:
        return self.clock() < self._deadline

    # ---------------------------------------------------------------------------------------
    # Before laying down

    def next_player_gains(
        self, view: FrustrationView, know: Knowledge, cards: Sequence[Card]
    ) -> dict[str, float]:
        """Measured on dealt hands: the chance that each card would help the next player (a
        lay-off once they are down, one card closer to their contract before)."""
        nxt = (view.seat + 1) % view.num_players
        if view.down[nxt] or len(cards) < 2:
            return super().next_player_gains(view, know, cards)
        faces = sorted({face_of(c) for c in cards if not is_wild(c)})
        hits = Counter[int]()
        dealt = 0
        number = view.contracts[nxt]
        for counts in self._deal_next_hands(view, know, nxt):
            d = counts_distance(counts, number)
            if d > 0:
                for f in faces:
                    counts.add(f)
                    if within(counts, number, d - 1):
                        hits[f] += 1
                    counts.add(f, -1)
            dealt += 1
            if dealt >= self.samples or not self._time_left():
                break
        if dealt < 8:  # no time: the normal policy's reading
            return super().next_player_gains(view, know, cards)
        return {c.ident: 1.0 if is_wild(c) else hits[face_of(c)] / dealt for c in cards}

    def _deal_next_hands(self, view: FrustrationView, know: Knowledge, seat: int) -> Iterator[Counts]:
        """Endless hands for ``seat`` dealt from the unseen cards, each holding the faces that
        seat is known to hold."""
        known = know.held[seat]
        pool: list[int] = []
        taken = Counter[int]()
        for p, held in enumerate(know.held):
            if p != view.seat:
                taken.update(held)
        for face, count in know.unseen.items():
            pool.extend([face] * max(0, count - taken[face]))
        size = view.hand_sizes[seat] - sum(known.values())
        size = max(0, min(size, len(pool)))
        while True:
            counts = Counts([0] * 64, 0)
            for face, count in known.items():
                counts.add(face, count)
            for face in self.rng.sample(pool, size):
                counts.add(face)
            yield counts

    # ---------------------------------------------------------------------------------------
    # Once down

    def discard_down(self, view: FrustrationView, know: Knowledge, plan: TablePlan) -> Card:
        hand = plan.hand
        if len(hand) == 1:
            return hand[0]
        options = _one_per_face(hand)
        risks = self.discard_risks(view, know, list(options.values()))
        scores: dict[int, float] = {}
        for face, card in options.items():
            if not self._time_left():
                return super().discard_down(view, know, plan)
            rest = [c for c in hand if c.ident != card.ident]
            scores[face] = self.expected_left(view, know, rest, plan.table) + risks[card.ident]
            if is_wild(card):
                scores[face] += 0.5  # keep wilds: they find room as soon as a meld gains naturals
        return options[min(scores, key=scores.__getitem__)]

    def expected_left(
        self, view: FrustrationView, know: Knowledge, hand: list[Card], table: Sequence[TableMeld]
    ) -> float:
        """Cards expected in ``hand`` after the next turn (draw from the stock, play out,
        discard; none when that goes out), over what the stock may give."""
        total = know.drawable_total
        stay = len(hand)
        value = 0.0
        seen = 0
        for face in (*FACES, WILD):
            count = know.drawable[face]
            if not count:
                continue
            seen += count
            card = face_card(face)
            if not (is_wild(card) or fits_table(card, table) or _related(card, hand)):
                value += count * stay
                continue
            left = play_out([*hand, card], table, view.seat, view.options).left
            value += count * (left - 1)
        value += (total - seen) * stay
        return value / total

    # ---------------------------------------------------------------------------------------
    # Laying down

    def lay_down(self, view: FrustrationView) -> Melds | None:
        if not view.can_lay_down():
            return None
        choices = lay_downs(view.hand, view.contract, view.options, keep=1)
        if not choices:
            return None
        base = self._lay_down_score(view)
        scored = sorted(((base(m, _rest(view.hand, m)), i) for i, m in enumerate(choices)))
        fewest = scored[0][0][0]
        know = read(view)
        best, best_value = choices[scored[0][1]], None
        for (left, *_), i in scored[:8]:
            if left != fewest or not self._time_left():
                break
            melds = choices[i]
            table = [*view.table, *(_as_table_meld(view.seat, m) for m in melds)]
            plan = play_out(_rest(view.hand, melds), table, view.seat, view.options)
            if plan.left <= 1:
                return melds
            value = min(
                self.expected_left(view, know, [c for c in plan.hand if c.ident != x.ident], plan.table)
                for x in plan.hand
            )
            if best_value is None or value < best_value:
                best, best_value = melds, value
        return best


def _rest(hand: Sequence[Card], melds: Melds) -> list[Card]:
    laid = {c.ident for m in melds for c in m}
    return [c for c in hand if c.ident not in laid]


def _related(card: Card, hand: Sequence[Card]) -> bool:
    """Whether ``card`` could make a meld with cards of ``hand`` (same rank, or same suit and
    close enough for a run, the ace counting low and high)."""
    values = (1, 14) if card.rank == 1 else (card.rank,)
    for other in hand:
        if is_wild(other) or other.rank == card.rank:
            return True
        if other.suit == card.suit:
            others = (1, 14) if other.rank == 1 else (other.rank,)
            if any(abs(a - b) <= 2 for a in values for b in others):
                return True
    return False
