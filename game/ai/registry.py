"""Find a bot class by game and level name, or by ``py:package.module:ClassName``."""

from __future__ import annotations

import importlib

from game.ai.base import Bot
from game.engine.games import GAME_IDS

LEVELS = ("random", "easy", "normal", "hard")

GAMES: tuple[str, ...] = GAME_IDS
"""The games with computer players: every game of the registry (``game.ai.<game>.levels``)."""


def _levels(game: str) -> dict[str, str]:
    """``game.ai.<game>.levels.LEVELS``: level name -> ``"module:Class"``."""
    if game not in GAMES:
        return {}
    return importlib.import_module(f"game.ai.{game}.levels").LEVELS


def available_levels(game: str) -> list[str]:
    """The built-in levels of ``game``, weakest first."""
    have = _levels(game)
    return [level for level in LEVELS if level in have]


def bot_class(game: str, name: str) -> type[Bot]:
    """The class named by ``name``: a level or ``py:package.module:ClassName``."""
    if name.startswith("py:"):
        target = name[3:]
    else:
        try:
            target = _levels(game)[name]
        except KeyError:
            raise ValueError(
                f"no {name!r} bot for {game} (have: {', '.join(available_levels(game))})"
            ) from None
    module_name, _, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise ValueError(f"{target} is not a game.ai.base.Bot subclass")
    return cls


def playable_level(game: str, level: str) -> str:
    """``level`` if ``game`` has it, else the strongest built-in level below it (a seat saved
    with a level keeps playing even where that level is not available)."""
    have = available_levels(game)
    if level in have:
        return level
    wanted = LEVELS.index(level) if level in LEVELS else len(LEVELS) - 1
    below = [lv for lv in have if LEVELS.index(lv) <= wanted]
    return below[-1] if below else have[0]


def make_bot(game: str, name: str, seed: int | None = None) -> Bot:
    """A new bot of the class named by ``name`` (see ``bot_class``)."""
    return bot_class(game, name)(seed=seed)
