"""The 500 Rum random bot and simulation command: games end, with no violation."""

from __future__ import annotations

import pytest

from game.ai.registry import make_bot
from game.ai.rum500.random_bot import RandomBot
from game.engine.rum500 import Options, new_game
from game.sim.__main__ import main


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_bots_finish_games_to_500(players):
    state = new_game(players, Options(), seed=players)
    bots = [RandomBot(seed=s) for s in range(players)]
    for _ in range(20_000):
        if state.is_over:
            break
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
    assert state.is_over
    assert max(state.totals) >= 500 and state.totals[state.winners[0]] == max(state.totals)


def test_the_registry_builds_the_random_bot():
    assert isinstance(make_bot("rum500", "random", 1), RandomBot)


def test_the_simulation_command_runs_every_option(capsys):
    args = ["rum500", "--players", "random,random", "--games", "5", "--seats", "2-6", "--seed", "3"]
    args += ["--target", "150", "--reuse-discards", "--rummy-claims"]
    code = main(args)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "0 violations" in out
    assert "rum500 6 players: 1 games" in out
