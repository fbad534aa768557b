"""The shape of the house: the pure core imports no database, no Prefect and does no I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "memcurator"
PURE_MODULES = [
    "consolidation", "credentials", "decisions", "gate", "ids", "keys", "meaning", "privacy",
    "resolve",
    "schema", "transient", "transient_rules", "transient_learned", "transient_weights",
    "workload", "lifecycle",
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
