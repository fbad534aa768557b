"""Reads for the operators' report: counts per day, as rows, on both dialects.

Each function returns plain rows (dicts) grouped in SQL, so a store of millions is never
loaded; the frames, the drift flag and the rendering are built from them elsewhere
(``memcurator.report_frames``, ``memcurator.drift``). Which day a row belongs to:

- what the gate did (candidates judged, merges, supersessions) counts on the UTC day it was
  judged (``intake.received_at``, ``write_log.at``);
- what a nightly pass did (promotions, expiries, topics) counts on the night it was the pass
  *for* (the date in its rows' ``nightly:<date>:`` candidate key), not on the day it ran, so a
  backfill of February lands on February's nights;
- entries count as active on a day by their valid time, as ``as-of`` reads them.

With ``tenant``, every read is limited to that tenant's rows (and, on PostgreSQL, runs under
its row-level security); without, an operator's role sees every tenant.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import Engine, and_, func, literal, or_, select
from sqlalchemy.sql.elements import ColumnElement

from store.engine import for_tenants
from store.tables import AuditMark, Entry, Intake, WriteLog

# Write-log actions the report counts, by who writes them.
GATE_ACTIONS = ("merged", "refined", "superseded")
NIGHT_ACTIONS = ("promoted", "expired", "consolidated")
NIGHT_KEY_PREFIX = "nightly:"


def utc_day(column: Any, dialect: str) -> ColumnElement[str]:
    """A timestamp column's UTC calendar day as 'YYYY-MM-DD' text."""
    if dialect == "sqlite":  # stored as naive UTC text
        return func.date(column)
    return func.to_char(func.timezone("UTC", column), "YYYY-MM-DD")


def _bounds(since: date, until: date) -> tuple[datetime, datetime]:
    return datetime.combine(since, time(), UTC), datetime.combine(
        until + timedelta(days=1), time(), UTC
    )


def _scoped(engine: Engine, tenant: str | None) -> Engine:
    return engine if tenant is None else for_tenants(engine, [tenant])


def _rows(engine: Engine, query: Any) -> list[dict[str, Any]]:
    with engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(query)]


def judged_per_day(
    engine: Engine, *, since: date, until: date, tenant: str | None = None
) -> list[dict[str, Any]]:
    """Candidates judged per day, outcome and rule: rows of (day, outcome, rule, n)."""
    start, end = _bounds(since, until)
    day = utc_day(Intake.received_at, engine.dialect.name)
    query = (
        select(day.label("day"), Intake.outcome, Intake.rule, func.count().label("n"))
        .where(Intake.received_at >= start, Intake.received_at < end)
        .group_by(day, Intake.outcome, Intake.rule)
        .order_by(day, Intake.outcome, Intake.rule)
    )
    if tenant is not None:
        query = query.where(Intake.tenant == tenant)
    return _rows(_scoped(engine, tenant), query)


def drops_per_day(
    engine: Engine, *, since: date, until: date, tenant: str | None = None
) -> list[dict[str, Any]]:
    """Whole UTC days shaped like ``memcurator drops`` rows: day, judged, rejected per rule."""
    days: dict[str, dict[str, Any]] = {}
    for row in judged_per_day(engine, since=since, until=until, tenant=tenant):
        summary = days.setdefault(row["day"], {"day": row["day"], "judged": 0, "rejected": {}})
        summary["judged"] += row["n"]
        if row["outcome"] == "rejected":
            summary["rejected"][row["rule"]] = summary["rejected"].get(row["rule"], 0) + row["n"]
    return list(days.values())


def gate_actions_per_day(
    engine: Engine, *, since: date, until: date, tenant: str | None = None
) -> list[dict[str, Any]]:
    """Merges, refinements and supersessions per day: rows of (day, action, n)."""
    start, end = _bounds(since, until)
    day = utc_day(WriteLog.at, engine.dialect.name)
    query = (
        select(day.label("day"), WriteLog.action, func.count().label("n"))
        .where(WriteLog.at >= start, WriteLog.at < end, WriteLog.action.in_(GATE_ACTIONS))
        .group_by(day, WriteLog.action)
        .order_by(day, WriteLog.action)
    )
    if tenant is not None:
        query = query.where(WriteLog.tenant == tenant)
    return _rows(_scoped(engine, tenant), query)


def night_actions_per_day(
    engine: Engine, *, since: date, until: date, tenant: str | None = None
) -> list[dict[str, Any]]:
    """Promotions, expiries and topic updates per night: rows of (day, action, n), plus
    (day, 'topic_created', n) for the topic entries each night created."""
    night = func.substr(WriteLog.candidate_key, len(NIGHT_KEY_PREFIX) + 1, 10)
    logged = (
        select(night.label("day"), WriteLog.action, func.count().label("n"))
        .where(
            WriteLog.rule.in_(("promotion", "expiry", "consolidation")),
            WriteLog.action.in_(NIGHT_ACTIONS),
            WriteLog.candidate_key.startswith(NIGHT_KEY_PREFIX, autoescape=True),
            night.between(since.isoformat(), until.isoformat()),
        )
        .group_by(night, WriteLog.action)
    )
    # A topic entry's source names the night that created it: "consolidation:<date>".
    created_on = func.substr(Entry.source_ref, len("consolidation:") + 1, 10)
    created = (
        select(
            created_on.label("day"),
            literal("topic_created").label("action"),
            func.count().label("n"),
        )
        .where(
            Entry.source_kind == "system",
            Entry.source_ref.startswith("consolidation:"),
            created_on.between(since.isoformat(), until.isoformat()),
        )
        .group_by(created_on)
    )
    if tenant is not None:
        logged = logged.where(WriteLog.tenant == tenant)
        created = created.where(Entry.tenant == tenant)
    rows = _rows(_scoped(engine, tenant), logged) + _rows(_scoped(engine, tenant), created)
    return sorted(rows, key=lambda r: (r["day"], r["action"]))


def entry_lifetimes(
    engine: Engine, *, until: date, tenant: str | None = None
) -> dict[str, list[dict[str, Any]]]:
    """Entries per type by the day their validity started and the day it ended: rows of
    (type, day, n) under "starts" and "ends". An entry is active on day D when it started
    on or before D and ends after D, so active(D) = starts up to D - ends up to D."""
    dialect = engine.dialect.name
    sane = or_(Entry.valid_to.is_(None), Entry.valid_to >= Entry.valid_since)
    out: dict[str, list[dict[str, Any]]] = {}
    for name, column in (("starts", Entry.valid_since), ("ends", Entry.valid_to)):
        day = utc_day(column, dialect)
        query = (
            select(Entry.type, day.label("day"), func.count().label("n"))
            .where(sane, column.is_not(None), day <= until.isoformat())
            .group_by(Entry.type, day)
            .order_by(Entry.type, day)
        )
        if tenant is not None:
            query = query.where(Entry.tenant == tenant)
        out[name] = _rows(_scoped(engine, tenant), query)
    return out


def latest_audit(engine: Engine, *, tenant: str | None = None) -> list[dict[str, Any]]:
    """Per type: entries audited, found wrong, and the day of the latest verdict; the latest
    verdict per entry counts (as ``memcurator audit report`` counts it)."""
    query = select(
        AuditMark.seq, AuditMark.at, AuditMark.memory_id, AuditMark.type, AuditMark.verdict
    ).order_by(AuditMark.seq)
    if tenant is not None:  # marks carry no tenant: the entry they are about does
        query = query.join(Entry, and_(Entry.id == AuditMark.memory_id, Entry.tenant == tenant))
    latest: dict[str, dict[str, Any]] = {}
    for row in _rows(_scoped(engine, tenant), query):
        latest[row["memory_id"]] = row
    per_type: dict[str, dict[str, Any]] = {}
    for row in latest.values():
        summary = per_type.setdefault(
            row["type"], {"type": row["type"], "audited": 0, "wrong": 0, "last_marked": ""}
        )
        summary["audited"] += 1
        summary["wrong"] += row["verdict"] == "wrong"
        summary["last_marked"] = max(summary["last_marked"], row["at"].date().isoformat())
    return [per_type[t] for t in sorted(per_type)]
