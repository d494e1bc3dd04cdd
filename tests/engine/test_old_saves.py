"""Saved games written by earlier versions of the engines still load and play on.

``saves/<game>_v<N>_<what>.json`` were written by the engines as they were at version N (mid-round
positions whose round log holds most kinds of entry, in each game's own log shape); the save
codecs read those logs as public events, and ``saves/expected_events.json`` holds the events
each one's log read as when the logs were still kept in that shape (seat 0's view; a Rummy!
claim has since named its card in ``detail``), and where the game stood."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.registry import make_bot
from game.engine.games import load_game

SAVES = Path(__file__).parent / "saves"
EXPECTED = json.loads((SAVES / "expected_events.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_save_loads_with_the_same_public_events(name):
    data = json.loads((SAVES / f"{name}.json").read_text())
    state = load_game(data)
    expected = EXPECTED[name]
    assert [e.to_json() for e in state.view(0).log] == expected["events"]
    assert (state.phase, state.round_number, state.current_player) == (
        expected["phase"],
        expected["round"],
        expected["current"],
    )


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_save_plays_on_and_saves_again(name):
    state = load_game(json.loads((SAVES / f"{name}.json").read_text()))
    bots = [make_bot(state.game_id, "random", seat) for seat in range(state.num_players)]
    for _ in range(40):
        if state.is_over:
            break
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
        state.audit()
    again = load_game(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
