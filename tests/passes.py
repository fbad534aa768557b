"""Helpers for tests of the nightly pass: ingest with a fixed clock, run a pass, export."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Connection, Engine, event, func, select

from memcurator.app import nightly
from memcurator.app.ingest import ingest_stream
from memcurator.app.nightly import Partition, PartitionReport, consolidate_partition
from memcurator.consolidation import Policy
from store.engine import WRITER
from store.passlock import pass_lock
from store.queries import iter_entries
from store.tables import WriteLog

FIXED_NOW = datetime(2026, 1, 1, tzinfo=UTC)


def ingest(
    engine: Engine, candidates: Iterable[dict[str, Any] | str], *, batch_size: int = 1000
) -> None:
    """Gate ``candidates`` with a fixed clock, so two stores fed alike are byte-identical."""
    lines = [(c if isinstance(c, str) else json.dumps(c)).encode() for c in candidates]
    ingest_stream(engine, lines, batch_size=batch_size, clock=lambda: FIXED_NOW)


def by_day(candidates: Iterable[dict[str, Any] | str]) -> dict[date, list[dict[str, Any] | str]]:
    """``candidates`` grouped by the UTC date of their ``created_at``, in stream order; a line
    without a readable one (junk the gate rejects) goes with the line before it."""
    days: dict[date, list[dict[str, Any] | str]] = {}
    day: date | None = None
    for c in candidates:
        try:
            doc = json.loads(c) if isinstance(c, str) else c
            moment = datetime.fromisoformat(doc["created_at"].replace("Z", "+00:00"))
            day = (moment.astimezone(UTC) if moment.tzinfo else moment).date()
        except (ValueError, TypeError, KeyError, AttributeError):
            pass
        assert day is not None, "the stream starts with a dated candidate"
        days.setdefault(day, []).append(c)
    return days


def run_pass(
    engine: Engine, day: date, *, partitions: int = 1, policy: Policy | None = None
) -> list[PartitionReport]:
    """The nightly pass for ``day`` without Prefect: each partition in its own transaction,
    under the store's pass lock."""
    reports = []
    for index in range(partitions):
        with pass_lock(engine), engine.connect().execution_options(**WRITER) as conn, conn.begin():
            reports.append(
                consolidate_partition(
                    conn,
                    as_of=day,
                    partition=Partition(index, partitions),
                    policy=policy or Policy(),
                    flow_run_id="test-run",
                    now=FIXED_NOW,
                )
            )
    return reports


def export(engine: Engine) -> str:
    """Every entry in every status, as ``memcurator export --status all`` prints it."""
    return "".join(
        json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n"
        for e in iter_entries(engine, status="all")
    )


def log_counts(engine: Engine) -> dict[tuple[str, str], int]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(WriteLog.action, WriteLog.rule, func.count()).group_by(
                WriteLog.action, WriteLog.rule
            )
        )
        return {(a, r): n for a, r, n in rows}


Hook = Callable[[Connection, str], None]


def stage_hooks(hook: Hook) -> dict[str, Callable[..., Any]]:
    """Replacements for the nightly pass's two seams (``memcurator.app.nightly.plan`` and
    ``write_step``) that call ``hook(conn, stage)`` after the real work: "planned" once a
    partition is loaded and planned, then each step's name (``STEPS``) once written. Set
    them with ``monkeypatch.setattr(nightly, name, fn)``."""
    plan, write_step = nightly.plan, nightly.write_step

    def planned(conn: Connection, *args: Any, **kwargs: Any) -> Any:
        work = plan(conn, *args, **kwargs)
        hook(conn, "planned")
        return work

    def written(conn: Connection, step: Any, work: Any) -> None:
        write_step(conn, step, work)
        hook(conn, step.name)

    return {"plan": planned, "write_step": written}


def refuse_ledger_row(label: str) -> str:
    """PostgreSQL DDL for a real, non-transient fault in one partition: a trigger that refuses
    the ledger row of partition ``label`` (e.g. ``p02-of-03``), so that partition's pass fails
    at its last write and rolls back while the others commit. ``%%`` is for a driver's
    ``exec_driver_sql``, which formats its text."""
    return f"""
CREATE FUNCTION refuse_p02() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.partition = '{label}' THEN
    RAISE EXCEPTION 'ledger refuses %%', NEW.partition;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER refuse_p02 BEFORE INSERT ON consolidation_runs
  FOR EACH ROW EXECUTE FUNCTION refuse_p02();
"""


@contextmanager
def version_reads() -> Iterator[list[str]]:
    """The statements that read ``alembic_version`` (the schema check), on any engine, while
    inside."""
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "alembic_version" in statement:
            seen.append(statement)

    event.listen(Engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", record)
