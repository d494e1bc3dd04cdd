"""500 Rum for the simulation command: ``python -m game.sim rum500 --players random,random``."""

from __future__ import annotations

import argparse

from game.engine.base import GameState
from game.engine.rum500 import MAX_PLAYERS, MIN_PLAYERS, Options, new_game
from game.sim.checks import positive_int
from game.sim.runner import SimGame

_DEFAULTS = Options()


def add_options(parser: argparse.ArgumentParser) -> None:
    """One flag per rule option of ``game.engine.rum500.Options``, with its default."""
    parser.add_argument(
        "--target",
        type=positive_int,
        default=_DEFAULTS.target,
        help=f"total that ends the game ({_DEFAULTS.target})",
    )
    parser.add_argument(
        "--reuse-discards",
        action=argparse.BooleanOptionalAction,
        default=_DEFAULTS.reuse_discards,
        help="turn the discard pile over as a new stock instead of ending the hand",
    )
    parser.add_argument(
        "--rummy-claims",
        action=argparse.BooleanOptionalAction,
        default=_DEFAULTS.rummy_claims,
        help='let other players claim a discard that could be laid down ("Rummy!")',
    )


def new_state(args: argparse.Namespace, players: int, seed: int) -> GameState:
    """A new game with the options given on the command line."""
    options = Options(target=args.target, reuse_discards=args.reuse_discards, rummy_claims=args.rummy_claims)
    return new_game(players, options, seed)


GAME = SimGame(
    name="rum500",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    add_options=add_options,
    new_state=new_state,
    # Without reuse_discards a hand lasts at most about 110 turns (every turn uses a stock card
    # or puts a card on the table); with it, random play can cycle, hence the cap.
    default_turn_cap=2000,
)
