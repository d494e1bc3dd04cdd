"""Fixtures for the screenshots and the benchmarks, not part of the game's interface: tables in
telling positions (``tables``: a quiet start and a busy table of every game; ``follow``: the
other players' turns being replayed, the round's history; ``round_end``: the end of a round,
its history, the end of a short game), every screen rendered to PNG files
(``screenshots``, for ``python -m game --screenshot DIR``).

Each game has its module here (``frustration``, ``rum500``, ``tiles``) saying how it is shown:
how many seats, which computer players fill its table, when its table is busy; ``FIXTURES``
lists them in the order of the games.
"""

from __future__ import annotations

from game.showcase import frustration, rum500, tiles

FIXTURES = {fixture.GAME: fixture for fixture in (frustration, rum500, tiles)}
"""Each game's showcase module by game id."""
