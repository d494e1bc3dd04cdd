"""The bot interface shared by the three games.

A bot is any object with a ``choose(view)`` method (``BotProtocol``); it is asked for one move
at a time::

    class MyBot:
        def __init__(self, seed=None):  # optional: the simulator passes seed= when accepted
            ...

        def choose(self, view):
            return view.legal_moves()[0]

Subclassing ``Bot`` is a convenience (it gives ``self.rng``, a ``random.Random(seed)``), not a
requirement.

``view`` is ``state.view(seat)`` for the seat to move: the bot's own hand, the public table and
the public log of the round, never another seat's hidden pieces. The returned move must be one
the engine accepts; the caller applies it. Bots may keep memory between calls, but everything
they need is in the view, so a fresh bot can take over a saved game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Protocol, runtime_checkable

from game.engine.base import Move


@runtime_checkable
class BotProtocol(Protocol):
    """What makes a computer player: a ``choose(view)`` method returning one engine move.
    ``isinstance(obj, BotProtocol)`` checks it at run time."""

    def choose(self, view: Any) -> Move:
        """The move to play for the seat whose ``view`` this is (it is that seat's turn)."""
        ...


class Bot(ABC):
    """A computer player. ``seed`` makes its random choices repeatable."""

    level: ClassVar[str] = "custom"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: Any) -> Move:
        """The move to play for the seat whose ``view`` this is (it is that seat's turn)."""
