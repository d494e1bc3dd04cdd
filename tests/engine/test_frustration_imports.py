"""The modules of the Frustration engine import each other without a loop (counting every
import: at module level, inside functions and under ``TYPE_CHECKING``)."""

from __future__ import annotations

import ast
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "game" / "engine" / "frustration"


def local_imports(path: pathlib.Path) -> set[str]:
    """The modules of the package that ``path`` imports, anywhere in the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith("game.engine.frustration."):
                found.add(node.module.split(".")[3])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("game.engine.frustration."):
                    found.add(alias.name.split(".")[3])
    return found


def graph() -> dict[str, set[str]]:
    return {p.stem: local_imports(p) - {p.stem} for p in PACKAGE.glob("*.py") if p.stem != "__init__"}


def test_no_import_loop_in_the_frustration_engine():
    edges = graph()
    assert {"state", "save", "view", "turn", "placing"} <= set(edges)
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import loop: {' -> '.join((*path, module))}"
        if module in done:
            return
        for other in sorted(edges.get(module, ())):
            visit(other, (*path, module))
        done.add(module)

    for module in sorted(edges):
        visit(module, ())
