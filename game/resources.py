"""Find the files shipped with the game (assets, locales), wherever the game runs from.

The art and the catalogues live at the top of the source checkout (``assets/``, ``locales/``).
The wheel carries them inside the package (``game/assets``, ``game/locales``: the mapping is in
``setup.py``) and the PyInstaller bundle puts them at the same place beside its ``game`` package
(``build.spec``), so one rule serves all three:

- installed wheel and bundle: ``importlib.resources.files("game")`` holds ``assets/`` and
  ``locales/``;
- source checkout (``PYTHONPATH=.`` or an editable install): the checkout's top folder.

Saves and settings never live here: they go to the user's folders (see ``game.ui.storage``).
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

SHIPPED = ("assets", "locales")
"""The folders of shipped files, found side by side."""


@cache
def resource_root() -> Path:
    """The folder holding ``assets/`` and ``locales/`` (see the module docstring)."""
    return choose_root(files("game"), Path(__file__).resolve().parent.parent)


def choose_root(package: Traversable, checkout: Path) -> Path:
    """``package`` when the shipped folders are inside it (wheel, bundle), else ``checkout``."""
    if isinstance(package, Path) and all((package / name).is_dir() for name in SHIPPED):
        return package
    return checkout


def resource_path(*parts: str) -> Path:
    """The path of a shipped file, e.g. ``resource_path("locales", "fr.json")``."""
    return resource_root().joinpath(*parts)
