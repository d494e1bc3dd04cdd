"""The layers depend one way: ui -> ai -> engine. The engine never imports pygame."""

from __future__ import annotations

import ast
import pathlib

import pytest

from tests.without_pygame import import_fails_without_pygame

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
        ("lessons", ("pygame", "pygame_gui", "game.ui", "game.ai", "game.i18n", "game.sim")),
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


def test_engine_runs_without_pygame():
    modules = [
        ("game." + ".".join(path.relative_to(ROOT).with_suffix("").parts)).removesuffix(".__init__")
        for path in (ROOT / "engine").rglob("*.py")
    ]
    assert import_fails_without_pygame(*modules) == ""


# --------------------------------------------------------------------------------------------
# The import graph of the whole tree: no loops, and the interface's own rules

KNOWN_LOOPS: list[set[str]] = []
"""Import loops tolerated (each one exactly as it is): none; a new loop is fixed, not listed."""


def module_names() -> dict[str, pathlib.Path]:
    """Every module of the tree by dotted name (a package by its own name)."""
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = ("game", *path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of ``game`` it imports: at module level, inside functions and
    for type checking alike. Navigation opens each game's table scene by its package's name
    (``table_class``): it counts as importing them."""
    modules = module_names()

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([node.module] if node.module else [])])
                # ``from package import module`` imports the module; ``from module import name`` the module.
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            for target in targets:
                found = known(target) if target.startswith("game") else None
                if found and found != name:
                    graph[name].add(found)
    from game.ui.games import GAMES

    graph["game.ui.scenes.navigation"] |= {f"game.ui.tables.{game}.scene" for game in GAMES}
    return graph


def loops(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(group)
    return found


def test_the_loop_finder_finds_a_loop():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert loops(graph) == [{"a", "b", "c"}]
    assert loops({"a": {"b"}, "b": set()}) == []


def test_no_import_loop_in_the_tree():
    unexpected = [sorted(group) for group in loops(import_graph()) if group not in KNOWN_LOOPS]
    assert not unexpected, f"modules importing each other in a loop: {unexpected}"


def test_scenes_and_tables_never_import_the_app():
    graph = import_graph()
    shell = ("game.ui.scene", "game.ui.scenes", "game.ui.tables")
    bad = [name for name, imported in graph.items() if name.startswith(shell) and "game.ui.app" in imported]
    assert not bad, f"these reach the app directly instead of through AppServices: {bad}"


def test_scenes_and_tables_keep_to_themselves():
    """Only navigation (called by the app) names the screens; a scene does not import another
    scene nor a table, a table does not import a scene."""
    bad = []
    for name, imported in import_graph().items():
        for other in imported:
            scene = name.startswith("game.ui.scenes.") and name != "game.ui.scenes.navigation"
            if scene and other.startswith(("game.ui.scenes.", "game.ui.tables")):
                bad.append((name, other))
            if name.startswith("game.ui.tables") and other.startswith("game.ui.scenes"):
                bad.append((name, other))
    assert not bad, f"screens reaching each other outside navigation: {bad}"


def test_table_packages_never_import_each_other():
    from game.ui.games import GAMES

    games = set(GAMES)
    bad = []
    for name, imported in import_graph().items():
        parts = name.split(".")
        if parts[:3] != ["game", "ui", "tables"] or len(parts) < 4 or parts[3] not in games:
            continue
        for other in imported:
            other_parts = other.split(".")
            inside = other_parts[:3] == ["game", "ui", "tables"] and len(other_parts) > 3
            if inside and other_parts[3] in games and other_parts[3] != parts[3]:
                bad.append((name, other))
    assert not bad, f"a table package imports another one: {bad}"


def test_every_table_takes_input_through_one_handle_and_one_drop():
    """The path from the mouse to the engine is the same at every table: ``TableScene.handle``
    and ``TableScene.drop``, with the games answering through their hooks."""
    from game.ui.games import GAMES
    from game.ui.scenes.navigation import table_class
    from game.ui.tables.base import TableScene

    bad = []
    for game in GAMES:
        for cls in table_class(game).__mro__:
            if cls is TableScene:
                break
            bad += [f"{cls.__qualname__}.{name}" for name in ("handle", "drop") if name in vars(cls)]
    assert not bad, f"tables overriding the one input path: {bad}"


# --------------------------------------------------------------------------------------------
# The tables' structure: the same roles in every table package


ROLE_FILES = ("__init__", "scene", "model", "layout", "draw", "summary")
"""Every table package's files, one role each: its declaration (``TABLE``), input and life
cycle (``SCENE``), the turn in progress without pygame (``UI_SCHEMA``), geometry, drawing, the
score sheet and the end of a round."""
SCENE_MODULES = ("base.py", "card_scene.py", "scene.py")
"""The modules of table scenes (the shared ones and each game's)."""
DRAWING_CALLS = ("pygame.draw.", ".blit(", "pygame.Surface(", "fonts.draw(", "fonts.render(")


def table_packages() -> dict[str, pathlib.Path]:
    from game.ui.games import GAMES

    return {game: ROOT / "ui" / "tables" / game for game in GAMES}


def test_every_table_package_has_the_same_role_files():
    import importlib

    from game.ui.tables.base import TableScene

    for game, package in table_packages().items():
        files = {path.stem for path in package.glob("*.py")}
        assert set(ROLE_FILES) <= files, f"{game} lacks {set(ROLE_FILES) - files}"
        declared = importlib.import_module(f"game.ui.tables.{game}").TABLE
        assert declared.game == game
        scene = importlib.import_module(f"game.ui.tables.{game}.scene").SCENE
        assert issubclass(scene, TableScene) and scene.game_id == game
        model = importlib.import_module(f"game.ui.tables.{game}.model")
        assert scene.UI_SCHEMA is model.UI_SCHEMA
        assert "pygame" not in {mod.split(".")[0] for mod in module_imports(package / "model.py")}
        layout = (package / "layout.py").read_text(encoding="utf-8")
        assert not [call for call in DRAWING_CALLS if call in layout], f"{game}/layout.py draws"


def module_imports(path: pathlib.Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def test_a_table_scene_holds_input_and_life_cycle_and_draws_nothing():
    """Drawing is the ``draw`` modules' (``TableDrawing``); a scene turns input into moves."""
    bad = []
    for path in (ROOT / "ui" / "tables").rglob("*.py"):
        if path.name in SCENE_MODULES:
            text = path.read_text(encoding="utf-8")
            bad += [f"{path.relative_to(ROOT)}: {call}" for call in DRAWING_CALLS if call in text]
    assert not bad, f"table scenes drawing: {bad}"


def test_table_helpers_get_what_they_need():
    """A function of the tables' modules takes what it works on (a view, a pen, rectangles),
    never the whole table: only the table's own parts (its drawing, keys, hint...) hold it."""
    bad = []
    for path in (ROOT / "ui" / "tables").rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            for arg in node.args.args + node.args.kwonlyargs:
                annotation = ast.unparse(arg.annotation) if arg.annotation else ""
                scene = "Scene" in annotation or annotation.endswith("Table")
                if scene or (arg.arg in ("table", "scene") and annotation in ("", "Any")):
                    bad.append(f"{path.relative_to(ROOT)}:{node.name}({arg.arg})")
    assert not bad, f"helpers taking the whole table: {bad}"


ASSET_FOLDERS = {"ui/art.py", "ui/app.py"}
"""Modules where ``"tiles"`` names the folder of the tile art, not the game."""


def test_a_game_is_named_only_where_it_is_declared():
    """A fourth game needs one engine package, one table package and a line in each registry
    (``game.engine.games``, ``game.ui.games``): outside the packages and modules named after a
    game, the interface names no game, and no module lists games."""
    from game.engine.games import GAME_IDS

    ids = set(GAME_IDS)
    named, listed = [], []
    for path in ROOT.rglob("*.py"):
        relative = path.relative_to(ROOT)
        if ids & set(relative.with_suffix("").parts):
            continue  # a game's own package or module
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in ids}
        if found and relative.parts[0] == "ui" and relative.as_posix() not in ASSET_FOLDERS:
            named.append(f"{relative}: {sorted(found)}")
        if len(found) > 1:
            listed.append(f"{relative}: {sorted(found)}")
    assert not named, f"the interface naming games outside their packages: {named}"
    assert not listed, f"lists of games outside the registries: {listed}"


def test_the_interface_lists_the_games_of_the_engine_in_its_order():
    from game.engine.games import GAME_IDS
    from game.ui.games import GAMES

    assert GAMES == GAME_IDS
