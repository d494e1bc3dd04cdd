"""Find a bot by game and level name, or by ``py:package.module:Name``.

``Name`` may be any class whose instances have a ``choose(view)`` method (``BotProtocol``;
subclassing ``Bot`` is not needed): it is made with ``Name(seed=N)`` when its constructor takes
a ``seed`` keyword, else with ``Name()``. It may also be a ready object with ``choose``, which
then plays every seat it is given.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from game.ai.base import BotProtocol
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


def bot_class(game: str, name: str) -> Any:
    """The class (or ready object) named by ``name``: a level or ``py:package.module:Name``;
    raises ``ValueError`` when it has no ``choose`` method."""
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
    found = getattr(importlib.import_module(module_name), class_name)
    if not callable(getattr(found, "choose", None)):
        raise ValueError(f"{target} is not a bot: it needs a choose(view) method")
    return found


def playable_level(game: str, level: str) -> str:
    """``level`` if ``game`` has it, else the strongest built-in level below it (a seat saved
    with a level keeps playing even where that level is not available)."""
    have = available_levels(game)
    if level in have:
        return level
    wanted = LEVELS.index(level) if level in LEVELS else len(LEVELS) - 1
    below = [lv for lv in have if LEVELS.index(lv) <= wanted]
    return below[-1] if below else have[0]


def make_bot(game: str, name: str, seed: int | None = None) -> BotProtocol:
    """A new bot of the class named by ``name`` (see ``bot_class``), given ``seed`` when its
    constructor takes it."""
    found = bot_class(game, name)
    if not isinstance(found, type):
        return found
    bot = found(seed=seed) if takes_seed(found) else found()
    if not isinstance(bot, BotProtocol):
        raise ValueError(f"{name} made an object without a choose(view) method")
    return bot


def takes_seed(cls: type) -> bool:
    """True when ``cls(seed=...)`` is accepted (a ``seed`` parameter or ``**kwargs``)."""
    try:
        parameters = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "seed" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)
