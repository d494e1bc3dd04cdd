"""The facts a public event carries for the words of a turn (docs/events.md): the contract and
the melds of a lay-down, whose meld a card reached and what it is made of, the combinations a
tile play made or changed and the stars it freed. A save keeps them; an event saved without
them still loads."""

from __future__ import annotations

import json

from game.engine import frustration, rum500, tiles
from game.engine.events import PublicEvent
from game.engine.games import load_game
from game.engine.notation import parse_ident
from tests.held import held


def test_a_contract_laid_down_names_its_number_and_the_size_of_each_meld():
    state = frustration.arranged(
        ["9S 9H 2S QH QS JK 4H 5H 6H 7H 3D 3C 3H KD", "AS AD 5C 6C 7C 8D 9D 10D JC QC KC 4S 4D"],
        contracts=[3, 1],
        phase="play",
    )
    groups = [held(state, 0, "9S 9H 2S"), held(state, 0, "QH QS JK"), held(state, 0, "4H 5H 6H 7H")]
    state.apply(frustration.LayDown(tuple(tuple(g) for g in groups)))
    event = state.log[-1]
    assert event.kind == "meld" and event.melds == (0, 1, 2)
    assert event.get("contract") == 3 and event.get("sizes") == (3, 3, 4)
    state.apply(frustration.ExtraMeld(tuple(held(state, 0, "3D 3C 3H"))))
    assert state.log[-1].get("contract") is None and state.log[-1].get("sizes") == (3,)


def test_a_lay_off_names_the_meld_it_reached_and_whose_it_is():
    state = frustration.arranged(
        ["AH 8H 5C 5D 9C KC", "AS AD 5S 6C 7C 8D 9D 10D JC QC KD 4S 4D"],
        table=[("AC AD#1 AS#1", 1), ("5H 6H 7H", 0)],
        contracts=[2, 2],
        down=[True, True],
        phase="play",
    )
    state.apply(frustration.LayOff(held(state, 0, "AH")[0], 0))
    event = state.log[-1]
    assert (event.get("owner"), event.get("shape"), event.get("face")) == (1, "set", "A")
    state.apply(frustration.LayOff(held(state, 0, "8H")[0], 1, "high"))
    event = state.log[-1]
    assert (event.get("owner"), event.get("shape"), event.get("face")) == (0, "run", "H")


def test_a_500_rum_lay_off_names_the_seat_that_started_the_meld():
    state = rum500.arranged(
        ["10H 2C 3D 9S", "KS QS 4C 5C 6C 8D 7D", "AS AD 2S 3S 4S 5S 6S"],
        table=[("10S 10D 10C", 2)],
        stock="JH",
        turn=0,
    )
    state.apply(rum500.DrawStock())
    card = next(c for c in state.hand(0) if c.text == "10H")
    state.apply(rum500.LayOff(card, 0))
    event = state.log[-1]
    assert (event.get("owner"), event.get("shape"), event.get("face")) == (2, "set", "10")


def _tile_state(table: list[str], rack: str):
    return tiles.arranged([rack, "B1 B2 B3 O12 O13"], table=table, opened=[True, True], seed=3)


def _combination(state, text: str) -> list:
    on_table = {t.ident: t for c in state.table for t in c} | {t.ident: t for t in state.hand(0)}
    return [on_table[parse_ident(w if "#" in w else f"{w}#0").ident] for w in text.split()]


def test_a_tile_play_names_the_combinations_it_made_and_changed():
    state = _tile_state(["R3 R4 R5", "B7 K7 O7"], "R6 B10 B11 B12 O1")
    after = [
        _combination(state, "R3 R4 R5 R6"),
        _combination(state, "B7 K7 O7"),
        _combination(state, "B10 B11 B12"),
    ]
    state.apply(tiles.Play(after))
    event = state.log[-1]
    assert event.pieces == ("R6", "B10", "B11", "B12")
    assert event.get("changes") == (("changed", "run", "R", 3, 6), ("new", "run", "B", 10, 12))
    assert event.get("freed") == ()


def test_a_star_is_freed_only_when_it_leaves_its_place():
    # The star stands for the black 6: splitting the run around it and adding the black 9
    # changes its neighbours, not its place.
    state = _tile_state(["K3 K4 K5 * K7 K8"], "K9 O1 O2")
    after = [_combination(state, "K3 K4 K5"), _combination(state, "* K7 K8 K9")]
    state.apply(tiles.Play(after))
    assert state.log[-1].get("freed") == ()
    # The black 6 takes its place: the star leaves it, for a group of 7s.
    state = _tile_state(["K4 K5 * K7", "B9 R9 O9"], "K6 O1 O2")
    after = [_combination(state, "K4 K5 K6 K7"), _combination(state, "B9 R9 O9 *")]
    state.apply(tiles.Play(after))
    assert state.log[-1].get("freed") == ("*#0",)


def test_the_facts_survive_a_save_and_an_event_without_them_still_loads():
    state = _tile_state(["R3 R4 R5"], "R6 O1 O2")
    state.apply(tiles.Play([_combination(state, "R3 R4 R5 R6")]))
    data = json.loads(json.dumps(state.to_json()))
    again = load_game(data)
    assert again.log == state.log and again.log[-1].get("changes") == (("changed", "run", "R", 3, 6),)
    assert again.to_json() == data
    # A play saved before the facts were recorded: the same event, without them.
    data["log"][-1]["detail"] = {"opening": False}
    bare = load_game(data).log[-1]
    assert isinstance(bare, PublicEvent) and bare.get("changes") is None and bare.pieces == ("R6",)
