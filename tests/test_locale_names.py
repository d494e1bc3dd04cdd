"""One name per option and action: no two catalogue ids carry the same English name, and every id
in the catalogue is used by the code or the lesson scripts (a merged or dropped name leaves no
orphan behind)."""

from __future__ import annotations

import ast
import json
import pathlib
import re
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parent.parent
NAME_LENGTH = 60
"""Texts up to this long are names (of an option, an action, a screen or a pile)."""

HOMONYMS: dict[frozenset[str], str] = {
    frozenset({"app.name", "app.window_title"}): "the title screen's logo and the window bar",
    frozenset({"game.frustration.players", "game.rum500.players"}): "a fact of each game, not a name",
    frozenset({"settings.back.blue", "tiles.colour.B"}): "a card back's colour and a tile's colour",
    frozenset({"settings.back.red", "tiles.colour.R"}): "a card back's colour and a tile's colour",
    frozenset({"common.off", "option.tiles.timer.0"}): "French says “Sans” (no sand glass), not “off”",
    frozenset({"tiles.sheet.blocked", "tiles.sheet.stalemate"}): "two end codes kept by saved games",
    frozenset({"frustration.grid.legend.final", "option.frustration.final_contract"}): (
        "a mark of the grid's legend, lower case like the other marks"
    ),
    frozenset({"rum500.claim", "tiles.sheet.rummy"}): "the call “Rummy!” and a score sheet's note",
    frozenset({"move.pass.hint", "table.pass"}): "the hint's imperative verb (French “passez”)",
    frozenset({"card.the", "card.the.A", "card.the.Q"}): "French says “l’as” and “la dame”, “le” otherwise",
    frozenset({"meld.owner", "meld.owner_elided"}): "French elides “de” before a vowel (“d’Anna”)",
}
"""Ids whose English text is the same but which name different things, each with the reason."""


def english() -> dict[str, str]:
    return json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))


def normalised(text: str) -> str:
    return re.sub(r"[\s.:!…]+$", "", text.strip().lower())


def test_no_two_ids_carry_the_same_name():
    same: dict[str, set[str]] = defaultdict(set)
    for key, text in english().items():
        if key.endswith(".keys") or len(text) > NAME_LENGTH:
            continue  # key caps are not names; long texts are sentences
        same[normalised(text)].add(key)
    duplicates = sorted(
        sorted(keys) for keys in same.values() if len(keys) > 1 and frozenset(keys) not in HOMONYMS
    )
    assert duplicates == [], "one name, one id: use one of these ids everywhere, or add a homonym"


def test_every_homonym_is_still_a_pair():
    en = english()
    stale = [sorted(keys) for keys in HOMONYMS if not keys <= en.keys()]
    assert stale == []


def code_strings() -> tuple[set[str], list[re.Pattern[str]]]:
    """Every string constant in the game's code, and every f-string as a pattern (each
    ``{...}`` stands for an id part or several)."""
    literals: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                pattern = ""
                for value in node.values:
                    if isinstance(value, ast.Constant):
                        parts.add(id(value))
                        pattern += re.escape(str(value.value))
                    else:
                        pattern += "[A-Za-z0-9_.]+"
                if re.search("[a-z]{2}", re.sub(r"\[A-Za-z0-9_\.\]\+", "", pattern)):
                    patterns.append(re.compile(pattern))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
                literals.add(node.value)
    return literals | lesson_strings(), patterns


def lesson_strings() -> set[str]:
    """Every string of the lesson scripts (data the game reads: their texts' ids, and ``@`` ids
    of the names they quote)."""
    found: set[str] = set()
    for path in (ROOT / "game" / "lessons").glob("*.json"):
        stack = [json.loads(path.read_text(encoding="utf-8"))]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                stack.extend(value.values())
            elif isinstance(value, list):
                stack.extend(value)
            elif isinstance(value, str):
                found.add(value.removeprefix("@"))
    return found


def is_used(key: str, literals: set[str], patterns: list[re.Pattern[str]]) -> bool:
    base = re.sub(r"_(one|other)$", "", key)
    for candidate in {key, base}:
        if candidate in literals or any(p.fullmatch(candidate) for p in patterns):
            return True
        # A family built at run time: a literal prefix and a literal value ("settings.speed" + "fast").
        prefix, _, last = candidate.rpartition(".")
        if prefix in literals and last in literals:
            return True
    return False


def test_every_id_in_the_catalogue_is_used_by_the_code():
    literals, patterns = code_strings()
    orphans = sorted(k for k in english() if not is_used(k, literals, patterns))
    assert orphans == []


def test_the_staging_slots_name_a_contract_s_melds_as_the_contract_does():
    """One word for one thing, in both languages: each staging slot of a contract (“Brelan”,
    “Suite de 4”) says the word its contract says (“2 brelans + 1 suite de 4”), never another
    (“Jeu de 3”)."""
    from game.engine.frustration import contract
    from game.i18n import Translator
    from game.ui.tables.move_words import contract_part

    class App:
        def __init__(self, lang: str) -> None:
            self.tr_ = Translator.from_folder(ROOT / "locales", lang)
            self.tr = self.tr_.tr

    for lang in ("en", "fr"):
        app = App(lang)
        for number in range(1, 15):
            said = app.tr(f"contract.{number}").lower()
            for kind, n in contract(number):
                noun = str(contract_part(app, kind, n)).split()[0].lower()
                assert noun in said, (lang, number, noun, said)
