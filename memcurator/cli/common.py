"""What every command family shares: the options, the exit codes, one-line failures, scope
parsing and opening the store.

Command modules import this module, never ``memcurator.cli`` itself (which imports them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from memcurator.settings import Settings

if TYPE_CHECKING:  # the CLI imports SQLAlchemy only once a command needs the store
    from sqlalchemy import Engine

# Exit codes (0 is success; 1 anything unexpected, or a thing asked for that is not there).
EXIT_USAGE = 2
EXIT_INPUT = 3
EXIT_STORE = 4
EXIT_BUSY = 5

DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        envvar="MEMCURATOR_DATABASE_URL",
        help="SQLAlchemy URL of the store (default: sqlite:///memcurator.db).",
        show_default=False,
    ),
]
ScopeOption = Annotated[
    list[str], typer.Option("--scope", help="LEVEL=VALUE, repeatable: the context asked about.")
]
ScopeFilter = Annotated[
    list[str], typer.Option("--scope", help="LEVEL=VALUE, repeatable: only that scope's rows.")
]


class CliError(Exception):
    """A problem to report in one line with a given exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def fail(message: str, code: int) -> NoReturn:
    raise CliError(message, code)


def open_engine(database_url: str | None) -> Engine:
    """The store at ``database_url`` (default from the settings), reachable and at the
    current schema, or one line and exit 2 (a bad URL) or 4 (the store)."""
    from store.engine import BadDatabaseUrl, StoreError, make_engine, require_current_schema

    url = database_url or Settings().database_url
    try:
        engine = make_engine(url)
        require_current_schema(engine)
    except BadDatabaseUrl as exc:
        fail(str(exc), EXIT_USAGE)
    except StoreError as exc:
        fail(str(exc), EXIT_STORE)
    return engine


def parse_scope(pairs: list[str]) -> dict[str, str]:
    """``--scope LEVEL=VALUE`` options as a scope (empty when none is given)."""
    from memcurator.schema import SCOPE_LEVELS

    scope = {}
    for pair in pairs:
        level, sep, value = pair.partition("=")
        if not sep or level not in SCOPE_LEVELS or not value:
            levels = ", ".join(SCOPE_LEVELS)
            fail(f"--scope wants LEVEL=VALUE with LEVEL one of {levels}; got {pair!r}", EXIT_USAGE)
        scope[level] = value
    return scope


def require_scope(pairs: list[str]) -> dict[str, str]:
    """As ``parse_scope``, for the commands that need at least one level."""
    scope = parse_scope(pairs)
    if not scope:
        fail("give the context with at least one --scope LEVEL=VALUE", EXIT_USAGE)
    return scope


def print_counts(counts: dict[str, int]) -> None:
    """One ``name  count`` line per item, the counts aligned."""
    width = max(len(k) for k in counts)
    for key, value in counts.items():
        typer.echo(f"{key:<{width}}  {value:>9,}")
