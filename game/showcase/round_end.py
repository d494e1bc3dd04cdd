"""Round ends for ``--screenshot``: the end-of-round panel of every game (``round-end-<game>``,
Frustration's with its contract grid), the round's history opened over it
(``round-end-history-<game>``), and the end of a short game where a game's showcase module
gives one (``game-over-<game>``: the tile game's, with what is left on every rack)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.registry import make_bot
from game.showcase import FIXTURES
from game.showcase.tables import options, seats
from game.ui.session import GameConfig, Session


def played_to_the_end(game: str, over: bool = False, seed: int = 3) -> Session:
    """A session of ``game`` (a person at seat 0 and computer players) played by computer
    players to the end of its first round, or with ``over`` to the end of a short game."""
    fixture = FIXTURES[game]
    players = fixture.FOLLOW_PLAYERS
    chosen = fixture.short_game(options(game)) if over else options(game)
    session = Session.start(GameConfig(game, seats(players), chosen, seed))
    bots = [make_bot(game, fixture.BOT_LEVEL, seed * 10 + s) for s in range(players)]
    for _ in range(20000):
        state = session.state
        if state.is_over or (not over and state.phase == "round_over"):
            break
        seat = state.current_player
        session.apply(bots[seat].choose(state.view(seat)))
    return session


def scene_makers() -> dict[str, Callable]:
    """``round-end-<game>``, ``round-end-history-<game>`` and ``game-over-<game>``."""

    def make(game: str, history: bool = False, over: bool = False):
        def build(app) -> None:
            app.settings.animation_speed = "instant"
            app.show_table(played_to_the_end(game, over))
            table = app.scenes.top
            for _ in range(3):  # the summary comes over the final table
                app.step(1 / 60)
            celebration = getattr(app.scenes.top, "celebration", None)
            for _ in range(600):  # the confetti of the game's end have fallen
                if celebration is None or not celebration.running:
                    break
                app.step(1 / 30)
            if history:
                table.follow_layer.history_open = True

        return build

    makers = {}
    for game, fixture in FIXTURES.items():
        makers[f"round-end-{game}"] = make(game)
        makers[f"round-end-history-{game}"] = make(game, history=True)
        if hasattr(fixture, "short_game"):
            makers[f"game-over-{game}"] = make(game, over=True)
    return makers
