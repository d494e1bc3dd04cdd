"""The rules of the three games, as pure Python (no pygame, no I/O beyond JSON data).

- ``pieces``: cards and tiles; ``notation``: their text form (public API ``parse``/``format``).
- ``melds``: run and set shapes shared by the games.
- ``base``: the state/move pattern, JSON helpers, ``Move``, ``Event``, ``NextRound``.
- ``errors``: ``IllegalMove`` (stable codes), ``NotationError``, ``SaveError``.
- ``frustration``, ``rum500``, ``tiles``: one engine per game.
"""

from .errors import IllegalMove, InvariantError, NotationError, SaveError

__all__ = ["IllegalMove", "InvariantError", "NotationError", "SaveError"]
