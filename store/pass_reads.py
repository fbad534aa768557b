"""The nightly pass's reads: the scopes of a partition, their observations and topics, the
facts under the keys promotions land on, and the stamps that reveal a concurrent ingest.

Loads only: what the pass decides is ``memcurator.consolidation`` and ``memcurator.promotion``
(their dataclasses are what these functions return); the unit of work that calls both is
``memcurator.app.nightly``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Select,
    and_,
    exists,
    func,
    or_,
    select,
    text,
    union,
)
from sqlalchemy.orm import aliased

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
from store.bulk import chunks, in_values, pg_array
from store.tables import ConsolidationRun, Entry, EntrySource, TopicMember

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
    runs = select(ConsolidationRun.run_date, ConsolidationRun.finished_at).where(
        ConsolidationRun.partition == partition.label
    )
    later = conn.scalar(
        select(func.count()).select_from(
            runs.where(ConsolidationRun.run_date > run_date).subquery()
        )
    )
    if later:
        return None
    row = conn.execute(
        runs.where(ConsolidationRun.run_date < run_date)
        .order_by(ConsolidationRun.run_date.desc())
        .limit(1)
    ).first()
    return (row.run_date, row.finished_at) if row is not None else None


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
    """The active fact under each (scope, subject key), where there is one."""
    facts: dict[tuple[str, str], ActiveFact] = {}
    for scope_key, subject_key in sorted(set(keys)):
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


def changed_scopes(
    conn: Connection, partition: Partition, window: ChangeWindow
) -> dict[str, list[str]]:
    """The scopes of ``partition`` a full pass would load (an active observation before the
    cutoff) that have something new, rewritten or due in ``window``, by tenant: found by
    index (migration 0007), never by loading the partition. On PostgreSQL the owner's
    ``memcurator_changed_scopes`` names them, as ``partition_scopes`` does."""
    if conn.dialect.name == "postgresql":
        pairs = conn.execute(
            text(
                "SELECT scope_key, tenant FROM memcurator_changed_scopes("
                ":cutoff, :since, :touched, :due_from, :due_to)"
            ),
            {
                "cutoff": window.cutoff, "since": window.since, "touched": window.touched,
                "due_from": window.due_from, "due_to": window.due_to,
            },
        ).all()  # fmt: skip
    else:
        pairs = conn.execute(_changed_scopes(window)).all()
    tenants: dict[str, list[str]] = {}
    for key, tenant in sorted(set(pairs)):
        if partition.holds(key):
            tenants.setdefault(tenant, []).append(key)
    return tenants


def _changed_scopes(w: ChangeWindow) -> Select[tuple[str, str]]:
    """``memcurator_changed_scopes`` (migration 0007) in SQLAlchemy, for SQLite."""
    observation = Entry.type == MemoryType.OBSERVATION
    active = Entry.status == Status.ACTIVE
    created = select(Entry.tenant, Entry.scope_key).where(
        observation,
        or_(
            and_(Entry.created_at >= w.since, Entry.created_at < w.cutoff),
            and_(active, Entry.created_at > w.due_from, Entry.created_at <= w.due_to),
        ),
    )
    attached = (EntrySource.tenant == Entry.tenant) & (EntrySource.entry_id == Entry.id)
    seen = (
        select(Entry.tenant, Entry.scope_key)
        .join(EntrySource, attached)
        .where(
            observation,
            or_(
                and_(EntrySource.created_at >= w.since, EntrySource.created_at < w.cutoff),
                and_(
                    active, EntrySource.created_at > w.due_from,
                    EntrySource.created_at <= w.due_to,
                ),
            ),
        )
    )  # fmt: skip
    rewritten = select(Entry.tenant, Entry.scope_key).where(
        or_(Entry.updated_at >= w.touched, Entry.updated_at == w.since)
    )
    changed = union(created, seen, rewritten).subquery()
    loaded = aliased(Entry)
    return select(changed.c.scope_key, changed.c.tenant).where(
        exists().where(
            loaded.tenant == changed.c.tenant,
            loaded.scope_key == changed.c.scope_key,
            loaded.type == MemoryType.OBSERVATION,
            loaded.status == Status.ACTIVE,
            loaded.created_at < w.cutoff,
        )
    )


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
        ids = [r.id for r in rows]
    else:
        ids = _changing(conn, tenant, scopes, cutoff, window)
        rows = _observation_rows(conn, tenant, scopes, cutoff, ids=ids)
        ids = [r.id for r in rows]
    sightings, said = _sightings(conn, tenant, ids, cutoff)
    in_topic = _in_topics(conn, tenant, ids)
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


_ACTIVE_OBSERVATION = (Entry.type == MemoryType.OBSERVATION, Entry.status == Status.ACTIVE)


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
                    Entry.tenant == tenant, id_in, *_ACTIVE_OBSERVATION, Entry.created_at < cutoff
                )
            ).all()
        return sorted((r for r in rows if r.scope_key in wanted), key=lambda r: r.id)
    for scope_in in in_values(Entry.scope_key, scopes, conn):
        rows += conn.execute(
            select(*columns).where(*_ACTIVE_OBSERVATION, Entry.created_at < cutoff, scope_in)
        ).all()
    return rows


def _changing(
    conn: Connection,
    tenant: str,
    scopes: Sequence[str],
    cutoff: datetime,
    window: ChangeWindow,
) -> list[str]:
    """The ids of the active observations of ``scopes`` that ``may_change`` in ``window``,
    decided on their stamps, their topic membership and their sightings in the window."""
    if conn.dialect.name == "postgresql":
        return _changing_pg(conn, tenant, scopes, cutoff, window)
    stamped: list[Any] = []
    for scope_in in in_values(Entry.scope_key, scopes, conn):
        stamped += conn.execute(
            select(Entry.id, Entry.created_at, Entry.updated_at).where(
                *_ACTIVE_OBSERVATION, Entry.created_at < cutoff, scope_in
            )
        ).all()
    in_topic = _in_topics(conn, tenant, [r.id for r in stamped])
    undecided = [
        r.id for r in stamped
        if r.id in in_topic and not may_change(window, r.created_at, r.updated_at, True, ())
    ]  # fmt: skip
    seen = _seen_in(conn, tenant, undecided, window)
    return [
        r.id for r in stamped
        if may_change(window, r.created_at, r.updated_at, r.id in in_topic, seen.get(r.id, ()))
    ]  # fmt: skip


# ``_changing`` in one statement: the scopes' active observations with two key probes each
# (LATERAL, as ``_MEMBER_PROBE``: as EXISTS tests they were planned as hashed subplans that
# read every topic member and every window sighting of the store).
_CHANGING_PROBE = text(
    "SELECT e.id, e.created_at, e.updated_at, m.observation_id IS NOT NULL AS in_topic, "
    "s.created_at AS seen_at "
    "FROM entries AS e "
    "LEFT JOIN LATERAL (SELECT observation_id FROM topic_members WHERE tenant = :tenant "
    "AND observation_id = e.id OFFSET 0) AS m ON true "
    "LEFT JOIN LATERAL (SELECT created_at FROM entry_sources WHERE tenant = :tenant "
    "AND entry_id = e.id AND created_at < :cutoff AND ((created_at >= :since) "
    "OR (created_at > :due_from AND created_at <= :due_to)) LIMIT 1) AS s ON true "
    "WHERE e.type = :observation AND e.status = :active AND e.created_at < :cutoff "
    "AND e.scope_key = ANY(CAST(:scopes AS text[]))"
)


def _changing_pg(
    conn: Connection,
    tenant: str,
    scopes: Sequence[str],
    cutoff: datetime,
    w: ChangeWindow,
) -> list[str]:
    """``_changing`` on PostgreSQL: one statement per chunk of scopes, decided here."""
    changing: list[str] = []
    for chunk in chunks(scopes):
        for id_, created_at, updated_at, in_topic, seen_at in conn.execute(
            _CHANGING_PROBE,
            {
                "tenant": tenant, "cutoff": cutoff, "since": w.since, "due_from": w.due_from,
                "due_to": w.due_to, "observation": MemoryType.OBSERVATION.value,
                "active": Status.ACTIVE.value, "scopes": pg_array(chunk),
            },
        ).tuples():  # fmt: skip
            seen = () if seen_at is None else (seen_at,)
            if may_change(w, created_at, updated_at, in_topic, seen):
                changing.append(id_)
    return changing


def _seen_in(
    conn: Connection, tenant: str, ids: Sequence[str], w: ChangeWindow
) -> dict[str, list[datetime]]:
    """The sightings of ``ids`` that fall in ``w`` (new or due; before its cutoff), by id."""
    seen: dict[str, list[datetime]] = {}
    in_window = or_(
        and_(EntrySource.created_at >= w.since, EntrySource.created_at < w.cutoff),
        and_(
            EntrySource.created_at > w.due_from,
            EntrySource.created_at <= w.due_to,
            EntrySource.created_at < w.cutoff,
        ),
    )
    for entry_in in in_values(EntrySource.entry_id, ids, conn):
        for entry_id, at in conn.execute(
            select(EntrySource.entry_id, EntrySource.created_at).where(
                EntrySource.tenant == tenant, entry_in, in_window
            )
        ).tuples():
            seen.setdefault(entry_id, []).append(at)
    return seen


def may_change(
    w: ChangeWindow,
    created_at: datetime,
    updated_at: datetime,
    in_topic: bool,
    seen_at: Iterable[datetime],
) -> bool:
    """Whether an active observation's plan tonight may hold something, by the tests
    ``changed_scopes`` applies to its scope, one observation at a time: created or seen in the
    window (it may qualify for promotion), due to expire, rewritten since the previous pass, or
    in no topic yet (it may join one, or form one with tonight's). Any other was loaded by the
    previous pass with the same sightings and left as it is: its promotion and expiry were
    decided then, and it is in a topic already, so it plans nothing tonight either.
    ``seen_at``: its sightings' times (those before the cutoff)."""
    return (
        created_at >= w.since
        or w.due_from < created_at <= w.due_to
        or updated_at >= w.touched
        or updated_at == w.since
        or not in_topic
        or any(w.since <= at < w.cutoff or w.due_from < at <= w.due_to for at in seen_at)
    )


def _sightings(
    conn: Connection, tenant: str, ids: Sequence[str], cutoff: datetime
) -> tuple[dict[str, list[Sighting]], dict[str, list[tuple[float, str]]]]:
    """Each entry's sightings before ``cutoff``, and what each of those sources said.

    What each source said, so an entry is judged as it stood at the cutoff: its later
    sightings (already there when history was imported ahead of the backfill) raise its
    confidence or sensitivity only from the night they arrive."""
    sightings: dict[str, list[Sighting]] = {}
    said: dict[str, list[tuple[float, str]]] = {}
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


# One primary-key probe per observation (LATERAL). ``observation_id = ANY(:ids)`` got a
# generic plan (psycopg prepares repeated statements) that read every member row of the
# tenant through ``ix_topic_members_topic_id`` and tested each against the whole array: a
# night's cost grew with every topic's history (issue 13; the intake ledger had the same).
_MEMBER_PROBE = text(
    "SELECT m.observation_id FROM unnest(CAST(:ids AS text[])) AS w(i) CROSS JOIN LATERAL "
    "(SELECT observation_id FROM topic_members WHERE tenant = :tenant "
    "AND observation_id = w.i OFFSET 0) AS m"
)


def _in_topics(conn: Connection, tenant: str, ids: Sequence[str]) -> set[str]:
    """Which of ``ids`` already belong to a topic."""
    members: set[str] = set()
    if conn.dialect.name == "postgresql":
        for chunk in chunks(ids):
            members.update(conn.scalars(_MEMBER_PROBE, {"ids": list(chunk), "tenant": tenant}))
        return members
    for member_in in in_values(TopicMember.observation_id, ids, conn):
        members.update(
            conn.scalars(
                select(TopicMember.observation_id).where(TopicMember.tenant == tenant, member_in)
            )
        )
    return members


def load_topics(
    conn: Connection,
    scopes: Sequence[str],
    *,
    tenant: str,
    groups: Collection[tuple[str, str]] | None = None,
) -> list[Topic]:
    """The topic entries of ``scopes``: every member's id (the entry's ``links``), the most
    recent members' text, and the entry's own aggregates. A topic's nightly cost does not grow
    with its age. With ``groups`` ((scope, tool key) pairs), only the topics of those groups:
    the only ones tonight's unassigned observations can join, and so the only ones a plan reads
    (``memcurator.consolidation.batch_topics``)."""
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
    recent: dict[str, Member] = {}
    for id_in in in_values(Entry.id, wanted, conn):
        # Plain tuples: the rows here are a topic's 50 most recent members each, the bulk of
        # what a night reads.
        for member_id, content, created_at, confidence, sensitivity in conn.execute(
            select(
                Entry.id, Entry.content, Entry.created_at, Entry.confidence, Entry.sensitivity
            ).where(Entry.tenant == tenant, id_in)
        ).tuples():
            recent[member_id] = Member(
                member_id, content, created_at, confidence, sensitivity, created_at
            )
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
