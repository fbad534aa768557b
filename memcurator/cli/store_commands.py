"""The commands on the store itself: ``init``, ``schema``, ``ingest``, ``export``, ``log``,
``as-of``, ``trace`` and ``recall``."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, BinaryIO

import typer

from memcurator.cli.common import (
    EXIT_INPUT,
    EXIT_NOT_FOUND,
    EXIT_STORE,
    EXIT_USAGE,
    DatabaseUrl,
    OutputClosed,
    ScopeFilter,
    ScopeOption,
    add_command,
    check_choice,
    echo,
    fail,
    open_engine,
    parse_scope,
    print_counts,
    require_scope,
    write_lines,
)
from memcurator.settings import Settings
from memcurator.vocabulary import Action, Rule, Status

STATUS_CHOICES = (*Status, "all")
FORMATS = ("jsonl", "csv")


def init(
    database_url: DatabaseUrl = None,
    admin_database_url: Annotated[
        str | None, typer.Option(help="The owner's URL (default: MEMCURATOR_ADMIN_DATABASE_URL).")
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
    except BadDatabaseUrl as exc:
        fail(str(exc), EXIT_USAGE)
    except StoreError as exc:
        fail(str(exc), EXIT_STORE)
    except ValueError as exc:
        fail(str(exc), EXIT_USAGE)
    typer.echo("\n".join(lines))


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


def ingest(
    file: Annotated[str, typer.Argument(help="A JSON Lines file of candidates, or - for stdin.")],
    database_url: DatabaseUrl = None,
    batch_size: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=100_000,
            envvar="MEMCURATOR_BATCH_SIZE",
            help="Candidates per transaction (default: 1000).",
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
    from memcurator.cli.progress import ingest_with_progress

    settings = Settings()
    engine = open_engine(database_url)
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
        echo(json.dumps({**counts, "rejected_lines": report.rejected_lines}))
        return
    print_counts(counts)
    for rule, numbers in sorted(report.rejected_lines.items()):
        more = counts[f"rejected:{rule}"] - len(numbers)
        tail = f" and {more:,} more (memcurator log --action rejected)" if more > 0 else ""
        echo(f"rejected:{rule} at line {', '.join(map(str, numbers))}{tail}")


def _refuse_other_encodings(stream: BinaryIO, name: str) -> None:
    """A file that is not UTF-8 text said as such, before every line of it is "Invalid JSON":
    UTF-16 (what PowerShell's ``>`` writes), UTF-32, or gzip."""
    peek = getattr(stream, "peek", None)
    head = peek(4)[:4] if peek is not None else b""
    if head.startswith(b"\x1f\x8b"):
        fail(f"cannot read {name}: it is gzip-compressed (gunzip -c it into `ingest -`)",
             EXIT_INPUT)  # fmt: skip
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or head[:2].count(b"\x00") == 1:
        fail(
            f"cannot read {name}: it is UTF-16 or UTF-32, not UTF-8 (iconv -t UTF-8 converts it)",
            EXIT_INPUT,
        )


class _InputContext:
    def __init__(self, file: str) -> None:
        self.file = file
        self.stream: BinaryIO | None = None

    def __enter__(self) -> tuple[BinaryIO, int | None]:
        if self.file == "-":
            if sys.stdin is None:  # started with standard input closed (`<&-`)
                fail("cannot read standard input: it is closed", EXIT_INPUT)
            _refuse_other_encodings(sys.stdin.buffer, "standard input")
            return sys.stdin.buffer, None
        if not self.file:
            fail("no input file named (give a path, or - for standard input)", EXIT_USAGE)
        path = Path(self.file)
        try:
            self.stream = path.open("rb")
            _refuse_other_encodings(self.stream, self.file)
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


def export(
    scope: ScopeFilter = [],  # noqa: B006
    status: Annotated[
        str, typer.Option(metavar="|".join(STATUS_CHOICES), help="Which entries.")
    ] = Status.ACTIVE.value,
    fmt: Annotated[
        str, typer.Option("--format", metavar="|".join(FORMATS), help="Output format.")
    ] = "jsonl",
    database_url: DatabaseUrl = None,
) -> None:
    """Print stored entries (JSON Lines by default), in id order.

    Example: memcurator export --scope user_id=u_8821 --status all --format csv
    """
    from store.queries import iter_entries

    check_choice("--status", status, STATUS_CHOICES)
    check_choice("--format", fmt, FORMATS)
    engine = open_engine(database_url)
    rows = iter_entries(engine, parse_scope(scope), status)
    _write_rows(rows, fmt)


def _write_rows(rows: Iterator[dict[str, Any]], fmt: str) -> None:
    if fmt == "jsonl":
        write_lines(json.dumps(row, ensure_ascii=False, sort_keys=False) for row in rows)
        return
    import csv

    writer: csv.DictWriter[str] | None = None
    try:
        for row in rows:
            flat = {
                k: _cell(json.dumps(v, ensure_ascii=False) if isinstance(v, dict | list) else v)
                for k, v in row.items()
            }
            if writer is None:
                writer = csv.DictWriter(sys.stdout, fieldnames=list(flat))
                writer.writeheader()
            writer.writerow(flat)
        sys.stdout.flush()
    except BrokenPipeError:
        raise OutputClosed from None


# A cell a spreadsheet would run as a formula (OWASP's "CSV injection"): content such as
# "=HYPERLINK(...)" or "+SUM(...)" opens with one of these.
_FORMULA_OPENINGS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """``value`` as a CSV cell: a text that opens like a formula gets a leading apostrophe, as
    spreadsheets read a literal (the JSON Lines export keeps every text as it is)."""
    if isinstance(value, str) and value.startswith(_FORMULA_OPENINGS):
        return "'" + value
    return value


def log(
    memory: Annotated[
        str | None, typer.Option("--memory", help="Only events about this id.")
    ] = None,
    rule: Annotated[
        Rule | None, typer.Option(metavar="RULE", help=f"Only this rule: {', '.join(Rule)}.")
    ] = None,
    action: Annotated[
        Action | None,
        typer.Option(metavar="ACTION", help=f"Only this action: {', '.join(Action)}."),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(metavar="TIME", help="Only events at or after this RFC 3339 time."),
    ] = None,
    scope: ScopeOption = [],  # noqa: B006
    database_url: DatabaseUrl = None,
) -> None:
    """Print the write log as JSON Lines, oldest first (with --scope, its tenant's events).

    A rejected line's payload gives its line number in the file ingested (`input_line`).

    Example: memcurator log --scope org_id=acme --action rejected --rule transient
    """
    from store.queries import iter_log

    after = _parse_time(since, "--since") if since else None
    engine = open_engine(database_url)
    scoped = parse_scope(scope)
    rows = iter_log(engine, memory_id=memory, rule=rule, action=action, since=after, scope=scoped)
    write_lines(json.dumps(row, ensure_ascii=False) for row in rows)


def _parse_time(text: str, option: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        example = "2025-03-04T10:12:00Z"
        fail(f"{option} wants an RFC 3339 time such as {example}; got {text!r}", EXIT_USAGE)
    if moment.tzinfo is None:
        fail(f"{option} needs an offset (Z or +hh:mm); got {text!r}", EXIT_USAGE)
    try:
        moment.astimezone(UTC)
    except OverflowError:
        fail(f"{option} is outside years 1-9999 once converted to UTC; got {text!r}", EXIT_USAGE)
    return moment


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
    query_scope = require_scope(scope)
    engine = open_engine(database_url)
    entries = as_of(engine, query_scope, moment)
    write_lines(json.dumps(entry, ensure_ascii=False) for entry in entries)


def trace(
    memory_id: Annotated[str, typer.Argument(help="An entry id, or the id of a merged candidate.")],
    scope: ScopeOption = [],  # noqa: B006
    database_url: DatabaseUrl = None,
) -> None:
    """Print an entry, its source turns, every log event about it and its supersession chain
    (ids are unique per tenant: --scope says whose). An erased id prints one line saying
    when it was erased.

    Example: memcurator trace msg_0001 --scope org_id=acme
    """
    from store.reading import AmbiguousId
    from store.reading import trace as trace_entry

    try:
        found = trace_entry(open_engine(database_url), memory_id, parse_scope(scope))
    except AmbiguousId as exc:
        fail(str(exc), EXIT_USAGE)
    if found is None:
        fail(
            f"no entry or merged candidate has id {memory_id!r} (ids are per tenant)",
            EXIT_NOT_FOUND,
        )
    shown = json.dumps(found, ensure_ascii=False, indent=2)
    if "erasure_seq" in found:  # one line, and nothing of what was erased
        shown = "{id} was erased at {erased_at} (write log seq {erasure_seq})".format(**found)
    echo(shown)


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

    query_scope = require_scope(scope)
    engine = open_engine(database_url)
    view = recall_view(engine, query_scope, explain=explain, limit=limit)
    write_lines(json.dumps(entry, ensure_ascii=False) for entry in view)


def register(app: typer.Typer) -> None:
    """Put this family's commands on the CLI."""
    add_command(app, init)
    add_command(app, schema)
    add_command(app, ingest)
    add_command(app, export)
    add_command(app, log)
    add_command(app, as_of_command, "as-of")
    add_command(app, trace)
    add_command(app, recall)
