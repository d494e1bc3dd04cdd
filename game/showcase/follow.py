"""Tables in the middle of replaying the other players' turns, and with the round history open,
for ``--screenshot`` (``follow-<game>``, ``history-<game>``)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.registry import make_bot
from game.showcase import FIXTURES
from game.showcase.tables import busy_session
from game.ui.session import Session
from game.ui.tables.follow import TABLE_KINDS, last_own_action


def played_on(game: str, seed: int = 3) -> Session:
    """A busy session played on until the computers have put pieces on the table since seat 0's
    last action, stopping at seat 0's turn (or at a computer's turn after a laying move)."""
    fixture = FIXTURES[game]
    session = busy_session(game, fixture.FOLLOW_PLAYERS, seed)
    bots = [make_bot(game, fixture.BOT_LEVEL, seed * 10 + s) for s in range(fixture.FOLLOW_PLAYERS)]
    for _ in range(400):
        state = session.state
        if state.is_over or getattr(state, "phase", "") in ("round_over", "game_over"):
            break
        events = state.view(0).log
        since = events[last_own_action(events, 0) :]
        laid = sum(1 for e in since if e.kind in TABLE_KINDS)
        if state.current_player == 0 and laid >= 1 and len(since) >= 3:
            break
        seat = state.current_player
        saved = session.to_json()
        session.apply(bots[seat].choose(state.view(seat)))
        if getattr(session.state, "phase", "") in ("round_over", "game_over"):
            return Session.from_json(saved)  # the picture is of a round still being played
    return session


def scene_makers() -> dict[str, Callable]:
    """``follow-<game>``: mid-replay with marks; ``history-<game>``: the history panel."""

    def make(game: str, history: bool):
        def build(app) -> None:
            app.settings.animation_speed = "fast" if history else "slow"
            app.show_table(played_on(game))
            table = app.scenes.top
            table.turns.advance = lambda *_: None  # a still picture: nobody plays on
            app.step(1 / 60)
            table.replay.seen.clear()
            table.refresh()
            if history:
                table.replay.finish()
                table.follow_layer.history_open = True

        return build

    makers = {}
    for game in FIXTURES:
        makers[f"follow-{game}"] = make(game, False)
        makers[f"history-{game}"] = make(game, True)
    return makers
