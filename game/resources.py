"""Find the files shipped with the game (assets, locales), from a source checkout or a bundle.

Saves and settings never live here: they go to the user's folders (see ``game.ui.storage``).
"""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder holding ``assets/`` and ``locales/``.

    Inside a PyInstaller bundle that is the unpacked bundle folder (``sys._MEIPASS``); from a
    source checkout (or an editable install) it is the checkout's top folder.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """The path of a shipped file, e.g. ``resource_path("locales", "fr.json")``."""
    return resource_root().joinpath(*parts)
