"""Computer players. A bot sees only its seat's view and answers with one engine move.

``game.ai.base.Bot`` is the interface shared by the three games, the interface, the simulation
command and bots written outside the project; ``game.ai.registry`` finds a bot by level name.

Two helpers of the built-in players are public, for bots written outside the project:
``game.ai.lay_down_moves(view)`` (Frustration: the ``LayDown`` moves the seat can play now, which
``legal_moves()`` does not list) and ``game.ai.best_tile_play(rack, table, opened, options=...)``
(the tile solver's best play, a ``Play`` whose ``placed`` is empty when nothing can be laid).

The built-in players are written one way in the three games. A level is a class; its tunable
parameters are lower-case class attributes typed ``ClassVar``, each with its docstring (the
card games group their heuristic weights in a frozen ``Style``, itself such an attribute), so
a variant is a subclass that sets some of them. A player that searches bounds each decision in
work, never in time, so that a seed gives the same game on an idle or a loaded machine:
``work`` is the work units one decision may spend, the unit being the game's step of search
(Frustration: a move played out in a dealt round; 500 Rum: a dealt game, every candidate's
reply played on it; the tile game: a node of the solver's search).
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "lay_down_moves": "game.ai.frustration.laydowns",
    "best_tile_play": "game.ai.tiles.solver",
}


def __getattr__(name: str) -> Any:
    """The public helpers, imported on first use (each game's players load only when asked)."""
    if name not in _EXPORTS:
        raise AttributeError(f"module 'game.ai' has no attribute {name!r}")
    module = importlib.import_module(_EXPORTS[name])
    return getattr(module, "best_play" if name == "best_tile_play" else name)


__all__ = ["best_tile_play", "lay_down_moves"]
