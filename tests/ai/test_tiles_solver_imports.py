"""The tile solver's modules import one another one way (issue 20): no loop, and no import
inside a function to get round one."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "game" / "ai" / "tiles"


def _imports(path: Path) -> tuple[set[str], list[int]]:
    """Sibling modules ``path`` imports, and the lines of imports made inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    nested: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module)
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nested += [n.lineno for n in ast.walk(func) if isinstance(n, (ast.Import, ast.ImportFrom))]
    return found, nested


def test_the_tile_ai_modules_have_no_import_loop_and_no_import_in_a_function():
    graph = {}
    for path in PACKAGE.glob("*.py"):
        found, nested = _imports(path)
        assert not nested, f"{path.name} imports inside a function at lines {nested}"
        graph[path.stem] = found & {p.stem for p in PACKAGE.glob("*.py")}

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, "import loop: " + " -> ".join((*trail, module))
        for other in sorted(graph.get(module, ())):
            visit(other, (*trail, module))

    for module in sorted(graph):
        visit(module, ())
    assert "_solver_core" in graph["_solver_mixed"] and "_solver_mixed" not in graph["_solver_core"]
