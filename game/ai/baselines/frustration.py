"""Frustration Rummy baseline, written from the rules (shared/RULES.md section 1) and the bot API.

It counts the cards its contract still misses with its own small finder, takes the discard
when it closes a gap (or is a wild), lays the contract down as soon as it holds it, then lays
off and melds everything the engine accepts (``view.why_not``), and sheds the high cards that go
with nothing. It never takes wilds back. Nothing from the built-in levels is used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar

from game.ai.base import Bot
from game.engine.base import Move, NextRound
from game.engine.frustration import Discard, DrawDiscard, DrawStock, ExtraMeld, LayDown, LayOff
from game.engine.pieces import Card

Face = tuple[int, str]


def wild(card: Card) -> bool:
    """Jokers and every 2 are wild."""
    return card.rank in (0, 2)


def penalty(card: Card) -> int:
    """What the card costs when caught in hand."""
    if wild(card):
        return 50
    if card.rank == 1:
        return 15
    return 10 if card.rank >= 10 else 5


def candidates(naturals: Counter[Face], kind: str, length: int) -> list[tuple[int, tuple[Face | None, ...]]]:
    """Partial melds for one part: ``(missing, faces)`` where ``faces`` lists the naturals it
    uses in table order and ``None`` where a wild must stand. Best (fewest missing) first."""
    found: list[tuple[int, tuple[Face | None, ...]]] = []
    if kind == "set":
        by_rank: dict[int, list[Face]] = {}
        for face, n in naturals.items():
            by_rank.setdefault(face[0], []).extend([face] * n)
        for faces in by_rank.values():
            used = faces[:length]
            found.append((length - len(used), (*used, *([None] * (length - len(used))))))
    else:
        for suit in "SHDC":
            for low in range(1, 16 - length):
                slots: list[Face | None] = []
                for v in range(low, low + length):
                    rank = 1 if v == 14 else v
                    slots.append((rank, suit) if v != 2 and naturals[(rank, suit)] else None)
                have = sum(1 for s in slots if s)
                if have:
                    found.append((length - have, tuple(slots)))
    found.sort(key=lambda f: f[0])
    return found[:12]


def plan(hand: Sequence[Card], parts: Sequence[tuple[str, int]]) -> tuple[int, list[tuple[Face | None, ...]]]:
    """The fewest cards the contract misses and the partial melds that achieve it."""
    faces = tuple(sorted((c.rank, c.suit) for c in hand if not wild(c)))
    return _plan(faces, sum(1 for c in hand if wild(c)), tuple(parts))


@lru_cache(maxsize=50000)
def _candidates(faces: tuple[Face, ...], kind: str, length: int) -> list[tuple[int, tuple[Face | None, ...]]]:
    return candidates(Counter(faces), kind, length)[:6]


@lru_cache(maxsize=20000)
def _plan(
    faces: tuple[Face, ...], wilds: int, parts: tuple[tuple[str, int], ...]
) -> tuple[int, list[tuple[Face | None, ...]]]:
    best: tuple[int, list[tuple[Face | None, ...]]] = (99, [])
    spare = [sum(length // 2 for _, length in parts[i:]) for i in range(len(parts) + 1)]

    def walk(
        i: int, left: tuple[Face, ...], missing: int, room: int, chosen: list[tuple[Face | None, ...]]
    ) -> None:
        nonlocal best
        if missing - min(wilds, room + spare[i]) >= best[0]:
            return
        if i == len(parts):
            best = (missing - min(wilds, room), list(chosen))
            return
        kind, length = parts[i]
        for miss, faces in _candidates(left, kind, length):
            rest = list(left)
            for f in faces:
                if f is not None:
                    if f not in rest:
                        break
                    rest.remove(f)
            else:
                walk(i + 1, tuple(rest), missing + miss, room + min(miss, length // 2), [*chosen, faces])

    walk(0, faces, 0, 0, [])
    return best


def distance(hand: Sequence[Card], parts: Sequence[tuple[str, int]]) -> int:
    """The fewest cards the contract misses (0: the hand holds it)."""
    return plan(hand, parts)[0]


def build(hand: Sequence[Card], parts: Sequence[tuple[str, int]]) -> tuple[tuple[Card, ...], ...] | None:
    """Concrete melds for the contract, from physical cards, when the hand holds it."""
    d, chosen = plan(hand, parts)
    if d != 0:
        return None
    pool = list(hand)
    wilds = [c for c in pool if wild(c)]
    melds = []
    for faces in chosen:
        meld = []
        for face in faces:
            if face is None:
                if not wilds:
                    return None
                card = wilds.pop()
            else:
                card = next(c for c in pool if not wild(c) and (c.rank, c.suit) == face)
            pool = [c for c in pool if c.ident != card.ident]
            meld.append(card)
        melds.append(tuple(meld))
    return tuple(melds)


def extra_melds(hand: Sequence[Card], run_min: int) -> list[tuple[Card, ...]]:
    """Sets of 3+ and runs of ``run_min``+ of naturals in ``hand``."""
    out = []
    naturals = [c for c in hand if not wild(c)]
    by_rank: dict[int, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
    out.extend(tuple(cs) for cs in by_rank.values() if len(cs) >= 3)
    for suit in "SHDC":
        at: dict[int, Card] = {}
        for c in naturals:
            if c.suit == suit:
                at.setdefault(c.rank, c)
                if c.rank == 1:
                    at.setdefault(14, c)
        for low in range(3, 15):
            run = []
            v = low
            while v in at and v <= 14:
                run.append(at[v])
                v += 1
            if len(run) >= run_min and low - 1 not in at:
                out.append(tuple(run))
    return out


def fits(card: Card, meld: Any) -> bool:
    """Whether a natural ``card`` could be laid off on table meld ``meld``."""
    if wild(card):
        return True
    if meld.kind == "set":
        return card.rank == meld.low
    if card.suit != meld.suit:
        return False
    v = card.rank
    return v == meld.low - 1 or v == meld.high + 1 or (v == 1 and meld.high == 13)


def picked_by(view: Any, seat: int) -> list[str]:
    """Cards (notation) ``seat`` took from the discard pile this round."""
    return [e.pieces[0] for e in view.log if e.kind == "draw" and e.source == "discard" and e.seat == seat]


class Baseline(Bot):
    """Contract distance, take what closes a gap, lay down at once, lay off everything."""

    level: ClassVar[str] = "baseline"

    def choose(self, view: Any) -> Move:
        """Draw as ``draw`` says, play as ``play`` says, then go on to the next round."""
        moves = view.legal_moves()
        if view.phase == "draw":
            return self.draw(view, moves)
        if view.phase != "play":
            return next((m for m in moves if isinstance(m, NextRound)), moves[0])
        return self.play(view, moves)

    def play(self, view: Any, moves: list[Move]) -> Move:
        """Lay down, meld, lay off, then discard."""
        parts = view.contract_of(view.seat)
        if view.can_lay_down():
            melds = build(view.hand, parts)
            if melds is not None:
                move = LayDown(melds)
                if view.why_not(move) is None:
                    return move
        if view.can_meld():
            for cards in extra_melds(view.hand, view.options.extra_run_min):
                move = ExtraMeld(cards)
                if view.why_not(move) is None:
                    return move
            lay_offs = [m for m in moves if isinstance(m, LayOff)]
            lay_offs.sort(key=lambda m: wild(m.card))
            if lay_offs:
                return lay_offs[0]
        discards = [m for m in moves if isinstance(m, Discard)]
        return min(discards, key=lambda m: self.keep_score(view, m.card, parts))

    def draw(self, view: Any, moves: list[Move]) -> Move:
        """The discard when ``takes`` says so, else the stock."""
        top = view.discard_top
        take = next((m for m in moves if isinstance(m, DrawDiscard)), None)
        blind = next((m for m in moves if isinstance(m, DrawStock)), None)
        if take is None or top is None:
            return blind or moves[0]
        if blind is None:
            return take
        return take if self.takes(view, top) else blind

    def takes(self, view: Any, top: Card) -> bool:
        """Whether to take ``top`` from the discard pile: when it closes a gap (or is a wild, or
        once down goes to the table)."""
        if wild(top):
            return True
        if view.is_down:
            return any(fits(top, m) for m in view.table) or any(
                top in meld for meld in extra_melds([*view.hand, top], view.options.extra_run_min)
            )
        parts = view.contract_of(view.seat)
        return distance([*view.hand, top], parts) < distance(view.hand, parts)

    def keep_score(self, view: Any, card: Card, parts: Sequence[tuple[str, int]]) -> float:
        """Lower is a better discard."""
        rest = [c for c in view.hand if c.ident != card.ident]
        score = 0.0
        if not view.is_down:
            score += 100 * distance(rest, parts)
        if wild(card):
            score += 500
        nxt = (view.seat + 1) % view.num_players
        if any(fits(card, m) for m in view.table):
            score += 40
        wanted = picked_by(view, nxt)
        if card.text in wanted or any(t[:-1] == card.text[:-1] for t in wanted):
            score += 20
        partners = sum(
            1
            for o in rest
            if not wild(o) and (o.rank == card.rank or (o.suit == card.suit and abs(o.rank - card.rank) <= 2))
        )
        return score + 8 * partners - penalty(card)
