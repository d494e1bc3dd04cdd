"""A strong Frustration Rummy player, written from the rules (shared/RULES.md section 1) and the
public bot API: the view, its public log, ``view.why_not`` and the helpers docs/bots.md
publishes (``game.ai.lay_down_moves``, ``game.ai.frustration.contracts``'s ``distance`` and
``useful_faces``, ``game.ai.frustration.tableplay``'s ``play_out`` and ``fits_table``).

What it adds to the plain baseline, as an author who read the rules would:

- **Card counting.** Every card is in its hand, in the discard pile (face up), on the table, in
  a hand that is known to hold it (taken from the pile and not laid since), or unseen. A hand is
  worth the unseen copies of the cards that bring it closer to its contract (its live outs), so
  of two discards keeping the same distance it keeps the hand with more live outs.
- **Discard defence.** Only the next player can take a discard. When that player is down, a card
  that fits a meld on the table is a gift; when not, a card of a rank it took from the pile (its
  contract has sets) or next to a card it took in a suit (runs) is one; a card of a rank it
  discarded or let go by is safer. Wilds are never discarded while another card will do.
- **Going down.** It lays its contract down at once, the way that leaves the fewest cards after
  laying off, and then plays every card it can to the table, so as to go out first. The final
  contract is kept in hand until the turn it goes out with it (laying it down early only lets
  the others lay off on it; a player down on the final contract stays on it until going out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from game.ai import lay_down_moves
from game.ai.baselines.frustration import Baseline, penalty
from game.ai.frustration.contracts import WILD, Counts, distance, face_of, lay_downs, useful_faces
from game.ai.frustration.tableplay import fits_table, play_out
from game.engine.base import Move
from game.engine.errors import IllegalMove
from game.engine.frustration import Discard, LayDown, deduce_kind, is_wild
from game.engine.frustration.rules import table_meld
from game.engine.notation import parse_one
from game.engine.pieces import Card


def known_hands(view: Any) -> dict[int, list[str]]:
    """The cards (notation) each other seat is known to hold: taken from the discard pile this
    round and not laid or discarded since."""
    known: dict[int, list[str]] = {}
    for event in view.log:
        if event.seat is None or event.seat == view.seat:
            continue
        held = known.setdefault(event.seat, [])
        if event.kind == "draw" and event.source == "discard":
            held.extend(event.pieces)
        elif event.kind in ("meld", "lay_off", "discard", "swap_wild"):
            for text in event.pieces:
                if text in held:
                    held.remove(text)
    return known


def passed_by(view: Any, seat: int) -> set[str]:
    """Cards ``seat`` discarded this round, or left on the pile when it drew from the stock."""
    out: set[str] = set()
    top: str | None = None
    for event in view.log:
        if event.kind == "discard":
            top = event.pieces[0] if event.pieces else None
            if event.seat == seat and top:
                out.add(top)
        elif event.kind == "draw" and event.seat == seat and event.source == "stock" and top:
            out.add(top)
        if event.kind == "draw" and event.source == "discard":
            top = None
    return out


class Unseen:
    """How many copies of each face (``WILD`` for the wilds) the seat has not seen."""

    def __init__(self, view: Any) -> None:
        decks = view.options.deck_count(view.num_players)
        self.left: Counter[int] = Counter()
        seen = [*view.hand, *view.discard, *(c for m in view.table for c in m.cards)]
        seen += [parse_one(t) for held in known_hands(view).values() for t in held]
        seen_faces = Counter(face_of(c) for c in seen)
        self.wilds = decks * 6 - seen_faces[WILD]
        self.decks = decks
        self.seen = seen_faces

    def of(self, face: int) -> int:
        """Unseen copies of ``face``."""
        if face == WILD:
            return max(0, self.wilds)
        return max(0, self.decks - self.seen[face])


class StrongBaseline(Baseline):
    """Counts cards, defends its discards, lays down at once but the final contract."""

    level: ClassVar[str] = "baseline-strong"
    lay_downs_read: ClassVar[int] = 12
    """Lay-downs weighed per question (each played out on the table)."""
    outs_weight: ClassVar[float] = 1.0
    """Worth of one unseen copy of a card the hand waits for (its live outs)."""
    gift_weight: ClassVar[float] = 6.0
    """Cost of a discard the next player wants (per sign that it does)."""
    points_weight: ClassVar[float] = 0.05
    """Worth of shedding a point of hand penalty."""

    def play(self, view: Any, moves: list[Move]) -> Move:
        """Lay down, play out, discard."""
        if view.can_lay_down():
            lay = self.lay_down(view)
            if lay is not None:
                return lay
        if view.can_meld():
            plan = play_out(view.hand, view.table, view.seat, view.options, view.pending_wilds)
            for move in plan.moves:
                if view.why_not(move) is None:
                    return move
        discards = [m for m in moves if isinstance(m, Discard)]
        return min(discards, key=lambda m: self.discard_cost(view, m.card))

    # ---- drawing ----------------------------------------------------------------------------

    def takes(self, view: Any, top: Card) -> bool:
        """Take the discard when it brings the contract closer, helps going out, or goes to the
        table at once."""
        hand = list(view.hand)
        if view.is_down:
            before = play_out(hand, view.table, view.seat, view.options).left
            after = play_out([*hand, top], view.table, view.seat, view.options).left
            return after <= before
        number = view.contract
        d = distance(hand, number)
        if d > 0:
            return distance([*hand, top], number) < d
        # the contract is in hand: does the card go out with it?
        with_top = self.leftover(view, [*hand, top])
        now = self.leftover(view, hand)
        return with_top is not None and (now is None or with_top <= now)

    # ---- laying down ------------------------------------------------------------------------

    def lay_down(self, view: Any) -> LayDown | None:
        """The lay-down leaving the fewest cards once played out (the final contract only when
        it goes out this turn)."""
        best: tuple[tuple[int, int], LayDown] | None = None
        for move in lay_down_moves(view, limit=self.lay_downs_read):
            left = self.after_lay_down(view, move.melds)
            if left is None:
                continue
            key = (len(left), -sum(is_wild(c) for c in left))
            if best is None or key < best[0]:
                best = (key, move)
        if best is None:
            return None
        if self.is_final(view) and best[0][0] > 1:
            return None
        return best[1]

    def is_final(self, view: Any) -> bool:
        """True on the final contract of a game won by going out on it."""
        return view.contract == view.options.final_contract and not view.options.final_contract_wins

    def after_lay_down(
        self, view: Any, melds: Sequence[Sequence[Card]], hand: Sequence[Card] | None = None
    ) -> list[Card] | None:
        """The cards left in ``hand`` (default: the seat's) after laying ``melds`` down and
        playing out; ``None`` when the melds cannot be read."""
        hand = view.hand if hand is None else hand
        table = list(view.table)
        for cards in melds:
            try:
                table.append(table_meld(view.seat, cards, deduce_kind(cards)))
            except IllegalMove:
                return None
        laid = {c.ident for m in melds for c in m}
        rest = [c for c in hand if c.ident not in laid]
        return play_out(rest, table, view.seat, view.options).hand

    def leftover(self, view: Any, hand: Sequence[Card]) -> int | None:
        """Fewest cards ``hand`` keeps after laying the contract down and playing out (``None``
        when it does not hold the contract)."""
        best: int | None = None
        for melds in lay_downs(hand, view.contract, view.options, keep=1, limit=self.lay_downs_read):
            left = self.after_lay_down(view, melds, hand)
            if left is not None and (best is None or len(left) < best):
                best = len(left)
        return best

    # ---- discarding -------------------------------------------------------------------------

    def discard_cost(self, view: Any, card: Card) -> tuple[float, ...]:
        """Lower is a better discard: the distance kept, the cards left to shed, then live
        outs lost, the gift to the next player and the points kept."""
        rest = [c for c in view.hand if c.ident != card.ident]
        gift = self.gift(view, card)
        shed = self.points_weight * penalty(card)
        if view.is_down:
            return (0, is_wild(card), gift * self.gift_weight - self.keep_worth(view, card, rest) - shed)
        number = view.contract
        d = distance(rest, number)
        if d == 0 and self.is_final(view):
            left = self.leftover(view, rest)
            return (0, left if left is not None else 99, gift * self.gift_weight - shed)
        unseen = self._unseen(view)
        outs = sum(unseen.of(f) for f in useful_faces(Counts.of(rest), number))
        return (d, 0, gift * self.gift_weight - self.outs_weight * outs - shed)

    def _unseen(self, view: Any) -> Unseen:
        key = (view.round_number, len(view.log), tuple(c.ident for c in view.hand))
        if getattr(self, "_unseen_key", None) != key:
            self._unseen_key = key
            self._unseen_cache = Unseen(view)
        return self._unseen_cache

    def keep_worth(self, view: Any, card: Card, rest: Sequence[Card]) -> float:
        """Once down: how likely ``card`` is to reach the table later (a pair towards an extra
        meld, a neighbour in its suit), counting the unseen copies that would do it."""
        if is_wild(card):
            return 100.0
        unseen = self._unseen(view)
        worth = 0.0
        for other in rest:
            if is_wild(other):
                continue
            if other.rank == card.rank:
                worth += 1 + sum(unseen.of(face_of(Card(card.rank, s))) for s in "SHDC") / 2
            elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
                worth += 1
        return worth

    def gift(self, view: Any, card: Card) -> float:
        """Signs that the next player wants ``card``."""
        if is_wild(card):
            return 10.0
        nxt = (view.seat + 1) % view.num_players
        if view.down[nxt]:
            return 2.0 if fits_table(card, view.table) else 0.0
        parts = view.contract_of(nxt)
        has_sets = any(kind == "set" for kind, _ in parts)
        has_runs = any(kind == "run" for kind, _ in parts)
        taken = [parse_one(t) for t in known_hands(view).get(nxt, [])]
        signs = 0.0
        for other in taken:
            if is_wild(other):
                continue
            if has_sets and other.rank == card.rank:
                signs += 1.5
            if has_runs and other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2:
                signs += 1.0
        passed = passed_by(view, nxt)
        if any(parse_one(t).rank == card.rank for t in passed if parse_one(t).rank != 0):
            signs -= 0.5
        if card.text in passed:
            signs -= 0.5
        return signs
