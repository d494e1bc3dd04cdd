"""The simulator's command-line values, checked where argparse reads them.

Each function here is an argparse ``type=``: it returns the value or raises
``argparse.ArgumentTypeError``, so that a bad value ends the command with argparse's one-line
``error:`` message and exit status 2, never a traceback and never a value taken silently.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable

from game.ai.registry import make_bot


def int_at_least(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` (to ``high`` when given)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low or (high is not None and value > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {value}")
        return value

    return parse


positive_int = int_at_least(1)
"""An argparse type: a whole number of at least 1."""

non_negative_int = int_at_least(0)
"""An argparse type: a whole number of at least 0."""


def bot_names(*, unique: bool = False) -> Callable[[str], list[str]]:
    """An argparse type: comma-separated bot names, none empty (with ``unique``, none twice).
    Whether each names a bot is ``check_bots``'s question, asked once the game is known (a
    caller of ``build_parser`` may bring its own bots under names of its own)."""

    def parse(text: str) -> list[str]:
        names = [name.strip() for name in text.split(",")]
        if not all(names):
            raise argparse.ArgumentTypeError(f"an empty name in {text!r}")
        if unique and len(set(names)) != len(names):
            raise argparse.ArgumentTypeError(f"a name given twice in {text!r}")
        return names

    return parse


def check_bots(game: str, names: list[str]) -> str | None:
    """Why one of ``names`` makes no bot of ``game`` (a level, a baseline or
    ``py:package.module:Name``), in one line, or ``None``. A bot's constructor may raise
    anything (an abstract class, a missing argument), hence the broad catch."""
    for name in dict.fromkeys(names):
        try:
            make_bot(game, name, 0)
        except ImportError as exc:
            return f"--players {name}: cannot import {exc.name or exc}"
        except Exception as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            return f"--players {name} is not a bot of {game}: {reason}"
    return None


def known_names(game: str) -> list[str]:
    """The names the registry knows for ``game`` without ``py:``: its levels and baselines."""
    return list(importlib.import_module(f"game.ai.{game}.levels").LEVELS)
