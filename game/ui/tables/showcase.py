"""Tables in interesting positions, for screenshots and the frame benchmark.

A session is dealt and played on by computer players until the table is busy (many melds, a
deep discard pile, a crowded tile table), then handed to a person at seat 0.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.registry import make_bot
from game.ui.session import GameConfig, Seat, Session

NAMES = ["Marie", "Bruno", "Chloé", "Dimitri", "Élodie", "Félix"]


def busy_session(
    game: str, players: int, seed: int = 3, busy: Callable[[Session], bool] | None = None
) -> Session:
    """A session of ``game`` played by bots until ``busy(session)`` holds at seat 0's turn
    (another deal when a game ends first).

    500 Rum uses a position set up by hand (random play takes from the pile too eagerly for the
    pile and the melds to grow together)."""

    if game == "rum500" and busy is None:
        from game.ui.tables.rum500.showcase import busy_session as rum500_busy

        return rum500_busy(players, seed)

    busy = busy or _default_busy(game, players)
    for attempt in range(20):
        session = _play_until(game, players, seed + 1000 * attempt, busy)
        if not session.state.is_over:
            return session
    return session


def _play_until(game: str, players: int, seed: int, busy: Callable[[Session], bool]) -> Session:
    """A session of ``game`` played by bots until ``busy`` holds at seat 0's turn, or over."""
    options = _showcase_options(game)
    config = GameConfig(game, [Seat(NAMES[0])] + [Seat(n, "normal") for n in NAMES[1:players]], options, seed)
    session = Session.start(config)
    # Frustration's random players rarely lay a contract down; its normal players fill the table.
    level = "normal" if game == "frustration" else "random"
    bots = [make_bot(game, level, seed * 10 + s) for s in range(players)]
    for _ in range(20000):
        state = session.state
        if state.is_over:
            break
        if state.current_player == 0 and getattr(state, "phase", "") in ("play", "draw") and busy(session):
            break
        seat = state.current_player
        session.apply(bots[seat].choose(state.view(seat)))
    return session


def _showcase_options(game: str):
    from game.engine.games import game_info

    options_class = game_info(game).options_class
    if game == "frustration":
        return options_class(final_contract=14)
    return options_class()


def _default_busy(game: str, players: int) -> Callable[[Session], bool]:
    """A table well filled for its number of players (two players lay less before a round ends)."""
    if game == "frustration":
        melds = 8 if players > 3 else 4
        return lambda s: len(s.state.table) >= melds and s.state.phase == "play" and len(s.state.hand(0)) >= 6
    if game == "rum500":
        return lambda s: len(s.state.table) >= 8 and len(s.state.discard) >= 10 and s.state.phase == "draw"
    tiles, rack = (34, 8) if players > 3 else (18, 6)
    return lambda s: (
        sum(len(m) for m in s.state.table) >= tiles
        and len(s.state.hand(0)) >= rack
        and s.state.phase == "play"
    )


def scene_makers() -> dict[str, Callable]:
    """Table scenes for ``--screenshot``: a quiet start and a busy table per game."""

    def start(game: str, players: int, busy: bool):
        def make(app) -> None:
            if busy:
                session = busy_session(game, players)
            else:
                names = [Seat(NAMES[0])] + [Seat(n, "normal") for n in NAMES[1:players]]
                session = Session.start(GameConfig(game, names, _showcase_options(game), seed=7))
            app.show_table(session)

        return make

    makers = {}
    for game, players in (("frustration", 6), ("rum500", 4), ("tiles", 4)):
        makers[f"table-{game}-start"] = start(game, 2 if game != "frustration" else 4, False)
        makers[f"table-{game}-busy"] = start(game, players, True)
    return makers
