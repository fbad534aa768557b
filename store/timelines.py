"""Load the versions of the keys a batch touches, lock them, and write back what changed.

The policy (``memcurator.resolve``) decides; this module only reads and writes rows. On
PostgreSQL each key is locked with a transaction-scoped advisory lock before it is read, so
two processes ingesting the same key serialise on it; the unique index on current entries
is the backstop. SQLite has a single writer and takes its lock at BEGIN IMMEDIATE.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, select, text, tuple_, update

from memcurator.attributes import legacy_forms
from memcurator.decisions import NewEntry
from memcurator.keys import FACT_PREFIX, key_attribute
from memcurator.lifecycle import Policy
from memcurator.meaning import cardinality
from memcurator.resolve import Timeline, Version
from memcurator.settings import Settings
from memcurator.tenancy import tenant_of
from memcurator.vocabulary import MemoryType, Status
from store.bulk import chunks, insert_rows
from store.rows import (
    ENTRY_COLUMNS,
    MUTABLE_ENTRY_COLUMNS,
    scope_key,
    source_from_row,
    source_row,
    version_from_row,
    version_row,
)
from store.tables import Entry, EntrySource

TimelineKey = tuple[str, str, str]  # scope_key, type, subject_key
# Retired entries too: a late statement can give one its anchor back.
_LOADED = (Status.ACTIVE, Status.SUPERSEDED, Status.RETIRED)
_LOADED_SQL = ", ".join(f"'{status}'" for status in _LOADED)


def timeline_key(entry: NewEntry) -> TimelineKey | None:
    if entry.subject_key is None:
        return None
    return (scope_key(entry.scope), entry.type, entry.subject_key)


def lock_keys(conn: Connection, keys: Iterable[TimelineKey]) -> None:
    """Serialise writers per key on PostgreSQL, in one global order so no two deadlock."""
    if conn.dialect.name != "postgresql":
        return
    ids = sorted({_lock_id(k) for k in keys})
    if ids:
        conn.execute(
            text("SELECT pg_advisory_xact_lock(k) FROM unnest(CAST(:ids AS bigint[])) AS k"),
            {"ids": ids},
        )


def _lock_id(key: TimelineKey) -> int:
    digest = hashlib.blake2b("\x1f".join(key).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def load_timelines(
    conn: Connection, entries: Sequence[NewEntry], *, policy: Policy | None = None
) -> dict[TimelineKey, Timeline]:
    """The stored versions of every key in ``entries``, with the sources of those a late
    arrival may reopen (last confirmed at or after the key's earliest candidate), of those
    whose order needs their first statement (a tie on ``valid_since`` and source kind), of
    all of a key when a candidate names an entry it supersedes, and of active observations
    (whether the nightly passes have closed one depends on its sightings). ``policy`` is the
    nightly pass's, read from the settings when not given."""
    policy = policy or Policy.from_settings(Settings())
    earliest: dict[TimelineKey, datetime] = {}
    kinds: dict[TimelineKey, str | None] = {}
    explicit: set[TimelineKey] = set()
    for entry in entries:
        key = timeline_key(entry)
        if key is not None:
            earliest[key] = min(earliest.get(key, entry.valid_from), entry.valid_from)
            kinds[key] = entry.subject_attribute or entry.subject_key
            if entry.supersedes:
                explicit.add(key)
    timelines = {
        k: Timeline([], cardinality(key_attribute(kinds[k])), policy=policy) for k in earliest
    }
    # Entries keyed before attribute names were canonical (`subject:u/seat`) join the key they
    # now read as (`subject:u/seat_preference`): found again, never rewritten.
    older = {old: k for k in earliest for old in _older_keys(k) if old not in earliest}
    for chunk in chunks([*earliest, *older], width=3):
        for row in conn.execute(_versions_query(conn, list(chunk))).mappings():
            key = (row["scope_key"], row["type"], row["subject_key"])
            timelines[older.get(key, key)].versions.append(version_from_row(row))
    needs_sources: list[Version] = []
    for key, timeline in timelines.items():
        ties = Counter((v.valid_since, v.source_kind) for v in timeline.versions)
        needs_sources += [
            v for v in timeline.versions
            if key in explicit or v.last_confirmed_at >= earliest[key]
            or ties[(v.valid_since, v.source_kind)] > 1
            or (v.entry.type == MemoryType.OBSERVATION and v.status == Status.ACTIVE)
        ]
    load_sources(conn, needs_sources)
    for timeline in timelines.values():
        timeline.origin = {s.memory_id: v.id for v in timeline.versions for s in v.sources or ()}
    return timelines


def _older_keys(key: TimelineKey) -> list[TimelineKey]:
    """The spellings a fact key may have been stored under before its attribute was read
    canonically (attributes.legacy_forms)."""
    scope, kind, subject = key
    if not subject.startswith(FACT_PREFIX):
        return []
    entity, attribute = subject[len(FACT_PREFIX) :].rsplit("/", 1)
    return [(scope, kind, f"{FACT_PREFIX}{entity}/{form}") for form in legacy_forms(attribute)]


def _versions_query(conn: Connection, keys: list[TimelineKey]) -> Any:
    if conn.dialect.name != "postgresql":
        wanted = tuple_(Entry.scope_key, Entry.type, Entry.subject_key).in_(keys)
        return select(Entry).where(wanted, Entry.status.in_(_LOADED))
    # One index probe per key (LATERAL), whatever the statistics say: during a bulk load
    # they lag behind the table, and a hash or IN-list plan then scans all of it per batch.
    columns = ", ".join(f"e.{c}" for c in ENTRY_COLUMNS)
    return text(
        f"SELECT {columns} FROM unnest(CAST(:scopes AS text[]), CAST(:types AS text[]), "
        "CAST(:keys AS text[])) AS w(s, t, k) CROSS JOIN LATERAL (SELECT * FROM entries "
        "WHERE entries.scope_key = w.s AND entries.subject_key = w.k AND entries.type = w.t "
        f"AND entries.status IN ({_LOADED_SQL}) OFFSET 0) AS e"
    ).bindparams(
        scopes=[k[0] for k in keys], types=[k[1] for k in keys], keys=[k[2] for k in keys]
    ).columns(*Entry.__table__.columns)


def load_sources(conn: Connection, versions: Sequence[Version]) -> None:
    by_id = {(tenant_of(v.entry.scope), v.id): v for v in versions}
    for v in versions:
        v.sources = []
    ids = list(by_id)
    for chunk in chunks(ids, width=2):
        for row in conn.execute(_sources_query(conn, list(chunk))).mappings():
            sources = by_id[(row["tenant"], row["entry_id"])].sources
            assert sources is not None
            sources.append(source_from_row(row))
    for v in versions:
        if v.sources:
            v.head = min(s.order() for s in v.sources)
            v.latest = max(s.order() for s in v.sources)


def _sources_query(conn: Connection, ids: list[tuple[str, str]]) -> Any:
    if conn.dialect.name != "postgresql":
        wanted = tuple_(EntrySource.tenant, EntrySource.entry_id).in_(ids)
        return select(EntrySource).where(wanted)
    # One index probe per entry (LATERAL), as for the versions: ``(tenant, entry_id) IN
    # (...)`` was planned as a scan of every source of the tenant, each tested against the
    # whole list, so loading a key's sources cost the size of the tenant's history (issue 13).
    columns = ", ".join(f"s.{c.name}" for c in EntrySource.__table__.columns)
    return text(
        f"SELECT {columns} FROM unnest(CAST(:tenants AS text[]), CAST(:ids AS text[])) "
        "AS w(t, i) CROSS JOIN LATERAL (SELECT * FROM entry_sources WHERE "
        "entry_sources.tenant = w.t AND entry_sources.entry_id = w.i OFFSET 0) AS s"
    ).bindparams(
        tenants=[t for t, _ in ids], ids=[i for _, i in ids]
    ).columns(*EntrySource.__table__.columns)


def write_versions(
    conn: Connection, versions: Iterable[Version], *, now: datetime, new_memory_ids: set[str]
) -> None:
    """Update changed versions first (so the one-current index never sees two), then
    insert new ones, then record their sources."""
    changed = [v for v in versions if v.dirty]
    # Demotions before promotions: the one-current index is checked row by row, so the old
    # current entry must stop being active before its successor becomes active.
    updates = [version_row(v, now)
               for v in sorted(changed, key=lambda v: v.status == Status.ACTIVE) if not v.is_new]
    inserts = [version_row(v, now) for v in changed if v.is_new]
    if updates:
        params = [
            {"b_id": row["id"], "b_tenant": row["tenant"],
             **{c: row[c] for c in MUTABLE_ENTRY_COLUMNS}}
            for row in updates
        ]
        conn.execute(
            update(Entry)
            .where(Entry.tenant == bindparam("b_tenant"), Entry.id == bindparam("b_id"))
            .values({c: bindparam(c) for c in MUTABLE_ENTRY_COLUMNS}),
            params,
        )
    insert_rows(conn, Entry, inserts)
    sources, moved = [], []
    for v in changed:
        tenant = tenant_of(v.entry.scope)
        for src in v.added + v.moved:
            if src.memory_id in new_memory_ids:
                sources.append(source_row(tenant, v.id, src))
            else:
                moved.append({"b_tenant": tenant, "b_mid": src.memory_id, "entry_id": v.id})
    if moved:
        conn.execute(
            update(EntrySource).where(
                EntrySource.tenant == bindparam("b_tenant"),
                EntrySource.memory_id == bindparam("b_mid"),
            ),
            moved,
        )
    insert_rows(conn, EntrySource, sources)
