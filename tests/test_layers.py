"""The layout, checked: imports point down the pipeline (docs/design.md), never up, and the
CLI imports only the api and its own modules. Read from the code's import statements (those
under TYPE_CHECKING, for type checkers only, are left out)."""

from __future__ import annotations

import ast
from collections import defaultdict
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
    "analysis": 6,
    "filters": 7, "generate_split": 7,
    "store": 8,
    "report": 9, "export": 9,
    "api": 10,
    "cli": 11,
    "__main__": 12,
}
"""Each top-level module or package of hhtracker and its place in the pipeline: a module may
import only from places of a lower number (or from its own package)."""


def _unit(dotted: str) -> str:
    """The top-level module or package of a dotted name ("" for a name of hhtracker itself,
    such as __version__)."""
    parts = dotted.split(".")
    if len(parts) < 2:
        return ""
    name = parts[1]
    return name if (PACKAGE / f"{name}.py").exists() or (PACKAGE / name / "__init__.py").exists() else ""


def imports() -> dict[str, set[str]]:
    """Top-level unit -> the other units it imports from."""
    edges: dict[str, set[str]] = defaultdict(set)
    for path in PACKAGE.rglob("*.py"):
        parts = ("hhtracker", *path.relative_to(PACKAGE).with_suffix("").parts)
        package = list(parts if path.name == "__init__.py" else parts[:-1])
        if path.name == "__init__.py":
            package = package[:-1]
        module = ".".join(parts[:-1] if path.name == "__init__.py" else parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hidden = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                  for n in ast.walk(node)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or not node.level or id(node) in hidden:
                continue
            base = package[: len(package) - node.level + 1]
            targets = [".".join([*base, node.module])] if node.module else [".".join([*base, a.name]) for a in node.names]
            for target in targets:
                if _unit(target) != _unit(module):
                    edges[_unit(module)].add(_unit(target))
    return edges


def test_every_unit_has_a_layer() -> None:
    units = {path.stem if path.is_file() else path.name for path in PACKAGE.iterdir()
             if (path.suffix == ".py" or (path / "__init__.py").exists())}
    assert units - {"__init__"} <= set(LAYER), sorted(units - set(LAYER) - {"__init__"})


def upward(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The imports (importer, imported) that do not point to a lower layer."""
    return sorted((a, b) for a, targets in edges.items() for b in targets if LAYER.get(b, 99) >= LAYER[a])


def test_imports_point_down_the_pipeline() -> None:
    assert upward(imports()) == []


def test_the_cli_imports_only_the_api() -> None:
    assert imports()["cli"] <= {"api", ""}


def test_the_check_sees_an_upward_import() -> None:
    """The check itself: the store reaching up into the report, or two units of one layer
    importing each other, would be caught; the store's real imports of the rules are not."""
    edges = imports()
    assert "rules" in edges["store"]
    assert upward({"store": {"rules", "report"}, "parse": {"tournaments"}}) == [("parse", "tournaments"), ("store", "report")]


def test_analysis_sits_between_the_rules_and_the_store() -> None:
    """The analysis stage uses the parsers, the rules, the statistics and the odds and is
    used by the store, never the other way: the analysis importing the store, or the
    statistics importing the analysis, is an upward import."""
    edges = imports()
    assert {"parse", "rules", "stats", "odds"} <= edges["analysis"]
    assert "analysis" in edges["store"] and "analysis" in edges["api"]
    assert upward({"analysis": {"store"}, "stats": {"analysis"}, "odds": {"analysis"}}) == [
        ("analysis", "store"), ("odds", "analysis"), ("stats", "analysis")]


def test_the_store_computes_nothing() -> None:
    """The store formats what the analysis stage computed: it imports neither the odds'
    computation nor the per-hand statistics, nor the parsers (issue "An analysis stage")."""
    computing = {"stats.per_hand", "odds.draws.hero_decisions", "odds.decisions.hero_decisions", "rules.replay.replay"}
    found = set()
    for path in (PACKAGE / "store").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                module = node.module.lstrip(".")
                found |= {module} & computing
                found |= {f"{module}.{a.name}" for a in node.names} & computing
    assert found == set()
