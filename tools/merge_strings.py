"""Merge a handoff file of strings ``{"key": {"en": ..., "fr": ...}}`` into locales/*.json.

Usage: python tools/merge_strings.py FILE [FILE ...]
Existing keys are replaced; the catalogues stay sorted by key.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

LOCALES = Path(__file__).resolve().parent.parent / "locales"


def merge(paths: list[str]) -> None:
    catalogues = {
        lang: json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "fr")
    }
    for path in paths:
        for key, texts in json.loads(Path(path).read_text(encoding="utf-8")).items():
            for lang, catalogue in catalogues.items():
                catalogue[key] = texts[lang]
    for lang, catalogue in catalogues.items():
        text = json.dumps(dict(sorted(catalogue.items())), ensure_ascii=False, indent=2) + "\n"
        (LOCALES / f"{lang}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    merge(sys.argv[1:])
