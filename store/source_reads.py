"""A key's versions' sources (``entry_sources`` rows) read for its timeline: one index probe
per entry, or from the ingest's ``SourceCache`` while the version's row is unchanged."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, select, text, tuple_

from memcurator.tenancy import tenant_of
from memcurator.versions import Version
from store.bulk import chunks, pg_array
from store.rows import SOURCE_SELECT, source_from_row, source_from_values
from store.source_cache import SourceCache
from store.tables import EntrySource


def load_remembered(conn: Connection, versions: Sequence[Version], cache: SourceCache) -> None:
    """``load_sources``, taking from ``cache`` the sources of versions whose row, as this
    transaction read it (``SourceCache.read``), it knows."""
    unknown = []
    for v in versions:
        key = (tenant_of(v.entry.scope), v.id)
        if (sources := cache.get(key, cache.read_as(key))) is None:
            unknown.append(v)
        else:
            v.sources = sources
            _set_bounds(v)
    load_sources(conn, unknown)
    for v in unknown:
        key = (tenant_of(v.entry.scope), v.id)
        cache.put(key, cache.read_as(key), v.sources or ())


def load_sources(conn: Connection, versions: Sequence[Version]) -> None:
    by_id = {(tenant_of(v.entry.scope), v.id): v for v in versions}
    for v in versions:
        v.sources = []
    ids = list(by_id)
    for chunk in chunks(ids, width=2):
        if conn.dialect.name == "postgresql":
            # Plain tuples: the sources of a key's recent versions are most of what a batch
            # reads, and grow with its history (issue 13); a row costs ~10 us so, ~13 as a
            # typed mapping.
            for tenant, entry_id, *values in conn.execute(_PG_SOURCES, _pg_ids(chunk)).all():
                by_id[(tenant, entry_id)].sources.append(source_from_values(values))  # type: ignore[union-attr]
            continue
        wanted = tuple_(EntrySource.tenant, EntrySource.entry_id).in_(list(chunk))
        for row in conn.execute(select(EntrySource).where(wanted)).mappings():
            sources = by_id[(row["tenant"], row["entry_id"])].sources
            assert sources is not None
            sources.append(source_from_row(row))
    for v in versions:
        _set_bounds(v)


def _set_bounds(v: Version) -> None:
    """The orders of a version's first and newest sources. One whose row holds more than its
    sources (a fact the nightly pass promoted: its sightings are not its sources, only what
    joined it since) is ordered by its row, as when its sources are not loaded."""
    orders = [s.order() for s in v.sources or ()]
    v.latest = max(orders, default=None)
    v.head = min(orders, default=None) if v.evidence == len(orders) else None


# One index probe per entry (LATERAL), as for the versions: ``(tenant, entry_id) IN (...)`` was
# planned as a scan of every source of the tenant, each tested against the whole list, so
# loading a key's sources cost the size of the tenant's history (issue 13). Untyped columns:
# the rows come back as the driver reads them (``rows.source_from_values``).
_PG_SOURCES = text(
    f"SELECT s.tenant, s.entry_id, {', '.join(f's.{c}' for c in SOURCE_SELECT)} "
    "FROM unnest(CAST(:tenants AS text[]), CAST(:ids AS text[])) AS w(t, i) CROSS JOIN LATERAL "
    "(SELECT * FROM entry_sources WHERE entry_sources.tenant = w.t "
    "AND entry_sources.entry_id = w.i OFFSET 0) AS s"
)


def _pg_ids(ids: Sequence[tuple[str, str]]) -> dict[str, str]:
    return {"tenants": pg_array([t for t, _ in ids]), "ids": pg_array([i for _, i in ids])}
