"""The two operational habits of the policy: a sample audit of active entries per type, with
a wrong-entry rate, and the drop log's rejection rates per rule over time."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, func, insert, select

from memcurator.vocabulary import Outcome, Status
from store.bulk import in_values
from store.queries import entry_in_scope
from store.rows import entry_document, iso
from store.tables import AuditMark, Entry, Intake

VERDICTS = ("correct", "wrong")


def audit_sample(
    engine: Engine,
    *,
    per_type: int,
    seed: int | None = None,
    scope: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """A uniform random sample of active entries per type (reservoir sampling over ids, so a
    store of millions is never loaded), with each entry's source turn to check it against.
    With ``scope``, only entries matching every given level are sampled."""
    rng = random.Random(seed)
    # Ids are unique per tenant: an entry is its (tenant, id).
    reservoirs: dict[str, list[tuple[str, str]]] = defaultdict(list)
    seen: Counter[str] = Counter()
    query = (
        select(Entry.tenant, Entry.id, Entry.type)
        .where(Entry.status == Status.ACTIVE, *entry_in_scope(scope or {}))
        .order_by(Entry.id, Entry.tenant)
    )
    with engine.connect() as conn:
        for tenant, memory_id, memory_type in conn.execute(query.execution_options(yield_per=5000)):
            seen[memory_type] += 1
            bucket = reservoirs[memory_type]
            if len(bucket) < per_type:
                bucket.append((tenant, memory_id))
            elif (j := rng.randrange(seen[memory_type])) < per_type:
                bucket[j] = (tenant, memory_id)
    chosen: dict[str, list[str]] = defaultdict(list)
    for tenant, memory_id in (key for bucket in reservoirs.values() for key in bucket):
        chosen[tenant].append(memory_id)
    from sqlalchemy.orm import Session

    with Session(engine) as session:
        conn = session.connection()
        entries = [
            e
            for tenant, ids in chosen.items()
            for wanted in in_values(Entry.id, ids, conn)
            for e in session.scalars(select(Entry).where(Entry.tenant == tenant, wanted))
        ]
    entries.sort(key=lambda e: (e.type, e.id, e.tenant))
    return [entry_document(e) for e in entries]


def audit_mark(
    engine: Engine,
    memory_id: str,
    verdict: str,
    *,
    auditor: str | None = None,
    note: str | None = None,
) -> dict[str, Any]:
    """Record one verdict on one entry; raises LookupError for an unknown id."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}")
    with engine.begin() as conn:
        memory_type = conn.scalar(select(Entry.type).where(Entry.id == memory_id))
        if memory_type is None:
            raise LookupError(f"no entry has id {memory_id!r}")
        at = datetime.now(UTC)
        row: dict[str, Any] = {
            "at": at,
            "memory_id": memory_id,
            "type": memory_type,
            "verdict": verdict,
            "auditor": auditor,
            "note": note,
        }
        conn.execute(insert(AuditMark), [row])
    return {**row, "at": iso(at)}


def audit_report(engine: Engine) -> list[dict[str, Any]]:
    """Per type: entries audited, found wrong, and the wrong-entry rate (latest verdict per
    entry counts, so a re-check overrides an earlier mistake)."""
    latest: dict[str, tuple[str, str]] = {}
    with engine.connect() as conn:
        for memory_id, memory_type, verdict in conn.execute(
            select(AuditMark.memory_id, AuditMark.type, AuditMark.verdict).order_by(AuditMark.seq)
        ):
            latest[memory_id] = (memory_type, verdict)
    audited: Counter[str] = Counter(t for t, _ in latest.values())
    wrong: Counter[str] = Counter(t for t, v in latest.values() if v == "wrong")
    return [
        {
            "type": t,
            "audited": audited[t],
            "wrong": wrong[t],
            "wrong_rate": round(wrong[t] / audited[t], 4),
        }
        for t in sorted(audited)
    ]


def drop_rates(
    engine: Engine, *, days: int = 30, now: datetime | None = None
) -> list[dict[str, Any]]:
    """Per day of the last ``days``: candidates judged, rejected per rule, and the rates."""
    since = (now or datetime.now(UTC)) - timedelta(days=days)
    day = (
        func.date(Intake.received_at)
        if engine.dialect.name == "sqlite"
        else func.to_char(func.timezone("UTC", Intake.received_at), "YYYY-MM-DD")
    )
    query = (
        select(day.label("day"), Intake.outcome, Intake.rule, func.count().label("n"))
        .where(Intake.received_at >= since)
        .group_by(day, Intake.outcome, Intake.rule)
        .order_by(day)
    )
    rows: dict[str, dict[str, Any]] = {}
    with engine.connect() as conn:
        for row in conn.execute(query):
            summary = rows.setdefault(
                str(row.day), {"day": str(row.day), "judged": 0, "rejected": {}}
            )
            summary["judged"] += row.n
            if row.outcome == Outcome.REJECTED:
                summary["rejected"][row.rule] = summary["rejected"].get(row.rule, 0) + row.n
    for summary in rows.values():
        summary["rates"] = {
            rule: round(n / summary["judged"], 4) for rule, n in sorted(summary["rejected"].items())
        }
    return list(rows.values())
