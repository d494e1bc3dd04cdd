"""The layers depend one way: ui -> ai -> engine. The engine never imports pygame."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent / "game"


def imports_of(package: str) -> list[tuple[str, str]]:
    found = []
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(str(path), alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((str(path), node.module))
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("engine", ("pygame", "pygame_gui", "game.ui", "game.ai", "game.i18n", "game.sim", "platformdirs")),
        ("ai", ("pygame", "pygame_gui", "game.ui", "game.sim")),
        ("i18n", ("pygame", "game.ui")),
    ],
)
def test_layer_does_not_import(package, forbidden):
    bad = [
        (path, mod)
        for path, mod in imports_of(package)
        if mod.split(".")[0] in forbidden
        or mod in forbidden
        or any(mod.startswith(f + ".") for f in forbidden)
    ]
    assert not bad, f"{package} imports what it must not: {bad}"


def test_engine_runs_without_pygame(monkeypatch):
    import importlib
    import sys

    for name in list(sys.modules):
        if name.startswith("game.engine"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pygame", None)  # any import of pygame now fails
    for path in (ROOT / "engine").rglob("*.py"):
        module = "game." + ".".join(path.relative_to(ROOT).with_suffix("").parts)
        importlib.import_module(module.removesuffix(".__init__"))
