"""The shape of the house: the pure core imports no database, no Prefect and does no I/O;
no modules of the project import each other in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "memcurator"
PURE_MODULES = [
    "consolidation", "credentials", "decisions", "gate", "ids", "keys", "meaning", "privacy",
    "resolve",
    "schema", "transient", "dates",
    "workload", "lifecycle",
    "drift", "report_frames", "svg_charts", "report_html",
]
FORBIDDEN = ("sqlalchemy", "psycopg", "prefect", "store", "flows", "tasks", "alembic", "open")


def imported_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            names.add(node.func.id)
    return names


@pytest.mark.parametrize("module", PURE_MODULES)
def test_the_pure_core_touches_no_database_orchestrator_or_file(module: str) -> None:
    used = imported_names(CORE / f"{module}.py")
    assert not used & set(FORBIDDEN), f"memcurator/{module}.py uses {used & set(FORBIDDEN)}"


def test_modules_stay_readable_in_one_sitting() -> None:
    roots = [CORE, CORE.parent / "store", CORE.parent / "flows", CORE.parent / "tasks"]
    too_long = {
        str(path.relative_to(CORE.parent)): n
        for root in roots
        for path in root.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert not too_long, f"modules over 500 lines: {too_long}"


PROJECT = CORE.parent
PACKAGES = ("memcurator", "store", "flows", "tasks")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PROJECT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The project modules ``path`` imports, anywhere in it (a lazy import inside a function
    still ties the two modules: it only moves the moment the circle bites)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: climb from this module's package
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from pkg import name`: name is a module of pkg, or else defined in pkg (the
            # longest-prefix match below then finds pkg).
            named = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in named:
            # The longest project module the name starts with is the one imported.
            parts = name.split(".")
            for end in range(len(parts), 0, -1):
                if (candidate := ".".join(parts[:end])) in modules:
                    found.add(candidate)
                    break
    return found


def import_graph() -> dict[str, set[str]]:
    paths = [p for package in PACKAGES for p in (PROJECT / package).rglob("*.py")]
    modules = {module_name(p) for p in paths}
    return {module_name(p): imported_modules(p, modules) - {module_name(p)} for p in paths}


def find_circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` as a list of modules (first == last), or []."""
    state: dict[str, str] = {}  # "open" while on the current path, then "done"
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = "open"
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state and (circle := visit(target)):
                return circle
        state[node] = "done"
        path.pop()
        return []

    for start in sorted(graph):
        if start not in state and (circle := visit(start)):
            return circle
    return []


def test_find_circle_sees_a_circle_and_only_a_circle() -> None:
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_project_modules_import_each_other_in_a_circle() -> None:
    graph = import_graph()
    assert "memcurator.schema" in graph["memcurator.gate"]  # the imports are read at all
    circle = find_circle(graph)
    assert not circle, "import circle: " + " -> ".join(circle)
