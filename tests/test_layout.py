"""The layout shows the design: layers as folders, imports one way, small modules.

Read from the source (no import runs): every ``import`` in solver/, api/ and scripts/,
module-level or inside a function, names a module of the same layer or one below it
(each game's folder a layer above the rooms, none importing another); no module imports
itself back through others, in Python or among the page's modules (api/static); no
private name crosses a module; no module of the library or the app passes 700 lines.
"""

from __future__ import annotations

import ast
import posixpath
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Each game's folder (solver/games/NAME/, with its game.py): its rules, odds, room variant
# and computer players stand on the shared layers below them, and no shared module imports
# one (the registry finds them: solver/games/registry.py).
GAME_FOLDERS = sorted(f"solver.games.{p.parent.name}"
                      for p in (ROOT / "solver" / "games").glob("*/game.py"))
# Low to high: a module may import its own layer and those before it, never one after.
LAYERS = ["solver.errors", "solver.words", "solver.search", "solver.games", "solver.odds",
          "solver.rooms", *GAME_FOLDERS, "solver",
          "solver.cli", "api", "scripts"]
MAX_LINES = 700


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources(*folders: str) -> dict[str, Path]:
    return {module_name(p): p for folder in folders for p in sorted((ROOT / folder).rglob("*.py"))}


PROJECT = sources("solver", "api", "scripts")
TESTS = sources("tests")


def layer(module: str) -> int:
    """The index of the most specific layer ``module`` belongs to (every game folder is one
    layer: no game imports another)."""
    best = None
    for index, name in enumerate(LAYERS):
        if module == name or module.startswith(name + "."):
            if best is None or len(name) > len(LAYERS[best]):
                best = index
    if best is not None and LAYERS[best] in GAME_FOLDERS:
        best = LAYERS.index(GAME_FOLDERS[0])
    return best


def imports(module: str, path: Path):
    """(imported module, names taken from it, line) for each import statement."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            names = [a.name for a in node.names]
            modules = [n for n in names if f"{base}.{n}" in PROJECT]
            for name in modules:  # ``from . import phrases`` imports a module
                yield f"{base}.{name}", [], node.lineno
            if len(modules) < len(names):
                yield base, [n for n in names if n not in modules], node.lineno


def project_imports(module: str, path: Path):
    # tests/ is on sys.path under pytest: a test module is also imported by its bare name
    known = set(PROJECT) | set(TESTS) | {name.rpartition(".")[2] for name in TESTS}
    for target, names, line in imports(module, path):
        if target in known or target.split(".")[0] in ("solver", "api"):
            yield target, names, line


def test_imports_run_one_way():
    wrong = []
    for module, path in PROJECT.items():
        for target, _, line in project_imports(module, path):
            if layer(target) is not None and layer(target) > layer(module):
                wrong.append(f"{path.relative_to(ROOT)}:{line} ({LAYERS[layer(module)]}) "
                             f"imports {target} ({LAYERS[layer(target)]})")
    assert not wrong, "\n".join(wrong)


def folder_of(module: str) -> str | None:
    return next((f for f in GAME_FOLDERS if module == f or module.startswith(f + ".")), None)


def test_the_games_are_found_and_no_game_imports_another():
    assert len(GAME_FOLDERS) >= 5, GAME_FOLDERS
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {target}"
             for module, path in PROJECT.items() if folder_of(module)
             for target, _, line in project_imports(module, path)
             if folder_of(target) not in (None, folder_of(module))]
    assert not wrong, "\n".join(wrong)


# Modules outside the game folders that import one besides the front ends named for it
# (none: Liars' Letters' `liars odds` is solver/cli/letters.py's).
NAMES_A_GAME: dict[str, str] = {}


def test_no_shared_module_imports_a_game():
    """A game's folder is imported by itself and by the front ends named for it (api/letters.py,
    solver/cli/letters.py): every other module reads the registry."""
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {target}"
             for module, path in PROJECT.items()
             if module.startswith(("solver", "api")) and not folder_of(module)
             for target, _, line in project_imports(module, path)
             if folder_of(target) and folder_of(target).rpartition(".")[2]
             != module.rpartition(".")[2] and NAMES_A_GAME.get(module) != folder_of(target)]
    assert not wrong, "\n".join(wrong)


def test_the_library_never_imports_the_web_app_or_flask():
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {target}"
             for module, path in PROJECT.items() if module.startswith("solver")
             for target, _, line in imports(module, path)
             if target.split(".")[0] in ("api", "flask", "werkzeug", "gevent", "gunicorn")]
    assert not wrong, "\n".join(wrong)


def cycles_of(graph: dict[str, set[str]]) -> list[str]:
    """Each cycle a depth-first walk of ``graph`` meets, as ``a -> b -> a``."""
    cycles, state = [], {}

    def visit(node, stack):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                cycles.append(" -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return cycles


def test_no_import_cycles():
    """No module imports itself back through others, counting imports inside functions and
    those of a module's own package's names (``from . import CODE_LENGTH`` in a submodule
    of api.rooms is an edge to api/rooms/__init__.py)."""
    graph = {m: {t for t, _, _ in project_imports(m, p) if t in PROJECT and t != m}
             for m, p in PROJECT.items()}
    cycles = cycles_of(graph)
    assert not cycles, "\n".join(cycles)


STATIC = ROOT / "api" / "static"
# import ... from "x"; export ... from "x"; import "x"; import("x")
JS_IMPORT = re.compile(r"""(?:^|[\s;])(?:import|export)\s[^"';]*?\sfrom\s*["']([^"']+)["']"""
                       r"""|(?:^|[\s;])import\s*["']([^"']+)["']"""
                       r"""|\bimport\(\s*["']([^"']+)["']\s*\)""", re.M)


def page_imports() -> dict[str, set[str]]:
    """The page's modules (api/static), each with the modules of the page it imports,
    statically or when first needed (``import()``), by path."""
    graph = {}
    for path in sorted(STATIC.rglob("*.js")):
        name = path.relative_to(STATIC).as_posix()
        found = (next(g for g in m.groups() if g) for m in JS_IMPORT.finditer(path.read_text()))
        graph[name] = {posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
                       for target in found if target.startswith(".")}
    return graph


def test_the_page_reads_its_modules_imports():
    graph = page_imports()
    assert {"playview.js", "screens/index.js"} <= graph["play.js"]
    assert "engine/local.js" in graph["client.js"]  # import() when first needed
    missing = {f"{name} imports {target}" for name, targets in graph.items()
               for target in targets if target not in graph and "${" not in target}
    assert not missing, missing


def test_no_shared_page_module_imports_a_game():
    """A game's folder on the page (api/static/games/NAME/) is imported by itself; every other
    module finds it by name from the generated tables (engine/tables.js's PAGE_GAMES) with an
    ``import()`` of a template path, and no game's folder imports another's."""
    def game_of(name: str) -> str | None:
        parts = name.split("/")
        return parts[1] if parts[0] == "games" and len(parts) > 2 else None

    graph = page_imports()
    assert {"letters", "dice", "post", "liarliar", "poker"} <= {game_of(n) for n in graph}
    wrong = sorted(f"{name} imports {target}" for name, targets in graph.items()
                   for target in targets
                   if game_of(target) and game_of(target) != game_of(name))
    assert not wrong, "\n".join(wrong)


def test_the_page_has_no_import_cycles():
    cycles = cycles_of(page_imports())
    assert not cycles, "\n".join(cycles)


@pytest.mark.parametrize("group", ["project", "tests"])
def test_no_private_name_is_imported_across_modules(group):
    modules = PROJECT if group == "project" else TESTS
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {name} from {target}"
             for module, path in modules.items()
             for target, names, line in project_imports(module, path)
             for name in names if name.startswith("_") and not name.startswith("__")]
    assert not wrong, "\n".join(wrong)


def test_no_module_is_over_700_lines():
    long = {str(p.relative_to(ROOT)): n for m, p in PROJECT.items()
            if m.startswith(("solver", "api")) and (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, long


def test_every_library_folder_is_a_layer():
    folders = {p.parent.relative_to(ROOT).as_posix().replace("/", ".")
               for p in (ROOT / "solver").rglob("*.py")}
    assert folders <= {name for name in LAYERS} | {
        name for name in folders if any(name.startswith(f"{layer_}.") for layer_ in LAYERS)}
    assert {"solver.words", "solver.search", "solver.games", "solver.cli"} <= folders
