"""Finding melds in a hand: the contract to lay down, an extra meld to lay.

Sound (every answer is a legal lay-down or meld, leaving ``keep`` cards in hand) and simple:
contract melds are searched at their asked length, runs first (natural cards where the hand
has them, wilds elsewhere), then sets from the naturals left over. A faster, smarter finder may
replace it; the engine checks whatever is proposed anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.frustration.rules import ACE_HIGH, CONTRACTS, MAX_RUN, RUN, SET, is_wild, rank_of_value
from game.engine.pieces import SUITS, Card

Face = tuple[int, str]
RunPlan = tuple[str, int, int]  # suit, start value, length
SetPlan = tuple[int, int, int]  # rank, naturals, length


def _pools(hand: Sequence[Card]) -> tuple[dict[Face, list[Card]], list[Card]]:
    faces: dict[Face, list[Card]] = {}
    wilds: list[Card] = []
    for card in hand:
        if is_wild(card):
            wilds.append(card)
        else:
            faces.setdefault((card.rank, card.suit), []).append(card)
    return faces, wilds


def _naturals_by_value(suit: str, counts: dict[Face, int]) -> list[bool]:
    """Whether ``counts`` holds a natural card of ``suit`` for each run value 0..14 (index 0
    unused; 2s are wild, never natural)."""
    return [
        False,
        *((v != 2 and counts.get((rank_of_value(v), suit), 0) > 0) for v in range(1, ACE_HIGH + 1)),
    ]


def _run_needs(suit: str, start: int, length: int, counts: dict[Face, int]) -> tuple[list[Face], int]:
    """Faces a run would take from ``counts`` (one each: a run never repeats a face) and how
    many wilds it needs."""
    used: list[Face] = []
    wilds = 0
    for value in range(start, start + length):
        face = (rank_of_value(value), suit)
        if face[0] != 2 and counts.get(face, 0) > 0:
            used.append(face)
        else:
            wilds += 1
    return used, wilds


def find_contract(
    hand: Sequence[Card], number: int, exact: bool = False, keep: int = 1
) -> list[list[Card]] | None:
    """Melds (cards in table order) of contract ``number`` taken from ``hand``, leaving at
    least ``keep`` cards; ``None`` when none is found. ``exact`` is accepted for the
    exact-length option: the melds found always have the asked length."""
    del exact  # the search only builds melds of the asked length, legal either way
    wanted = CONTRACTS[number - 1]
    if sum(n for _, n in wanted) > len(hand) - keep:
        return None
    faces, wilds = _pools(hand)
    counts = {face: len(cards) for face, cards in faces.items()}
    runs = sorted(n for k, n in wanted if k == RUN)
    sets = sorted(n for k, n in wanted if k == SET)
    plan = _runs_then_sets(runs, sets, counts, len(wilds))
    if plan is None:
        return None
    run_plans, set_plans = plan
    return _build(faces, wilds, run_plans, set_plans)


def _runs_then_sets(
    runs: list[int], sets: list[int], counts: dict[Face, int], wilds: int
) -> tuple[list[RunPlan], list[SetPlan]] | None:
    """Depth-first search: every run slot, then every set slot."""
    if runs:
        length = runs[0]
        for suit in SUITS:
            have = _naturals_by_value(suit, counts)
            for start in range(1, ACE_HIGH - length + 2):
                need = length - sum(have[start : start + length])
                if need > length // 2 or need > wilds:
                    continue
                used, _ = _run_needs(suit, start, length, counts)
                for face in used:
                    counts[face] -= 1
                found = _runs_then_sets(runs[1:], sets, counts, wilds - need)
                for face in used:
                    counts[face] += 1
                if found is not None:
                    found[0].insert(0, (suit, start, length))
                    return found
        return None
    set_plans = _sets(sets, _rank_counts(counts), wilds, 1)
    return None if set_plans is None else ([], set_plans)


def _rank_counts(counts: dict[Face, int]) -> dict[int, int]:
    ranks: dict[int, int] = {}
    for (rank, _), c in counts.items():
        if c:
            ranks[rank] = ranks.get(rank, 0) + c
    return ranks


def _sets(sets: list[int], ranks: dict[int, int], wilds: int, lowest: int) -> list[SetPlan] | None:
    if not sets:
        return []
    length = sets[0]
    for rank in sorted(r for r in ranks if r >= lowest):
        have = ranks[rank]
        for naturals in range(min(have, length), (length + 1) // 2 - 1, -1):
            need = length - naturals
            if need > naturals or need > wilds:
                continue
            ranks[rank] -= naturals
            rest = _sets(sets[1:], ranks, wilds - need, rank)
            ranks[rank] += naturals
            if rest is not None:
                return [(rank, naturals, length), *rest]
    return None


def _build(
    faces: dict[Face, list[Card]],
    wilds: list[Card],
    run_plans: list[RunPlan],
    set_plans: list[SetPlan],
) -> list[list[Card]]:
    pools = {face: list(cards) for face, cards in faces.items()}
    spare = list(wilds)
    melds: list[list[Card]] = []
    for suit, start, length in run_plans:
        meld = []
        for value in range(start, start + length):
            pool = pools.get((rank_of_value(value), suit))
            meld.append(pool.pop() if pool else spare.pop())
        melds.append(meld)
    for rank, naturals, length in set_plans:
        meld = []
        for face, pool in pools.items():
            while face[0] == rank and pool and len(meld) < naturals:
                meld.append(pool.pop())
        meld.extend(spare.pop() for _ in range(length - naturals))
        melds.append(meld)
    return melds


def find_extra_meld(hand: Sequence[Card], run_min: int = 3, keep: int = 1) -> list[Card] | None:
    """The longest set (3+) or run (``run_min``+) that ``hand`` can lay while keeping ``keep``
    cards, or ``None``."""
    faces, wilds = _pools(hand)
    room = len(hand) - keep
    best: list[Card] | None = None
    by_rank: dict[int, list[Card]] = {}
    for (rank, _), cards in faces.items():
        by_rank.setdefault(rank, []).extend(cards)
    for cards in by_rank.values():
        size = min(len(cards) + min(len(wilds), len(cards)), room)
        naturals = min(len(cards), size)
        if size >= 3 and size - naturals <= naturals and (best is None or size > len(best)):
            best = cards[:naturals] + wilds[: size - naturals]
    counts = {face: len(cards) for face, cards in faces.items()}
    best_run: tuple[int, str, int] | None = None
    for suit in SUITS:
        have = _naturals_by_value(suit, counts)
        for start in range(1, ACE_HIGH):
            naturals = 0
            for length in range(1, min(MAX_RUN, room, ACE_HIGH - start + 1) + 1):
                naturals += have[start + length - 1]
                need = length - naturals
                if need > naturals or need > len(wilds):
                    continue
                if length >= max(run_min, 3) and length > max(
                    len(best or ()), best_run[0] if best_run else 0
                ):
                    best_run = (length, suit, start)
    if best_run is None or len(best or ()) >= best_run[0]:
        return best
    length, suit, start = best_run
    pools = {face: list(cards) for face, cards in faces.items()}
    spare = list(wilds)
    run = []
    for value in range(start, start + length):
        pool = pools.get((rank_of_value(value), suit))
        run.append(pool.pop() if pool else spare.pop())
    return run
