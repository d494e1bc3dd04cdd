"""The rules of the three games, as pure Python (no pygame, no I/O beyond JSON data).

- ``pieces``: cards and tiles; ``notation``: their text form (public API ``parse``/``format``).
- ``melds``: run and set shapes shared by the games.
- ``base``: the state/move pattern (``GameState``, ``TurnRules``: one dispatch of moves,
  ``why_not``), JSON helpers, ``Move``, ``Event``, ``NextRound``.
- ``events``: ``PublicEvent``, the one shape of every game's public log.
- ``errors``: ``IllegalMove`` (stable codes), ``NotationError``, ``SaveError``.
- ``frustration``, ``rum500``, ``tiles``: one engine per game.
"""

from .errors import IllegalMove, InvariantError, NotationError, SaveError

__all__ = ["IllegalMove", "InvariantError", "NotationError", "SaveError"]
