"""Names the dead-code scan cannot see used, each with the reason it stays.

The scan is vulture at 60% confidence over ``game/`` with this file (``[tool.vulture]`` in
pyproject.toml: run ``vulture`` from the top folder); ``tests/test_dead_code.py`` fails on any
name it reports. Vulture reads names, not objects: a name listed here counts as used wherever
it is defined. Each entry is the real object, so an entry whose name is gone fails at import
(the test imports this file): remove it with the name. Code that only tests or measurements
use does not belong here: it goes to the tests, or out; the one exception is an instrument that
must live inside what it observes (the text layer's record, the still layer's redraw count), and
its entry says which test reads it.
"""

from __future__ import annotations

import argparse
import multiprocessing.process

import pygame.freetype

import game.ai
from game.ai.baselines import frustration as frustration_baseline
from game.ai.examples import frustration as frustration_example
from game.ai.frustration import random_bot as frustration_random
from game.ai.rum500 import random_bot as rum500_random
from game.ai.tiles import random_bot as tiles_random
from game.engine.rum500 import state as rum500_state
from game.sim import ratings
from game.ui import art, text
from game.ui.tables import still
from game.ui.tables.rum500 import scene as rum500_scene

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
    # Read by bots and the interface: whose turn it is while a Rummy! claim is asked (the
    # claimant is current_player), and the order in which seats are asked.
    lambda view: view.turn_player,  # a field of Rum500View
    rum500_state.Rum500State.claim_queue,
    # Public helper of the ratings table: the share of games a rating expects against another.
    ratings.expected_share,
    # Attributes pygame reads: the window's least size, freetype's rendering flags.
    pygame.Window.minimum_size,  # set by App.start
    pygame.freetype.Font.antialiased,
    pygame.freetype.Font.kerning,
    pygame.freetype.Font.strong,
    # The card index's pip geometry, shared with the art generator (tools/make_art.py).
    art.INDEX_PIP_CY,
    art.INDEX_PIP_W,
    # Instruments inside what they observe, read by the interface tests:
    text.recording,  # every line of text drawn (tests/ui/test_screens.py and others)
    text.drawing_order,  # pieces, panels and lines in drawing order (test_table_text_boxes.py)
    still.StillLayer.redrawn_share,  # how much of the still layer a move redrew (test_still_layer.py)
    # Instance attributes (a lambda names them without making an instance): the still layer's
    # rectangles redrawn by the last change (test_still_layer.py), and where the hint's bubble
    # was drawn (test_hints.py).
    lambda layer: layer.redraws,
    lambda hint_box: hint_box.bubble_rect,
    art.all_asset_files,  # every art file the game loads (test_art.py)
    art.Art.save_kept,  # whether the picture cache kept a picture (test_picture_cache.py)
    art.Art.font_path,  # the fonts' files (test_art.py)
    art.Art.display_font_path,
    rum500_scene.Rum500Table.meld_rect,  # where a meld lies on screen (test_gestures.py)
)
