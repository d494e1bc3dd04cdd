"""The hint and the "last turns" strip say a move the same way: one catalogue stem per action,
``move.<action>.hint`` to do and ``move.<action>`` done, both from ``tables/move_words.py``."""

from __future__ import annotations

import pathlib
from dataclasses import replace

import pytest

from game.ai.registry import make_bot
from game.engine import frustration, tiles
from game.engine.events import PublicEvent
from game.engine.games import game_info
from game.i18n import Translator, Verbatim
from game.ui.tables.move_words import clause, describe, history_lines, sentence
from game.ui.tables.piece_words import PieceWords, card_words, tile_words
from game.ui.tables.tiles.scene import starter_words
from game.ui.text import Fonts
from tests.held import held

ROOT = pathlib.Path(__file__).resolve().parents[2]


class Words:
    """Just enough of the app for the words: a translator."""

    def __init__(self, lang: str) -> None:
        self.tr_ = translator = Translator.from_folder(ROOT / "locales", lang)
        self.tr, self.tr_n = translator.tr, translator.tr_n


def stem(key: str) -> str:
    """The action a key names: ``move.discard`` for ``move.discard.hint`` and
    ``move.discard``, ``move.draw_tiles`` for ``move.draw_tiles_other``."""
    for suffix in (".hint", "_one", "_other"):
        key = key.removesuffix(suffix)
    return key


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["frustration", "rum500", "tiles"])
def test_the_hint_and_the_strip_name_each_move_with_one_stem(game, lang):
    """Over computer-played turns, the hint's words for each move and the strip's words for
    what that move did share the action's stem (the hint may name a variant of it:
    ``move.take_discard_deep.hint`` is a ``move.take_discard``)."""
    words = Words(lang)
    state = game_info(game).new_game(2, seed=3)
    bots = [make_bot(game, "easy", s) for s in range(2)]
    kinds = set()
    for _ in range(120):
        if state.phase in ("round_over", "game_over"):
            break
        seat = state.current_player
        view = state.view(seat)
        move = bots[seat].choose(view)
        hint = describe(move, view, words.tr)
        seen = len(state.view(seat).log)
        state.apply(move)
        events = [e for e in state.view(seat).log[seen:] if e.seat == seat]
        said = [clause(words, e) for e in events]
        said = [s for s in said if s is not None]
        if not said:
            continue
        assert stem(hint.key).startswith(stem(said[0].key)), (move, hint.key, said[0].key)
        kinds.add(move.kind)
    assert len(kinds) >= 2, f"too few kinds of move said both ways ({kinds}): the test proves nothing"


# What a turn did, from real events --------------------------------------------------------------

NAMES = ("Marie", "Anna", "Chloé")


def spaced(text) -> str:
    """``text`` with its no-break spaces read as plain ones."""
    return str(text).replace("\u00a0", " ")


def name_of(seat: int) -> Verbatim:
    return Verbatim(NAMES[seat])


def _frustration_turn():
    """Marie lays down contract 2, then an extra meld, adds the A♥ to Anna's aces and the 8♥ to
    her own run, and discards the queen of diamonds: the events of that turn."""
    state = frustration.arranged(
        [
            "QH QS JK 4H 5H 6H 7H 3D 3C 3H AH 8H QD KC",
            "5C 6C 7C 8D 9D 10D JC QC KD 4S 4D",
            "2C 3S 4C 5D 6D 7D 8C 9C 10C JD KH 9S 9H",
        ],
        table=[("AC AD AS", 1)],
        contracts=[2, 1, 1],
        down=[False, True, False],
        phase="play",
    )
    start = len(state.log)
    groups = [held(state, 0, "QH QS JK"), held(state, 0, "4H 5H 6H 7H")]
    state.apply(frustration.LayDown(tuple(tuple(g) for g in groups)))
    state.apply(frustration.ExtraMeld(tuple(held(state, 0, "3D 3C 3H"))))
    state.apply(frustration.LayOff(held(state, 0, "AH")[0], 0))
    state.apply(frustration.LayOff(held(state, 0, "8H")[0], 2, "high"))
    state.apply(frustration.Discard(held(state, 0, "QD")[0]))
    return state.log[start:]


def _words(lang: str, game: str = "cards") -> tuple[Words, PieceWords]:
    app = Words(lang)
    return app, (tile_words(app) if game == "tiles" else card_words(app))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Marie laid contract 2 (1 set of 3 + 1 run of 4), laid 3♦ 3♣ 3♥, added 2 cards to melds"
            " and discarded the Q♦",
        ),
        (
            "fr",
            "Marie a posé le contrat 2 (1 brelan + 1 suite de 4), a posé 3♦ 3♣ 3♥, a ajouté 2 cartes"
            " aux combinaisons et a défaussé la D♦",
        ),
    ],
)
def test_the_strip_names_the_contract_and_counts_melds_not_actions(lang, said):
    app, pieces = _words(lang)
    events = _frustration_turn()
    assert spaced(sentence(app, name_of(0), events, pieces, name_of, short=True)) == said
    # A lay-down saved before its contract was recorded: its two melds and the next are counted.
    old = replace(events[0], detail=())
    counted = sentence(app, name_of(0), [old, events[1]], pieces, name_of, short=True)
    assert counted == ("Marie laid 3 melds" if lang == "en" else "Marie a posé 3 combinaisons")


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "Marie discarded the Q♦",
                "Marie added the 8♥ to their ♥ run",
                "Marie added the A♥ to Anna’s aces",
                "Marie laid 3♦ 3♣ 3♥",
                "Marie laid contract 2: Q♥ Q♠ joker and 4♥ 5♥ 6♥ 7♥",
            ],
        ),
        (
            "fr",
            [
                "Marie a défaussé la D♦",
                "Marie a complété sa suite à ♥ avec le 8♥",
                "Marie a complété les as d’Anna avec l’A♥",
                "Marie a posé 3♦ 3♣ 3♥",
                "Marie a posé le contrat 2 : D♥ D♠ joker et 4♥ 5♥ 6♥ 7♥",
            ],
        ),
    ],
)
def test_the_history_separates_the_melds_and_says_whose_meld_a_card_joined(lang, lines):
    app, pieces = _words(lang)
    said = history_lines(app, _frustration_turn(), name_of, pieces)
    assert [spaced(line) for line in said] == lines
    # The cards of one meld are held together by no-break spaces: a wrapped line never splits it.
    laid = said[3]
    assert "3♦\u00a03♣\u00a03♥" in str(laid)
    fonts = Fonts()
    lines_of = fonts.wrap(laid, 16, fonts.size(str(laid), 16)[0] * 2 // 3)
    assert len(lines_of) == 2 and any("3♦\u00a03♣\u00a03♥" in str(line) for line in lines_of)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["the joker", "the A♥", "the Q♥", "the 7♥", "the star", "the red 7"]),
        ("fr", ["le joker", "l’A♥", "la D♥", "le 7♥", "l’étoile", "le 7 rouge"]),
    ],
)
def test_a_single_piece_is_named_with_its_article(lang, said):
    app, cards = _words(lang)
    tiles_ = tile_words(app)
    named = [cards.the(t) for t in ("JK", "AH", "QH", "7H")] + [tiles_.the(t) for t in ("*", "R7")]
    assert named == said
    # And so in the sentences: a discard, a card taken, a lay-off.
    discard = PublicEvent(0, 1, "discard", ("JK",), source="hand", target="discard", count=1)
    assert said[0] in clause(app, discard, cards)
    take = PublicEvent(0, 1, "draw", ("AH",), source="discard", target="hand", count=1)
    assert said[1] in clause(app, take, cards)
    lay_off = PublicEvent(0, 1, "lay_off", ("JK",), (0,), "hand", "table", count=1)
    assert f"{said[0]}" in clause(app, lay_off, cards)


def _tile_play(table: list[str], rack: str, after: list[str]):
    state = tiles.arranged([rack, "B1 B2 B3 O12 O13"], table=table, opened=[True, True], seed=3)
    known = {t.ident: t for c in state.table for t in c} | {t.ident: t for t in state.hand(0)}
    combos = [[known[w if "#" in w else f"{w}#0"] for w in c.split()] for c in after]
    state.apply(tiles.Play(combos))
    return state.log[-1]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tile_play_names_the_tiles_laid_and_the_combinations_changed(lang):
    app, pieces = _words(lang, "tiles")
    play = _tile_play(
        ["R3 R4 R5", "B7 K7 O7"], "R6 B10 B11 B12 O1", ["R3 R4 R5 R6", "B7 K7 O7", "B10 B11 B12"]
    )
    said = sentence(app, name_of(0), [play], pieces, name_of)
    assert (
        said
        == {
            "en": "Marie laid red 6, blue 10, blue 11, blue 12, making the blue run 10–12 and changing the red run 3–6",
            "fr": "Marie a posé 6 rouge, 10 bleu, 11 bleu, 12 bleu, formant la suite bleue 10–12 et modifiant"
            " la suite rouge 3–6",
        }[lang]
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_star_is_said_freed_only_when_it_left_its_place(lang):
    app, pieces = _words(lang, "tiles")
    freed = {"en": "freed a star", "fr": "a libéré une étoile"}[lang]
    kept = _tile_play(["K3 K4 K5 * K7 K8"], "K9 O1 O2", ["K3 K4 K5", "* K7 K8 K9"])
    assert freed not in sentence(app, name_of(0), [kept], pieces, name_of, short=True)
    moved = _tile_play(["K4 K5 * K7", "B9 R9 O9"], "K6 O1 O2", ["K4 K5 K6 K7", "B9 R9 O9 *"])
    assert sentence(app, name_of(0), [moved], pieces, name_of, short=True).endswith(freed)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_who_starts_the_tile_game_is_said_with_the_draw(lang):
    app, pieces = _words(lang, "tiles")
    state = tiles.new_game(3, seed=11)
    deal = state.log[0]
    said = starter_words(app, deal, state.start_draw, name_of, pieces)
    assert str(name_of(state.starter)) in said
    last_pass = state.start_draw[-1]
    assert all(str(pieces.label(d["tiles"][-1])) in said for d in last_pass)
    assert said.key == "follow.start_draw"
    later = replace(deal, detail=(("round", 2), ("starter", 1)))
    assert starter_words(app, later, state.start_draw, name_of, pieces).key == "follow.next_starter"


@pytest.mark.parametrize(
    ("lang", "article"), [("en", r"\bthe "), ("fr", r"\b(?:le|la|les|l’|du|au|aux|de|à) ")]
)
def test_no_message_puts_a_second_article_before_a_card(lang, article):
    """A single card reaches every message with its article ("la D♥", "l’A♥", "le joker"):
    no message adds its own ("le {card}" said "le D♥" and "le A♥")."""
    import json
    import re

    messages = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    doubled = re.compile(article + r"\{(?:card|wild|natural|stand_in)\}")
    makers = ("card.the",)  # the messages that give a card its article
    assert [k for k, v in messages.items() if doubled.search(v) and not k.startswith(makers)] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_notes_under_the_tile_seats_have_their_words(lang):
    """The short note under a seat ("Laid 4 tiles") counts the tiles with the plural forms of
    the action's stem; the strip's sentence of a play is another message of the same stem."""
    from game.ui.tables.tiles.draw import SEAT_NOTES

    app = Words(lang)
    keys = set(app.tr_.keys())
    for kind, key in SEAT_NOTES.items():
        if kind in ("play", "draw"):
            assert {f"{key}_one", f"{key}_other"} <= keys, key
            assert str(app.tr_n(key, 4)).count("4") == 1
        else:
            assert key in keys
