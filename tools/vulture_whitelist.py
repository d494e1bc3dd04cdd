"""Names the dead-code scan cannot see used, each with the reason it stays.

The scan is vulture at 60% confidence over ``game/`` with this file (``[tool.vulture]`` in
pyproject.toml: run ``vulture`` from the top folder); ``tests/test_dead_code.py`` fails on any
name it reports. Vulture reads names, not objects: a name listed here counts as used wherever
it is defined. Each entry is the real object, so an entry whose name is gone fails at import
(the test imports this file): remove it with the name. Code that only tests or measurements
use does not belong here: it goes to the tests, or out.
"""

from __future__ import annotations

import argparse
import multiprocessing.process

import game.ai
from game.ai.baselines import frustration as frustration_baseline
from game.ai.examples import frustration as frustration_example
from game.ai.frustration import random_bot as frustration_random
from game.ai.rum500 import random_bot as rum500_random
from game.ai.tiles import random_bot as tiles_random

_ = (
    # Module __getattr__ (PEP 562): Python calls it for game.ai.lay_down_moves and best_tile_play.
    game.ai.__getattr__,
    # Computer players found by name ("module:Class" in game/ai/<game>/levels.py, or the
    # simulation's py:module:Class), never imported by name in the code:
    frustration_random.RandomBot,  # and the RandomBot of 500 Rum and of the tile game
    rum500_random.RandomBot,
    tiles_random.RandomBot,
    frustration_baseline.Baseline,  # the baselines of the three games (docs/bots.md)
    frustration_example.ExampleBot,  # the worked example bot of each game (docs/bots.md)
    # Attributes the standard library reads:
    argparse.ArgumentParser().formatter_class,  # set by game.bench.solver for its --help
    multiprocessing.process.ORIGINAL_DIR,  # cleared by game.frozen before a spawn (PyInstaller)
)
