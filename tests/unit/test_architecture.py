"""The shape of the house: the pure core imports no database, no Prefect and does no I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "memcurator"
PURE_MODULES = [
    "consolidation", "credentials", "decisions", "gate", "ids", "keys", "meaning", "privacy",
    "resolve", "promotion", "steps",
    "schema", "transient",
    "workload", "lifecycle",
]
POLICY = {f"memcurator.{m}" for m in (
    "consolidation", "promotion", "resolve", "meaning", "gate", "lifecycle", "privacy", "steps"
)}
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
    assert users <= {"__init__.py", "progress.py", "demo.py", "cli.py", "cli_flows.py"}, users


def _modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module}
