"""Importing modules in a fresh interpreter where any import of pygame fails: the check that a
module needs no pygame, without touching the test process's own modules (a module tree imported
again in place would leave its parent package pointing at the copy)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def import_fails_without_pygame(*modules: str) -> str:
    """Import ``modules`` with pygame unavailable; the error's last lines, or "" when all import."""
    code = "import importlib, sys\nsys.modules['pygame'] = None\n" + "".join(
        f"importlib.import_module({name!r})\n" for name in modules
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return "" if done.returncode == 0 else "\n".join(done.stderr.strip().splitlines()[-3:])
