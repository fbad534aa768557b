"""The ``memcurator`` command line: parse, call one function, print.

Exit codes: 0 the command did its job (rejected candidates are a normal outcome);
2 bad arguments; 3 unreadable input; 4 the database is unreachable or not initialised;
1 anything unexpected (one line; ``MEMCURATOR_DEBUG=1`` shows the traceback).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, BinaryIO, NoReturn

import typer

from memcurator.settings import Settings

EXIT_INPUT = 3
EXIT_STORE = 4

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="memcurator: the write gate and nightly consolidation for an agent's long-term memory.",
)

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


class CliError(Exception):
    """A problem to report in one line with a given exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def fail(message: str, code: int) -> NoReturn:
    raise CliError(message, code)


def _engine(database_url: str | None, *, require_schema: bool = True) -> Any:
    from store.engine import BadDatabaseUrl, StoreError, make_engine, require_current_schema

    url = database_url or Settings().database_url
    try:
        engine = make_engine(url)
        if require_schema:
            require_current_schema(engine)
    except BadDatabaseUrl as exc:
        fail(str(exc), 2)
    except StoreError as exc:
        fail(str(exc), EXIT_STORE)
    return engine


@app.command()
def init(
    database_url: DatabaseUrl = None,
    admin_database_url: Annotated[
        str | None, typer.Option(help="The owner's URL (default MEMCURATOR_ADMIN_DATABASE_URL).")
    ] = None,
) -> None:
    """Create or upgrade the schema as the owner; on PostgreSQL create or check the app role.

    Example: memcurator init --admin-database-url postgresql://owner@db/memory
    """
    from store.engine import BadDatabaseUrl, StoreError
    from store.roles import init_store

    settings = Settings()
    app_url = database_url or settings.database_url
    try:
        lines = init_store(app_url, admin_database_url or settings.admin_database_url or app_url)
    except StoreError as exc:  # a URL that does not parse is a bad argument, like elsewhere
        fail(str(exc), 2 if isinstance(exc, BadDatabaseUrl) else EXIT_STORE)
    except ValueError as exc:
        fail(str(exc), 2)
    typer.echo("\n".join(lines))


@app.command()
def schema(
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file instead of stdout.")
    ] = None,
) -> None:
    """Print the candidate JSON Schema (for an extraction prompt's structured output).

    Example: memcurator schema -o candidate.schema.json
    """
    from memcurator.schema import candidate_json_schema

    text = json.dumps(candidate_json_schema(), indent=2, sort_keys=True)
    if output:
        output.write_text(text + "\n", encoding="utf-8")
    else:
        typer.echo(text)


@app.command()
def ingest(
    file: Annotated[str, typer.Argument(help="A JSON Lines file of candidates, or - for stdin.")],
    database_url: DatabaseUrl = None,
    batch_size: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=100_000,
            envvar="MEMCURATOR_BATCH_SIZE",
            help="Candidates per transaction (default 1000).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the counts as one JSON object.")
    ] = False,
) -> None:
    """Run candidates through the write gate; print a count per outcome.

    Example: memcurator ingest candidates.jsonl
    """
    from memcurator.progress import ingest_with_progress

    settings = Settings()
    engine = _engine(database_url)
    with _open_input(file) as (stream, size):
        report = ingest_with_progress(
            engine,
            stream,
            size=size,
            batch_size=batch_size or settings.batch_size,
            max_line_bytes=settings.max_line_bytes,
        )
    counts = report.as_dict()
    if as_json:
        typer.echo(json.dumps(counts))
    else:
        width = max(len(k) for k in counts)
        for key, value in counts.items():
            typer.echo(f"{key:<{width}}  {value:>9,}")


class _InputContext:
    def __init__(self, file: str) -> None:
        self.file = file
        self.stream: BinaryIO | None = None

    def __enter__(self) -> tuple[BinaryIO, int | None]:
        if self.file == "-":
            return sys.stdin.buffer, None
        path = Path(self.file)
        try:
            self.stream = path.open("rb")
            return self.stream, path.stat().st_size
        except IsADirectoryError:
            fail(f"cannot read {self.file}: it is a directory", EXIT_INPUT)
        except OSError as exc:
            fail(f"cannot read {self.file}: {exc.strerror or exc}", EXIT_INPUT)

    def __exit__(self, *_exc: object) -> None:
        if self.stream:
            self.stream.close()


def _open_input(file: str) -> _InputContext:
    return _InputContext(file)


def _parse_scope(pairs: list[str]) -> dict[str, str]:
    from memcurator.schema import SCOPE_LEVELS

    scope = {}
    for pair in pairs:
        level, sep, value = pair.partition("=")
        if not sep or level not in SCOPE_LEVELS or not value:
            levels = ", ".join(SCOPE_LEVELS)
            fail(f"--scope wants LEVEL=VALUE with LEVEL one of {levels}; got {pair!r}", 2)
        scope[level] = value
    return scope


@app.command()
def export(
    scope: Annotated[list[str], typer.Option("--scope", help="LEVEL=VALUE, repeatable.")] = [],  # noqa: B006
    status: Annotated[
        str, typer.Option(help="active, superseded, expired, retired or all.")
    ] = "active",
    fmt: Annotated[str, typer.Option("--format", help="jsonl or csv.")] = "jsonl",
    database_url: DatabaseUrl = None,
) -> None:
    """Print stored entries (JSON Lines by default), in id order.

    Example: memcurator export --scope user_id=u_8821 --status all --format csv
    """
    from store.queries import ENTRY_STATUSES, iter_entries

    if status not in (*ENTRY_STATUSES, "all"):
        fail(f"--status must be one of {', '.join(ENTRY_STATUSES)} or all; got {status!r}", 2)
    if fmt not in ("jsonl", "csv"):
        fail(f"--format must be jsonl or csv; got {fmt!r}", 2)
    engine = _engine(database_url)
    rows = iter_entries(engine, _parse_scope(scope), status)
    _write_rows(rows, fmt)


def _write_rows(rows: Iterator[dict[str, Any]], fmt: str) -> None:
    out = sys.stdout
    if fmt == "jsonl":
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")
        return
    import csv

    writer: csv.DictWriter[str] | None = None
    for row in rows:
        flat = {
            k: json.dumps(v, ensure_ascii=False) if isinstance(v, dict | list) else v
            for k, v in row.items()
        }
        if writer is None:
            writer = csv.DictWriter(out, fieldnames=list(flat))
            writer.writeheader()
        writer.writerow(flat)


ScopeFilter = Annotated[
    list[str], typer.Option("--scope", help="LEVEL=VALUE, repeatable: only that scope's rows.")
]


@app.command()
def log(
    memory: Annotated[
        str | None, typer.Option("--memory", help="Only events about this id.")
    ] = None,
    rule: Annotated[
        str | None, typer.Option(help="Only this rule (schema, transient, ...).")
    ] = None,
    action: Annotated[
        str | None, typer.Option(help="Only this action (rejected, inserted, ...).")
    ] = None,
    since: Annotated[
        str | None, typer.Option(help="Only events at or after this RFC 3339 time.")
    ] = None,
    scope: ScopeOption = [],  # noqa: B006
    database_url: DatabaseUrl = None,
) -> None:
    """Print the write log as JSON Lines, oldest first (``--scope``: its tenant's events).

    Example: memcurator log --scope org_id=acme --action rejected --rule transient
    """
    from store.queries import iter_log

    after = _parse_time(since, "--since") if since else None
    engine = _engine(database_url)
    scoped = _parse_scope(scope)
    rows = iter_log(engine, memory_id=memory, rule=rule, action=action, since=after, scope=scoped)
    for row in rows:
        sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")


def _parse_time(text: str, option: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        fail(f"{option} wants an RFC 3339 time such as 2025-03-04T10:12:00Z; got {text!r}", 2)
    if moment.tzinfo is None:
        fail(f"{option} needs an offset (Z or +hh:mm); got {text!r}", 2)
    return moment


@app.command("as-of")
def as_of_command(
    scope: ScopeOption,
    at: Annotated[str, typer.Option("--at", help="RFC 3339 time, e.g. 2025-02-15T00:00:00Z.")],
    database_url: DatabaseUrl = None,
) -> None:
    """Print the entries that were current for a scope at a moment (JSON Lines).

    Example: memcurator as-of --scope org_id=acme --scope user_id=u_1 --at 2025-02-15T00:00:00Z
    """
    from store.reading import as_of

    moment = _parse_time(at, "--at")
    query_scope = _require_scope(scope)
    engine = _engine(database_url)
    for entry in as_of(engine, query_scope, moment):
        sys.stdout.write(json.dumps(entry, ensure_ascii=False) + "\n")


@app.command()
def trace(
    memory_id: Annotated[str, typer.Argument(help="An entry id, or the id of a merged candidate.")],
    scope: ScopeOption = [],  # noqa: B006
    database_url: DatabaseUrl = None,
) -> None:
    """Print an entry, its source turns, every log event about it and its supersession chain
    (ids are unique per tenant: ``--scope`` says whose). An erased id prints one line saying
    when it was erased.

    Example: memcurator trace msg_0001 --scope org_id=acme
    """
    from store.reading import AmbiguousId
    from store.reading import trace as trace_entry

    try:
        found = trace_entry(_engine(database_url), memory_id, _parse_scope(scope))
    except AmbiguousId as exc:
        fail(str(exc), 2)
    if found is None:
        fail(f"no entry or merged candidate has id {memory_id!r} (ids are per tenant)", 1)
    shown = json.dumps(found, ensure_ascii=False, indent=2)
    if "erasure_seq" in found:  # one line, and nothing of what was erased
        shown = "{id} was erased at {erased_at} (write log seq {erasure_seq})".format(**found)
    typer.echo(shown)


@app.command()
def recall(
    scope: ScopeOption,
    explain: Annotated[
        bool, typer.Option(help="Show the broader entries each one shadows.")
    ] = False,
    limit: Annotated[int | None, typer.Option(min=1, help="At most this many entries.")] = None,
    database_url: DatabaseUrl = None,
) -> None:
    """Print the active view an agent would be given: most specific scope per key, ranked.

    Example: memcurator recall --scope org_id=acme --scope team_id=payments --scope user_id=u_1
    """
    from store.reading import recall as recall_view

    query_scope = _require_scope(scope)
    engine = _engine(database_url)
    for entry in recall_view(engine, query_scope, explain=explain, limit=limit):
        sys.stdout.write(json.dumps(entry, ensure_ascii=False) + "\n")


def _require_scope(pairs: list[str]) -> dict[str, str]:
    scope = _parse_scope(pairs)
    if not scope:
        fail("give the context with at least one --scope LEVEL=VALUE", 2)
    return scope


audit_app = typer.Typer(
    help="The sample audit: sample active entries per type, mark verdicts, report the rate.",
    no_args_is_help=True,
)
app.add_typer(audit_app, name="audit")


@audit_app.command("sample")
def audit_sample_command(
    per_type: Annotated[int, typer.Option(min=1, max=10_000, help="Entries per type.")] = 20,
    seed: Annotated[int | None, typer.Option(help="Random seed, to repeat a sample.")] = None,
    scope: ScopeFilter = [],  # noqa: B006
    database_url: DatabaseUrl = None,
) -> None:
    """Print a random sample of active entries per type (JSON Lines) to check by hand.

    Example: memcurator audit sample --per-type 20 --seed 7 --scope org_id=acme
    """
    from store.operations import audit_sample

    only = _parse_scope(scope)
    engine = _engine(database_url)
    for entry in audit_sample(engine, per_type=per_type, seed=seed, scope=only):
        sys.stdout.write(json.dumps(entry, ensure_ascii=False) + "\n")


@audit_app.command("mark")
def audit_mark_command(
    memory_id: Annotated[str, typer.Argument(help="The entry checked.")],
    verdict: Annotated[str, typer.Argument(help="correct or wrong.")],
    note: Annotated[str | None, typer.Option(help="Why, for the record.")] = None,
    auditor: Annotated[str | None, typer.Option(help="Who checked it.")] = None,
    database_url: DatabaseUrl = None,
) -> None:
    """Record a verdict on one entry (the latest verdict per entry counts).

    Example: memcurator audit mark mem_01J8ZK3Q7V9X2C4B6N8M0P2R4T wrong --note "user never said it"
    """
    from store.operations import VERDICTS, audit_mark

    if verdict not in VERDICTS:
        fail(f"verdict must be one of {', '.join(VERDICTS)}; got {verdict!r}", 2)
    engine = _engine(database_url)
    try:
        marked = audit_mark(engine, memory_id, verdict, auditor=auditor, note=note)
    except LookupError as exc:
        fail(str(exc).strip("'\""), 1)
    typer.echo(json.dumps(marked, ensure_ascii=False))


@audit_app.command("report")
def audit_report_command(database_url: DatabaseUrl = None) -> None:
    """Print the wrong-entry rate per type from the recorded verdicts (JSON Lines).

    Example: memcurator audit report
    """
    from store.operations import audit_report

    engine = _engine(database_url)
    for row in audit_report(engine):
        typer.echo(json.dumps(row))


@app.command()
def drops(
    days: Annotated[int, typer.Option(min=1, max=3660, help="How many days back.")] = 30,
    database_url: DatabaseUrl = None,
) -> None:
    """Print rejection counts and rates per rule per day, from the intake ledger (JSON Lines).

    Example: memcurator drops --days 7
    """
    from store.operations import drop_rates

    engine = _engine(database_url)
    for row in drop_rates(engine, days=days):
        typer.echo(json.dumps(row))


@app.command()
def demo(
    out: Annotated[
        Path, typer.Option(help="Folder for the generated stream and its store.")
    ] = Path("demo-out"),
    users: Annotated[int, typer.Option(min=1, max=500, help="Users in the generated stream.")] = 3,
    days: Annotated[int, typer.Option(min=1, max=400, help="Days of sessions to generate.")] = 10,
    seed: Annotated[
        int, typer.Option(help="Random seed; the same seed gives the same stream.")
    ] = 7,
) -> None:
    """Run the main job on a fresh SQLite store: generate, gate, show what was kept and dropped.

    The stream is the seed's worked example in miniature (chatter, restatements, guesses,
    personal data, junk lines) plus the seed's own cases.

    Example: memcurator demo --users 5 --days 30
    """
    from memcurator.cli_flows import demo_passes
    from memcurator.demo import run_demo

    run_demo(out=out, users=users, days=days, seed=seed, consolidate=demo_passes)


def main() -> None:
    """Entry point: run the app, turning every failure into one line and an exit code."""
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
    except BrokenPipeError:
        # `memcurator export | head` is normal use, not an error; silence the final flush.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except KeyboardInterrupt:
        typer.echo("memcurator: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # the last line of defence against tracebacks
        # Typer vendors click, so its usage errors are recognised by shape, not by class.
        exit_code = getattr(exc, "exit_code", None)
        if hasattr(exc, "format_message") and isinstance(exit_code, int):
            typer.echo(f"memcurator: {exc.format_message()} (see --help)", err=True)
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


# The flow-running commands live beside this module (registered on ``app`` when imported).
from memcurator import cli_erasure, cli_flows  # noqa: E402,F401
