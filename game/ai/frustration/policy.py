"""The heuristic players (easy and normal): one policy, tuned by a ``Style``.

A turn, as the policy sees it:

1. Draw. Not down: take the discard when it brings the contract one card closer
   (``contracts.within``), else draw blind. Down: take it when it can be played at once.
2. Lay down the contract as soon as the hand holds it (it is a race), choosing among the ways
   to lay it the one after which the rest of the turn leaves the fewest cards in hand (with
   ``Style.hold_until_out``, the hard level's, the final contract, or any contract while the
   others are all on the final one, only when that goes out).
3. Once down: every lay-off, extra meld and wild take-back the greedy planner finds
   (``tableplay.play_out``), keeping a card to discard.
4. Discard. Not down: among the cards whose loss keeps the distance lowest, the one that
   leaves the best chance that the next draw helps (outs weighted by the unseen cards), the
   least useful to the next player (who alone can pick it up), then the most points. Down:
   the card with the fewest ways to become playable, again weighed against what it gives the
   next player.

A plan for the table moves of a turn is kept between calls and replayed while the view is the
one it expects, so the bot stays cheap when asked move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.ai.base import Bot
from game.engine.base import Move, NextRound
from game.engine.frustration import (
    CONTRACTS,
    Discard,
    DrawDiscard,
    DrawStock,
    FrustrationView,
    LayDown,
    Phase,
    TableMeld,
    deduce_kind,
    hand_penalty,
    is_wild,
)
from game.engine.frustration.rules import ACE_HIGH, RUN, SET, table_meld
from game.engine.pieces import Card

from .contracts import (
    WILD,
    Counts,
    Melds,
    best_lay_down,
    best_plan,
    counts_distance,
    extends_plan,
    face_of,
    useful_faces,
    within,
)
from .knowledge import Knowledge, read
from .tableplay import TablePlan, fits_table, play_out


@dataclass(frozen=True)
class Style:
    """How a heuristic player plays (the knobs that make the levels)."""

    take_improving: float = 1.0
    """Chance to take a discard that brings the contract one card closer."""
    take_playable: float = 1.0
    """Once down, chance to take a discard that can be played at once."""
    outs: bool = True
    """Break ties between discards by the chance that the next draw helps."""
    read_next: bool = True
    """Weigh what a discard gives the next player (their pick-ups, discards and the table)."""
    danger_weight: float = 0.6
    keep_weight: float = 0.5
    """Before laying down, how much it costs to discard a card that would go to the table
    with the contract being built (a card of a set's rank, the next card of a run)."""
    miss_lay_offs: float = 0.0
    """Chance, each turn, to overlook lay-offs and wilds laid off (extra melds still seen)."""
    take_backs: bool = True
    plan_lay_down: bool = True
    """Choose the way to lay the contract by what the rest of the turn leaves (else: the
    first good-looking way, keeping wilds in hand)."""
    noise: float = 0.0
    """Random noise added to discard scores."""
    hold_until_out: bool = False
    """Lay the contract down only in the turn that goes out with it whenever laying it down
    earlier would advance nothing (in a game won by going out on the final contract): on the
    final contract, where only going out wins, and while every other seat is on the final
    contract, where the round moves the seat on only if it goes out first (else an opponent
    has won). Melds laid early only give the others places to lay off as they go out."""


@dataclass(frozen=True)
class Candidate:
    """A possible discard before laying down, with what the policy weighs (see
    ``PolicyBot.discard_candidates``)."""

    card: Card
    face: int
    distance: int
    outs: float = 0.0
    risk: float = 0.0
    keep: bool = False
    score: float = 0.0


def card_points(card: Card) -> int:
    """The penalty of one card left in hand."""
    return hand_penalty([card])


def _one_per_face(cards: Sequence[Card]) -> dict[int, Card]:
    """One card of each face (a 2 rather than a joker for the wild face: the same in play)."""
    out: dict[int, Card] = {}
    for card in sorted(cards, key=lambda c: c.rank == 0):
        out.setdefault(face_of(card), card)
    return out


class PolicyBot(Bot):
    """A heuristic player; subclasses set ``style`` (see ``Style``)."""

    level: ClassVar[str] = "normal"
    style: ClassVar[Style] = Style()

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._plan: list[tuple[Move, frozenset[str]]] = []

    # ---------------------------------------------------------------------------------------
    # Entry point

    def choose(self, view: FrustrationView) -> Move:
        if view.phase == Phase.ROUND_OVER:
            return NextRound()
        if view.phase == Phase.DRAW:
            self._plan = []
            return self.choose_draw(view, read(view))
        return self._checked(view, self.choose_play(view))

    def choose_play(self, view: FrustrationView) -> Move:
        """A move of the play phase: lay down, a planned table move, or the discard."""
        move = self._next_planned(view)
        if move is not None:
            return move
        know = read(view)
        if not view.is_down:
            return self.play_not_down(view, know)
        plan = self.table_plan(view)
        discard = Discard(self.discard_down(view, know, plan))
        self._store_plan(view, plan, discard)
        return self._next_planned(view) or discard

    def play_not_down(self, view: FrustrationView, know: Knowledge) -> Move:
        """The move of a turn whose contract is not down: lay it down when the hand holds it,
        else a discard."""
        melds = self.lay_down(view)
        if melds is not None and not self.holds_back(view, melds):
            move = LayDown(melds)
            if view.why_not(move) is None:
                return move
        return Discard(self.discard_not_down(view, know, list(view.hand)))

    def holds_back(self, view: FrustrationView, melds: Melds) -> bool:
        """Whether to keep the contract ``melds`` in hand this turn: when the seat holds its
        contract until it goes out (``holds_until_out``) and laying them down would not go out."""
        return self.holds_until_out(view) and plan_after_lay_down(view, list(view.hand), melds).left > 1

    def holds_until_out(self, view: FrustrationView) -> bool:
        """Whether the seat keeps its contract in hand until it goes out with it (the style's
        ``hold_until_out``, in a game won by going out on the final contract): on the final
        contract, or while every other seat is on it."""
        options = view.options
        if not self.style.hold_until_out or options.final_contract_wins:
            return False
        final = options.final_contract
        return view.contract == final or all(
            number == final for seat, number in enumerate(view.contracts) if seat != view.seat
        )

    def _checked(self, view: FrustrationView, move: Move) -> Move:
        """``move`` when the engine accepts it; otherwise (never expected: the planner follows
        the engine's rules) a legal move: a wild taken back placed as the engine's search
        places it, else a discard."""
        if view.why_not(move) is None:
            return move
        self._plan = []
        placing = view.wild_placement()
        if placing:
            return placing[0]
        legal = view.legal_moves()
        discards = [m for m in legal if isinstance(m, Discard)]
        return max(discards, key=lambda m: card_points(m.card)) if discards else legal[0]

    # ---------------------------------------------------------------------------------------
    # Drawing

    def choose_draw(self, view: FrustrationView, know: Knowledge) -> Move:
        """``DrawDiscard`` or ``DrawStock``."""
        moves = view.legal_moves()
        top = view.discard_top
        if len(moves) == 1 or top is None:
            return moves[0]
        if not any(isinstance(m, DrawStock) for m in moves):
            return DrawDiscard()
        if view.is_down:
            if self.rng.random() < self.style.take_playable and self.playable_top(view, top):
                return DrawDiscard()
            return DrawStock()
        if self.rng.random() < self.style.take_improving and self.improving_top(view, top):
            return DrawDiscard()
        return DrawStock()

    def improving_top(self, view: FrustrationView, top: Card) -> bool:
        """True when ``top`` brings the hand one card closer to the contract or, with the
        contract already in hand, when it goes to the table with it this turn."""
        counts = Counts.of(view.hand)
        d = counts_distance(counts, view.contract)
        if d == 0:
            hand = list(view.hand)
            return self.left_after_lay_down(view, [*hand, top]) <= self.left_after_lay_down(view, hand)
        counts.add(face_of(top))
        return within(counts, view.contract, d - 1)

    def left_after_lay_down(self, view: FrustrationView, hand: list[Card], limit: int | None = None) -> int:
        """Cards left in ``hand`` after laying down the contract and playing out the turn (the
        whole hand when the contract cannot be laid), over ``limit`` ways to lay it at most
        (by default ``lay_downs_weighed``)."""
        limit = self.lay_downs_weighed(view) if limit is None else limit
        score = self._lay_down_score(view)
        melds = best_lay_down(hand, view.contract, view.options, keep=1, score=score, limit=limit)
        if melds is None:
            return len(hand)
        return plan_after_lay_down(view, hand, melds).left

    def playable_top(self, view: FrustrationView, top: Card) -> bool:
        """True when, once down, ``top`` would go to the table this turn with the hand."""
        base = self.plan_for(view, list(view.hand)).left
        return self.plan_for(view, [*view.hand, top]).left <= base

    # ---------------------------------------------------------------------------------------
    # Laying down and table play

    def lay_down(self, view: FrustrationView) -> Melds | None:
        """The contract to lay down now, or ``None``."""
        if not view.can_lay_down():
            return None
        score = self._lay_down_score(view) if self.style.plan_lay_down else None
        return best_lay_down(
            view.hand, view.contract, view.options, keep=1, score=score, limit=self.lay_downs_weighed(view)
        )

    def lay_downs_weighed(self, view: FrustrationView) -> int:
        """How many ways to lay the contract down the policy weighs at most (``lay_downs``'
        limit)."""
        del view
        return 60

    def _lay_down_score(self, view: FrustrationView) -> Callable[[Melds, list[Card]], tuple[int, int, int]]:
        """Rank lay-downs by what the rest of the turn leaves: fewest cards, then fewest
        points, then fewest wilds laid in the contract."""

        def after(melds: Melds, rest: list[Card]) -> tuple[int, int, int]:
            table = [*view.table, *(_as_table_meld(view.seat, m) for m in melds)]
            plan = play_out(rest, table, view.seat, view.options)
            wilds_laid = sum(1 for m in melds for c in m if is_wild(c))
            return (plan.left, hand_penalty(plan.hand), wilds_laid)

        return after

    def plan_for(self, view: FrustrationView, hand: list[Card]) -> TablePlan:
        """The table moves ``hand`` would make on the current table."""
        return play_out(hand, view.table, view.seat, view.options, view.pending_wilds)

    def table_plan(self, view: FrustrationView) -> TablePlan:
        """This turn's table moves (some overlooked by a careless style)."""
        miss = self.style.miss_lay_offs and self.rng.random() < self.style.miss_lay_offs
        return play_out(
            view.hand,
            view.table,
            view.seat,
            view.options,
            view.pending_wilds,
            take_backs=self.style.take_backs,
            lay_offs=not miss,
            wild_lay_offs=not miss,
        )

    def _store_plan(self, view: FrustrationView, plan: TablePlan, discard: Discard) -> None:
        hands = [*plan.before, frozenset(c.ident for c in plan.hand)]
        self._plan = list(zip([*plan.moves, discard], hands, strict=True))

    def _next_planned(self, view: FrustrationView) -> Move | None:
        if not self._plan:
            return None
        move, hand = self._plan[0]
        if hand != frozenset(c.ident for c in view.hand) or view.why_not(move) is not None:
            self._plan = []
            return None
        self._plan.pop(0)
        return move

    # ---------------------------------------------------------------------------------------
    # Discarding

    def discard_not_down(self, view: FrustrationView, know: Knowledge, hand: list[Card]) -> Card:
        """The card to discard while the contract is not down."""
        candidates = self.discard_candidates(view, know, hand)
        return min(candidates, key=lambda c: c.score).card

    def discard_candidates(self, view: FrustrationView, know: Knowledge, hand: list[Card]) -> list[Candidate]:
        """The cards (one per face) whose discard keeps the contract distance lowest, each
        with what the policy weighs: the chance the next draw helps, the risk of giving it
        away, whether it would go to the table with the contract, and the total ``score``
        (lower is a better discard)."""
        counts = Counts.of(hand)
        number = view.contract
        options = _one_per_face(hand)
        dist: dict[int, int] = {}
        for face in options:
            counts.add(face, -1)
            dist[face] = counts_distance(counts, number)
            counts.add(face, 1)
        best = min(dist.values())
        pool = {face: card for face, card in options.items() if dist[face] == best}
        if len(pool) == 1:
            face, card = next(iter(pool.items()))
            return [Candidate(card, face, best)]
        plan = best_plan(counts, number) if self.style.keep_weight else None
        risks = self.discard_risks(view, know, list(pool.values()))
        out = []
        for face, card in pool.items():
            outs = 0.0
            if self.style.outs:
                counts.add(face, -1)
                outs = know.draw_chance(sorted(useful_faces(counts, number)))
                counts.add(face, 1)
            keep = plan is not None and extends_plan(plan, card)
            risk = risks[card.ident]
            score = best - outs + risk + (self.style.keep_weight if keep else 0.0)
            out.append(Candidate(card, face, best, outs, risk, keep, score))
        return out

    def next_player_gains(
        self, view: FrustrationView, know: Knowledge, cards: Sequence[Card]
    ) -> dict[str, float]:
        """For each card (by ident), how likely it helps the next player (0 to 1)."""
        return {c.ident: danger(view, know, c) for c in cards}

    def discard_risks(
        self, view: FrustrationView, know: Knowledge, cards: Sequence[Card]
    ) -> dict[str, float]:
        """Per card (by ident), what discarding it costs besides the bot's own hand: the
        danger of giving it to the next player, minus a little for its points (a card kept
        costs its points if someone goes out), plus the style's noise."""
        gains = self.next_player_gains(view, know, cards) if self.style.read_next else {}
        risks = {}
        for card in cards:
            risk = -card_points(card) / 1000
            if self.style.read_next:
                risk += self.style.danger_weight * gains[card.ident]
            elif is_wild(card):
                risk += 1.0
            if self.style.noise:
                risk += self.rng.uniform(0, self.style.noise)
            risks[card.ident] = risk
        return risks

    def discard_down(self, view: FrustrationView, know: Knowledge, plan: TablePlan) -> Card:
        """The card to discard after this turn's table moves (the last card: going out)."""
        hand = plan.hand
        if len(hand) == 1:
            return hand[0]
        risks = self.discard_risks(view, know, hand)
        scores = {}
        for card in hand:
            others = [c for c in hand if c.ident != card.ident]
            keep = know.draw_chance(
                sorted(soon_playable_faces(card, others, plan.table, view.options.extra_run_min))
            )
            if is_wild(card):
                keep += 0.5  # a wild finds room as soon as a meld gains naturals
            scores[card.ident] = keep + risks[card.ident]
        return min(hand, key=lambda c: scores[c.ident])


def danger(view: FrustrationView, know: Knowledge, card: Card) -> float:
    """How likely ``card`` helps the next player (the only one who may take it), 0 to 1."""
    if is_wild(card):
        return 1.0
    nxt = (view.seat + 1) % view.num_players
    if view.down[nxt]:
        return 1.0 if fits_table(card, view.table) else 0.1
    parts = CONTRACTS[view.contracts[nxt] - 1]
    has_sets = any(k == SET for k, _ in parts)
    has_runs = any(k == RUN for k, _ in parts)
    face = face_of(card)
    suit, rank = face // 16, face % 16
    score = 0.25
    for picked in know.picked[nxt]:
        if picked == WILD:
            continue
        if has_sets and picked % 16 == rank:
            score += 0.5
        if has_runs and picked // 16 == suit and abs(picked % 16 - rank) <= 2:
            score += 0.4
    for thrown in know.thrown[nxt]:
        if thrown == WILD:
            continue
        if thrown % 16 == rank:
            score -= 0.15 if has_sets else 0.05
        if has_runs and thrown // 16 == suit and abs(thrown % 16 - rank) <= 1:
            score -= 0.1
    return min(1.0, max(0.0, score))


def soon_playable_faces(
    card: Card, others: Sequence[Card], table: Sequence[TableMeld], run_min: int
) -> set[int]:
    """Faces (``WILD`` included) whose draw would let ``card`` go to the table next turn: a
    card bridging it to a run on the table, or completing a meld with another kept card."""
    if is_wild(card):
        return set()
    suit = face_of(card) // 16
    values = (1, ACE_HIGH) if card.rank == 1 else (card.rank,)
    faces: set[int] = set()
    for meld in table:
        if meld.kind != RUN or meld.suit != card.suit:
            continue
        for v in values:
            gap = meld.high + 1 if v == meld.high + 2 else meld.low - 1 if v == meld.low - 2 else None
            if gap is not None:
                faces.add(WILD)
                if gap != 2:
                    faces.add(suit * 16 + (1 if gap == ACE_HIGH else gap))
    for other in others:
        if is_wild(other):
            continue
        if other.rank == card.rank:
            faces.add(WILD)
            faces.update(s * 16 + card.rank for s in range(4))
        elif run_min <= 3 and other.suit == card.suit:
            faces.update(_run_completions(card.rank, other.rank, suit))
    return faces


def _run_completions(a: int, b: int, suit: int) -> set[int]:
    """Faces that make a three-card run of ``suit`` with ranks ``a`` and ``b`` (or a wild)."""
    out: set[int] = set()
    for x, y in ((a, b), (1 if a == 1 else a, 14 if b == 1 else b), (14 if a == 1 else a, b)):
        lo, hi = min(x, y), max(x, y)
        if hi - lo == 1:
            candidates = (lo - 1, hi + 1)
        elif hi - lo == 2:
            candidates = (lo + 1,)
        else:
            continue
        out.add(WILD)
        for v in candidates:
            if 1 <= v <= ACE_HIGH and v != 2:
                out.add(suit * 16 + (1 if v == ACE_HIGH else v))
    return out


def rest_of(hand: Sequence[Card], melds: Melds) -> list[Card]:
    """The cards of ``hand`` not in ``melds``."""
    laid = {c.ident for m in melds for c in m}
    return [c for c in hand if c.ident not in laid]


def plan_after_lay_down(view: FrustrationView, hand: list[Card], melds: Melds) -> TablePlan:
    """The table moves the rest of ``hand`` would make once ``melds`` are laid down."""
    table = [*view.table, *(_as_table_meld(view.seat, m) for m in melds)]
    return play_out(rest_of(hand, melds), table, view.seat, view.options)


def _as_table_meld(seat: int, cards: Sequence[Card]) -> TableMeld:
    return table_meld(seat, cards, deduce_kind(cards))
