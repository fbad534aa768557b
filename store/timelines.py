"""Load the versions of the keys a batch touches, lock them, and write back what changed.

The policy (``memcurator.resolve``) decides; this module only reads and writes rows. On
PostgreSQL each key is locked with a transaction-scoped advisory lock before it is read, so
two processes ingesting the same key serialise on it; the unique index on current entries
is the backstop. SQLite has a single writer and takes its lock at BEGIN IMMEDIATE.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, and_, bindparam, or_, select, text, tuple_, update

from memcurator.attributes import legacy_forms
from memcurator.decisions import NewEntry
from memcurator.keys import FACT_PREFIX, is_wording_key, key_attribute, legacy_observation_key
from memcurator.lifecycle import Policy, Sighting, closed_before, day_start
from memcurator.meaning import cardinality
from memcurator.resolve import Timeline
from memcurator.settings import Settings
from memcurator.tenancy import tenant_of
from memcurator.versions import CHAINED_TYPES, LIVE, Version
from memcurator.vocabulary import MemoryType, SourceKind, Status
from store.bulk import chunks, insert_rows, pg_array
from store.rows import (
    ENTRY_COLUMNS,
    MUTABLE_ENTRY_COLUMNS,
    scope_key,
    source_row,
    version_from_row,
    version_row,
)
from store.seen import CLOSED_BEFORE_NIGHT
from store.source_cache import SourceCache, fingerprint
from store.source_reads import load_remembered, load_sources
from store.tables import Entry, EntrySource

TimelineKey = tuple[str, str, str]  # scope_key, type, subject_key
# Retired entries too: a late statement can give one its anchor back.
_LOADED = (Status.ACTIVE, Status.SUPERSEDED, Status.RETIRED)
_LOADED_SQL = ", ".join(f"'{status}'" for status in _LOADED)
_LIVE_SQL = ", ".join(f"'{status}'" for status in LIVE)


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
            {"ids": pg_array(ids)},
        )


def _lock_id(key: TimelineKey) -> int:
    digest = hashlib.blake2b("\x1f".join(key).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


@dataclass(frozen=True)
class Reach:
    """What a batch's candidates of one key can reach in its history (see ``load_timelines``).

    ``earliest``: the earliest ``valid_from`` among them; ``cutoff``: midnight before the
    earliest ``created_at`` (the first night's pass they could follow); ``full``: load every
    version (an explicit ``supersedes`` may name any of them, or the reduced load fell short).
    """

    earliest: datetime
    cutoff: datetime
    chained: bool
    full: bool = False


def reach_of(entries: Sequence[NewEntry]) -> dict[TimelineKey, Reach]:
    """Each key's ``Reach`` for the candidates in ``entries``."""
    earliest: dict[TimelineKey, datetime] = {}
    created: dict[TimelineKey, datetime] = {}
    explicit: set[TimelineKey] = set()
    chained: dict[TimelineKey, bool] = {}
    for entry in entries:
        if (key := timeline_key(entry)) is None:
            continue
        earliest[key] = min(earliest.get(key, entry.valid_from), entry.valid_from)
        created[key] = min(created.get(key, entry.created_at), entry.created_at)
        chained[key] = entry.type in CHAINED_TYPES
        if entry.supersedes:
            explicit.add(key)
    return {k: Reach(earliest[k], day_start(created[k]), chained[k], k in explicit)
            for k in earliest}


def load_timelines(
    conn: Connection, entries: Sequence[NewEntry], *, policy: Policy | None = None,
    full: bool = False, cache: SourceCache | None = None, sources_of: Set[str] = frozenset(),
) -> dict[TimelineKey, Timeline]:
    """The stored versions of every key in ``entries`` that its candidates can reach, with
    the sources of those a late arrival may reopen (last confirmed at or after the key's
    earliest candidate) except a fact's or summary's version worded before it (a statement
    landing inside one that says the same only adds to its counts; ``Timeline._target`` asks
    for the sources otherwise), of those whose order needs their first statement (a tie on
    ``valid_since`` and source kind), of all of a key when a candidate names an entry it
    supersedes, and of active observations (whether the nightly passes have closed one
    depends on its sightings). ``policy`` is the nightly pass's, read from the settings when
    not given.

    What a key's candidates can reach, so that loading does not grow with its history
    (issue 13): its retired entries (a late statement can give one its anchor back); of a
    fact or summary, every live version from the last one before the earliest candidate that
    is not an inference (``Timeline.floor``: the chain is relinked from there, and every
    version before it keeps its link) and every version confirmed since; of an observation,
    every active one except those the nightly passes had closed for good before the
    candidates' first night (their sightings all before it, expired or qualified by then).
    A key whose candidates, or the stored sources they reopen, fall outside that is loaded
    whole; so is one whose placement renamed a version before the floor (``reached``).
    ``full`` loads every key whole. ``cache``: sources an earlier batch of the same ingest
    read or wrote, used while their version's row is unchanged (``store.source_cache``).
    ``sources_of``: entry ids whose sources are loaded too (a placement asked for them:
    ``Timeline.unloaded``).
    """
    policy = policy or Policy.from_settings(Settings())
    kinds = {key: e.subject_attribute or e.subject_key
             for e in entries if (key := timeline_key(e)) is not None}
    reach = reach_of(entries)
    named = set() if full else named_by_stored(conn, entries)
    if full or named:
        reach = {k: replace(r, full=True) if full or k in named else r for k, r in reach.items()}
    # Entries keyed before attribute names were canonical (`subject:u/seat`) join the key they
    # now read as (`subject:u/seat_preference`), within the same reach: found again, never
    # rewritten.
    older = {old: k for k in reach for old in older_keys(k) if old not in reach}
    older |= {old: k for old, k in older_observation_keys(entries).items() if old not in reach}
    timelines = _load(conn, reach, kinds, policy, older, cache, sources_of)
    short = [k for k, t in timelines.items() if not reach[k].full and not _covers(t, reach[k])]
    if short:
        whole = {k: replace(reach[k], full=True) for k in short}
        timelines.update(_load(conn, whole, kinds, policy,
                               {old: k for old, k in older.items() if k in whole}, cache,
                               sources_of))
    return timelines


def named_by_stored(conn: Connection, entries: Sequence[NewEntry]) -> set[TimelineKey]:
    """The keys of the candidates that a stored statement names in its ``supersedes``: it
    named one before it arrived, so it may break off from the version the candidate lands in
    (``Timeline._target``), which only placing the key's sources again shows: load it whole."""
    ids: dict[tuple[str, str], TimelineKey] = {}
    for entry in entries:
        if (key := timeline_key(entry)) is not None:
            ids[(tenant_of(entry.scope), entry.id)] = key
    named: set[TimelineKey] = set()
    for chunk in chunks(list(ids), width=2):
        if conn.dialect.name == "postgresql":  # one probe of the partial index per candidate
            query: Any = _PG_NAMED.bindparams(tenants=pg_array([t for t, _ in chunk]),
                                              ids=pg_array([i for _, i in chunk]))
        else:
            wanted = tuple_(EntrySource.tenant, EntrySource.supersedes).in_(list(chunk))
            query = select(EntrySource.tenant, EntrySource.supersedes).where(
                wanted, EntrySource.supersedes.is_not(None)).distinct()
        named.update(ids[(tenant, name)] for tenant, name in conn.execute(query).all())
    return named


_PG_NAMED = text(
    "SELECT DISTINCT s.tenant, s.supersedes FROM unnest(CAST(:tenants AS text[]), "
    "CAST(:ids AS text[])) AS w(t, i) JOIN entry_sources s ON s.tenant = w.t "
    "AND s.supersedes = w.i AND s.supersedes IS NOT NULL"
)


def load_whole(conn: Connection, keys: Iterable[TimelineKey]) -> dict[TimelineKey, Timeline]:
    """Every version of each key, with its sources and those stored under its older spellings,
    whatever a batch could reach: a key placed again with no new statement (``app.gathered``)."""
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    reach = {k: Reach(epoch, epoch, True, full=True) for k in keys}
    older = {old: k for k in reach for old in older_keys(k) if old not in reach}
    return _load(conn, reach, {k: k[2] for k in reach}, Policy.from_settings(Settings()), older)


def reached(timeline: Timeline) -> bool:
    """Whether a placement on a reduced load stayed inside it: every loaded version before
    the floor keeps its id (a renamed one would relink an unloaded predecessor)."""
    return all(v in timeline.versions and v.id == name for v, name in timeline.fixed)


def _load(
    conn: Connection, reach: dict[TimelineKey, Reach], kinds: dict[TimelineKey, str | None],
    policy: Policy, older: dict[TimelineKey, TimelineKey], cache: SourceCache | None = None,
    sources_of: Set[str] = frozenset(),
) -> dict[TimelineKey, Timeline]:
    """The versions of every key of ``reach``, those stored under an older spelling of it
    (``older``: old key -> key) included, read with that key's reach."""
    timelines = {
        k: Timeline([], cardinality(key_attribute(kinds[k])), policy=policy) for k in reach
    }
    wanted = {**reach, **{old: reach[k] for old, k in older.items()}}
    sums: dict[int, tuple[datetime, int, bool]] = {}  # the observations' kept sums (SQLite)
    for chunk in chunks(list(wanted), width=3):
        query = _versions_query(conn, {k: wanted[k] for k in chunk}, policy)
        for row in conn.execute(query).mappings():
            key = (row["scope_key"], row["type"], row["subject_key"])
            version = version_from_row(row)
            if row["seen_last"] is not None:
                sums[id(version)] = (row["seen_last"], row["seen_sessions"], row["seen_direct"])
            if cache is not None:
                cache.read((tenant_of(version.entry.scope), version.id), fingerprint(row))
            timelines[older.get(key, key)].versions.append(version)
    if conn.dialect.name != "postgresql":
        _drop_closed(conn, timelines, reach, policy, sums)
    for key, timeline in timelines.items():
        if is_wording_key(key[2]):
            _pin_closed_at_night(timeline.versions)
    needs_sources: list[Version] = []
    for key, timeline in timelines.items():
        earliest = reach[key].earliest
        ties = Counter((v.valid_since, v.source_kind) for v in timeline.versions)
        # A fact's version worded before the batch's earliest candidate: one that lands
        # inside it only adds to its counts when it says the same, which needs none of its
        # sources (``Timeline._target`` asks for them otherwise).
        worded = reach[key].chained and not reach[key].full and not is_wording_key(key[2])
        needs_sources += [
            v for v in timeline.versions
            if reach[key].full or v.id in sources_of or ties[(v.valid_since, v.source_kind)] > 1
            or (v.last_confirmed_at >= earliest
                and not (worded and v.status in LIVE and v.valid_from < earliest))
            or (v.entry.type == MemoryType.OBSERVATION and v.status == Status.ACTIVE)
        ]
    if cache is None:
        load_sources(conn, needs_sources)
    else:
        load_remembered(conn, needs_sources, cache)
    for key, timeline in timelines.items():
        timeline.origin = {s.memory_id: v.id for v in timeline.versions for s in v.sources or ()}
        if reach[key].chained and not reach[key].full:
            _set_floor(timeline, reach[key].earliest)
    return timelines


def _pin_closed_at_night(versions: list[Version]) -> None:
    """An unkeyed fact the nightly pass merged into another entry (``retired``, its evidence
    kept: a retired husk of the gate's holds none) or superseded by another key's entry is
    still its wording's entry for the gate: the same statement said again joins it, whether or
    not the pass has run yet (``store.leftover_writes``), and it keeps the status the pass gave
    it. So a backfill over a loaded store places statements as nightly runs would."""
    ids = {v.id for v in versions}
    for v in versions:
        merged = v.status == Status.RETIRED and v.evidence > 0
        superseded = v.status == Status.SUPERSEDED and v.superseded_by not in ids
        if merged or superseded:
            v.pinned = v.state()
            v.status, v.valid_to, v.superseded_by = Status.ACTIVE, None, None


def older_keys(key: TimelineKey) -> list[TimelineKey]:
    """The spellings a fact key may have been stored under before its attribute was read
    canonically (attributes.legacy_forms)."""
    scope, kind, subject = key
    if not subject.startswith(FACT_PREFIX):
        return []
    entity, attribute = subject[len(FACT_PREFIX) :].rsplit("/", 1)
    return [(scope, kind, f"{FACT_PREFIX}{entity}/{form}") for form in legacy_forms(attribute)]


def older_observation_keys(entries: Iterable[NewEntry]) -> dict[TimelineKey, TimelineKey]:
    """Where an observation keyed for any tool (a telling symptom) was stored before such
    symptoms dropped the tool (``keys.legacy_observation_key``): old key -> key."""
    older = {}
    for e in entries:
        if (key := timeline_key(e)) and (old := legacy_observation_key(key[2], e.tool)):
            older[(key[0], key[1], old)] = key
    return older


def _set_floor(timeline: Timeline, earliest: datetime) -> None:
    """The first version the chain is relinked from: the last live one before ``earliest``
    that is not an inference (always a link of the chain), if any was loaded."""
    before = [v for v in timeline.versions if v.status in LIVE and v.valid_since < earliest
              and v.source_kind != SourceKind.AGENT_INFERENCE]
    if before:
        floor = max(before, key=lambda v: (v.valid_since, v.order()))
        same = [v for v in before if v.valid_since == floor.valid_since]
        timeline.floor = min(v.order() for v in same)
        timeline.fixed = [(v, v.id) for v in timeline.versions
                          if v.status in LIVE and v.order() <= timeline.floor]


def _covers(timeline: Timeline, reach: Reach) -> bool:
    """Whether the observations left unloaded stay closed for every stored sighting the
    candidates may reopen (any from ``reach.earliest`` on): its night is not before
    ``reach.cutoff``, the one they were found closed at."""
    if reach.chained:
        return True
    reopened = [s.created_at for v in timeline.versions if v.status == Status.ACTIVE
                for s in v.sources or () if s.valid_from >= reach.earliest]
    return not reopened or day_start(min(reopened)) >= reach.cutoff


def _drop_closed(
    conn: Connection, timelines: dict[TimelineKey, Timeline], reach: dict[TimelineKey, Reach],
    policy: Policy, sums: dict[int, tuple[datetime, int, bool]]) -> None:
    """SQLite: what PostgreSQL leaves out in its query (``_versions_query``), decided in Python
    from the same stored rows: an observation's kept sums (``sums``, by the version's
    ``id()``; ``store.seen``) where it has them, its sightings where it does not."""
    for key, timeline in timelines.items():
        r = reach[key]
        if r.full:
            continue
        if r.chained:
            floor = max((v.valid_since for v in timeline.versions if v.status in LIVE
                         and v.source_kind != SourceKind.AGENT_INFERENCE
                         and v.valid_since < r.earliest), default=None)
            timeline.versions = [v for v in timeline.versions if v.status not in LIVE
                                 or v.last_confirmed_at >= r.earliest
                                 or floor is None or v.valid_since >= floor]
            continue
        candidates = [v for v in timeline.versions
                      if v.status == Status.ACTIVE and v.last_confirmed_at < r.earliest]
        load_sources(conn, [v for v in candidates if id(v) not in sums])
        gone = {id(v) for v in candidates if (
            _closed_by_sums(sums[id(v)], r.cutoff, policy) if id(v) in sums
            else _closed_for_good(v, r.cutoff, policy))}
        timeline.versions = [v for v in timeline.versions if id(v) not in gone and (
            v.status in (Status.ACTIVE, Status.RETIRED) or v.last_confirmed_at >= r.earliest)]
        for v in timeline.versions:
            v.sources, v.head, v.latest = None, None, None


def _closed_for_good(version: Version, cutoff: datetime, policy: Policy) -> bool:
    """Every sighting before ``cutoff`` and, by then, expired or seen in enough sessions
    (not all inferences): closed for any sighting from that night on."""
    seen = [Sighting(s.session_id, s.created_at, s.kind) for s in version.sources or ()]
    if not seen or max(s.created_at for s in seen) >= cutoff:
        return False
    return closed_before(seen, cutoff, policy)


def _closed_by_sums(
    sums: tuple[datetime, int, bool], cutoff: datetime, policy: Policy
) -> bool:
    """``_closed_for_good`` from an observation's kept sums, as ``store.seen`` tests them."""
    last, sessions, direct = sums
    qualified = sessions >= policy.promote_sessions and direct
    return last < cutoff and (last <= _before(cutoff, policy.expire_after) or qualified)


def _before(moment: datetime, span: timedelta) -> datetime:
    """``moment - span``, or the earliest moment there is when that would fall before it (a
    candidate may be dated in the year 1)."""
    floor = datetime.min.replace(tzinfo=moment.tzinfo)
    return moment - span if moment - floor > span else floor


def _versions_query(conn: Connection, reach: dict[TimelineKey, Reach], policy: Policy) -> Any:
    keys = list(reach)
    if conn.dialect.name != "postgresql":
        wanted = tuple_(Entry.scope_key, Entry.type, Entry.subject_key).in_(keys)
        query = select(Entry).where(wanted, Entry.status.in_(_LOADED))
        if any(r.full for r in reach.values()):
            return query
        # The observations closed for good by their kept sums at the chunk's earliest bounds
        # (closed then is closed at any later cutoff), so they are not even read; the rest is
        # decided per key in Python (``_drop_closed``).
        cutoff, earliest = min(r.cutoff for r in reach.values()), min(
            r.earliest for r in reach.values())
        closed = and_(
            Entry.type == MemoryType.OBSERVATION, Entry.status == Status.ACTIVE,
            Entry.last_confirmed_at < earliest, Entry.seen_last < cutoff,
            Entry.seen_sessions.is_not(None), Entry.seen_direct.is_not(None),
            or_(Entry.seen_last <= _before(cutoff, policy.expire_after),
                and_(Entry.seen_sessions >= policy.promote_sessions, Entry.seen_direct.is_(True))),
        )  # fmt: skip
        return query.where(~closed)
    # One index probe per key (LATERAL), whatever the statistics say: during a bulk load
    # they lag behind the table, and a hash or IN-list plan then scans all of it per batch.
    # Both probes are ordered as ``ix_entries_key_since`` is (migration 0008): without
    # statistics every index estimates one row, and the planner took
    # ``ix_entries_type_status_scope`` and read the user's whole history per key (issue 13);
    # the order leaves the key's own index the only plan without a sort.
    columns = ", ".join(f"e.{c}" for c in ENTRY_COLUMNS)
    same_key = "{t}.scope_key = w.s AND {t}.subject_key = w.k AND {t}.type = w.t"
    return text(
        f"SELECT {columns} FROM unnest(CAST(:scopes AS text[]), CAST(:types AS text[]), "
        "CAST(:keys AS text[]), CAST(:earliest AS timestamptz[]), "
        "CAST(:cutoff AS timestamptz[]), CAST(:expired AS timestamptz[]), "
        "CAST(:chained AS boolean[]), CAST(:full AS boolean[])) AS w(s, t, k, e, c, x, ch, f) "
        # The floor: the last live non-inference version before the earliest candidate.
        "CROSS JOIN LATERAL (SELECT (SELECT y.valid_since FROM entries y WHERE "
        f"{same_key.format(t='y')} AND w.ch AND NOT w.f AND y.status IN ({_LIVE_SQL}) "
        "AND y.source_kind <> 'agent_inference' AND y.valid_since < w.e "
        "ORDER BY y.scope_key DESC, y.type DESC, y.subject_key DESC, y.valid_since DESC "
        "LIMIT 1) AS since) AS fl "
        "CROSS JOIN LATERAL (SELECT * FROM entries WHERE "
        f"{same_key.format(t='entries')} AND entries.status IN ({_LOADED_SQL}) AND (w.f "
        "OR entries.status = 'retired' OR entries.last_confirmed_at >= w.e "
        "OR (w.ch AND (fl.since IS NULL OR entries.valid_since >= fl.since)) "
        "OR (NOT w.ch AND entries.status = 'active' "
        f"AND NOT coalesce({CLOSED_BEFORE_NIGHT}, false))) "
        "ORDER BY entries.scope_key, entries.type, entries.subject_key, entries.valid_since "
        "OFFSET 0) AS e"
    ).bindparams(
        scopes=pg_array([k[0] for k in keys]), types=pg_array([k[1] for k in keys]),
        keys=pg_array([k[2] for k in keys]),
        earliest=pg_array([r.earliest for r in reach.values()]),
        cutoff=pg_array([r.cutoff for r in reach.values()]),
        expired=pg_array([_before(r.cutoff, policy.expire_after) for r in reach.values()]),
        chained=pg_array([r.chained for r in reach.values()]),
        full=pg_array([r.full for r in reach.values()]),
        sessions=policy.promote_sessions,
    ).columns(*Entry.__table__.columns)


def write_versions(
    conn: Connection, versions: Iterable[Version], *, now: datetime, new_memory_ids: set[str],
    cache: SourceCache | None = None,
) -> None:
    """Update changed versions first (so the one-current index never sees two), then
    insert new ones, then record their sources (and tell ``cache`` what each row now holds)."""
    changed = [v for v in versions if v.dirty]
    # Demotions before promotions: the one-current index is checked row by row, so the old
    # current entry must stop being active before its successor becomes active.
    updates = [version_row(v, now)
               for v in sorted(changed, key=lambda v: v.status == Status.ACTIVE) if not v.is_new]
    inserts = [version_row(v, now) for v in changed if v.is_new]
    if cache is not None:
        rows = {row["id"]: row for row in (*updates, *inserts)}
        twice = {i for i, n in Counter(v.id for v in changed).items() if n > 1}
        for v in changed:
            key = (tenant_of(v.entry.scope), v.id)
            if v.id in twice or v.moved:
                cache.forget(key)
            elif v.sources is None:  # placed without its sources: they only gained ``added``
                cache.extend(key, fingerprint(rows[v.id]), v.added)
            else:
                cache.put(key, fingerprint(rows[v.id]), v.sources)
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
