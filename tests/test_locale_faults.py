"""A damaged locale file never stops the game and never shows raw ids."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.i18n import Translator, placeholder_problem, read_catalogue

LOCALES = pathlib.Path(__file__).resolve().parent.parent / "locales"


def copy_catalogues(tmp_path, change=None) -> pathlib.Path:
    for lang in ("en", "fr"):
        messages = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
        text = json.dumps(messages, ensure_ascii=False)
        if change:
            text = change(lang, messages) or text
        (tmp_path / f"{lang}.json").write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("stray", ["{name.upper}", "{0}", "{}", "{n:d}", "{a[b][c]}", "{", "}", "{n!x}"])
def test_a_stray_placeholder_leaves_out_one_message_only(tmp_path, stray):
    def change(lang, messages):
        if lang == "fr":
            messages["app.window_title"] = f"Rami {stray}"
            messages["title.quit"] = f"Quitter {stray}"
            return json.dumps(messages, ensure_ascii=False)
        return None

    folder = copy_catalogues(tmp_path, change)
    tr = Translator.from_folder(folder, "fr")
    english = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
    french = json.loads((LOCALES / "fr.json").read_text(encoding="utf-8"))
    for key in english:  # every message can be drawn
        tr.tr(key, n=2, name="Zoé", detail="x")
    assert tr.tr("title.quit") == english["title.quit"]  # from the other catalogue
    assert tr.tr("common.rules") == french["common.rules"]  # the rest of French is intact
    assert len(tr.problems) == 2 and all("fr.json" in p for p in tr.problems)


def test_filling_a_message_never_raises():
    tr = Translator("en", {"en": {"a": "{x.y} and {x[1][2]}"}, "fr": {}})
    assert tr.tr("a", x="text") == "{x.y} and {x[1][2]}"


@pytest.mark.parametrize("damage", ["{", "[]", '{"common.rules": 3}', ""])
def test_a_broken_english_catalogue_shows_french_not_raw_ids(tmp_path, damage):
    folder = copy_catalogues(tmp_path)
    (folder / "en.json").write_text(damage, encoding="utf-8")
    french = json.loads((LOCALES / "fr.json").read_text(encoding="utf-8"))
    tr = Translator.from_folder(folder, "en")
    assert tr.problems
    shown = [tr.tr(key) for key in french]
    assert [s for s in shown if s in french] == []  # no id shown as text
    assert tr.tr("title.quit") == french["title.quit"]
    assert tr.tr("problem.locale_unreadable", detail="en.json") == french[
        "problem.locale_unreadable"
    ].replace("{detail}", "en.json")


def test_a_key_found_nowhere_reads_as_words_not_an_id():
    tr = Translator("en", {"en": {}, "fr": {}})
    assert tr.tr("menu.new_game") == "New game"
    assert tr.tr_n("table.cards", 3) == "Cards"


def test_reading_a_catalogue_reports_each_bad_message(tmp_path):
    path = tmp_path / "fr.json"
    path.write_text(json.dumps({"a": "ok {n}", "b": "bad {n.real}", "c": "bad {"}), encoding="utf-8")
    messages, problems = read_catalogue(path)
    assert messages == {"a": "ok {n}"} and len(problems) == 2


def formatter_problem(message: str) -> str | None:
    """What ``placeholder_problem`` says, found by parsing every message (as it did before its
    quick path for plain placeholders)."""
    import string

    try:
        parts = list(string.Formatter().parse(message))
    except ValueError as exc:
        return str(exc)
    for _, name, spec, conversion in parts:
        if name is not None and (not name.isidentifier() or spec or conversion):
            return f"placeholder {{{name}}} is not a plain name"
    return None


PIECES = ["{", "}", "{{", "}}", "n", "_x1", "é", "٣", " ", ".", "[0]", ":d", "!r", "{n}", "{name}"]
PIECES += ["{n.x}", "{n[0]}", "{n:d}", "{n!r}", "{0}", "{}", "{é}", "{٣}", "{ n}", "{n }", "{_x1}"]


@settings(derandomize=True, max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=7).map("".join))
@example("a {n")
@example("a {n}} b")
@example("} {n}")
@example("{n} {")
@example("{n}{name} {é}")
@example("{{n}}")
@example("{n.x} {0}")
def test_the_quick_path_for_plain_placeholders_says_what_parsing_says(message):
    assert placeholder_problem(message) == formatter_problem(message)
