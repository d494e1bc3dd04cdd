"""The hint and the "last turns" strip say a move the same way: one catalogue stem per action,
``move.<action>.hint`` to do and ``move.<action>`` done, both from ``tables/move_words.py``."""

from __future__ import annotations

import pathlib

import pytest

from game.ai.registry import make_bot
from game.engine.games import game_info
from game.i18n import Translator
from game.ui.tables.move_words import clause, describe

ROOT = pathlib.Path(__file__).resolve().parents[2]


class Words:
    """Just enough of the app for the words: a translator."""

    def __init__(self, lang: str) -> None:
        translator = Translator.from_folder(ROOT / "locales", lang)
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
        hint = describe(move, view, words.tr, str)
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
