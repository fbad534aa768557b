"""What changed for a partition since its previous pass: the scopes to load tonight, and within
them the observations whose plan may hold something (``may_change``); both found by index
(key probes and the window's bounds), so a night's reads follow the day's changes, not the
store's size (issue 13). ``store.pass_reads`` loads what these name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Select, and_, exists, or_, select, text, union
from sqlalchemy.orm import aliased

from memcurator.steps import ChangeWindow, Partition
from memcurator.vocabulary import MemoryType, Status
from store.bulk import chunks, in_values, pg_array
from store.tables import Entry, EntrySource, TopicMember

ACTIVE_OBSERVATION = (Entry.type == MemoryType.OBSERVATION, Entry.status == Status.ACTIVE)


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


def changing_observations(
    conn: Connection,
    tenant: str,
    scopes: Sequence[str],
    cutoff: datetime,
    window: ChangeWindow,
) -> tuple[list[str], set[str]]:
    """The ids of the active observations of ``scopes`` that ``may_change`` in ``window``,
    decided on their stamps, their topic membership and their sightings in the window; and
    which of them are in a topic (read for the test; on SQLite, of every active observation
    of the scopes)."""
    if conn.dialect.name == "postgresql":
        return _changing_pg(conn, tenant, scopes, cutoff, window)
    stamped: list[Any] = []
    for scope_in in in_values(Entry.scope_key, scopes, conn):
        stamped += conn.execute(
            select(Entry.id, Entry.created_at, Entry.updated_at).where(
                *ACTIVE_OBSERVATION, Entry.created_at < cutoff, scope_in
            )
        ).all()
    in_topic = in_topics(conn, tenant, [r.id for r in stamped])
    undecided = [
        r.id for r in stamped
        if r.id in in_topic and not may_change(window, r.created_at, r.updated_at, True, ())
    ]  # fmt: skip
    seen = _seen_in(conn, tenant, undecided, window)
    changing = [
        r.id for r in stamped
        if may_change(window, r.created_at, r.updated_at, r.id in in_topic, seen.get(r.id, ()))
    ]  # fmt: skip
    return changing, in_topic


# ``changing_observations`` in one statement: the scopes' active observations with two key
# probes each (LATERAL, as ``_MEMBER_PROBE``: as EXISTS tests they were planned as hashed
# subplans that read every topic member and every window sighting of the store). The window
# test stays outside the sightings' probe (``OFFSET 0`` keeps it out): inside it, PostgreSQL
# ANDed ``ix_entry_sources_created_at``'s bitmap of the window's day (4k rows on a year of
# the seed's workload) into every probe, 0.05 ms each, 100 ms a partition instead of 6 ms.
_CHANGING_PROBE = text(
    "SELECT e.id, e.created_at, e.updated_at, m.observation_id IS NOT NULL AS in_topic, "
    "s.created_at AS seen_at "
    "FROM entries AS e "
    "LEFT JOIN LATERAL (SELECT observation_id FROM topic_members WHERE tenant = :tenant "
    "AND observation_id = e.id OFFSET 0) AS m ON true "
    "LEFT JOIN LATERAL (SELECT max(x.created_at) FILTER (WHERE x.created_at < :cutoff "
    "AND (x.created_at >= :since OR (x.created_at > :due_from AND x.created_at <= :due_to))) "
    "AS created_at FROM (SELECT created_at FROM entry_sources WHERE tenant = :tenant "
    "AND entry_id = e.id OFFSET 0) AS x) AS s ON true "
    "WHERE e.type = :observation AND e.status = :active AND e.created_at < :cutoff "
    "AND e.scope_key = ANY(CAST(:scopes AS text[]))"
)

# ``may_change`` as a filter over ``_CHANGING_PROBE``'s rows, so only the observations that may
# change come back (a night's rows follow what is new or due, not the scopes' active set): its
# tests in the same order, on the same columns. Its sightings' test is ``seen_at`` not being
# NULL: the probe keeps only a sighting that passes it.
_CHANGING = text(
    "SELECT id, in_topic FROM (" + str(_CHANGING_PROBE) + ") AS p "
    "WHERE p.created_at >= :since OR (p.created_at > :due_from AND p.created_at <= :due_to) "
    "OR p.updated_at >= :touched OR p.updated_at = :since OR NOT p.in_topic "
    "OR p.seen_at IS NOT NULL"
)


def _changing_pg(
    conn: Connection,
    tenant: str,
    scopes: Sequence[str],
    cutoff: datetime,
    w: ChangeWindow,
) -> tuple[list[str], set[str]]:
    """``changing_observations`` on PostgreSQL: one statement per chunk of scopes, ``may_change``
    decided in it (``_CHANGING``). The topic members it returns are those of the observations
    that may change: the only ones the caller reads whole."""
    changing: list[str] = []
    members: set[str] = set()
    for chunk in chunks(scopes):
        for id_, in_topic in conn.execute(
            _CHANGING,
            {
                "tenant": tenant, "cutoff": cutoff, "since": w.since, "due_from": w.due_from,
                "due_to": w.due_to, "touched": w.touched,
                "observation": MemoryType.OBSERVATION.value, "active": Status.ACTIVE.value,
                "scopes": pg_array(chunk),
            },
        ).tuples():  # fmt: skip
            changing.append(id_)
            if in_topic:
                members.add(id_)
    return changing, members


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


# One primary-key probe per observation (LATERAL). ``observation_id = ANY(:ids)`` got a
# generic plan (psycopg prepares repeated statements) that read every member row of the
# tenant through ``ix_topic_members_topic_id`` and tested each against the whole array: a
# night's cost grew with every topic's history (issue 13; the intake ledger had the same).
_MEMBER_PROBE = text(
    "SELECT m.observation_id FROM unnest(CAST(:ids AS text[])) AS w(i) CROSS JOIN LATERAL "
    "(SELECT observation_id FROM topic_members WHERE tenant = :tenant "
    "AND observation_id = w.i OFFSET 0) AS m"
)


def in_topics(conn: Connection, tenant: str, ids: Sequence[str]) -> set[str]:
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
