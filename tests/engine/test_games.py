"""The registry of games: each engine package declares its game once (``GAME``), and the games
module, the computer players' registry, the simulation and the benchmark read it from there."""

from __future__ import annotations

import argparse
import importlib

import pytest

from game.ai import registry
from game.bench import frames
from game.engine.errors import SaveError
from game.engine.games import GAME_IDS, GAMES, game_info, load_game
from game.sim.__main__ import available_games

PLAYERS = {"frustration": (2, 6), "rum500": (2, 6), "tiles": (2, 4)}


def test_the_three_games_are_registered_by_their_engine_packages():
    assert GAME_IDS == ("frustration", "rum500", "tiles")
    for game_id in GAME_IDS:
        package = importlib.import_module(f"game.engine.{game_id}")
        assert GAMES[game_id] is package.GAME and game_info(game_id).module is package
        assert package.GAME.state_class.game_id == game_id
        assert package.GAME.option_choices is package.OPTION_CHOICES


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_declared_player_range_is_the_engine_rule(game_id):
    info = game_info(game_id)
    assert (info.min_players, info.max_players) == PLAYERS[game_id]
    for players in (info.min_players, info.max_players):
        state = info.new_game(players, seed=1)
        assert isinstance(state, info.state_class) and state.num_players == players
        assert load_game(state.to_json()).to_json() == state.to_json()
    for players in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(ValueError):
            info.new_game(players, seed=1)


def test_unknown_games_are_refused():
    with pytest.raises(KeyError):
        game_info("poker")
    with pytest.raises(SaveError):
        load_game({"game": "poker"})


def test_the_players_the_simulation_and_the_benchmark_list_the_registry_games():
    assert registry.GAMES == GAME_IDS
    assert all(registry.available_levels(g) == ["random", "easy", "normal", "hard"] for g in GAME_IDS)
    assert available_games() == list(GAME_IDS)
    parser = argparse.ArgumentParser()
    frames.add_arguments(parser)
    assert tuple(parser._option_string_actions["--scene"].choices) == GAME_IDS
