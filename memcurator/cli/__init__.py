"""The ``memcurator`` command line: parse, call one function, print.

One module per command family, each registering its commands here (and importing only
``memcurator.cli.common``, never this module): ``store_commands`` (init, schema, ingest,
export, log, as-of, trace, recall), ``demo``, ``erasure`` (forget), ``passes`` (consolidate,
backfill, serve) and ``operations`` (audit, drops).

Exit codes: 0 the command did its job (rejected candidates are a normal outcome, and so is
a reader that closes the pipe early, as ``| head`` does); 2 bad arguments; 3 unreadable input;
4 the database is unreachable or not initialised, or no Prefect server answers at
``PREFECT_API_URL``; 5 another pass holds the store; 6 the id
asked about is not there; 1 anything unexpected (one line; ``MEMCURATOR_DEBUG=1`` shows the
traceback).
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from memcurator.cli import alerts, demo, erasure, operations, passes, store_commands
from memcurator.cli.common import (
    EXIT_INPUT,
    EXIT_STORE,
    EXIT_USAGE,
    CliError,
    OutputClosed,
    command_group,
)

app = command_group(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="memcurator: the write gate and nightly consolidation for an agent's long-term memory.",
)
# In this order `--help` lists them (command groups, such as audit, come last).
for family in (store_commands, demo, erasure, passes, operations):
    family.register(app)
alerts.register(app)  # after the families: `alerts` is a command group


def _print_version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import version

        typer.echo(f"memcurator {version('memcurator')}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """The options that come before a command (``--version``)."""


def main() -> None:
    """Entry point: run the app, turning every failure into one line and an exit code."""
    from pydantic import ValidationError
    from sqlalchemy.exc import DBAPIError

    from store.engine import StoreError, first_line

    try:
        code = app(standalone_mode=False)
    except CliError as exc:
        typer.echo(f"memcurator: {exc}", err=True)
        sys.exit(exc.code)
    except StoreError as exc:
        typer.echo(f"memcurator: {exc}", err=True)
        sys.exit(EXIT_STORE)
    except DBAPIError as exc:
        typer.echo(f"memcurator: database error: {first_line(exc.orig)}", err=True)
        sys.exit(EXIT_STORE)
    except (OutputClosed, BrokenPipeError):
        # `memcurator export | head` is normal use, not an error (a `set -o pipefail` script
        # must not fail on it); silence the interpreter's final flush into the closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except KeyboardInterrupt:
        typer.echo("memcurator: interrupted", err=True)
        sys.exit(130)
    except OSError as exc:
        # Reading the input or writing the output failed below the CLI (an EIO on read, a
        # full disk under stdout): a named input/output problem, not an internal error.
        where = f" ({exc.filename})" if exc.filename else ""
        typer.echo(f"memcurator: input/output error{where}: {exc.strerror or exc}", err=True)
        sys.exit(EXIT_INPUT)
    except ValidationError as exc:
        if exc.title != "Settings":
            raise
        # A MEMCURATOR_* setting out of its range: name it and the rule, never its value (the
        # database URL may hold a password).
        for error in exc.errors(include_input=False, include_url=False):
            name = "MEMCURATOR_" + "_".join(str(part) for part in error["loc"]).upper()
            typer.echo(f"memcurator: setting {name}: {error['msg']}", err=True)
        sys.exit(EXIT_USAGE)
    except Exception as exc:  # the last line of defence against tracebacks
        # Typer vendors click, so its usage errors are recognised by shape, not by class.
        exit_code = getattr(exc, "exit_code", None)
        if hasattr(exc, "format_message") and isinstance(exit_code, int):
            # Typer words an enum option's refusal "Value error, ..." (a pydantic phrase).
            message = exc.format_message().replace("Value error, ", "").rstrip(".")
            typer.echo(f"memcurator: {message} (see --help)", err=True)
            sys.exit(exit_code)
        if type(exc).__name__ == "Abort":
            sys.exit(1)
        if os.environ.get("MEMCURATOR_DEBUG"):
            raise
        first = (str(exc).strip().splitlines() or [""])[0]
        typer.echo(
            f"memcurator: internal error: {type(exc).__name__}: {first} "
            "(set MEMCURATOR_DEBUG=1 for the traceback)",
            err=True,
        )
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


__all__ = ["app", "main"]
