"""The hard player: the normal policy, and the round played out before each discard.

- **Discards and laying down: the round played out.** The few best discards by the
  heuristics below (and, when the contract can be laid down, laying it down against holding it
  one more turn) are each tried on hands dealt consistent with the view (``rollout``: the other
  hands hold the cards they are known to have taken from the discard pile, the rest is dealt
  from the unseen cards, the stock shuffled), the round then played to its end by the normal
  policy for every seat. Each end is worth the chance to win the game from the contracts it
  leaves (1 or 0 when it ends the game); the option with the best mean wins. The same dealt
  games serve every option (common random numbers), and the work is bounded: ``work`` units
  per decision, a unit being a move played out (and ``deals`` dealt rounds at most), so that a
  seed gives the same game whatever the machine's load.
- **Ranking the discards before laying down.** The cards whose loss keeps the contract distance
  lowest are scored by the chance the next draw helps (outs weighted by the unseen cards)
  against the chance the card helps the next player. That chance is measured, not guessed: the
  next player's hand is dealt ``next_hands`` times from the cards this seat cannot see (keeping the
  cards that player is known to hold), and each candidate is tried on each dealt hand (does it
  bring their contract one card closer?).
- **Never hand the last card.** When the next player is down with one card left (or two), a
  discard that fits the table, or a wild, would let them go out at once: it gets the large extra
  risk ``guard`` (half of it with two cards), so the safe cards are among those played out.
- **Ranking the discards once down (the race to go out).** For each card that could be
  discarded, every card the stock may give next turn is tried with the planner: the expected
  number of cards still in hand after next turn (going out counts as none) ranks them.
- **Laying down.** Among the ways to lay the contract that leave the fewest cards, the one whose
  rest plays out best next turn (the same look-ahead) wins.
- **A contract that advances nothing is laid down only to go out** (``Style.hold_until_out``).
  The final contract, laid down, moves no one on: only going out wins. Nor does any contract
  while every other seat is on the final one: the round moves hard on only if it goes out first
  (if another seat goes out, the game is over). So hard keeps it in hand, discarding, until
  the turn in which laying it down and playing out the rest goes out, and gives the others no
  melds to lay off on as they go out. Not with the ``final_contract_wins`` option, where laying
  the final contract down ends the game.
- **The race** (``racing``). While it holds its contract so and nobody is down, the round is a
  race to meld the whole hand at once, and hard plays it by measure, not by playouts: among
  the discards that keep the contract distance lowest, while the contract is not in hand the
  heuristic ranking below; once it is, the discard leaving the fewest cards after laying it
  down and playing out, then the fewest expected after next turn's draw (then the heuristic
  ranking). The playouts weighed the race's few candidates on a handful of dealt
  rounds (the deals are long when nobody lays down) and did worse than this measure (issue 37,
  docs/ai-frustration.md).
- **The playouts' players hold their contract the same way** (``Holder``): every seat of a
  playout is played by the normal policy keeping the contract in hand until it goes out when
  laying it down would advance nothing, as hard does (strong players hold the final contract).

No search looks at the clock: the same view and seed always give the same move.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar

from game.engine.base import Move
from game.engine.frustration import (
    Discard,
    FrustrationView,
    LayDown,
    TableMeld,
    is_wild,
)
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
from .policy import PolicyBot, Style, _one_per_face, plan_after_lay_down, rest_of
from .rollout import deal_hidden, play_round, round_value
from .tableplay import TablePlan, fits_table, play_out


class HardBot(PolicyBot):
    """See the module docstring. ``work`` (moves played out), ``deals`` (rounds dealt) and
    ``next_hands`` (hands of the next player dealt) bound the thinking of one decision."""

    level: ClassVar[str] = "hard"
    style: ClassVar[Style] = Style(danger_weight=0.4, hold_until_out=True)
    work: ClassVar[int] = 600
    """Work units per decision: moves played out at most (the deal in progress is finished),
    so long rounds get fewer deals."""
    deals: ClassVar[int] = 40
    """Rounds dealt and played out per decision at most (shared by the options weighed); 0: no
    look-ahead."""
    next_hands: ClassVar[int] = 40
    """Hands of the next player dealt per decision, to measure what each discard gives them."""
    candidates: ClassVar[int] = 3
    """Discards weighed by playing the round out (the best ranked by the heuristics)."""
    race_ties: ClassVar[int] = 4
    """Discards leaving the fewest cards weighed by the expected count after the next draw
    (the best ranked by the heuristics)."""
    race_lay_downs: ClassVar[int] = 12
    """Ways to lay the contract weighed for each card the stock may give, in the race's
    expected count (a contract of few cards, held with many others, has dozens)."""
    guard: ClassVar[float] = 2.0
    """Extra risk of a discard that lets the next player go out at once (they are down with one
    card left and it fits the table, or a wild); half of it with two cards left."""

    # ---------------------------------------------------------------------------------------
    # Playing the round out

    def weigh(self, view: FrustrationView, know: Knowledge, options: Sequence[Sequence[Move]]) -> int:
        """The index of the best of ``options`` (each a sequence of moves to play now) by the
        mean value of the round played out after it with the normal policy on dealt hands
        (the first, the heuristic's choice, on a tie)."""
        if len(options) < 2 or self.deals <= 0:
            return 0
        values: list[list[float]] = [[] for _ in options]
        played = 0
        for _ in range(max(1, self.deals // len(options))):
            seed = self.rng.random()
            for i, moves in enumerate(options):
                state = deal_hidden(view, know, random.Random(seed))
                for move in moves:
                    state.apply(move)
                bots = [Holder(0) for _ in range(view.num_players)]
                played += play_round(state, bots)
                values[i].append(round_value(state, view.seat))
            if played >= self.work:
                break
        return max(range(len(options)), key=lambda i: (sum(values[i]), -i))

    def play_not_down(self, view: FrustrationView, know: Knowledge) -> Move:
        """Laying the contract down now against holding it one more turn, or the best of the
        ``candidates`` best discards, weighed by playing the round out (in the race:
        going out when it can, else the race's discard)."""
        options: list[Sequence[Move]] = []
        melds = self.lay_down(view) if self.may_lay_down(view) else None
        if melds is not None and not self.holds_back(view, melds) and view.why_not(LayDown(melds)) is None:
            options.append((LayDown(melds),))
        if self.racing(view):
            return options[0][0] if options else Discard(self.race_discard(view, know))
        ranked = sorted(self.discard_candidates(view, know, list(view.hand)), key=lambda c: c.score)
        keep = 1 if options else self.candidates
        options.extend((Discard(c.card),) for c in ranked[:keep])
        return options[self.weigh(view, know, options)][0]

    def may_lay_down(self, view: FrustrationView) -> bool:
        """Whether laying the contract down this turn is worth weighing: the hand holds it, and
        when the seat holds it until it goes out, some way of laying it goes out (found by the
        policy's planner: hard's choice among the ways then weighs only those that go out)."""
        if not view.can_lay_down():
            return False
        return not self.holds_until_out(view) or self.left_after_lay_down(view, list(view.hand)) <= 1

    # ---------------------------------------------------------------------------------------
    # The race (the contract held until it goes out)

    def racing(self, view: FrustrationView) -> bool:
        """Whether the seat holds its contract back until it goes out (``holds_until_out``) and
        nobody is down: the round is then a race to meld the whole hand in one turn. Once
        another seat is down, what a discard gives it counts as much as the race, and the
        playouts, which play that seat as it is, weigh the discards again."""
        return self.holds_until_out(view) and not any(view.down)

    def race_discard(self, view: FrustrationView, know: Knowledge) -> Card:
        """The discard of the race: among the cards keeping the contract distance lowest, while
        the contract is not in hand the heuristic ranking's best (``discard_candidates``); once
        it is, the one leaving the fewest cards after laying it down and playing out, then
        (among the ``race_ties`` best ranked of those) the fewest expected after next turn's
        draw."""
        hand = list(view.hand)
        candidates = self.discard_candidates(view, know, hand)
        best = min(candidates, key=lambda c: c.score)
        if best.distance > 0 or len(candidates) == 1:
            return best.card
        rests = {c.card.ident: [x for x in hand if x.ident != c.card.ident] for c in candidates}
        left = {ident: self.left_after_lay_down(view, rest) for ident, rest in rests.items()}
        fewest = min(left.values())
        tied = sorted((c for c in candidates if left[c.card.ident] == fewest), key=lambda c: c.score)
        tied = tied[: self.race_ties]
        if len(tied) == 1:
            return tied[0].card
        expected = {
            c.card.ident: self.mean_over_draws(
                know,
                rests[c.card.ident],
                view.table,
                fewest + 1,
                lambda drawn, rest=rests[c.card.ident]: self.left_after_lay_down(
                    view, [*rest, drawn], self.race_lay_downs
                ),
            )
            for c in tied
        }
        return min(tied, key=lambda c: (expected[c.card.ident], c.score)).card

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
            if dealt >= self.next_hands:
                break
        if not dealt:
            return super().next_player_gains(view, know, cards)
        return {c.ident: 1.0 if is_wild(c) else hits[face_of(c)] / dealt for c in cards}

    def discard_risks(
        self,
        view: FrustrationView,
        know: Knowledge,
        cards: Sequence[Card],
        table: Sequence[TableMeld] | None = None,
    ) -> dict[str, float]:
        """Normal's risks, plus ``guard`` for a card that would let the next player go out
        (on ``table``: the table after this turn's moves, the view's by default)."""
        risks = super().discard_risks(view, know, cards)
        nxt = (view.seat + 1) % view.num_players
        left = view.hand_sizes[nxt]
        if self.guard and view.down[nxt] and left <= 2:
            on = view.table if table is None else table
            for card in cards:
                if is_wild(card) or fits_table(card, on):
                    risks[card.ident] += self.guard / left
        return risks

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
        """The best of the ``candidates`` best ranked discards (after this turn's table moves),
        weighed by playing the round out."""
        ranked = self.ranked_discards_down(view, know, plan)
        options = [(*plan.moves, Discard(card)) for card in ranked[: self.candidates]]
        return ranked[self.weigh(view, know, options)]

    def ranked_discards_down(self, view: FrustrationView, know: Knowledge, plan: TablePlan) -> list[Card]:
        """The cards (one per face) that could be discarded once down, best first: by the
        cards expected in hand after next turn plus the risk of feeding the next player."""
        hand = plan.hand
        if len(hand) == 1:
            return [hand[0]]
        options = _one_per_face(hand)
        risks = self.discard_risks(view, know, list(options.values()), plan.table)
        scores: dict[int, float] = {}
        for face, card in options.items():
            rest = [c for c in hand if c.ident != card.ident]
            scores[face] = self.expected_left(view, know, rest, plan.table) + risks[card.ident]
            if is_wild(card):
                scores[face] += 0.5  # keep wilds: they find room as soon as a meld gains naturals
        return [options[f] for f in sorted(scores, key=scores.__getitem__)]

    def expected_left(
        self, view: FrustrationView, know: Knowledge, hand: list[Card], table: Sequence[TableMeld]
    ) -> float:
        """Cards expected in ``hand`` after the next turn (draw from the stock, play out,
        discard; none when that goes out), over what the stock may give."""
        return self.mean_over_draws(
            know,
            hand,
            table,
            len(hand),
            lambda drawn: play_out([*hand, drawn], table, view.seat, view.options).left - 1,
        )

    @staticmethod
    def mean_over_draws(
        know: Knowledge,
        hand: list[Card],
        table: Sequence[TableMeld],
        stay: float,
        value_with: Callable[[Card], float],
    ) -> float:
        """The mean of ``value_with(card)`` over the card the stock may give next, ``stay`` for
        a card that cannot go anywhere (not a wild, fitting neither the table nor ``hand``)."""
        total = know.drawable_total
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
            value += count * value_with(card)
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
        scored = sorted(((base(m, rest_of(view.hand, m)), i) for i, m in enumerate(choices)))
        fewest = scored[0][0][0]
        know = read(view)
        best, best_value = choices[scored[0][1]], None
        for (left, *_), i in scored[:8]:
            if left != fewest:
                break
            melds = choices[i]
            plan = plan_after_lay_down(view, list(view.hand), melds)
            if plan.left <= 1:
                return melds
            value = min(
                self.expected_left(view, know, [c for c in plan.hand if c.ident != x.ident], plan.table)
                for x in plan.hand
            )
            if best_value is None or value < best_value:
                best, best_value = melds, value
        return best


class Holder(PolicyBot):
    """The playouts' player: the normal policy keeping its contract in hand until it goes out
    with it when laying it down would advance nothing (``Style.hold_until_out``), as hard does
    (the plain normal policy lays every contract down at once)."""

    style: ClassVar[Style] = Style(hold_until_out=True)
    held_lay_downs: ClassVar[int] = 12
    """Ways to lay the contract weighed while it holds it until it goes out (every turn, and
    a contract of few cards held with many others has dozens)."""

    def lay_downs_weighed(self, view: FrustrationView) -> int:
        if self.holds_until_out(view):
            return self.held_lay_downs
        return super().lay_downs_weighed(view)


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
