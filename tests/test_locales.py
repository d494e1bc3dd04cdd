"""The two catalogues carry the same ids with the same placeholders, and the code uses only ids
that exist."""

from __future__ import annotations

import ast
import json
import pathlib
import string

import pytest

from game.i18n import (
    CatalogueError,
    Text,
    Translator,
    choose_language,
    plural_category,
    read_catalogue,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"


def load_catalogue(path: pathlib.Path) -> dict[str, str]:
    """A catalogue from its JSON file, strictly: ``CatalogueError`` with a readable reason,
    also for a single malformed message (which the game drops and reports)."""
    messages, problems = read_catalogue(path)
    if problems:
        raise CatalogueError(problems[0])
    return messages


def placeholders(message: str) -> set[str]:
    """The named placeholders of ``message`` (``{name}`` -> ``{"name"}``)."""
    return {field for _, field, _, _ in string.Formatter().parse(message) if field}


def catalogue(lang: str) -> dict[str, str]:
    return load_catalogue(LOCALES / f"{lang}.json")


def test_both_languages_have_the_same_keys():
    en, fr = catalogue("en"), catalogue("fr")
    assert sorted(set(en) - set(fr)) == [], "missing in French"
    assert sorted(set(fr) - set(en)) == [], "missing in English"


def test_both_languages_have_the_same_placeholders():
    en, fr = catalogue("en"), catalogue("fr")
    different = {
        k: (placeholders(en[k]), placeholders(fr[k]))
        for k in en
        if placeholders(en[k]) != placeholders(fr[k])
    }
    assert different == {}


def test_no_message_is_empty_or_untranslated_prose():
    en, fr = catalogue("en"), catalogue("fr")
    assert [k for k, v in {**en, **fr}.items() if not v.strip()] == []
    # Long sentences identical in both files are almost always a forgotten translation.
    same = [
        k
        for k in en
        if en[k] == fr[k] and len(en[k].split()) > 3 and not k.startswith("setup.computer_names")
    ]
    assert same == []


def test_plural_messages_have_both_forms():
    for lang in ("en", "fr"):
        keys = catalogue(lang)
        for key in keys:
            if key.endswith("_one"):
                assert key[:-4] + "_other" in keys, key


@pytest.mark.parametrize(
    ("lang", "n", "category"),
    [
        ("en", 0, "other"),
        ("en", 1, "one"),
        ("en", 2, "other"),
        ("fr", 0, "one"),
        ("fr", 1, "one"),
        ("fr", 2, "other"),
    ],
)
def test_plural_rules(lang, n, category):
    assert plural_category(lang, n) == category


def test_french_zero_is_singular_in_a_real_message():
    tr = Translator("fr", {"fr": {"cards_one": "{n} carte", "cards_other": "{n} cartes"}, "en": {}})
    assert tr.tr_n("cards", 0) == "0 carte"
    assert tr.tr_n("cards", 2) == "2 cartes"
    en = Translator("en", {"en": {"cards_one": "{n} card", "cards_other": "{n} cards"}})
    assert en.tr_n("cards", 0) == "0 cards"


def test_missing_french_falls_back_to_english():
    tr = Translator("fr", {"en": {"a": "Hello {name}"}, "fr": {}})
    assert tr.tr("a", name="Zoé") == "Hello Zoé"
    assert isinstance(tr.tr("a"), Text)


def test_language_choice_order():
    assert choose_language("fr", "en", "en") == "fr"
    assert choose_language(None, "fr", "en") == "fr"
    assert choose_language(None, None, "fr") == "fr"
    assert choose_language(None, None, "de") == "en"


def test_broken_catalogue_is_reported_not_fatal(tmp_path):
    (tmp_path / "en.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "fr.json").write_text('{"a": "A', encoding="utf-8")
    tr = Translator.from_folder(tmp_path, "fr")
    assert tr.problems and "fr.json" in tr.problems[0]
    assert tr.tr("a") == "A"
    with pytest.raises(CatalogueError):
        load_catalogue(tmp_path / "fr.json")


def literal_keys_used_in_code() -> set[str]:
    """Every ``tr("...")``/``tr_n("...")`` call with a literal id in the interface."""
    keys = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute | ast.Name)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("tr", "tr_n")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                keys.add(node.args[0].value)
    return keys


def test_every_literal_id_in_the_code_exists():
    en = catalogue("en")
    missing = sorted(k for k in literal_keys_used_in_code() if k not in en and f"{k}_other" not in en)
    assert missing == []


def test_catalogues_are_valid_json_objects():
    for lang in ("en", "fr"):
        assert isinstance(json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8")), dict)


def test_text_on_screen_follows_a_language_switch():
    tr = Translator(
        "en",
        {
            "en": {"a": "Play {card}", "c": "heart", "n_one": "{n} card", "n_other": "{n} cards"},
            "fr": {"a": "Jouez {card}", "c": "cœur", "n_one": "{n} carte", "n_other": "{n} cartes"},
        },
    )
    shown = tr.tr("a", card=tr.tr("c"))
    count = tr.tr_n("n", 0)
    tr.set_language("fr")
    assert tr.refresh(shown) == "Jouez cœur"
    assert tr.refresh(count) == "0 carte"
    assert tr.refresh("Marie") == "Marie"


def test_french_uses_typographic_apostrophes():
    straight = sorted(k for k, v in catalogue("fr").items() if "'" in v)
    assert straight == []
