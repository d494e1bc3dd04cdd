"""The gesture fuzzer over a fixed set of seeds: random clicks, drags, double and right clicks,
keys, wheel turns, window resizes, and save-and-Continue on every screen and every kind of
table never raise and leave the window running. A failure names its seed and step; replay it
with ``python -m game.bench gestures --seed S --count N`` and add the seed here."""

from __future__ import annotations

import pytest

from game.bench.gestures import run_seed
from game.engine.games import game_info
from game.engine.tiles.options import TURN_RULES
from game.showcase.tables import busy_session
from game.ui.session import GameConfig, Seat

GESTURES = 80


def seats(players: int, people: int, level: str = "easy") -> list[Seat]:
    """``people`` people (hot-seat when more than one) and computer players after them."""
    return [Seat(f"P{i}") for i in range(people)] + [Seat(f"Bot {i}", level) for i in range(people, players)]


def table(game: str, players: int, people: int, seed: int, **options):
    config = GameConfig(game, seats(players, people), game_info(game).options_class(**options), seed=seed)
    return lambda app: app.start_game(config)


# Every game at every number of players, every tile turn rule and the options that change the
# table, with one person, hot-seat people, and people watching computer players only.
TABLES = [
    *[(f"frustration-{n}", table("frustration", n, 1 + (n % 3 == 0), n)) for n in range(2, 7)],
    ("frustration-3-decks", table("frustration", 4, 2, 11, decks=3, exact_contract_length=True)),
    *[
        (f"rum500-{n}", table("rum500", n, 1 + (n == 4), 20 + n, rummy_claims=n % 2 == 0))
        for n in range(2, 7)
    ],
    ("rum500-watched", table("rum500", 3, 0, 27, reuse_discards=True)),
    *[
        (f"tiles-{rule}", table("tiles", 2 + i % 3, 1 + (i == 1), 30 + i, turn_rule=rule, opening_min=0))
        for i, rule in enumerate(TURN_RULES)
    ],
    ("tiles-4-hot-seat", table("tiles", 4, 4, 35, turn_rule="draw", continue_after_opening=True)),
    ("tiles-runs-only", table("tiles", 3, 1, 36, runs_only=True, stars=False, mixed_colour_runs=True)),
    *[
        (f"busy-{game}", lambda app, game=game, n=n: app.show_table(busy_session(game, n)))
        for game, n in (("frustration", 6), ("rum500", 4), ("tiles", 4))
    ],
]


@pytest.mark.slow  # sweeps every kind of table; the seeds below stay in the everyday loop
@pytest.mark.parametrize("name,start", TABLES, ids=[name for name, _ in TABLES])
def test_gestures_on_every_table(name, start):
    result = run_seed(sum(map(ord, name)), GESTURES, start)
    assert result.failure is None, str(result.failure)
    assert result.gestures == GESTURES


@pytest.mark.parametrize("seed", [1, 2, *(pytest.param(s, marks=pytest.mark.slow) for s in (3, 4, 5))])
def test_gestures_from_a_seed(seed):
    """The seed chooses the game, the seats, the options and the window, or the title screen."""
    result = run_seed(seed, GESTURES)
    assert result.failure is None, str(result.failure)
