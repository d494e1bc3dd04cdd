"""Simulation of Frustration Rummy: ``python -m game.sim frustration --players random,random``.

Every rule option has a flag (see ``--help``); the defaults are RULES.md's.
"""

from __future__ import annotations

import argparse

from game.engine.frustration import FrustrationState, Options, new_game
from game.sim.runner import SimGame


def add_options(parser: argparse.ArgumentParser) -> None:
    """One flag per rule option of ``game.engine.frustration.Options``."""
    group = parser.add_argument_group("Frustration rule options")
    group.add_argument(
        "--decks",
        type=int,
        choices=(2, 3),
        default=None,
        help="52-card decks (2 jokers each); default: 2 for 2-4 players, 3 for 5-6",
    )
    group.add_argument(
        "--final-contract",
        type=int,
        choices=range(1, 15),
        default=14,
        metavar="N",
        help="the contract (1-14) that wins the game (default 14)",
    )
    flags = (
        (
            "final-contract-wins",
            False,
            "the game ends with the round in which anyone lays down the final contract; lowest penalty wins",
        ),
        (
            "everyone-down-ends-round",
            False,
            "a round also ends once every player has laid down their contract",
        ),
        ("exact-contract-length", False, "contract melds must have exactly the asked length"),
        ("wild-takeback", True, "a player whose contract is down may take back a wild from a run"),
        ("scoring", True, "add hand penalties to the score sheet every round"),
    )
    for name, default, text in flags:
        group.add_argument(
            f"--{name}",
            action=argparse.BooleanOptionalAction,
            default=default,
            help=f"{text} (default {'on' if default else 'off'})",
        )
    group.add_argument(
        "--extra-run-min",
        type=int,
        choices=(3, 4),
        default=3,
        help="minimum length of a run laid as an extra meld (default 3)",
    )


def options_from_args(args: argparse.Namespace) -> Options:
    """The ``Options`` named by the command-line flags."""
    return Options(
        decks=args.decks,
        final_contract=args.final_contract,
        final_contract_wins=args.final_contract_wins,
        everyone_down_ends_round=args.everyone_down_ends_round,
        exact_contract_length=args.exact_contract_length,
        extra_run_min=args.extra_run_min,
        wild_takeback=args.wild_takeback,
        scoring=args.scoring,
    )


def new_state(args: argparse.Namespace, players: int, seed: int) -> FrustrationState:
    """A fresh game for the simulation."""
    return new_game(players, options_from_args(args), seed)


GAME = SimGame(
    name="frustration",
    min_players=2,
    max_players=6,
    add_options=add_options,
    new_state=new_state,
    default_turn_cap=1000,
)
