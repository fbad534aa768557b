"""``memcurator audit``, ``drops`` and ``report``: the two operational habits, and the report
that shows them."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Annotated

import typer

from memcurator.cli.common import (
    EXIT_NOT_FOUND,
    EXIT_USAGE,
    DatabaseUrl,
    ScopeFilter,
    TidyCommand,
    add_command,
    command_group,
    echo,
    fail,
    open_engine,
    parse_scope,
    write_lines,
)

audit_app = command_group(
    help="The sample audit: sample active entries per type, mark verdicts, report the rate.",
    no_args_is_help=True,
)


@audit_app.command("sample", cls=TidyCommand)
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

    only = parse_scope(scope)
    engine = open_engine(database_url)
    entries = audit_sample(engine, per_type=per_type, seed=seed, scope=only)
    write_lines(json.dumps(entry, ensure_ascii=False) for entry in entries)


@audit_app.command("mark", cls=TidyCommand)
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
        fail(f"verdict must be one of {', '.join(VERDICTS)}; got {verdict!r}", EXIT_USAGE)
    engine = open_engine(database_url)
    try:
        marked = audit_mark(engine, memory_id, verdict, auditor=auditor, note=note)
    except LookupError:
        fail(f"no entry has id {memory_id!r}: nothing was marked", EXIT_NOT_FOUND)
    echo(json.dumps(marked, ensure_ascii=False))


@audit_app.command("report", cls=TidyCommand)
def audit_report_command(database_url: DatabaseUrl = None) -> None:
    """Print the wrong-entry rate per type from the recorded verdicts (JSON Lines).

    Example: memcurator audit report
    """
    from store.operations import audit_report

    engine = open_engine(database_url)
    write_lines(json.dumps(row) for row in audit_report(engine))


def drops(
    days: Annotated[int, typer.Option(min=1, max=3660, help="How many days back.")] = 30,
    database_url: DatabaseUrl = None,
) -> None:
    """Print rejection counts and rates per rule per day, from the intake ledger (JSON Lines).

    Each day's "drift" lists the rules whose drop rate left their own 14-day baseline that
    day (rule, day, rate, baseline); an empty list when none did.

    Example: memcurator drops --days 7
    """
    from memcurator.app.report import drift_flags, with_drift
    from store.operations import drop_rates

    engine = open_engine(database_url)
    now = datetime.now(UTC)
    rows = drop_rates(engine, days=days, now=now)
    flags = drift_flags(engine, since=(now - timedelta(days=days)).date(), until=now.date())
    write_lines(json.dumps(row) for row in with_drift(rows, flags))


def report(
    html: Annotated[Path, typer.Option(help="The HTML file to write (one self-contained page).")],
    days: Annotated[int, typer.Option(min=1, max=3660, help="How many days to show.")] = 30,
    until: Annotated[
        str | None, typer.Option(help="The last day shown, YYYY-MM-DD (default: today, UTC).")
    ] = None,
    database_url: DatabaseUrl = None,
) -> None:
    """Write the operators' report: per day judged, dropped per rule (with drift flags),
    merges, supersessions, promotions, expiries, topics; active entries per type; the audit.

    Example: memcurator report --html report.html --days 30
    """
    from memcurator.app.report import write_html_report

    try:
        last = date.fromisoformat(until) if until else None
    except ValueError:
        fail(f"--until must be a date, YYYY-MM-DD; got {until!r}", 2)
    engine = open_engine(database_url)
    try:
        written = write_html_report(engine, html, until=last, days=days)
    except OSError as exc:
        fail(f"cannot write {html}: {exc.strerror or exc}", 1)
    flags = f", {len(written.flags)} drift flag(s)" if written.flags else ", no drift flag"
    typer.echo(f"wrote {html}: {written.since} to {written.until}{flags}")


def register(app: typer.Typer) -> None:
    """Put this family's commands on the CLI."""
    add_command(app, drops)
    add_command(app, report)
    app.add_typer(audit_app, name="audit")
