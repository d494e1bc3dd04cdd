"""Errors raised by the rules engines.

Every error carries a stable ``code`` (a short snake_case id) and keyword ``params`` so that
the interface can show a translated sentence: the engine never produces prose for players.
"""

from __future__ import annotations

from typing import Any


class IllegalMove(ValueError):
    """A move, meld or play that the rules do not allow.

    ``code`` is stable (the UI looks up ``error.<code>`` in its catalogues); ``params`` holds
    the details worth showing (a card, a contract number). The state is left untouched.
    """

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        self.code = code
        self.params = params
        detail = message or ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)


def require(condition: object, code: str, **params: Any) -> None:
    """Raise ``IllegalMove(code, **params)`` unless ``condition`` holds (a check's guard)."""
    if not condition:
        raise IllegalMove(code, **params)


class NotationError(ValueError):
    """Text that is not valid card or tile notation; ``token`` is the offending word."""

    def __init__(self, token: str, reason: str = "unknown card or tile") -> None:
        self.token = token
        super().__init__(f"bad token {token!r}: {reason}")


class SaveError(ValueError):
    """A saved game that is malformed or inconsistent (a card twice, a field unknown...).

    ``code`` is stable, like ``IllegalMove.code``; the message says what is wrong.
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


class InvariantError(AssertionError):
    """A broken invariant found by ``GameState.audit`` (a piece created or lost, an illegal
    meld on the table): a bug in the engine, never a player's mistake."""
