"""The nightly pass's reads for unkeyed leftovers (``memcurator.leftovers``): which scopes of a
partition hold unkeyed facts said since its last pass, and each such scope's facts as they
stood at the pass's cutoff.

As they stood at the cutoff, so that a backfill over a store loaded ahead of time decides what
the nightly runs would have: an entry is current at the cutoff when it was created before it
and is active, or was closed by an entry created at or after it (an ingest the nightly run
would not have seen yet); its wordings and figures are those of its statements (``entry_sources``)
created before the cutoff.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, and_, func, select, text

from memcurator.keys import WORDING_PREFIX, is_wording_key
from memcurator.leftovers import Fact
from memcurator.steps import Partition
from memcurator.vocabulary import MemoryType, Status, most_sensitive
from store.bulk import in_values
from store.pass_changes import Shared
from store.tables import Entry, EntrySource, StatementVector

# The first night of a partition has no previous pass: everything before the cutoff is new.
DAWN = datetime(1, 1, 2, tzinfo=UTC)


@dataclass(frozen=True)
class Said:
    """What some statements of one entry add to the entry they are merged into."""

    count: int
    last: datetime  # the latest ``valid_from``: the merged entry's last confirmation
    confidence: float
    sensitivity: str

    @classmethod
    def of(cls, rows: Sequence[Any]) -> Said:
        return cls(
            len(rows),
            max(r.valid_from for r in rows),
            max(r.confidence for r in rows),
            most_sensitive([r.sensitivity for r in rows]),
        )


@dataclass
class ScopeFacts:
    """One scope's facts for the pass: the current ones (``facts``), what each unkeyed one
    said before the cutoff (``said``), and the statements said in the window to entries the
    passes before merged into another (``arrivals``: entry -> (into, what they add))."""

    facts: list[Fact] = field(default_factory=list)
    said: dict[str, Said] = field(default_factory=dict)
    arrivals: dict[str, tuple[str, Said]] = field(default_factory=dict)


def leftover_scopes(
    conn: Connection, partition: Partition, since: datetime | None, cutoff: datetime,
    *, clock: datetime | None = None,
) -> dict[str, list[str]]:
    """The scopes of ``partition`` with a statement of an unkeyed fact created in
    ``[since, cutoff)``, by tenant. On PostgreSQL the owner's ``memcurator_leftover_scopes``
    names them (row-level security hides every row until the pass names its tenants).

    The query answers for every partition at once. ``clock``: the night's clock, shared by
    its partitions; partitions of one store with the same window and clock in this process
    then ask the database once, as ``store.pass_changes.changed_scopes`` does. Whenever it is
    read during the night, the answer is the same: no pass writes what it reads (statements,
    or a fact's type or key), so neither another partition's pass nor a partition's own pass
    of the night before (committed or not) changes it; only an ingest can."""
    start = since or DAWN
    if clock is None:
        pairs = _all_leftover_scopes(conn, start, cutoff)
    else:
        asked = (str(conn.engine.url), conn.dialect.name, start, cutoff, clock)
        pairs = _SHARED.get(asked, lambda: _all_leftover_scopes(conn, start, cutoff))
    return partition.scopes_by_tenant(pairs)


_SHARED: Shared[list[tuple[str, str]]] = Shared()


def _all_leftover_scopes(
    conn: Connection, start: datetime, cutoff: datetime
) -> list[tuple[str, str]]:
    """Every (scope, tenant) with a statement of an unkeyed fact created in
    ``[start, cutoff)``, in order."""
    if conn.dialect.name == "postgresql":
        pairs = conn.execute(
            text("SELECT scope_key, tenant FROM memcurator_leftover_scopes(:since, :cutoff)"),
            {"since": start, "cutoff": cutoff},
        ).all()
    else:
        attached = and_(EntrySource.tenant == Entry.tenant, EntrySource.entry_id == Entry.id)
        pairs = conn.execute(
            select(Entry.scope_key, Entry.tenant)
            .join(EntrySource, attached)
            .where(
                EntrySource.created_at >= start,
                EntrySource.created_at < cutoff,
                Entry.type == MemoryType.FACT,
                Entry.subject_key.startswith(WORDING_PREFIX),
            )
            .distinct()
        ).all()
    return sorted({(key, tenant) for key, tenant in pairs})


def load_scope_facts(
    conn: Connection, tenant: str, scopes: Sequence[str], since: datetime | None,
    cutoff: datetime,
) -> dict[str, ScopeFacts]:
    """Each scope's facts as they stood at ``cutoff`` (see the module's note). Reads each
    current entry's distinct wordings, and the statements themselves only of unkeyed entries
    (what a merge adds), so a night's cost follows the scope's facts, not their repetitions."""
    entries: list[Any] = []
    for scope_in in in_values(Entry.scope_key, scopes, conn):
        entries += conn.execute(
            select(
                Entry.id, Entry.scope_key, Entry.subject_key, Entry.status, Entry.superseded_by,
                Entry.evidence, Entry.created_at, Entry.content,
            ).where(
                Entry.tenant == tenant,
                scope_in,
                Entry.type == MemoryType.FACT,
                Entry.created_at < cutoff,
                Entry.status.in_((Status.ACTIVE, Status.SUPERSEDED, Status.RETIRED)),
            )
        ).all()  # fmt: skip
    successors = _created(conn, tenant, [e.superseded_by for e in entries if e.superseded_by])
    merged = [e for e in entries if _merged_at_night(e)]
    current = [e for e in entries if _current(e, successors, cutoff)]
    start = since or DAWN
    wordings = _wordings(conn, tenant, [e.id for e in current], cutoff)
    unkeyed = [e.id for e in current if is_wording_key(e.subject_key)]
    said = _statements(conn, tenant, unkeyed + [e.id for e in merged], cutoff)
    result: dict[str, ScopeFacts] = {scope: ScopeFacts() for scope in scopes}
    members: dict[str, list[str]] = {}
    for e in sorted(merged, key=lambda e: e.id):
        members.setdefault(e.superseded_by, []).append(e.content)
        if fresh := [s for s in said.get(e.id, ()) if s.created_at >= start]:
            result[e.scope_key].arrivals[e.id] = (e.superseded_by, Said.of(fresh))
    for e in sorted(current, key=lambda e: e.id):
        if not (held := wordings.get(e.id)):
            continue
        new = is_wording_key(e.subject_key) and e.created_at >= start
        if new:
            result[e.scope_key].said[e.id] = Said.of(said[e.id])
        result[e.scope_key].facts.append(Fact(
            e.id, e.subject_key, (*(c for _, c in held), *members.get(e.id, ())),
            min(v for v, _ in held), e.created_at, new=new,
        ))  # fmt: skip
    return result


def _wordings(
    conn: Connection, tenant: str, ids: Sequence[str], cutoff: datetime
) -> dict[str, list[tuple[datetime, str]]]:
    """Each entry's distinct wordings said before ``cutoff``, with when each first held, in
    that order."""
    found: dict[str, list[tuple[datetime, str]]] = {}
    for entry_in in in_values(EntrySource.entry_id, sorted(ids), conn):
        for row in conn.execute(
            select(EntrySource.entry_id, EntrySource.content,
                   func.min(EntrySource.valid_from).label("since"))
            .where(EntrySource.tenant == tenant, entry_in, EntrySource.created_at < cutoff)
            .group_by(EntrySource.entry_id, EntrySource.content)
        ):  # fmt: skip
            found.setdefault(row.entry_id, []).append((row.since, row.content))
    return {k: sorted(v) for k, v in found.items()}


def _statements(
    conn: Connection, tenant: str, ids: Sequence[str], cutoff: datetime
) -> dict[str, list[Any]]:
    """The statements of ``ids`` said before ``cutoff``."""
    found: dict[str, list[Any]] = {}
    for entry_in in in_values(EntrySource.entry_id, sorted(ids), conn):
        for s in conn.execute(
            select(
                EntrySource.entry_id, EntrySource.valid_from, EntrySource.created_at,
                EntrySource.confidence, EntrySource.sensitivity,
            ).where(EntrySource.tenant == tenant, entry_in, EntrySource.created_at < cutoff)
        ):  # fmt: skip
            found.setdefault(s.entry_id, []).append(s)
    return found


def _current(e: Any, successors: dict[str, datetime], cutoff: datetime) -> bool:
    """Whether the entry was current at ``cutoff``: active, or closed by an entry created at
    or after it (not by a merge at night: those were decided before)."""
    if e.status == Status.ACTIVE:
        return True
    closer = successors.get(e.superseded_by) if e.superseded_by else None
    return not _merged_at_night(e) and closer is not None and closer >= cutoff


def _merged_at_night(e: Any) -> bool:
    """An unkeyed fact the pass merged into another entry: retired with its evidence kept
    (a husk the gate retired holds none)."""
    return bool(is_wording_key(e.subject_key) and e.status == Status.RETIRED and e.evidence > 0)


def _created(conn: Connection, tenant: str, ids: Sequence[str]) -> dict[str, datetime]:
    """When each of ``ids`` was created."""
    found: dict[str, datetime] = {}
    for id_in in in_values(Entry.id, sorted(set(ids)), conn):
        for row in conn.execute(
            select(Entry.id, Entry.created_at).where(Entry.tenant == tenant, id_in)
        ):
            found[row.id] = row.created_at
    return found


def kept_vectors(
    conn: Connection, tenant: str, scope_key: str, digests: Sequence[str]
) -> dict[str, bytes]:
    """The vectors the store keeps for ``digests`` of one scope's statements (missing ones
    are absent)."""
    found: dict[str, bytes] = {}
    for digest_in in in_values(StatementVector.digest, sorted(set(digests)), conn):
        for row in conn.execute(
            select(StatementVector.digest, StatementVector.vector).where(
                StatementVector.tenant == tenant,
                StatementVector.scope_key == scope_key,
                digest_in,
            )
        ):
            found[row.digest] = bytes(row.vector)
    return found


def tenant_wordings(
    conn: Connection, tenant: str, start: datetime, cutoff: datetime, limit: int
) -> list[str]:
    """The distinct wordings of the tenant's fact statements created in ``[start, cutoff)``,
    every scope's, at most ``limit`` of them: the most recently said first (the caller has
    set the tenant for row-level security)."""
    attached = and_(EntrySource.tenant == Entry.tenant, EntrySource.entry_id == Entry.id)
    latest = func.max(EntrySource.created_at)
    return sorted(conn.execute(
        select(EntrySource.content)
        .join(Entry, attached)
        .where(
            EntrySource.tenant == tenant, Entry.type == MemoryType.FACT,
            EntrySource.created_at >= start, EntrySource.created_at < cutoff,
        )
        .group_by(EntrySource.content)
        .order_by(latest.desc(), EntrySource.content)
        .limit(limit)
    ).scalars())  # fmt: skip
