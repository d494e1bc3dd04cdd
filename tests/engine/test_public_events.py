"""One public event shape for the three games: the log of seeded games is a list of
``PublicEvent``s whose pieces and melds agree with the table, and saving keeps the events."""

from __future__ import annotations

import itertools

import pytest

from game.ai.registry import make_bot
from game.engine import frustration, rum500, tiles
from game.engine.events import KINDS, PublicEvent
from game.engine.games import load_game

SHORT = {
    "frustration": (frustration, lambda: frustration.Options(final_contract=2)),
    "rum500": (rum500, lambda: rum500.Options(target=60)),
    "tiles": (tiles, lambda: tiles.Options(rounds=1, opening_min=0)),
}


def _play(game: str, seed: int, moves: int = 400):
    module, options = SHORT[game]
    state = module.new_game(3, options(), seed=seed)
    bots = [make_bot(game, "easy", seed * 10 + s) for s in range(3)]
    seen: list[list[PublicEvent]] = []
    for _ in range(moves):
        if state.is_over or state.phase in ("round_over", "game_over"):
            break
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
        seen.append(list(state.view(0).log))
    return state, seen


@pytest.mark.parametrize("game", list(SHORT))
def test_every_log_entry_is_one_event(game: str) -> None:
    state, seen = _play(game, seed=5)
    view = state.view(1)
    events = list(view.log)
    assert all(isinstance(e, PublicEvent) for e in events) and list(state.log) == events
    assert [e.index for e in events] == list(range(len(events)))
    assert all(e.kind in KINDS for e in events)
    kinds = {e.kind for e in events}
    assert kinds & {"draw", "pass", "exchange"}
    assert kinds & {"meld", "play", "lay_off", "discard", "exchange"}
    # the events of a round only grow: an earlier list is a prefix of a later one
    for before, after in itertools.pairwise(seen):
        if len(after) >= len(before) and after[:1] == before[:1]:
            assert after[: len(before)] == before


@pytest.mark.parametrize("game", list(SHORT))
def test_events_survive_a_save(game: str) -> None:
    state, _ = _play(game, seed=8, moves=60)
    again = load_game(state.to_json())
    assert again.view(2).log == state.view(2).log
    assert again.to_json() == state.to_json()


def test_card_melds_name_the_table() -> None:
    state, _ = _play("rum500", seed=3)
    view = state.view(0)
    table = [tuple(c.text for c in m.cards) for m in view.table]
    for event in view.log:
        if event.kind == "meld":
            assert set(event.pieces) <= set(table[event.melds[0]])
        if event.kind == "lay_off":
            assert event.pieces[0] in table[event.melds[0]]


def test_tile_play_names_the_tiles_laid() -> None:
    state = tiles.new_game(2, tiles.Options(opening_min=0), seed=4)
    seat = state.current_player
    bot = make_bot("tiles", "easy", 1)
    while True:
        move = bot.choose(state.view(seat))
        state.apply(move)
        if isinstance(move, tiles.Play):
            break
        seat = state.current_player
    last = [e for e in state.view(0).log if e.kind == "play"][-1]
    on_table = [t.text for meld in state.view(0).table for t in meld]
    assert last.pieces and all(p in on_table for p in last.pieces)
    assert last.source == "rack" and last.target == "table" and last.count == len(last.pieces)
