"""Which fact keys gather values, as their statements showed (``memcurator.gathering``):
read the keys already known, the stored statements a batch's sessions share with it, and
keep the keys newly read so. Called under the keys' locks, in the batch's transaction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import Connection, or_, select, text, tuple_

from memcurator.attributes import legacy_forms
from memcurator.keys import FACT_PREFIX, key_attribute
from memcurator.versions import Statement
from store.bulk import chunks, in_chunk, insert_rows, pg_array
from store.rows import source_from_row
from store.tables import Entry, EntrySource, GatheringKey
from store.timelines import older_keys

__all__ = ["attribute_readings", "keep_gathering", "keys_of_attribute", "known_gathering",
           "session_statements"]

TenantKey = tuple[str, str, str]  # tenant, scope_key, subject_key


def known_gathering(conn: Connection, keys: Iterable[TenantKey]) -> dict[TenantKey, str]:
    """The keys of ``keys`` already read as gathering, with the reason kept for each."""
    found: dict[TenantKey, str] = {}
    columns = (GatheringKey.tenant, GatheringKey.scope_key, GatheringKey.subject_key)
    for chunk in chunks(sorted(set(keys)), width=3):
        query = select(*columns, GatheringKey.reason).where(tuple_(*columns).in_(list(chunk)))
        for row in conn.execute(query):
            found[(row.tenant, row.scope_key, row.subject_key)] = row.reason
    return found


def attribute_readings(
    conn: Connection, tenant: str, attributes: Iterable[str]
) -> dict[str, set[tuple[str, str]]]:
    """Per attribute, the (scope, subject key) of the tenant's keys read as gathering it."""
    names = sorted(set(attributes))
    found: dict[str, set[tuple[str, str]]] = defaultdict(set)
    if not names:
        return found
    likes = [GatheringKey.subject_key.like(f"{FACT_PREFIX}%/{a}") for a in names]
    query = select(GatheringKey.scope_key, GatheringKey.subject_key).where(
        GatheringKey.tenant == tenant, or_(*likes))
    for scope, key in conn.execute(query):
        if (attribute := key_attribute(key)) in names:
            found[attribute].add((scope, key))
    return found


def keys_of_attribute(conn: Connection, tenant: str, attribute: str) -> set[tuple[str, str]]:
    """The tenant's fact keys (scope, subject key) whose attribute is ``attribute``, those
    stored under an older spelling of it named as it now reads. A scan of the tenant's facts:
    run once an attribute is read as gathering, not per batch."""
    forms = [attribute, *legacy_forms(attribute)]
    likes = [Entry.subject_key.like(f"{FACT_PREFIX}%/{f}") for f in forms]
    query = select(Entry.scope_key, Entry.subject_key).distinct().where(
        Entry.tenant == tenant, Entry.type == "fact", or_(*likes))
    found = set()
    for scope, key in conn.execute(query):
        entity, _, form = key[len(FACT_PREFIX):].rpartition("/")
        if form in forms:
            found.add((scope, f"{FACT_PREFIX}{entity}/{attribute}"))
    return found


def session_statements(
    conn: Connection, wanted: Mapping[TenantKey, set[str]]
) -> dict[TenantKey, list[Statement]]:
    """The stored statements of each fact key said in the given sessions (a session may reach
    the store in more than one batch). Read by session (``ix_entry_sources_session``), a few
    statements each, so the cost does not grow with the keys' histories."""
    found: dict[TenantKey, list[Statement]] = defaultdict(list)
    by_tenant: dict[str, set[str]] = defaultdict(set)
    for (tenant, _, _), sessions in wanted.items():
        by_tenant[tenant] |= sessions
    # A statement stored under the key's older spelling (`subject:u/seat`) is said of the key.
    older = {(t, old[0], old[2]): (t, s, k) for t, s, k in wanted
             for old in older_keys((s, "fact", k))}
    for tenant, sessions in sorted(by_tenant.items()):
        for chunk in chunks(sorted(sessions)):
            for row in conn.execute(_by_session(conn, tenant, list(chunk))).mappings():
                key = (tenant, row["scope_key"], row["subject_key"])
                key = older.get(key, key)
                if row["source_session_id"] in wanted.get(key, ()):
                    found[key].append(source_from_row(row))
    return found


def _by_session(conn: Connection, tenant: str, sessions: list[str]) -> Any:
    """The fact statements of ``sessions``, with their entries' keys."""
    if conn.dialect.name != "postgresql":
        return (
            select(Entry.scope_key, Entry.subject_key, *EntrySource.__table__.columns)
            .join(Entry, (Entry.tenant == EntrySource.tenant) & (Entry.id == EntrySource.entry_id))
            .where(EntrySource.tenant == tenant,
                   in_chunk(EntrySource.source_session_id, sessions, conn), Entry.type == "fact")
        )
    # Sessions first, one index probe each (LATERAL), whatever the statistics say: planned
    # from the entries, the read was a scan of every entry of the tenant (issue 13).
    columns = ", ".join(f"s.{c.name}" for c in EntrySource.__table__.columns)
    return text(
        f"SELECT e.scope_key, e.subject_key, {columns} FROM unnest(CAST(:sessions AS text[])) "
        "AS w(x) CROSS JOIN LATERAL (SELECT * FROM entry_sources WHERE entry_sources.tenant = "
        ":tenant AND entry_sources.source_session_id = w.x OFFSET 0) AS s CROSS JOIN LATERAL "
        "(SELECT scope_key, subject_key FROM entries WHERE entries.tenant = s.tenant AND "
        "entries.id = s.entry_id AND entries.type = 'fact' OFFSET 0) AS e"
    ).bindparams(tenant=tenant, sessions=pg_array(sessions)).columns(
        Entry.scope_key, Entry.subject_key, *EntrySource.__table__.columns)


def keep_gathering(conn: Connection, found: Mapping[TenantKey, tuple[str, str]]) -> None:
    """Remember the keys newly read as gathering: (memory id, reason) for each."""
    insert_rows(conn, GatheringKey, [
        {"tenant": t, "scope_key": s, "subject_key": k, "memory_id": m, "reason": r}
        for (t, s, k), (m, r) in sorted(found.items())
    ])
