"""What every command family shares: the options, the exit codes, one-line failures, scope
parsing, opening the store, writing to a pipe, and how help is shown.

Command modules import this module, never ``memcurator.cli`` itself (which imports them).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
import typer.core

from memcurator.settings import Settings

if TYPE_CHECKING:  # the CLI imports SQLAlchemy only once a command needs the store
    from sqlalchemy import Engine

# Exit codes (0 is success; 1 anything unexpected).
EXIT_USAGE = 2
EXIT_INPUT = 3
EXIT_STORE = 4
EXIT_BUSY = 5
EXIT_NOT_FOUND = 6  # the id asked about is not in the store: an answer, not a crash

DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        envvar="MEMCURATOR_DATABASE_URL",
        help="SQLAlchemy URL of the store (default: sqlite:///memcurator.db).",
        metavar="URL",
        show_default=False,
    ),
]
ScopeOption = Annotated[
    list[str],
    typer.Option("--scope", metavar="LEVEL=VALUE", help="Repeatable: the context asked about."),
]
ScopeFilter = Annotated[
    list[str],
    typer.Option("--scope", metavar="LEVEL=VALUE", help="Repeatable: only that scope's rows."),
]


class CliError(Exception):
    """A problem to report in one line with a given exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def fail(message: str, code: int) -> NoReturn:
    raise CliError(message, code)


def check_choice(option: str, value: str, choices: tuple[str, ...]) -> None:
    """Refuse a word outside ``choices`` the way click refuses an enum option's."""
    if value not in choices:
        listed = ", ".join(repr(str(c)) for c in choices)
        fail(f"Invalid value for {option!r}: {value!r} is not one of {listed}", EXIT_USAGE)


class OutputClosed(Exception):
    """The reader of stdout went away (``memcurator export | head``): normal use, exit 0.

    Not an ``OSError``, so Typer does not turn it into exit 1 on its way out."""


def write_lines(lines: Iterable[str]) -> None:
    """Write each line to stdout; a closed pipe ends the command quietly."""
    try:
        for text in lines:
            sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        raise OutputClosed from None


def echo(text: str) -> None:
    """``typer.echo`` for a command's answer, ending quietly on a closed pipe."""
    write_lines([text])


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

    scope: dict[str, str] = {}
    for pair in pairs:
        level, sep, value = pair.partition("=")
        if not sep or level not in SCOPE_LEVELS or not value:
            levels = ", ".join(SCOPE_LEVELS)
            fail(f"--scope wants LEVEL=VALUE with LEVEL one of {levels}; got {pair!r}", EXIT_USAGE)
        if level in scope and scope[level] != value:
            given = f"({scope[level]!r}, {value!r})"
            fail(f"--scope {level} given twice {given}: give it once", EXIT_USAGE)
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


# Typer's type tags (<str>, <int range>, <bool>) as the plain words of a help page.
_TYPE_WORDS = {"str": "TEXT", "int": "INTEGER", "float": "NUMBER", "path": "PATH", "file": "PATH"}


def _type_word(tag: str | None) -> str | None:
    if not tag:
        return None
    bare = tag.strip("<>").removesuffix(" range").removeprefix("list[").removesuffix("]")
    if bare == "bool":
        return None  # a flag takes no value: nothing to show
    if "|" in bare:
        return bare  # the choices themselves
    return _TYPE_WORDS.get(bare.lower(), bare.upper())


def _tidy(param: Any) -> None:
    """One look for every parameter: no type tag (a flag or an argument shows none, an option
    its declared metavar such as URL or DATE, else a plain word: TEXT, INTEGER, the choices),
    and defaults in the help text as "(default: X)" rather than a second "[default: X]"."""
    if getattr(param, "_memcurator_tidy", False):
        return
    param._memcurator_tidy = True
    if getattr(param, "param_type_name", "") == "argument":
        param.display_type_rich = lambda ctx: None
        if param.metavar is None:  # the usage line shows FILE, not {file}
            param.metavar = param.name.upper()
        return
    # Typer (0.29) asks each parameter for ``display_type_rich`` when it draws the help
    # table and offers no setting to leave the type out: the method is replaced on this
    # instance only, so nothing else about the option changes.
    declared = param.metavar
    original = type(param).display_type_rich

    def display_type_rich(ctx: Any) -> str | None:
        return declared if declared is not None else _type_word(original(param, ctx))

    param.display_type_rich = display_type_rich
    default: Any = param.default
    if isinstance(param.show_default, str):
        default = param.show_default
    text = param.help or ""
    wanted = param.show_default is not False and "(default" not in text
    if wanted and default not in (None, False, "", [], ()):
        value = getattr(default, "value", default)  # an enum member shows as its word
        param.help = f"{text.rstrip('.')} (default: {value}).".strip()
    param.show_default = False


class TidyCommand(typer.core.TyperCommand):
    """A command whose help shows options the one way ``_tidy`` describes."""

    def get_params(self, ctx: Any) -> Any:
        params = super().get_params(ctx)
        for param in params:
            _tidy(param)
        return params


class TidyGroup(typer.core.TyperGroup):
    """A command group whose own options are tidied like its commands'."""

    def get_params(self, ctx: Any) -> Any:
        params = super().get_params(ctx)
        for param in params:
            _tidy(param)
        return params


def command_group(**settings: Any) -> typer.Typer:
    """A Typer app (the CLI, or a group such as ``audit``) whose help is tidy: Markdown help
    text (a docstring's line breaks are not kept, `code` is rendered, not shown as quotes)."""
    return typer.Typer(cls=TidyGroup, rich_markup_mode="markdown", **settings)


def add_command(app: typer.Typer, function: Any, name: str | None = None) -> None:
    """Register ``function`` as a command of ``app`` with tidy help."""
    app.command(name, cls=TidyCommand)(function)
