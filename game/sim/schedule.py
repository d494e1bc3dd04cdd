"""Which games a simulation run plays: each game's deal and the bot at each seat.

Game ``g`` of a plain run is deal ``g``, its seats taking the ``--players`` entries in turn from
entry ``g`` on (so every bot plays every seat). With ``--duplicate`` each deal is played once per
seat order: deal ``d`` is games ``d*p .. d*p+p-1`` for ``p`` players, the ``r``-th of them with
the entries rotated by ``r`` (for two players: both orders), so that the luck of the deal falls
on every player alike.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass


@dataclass(frozen=True)
class GameSpec:
    """One game of a run: its place in the run, its deal and the bot name at each seat.

    The deal is dealt from ``deal_seed(run seed, deal)`` and the bot at seat ``s`` gets
    ``seed=deal_seed * 7 + s``, so the game is the same whichever process plays it."""

    index: int
    deal: int
    names: tuple[str, ...]


def deal_seed(run_seed: int, deal: int) -> int:
    """The seed of deal ``deal`` of a run seeded ``run_seed``."""
    return run_seed * 1_000_003 + deal


def seat_orders(names: list[str] | tuple[str, ...]) -> list[tuple[str, ...]]:
    """The seat orders a duplicate deal is played in: every rotation of ``names``."""
    return [tuple(names[(s + r) % len(names)] for s in range(len(names))) for r in range(len(names))]


def specs(args: argparse.Namespace) -> list[GameSpec]:
    """The games of a run: ``args.games`` of them, seated from ``args.players`` (cycling the
    player count through ``args.seat_range`` when given), on duplicate deals with
    ``args.duplicate``."""
    entries: list[str] = args.players
    if getattr(args, "duplicate", False):
        orders = seat_orders(entries)
        return [GameSpec(g, g // len(orders), orders[g % len(orders)]) for g in range(args.games)]
    counts = args.seat_range or [len(entries)]
    out = []
    for g in range(args.games):
        players = counts[g % len(counts)]
        out.append(GameSpec(g, g, tuple(entries[(g + s) % len(entries)] for s in range(players))))
    return out
