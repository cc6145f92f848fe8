"""The layout, checked: imports point down the pipeline (docs/design.md), never up, and the
CLI imports only the api and its own modules.

Read from the code with ast, every way a module can load another: `import hhtracker.x`,
`from hhtracker.x import y`, relative imports (`from ..x import y`, `from . import x`),
`importlib.import_module("...")` and `__import__("...")` with a string argument, and all of
these inside functions and under `if TYPE_CHECKING:` (an import for the type checker only is
still a dependency, and the way cycles hide). A dynamic import whose name is not a plain
string cannot be read here: each such place is named in `DYNAMIC` with the test that checks
what it loads."""

from __future__ import annotations

import ast
import enum
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "hhtracker"

LAYER = {
    "": 0,  # hhtracker/__init__.py: the version
    "cards": 0, "errors": 0,
    "model": 1,
    "money": 2, "display": 2, "games": 2, "sites": 2,
    "tournaments": 3, "parse": 3,
    "rules": 4, "odds": 4,
    "stats": 5, "generate": 5,
    "analysis": 6, "generate_draw": 6,
    "filters": 7, "generate_split": 7, "generate_single": 7,
    "store": 8,
    "report": 9, "export": 9,
    "api": 10,
    "web": 11,
    "cli": 12,
    "__main__": 13,
}
"""Each top-level module or package of hhtracker and its place in the pipeline: a module may
import only from places of a lower number (or from its own package)."""

DYNAMIC = {"hhtracker.api": "test_the_api_facade_loads_lower_layers"}
"""The modules allowed a dynamic import whose name is computed (not a plain string), and the
test that checks the names it can load."""


class ImportKind(enum.Enum):
    """How a module names what it loads."""

    IMPORT = "import"  # import hhtracker.x
    FROM = "from"  # from hhtracker.x import y
    RELATIVE = "relative"  # from ..x import y, from . import x
    IMPORTLIB = "importlib"  # importlib.import_module("hhtracker.x"), __import__("hhtracker.x")


@dataclass(frozen=True)
class Import:
    """One module of hhtracker loading another (or a name of hhtracker itself).

    importer, target: dotted module names ("hhtracker.store.rows"); target is None for a
    dynamic import whose name is computed. line: the import's line in the importer's source.
    type_only: under `if TYPE_CHECKING:`."""

    importer: str
    target: str | None
    names: tuple[str, ...]
    kind: ImportKind
    line: int
    type_only: bool


def _is_module(dotted: str) -> bool:
    """Whether a dotted name of hhtracker is a module or package in PACKAGE."""
    parts = dotted.split(".")
    if parts[0] != "hhtracker":
        return False
    path = PACKAGE.joinpath(*parts[1:])
    return len(parts) == 1 or path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def unit(dotted: str) -> str:
    """The top-level module or package of hhtracker a dotted name belongs to ("" for
    hhtracker itself and its own names, such as __version__)."""
    parts = dotted.split(".")
    if len(parts) < 2 or not _is_module(".".join(parts[:2])):
        return ""
    return parts[1]


def _resolve(package: str, level: int, module: str | None) -> str:
    """The absolute name of a relative import `from <level dots><module> import ...` written in
    a module of `package`; raises ValueError when it climbs above hhtracker."""
    parts = package.split(".")
    if level - 1 >= len(parts):
        raise ValueError(f"relative import of level {level} from {package}")
    base = parts[: len(parts) - level + 1]
    return ".".join([*base, module] if module else base)


def _from_targets(module: str, names: list[ast.alias]) -> list[tuple[str, tuple[str, ...]]]:
    """`from module import a, b`: each name that is a submodule is an import of it; the others
    are names of module."""
    submodules = [(f"{module}.{a.name}", ()) for a in names if _is_module(f"{module}.{a.name}")]
    others = tuple(a.name for a in names if not _is_module(f"{module}.{a.name}"))
    return submodules + ([(module, others)] if others or not submodules else [])


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _dynamic_name(call: ast.Call) -> bool:
    """Whether a call is importlib.import_module(...), import_module(...) or __import__(...)."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in ("import_module", "__import__") and bool(call.args)


def read_imports(module: str, source: str, is_package: bool = False) -> list[Import]:
    """Every import in the source of one module of hhtracker (module: its dotted name;
    is_package: the source is the package's __init__.py), of hhtracker's own modules only."""
    package = module if is_package else module.rpartition(".")[0]
    tree = ast.parse(source)
    type_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and _is_type_checking(node.test)
                 for statement in node.body for n in ast.walk(statement)}
    found: list[Import] = []

    def add(target: str | None, names: tuple[str, ...], kind: ImportKind, node: ast.AST) -> None:
        if target is None or target.split(".")[0] == "hhtracker":
            found.append(Import(module, target, names, kind, getattr(node, "lineno", 0), id(node) in type_only))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, (), ImportKind.IMPORT, node)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base, kind = _resolve(package, node.level, node.module), ImportKind.RELATIVE
            else:
                base, kind = node.module or "", ImportKind.FROM
            for target, names in _from_targets(base, node.names):
                add(target, names, kind, node)
        elif isinstance(node, ast.Call) and _dynamic_name(node):
            argument = node.args[0]
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                name = argument.value
                if name.startswith("."):
                    level = len(name) - len(name.lstrip("."))
                    name = _resolve(package, level, name.lstrip(".") or None)
                add(name, (), ImportKind.IMPORTLIB, node)
            else:
                add(None, (), ImportKind.IMPORTLIB, node)
    return found


def _module_name(path: Path) -> tuple[str, bool]:
    parts = ("hhtracker", *path.relative_to(PACKAGE).with_suffix("").parts)
    is_package = path.name == "__init__.py"
    return ".".join(parts[:-1] if is_package else parts), is_package


def all_imports() -> list[Import]:
    """Every import of every module of hhtracker."""
    found: list[Import] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module, is_package = _module_name(path)
        found += read_imports(module, path.read_text(encoding="utf-8"), is_package)
    return found


def edges(found: list[Import]) -> dict[str, set[str]]:
    """Top-level unit -> the other units it imports from."""
    result: dict[str, set[str]] = defaultdict(set)
    for imp in found:
        if imp.target is not None and unit(imp.target) != unit(imp.importer):
            result[unit(imp.importer)].add(unit(imp.target))
    return result


def upward(found: list[Import]) -> list[str]:
    """The imports that do not point to a lower layer (or within their own unit), and the
    dynamic imports of computed names outside DYNAMIC, one line each: where, what, how."""
    problems = []
    for imp in found:
        where = f"{imp.importer}:{imp.line}"
        how = f"{imp.kind.value}{' under TYPE_CHECKING' if imp.type_only else ''}"
        if imp.target is None:
            if imp.importer not in DYNAMIC:
                problems.append(f"{where}: a dynamic import of a computed name ({how})")
            continue
        a, b = unit(imp.importer), unit(imp.target)
        if a != b and LAYER.get(b, 99) >= LAYER.get(a, -1):
            problems.append(f"{where}: {a or 'hhtracker'} (layer {LAYER.get(a)}) imports {imp.target} "
                            f"(layer {LAYER.get(b)}) ({how})")
    return sorted(problems)


def test_every_unit_has_a_layer() -> None:
    units = {path.stem if path.is_file() else path.name for path in PACKAGE.iterdir()
             if (path.suffix == ".py" or (path / "__init__.py").exists())}
    assert units - {"__init__"} <= set(LAYER), sorted(units - set(LAYER) - {"__init__"})


def test_imports_point_down_the_pipeline() -> None:
    assert upward(all_imports()) == []


def test_the_cli_imports_only_the_api() -> None:
    assert edges(all_imports())["cli"] <= {"api", "", "web"}  # web: `serve` starts the web app


def test_the_web_app_imports_only_the_api() -> None:
    assert edges(all_imports())["web"] <= {"api"}


def test_the_api_facade_loads_lower_layers() -> None:
    """The facade's one computed import, importlib.import_module(f"hhtracker.{home}"), loads
    the homes of its names (_HOMES): each is an api module or a lower layer, and a module."""
    from hhtracker import api

    homes = {f"hhtracker.{home}" for home in api._HOMES.values()}
    assert homes and all(_is_module(home) for home in homes), sorted(h for h in homes if not _is_module(h))
    assert sorted(h for h in homes if unit(h) != "api" and LAYER[unit(h)] >= LAYER["api"]) == []
    assert {imp.line for imp in all_imports() if imp.importer == "hhtracker.api" and imp.target is None}


def test_the_check_sees_every_kind_of_import() -> None:
    """The check itself, on made-up sources of the rules (layer 4): each way of importing the
    api (layer 10) is read and reported upward; the same imports of the model (layer 1) are
    read and pass."""
    sources = {
        "absolute import": "import hhtracker.{unit}\n",
        "absolute from": "from hhtracker.{unit} import x\n",
        "absolute from, a submodule": "from hhtracker import {unit}\n",
        "absolute import inside a function": "def f():\n    import hhtracker.{unit} as i\n    return i\n",
        "relative": "from ..{unit} import x\n",
        "relative, a submodule": "from .. import {unit}\n",
        "relative inside a function": "def f():\n    from ..{unit} import x\n",
        "importlib": "import importlib\nm = importlib.import_module('hhtracker.{unit}')\n",
        "importlib, relative": "import importlib\nm = importlib.import_module('..{unit}', __package__)\n",
        "import_module": "from importlib import import_module\ndef f():\n    return import_module('hhtracker.{unit}')\n",
        "__import__": "m = __import__('hhtracker.{unit}')\n",
        "TYPE_CHECKING": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..{unit} import x\n",
        "typing.TYPE_CHECKING": "import typing\nif typing.TYPE_CHECKING:\n    import hhtracker.{unit}\n",
    }
    for kind, source in sources.items():
        found = read_imports("hhtracker.rules.replay", source.format(unit="api"))
        assert [imp.target for imp in found] == ["hhtracker.api"], kind
        assert [p.split(": ", 1)[1] for p in upward(found)] == [
            f"rules (layer 4) imports hhtracker.api (layer 10) ({found[0].kind.value}"
            f"{' under TYPE_CHECKING' if 'TYPE_CHECKING' in kind else ''})"], kind
        below = read_imports("hhtracker.rules.replay", source.format(unit="model"))
        assert [imp.target for imp in below] == ["hhtracker.model"] and upward(below) == [], kind
    computed = read_imports("hhtracker.rules.replay", "import importlib\nm = importlib.import_module(NAME)\n")
    assert upward(computed) == ["hhtracker.rules.replay:2: a dynamic import of a computed name (importlib)"]
    assert upward(read_imports("hhtracker.api", "import importlib\nm = importlib.import_module(NAME)\n",
                               is_package=True)) == []
    outside = read_imports("hhtracker.rules.replay", "import os\nfrom typing import TYPE_CHECKING\n"
                           "m = __import__('json')\n")
    assert outside == []


def test_the_check_sees_an_upward_import() -> None:
    """The store reaching up into the report, or two units of one layer importing each
    other, would be caught; the store's real imports of the rules are not."""
    assert "rules" in edges(all_imports())["store"]
    made_up = (read_imports("hhtracker.store.rows", "from ..rules import replay\nfrom ..report import render\n")
               + read_imports("hhtracker.parse", "from ..tournaments import x\n", is_package=True))
    assert [p.split(": ")[1].split(" (")[0] for p in upward(made_up)] == [
        "parse", "store"]
    assert [imp.target for imp in made_up] == ["hhtracker.rules.replay", "hhtracker.report.render",
                                               "hhtracker.tournaments"]


def test_analysis_sits_between_the_rules_and_the_store() -> None:
    """The analysis stage uses the parsers, the rules, the statistics and the odds and is
    used by the store, never the other way: the analysis importing the store, or the
    statistics importing the analysis, is an upward import."""
    graph = edges(all_imports())
    assert {"parse", "rules", "stats", "odds"} <= graph["analysis"]
    assert "analysis" in graph["store"] and "analysis" in graph["api"]
    made_up = (read_imports("hhtracker.analysis", "from ..store import rows\n", is_package=True)
               + read_imports("hhtracker.stats.per_hand", "from hhtracker.analysis import AnalyzedHand\n")
               + read_imports("hhtracker.odds.draws", "import hhtracker.analysis.keys\n"))
    assert [p.split(": ")[1].split(" (")[0] for p in upward(made_up)] == ["analysis", "odds", "stats"]


def test_the_store_computes_nothing() -> None:
    """The store formats what the analysis stage computed: it imports neither the odds'
    computation nor the per-hand statistics, nor the parsers (issue "An analysis stage")."""
    computing = {"hhtracker.stats.per_hand", "hhtracker.odds.draws.hero_decisions",
                 "hhtracker.odds.decisions.hero_decisions", "hhtracker.rules.replay.replay"}

    def computed(found: list[Import]) -> set[str]:
        targets = {imp.target for imp in found if imp.target}
        return (targets | {f"{imp.target}.{name}" for imp in found for name in imp.names}) & computing

    store = [imp for imp in all_imports() if unit(imp.importer) == "store"]
    assert computed(store) == set()
    assert computed(read_imports("hhtracker.store.rows", "import hhtracker.stats.per_hand\n"
                                 "from hhtracker.odds.decisions import hero_decisions\n"
                                 "from ..rules.replay import replay\n")) == {
        "hhtracker.stats.per_hand", "hhtracker.odds.decisions.hero_decisions", "hhtracker.rules.replay.replay"}
