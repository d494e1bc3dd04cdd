"""Guided lessons: one per game, a prepared deal and a list of steps, read from data.

Each game's lesson is a script, ``<game>.json`` in this folder: the deal (given to the game's
position builder, ``game.engine.<game>.positions.arranged``), the other seats' names, and the
steps, each naming its coach text and nudge (catalogue ids), what completes it (engine moves
written as patterns, pieces arranged on the screen, or a button), what glows, and the other
seats' scripted replies. A new step, or a fourth game's lesson, is data: this package and the
interface's lesson (``game.ui.tables.lesson``) read any script.

- ``script``: the shape of a script, ``read`` and ``load`` (checked with the engine's schema
  validator, the deal built, every pattern and piece checked against the game);
- ``patterns``: moves as patterns, ``matches`` and ``resolve``;
- ``replay``: a script played through the engine (tests, screenshots).

Pure Python like the engine (no pygame): ``game.ui`` -> ``game.lessons`` -> ``game.engine``.
This module itself imports nothing (the title screen asks ``has_lesson`` before its first
frame, long before any engine is loaded).
"""

from __future__ import annotations

from pathlib import Path


def script_path(game: str) -> Path:
    """Where ``game``'s lesson script is shipped (in this folder: the wheel and the standalone
    build carry it here as the source tree does)."""
    return Path(__file__).resolve().parent / f"{game}.json"


def has_lesson(game: str) -> bool:
    """True when ``game`` has a lesson script."""
    return script_path(game).is_file()
