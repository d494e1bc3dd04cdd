"""The lesson scripts: each shipped one reads, replays through the engine to its end and names
texts that both catalogues carry; a script that does not fit is refused with a message saying
what is wrong and where; move patterns match and resolve as their documentation says."""

from __future__ import annotations

import copy
import json

import pytest

from game.engine.games import GAME_IDS
from game.engine.rum500 import Discard, LayOff, Meld
from game.lessons import has_lesson, script_path
from game.lessons.patterns import matches, resolve
from game.lessons.replay import PERSON, play_through, replies, solution
from game.lessons.script import LessonError, load, read
from tests.test_locales import catalogue


def shipped(game: str) -> dict:
    return json.loads(script_path(game).read_text(encoding="utf-8"))


def test_every_game_has_a_lesson():
    assert all(has_lesson(game) for game in GAME_IDS)
    assert not has_lesson("chess")


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_script_replays_through_the_engine_to_its_end(game):
    script = load(game)
    state = script.start()
    state.audit()
    for step in script.steps:
        moves = list(solution(script, step, state))
        if step.moves:
            assert state.current_player == PERSON, f"{step.id}: not the person's turn"
            assert len(moves) == (len(step.moves) if step.each else 1)
        else:
            assert not moves
        for move in moves:
            state.apply(move)
        for move in replies(script, step, state):
            state.apply(move)  # each reply is legal for the seat whose turn it is
        state.audit()
    assert script.steps[-1].wait == "finish"
    assert state.current_player in (PERSON, None), "the lesson ends with the others still to play"
    assert play_through(script).to_json() == state.to_json()  # the same deal, the same end


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_script_names_texts_both_catalogues_carry(game):
    en, fr = catalogue("en"), catalogue("fr")
    script = load(game)
    for step in script.steps:
        for key in (step.text, step.nudge, *(p[1:] for p in step.params.values() if p.startswith("@"))):
            assert key in en and key in fr, f"{game} {step.id}: {key} missing"


MOUSE_ONLY = {"en": ("drag", "drop "), "fr": ("glisse", "lâche")}
"""Words that speak to a mouse alone: a lesson's words are for both ways of playing."""


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_the_lesson_words_suit_the_mouse_and_the_keys_alike(game, lang):
    texts = catalogue(lang)
    for step in load(game).steps:
        for key in (step.text, step.nudge, f"{step.nudge}.keys"):
            said = texts.get(key, "").lower()
            assert not any(word in said for word in MOUSE_ONLY[lang]), (
                f"{game} {step.id}: {key} says {said!r}"
            )
            assert len([c for c in said.replace("…", ".").split(". ") if c.strip()]) <= 3, key


def test_a_keyboard_nudge_goes_with_a_nudge_and_names_keys():
    for lang, keys in (
        ("en", ("Space", "Enter", "↑", "X", "M")),
        ("fr", ("Espace", "Entrée", "↑", "X", "M")),
    ):
        texts = catalogue(lang)
        variants = [k for k in texts if k.startswith("lesson.") and k.endswith(".nudge.keys")]
        assert len(variants) >= 15
        for key in variants:
            assert key.removesuffix(".keys") in texts, key
            assert any(k in texts[key] for k in keys), f"{key} names no key"


def test_the_card_lessons_end_their_round_and_the_500_rum_lesson_its_game():
    assert play_through(load("frustration")).phase == "round_over"
    over = play_through(load("rum500"))
    assert over.is_over and over.winners == [PERSON] and over.totals[PERSON] >= 500


def refused(game: str, change) -> str:
    data = copy.deepcopy(shipped(game))
    change(data)
    with pytest.raises(LessonError) as caught:
        read(data, game)
    return str(caught.value)


def test_a_script_that_does_not_fit_is_refused_with_where():
    assert "steps[0]" in refused("rum500", lambda d: d["steps"][0].pop("text"))
    assert "unknown field" in refused("rum500", lambda d: d["steps"][0].update(glowing=["7H"]))
    assert "one of moves" in refused("rum500", lambda d: d["steps"][0].update(wait="next"))
    assert "two steps share" in refused("rum500", lambda d: d["steps"][1].update(id="take"))
    assert "for 'tiles'" in refused("rum500", lambda d: d.update(game="tiles"))
    assert "version" in refused("rum500", lambda d: d.update(version=2))


def test_a_move_or_a_piece_the_game_does_not_know_is_refused():
    assert "not a move of this game" in refused(
        "rum500", lambda d: d["steps"][0]["moves"][0].update(kind="play")
    )
    assert "has no field" in refused("rum500", lambda d: d["steps"][0]["moves"][0].update(tile="R7"))
    assert "ZZ" in refused("rum500", lambda d: d["steps"][1]["moves"][0].update(cards="7H ZZ 7D"))
    assert "step 5" in refused("rum500", lambda d: d["steps"][4]["replies"].append({"kind": "fly"}))
    assert "ZZ" in refused("rum500", lambda d: d["steps"][0].update(glow=["7H ZZ"]))


def test_a_deal_the_builder_refuses_is_refused():
    message = refused("rum500", lambda d: d["deal"].update(discard="KD 4C 9S 7H 2H QS 7S"))
    assert "deal cannot be set up" in message
    assert "seats" in refused("rum500", lambda d: d.update(seats=["Bruno", "Chloé"]))
    assert "deal cannot be set up" in refused("rum500", lambda d: d["deal"].update(colour="blue"))


def test_a_missing_or_broken_file_is_reported(tmp_path, monkeypatch):
    import game.lessons.script as script_module

    monkeypatch.setattr(script_module, "script_path", lambda game: tmp_path / f"{game}.json")
    with pytest.raises(LessonError, match=r"tiles\.json"):
        load("tiles")
    (tmp_path / "tiles.json").write_text("{", encoding="utf-8")
    with pytest.raises(LessonError, match=r"tiles\.json"):
        load("tiles")


def test_patterns_match_any_order_and_either_copy_and_leave_out_fields():
    script = load("rum500")
    codec, hints = script.codec, script.hints
    state = script.start()
    hand = {c.text: c for c in state.hand(0)}
    meld = Meld((hand["7S"], hand["7D"], hand["JC"]))
    assert matches({"kind": "meld", "cards": "JC 7S 7D"}, meld, codec, hints)
    assert matches({"kind": "meld", "cards": ["7D", "JC", "7S#0"]}, meld, codec, hints)
    assert not matches({"kind": "meld", "cards": "7S 7D 7H"}, meld, codec, hints)
    assert not matches({"kind": "meld", "cards": "7S#1 7D JC"}, meld, codec, hints)
    assert matches({"kind": "lay_off", "card": "JC"}, LayOff(hand["JC"], 0, "high"), codec, hints)
    assert not matches(
        {"kind": "lay_off", "card": "JC", "meld": 1}, LayOff(hand["JC"], 0, "high"), codec, hints
    )
    assert not matches({"kind": "discard", "card": "JC"}, LayOff(hand["JC"], 0, "high"), codec, hints)


def test_patterns_resolve_to_legal_moves_or_build_the_move():
    script = load("rum500")
    codec, hints = script.codec, script.hints
    state = script.start()
    view = state.view(0)
    assert resolve({"kind": "take_discard", "index": 3}, view, codec, hints) in view.legal_moves()
    state.apply(resolve({"kind": "take_discard", "index": 3}, view, codec, hints))
    view = state.view(0)
    built = resolve({"kind": "meld", "cards": "7H 7S 7D"}, view, codec, hints)
    assert isinstance(built, Meld) and sorted(c.text for c in built.cards) == ["7D", "7H", "7S"]
    assert resolve({"kind": "discard", "card": "AC"}, view, codec, hints) is None  # not in hand
    assert resolve({"kind": "lay_off", "card": "JC"}, view, codec, hints) is not None
    assert isinstance(resolve({"kind": "discard", "card": "9D"}, view, codec, hints), Discard)
