"""The nightly pass's reads: the scopes of a partition, their observations and topics, the
facts under the keys promotions land on, and the stamps that reveal a concurrent ingest.

Loads only: what the pass decides is ``memcurator.consolidation`` and ``memcurator.promotion``
(their dataclasses are what these functions return); the unit of work that calls both is
``memcurator.app.nightly``.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from itertools import chain
from typing import Any

from sqlalchemy import (
    Connection,
    Float,
    Integer,
    String,
    bindparam,
    or_,
    select,
    text,
)

from memcurator.consolidation import (
    TOPIC_SAMPLE,
    Member,
    Observation,
    Seen,
    Topic,
)
from memcurator.keys import topic_tool_key
from memcurator.promotion import ActiveFact
from memcurator.steps import ChangeWindow, Partition
from memcurator.vocabulary import (
    SENSITIVITY_ORDER,
    MemoryType,
    SourceKind,
    Status,
)
from store.bulk import array_rows, chunks, in_values, pg_array
from store.member_cache import MemberCache
from store.observation_rows import observation_rows
from store.pass_changes import changing_observations, in_topics
from store.tables import ACTIVE_TOPIC, ConsolidationRun, Entry, UTCDateTime, as_utc

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
    if conn.dialect.name == "postgresql":  # a chunk as one row of arrays (``_STAMPS``)
        for entry_id, status, evidence, confirmed in array_rows(conn, _STAMPS, ids, tenant=tenant):
            stamps[entry_id] = (status, evidence, None if confirmed is None else as_utc(confirmed))
        return stamps
    for id_in in in_values(Entry.id, ids, conn):
        for row in conn.execute(
            select(Entry.id, Entry.status, Entry.evidence, Entry.last_confirmed_at).where(
                Entry.tenant == tenant, id_in
            )
        ):
            stamps[row.id] = (row.status, row.evidence, row.last_confirmed_at)
    return stamps


_STAMPS = text(
    "SELECT array_agg(id), array_agg(status), array_agg(evidence), array_agg(last_confirmed_at) "
    "FROM entries WHERE tenant = :tenant AND id = ANY(CAST(:ids AS text[]))"
)


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
    return partition.scopes_by_tenant(sorted(pairs))


def load_observations(
    conn: Connection,
    scopes: Sequence[str],
    cutoff: datetime,
    *,
    stamps: dict[str, Stamp] | None = None,
    tenant: str,
    window: ChangeWindow | None = None,
    sessions: int,
) -> list[Observation]:
    """The active observations of ``scopes`` with their sightings before ``cutoff`` summed up
    (``Seen``: promotion at ``sessions`` distinct sessions); with ``window``, only those whose
    plan tonight may hold something (``may_change``).

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
        rows = observation_rows(conn, tenant, scopes, cutoff)
        in_topic = in_topics(conn, tenant, [r.id for r in rows])
    else:  # the change test read topic membership already
        changing, in_topic = changing_observations(conn, tenant, scopes, cutoff, window)
        rows = observation_rows(conn, tenant, scopes, cutoff, ids=changing)
    seen = _seen(conn, tenant, [r.id for r in rows], cutoff, sessions)
    if stamps is not None:
        stamps.update({r.id: (Status.ACTIVE, r.evidence, r.last_confirmed_at) for r in rows})
    unseen = (Seen(None, None, sessions), None, None)
    observations = []
    for r in rows:
        summed, confidence, sensitivity = seen.get(r.id, unseen)
        observations.append(
            Observation(
                id=r.id,
                scope_key=r.scope_key,
                tool=r.tool,
                content=r.content,
                created_at=r.created_at,
                confidence=r.confidence if confidence is None else confidence,
                sensitivity=r.sensitivity if sensitivity is None else sensitivity,
                subject_key=r.subject_key,
                seen=summed,
                in_topic=r.id in in_topic,
                subject_value=r.subject_value,
                source_kind=r.source_kind,
            )
        )
    return observations


def _seen(
    conn: Connection, tenant: str, ids: Sequence[str], cutoff: datetime, sessions: int
) -> dict[str, tuple[Seen, float, str]]:
    """Each entry's sightings before ``cutoff`` summed up by the database (``Seen``: promotion
    at ``sessions`` distinct sessions), with the highest confidence and the most sensitive
    level its sources gave: an entry is judged as it stood at the cutoff, so its later
    sightings (already there when history was imported ahead of the backfill) count only from
    the night they arrive.

    A first night reads every sighting of a year (1.4M at the seed's scale); one Python object
    per sighting was most of its load. PostgreSQL returns a chunk as arrays (one row); SQLite a
    row per entry and counted session (at most ``sessions``)."""
    if sessions < 1:  # Policy and Settings refuse it; the statements assume it
        raise ValueError(f"promotion needs one session or more, not {sessions}")
    found: dict[str, tuple[Seen, float, str]] = {}
    if conn.dialect.name == "postgresql":
        rows = array_rows(
            conn, _SEEN_ARRAYS, ids, tenant=tenant, cutoff=cutoff, sessions=sessions,
            inference=SourceKind.AGENT_INFERENCE.value,
        )  # fmt: skip
        for entry_id, last, confidence, rank, at, evidence, met in rows:
            qualified = None if at is None else (as_utc(at), tuple(met), evidence)
            found[entry_id] = (Seen(as_utc(last), qualified, sessions), confidence, _level(rank))
        return found
    for chunk in chunks(ids):
        firsts: dict[str, list[Any]] = {}
        for r in conn.execute(
            _SEEN_ROWS,
            {"ids": list(chunk), "tenant": tenant, "cutoff": cutoff, "sessions": sessions,
             "inference": SourceKind.AGENT_INFERENCE.value},
        ):  # fmt: skip
            firsts.setdefault(r.entry_id, []).append(r)
        for entry_id, met in firsts.items():
            head, nth = met[0], met[-1]
            counted = len(met) == sessions and not head.guess
            qualified = (nth.at, tuple(r.sid for r in met), nth.upto) if counted else None
            found[entry_id] = (Seen(head.last, qualified, sessions), head.confidence,
                               _level(head.rank))  # fmt: skip
    return found


def _level(rank: int) -> str:
    return SENSITIVITY_ORDER[rank - 1]


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
            ).where(text(ACTIVE_TOPIC), scope_in)
        ).all()  # fmt: skip
    if groups is not None:
        rows = [r for r in rows if (r.scope_key, topic_tool_key(r.subject_key)) in groups]
    tails = [(r.links or [])[-TOPIC_SAMPLE:] for r in rows]
    recent = _cached_members(conn, tenant, tails, members)
    return [
        Topic(
            id=r.id,
            scope_key=r.scope_key,
            tool_key=topic_tool_key(r.subject_key),
            member_ids=tuple(r.links or ()),
            # (a member not found is left out: ``filter`` drops the Nones, a Member is true)
            recent=tuple(filter(None, map(recent.get, (r.links or [])[-TOPIC_SAMPLE:]))),
            confidence=r.confidence,
            sensitivity=r.sensitivity,
            created_at=r.created_at,
            last_seen=r.last_confirmed_at,
        )
        for r in sorted(rows, key=lambda r: r.id)
    ]


# A chunk of entries' sightings before the cutoff summed up (``_seen``), as ``s`` (the
# sightings, each with the count of its entry's sightings up to its moment, that moment
# included), ``firsts`` (each entry's distinct sessions numbered by first sighting, then by id
# as Python compares strings: by code point, the "C" collation on PostgreSQL and SQLite's
# BINARY) and ``w`` (each entry's last sighting, whether every one is the agent's own
# inference, its highest confidence and most sensitive level as a 1-based rank). The order and
# the counts are exactly ``lifecycle.summarise``'s (``tests/integration/test_sightings_summed``).
def _seen_ctes(ids: str, collate: str) -> str:
    rank = " ".join(f"WHEN '{level}' THEN {n}" for n, level in enumerate(SENSITIVITY_ORDER, 1))
    return (
        "WITH s AS ("
        " SELECT entry_id, source_session_id AS sid, created_at AS at, source_kind AS kind,"
        " confidence, sensitivity,"
        " count(*) OVER (PARTITION BY entry_id ORDER BY created_at) AS upto"
        f" FROM entry_sources WHERE tenant = :tenant AND {ids} AND created_at < :cutoff"
        "), firsts AS ("
        " SELECT entry_id, sid, min(at) AS at, min(upto) AS upto,"
        f" row_number() OVER (PARTITION BY entry_id ORDER BY min(at), sid{collate}) AS n"
        " FROM s GROUP BY entry_id, sid"
        "), w AS ("
        " SELECT entry_id, max(at) AS last,"
        " min(CASE WHEN kind = :inference THEN 1 ELSE 0 END) AS guess,"
        f" max(confidence) AS confidence, max(CASE sensitivity {rank} END) AS rank"
        " FROM s GROUP BY entry_id)"
    )


# PostgreSQL: one array element per entry; when its first ``:sessions`` sessions came and not
# every sighting is an inference, the moment the last of them came, the sightings by then and
# those sessions in order (else NULLs: a two-dimensional array must be rectangular).
_SEEN_ARRAYS = text(
    _seen_ctes("entry_id = ANY(CAST(:ids AS text[]))", ' COLLATE "C"')
    + ", q AS ("
    " SELECT entry_id, array_agg(sid ORDER BY n) AS met, max(at) AS at, max(upto) AS upto"
    " FROM firsts WHERE n <= :sessions GROUP BY entry_id HAVING count(*) = :sessions)"
    " SELECT array_agg(w.entry_id), array_agg(w.last), array_agg(w.confidence),"
    " array_agg(w.rank), array_agg(CASE WHEN w.guess = 1 THEN NULL ELSE q.at END),"
    " array_agg(CASE WHEN w.guess = 1 THEN NULL ELSE q.upto END),"
    " array_agg(CASE WHEN w.guess = 1 OR q.met IS NULL"
    " THEN array_fill(NULL::text, ARRAY[CAST(:sessions AS integer)]) ELSE q.met END)"
    " FROM w LEFT JOIN q ON q.entry_id = w.entry_id"
)

# SQLite: a row per entry and counted session, in order.
_SEEN_ROWS = (
    text(
        _seen_ctes("entry_id IN :ids", "")
        + " SELECT w.entry_id, w.last, w.guess, w.confidence, w.rank, f.sid, f.at, f.upto"
        " FROM w JOIN firsts f ON f.entry_id = w.entry_id AND f.n <= :sessions"
        " ORDER BY w.entry_id, f.n"
    )
    .bindparams(bindparam("ids", expanding=True), bindparam("cutoff", type_=UTCDateTime()))
    .columns(
        entry_id=String(),
        last=UTCDateTime(),
        guess=Integer(),
        confidence=Float(),
        rank=Integer(),
        sid=String(),
        at=UTCDateTime(),
        upto=Integer(),
    )
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
    conn: Connection, tenant: str, tails: Sequence[Sequence[str]], cache: MemberCache | None
) -> Mapping[str, Member]:
    """The members named in ``tails`` (each topic's most recent), by id: ``_members``, taking
    from ``cache`` what it holds and keeping there what is read. The lookups are set
    operations over the ids, not a call per member: a night names ~10,000 members at the
    seed's scale, nearly all held."""
    named = set(chain.from_iterable(tails))
    if cache is None:
        return _members(conn, tenant, sorted(named))
    held = cache.held(tenant)
    missing = sorted(named - held.keys())
    read = _members(conn, tenant, missing)
    cache.count(len(named) - len(missing), len(missing))
    cache.put(tenant, read.values())
    held = cache.held(tenant)  # with what was read, unless the tenant was not begun tonight
    return held if read.keys() <= held.keys() else ChainMap(read, held)


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
