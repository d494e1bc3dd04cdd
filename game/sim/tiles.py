"""Simulation settings for the tile game: one command-line flag per rule option."""

from __future__ import annotations

import argparse

from game.engine.tiles import (
    OPENING_MINIMUMS,
    TIMEOUT_PENALTIES,
    TIMERS,
    TURN_RULES,
    Options,
    Timeout,
    new_game,
)
from game.engine.tiles.options import MAX_ROUNDS
from game.engine.tiles.state import MAX_PLAYERS, MIN_PLAYERS, STALEMATE_CIRCUITS, TilesState
from game.sim.checks import int_at_least
from game.sim.runner import SimGame

_DEFAULT = Options()


def add_options(parser: argparse.ArgumentParser) -> None:
    """The tile game's rule options as flags, RULES.md's defaults."""
    group = parser.add_argument_group("tile game rules")
    group.add_argument(
        "--stars", action=argparse.BooleanOptionalAction, default=_DEFAULT.stars, help="play with the 2 stars"
    )
    group.add_argument(
        "--opening-min",
        type=int,
        choices=OPENING_MINIMUMS,
        default=_DEFAULT.opening_min,
        help=f"points of a first play (default {_DEFAULT.opening_min})",
    )
    group.add_argument(
        "--continue-after-opening", action="store_true", help="the opening turn may also use the table"
    )
    group.add_argument("--ace-after-13", action="store_true", help="a run may go on from 13 to 1")
    only = group.add_mutually_exclusive_group()
    only.add_argument("--groups-only", action="store_true", help="only groups (same number) are laid")
    only.add_argument("--runs-only", action="store_true", help="only runs (same colour) are laid")
    group.add_argument("--mixed-colour-runs", action="store_true", help="a run may mix colours")
    group.add_argument(
        "--turn-rule",
        choices=TURN_RULES,
        default=_DEFAULT.turn_rule,
        help=f"what a turn without a play does (default {_DEFAULT.turn_rule})",
    )
    group.add_argument("--timer", type=int, choices=TIMERS, default=_DEFAULT.timer, help="seconds, 0 = off")
    group.add_argument(
        "--timeout-penalty",
        type=int,
        choices=TIMEOUT_PENALTIES,
        default=_DEFAULT.timeout_penalty,
        help=f"tiles drawn when the time runs out (default {_DEFAULT.timeout_penalty})",
    )
    group.add_argument(
        "--rounds",
        type=int_at_least(1, MAX_ROUNDS),
        default=_DEFAULT.rounds,
        help=f"rounds, 1 to {MAX_ROUNDS} (default {_DEFAULT.rounds})",
    )


def options_from(args: argparse.Namespace) -> Options:
    """The ``Options`` named by the flags of ``add_options``."""
    return Options(
        stars=args.stars,
        opening_min=args.opening_min,
        continue_after_opening=args.continue_after_opening,
        ace_after_13=args.ace_after_13,
        groups_only=args.groups_only,
        runs_only=args.runs_only,
        mixed_colour_runs=args.mixed_colour_runs,
        turn_rule=args.turn_rule,
        timer=args.timer,
        timeout_penalty=args.timeout_penalty,
        rounds=args.rounds,
    )


def round_ends(state: TilesState) -> list[tuple[int | None, str]]:
    """Each round's winner (the player who went out) or ``None`` (blocked, stalemate), and its
    end: ``out``, ``blocked`` or ``stalemate``."""
    return [(row["winner"], row["end"]) for row in state.sheet]


GAME = SimGame(
    name="tiles",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    add_options=add_options,
    new_state=lambda args, players, seed: new_game(players, options_from(args), seed),
    # A round ends after STALEMATE_CIRCUITS (20) quiet circuits, and at most 106 turns lay
    # tiles, so no round can pass (106 + 1) * 20 * 4 = 8560 turns.
    default_turn_cap=(106 + 1) * STALEMATE_CIRCUITS * MAX_PLAYERS + 40,
    round_ends=round_ends,
    # The sand glass is the interface's: a bot never chooses to time out.
    interface_moves=(Timeout,),
)
