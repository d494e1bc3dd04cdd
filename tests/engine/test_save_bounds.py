"""The save schemas bound every number the rules bound: a save holding an impossible score,
penalty, round or count is refused with a ``SaveError``, never loaded and played."""

from __future__ import annotations

import json

import pytest

from game.ai.registry import make_bot
from game.engine.errors import SaveError
from game.engine.games import GAME_IDS, game_info, load_game


def finished_round(game_id: str) -> dict:
    """The save of a 3-player game with a finished round on its score sheet, in its next round."""
    state = game_info(game_id).new_game(3, seed=4)
    bots = [make_bot(game_id, "easy", seat) for seat in range(3)]
    while state.round_number < 2 or state.phase in ("round_over", "game_over"):
        assert not state.is_over
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
    return json.loads(json.dumps(state.to_json()))


SHEET = {"frustration": "history", "rum500": "history", "tiles": "sheet"}
"""Where each game keeps its score sheet in a save."""


def _set(path: tuple, value: int):
    def change(data: dict) -> None:
        *where, last = path
        for key in where:
            data = data[key]
        data[last] = value

    return change


IMPOSSIBLE = {
    "frustration": [
        (("scores", 0), -1_000_000),  # penalties only add up
        (("history", 0, "penalties", 1), -5),
        (("history", 0, "penalties", 1), 10_000),  # 14 cards at 50 points at most
        (("round",), 1_000_000),
    ],
    "rum500": [
        (("totals", 0), 10**12),
        (("history", 0, "hand_points", 1), -3),
        (("history", 0, "table_points", 1), 50_000),  # two decks are worth 792
        (("history", 0, "scores", 2), -50_000),
    ],
    "tiles": [
        (("totals", 0), -(10**9)),
        (("sheet", 0, "penalties", 1), -1),
        (("sheet", 0, "scores", 1), 100_000),  # every tile of the set is worth 778
        (("round",), 500),  # 99 rounds at most
        (("quiet_turns",), 1000),  # twenty circuits at most
    ],
}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_played_save_loads(game_id):
    data = finished_round(game_id)
    assert data[SHEET[game_id]], "a finished round is on the score sheet"
    assert load_game(data).to_json() == data


@pytest.mark.parametrize(
    ("game_id", "path", "value"), [(g, p, v) for g in GAME_IDS for p, v in IMPOSSIBLE[g]]
)
def test_an_impossible_number_is_refused(game_id, path, value):
    data = finished_round(game_id)
    _set(path, value)(data)
    with pytest.raises(SaveError) as info:
        load_game(data)
    assert info.value.code == "bad_field", info.value


def test_a_frustration_penalty_score_of_minus_a_million_is_refused():
    """The case of issue 35 point 7: it used to load and play."""
    data = finished_round("frustration")
    data["scores"][0] = -1_000_000
    data["history"][-1]["scores"][0] = -1_000_000
    with pytest.raises(SaveError, match="out of range"):
        load_game(data)
