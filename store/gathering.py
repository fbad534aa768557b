"""Which fact keys gather values, as their statements showed (``memcurator.gathering``):
read the keys already known, the stored statements a batch's sessions share with it, and
keep the keys newly read so. Called under the keys' locks, in the batch's transaction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from sqlalchemy import Connection, select, tuple_

from memcurator.resolve import Statement
from store.bulk import chunks, in_chunk, insert_rows
from store.rows import source_from_row
from store.tables import Entry, EntrySource, GatheringKey

__all__ = ["keep_gathering", "known_gathering", "session_statements"]

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


def session_statements(
    conn: Connection, wanted: Mapping[TenantKey, set[str]]
) -> dict[TenantKey, list[Statement]]:
    """The stored statements of each fact key said in the given sessions (a session may reach
    the store in more than one batch)."""
    found: dict[TenantKey, list[Statement]] = defaultdict(list)
    by_tenant: dict[str, list[TenantKey]] = defaultdict(list)
    for key in sorted(wanted):
        by_tenant[key[0]].append(key)
    for tenant, keys in by_tenant.items():
        sessions = sorted(set().union(*(wanted[k] for k in keys)))
        for chunk in chunks(keys, width=2):
            for sessions_chunk in chunks(sessions):
                query = (
                    select(Entry.scope_key, Entry.subject_key, *EntrySource.__table__.columns)
                    .join(EntrySource, (EntrySource.tenant == Entry.tenant)
                          & (EntrySource.entry_id == Entry.id))
                    .where(Entry.tenant == tenant, Entry.type == "fact",
                           tuple_(Entry.scope_key, Entry.subject_key).in_(
                               [(k[1], k[2]) for k in chunk]),
                           in_chunk(EntrySource.source_session_id, sessions_chunk, conn))
                )
                for row in conn.execute(query).mappings():
                    key = (tenant, row["scope_key"], row["subject_key"])
                    if row["source_session_id"] in wanted[key]:
                        found[key].append(source_from_row(row))
    return found


def keep_gathering(conn: Connection, found: Mapping[TenantKey, tuple[str, str]]) -> None:
    """Remember the keys newly read as gathering: (memory id, reason) for each."""
    insert_rows(conn, GatheringKey, [
        {"tenant": t, "scope_key": s, "subject_key": k, "memory_id": m, "reason": r}
        for (t, s, k), (m, r) in sorted(found.items())
    ])
