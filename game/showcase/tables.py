"""Tables in telling positions, for the screenshots and the frame benchmark.

A session is dealt and played on by computer players until the table is busy (many melds, a
deep discard pile, a crowded tile table: each game's showcase module says when), then handed
to a person at seat 0. 500 Rum's busy table is a position set up by hand (``rum500``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.registry import make_bot
from game.engine.games import game_info
from game.showcase import FIXTURES
from game.ui.session import GameConfig, Seat, Session

NAMES = ["Marie", "Bruno", "Chloé", "Dimitri", "Élodie", "Félix"]


def busy_session(
    game: str, players: int, seed: int = 3, busy: Callable[[Session], bool] | None = None
) -> Session:
    """A session of ``game`` played by bots until ``busy(session)`` holds at seat 0's turn
    (another deal when a game ends first); by default, the game's own busy table."""
    fixture = FIXTURES[game]
    if busy is None and hasattr(fixture, "busy_session"):
        return fixture.busy_session(players, seed)
    busy = busy or fixture.busy(players)
    for attempt in range(20):
        session = _play_until(game, players, seed + 1000 * attempt, busy)
        if not session.state.is_over:
            return session
    return session


def _play_until(game: str, players: int, seed: int, busy: Callable[[Session], bool]) -> Session:
    """A session of ``game`` played by bots until ``busy`` holds at seat 0's turn, or over."""
    config = GameConfig(game, seats(players), options(game), seed)
    session = Session.start(config)
    bots = [make_bot(game, FIXTURES[game].BOT_LEVEL, seed * 10 + s) for s in range(players)]
    for _ in range(20000):
        state = session.state
        if state.is_over:
            break
        if state.current_player == 0 and getattr(state, "phase", "") in ("play", "draw") and busy(session):
            break
        seat = state.current_player
        session.apply(bots[seat].choose(state.view(seat)))
    return session


def options(game: str):
    """The rule options ``game`` is shown with."""
    return FIXTURES[game].options(game_info(game).options_class)


def seats(players: int) -> list[Seat]:
    """Marie, the person at the screen, and computer players."""
    return [Seat(NAMES[0])] + [Seat(n, "normal") for n in NAMES[1:players]]


def scene_makers() -> dict[str, Callable]:
    """Table scenes for ``--screenshot``: a quiet start and a busy table per game."""

    def start(game: str, players: int, busy: bool):
        def make(app) -> None:
            if busy:
                session = busy_session(game, players)
            else:
                session = Session.start(GameConfig(game, seats(players), options(game), seed=7))
            app.show_table(session)

        return make

    makers = {}
    for game, fixture in FIXTURES.items():
        makers[f"table-{game}-start"] = start(game, fixture.START_PLAYERS, False)
        makers[f"table-{game}-busy"] = start(game, fixture.BUSY_PLAYERS, True)
    return makers
