"""Right to erasure: forget every memory of one scope (a person) in one transaction.

What goes, for a scope given as LEVEL=VALUE pairs (an entry is the scope's when it matches on
every given level, as ``export --scope`` selects; a broader team or org entry is not the
person's and stays):

- the scope's entries and their entry sources are deleted;
- topic memberships of those entries are deleted; another entry that links one of them (a
  topic of another scope, a candidate's ``links``) drops the link, a topic's text is rebuilt
  from the members it keeps, and a topic left with no member is erased with them;
- audit notes on them are cleared (the verdicts stay, so the wrong-entry rates stay true);
- every write-log row about those ids, and every rejected candidate whose submitted scope
  matches, keeps its sequence, time, action, rule and ids but its reason and payload are
  replaced by a tombstone naming the ``erased`` row, which is appended last with who asked
  and how many rows were affected.

The intake ledger keeps its keys (ids and fingerprints, no content), so replaying an old file
does not bring the erased memories back. Only the tables' owner may do this (PostgreSQL: the
guard trigger of migration 0005 lets the change through for the owner inside a transaction
that set ``memcurator.erasure``; SQLite: the guard triggers are dropped and recreated inside
the same transaction), so for everyone else the log stays append-only.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, insert, select, text, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.elements import ColumnElement

from memcurator.consolidation import TOPIC_SAMPLE, Member, topic_content
from memcurator.keys import is_topic_key, topic_tool_key
from memcurator.tenancy import NO_TENANT, tenant_of
from memcurator.vocabulary import Action, Rule
from store.bulk import chunks, in_chunk
from store.engine import WRITER, StoreError
from store.errors import is_transient
from store.passlock import PassBusy, pass_lock
from store.queries import entry_in_scope, submitted_in_scope
from store.tables import (
    AuditMark,
    Entry,
    EntrySource,
    GatheringKey,
    StatementVector,
    TopicMember,
    WriteLog,
)
from store.timelines import TimelineKey, lock_keys

ACTION = Action.ERASED
RULE = Rule.ERASURE
# The reason of a tombstoned row: no gate reason is bracketed like this, and unlike the
# payload (a rejected candidate's own data) the reason is never written by the submitter.
TOMBSTONE = "[ERASED]"
ERASURE_GUC = "memcurator.erasure"
_ATTEMPTS = 5
# The guard triggers that refuse what erasure must do (created by migration 0001).
_SQLITE_GUARDS = ("write_log_no_update", "entries_never_deleted")


class ErasureRefused(StoreError):
    """The connection may not erase: it is not the tables' owner."""


@dataclass
class TenantPlan:
    """What erasing a scope changes in one tenant (ids are unique per tenant only)."""

    entry_ids: set[str] = field(default_factory=set)
    scope_keys: set[str] = field(default_factory=set)  # of the entries in the erased scope
    source_ids: set[str] = field(default_factory=set)
    relinked: dict[str, list[str]] = field(default_factory=dict)
    topic_members: int = 0
    audit_notes: int = 0
    log_about: list[int] = field(default_factory=list)
    log_submitted: list[int] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        counts = {
            "entries": len(self.entry_ids),
            "entry_sources": len(self.source_ids),
            "topic_members": self.topic_members,
            "linked_entries": len(self.relinked),
            "audit_notes": self.audit_notes,
            "log_rows": len(self.log_about) + len(self.log_submitted),
        }
        return {**counts, "total": sum(counts.values())}


@dataclass
class ErasurePlan:
    """What erasing a scope changes, per tenant, found before anything is changed. ``home``
    is the scope's own tenant (its top level): it always gets the ``erased`` row."""

    home: str
    tenants: dict[str, TenantPlan] = field(default_factory=dict)
    # Audit marks carry no tenant: only notes on ids no other tenant still uses are cleared.
    audit_ids: set[str] = field(default_factory=set)

    def of(self, tenant: str) -> TenantPlan:
        return self.tenants.setdefault(tenant, TenantPlan())

    def counts(self) -> dict[str, int]:
        total: dict[str, int] = {}
        for part in self.tenants.values():
            for key, value in part.counts().items():
                total[key] = total.get(key, 0) + value
        return total or TenantPlan().counts()


def preview_erasure(engine: Engine, scope: Mapping[str, str]) -> dict[str, int]:
    """The counts ``erase_scope`` would report now, changing nothing."""
    _check_scope(scope)
    with engine.connect() as conn:
        return plan_erasure(conn, scope).counts()


def erase_scope(
    engine: Engine, scope: Mapping[str, str], *, requested_by: str, now: datetime | None = None
) -> dict[str, Any]:
    """Erase every memory of ``scope`` and append the ``erased`` row; returns its counts.

    One transaction: either everything is erased and logged, or nothing changes. A second run
    erases nothing and still logs the request. Raises ``ErasureRefused`` for a non-owner
    role and ``PassBusy`` while a nightly pass runs (it could re-create what is erased)."""
    _check_scope(scope)
    now = now or datetime.now(UTC)
    with pass_lock(engine):
        for attempt in range(1, _ATTEMPTS + 1):
            try:
                result = _erase_once(engine, scope, requested_by, now)
                break
            except DBAPIError as exc:
                # A deadlock with an ingest taking the same keys in another order: retry.
                if not is_transient(exc) or attempt == _ATTEMPTS:
                    raise
                time.sleep(0.1 * attempt)
    if engine.dialect.name == "sqlite":
        _checkpoint(engine)
    return result


def _erase_once(
    engine: Engine, scope: Mapping[str, str], requested_by: str, now: datetime
) -> dict[str, Any]:
    with (
        engine.connect().execution_options(**WRITER) as conn,
        conn.begin(),
        _guards_lifted(conn),
    ):
        locked = _lock_timelines(conn, scope)
        plan = plan_erasure(conn, scope, locked=locked)
        counts = plan.counts()
        # The home tenant's row last: it is the one the report names.
        order = [*sorted(set(plan.tenants) - {plan.home}), plan.home]
        seqs = {
            tenant: _append_request(conn, scope, requested_by, plan, tenant, now)
            for tenant in order
        }
        _apply(conn, plan, seqs, now)
    return {"erasure_seq": seqs[plan.home], "erasure_seqs": list(seqs.values()), **counts}


def _checkpoint(engine: Engine) -> None:
    """Copy the WAL into the database file and empty it: until then the WAL still holds the
    pages as they were before the erasure. A reader still open on an older snapshot can hold
    some back; the next checkpoint (SQLite runs them as the WAL grows) finishes the job."""
    raw = engine.raw_connection()
    try:
        raw.driver_connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # type: ignore[union-attr]
    finally:
        raw.close()


def _check_scope(scope: Mapping[str, str]) -> None:
    if not scope:
        raise ValueError("erasure needs a scope: at least one LEVEL=VALUE")


def _lock_timelines(conn: Connection, scope: Mapping[str, str]) -> set[TimelineKey] | None:
    """Take ingest's per-key locks on every key the scope's entries have, so no ingest can
    merge a new source into an entry being deleted: one that loaded it first commits before
    the lock is granted, one that comes later finds the key empty. Keys that appear while
    locking are locked in another round. None on SQLite, whose one writer is this one."""
    if conn.dialect.name != "postgresql":
        return None
    locked: set[TimelineKey] = set()
    while True:
        keys = {
            (k.scope_key, k.type, k.subject_key)
            for k in conn.execute(
                select(Entry.scope_key, Entry.type, Entry.subject_key).where(
                    *_in_scope(scope), Entry.subject_key.is_not(None)
                )
            )
        }
        if keys <= locked:
            return locked
        lock_keys(conn, keys - locked)
        locked |= keys


@contextmanager
def _guards_lifted(conn: Connection) -> Iterator[None]:
    """Let this transaction, and only it, tombstone the log and delete entries."""
    if conn.dialect.name == "postgresql":
        owner = conn.scalar(
            text(
                "SELECT pg_has_role(current_user, c.relowner, 'MEMBER') "
                "FROM pg_class c WHERE c.oid = to_regclass('write_log')"
            )
        )
        if not owner:
            raise ErasureRefused(
                "forget needs the owner role of the memcurator tables: connect with "
                "MEMCURATOR_ADMIN_DATABASE_URL; nothing was erased"
            )
        conn.execute(text("SELECT set_config(:name, 'on', true)"), {"name": ERASURE_GUC})
        yield
        return
    # SQLite DDL is transactional: a failure rolls the drops back with everything else, and
    # the writer lock taken at BEGIN IMMEDIATE keeps every other connection out meanwhile.
    guards = conn.execute(
        text("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (:a, :b)"),
        {"a": _SQLITE_GUARDS[0], "b": _SQLITE_GUARDS[1]},
    ).all()
    if len(guards) != len(_SQLITE_GUARDS):
        raise StoreError("the store's append-only triggers are missing: run `memcurator init`")
    # Zero what is deleted, whatever the build's default: freed pages keep their bytes else.
    conn.exec_driver_sql("PRAGMA secure_delete = ON")
    for name, _sql in guards:
        conn.exec_driver_sql(f'DROP TRIGGER "{name}"')
    yield
    for _name, sql in guards:
        conn.exec_driver_sql(sql)


def plan_erasure(
    conn: Connection, scope: Mapping[str, str], *, locked: set[TimelineKey] | None = None
) -> ErasurePlan:
    """Find every row that erasing ``scope`` deletes or tombstones, per tenant. A scope that
    names an org is that tenant's only; one without (``user_id=u_1``) may match entries of
    several tenants, each handled within its own tenant. With ``locked``, an entry whose key
    is not locked (it arrived after the locks were taken) is left for the next run: deleting
    it could strand a source an ingest is adding to it right now."""
    plan = ErasurePlan(home=tenant_of(scope))
    plan.of(plan.home)
    query = select(Entry.tenant, Entry.id, Entry.scope_key, Entry.type, Entry.subject_key)
    for r in conn.execute(query.where(*_in_scope(scope))):
        plan.of(r.tenant).scope_keys.add(r.scope_key)
        if (
            locked is None
            or r.subject_key is None
            or (r.scope_key, r.type, r.subject_key) in locked
        ):
            plan.of(r.tenant).entry_ids.add(r.id)
    _plan_links(conn, plan)
    for tenant, part in plan.tenants.items():
        for chunk in chunks(sorted(part.entry_ids)):
            part.source_ids.update(
                conn.scalars(
                    select(EntrySource.memory_id).where(
                        EntrySource.tenant == tenant, in_chunk(EntrySource.entry_id, chunk, conn)
                    )
                )
            )
        _plan_rows_about(conn, tenant, part)
    _plan_audit_notes(conn, plan)
    for tenant, seq in _submitted_rows(conn, scope):
        # A line that named no tenant is logged with none: its tombstone is the home's.
        plan.of(tenant or plan.home).log_submitted.append(seq)
    return plan


def _in_scope(scope: Mapping[str, str]) -> list[ColumnElement[bool]]:
    org = scope.get("org_id")
    return [*entry_in_scope(scope), *([Entry.tenant == org] if org else [])]


def _plan_rows_about(conn: Connection, tenant: str, part: TenantPlan) -> None:
    """The tenant's topic memberships and log rows about its erased ids."""
    for chunk in chunks(sorted(part.entry_ids | part.source_ids), width=2):
        part.topic_members += len(
            conn.scalars(
                select(TopicMember.observation_id).where(
                    TopicMember.tenant == tenant,
                    in_chunk(TopicMember.observation_id, chunk, conn)
                    | in_chunk(TopicMember.topic_id, chunk, conn),
                )
            ).all()
        )
        part.log_about += conn.scalars(
            select(WriteLog.seq).where(
                WriteLog.tenant == tenant,
                in_chunk(WriteLog.memory_id, chunk, conn),
                _not_tombstoned(),
            )
        ).all()


def _plan_audit_notes(conn: Connection, plan: ErasurePlan) -> None:
    """Audit marks name an entry by id alone: a note is cleared only when no entry of that id
    stays in any tenant, so another tenant's note on the same id is never touched."""
    erased = {(t, i) for t, part in plan.tenants.items() for i in part.entry_ids | part.source_ids}
    ids = sorted({i for _, i in erased})
    kept: set[str] = set()
    for chunk in chunks(ids):
        for table, column in ((Entry, Entry.id), (EntrySource, EntrySource.memory_id)):
            for tenant, found in conn.execute(
                select(table.tenant, column).where(in_chunk(column, chunk, conn))
            ):
                if (tenant, found) not in erased:
                    kept.add(found)
    plan.audit_ids = set(ids) - kept
    owner = {i: t for t, i in sorted(erased)}
    for chunk in chunks(sorted(plan.audit_ids)):
        for memory_id in conn.scalars(
            select(AuditMark.memory_id).where(
                in_chunk(AuditMark.memory_id, chunk, conn), AuditMark.note.is_not(None)
            )
        ):
            plan.of(owner[memory_id]).audit_notes += 1


def _not_tombstoned() -> ColumnElement[bool]:
    return WriteLog.reason != TOMBSTONE


def _plan_links(conn: Connection, plan: ErasurePlan) -> None:
    """Other entries of the same tenant that link an erased one keep their other links; a
    topic left with no member held only the person's observations, so it is erased too."""
    tenants = sorted(t for t, part in plan.tenants.items() if part.entry_ids)
    if not tenants:
        return
    linking = select(Entry.tenant, Entry.id, Entry.subject_key, Entry.links).where(
        Entry.tenant.in_(tenants)
    )
    for row in conn.execute(linking.execution_options(yield_per=2000)):
        part = plan.tenants[row.tenant]
        if row.id in part.entry_ids or not row.links or part.entry_ids.isdisjoint(row.links):
            continue
        kept = [m for m in row.links if m not in part.entry_ids]
        if not kept and is_topic_key(row.subject_key):
            part.entry_ids.add(row.id)
        else:
            part.relinked[row.id] = kept


def _submitted_rows(conn: Connection, scope: Mapping[str, str]) -> list[tuple[str, int]]:
    """Rejected candidates of the scope, as (tenant, seq): by their submitted scope, or, for a
    line that was not even JSON, by ``"level": "value"`` pairs in its raw text. With an org,
    only that tenant's rows and those that named no tenant."""
    rejected = and_(
        WriteLog.action == Action.REJECTED, WriteLog.memory_id.is_(None), _not_tombstoned()
    )
    if org := scope.get("org_id"):
        rejected = and_(rejected, WriteLog.tenant.in_([org, NO_TENANT]))
    found = conn.execute(
        select(WriteLog.tenant, WriteLog.seq).where(rejected, *submitted_in_scope(scope))
    )
    rows = {(r.tenant, r.seq) for r in found}
    patterns = [_raw_pair(level, value) for level, value in scope.items()]
    raw = WriteLog.payload["raw"].as_string()
    head = WriteLog.payload["raw_head"].as_string()
    query = select(WriteLog.tenant, WriteLog.seq, raw, head).where(
        rejected, raw.is_not(None) | head.is_not(None)
    )
    for tenant, seq, raw_text, head_text in conn.execute(query.execution_options(yield_per=2000)):
        line = f"{raw_text or ''}\n{head_text or ''}"
        if all(p.search(line) for p in patterns):
            rows.add((tenant, seq))
    return sorted(rows, key=lambda r: r[1])


def _raw_pair(level: str, value: str) -> re.Pattern[str]:
    spellings = {json.dumps(value, ensure_ascii=False), json.dumps(value)}
    alternatives = "|".join(re.escape(s) for s in spellings)
    return re.compile(rf'"{re.escape(level)}"\s*:\s*(?:{alternatives})')


def _append_request(
    conn: Connection,
    scope: Mapping[str, str],
    requested_by: str,
    plan: ErasurePlan,
    tenant: str,
    now: datetime,
) -> int:
    """The tenant's ``erased`` row: who asked, for which scope, what was affected there."""
    part = plan.of(tenant)
    counts = part.counts()
    shown = ", ".join(f"{k}={v}" for k, v in scope.items())
    reason = f"erasure of scope {shown} requested by {requested_by}: {counts['total']} rows"
    row = {
        "tenant": tenant,
        "at": now,
        "action": ACTION,
        "rule": RULE,
        "memory_id": None,
        "candidate_key": f"erasure:{now.isoformat()}"[:128],
        "related_ids": sorted(part.relinked) or None,
        "reason": reason,
        "flow_run_id": None,
        "payload": {"scope": dict(scope), "requested_by": requested_by, "counts": counts},
    }
    seq = conn.scalar(insert(WriteLog).values(row).returning(WriteLog.seq))
    assert seq is not None
    return int(seq)


def _apply(conn: Connection, plan: ErasurePlan, seqs: Mapping[str, int], now: datetime) -> None:
    for chunk in chunks(sorted(plan.audit_ids)):
        conn.execute(
            update(AuditMark).where(in_chunk(AuditMark.memory_id, chunk, conn)).values(note=None)
        )
    for tenant, part in sorted(plan.tenants.items()):
        _apply_tenant(conn, tenant, part, seqs[tenant], now)


def _apply_tenant(conn: Connection, tenant: str, part: TenantPlan, seq: int, now: datetime) -> None:
    """Delete and tombstone one tenant's rows: every statement names the tenant, since another
    tenant may use the same ids."""
    tombstone = {"erased_in": seq}
    # What was kept of the erased scopes' statements: the keys read as gathering, of the scope
    # only; the nightly pass's vectors (a cache), also in the scope of a topic erased with them.
    touched = {k for c in chunks(sorted(part.entry_ids)) for k in conn.scalars(
        select(Entry.scope_key).where(Entry.tenant == tenant, in_chunk(Entry.id, c, conn)))}
    for kept, scopes in ((GatheringKey, part.scope_keys), (StatementVector, touched)):
        for c in chunks(sorted(scopes)):
            conn.execute(delete(kept).where(kept.tenant == tenant, kept.scope_key.in_(c)))
    for chunk in chunks(sorted(part.entry_ids | part.source_ids), width=2):
        conn.execute(
            delete(TopicMember).where(
                TopicMember.tenant == tenant,
                in_chunk(TopicMember.observation_id, chunk, conn)
                | in_chunk(TopicMember.topic_id, chunk, conn),
            )
        )
        mine = in_chunk(EntrySource.memory_id, chunk, conn)
        conn.execute(delete(EntrySource).where(EntrySource.tenant == tenant, mine))
        conn.execute(delete(Entry).where(Entry.tenant == tenant, in_chunk(Entry.id, chunk, conn)))
    # Rows about an erased id keep their ids (``trace`` says "erased"); a rejected candidate's
    # related ids are its own client id, which is the submitter's text, so they go too. Rows
    # are chosen by seq (unique in the whole log) from those the plan found for this tenant.
    for seqs, keep_ids in ((part.log_about, True), (part.log_submitted, False)):
        values: dict[str, Any] = {"reason": TOMBSTONE, "payload": tombstone}
        if not keep_ids:
            values["related_ids"] = None
        for chunk in chunks(seqs):
            conn.execute(
                update(WriteLog).where(in_chunk(WriteLog.seq, chunk, conn)).values(**values)
            )
    _relink(conn, tenant, part.relinked, now)


def _relink(
    conn: Connection, tenant: str, relinked: Mapping[str, list[str]], now: datetime
) -> None:
    """Drop erased ids from other entries' links; a topic's text is rebuilt from the members
    it keeps, so no erased observation's words stay in it."""
    for entry_id, kept in sorted(relinked.items()):
        mine = and_(Entry.tenant == tenant, Entry.id == entry_id)
        entry = conn.execute(select(Entry.subject_key).where(mine)).one()
        values: dict[str, Any] = {"links": kept or None, "updated_at": now}
        if is_topic_key(entry.subject_key):
            tool_key = topic_tool_key(entry.subject_key)
            members = _members(conn, tenant, kept[-TOPIC_SAMPLE:])
            values["evidence"] = len(kept)
            values["content"] = (
                topic_content(tool_key, members, len(kept))
                if members
                else f"Topic {tool_key.replace('_', ' ') or 'general'} ({len(kept)} observations)"
            )
        conn.execute(update(Entry).where(mine).values(**values))


def _members(conn: Connection, tenant: str, ids: Sequence[str]) -> list[Member]:
    rows = {
        r.id: Member(r.id, r.content, r.created_at, r.confidence, r.sensitivity, r.created_at)
        for r in conn.execute(
            select(
                Entry.id, Entry.content, Entry.created_at, Entry.confidence, Entry.sensitivity
            ).where(Entry.tenant == tenant, Entry.id.in_(list(ids)))
        )
    }
    return [rows[i] for i in ids if i in rows]


__all__ = ["ErasurePlan", "ErasureRefused", "PassBusy", "TenantPlan", "erase_scope",
           "plan_erasure", "preview_erasure"]
