"""The shape of the house beyond the layers (``test_layers.py``): no modules of the project
import each other in a circle, modules stay short, and the nightly pass's store decides nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "memcurator"
POLICY = {f"memcurator.{m}" for m in (
    "consolidation", "promotion", "resolve", "meaning", "gate", "lifecycle", "privacy", "steps"
)}


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


@pytest.mark.parametrize("module", ["pass_reads", "pass_writes"])
def test_the_nightly_pass_store_loads_and_writes_rows_and_decides_nothing(module: str) -> None:
    """From the policy it takes dataclasses and constants, never a function: deciding is
    the policy's, and ``memcurator.app.nightly`` is what calls it. (The vocabulary and the
    key formats, which it reads and writes rows in, are not policy.)"""
    tree = ast.parse((CORE.parent / "store" / f"{module}.py").read_text(encoding="utf-8"))
    taken = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module in POLICY
        for alias in node.names
    }
    functions = {name for name in taken if not name[0].isupper()}
    assert taken and not functions, f"store/{module}.py calls the policy: {functions}"


def test_only_the_units_of_work_call_into_the_app_layer() -> None:
    """The core never imports the units of work built on it (imports point one way)."""
    users = {
        str(path.relative_to(CORE))
        for path in CORE.glob("*.py")
        if any(name == "memcurator.app" or name.startswith("memcurator.app.")
               for name in _modules(path))
    }
    assert users <= {"__init__.py"}, users  # the public facade, which delegates to the app


def _modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module}
