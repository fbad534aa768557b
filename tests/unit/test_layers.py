"""The shape of the house, checked by folder: imports point one way, the core stays pure.

Layers (STYLE.md, "The house"): the core is every module directly in ``memcurator/``; the edges
are ``memcurator/app/`` (units of work), ``memcurator/cli/``, ``flows/``, ``tasks/`` and
``deployments/``; ``store/`` sits beside the core and may import nothing but it. A module is
judged by what its source says (``ast``), including imports inside functions, so a lazy import
cannot hide a dependency. Folders that do not exist yet simply hold no module.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "memcurator"

# The package's two entry points live in the core folder by Python's rules, but they are not
# core: the public API facade delegates to the app layer, `python -m memcurator` runs the CLI.
# Each may import only the one layer named here (and the core); the test below holds them to it.
ENTRY_POINTS = {
    "memcurator/__init__.py": ("memcurator.app",),
    "memcurator/__main__.py": ("memcurator.cli",),
}

# Packages the core never imports: a database, a migration tool, an orchestrator, or a layer
# above it (a name stands for itself and everything under it).
EDGES = ("flows", "tasks", "deployments", "memcurator.app", "memcurator.cli")
NOT_IN_CORE = ("sqlalchemy", "psycopg", "prefect", "alembic", "store", *EDGES)
NOT_IN_STORE = ("prefect", *EDGES)
NOT_IN_TASKS = ("flows",)
# Calls that read or write files: the core gets its input as data.
FILE_CALLS = frozenset({"open", "read_text", "write_text", "read_bytes", "write_bytes"})


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_name_of(name: str) -> str:
    """The core module an imported name lives in: ``memcurator.keys.topic_key`` ->
    ``memcurator.keys``; anything else is returned as it is."""
    parts = name.split(".")
    if parts[0] == "memcurator" and len(parts) > 1 and (CORE / f"{parts[1]}.py").is_file():
        return f"memcurator.{parts[1]}"
    return name


def imports(path: Path) -> set[str]:
    """Every module the file imports, dotted and absolute (``from memcurator import cli``
    counts as ``memcurator.cli``; relative imports are resolved against the file's package)."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def file_calls(path: Path) -> set[str]:
    """The file-touching calls the module makes: ``open(...)``, ``os.open``, ``Path.read_text``."""
    calls = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in FILE_CALLS:
                calls.add(f"{name}()")
    return calls


def under(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def core_modules() -> list[Path]:
    """Every module directly in the core folder but its entry points; its subpackages are
    edges, not core."""
    return sorted(p for p in CORE.glob("*.py") if relative(p) not in ENTRY_POINTS)


def folder(name: str) -> list[Path]:
    return sorted((ROOT / name).rglob("*.py")) if (ROOT / name).is_dir() else []


@cache
def core_violations(path: Path) -> tuple[str, ...]:
    """What keeps a core module from being pure: its own forbidden imports and file calls,
    and every core module it imports that is not pure itself (impurity travels upward)."""
    found = set(file_calls(path))
    for name in imports(path):
        if under(name, NOT_IN_CORE):
            found.add(name)
        elif (target := CORE / f"{name.removeprefix('memcurator.')}.py") != path and (
            name.startswith("memcurator.") and target.is_file() and core_violations(target)
        ):
            found.add(f"{name} (not pure)")
    return tidy(found)


def tidy(names: set[str]) -> tuple[str, ...]:
    """"store.engine" says it all; "store.engine.make_engine" beside it is noise."""
    return tuple(sorted(n for n in names if not any(n.startswith(f"{m}.") for m in names)))


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", core_modules(), ids=relative)
def test_the_core_imports_no_database_orchestrator_or_edge_and_opens_no_file(
    path: Path,
) -> None:
    assert not core_violations(path), f"{relative(path)} uses {', '.join(core_violations(path))}"


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_an_entry_point_only_delegates_to_its_layer(entry: str) -> None:
    allowed = ENTRY_POINTS[entry]
    wrong = {name for name in tidy(imports(ROOT / entry))
             if under(name, NOT_IN_CORE) and not under(name, allowed)}
    assert not wrong, f"{entry} reaches past {allowed}: {sorted(wrong)}"


def test_the_app_layer_imports_no_edge_above_it() -> None:
    """Imports point one way: the CLI, flows and tasks call the units of work, never back."""
    above = ("memcurator.cli", "flows", "tasks", "deployments", "prefect")
    wrong = {f"{relative(path)}: {name}" for path in folder("memcurator/app")
             for name in tidy(imports(path)) if under(name, above)}
    assert folder("memcurator/app") and not wrong, f"the app layer reaches up: {sorted(wrong)}"


def test_the_core_folder_is_where_the_test_looks() -> None:
    """Guards the test itself: a wrong path would find no module and pass vacuously."""
    names = {path.name for path in core_modules()}
    assert {"resolve.py", "gate.py", "schema.py"} <= names
    assert (ROOT / "store").is_dir() and folder("store")


def test_the_store_imports_only_the_core() -> None:
    pure = {module_name(p) for p in core_modules() if not core_violations(p)}
    wrong = {
        f"{relative(path)}: {name}"
        for path in folder("store")
        for name in tidy(imports(path))
        if under(name, NOT_IN_STORE)
        or (name.startswith("memcurator.") and module_name_of(name) not in pure)
    }
    assert not wrong, f"the store reaches beyond the core: {sorted(wrong)}"


def test_tasks_import_no_flows() -> None:
    wrong = {f"{relative(path)}: {name}" for path in folder("tasks")
             for name in tidy(imports(path)) if under(name, NOT_IN_TASKS)}
    assert not wrong, f"tasks call flows, not the other way round: {sorted(wrong)}"
