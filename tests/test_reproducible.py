"""Same seed, same game, in every process: one short seeded game per game and computer level,
played in two processes whose string hashing differs (PYTHONHASHSEED), gives the same moves and
the same final state."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


PIECE_ORDER = """
from game.engine.pieces import make_tiles
from game.engine.frustration import new_game
cards = new_game(3, seed=1).all_cards()
print([c.ident for c in set(cards)], [t.ident for t in set(make_tiles())], [c.ident for c in {c: 1 for c in cards}])
"""


def test_a_set_of_pieces_has_the_same_order_in_every_process():
    """Sets and dict keys of cards and tiles (the computer players' knowledge) iterate in the same
    order whatever the string hash: a piece's hash is made of numbers."""
    outputs = []
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", PIECE_ORDER], env=env, capture_output=True, text=True, check=True
        )
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1] == outputs[2]


@pytest.mark.slow  # 24 whole games, twice
def test_every_game_and_level_plays_the_same_under_any_string_hash():
    runs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
        command = [sys.executable, str(ROOT / "tests" / "seeded_games.py")]
        runs.append(subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True))
    first, second = (json.loads(run.communicate(timeout=600)[0]) for run in runs)
    assert all(run.returncode == 0 for run in runs)
    assert set(first) == {
        f"{g}/{lv}" for g in ("frustration", "rum500", "tiles") for lv in ("random", "easy", "normal", "hard")
    }
    different = [name for name in first if first[name] != second[name]]
    assert different == []
    assert all(len(first[name]["moves"]) > 20 for name in first)  # real games, not an empty log
