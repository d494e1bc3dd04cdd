"""What a worker plays: one game, or a chunk of games, from their specs alone.

Worker processes (``game.sim.parallel``) and Ray tasks (``game.sim.cluster``) run these: the
game's name, the parsed command line and a ``GameSpec`` are all a game needs (its seeds follow
from the spec), and the bots are made here by name through the registry.
"""

from __future__ import annotations

import argparse

from game.ai.registry import make_bot
from game.sim.games import load_game
from game.sim.runner import SimReport, play_game
from game.sim.schedule import GameSpec


def play_spec(game: str, args: argparse.Namespace, spec: GameSpec) -> SimReport:
    """Play one game of ``game`` (its name) with the registry's bots: what every worker runs."""
    return play_game(load_game(game), args, lambda name, seed: make_bot(game, name, seed), spec)


def play_specs(game: str, args: argparse.Namespace, specs: list[GameSpec]) -> list[SimReport]:
    """``play_spec`` for each of ``specs``, in order (a chunk of games for one task)."""
    return [play_spec(game, args, spec) for spec in specs]


def chunk_size(games: int, workers: int) -> int:
    """Games sent to a Ray task at a time: about 8 chunks per worker, at most 16 games a chunk
    (one game a chunk for short runs, whose games are the long ones). Worker processes take one
    game at a time: a game costs far more than sending it, and a finished game is counted at
    once (the progress bar moves game by game, and Ctrl+C loses only the games being played)."""
    return max(1, min(16, games // (8 * max(workers, 1))))
