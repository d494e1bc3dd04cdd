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
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

SHIPPED = ("assets", "locales")
"""The folders of shipped files, found side by side."""


@cache
def resource_root() -> Path:
    """The folder holding ``assets/`` and ``locales/`` (see the module docstring).

    The package's folder on disk (where ``files("game")`` points for a package on disk: wheel,
    bundle) and the checkout are looked at first, directly, which spares the start the import
    of ``importlib.resources``' readers; ``files("game")`` decides when neither has them."""
    package = Path(__file__).resolve().parent
    for folder in (package, package.parent):
        if has_shipped(folder):
            return folder
    from importlib.resources import files

    return choose_root(files("game"), package.parent)


def has_shipped(folder: Path) -> bool:
    """True when ``folder`` holds every shipped folder."""
    return all((folder / name).is_dir() for name in SHIPPED)


def choose_root(package: Traversable, checkout: Path) -> Path:
    """``package`` when the shipped folders are inside it (wheel, bundle), else ``checkout``."""
    if isinstance(package, Path) and has_shipped(package):
        return package
    return checkout


def resource_path(*parts: str) -> Path:
    """The path of a shipped file, e.g. ``resource_path("locales", "fr.json")``."""
    return resource_root().joinpath(*parts)
