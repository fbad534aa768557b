"""The nightly pass's reads: the scopes of a partition, their observations and topics, the
facts under the keys promotions land on, and the stamps that reveal a concurrent ingest.

Loads only: what the pass decides is ``memcurator.consolidation`` and ``memcurator.promotion``
(their dataclasses are what these functions return); the unit of work that calls both is
``memcurator.app.nightly``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    Connection,
    or_,
    select,
    text,
)

from memcurator.consolidation import (
    TOPIC_SAMPLE,
    Member,
    Observation,
    Sighting,
    Topic,
)
from memcurator.keys import TOPIC_PREFIX, topic_tool_key
from memcurator.promotion import ActiveFact
from memcurator.steps import ChangeWindow, Partition
from memcurator.vocabulary import MemoryType, Status, most_sensitive
from store.bulk import array_rows, chunks, in_values, pg_array
from store.member_cache import MemberCache
from store.pass_changes import ACTIVE_OBSERVATION, changing_observations, in_topics
from store.tables import ConsolidationRun, Entry, EntrySource, as_utc

# What a concurrent ingest changes on an observation: the pass compares it before writing.
Stamp = tuple[Any, ...]


def partition_landed(
    conn: Connection, run_date: str, partition: Partition
) -> tuple[datetime, dict[str, Any]] | None:
    """When the pass for ``run_date`` committed ``partition`` and the counts it recorded
    (the ledger), or None if it has not."""
    row = conn.execute(
        select(ConsolidationRun.finished_at, ConsolidationRun.counts).where(
            ConsolidationRun.run_date == run_date, ConsolidationRun.partition == partition.label
        )
    ).first()
    return None if row is None else (row.finished_at, dict(row.counts or {}))


def previous_pass(
    conn: Connection, run_date: str, partition: Partition
) -> tuple[str, datetime] | None:
    """The date and start of ``partition``'s latest pass before ``run_date`` (the ledger),
    or None when it has none, or when a pass for a later date already ran (then what that
    pass changed is not tonight's news: the partition is loaded whole, as before)."""
    # The partition's latest pass for any other date, in one statement: when it is for a
    # later date, there is a later pass; otherwise it is the latest before ``run_date``.
    row = conn.execute(
        select(ConsolidationRun.run_date, ConsolidationRun.finished_at)
        .where(ConsolidationRun.partition == partition.label, ConsolidationRun.run_date != run_date)
        .order_by(ConsolidationRun.run_date.desc())
        .limit(1)
    ).first()
    if row is None or row.run_date > run_date:
        return None
    return (row.run_date, row.finished_at)


def load_stamps(conn: Connection, tenant: str, ids: Sequence[str]) -> dict[str, Stamp]:
    """Each entry's (status, evidence, last confirmation) as it stands now."""
    stamps: dict[str, Stamp] = {}
    for id_in in in_values(Entry.id, ids, conn):
        for row in conn.execute(
            select(Entry.id, Entry.status, Entry.evidence, Entry.last_confirmed_at).where(
                Entry.tenant == tenant, id_in
            )
        ):
            stamps[row.id] = (row.status, row.evidence, row.last_confirmed_at)
    return stamps


def load_active_facts(
    conn: Connection, tenant: str, keys: Iterable[tuple[str, str]]
) -> dict[tuple[str, str], ActiveFact]:
    """The active fact under each (scope, subject key), where there is one (at most one: the
    store's ``uq_entries_one_current``). On PostgreSQL one statement per chunk of keys, each
    key probed by index (``_ACTIVE_FACTS``), not a statement per key."""
    wanted = sorted(set(keys))
    facts: dict[tuple[str, str], ActiveFact] = {}
    if conn.dialect.name == "postgresql":
        for chunk in chunks(wanted, width=2):
            found = conn.execute(
                _ACTIVE_FACTS,
                {
                    "tenant": tenant, "fact": MemoryType.FACT.value,
                    "active": Status.ACTIVE.value,
                    "scopes": pg_array([scope for scope, _ in chunk]),
                    "keys": pg_array([key for _, key in chunk]),
                },
            )  # fmt: skip
            for scope_key, subject_key, id_, content, value, valid_from, kind in found:
                facts[(scope_key, subject_key)] = ActiveFact(
                    id_, scope_key, subject_key, content, value, as_utc(valid_from), kind
                )
        return facts
    for scope_key, subject_key in wanted:
        row = conn.execute(
            select(
                Entry.id, Entry.content, Entry.subject_value, Entry.valid_from, Entry.source_kind
            ).where(
                Entry.tenant == tenant,
                Entry.scope_key == scope_key,
                Entry.type == MemoryType.FACT,
                Entry.subject_key == subject_key,
                Entry.status == Status.ACTIVE,
            )
        ).first()
        if row is not None:
            facts[(scope_key, subject_key)] = ActiveFact(
                row.id, scope_key, subject_key, row.content, row.subject_value,
                row.valid_from, row.source_kind,
            )  # fmt: skip
    return facts


# The active fact of each (scope, subject key) of a chunk: one index probe per key (LATERAL,
# kept correlated by ``OFFSET 0`` as the change probes are).
_ACTIVE_FACTS = text(
    "SELECT k.scope_key, k.subject_key, f.id, f.content, f.subject_value, f.valid_from, "
    "f.source_kind FROM unnest(CAST(:scopes AS text[]), CAST(:keys AS text[])) "
    "AS k(scope_key, subject_key) CROSS JOIN LATERAL (SELECT id, content, subject_value, "
    "valid_from, source_kind FROM entries WHERE tenant = :tenant AND scope_key = k.scope_key "
    "AND type = :fact AND subject_key = k.subject_key AND status = :active OFFSET 0) AS f"
)


def partition_scopes(
    conn: Connection, partition: Partition, cutoff: datetime
) -> dict[str, list[str]]:
    """The scopes of ``partition`` that hold an active observation older than ``cutoff``,
    by tenant. On PostgreSQL the owner's ``memcurator_observation_scopes`` names them (row-level
    security hides every row from a pass that has not yet said which tenants it works on)."""
    if conn.dialect.name == "postgresql":
        pairs = conn.execute(
            text("SELECT scope_key, tenant FROM memcurator_observation_scopes(:cutoff)"),
            {"cutoff": cutoff},
        ).all()
    else:
        pairs = conn.execute(
            select(Entry.scope_key, Entry.tenant)
            .where(
                Entry.type == MemoryType.OBSERVATION,
                Entry.status == Status.ACTIVE,
                Entry.created_at < cutoff,
            )
            .distinct()
        ).all()
    tenants: dict[str, list[str]] = {}
    for key, tenant in sorted(pairs):
        if partition.holds(key):
            tenants.setdefault(tenant, []).append(key)
    return tenants


def load_observations(
    conn: Connection,
    scopes: Sequence[str],
    cutoff: datetime,
    *,
    stamps: dict[str, Stamp] | None = None,
    tenant: str,
    window: ChangeWindow | None = None,
) -> list[Observation]:
    """The active observations of ``scopes`` with their sightings before ``cutoff``; with
    ``window``, only those whose plan tonight may hold something (``may_change``).

    The scopes' active observations are read by ``ix_entries_type_status_scope`` (an
    observation stays active a bounded time after it was last seen, so they are a bounded set
    whatever the store's age), their sightings and topic membership by key probes, and
    ``may_change`` is decided on those rows here. As a filter of the SQL statement, its two
    ``EXISTS`` tests under an ``OR`` were planned as hashed subplans, which read every topic
    member and every window sighting of the store on each call (issue 13).

    With ``window``, the test runs before the rows are read whole: on the ids and stamps of
    the scopes' active observations, their topic membership, and only the sightings that fall
    in the window; content and every sighting are then read for the observations that may
    change alone. A quiet night's cost follows what is due or new, not the active set (a
    month of each user's observations)."""
    if window is None:
        rows = _observation_rows(conn, tenant, scopes, cutoff)
        in_topic = in_topics(conn, tenant, [r.id for r in rows])
    else:  # the change test read topic membership already
        changing, in_topic = changing_observations(conn, tenant, scopes, cutoff, window)
        rows = _observation_rows(conn, tenant, scopes, cutoff, ids=changing)
    ids = [r.id for r in rows]
    sightings, said = _sightings(conn, tenant, ids, cutoff)
    if stamps is not None:
        stamps.update({r.id: (Status.ACTIVE, r.evidence, r.last_confirmed_at) for r in rows})
    return [
        Observation(
            id=r.id,
            scope_key=r.scope_key,
            tool=r.tool,
            content=r.content,
            created_at=r.created_at,
            confidence=max((c for c, _ in said.get(r.id, ())), default=r.confidence),
            sensitivity=most_sensitive([s for _, s in said.get(r.id, ())] or [r.sensitivity]),
            subject_key=r.subject_key,
            sightings=tuple(sorted(sightings.get(r.id, ()), key=lambda s: s.created_at)),
            in_topic=r.id in in_topic,
            subject_value=r.subject_value,
            source_kind=r.source_kind,
        )
        for r in rows
    ]


def _observation_rows(
    conn: Connection,
    tenant: str,
    scopes: Sequence[str],
    cutoff: datetime,
    *,
    ids: Sequence[str] | None = None,
) -> list[Any]:
    """The active observations of ``scopes`` created before ``cutoff``, whole; with ``ids``,
    only those (read by key)."""
    columns = (
        Entry.id, Entry.scope_key, Entry.tool, Entry.content, Entry.created_at,
        Entry.confidence, Entry.sensitivity, Entry.subject_key, Entry.evidence,
        Entry.last_confirmed_at, Entry.subject_value, Entry.source_kind, Entry.updated_at,
    )  # fmt: skip
    rows: list[Any] = []
    if ids is not None:
        wanted = set(scopes)
        for id_in in in_values(Entry.id, ids, conn):
            rows += conn.execute(
                select(*columns).where(
                    Entry.tenant == tenant, id_in, *ACTIVE_OBSERVATION, Entry.created_at < cutoff
                )
            ).all()
        return sorted((r for r in rows if r.scope_key in wanted), key=lambda r: r.id)
    for scope_in in in_values(Entry.scope_key, scopes, conn):
        rows += conn.execute(
            select(*columns).where(*ACTIVE_OBSERVATION, Entry.created_at < cutoff, scope_in)
        ).all()
    return rows


def _sightings(
    conn: Connection, tenant: str, ids: Sequence[str], cutoff: datetime
) -> tuple[dict[str, list[Sighting]], dict[str, list[tuple[float, str]]]]:
    """Each entry's sightings before ``cutoff``, and what each of those sources said.

    What each source said, so an entry is judged as it stood at the cutoff: its later
    sightings (already there when history was imported ahead of the backfill) raise its
    confidence or sensitivity only from the night they arrive."""
    sightings: dict[str, list[Sighting]] = {}
    said: dict[str, list[tuple[float, str]]] = {}
    if conn.dialect.name == "postgresql":  # a chunk's sightings as six arrays in one row
        found = array_rows(conn, _SIGHTINGS, ids, tenant=tenant, cutoff=cutoff)
        for entry_id, session, at, kind, confidence, sensitivity in found:
            sightings.setdefault(entry_id, []).append(Sighting(session, as_utc(at), kind))
            said.setdefault(entry_id, []).append((confidence, sensitivity))
        return sightings, said
    for entry_in in in_values(EntrySource.entry_id, ids, conn):
        for s in conn.execute(
            select(
                EntrySource.entry_id, EntrySource.source_session_id, EntrySource.created_at,
                EntrySource.source_kind, EntrySource.confidence, EntrySource.sensitivity,
            ).where(EntrySource.tenant == tenant, entry_in, EntrySource.created_at < cutoff)
        ):  # fmt: skip
            sightings.setdefault(s.entry_id, []).append(
                Sighting(s.source_session_id, s.created_at, s.source_kind)
            )
            said.setdefault(s.entry_id, []).append((s.confidence, s.sensitivity))
    return sightings, said


def load_topics(
    conn: Connection,
    scopes: Sequence[str],
    *,
    tenant: str,
    groups: Collection[tuple[str, str]] | None = None,
    members: MemberCache | None = None,
) -> list[Topic]:
    """The topic entries of ``scopes``: every member's id (the entry's ``links``), the most
    recent members' text, and the entry's own aggregates. A topic's nightly cost does not grow
    with its age. With ``groups`` ((scope, tool key) pairs), only the topics of those groups:
    the only ones tonight's unassigned observations can join, and so the only ones a plan reads
    (``memcurator.consolidation.batch_topics``). ``members``: those read on the night before
    (``store.member_cache``), read again only where the cache does not hold them."""
    if groups is not None:
        scopes = sorted({scope for scope, _ in groups})
    rows: list[Any] = []
    for scope_in in in_values(Entry.scope_key, scopes, conn):
        rows += conn.execute(
            select(
                Entry.id, Entry.scope_key, Entry.subject_key, Entry.links, Entry.confidence,
                Entry.sensitivity, Entry.created_at, Entry.last_confirmed_at,
            ).where(
                Entry.type == MemoryType.SUMMARY,
                Entry.status == Status.ACTIVE,
                Entry.subject_key.startswith(TOPIC_PREFIX),
                scope_in,
            )
        ).all()  # fmt: skip
    if groups is not None:
        rows = [r for r in rows if (r.scope_key, topic_tool_key(r.subject_key)) in groups]
    wanted = sorted({m for r in rows for m in (r.links or [])[-TOPIC_SAMPLE:]})
    recent = _cached_members(conn, tenant, wanted, members)
    return [
        Topic(
            id=r.id,
            scope_key=r.scope_key,
            tool_key=topic_tool_key(r.subject_key),
            member_ids=tuple(r.links or ()),
            recent=tuple(recent[m] for m in (r.links or [])[-TOPIC_SAMPLE:] if m in recent),
            confidence=r.confidence,
            sensitivity=r.sensitivity,
            created_at=r.created_at,
            last_seen=r.last_confirmed_at,
        )
        for r in sorted(rows, key=lambda r: r.id)
    ]


# A chunk of entries' sightings before the cutoff as six arrays in one row (``_sightings``), as
# the members below: one row per sighting cost more to fetch than to find.
_SIGHTINGS = text(
    "SELECT array_agg(entry_id), array_agg(source_session_id), array_agg(created_at), "
    "array_agg(source_kind), array_agg(confidence), array_agg(sensitivity) FROM entry_sources "
    "WHERE tenant = :tenant AND entry_id = ANY(CAST(:ids AS text[])) AND created_at < :cutoff"
)

# A chunk of topic members as five arrays in one row: the members are the bulk of what a
# night reads (a topic's 50 most recent each), and one row per member cost more to fetch
# and convert in Python than the server spent finding them.
_MEMBERS = text(
    "SELECT array_agg(id), array_agg(content), array_agg(created_at), array_agg(confidence), "
    "array_agg(sensitivity) FROM entries "
    "WHERE tenant = :tenant AND id = ANY(CAST(:ids AS text[]))"
)


def _cached_members(
    conn: Connection, tenant: str, ids: Sequence[str], cache: MemberCache | None
) -> dict[str, Member]:
    """``_members``, taking from ``cache`` what it holds and keeping there what is read."""
    if cache is None:
        return _members(conn, tenant, ids)
    recent = {i: m for i in ids if (m := cache.get(tenant, i)) is not None}
    read = _members(conn, tenant, [i for i in ids if i not in recent])
    cache.put(tenant, read.values())
    return recent | read


def written_since(
    conn: Connection, tenant: str, window: ChangeWindow, *, margin: timedelta = timedelta(0)
) -> list[str]:
    """The ids of ``tenant``'s entries written since the partition's previous pass (stamped at
    or after ``touched``, less ``margin``, or by that pass: ``ChangeWindow``), of any scope,
    type or status: what a night must not take from what the night before read
    (``store.member_cache``). Read by ``ix_entries_updated_at``: the rows written since."""
    touched = window.touched - margin
    return list(
        conn.scalars(
            select(Entry.id).where(
                Entry.tenant == tenant,
                or_(Entry.updated_at >= touched, Entry.updated_at == window.since),
            )
        )
    )


def _members(conn: Connection, tenant: str, ids: Sequence[str]) -> dict[str, Member]:
    """The topic members ``ids`` by id, as the plan reads them (content and aggregates)."""
    recent: dict[str, Member] = {}
    if conn.dialect.name == "postgresql":
        found = array_rows(conn, _MEMBERS, ids, tenant=tenant)
        for member_id, content, created_at, confidence, sensitivity in found:
            at = as_utc(created_at)  # as the typed column gives it (UTCDateTime)
            recent[member_id] = Member(member_id, content, at, confidence, sensitivity, at)
        return recent
    for id_in in in_values(Entry.id, ids, conn):
        for member_id, content, created_at, confidence, sensitivity in conn.execute(
            select(
                Entry.id, Entry.content, Entry.created_at, Entry.confidence, Entry.sensitivity
            ).where(Entry.tenant == tenant, id_in)
        ).tuples():
            recent[member_id] = Member(
                member_id, content, created_at, confidence, sensitivity, created_at
            )
    return recent
