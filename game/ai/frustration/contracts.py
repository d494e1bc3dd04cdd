"""The contract finder: how far a hand is from its contract, and the best way to lay it down.

Vocabulary
- A *face* is a natural card's rank and suit, coded ``suit_index * 16 + rank`` (rank 1-13, never
  2: every 2 is wild). A hand is read as ``Counts``: how many cards of each face, plus the number
  of wilds (jokers and 2s).
- A *plan* gives each part of the contract a *target*: a rank for a set, a suit and a first
  value (1-14, ace low = 1, ace high = 14) for a run. Each part takes the naturals it can from
  the hand (a run one card per face, a set every card of its rank, shared fairly between two
  sets of one rank); its *gap* is what it lacks. Wilds fill gaps, at most ``length // 2`` per
  part (wilds <= naturals), and a run's 2-position can only ever hold a wild.
- The *distance* of a hand is the fewest cards still missing over every plan:
  ``sum(gaps) - min(wilds, sum(min(length // 2, gap)))``. Distance 0 means the contract can be
  laid down now. Drawing one card lowers the distance by at most one, so a card is *useful*
  (an "out") exactly when the hand with it is one closer.

Public API: ``distance(hand, number, options)``, ``best_lay_down(hand, number, options, keep,
score)``, ``lay_downs``, and on ``Counts``: ``counts_distance``, ``within``, ``useful_faces``
(the tests check it against a brute force, one search per face), ``best_plan`` and
``extends_plan``.
Lay-downs are made of physical cards of the hand (``Card``, told apart by ``ident``) and are
legal with or without the ``exact_contract_length`` option (melds at their asked lengths).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.frustration import Options, hand_penalty, is_wild
from game.engine.frustration.rules import CONTRACTS, RUN, SET
from game.engine.pieces import SUITS, Card

FACE_RANKS = (1, *range(3, 14))
"""Ranks of natural cards (2s are wild)."""
SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
FACES = tuple(s * 16 + r for s in range(4) for r in FACE_RANKS)
"""The 48 natural faces."""
WILD = -1
"""Face code standing for any wild (a joker or a 2) in ``useful_faces`` and weights."""
_BIG = 1 << 20

Melds = tuple[tuple[Card, ...], ...]
"""A lay-down: one tuple of cards per meld, in table order."""


def face_of(card: Card) -> int:
    """The face code of a natural card (``WILD`` for a wild)."""
    if is_wild(card):
        return WILD
    return SUIT_INDEX[card.suit] * 16 + card.rank


def face_card(face: int) -> Card:
    """A card (copy 0) showing ``face``; a joker for ``WILD``."""
    if face == WILD:
        return Card(0, "")
    return Card(face % 16, SUITS[face // 16])


def face_text(face: int) -> str:
    """Notation of a face (``JK`` for ``WILD``)."""
    return face_card(face).text


def _rank_at(value: int) -> int:
    return 1 if value == 14 else value


# --------------------------------------------------------------------------------------------
# Hands as counts


@dataclass
class Counts:
    """A hand read as counts: ``faces[code]`` natural cards of each face, and ``wilds``."""

    faces: list[int]
    wilds: int

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Counts:
        """The counts of ``cards``."""
        faces = [0] * 64
        wilds = 0
        for card in cards:
            if is_wild(card):
                wilds += 1
            else:
                faces[SUIT_INDEX[card.suit] * 16 + card.rank] += 1
        return cls(faces, wilds)

    def copy(self) -> Counts:
        return Counts(list(self.faces), self.wilds)

    def add(self, face: int, n: int = 1) -> None:
        """Add (or with ``n`` < 0 remove) ``n`` cards of ``face`` (``WILD`` for a wild)."""
        if face == WILD:
            self.wilds += n
        else:
            self.faces[face] += n

    def key(self) -> tuple[int, ...]:
        """A short hashable summary (for caches): the wilds, then every natural's face."""
        faces = self.faces
        return (self.wilds, *[f for f in FACES if faces[f] for _ in range(faces[f])])

    @classmethod
    def of_key(cls, key: tuple[int, ...]) -> Counts:
        """The counts summarised by ``key``."""
        faces = [0] * 64
        for f in key[1:]:
            faces[f] += 1
        return cls(faces, key[0])

    @property
    def size(self) -> int:
        return self.wilds + sum(self.faces)


# --------------------------------------------------------------------------------------------
# Contracts as search specs


@dataclass(frozen=True)
class RunTarget:
    """A run of one suit from ``start`` over ``length`` values: the face of each position
    (``WILD`` at the 2-position, which only a wild can hold) and the bit mask of those values."""

    suit: int
    start: int
    faces: tuple[int, ...]
    window: int


@dataclass(frozen=True)
class Spec:
    """Contract ``number`` for the search: runs and sets of one length each (true of all 14)."""

    number: int
    runs: int
    run_len: int
    sets: int
    set_len: int
    targets: tuple[RunTarget, ...]

    @property
    def cards(self) -> int:
        """Cards the contract takes at its asked lengths."""
        return self.runs * self.run_len + self.sets * self.set_len


@functools.cache
def run_targets(length: int) -> tuple[RunTarget, ...]:
    """Every run of ``length`` (ace low or high, never wrapping)."""
    out = []
    for s in range(4):
        for start in range(1, 16 - length):
            values = range(start, start + length)
            faces = tuple(WILD if v == 2 else s * 16 + _rank_at(v) for v in values)
            window = sum(1 << v for v in values if v != 2)
            out.append(RunTarget(s, start, faces, window))
    return tuple(out)


@functools.cache
def spec(number: int) -> Spec:
    """The search spec of contract ``number`` (1-14)."""
    parts = CONTRACTS[number - 1]
    runs = [n for k, n in parts if k == RUN]
    sets = [n for k, n in parts if k == SET]
    assert len(set(runs)) <= 1 and len(set(sets)) <= 1, "parts of one kind share a length"
    run_len = runs[0] if runs else 0
    return Spec(
        number,
        len(runs),
        run_len,
        len(sets),
        sets[0] if sets else 0,
        run_targets(run_len) if runs else (),
    )


def _suit_mask(faces: Sequence[int], s: int) -> int:
    """The bit mask of run values (1-14) of suit ``s`` the hand holds a natural for."""
    base = s * 16
    m = 0
    for r in FACE_RANKS:
        if faces[base + r]:
            m |= 1 << r
    if m & 2:
        m |= 1 << 14
    return m


def _suit_masks(faces: Sequence[int]) -> list[int]:
    return [_suit_mask(faces, s) for s in range(4)]


def _rank_counts(faces: Sequence[int]) -> list[int]:
    return [faces[r] + faces[16 + r] + faces[32 + r] + faces[48 + r] for r in FACE_RANKS]


def _cap(length: int, gap: int) -> int:
    """How many wilds a part of ``length`` with ``gap`` empty places can take."""
    half = length // 2
    return gap if gap < half else half


@functools.cache
def _set_options(top: tuple[int, ...], k: int, length: int) -> tuple[tuple[int, int], ...]:
    """(gaps, caps) of every useful way to give ``k`` sets of ``length`` to ranks holding
    ``top`` naturals (the ``k`` largest counts, descending). Only the best ranks are ever worth
    using, and two sets of one rank share its naturals evenly (which leaves most room for
    wilds); dominated options are dropped."""
    found: set[tuple[int, int]] = set()

    def give(i: int, left: int, gaps: int, caps: int) -> None:
        if left == 0:
            found.add((gaps, caps))
            return
        if i == len(top):
            return
        for m in range(left, 0, -1):
            naturals = min(top[i], m * length)
            q, extra = divmod(naturals, m)
            g = m * length - naturals
            c = extra * _cap(length, length - q - 1) + (m - extra) * _cap(length, length - q)
            give(i + 1, left - m, gaps + g, caps + c)

    give(0, k, 0, 0)
    front = [
        (g, c) for g, c in found if not any((g2 <= g and c2 >= c) and (g2, c2) != (g, c) for g2, c2 in found)
    ]
    return tuple(sorted(front))


def _missing(gaps: int, caps: int, wilds: int) -> int:
    return gaps - (wilds if wilds < caps else caps)


_NO_SETS = ((0, 0),)


@dataclass(frozen=True)
class Plan:
    """A concrete plan: the run targets, the set ranks (a rank once per set) and the faces some
    runs leave to the sets (``(run index, face)``, a wild standing in the run instead)."""

    runs: tuple[RunTarget, ...]
    set_ranks: tuple[int, ...]
    withheld: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Chosen:
    """A run target chosen by the search: the faces it lacks (``holes``), its ``gap`` (holes
    plus a 2-position without a natural) and the faces of the hand it ``used``."""

    target: RunTarget
    holes: tuple[int, ...]
    gap: int
    used: tuple[int, ...]


def _rank_index(face: int) -> int:
    rank = face % 16
    return 0 if rank == 1 else rank - 2


def _boosted(ranks: list[int], moved: tuple[tuple[int, int], ...]) -> list[int]:
    if not moved:
        return ranks
    more = list(ranks)
    for _, f in moved:
        more[_rank_index(f)] += 1
    return more


def _withholdings(
    sp: Spec, wilds: int, caps: int, chosen: Sequence[Chosen], ranks: Sequence[int], paired_only: bool
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Ways to leave some naturals a run covers to the sets, the run taking a wild in their
    place: first none, then each useful combination as ``(run index, face)`` pairs.

    Runs grab every natural they cover; that is wrong when a spare wild could stand in the run
    while the natural completes a set (``8H 9H 10H JH`` + ``9S`` + two jokers: ``8H JK 10H JH``
    and ``9S 9H JK``). A move keeps the gaps' total and gives one more place for a wild, as long
    as the run's gap stays within its wild room; it only helps when wilds are left over, and a
    set gains from at most ``(length + 1) // 2`` moves. With ``paired_only`` a face moves only
    to a rank the hand already holds (enough for the distance; the outs and the lay-down search
    try all: a drawn card may pair a natural the run gave up)."""
    yield ()
    if not sp.sets or not chosen or wilds <= caps:
        return
    half = sp.run_len // 2
    movable = [
        (j, f)
        for j, c in enumerate(chosen)
        if c.gap < half
        for f in c.used
        if not paired_only or ranks[_rank_index(f)] >= 1
    ]
    most = min(len(movable), sp.sets * ((sp.set_len + 1) // 2), wilds - caps)
    for size in range(1, most + 1):
        for combo in itertools.combinations(movable, size):
            per_run = [0] * len(chosen)
            for j, _ in combo:
                per_run[j] += 1
            if all(chosen[j].gap + per_run[j] <= half for j in range(len(chosen))):
                yield combo


class _Search:
    """Depth-first search over the run targets of a contract for one hand; at each leaf the
    sets are solved from the naturals the runs left (``_set_options``).

    ``distance(stop)`` finds the fewest missing cards (stopping at ``stop`` or fewer);
    ``outs(d)`` visits every plan missing exactly ``d`` cards (the distance) and collects the
    faces that would bring one of them a card closer."""

    MAX_LEAVES = 250
    """``outs`` looks at this many best plans at most (far hands have very many)."""

    def __init__(self, counts: Counts, sp: Spec) -> None:
        self.sp = sp
        self.faces = list(counts.faces)
        self.wilds = counts.wilds
        self.targets = sp.targets
        self.per_suit = len(sp.targets) // 4
        self.masks = _suit_masks(self.faces)
        self.windows = [t.window for t in sp.targets]
        self.covers = [
            (self.masks[t.suit] & w).bit_count() for t, w in zip(sp.targets, self.windows, strict=True)
        ]
        if sp.sets:
            top = min(sp.set_len, max(_rank_counts(self.faces)))
            self.set_gap = sp.sets * (sp.set_len - top)
            self.set_cap = sp.sets * _cap(sp.set_len, sp.set_len - top)
        else:
            self.set_gap = self.set_cap = 0
        self.threshold = _BIG
        self.best = _BIG
        self.stop = -1
        self.done = False
        self.leaves = 0
        self.found: set[int] = set()
        self.collect = False
        self.plan: Plan | None = None

    # -- the walk ------------------------------------------------------------------------------

    def _bound(self, gaps: int, caps: int, left: int, top: int) -> int:
        length = self.sp.run_len
        return _missing(
            gaps + left * (length - top) + self.set_gap,
            caps + left * _cap(length, length - top) + self.set_cap,
            self.wilds,
        )

    def _walk(self, i: int, lowest: int, gaps: int, caps: int, chosen: list[Chosen]) -> None:
        sp = self.sp
        if i == sp.runs:
            self._leaf(gaps, caps, chosen)
            return
        covers = self.covers
        length = sp.run_len
        left = sp.runs - i
        top = max(covers[lowest:])
        if self._bound(gaps, caps, left, top) > self.threshold:
            return
        faces = self.faces
        masks = self.masks
        windows = self.windows
        per_suit = self.per_suit
        for t in sorted(range(lowest, len(covers)), key=covers.__getitem__, reverse=True):
            n = covers[t]
            gap = length - n
            cap = _cap(length, gap)
            if self._bound(gaps + gap, caps + cap, left - 1, top) > self.threshold:
                break
            target = self.targets[t]
            holes = tuple(f for f in target.faces if f != WILD and not faces[f])
            used = tuple(f for f in target.faces if f != WILD and faces[f])
            suit = target.suit
            old_mask = mask = masks[suit]
            for f in used:
                faces[f] -= 1
                if not faces[f]:
                    mask &= ~(1 << (f % 16))
                    if f % 16 == 1:
                        mask &= ~(1 << 14)
            lo = suit * per_suit
            old_covers = covers[lo : lo + per_suit]
            if mask != old_mask:
                masks[suit] = mask
                covers[lo : lo + per_suit] = [(mask & w).bit_count() for w in windows[lo : lo + per_suit]]
            chosen.append(Chosen(target, holes, gap, used))
            self._walk(i + 1, t, gaps + gap, caps + cap, chosen)
            chosen.pop()
            for f in used:
                faces[f] += 1
            masks[suit] = old_mask
            covers[lo : lo + per_suit] = old_covers
            if self.done:
                return

    def _set_ranks(self, ranks: Sequence[int]) -> tuple[int, ...]:
        """The ranks the sets would take: the ones with the most naturals."""
        order = sorted(range(len(ranks)), key=lambda i: -ranks[i])
        return tuple(FACE_RANKS[i] for i in order[: self.sp.sets])

    def _set_opts(self, ranks: Sequence[int]) -> tuple[tuple[int, int], ...]:
        sp = self.sp
        if not sp.sets:
            return _NO_SETS
        top = tuple(sorted(ranks, reverse=True)[: sp.sets])
        return _set_options(top, sp.sets, sp.set_len)

    def _leaf(self, gaps: int, caps: int, chosen: list[Chosen]) -> None:
        ranks = _rank_counts(self.faces) if self.sp.sets else []
        for moved in _withholdings(self.sp, self.wilds, caps, chosen, ranks, not self.collect):
            more = _boosted(ranks, moved)
            g_all, c_all = gaps + len(moved), caps + len(moved)
            opts = self._set_opts(more)
            m = min(_missing(g_all + g, c_all + c, self.wilds) for g, c in opts)
            if not self.collect:
                if m < self.best:
                    self.best = m
                    self.threshold = m - 1
                    self.done = m <= self.stop
                    self.plan = Plan(tuple(c.target for c in chosen), self._set_ranks(more), moved)
                    if self.done:
                        return
                continue
            if m != self.best:
                continue
            self.leaves += 1
            self.done = self.leaves >= self.MAX_LEAVES
            runs = [
                (c.holes + tuple(f for j, f in moved if j == i), c.gap + sum(1 for j, _ in moved if j == i))
                for i, c in enumerate(chosen)
            ]
            self._collect(g_all, c_all, runs, more, opts)

    def _collect(
        self,
        gaps: int,
        caps: int,
        runs: list[tuple[tuple[int, ...], int]],
        ranks: Sequence[int],
        opts: tuple[tuple[int, int], ...],
    ) -> None:
        """Add to ``found`` the faces that would make this plan one card closer: a wild, a
        natural for a hole of a run, a natural for a set's rank."""
        d = self.best
        w = self.wilds
        found = self.found
        if WILD not in found and min(_missing(gaps + g, caps + c, w + 1) for g, c in opts) < d:
            found.add(WILD)
        length = self.sp.run_len
        for holes, gap in runs:
            if not holes or found.issuperset(holes):
                continue
            c2 = caps - _cap(length, gap) + _cap(length, gap - 1)
            if min(_missing(gaps - 1 + g, c2 + c, w) for g, c in opts) < d:
                found.update(holes)
        if not self.sp.sets:
            return
        tried: set[int] = set()
        for i, count in enumerate(ranks):
            if count in tried:
                continue
            tried.add(count)
            more = list(ranks)
            more[i] += 1
            if min(_missing(gaps + g, caps + c, w) for g, c in self._set_opts(more)) < d:
                for j, other in enumerate(ranks):
                    if other == count:
                        found.update(s * 16 + FACE_RANKS[j] for s in range(4))

    # -- the two questions ---------------------------------------------------------------------

    def distance(self, stop: int = -1) -> int:
        self.stop = stop
        self._walk(0, 0, 0, 0, [])
        return self.best

    def plan_search(self) -> Plan | None:
        self._walk(0, 0, 0, 0, [])
        return self.plan

    def outs(self, d: int) -> set[int]:
        self.best = self.threshold = d
        self.collect = True
        self._walk(0, 0, 0, 0, [])
        return self.found


@functools.lru_cache(maxsize=100_000)
def _distance_of_key(key: tuple[int, ...], number: int) -> int:
    return _Search(Counts.of_key(key), spec(number)).distance()


@functools.lru_cache(maxsize=20_000)
def _outs_of_key(key: tuple[int, ...], number: int) -> frozenset[int]:
    d = _distance_of_key(key, number)
    if d == 0:
        return frozenset()
    return frozenset(_Search(Counts.of_key(key), spec(number)).outs(d))


def counts_distance(counts: Counts, number: int) -> int:
    """``distance`` of a hand given as ``Counts`` (cached by hand)."""
    return _distance_of_key(counts.key(), number)


def distance(hand: Iterable[Card], number: int, options: Options | None = None) -> int:
    """How many cards ``hand`` lacks to lay down contract ``number`` (0: it can now, keeping
    at least one card when the hand holds one more card than the contract needs).

    Counts the fewest cards to draw, over every way to build the contract at its asked
    lengths, with wilds where the ratio allows. ``options`` is accepted for symmetry with
    ``best_lay_down`` (no option changes the distance)."""
    del options
    return counts_distance(Counts.of(hand), number)


def within(counts: Counts, number: int, limit: int) -> bool:
    """True when ``counts`` is at most ``limit`` cards from contract ``number``."""
    if limit < 0:
        return False
    return _Search(counts, spec(number)).distance(limit) <= limit


def useful_faces(counts: Counts, number: int) -> frozenset[int]:
    """The faces (``WILD`` included) that would bring ``counts`` one card closer to contract
    ``number`` if drawn: the hand's outs (empty at distance 0). For hands far from the
    contract only the first few hundred best plans are read, so the answer may miss a few."""
    return _outs_of_key(counts.key(), number)


@functools.lru_cache(maxsize=20_000)
def _plan_of_key(key: tuple[int, ...], number: int) -> Plan | None:
    return _Search(Counts.of_key(key), spec(number)).plan_search()


def best_plan(counts: Counts, number: int) -> Plan | None:
    """One plan (run targets, set ranks) missing the fewest cards for contract ``number``:
    what the hand is building. ``None`` only for a contract without runs or sets (never)."""
    return _plan_of_key(counts.key(), number)


def extends_plan(plan: Plan, card: Card) -> bool:
    """Whether ``card`` would go to the table with the melds of ``plan`` once laid: a wild,
    a card of a set's rank, or the next card at either end of a run."""
    if is_wild(card):
        return True
    if card.rank in plan.set_ranks:
        return True
    suit = SUIT_INDEX[card.suit]
    values = (1, 14) if card.rank == 1 else (card.rank,)
    for target in plan.runs:
        if target.suit == suit:
            end = target.start + len(target.faces)
            if any(v == target.start - 1 or v == end for v in values):
                return True
    return False


# --------------------------------------------------------------------------------------------
# Laying down


def _plans(counts: Counts, sp: Spec, limit: int) -> list[Plan]:
    """Up to ``limit`` plans needing no card beyond the hand (distance 0)."""
    faces = list(counts.faces)
    length = sp.run_len
    half = length // 2
    targets = sp.targets
    out: list[Plan] = []

    def set_choices(ranks: list[int], k: int, lowest: int, gaps: int) -> Iterator[tuple[int, ...]]:
        if k == 0:
            if gaps <= counts.wilds:
                yield ()
            return
        for idx in range(lowest, len(FACE_RANKS)):
            # several sets on one rank share its naturals: give it all of them at once
            for m in range(k, 0, -1):
                naturals = min(ranks[idx], m * sp.set_len)
                q = naturals // m
                if q == 0 or sp.set_len - q > sp.set_len // 2:
                    continue
                g = m * sp.set_len - naturals
                for rest in set_choices(ranks, k - m, idx + 1, gaps + g):
                    yield (FACE_RANKS[idx],) * m + rest

    def run_choices(i: int, lowest: int, gaps: int, chosen: list[Chosen]) -> None:
        if len(out) >= limit:
            return
        if i == sp.runs:
            ranks = _rank_counts(faces)
            for moved in _withholdings(sp, counts.wilds, gaps, chosen, ranks, False):
                for set_ranks in set_choices(_boosted(ranks, moved), sp.sets, 0, gaps + len(moved)):
                    out.append(Plan(tuple(c.target for c in chosen), set_ranks, moved))
                    if len(out) >= limit:
                        return
            return
        masks = _suit_masks(faces)
        for t in range(lowest, len(targets)):
            target = targets[t]
            gap = length - (masks[target.suit] & target.window).bit_count()
            if gap > half or gaps + gap > counts.wilds:
                continue
            used = tuple(f for f in target.faces if f != WILD and faces[f])
            for f in used:
                faces[f] -= 1
            chosen.append(Chosen(target, (), gap, used))
            run_choices(i + 1, t, gaps + gap, chosen)
            chosen.pop()
            for f in used:
                faces[f] += 1

    run_choices(0, 0, 0, [])
    return out


def _build(hand: Sequence[Card], plan: Plan, sp: Spec) -> Melds | None:
    """The melds of ``plan`` made of physical cards of ``hand`` (table order)."""
    pools: dict[int, list[Card]] = {}
    wilds: list[Card] = []
    for card in hand:
        if is_wild(card):
            wilds.append(card)
        else:
            pools.setdefault(face_of(card), []).append(card)
    # lay the 2s before the jokers (the same in play)
    wilds.sort(key=lambda c: c.rank == 0)
    melds: list[tuple[Card, ...]] = []
    for j, target in enumerate(plan.runs):
        left = [f for i, f in plan.withheld if i == j]
        meld = []
        for f in target.faces:
            pool = pools.get(f) if f != WILD else None
            if f in left:
                left.remove(f)
                pool = None
            if pool:
                meld.append(pool.pop())
            elif wilds:
                meld.append(wilds.pop(0))
            else:
                return None
        melds.append(tuple(meld))
    by_rank: dict[int, list[int]] = {}
    for rank in plan.set_ranks:
        by_rank.setdefault(rank, []).append(len(melds))
        melds.append(())
    for rank, slots in by_rank.items():
        naturals = [c for s in range(4) for c in pools.get(s * 16 + rank, [])]
        use = min(len(naturals), len(slots) * sp.set_len)
        q, extra = divmod(use, len(slots))
        for j, slot in enumerate(slots):
            n = q + (1 if j < extra else 0)
            meld = naturals[:n]
            del naturals[:n]
            need = sp.set_len - n
            if need > n or need > len(wilds):
                return None
            meld += [wilds.pop(0) for _ in range(need)]
            melds[slot] = tuple(meld)
    return tuple(melds)


def lay_downs(
    hand: Sequence[Card], number: int, options: Options | None = None, keep: int = 1, limit: int = 60
) -> list[Melds]:
    """Up to ``limit`` different legal ways to lay down contract ``number`` from ``hand`` at
    the asked lengths, each leaving at least ``keep`` cards (melds in table order)."""
    del options  # melds are built at their asked lengths: legal with or without exact lengths
    sp = spec(number)
    if sp.cards > len(hand) - keep:
        return []
    counts = Counts.of(hand)
    if counts_distance(counts, number) > 0:
        return []
    out = []
    for plan in _plans(counts, sp, limit):
        melds = _build(hand, plan, sp)
        if melds is not None:
            out.append(melds)
    return out


LayDownScore = Callable[[Melds, list[Card]], Any]
"""Ranks a lay-down given its melds and the cards it leaves (lower is better)."""


def default_lay_down_score(melds: Melds, rest: list[Card]) -> tuple[int, int]:
    """Prefer lay-downs that keep the wilds in hand (they can be laid off later anywhere with
    room) and leave the fewest points; lower is better."""
    wilds_laid = sum(1 for m in melds for c in m if is_wild(c))
    return (wilds_laid, hand_penalty(rest))


def best_lay_down(
    hand: Sequence[Card],
    number: int,
    options: Options | None = None,
    keep: int = 1,
    score: LayDownScore | None = None,
    limit: int = 60,
) -> Melds | None:
    """The best way to lay down contract ``number`` from ``hand`` now, or ``None``.

    Returns one tuple of cards per meld, in table order (wilds where they stand), leaving at
    least ``keep`` cards. Among the legal ways found (``limit`` at most), the one with the
    lowest ``score(melds, rest)`` wins (default: ``default_lay_down_score``); the bots pass a
    score that plays out the rest of the turn (lay-offs and extra melds) and counts what is
    left."""
    choices = lay_downs(hand, number, options, keep, limit)
    if not choices:
        return None
    rank = score or default_lay_down_score

    def rest_of(melds: Melds) -> list[Card]:
        laid = {c.ident for m in melds for c in m}
        return [c for c in hand if c.ident not in laid]

    return min(choices, key=lambda melds: rank(melds, rest_of(melds)))
