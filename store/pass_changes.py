"""What changed for a partition since its previous pass: the scopes to load tonight, and within
them the observations whose plan may hold something (``may_change``); both found by index
(key probes and the window's bounds), so a night's reads follow the day's changes, not the
store's size (issue 13). ``store.pass_reads`` loads what these name.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from datetime import datetime
from typing import Any, Generic, NamedTuple, TypeVar

from sqlalchemy import Connection, Select, and_, exists, or_, select, text, union
from sqlalchemy.orm import aliased

from memcurator.keys import TOPIC_PREFIX, tool_key, topic_tool_key
from memcurator.steps import ChangeWindow, Partition
from memcurator.vocabulary import MemoryType, Status
from store.bulk import chunks, in_values, pg_array
from store.tables import Entry, EntrySource, TopicMember

T = TypeVar("T")
ACTIVE_OBSERVATION = (Entry.type == MemoryType.OBSERVATION, Entry.status == Status.ACTIVE)


def changed_scopes(
    conn: Connection, partition: Partition, window: ChangeWindow, *,
    clock: datetime | None = None, settled: float | None = None,
) -> dict[str, list[str]]:
    """The scopes of ``partition`` a full pass would load (an active observation before the
    cutoff) that have something new, rewritten or due in ``window``, by tenant: found by
    index (migration 0007), never by loading the partition. On PostgreSQL the owner's
    ``memcurator_changed_scopes`` names them, as ``partition_scopes`` does.

    The query answers for every partition at once. ``clock``: the pass's clock, shared by the
    partitions of one night (the nightly flow's start); partitions of one store with the same
    window and clock in this process then ask the database once (``_SHARED``), the others
    keeping their share of its answer. That answer was read at or after ``clock``, and each
    partition's ledger row records ``clock`` as its start, so the next night's window
    (``touched``) covers whatever was written after it was read, as it does for a partition
    that asked itself. Other partitions' writes in between touch none of its scopes.

    But the answer must have been read after the partition's own previous pass committed:
    that pass's rewrites are found only tonight (``updated_at == since``). The nightly flow
    runs a night when the last has committed everywhere; a backfill's partitions walk their
    nights at their own pace, so a partition still on last night may reach tonight after the
    others asked. ``settled``: when (``time.monotonic``) this partition's previous night
    committed; an answer asked before then is not used: the partition asks again, and its
    newer answer, good for the others too, replaces it."""
    if clock is None:
        pairs = _all_changed(conn, window)
    else:
        def ask() -> tuple[float, list[tuple[str, str]]]:
            asked = time.monotonic()  # before the statement takes its snapshot
            return asked, _all_changed(conn, window)

        _, pairs = _SHARED.get(
            (str(conn.engine.url), conn.dialect.name, window, clock), ask,
            usable=lambda answer: settled is None or answer[0] > settled,
        )  # fmt: skip
    return partition.scopes_by_tenant(pairs)


class Shared(Generic[T]):
    """Answers by key (for ``_all_changed``: store, dialect, window, clock), the last few
    only; one thread asks for a key while the others wait for its answer."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.answers: OrderedDict[Hashable, T] = OrderedDict()
        self.asking: dict[Hashable, threading.Lock] = {}

    def get(
        self, key: Hashable, ask: Callable[[], T], usable: Callable[[T], bool] | None = None
    ) -> T:
        """The answer kept for ``key``, or ``ask``'s (kept); ``usable``: whether the kept
        answer will do for this caller (if not, it asks, and its answer replaces it)."""
        with self.lock:
            asking = self.asking.setdefault(key, threading.Lock())
        with asking:
            with self.lock:
                if key in self.answers and (usable is None or usable(self.answers[key])):
                    self.answers.move_to_end(key)
                    return self.answers[key]
            answer = ask()  # outside the table's lock: other keys are not held up
            with self.lock:
                self.answers[key] = answer
                while len(self.answers) > self.size:
                    gone, _ = self.answers.popitem(last=False)
                    self.asking.pop(gone, None)
            return answer


_SHARED: Shared[tuple[float, list[tuple[str, str]]]] = Shared()


def _all_changed(conn: Connection, window: ChangeWindow) -> list[tuple[str, str]]:
    """Every (scope, tenant) with something new, rewritten or due in ``window``, in order."""
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
    return sorted({(key, tenant) for key, tenant in pairs})


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
    which of them are in a topic.

    An observation in no topic may change by its group alone (its scope and tool: the
    observations and topics ``consolidation.batch_topics`` clusters together, one group
    apart from every other). It is loaded when the group changed since the previous pass
    (``changed_groups``): otherwise the group's pending observations and its topics' recent
    members are what that pass clustered, so it would place nothing tonight either. Before,
    every observation in no topic was loaded every night until it expired (a month of a
    user's one-off failures, with their sightings and their groups' topic members)."""
    if conn.dialect.name == "postgresql":
        rows = _changing_pg(conn, tenant, scopes, cutoff, window)
    else:
        rows = _changing_rows(conn, tenant, scopes, cutoff, window)
    dirty = changed_groups(conn, tenant, scopes, window)
    dirty |= {(r.scope_key, tool_key(r.tool)) for r in rows if r.own}
    changing = [
        r.id for r in rows
        if r.own or (not r.in_topic and (r.scope_key, tool_key(r.tool)) in dirty)
    ]  # fmt: skip
    return changing, {r.id for r in rows if r.in_topic}


class _Stamped(NamedTuple):
    """An active observation as the change test reads it: ``own`` when it ``may_change`` by
    its own stamps and sightings (anything but being in no topic)."""

    id: str
    in_topic: bool
    own: bool
    scope_key: str
    tool: str | None


def _changing_rows(
    conn: Connection, tenant: str, scopes: Sequence[str], cutoff: datetime, w: ChangeWindow
) -> list[_Stamped]:
    """``_changing_pg``'s rows on SQLite: every active observation of ``scopes``, tested here."""
    stamped: list[Any] = []
    for scope_in in in_values(Entry.scope_key, scopes, conn):
        stamped += conn.execute(
            select(Entry.id, Entry.created_at, Entry.updated_at, Entry.scope_key, Entry.tool)
            .where(*ACTIVE_OBSERVATION, Entry.created_at < cutoff, scope_in)
        ).all()  # fmt: skip
    in_topic = in_topics(conn, tenant, [r.id for r in stamped])
    undecided = [r.id for r in stamped if not may_change(w, r.created_at, r.updated_at, True, ())]
    seen = _seen_in(conn, tenant, undecided, w)
    return [
        _Stamped(
            r.id, r.id in in_topic, may_change(w, r.created_at, r.updated_at, True,
                                               seen.get(r.id, ())),
            r.scope_key, r.tool,
        )
        for r in stamped
    ]  # fmt: skip


# ``changing_observations`` in one statement: the scopes' active observations with two key
# probes each (LATERAL, as ``_MEMBER_PROBE``: as EXISTS tests they were planned as hashed
# subplans that read every topic member and every window sighting of the store). The window
# test stays outside the sightings' probe (``OFFSET 0`` keeps it out): inside it, PostgreSQL
# ANDed ``ix_entry_sources_created_at``'s bitmap of the window's day (4k rows on a year of
# the seed's workload) into every probe, 0.05 ms each, 100 ms a partition instead of 6 ms.
_CHANGING_PROBE = text(
    "SELECT e.id, e.created_at, e.updated_at, e.scope_key, e.tool, "
    "m.observation_id IS NOT NULL AS in_topic, s.created_at AS seen_at "
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

# ``may_change`` without its last test (in no topic), as ``own``, over ``_CHANGING_PROBE``'s
# rows: its tests in the same order, on the same columns. Its sightings' test is ``seen_at``
# not being NULL: the probe keeps only a sighting that passes it.
_OWN = (
    "(p.created_at >= :since OR (p.created_at > :due_from AND p.created_at <= :due_to) "
    "OR p.updated_at >= :touched OR p.updated_at = :since OR p.seen_at IS NOT NULL)"
)

# Only the observations that change by their own stamps, and those in no topic (whose group
# decides): a night's rows follow what is new or due, and what is still unplaced.
_CHANGING = text(
    f"SELECT id, in_topic, {_OWN} AS own, scope_key, tool "
    f"FROM ({_CHANGING_PROBE}) AS p WHERE NOT p.in_topic OR {_OWN}"
)


def _changing_pg(
    conn: Connection,
    tenant: str,
    scopes: Sequence[str],
    cutoff: datetime,
    w: ChangeWindow,
) -> list[_Stamped]:
    """The scopes' active observations that may change by their own stamps or are in no
    topic, on PostgreSQL: one statement per chunk of scopes (``_CHANGING``)."""
    rows: list[_Stamped] = []
    for chunk in chunks(scopes):
        rows += (
            _Stamped(*row)
            for row in conn.execute(
                _CHANGING,
                {
                    "tenant": tenant, "cutoff": cutoff, "since": w.since, "due_from": w.due_from,
                    "due_to": w.due_to, "touched": w.touched,
                    "observation": MemoryType.OBSERVATION.value, "active": Status.ACTIVE.value,
                    "scopes": pg_array(chunk),
                },
            ).tuples()
        )  # fmt: skip
    return rows


def changed_groups(
    conn: Connection, tenant: str, scopes: Sequence[str], w: ChangeWindow
) -> set[tuple[str, str]]:
    """The groups (scope, tool key) of ``scopes`` whose observations or topics were written
    since the previous pass (a row stamped at or after ``touched``, or by that pass itself):
    an observation that left the active set (expired, promoted, erased), a late arrival, a
    rewritten one, a topic that grew or was rebuilt. With the observations that may change
    by their own stamps, these are every group whose clustering tonight may differ from the
    previous pass's. Read by ``ix_entries_updated_at``: the rows the day wrote."""
    groups: set[tuple[str, str]] = set()
    written = or_(Entry.updated_at >= w.touched, Entry.updated_at == w.since)
    kinds = or_(
        Entry.type == MemoryType.OBSERVATION,
        and_(Entry.type == MemoryType.SUMMARY, Entry.subject_key.startswith(TOPIC_PREFIX)),
    )
    for scope_in in in_values(Entry.scope_key, scopes, conn):
        for scope, type_, tool, subject_key in conn.execute(
            select(Entry.scope_key, Entry.type, Entry.tool, Entry.subject_key).where(
                Entry.tenant == tenant, written, kinds, scope_in
            )
        ).tuples():
            is_topic = type_ == MemoryType.SUMMARY
            groups.add((scope, topic_tool_key(subject_key or "") if is_topic else tool_key(tool)))
    return groups


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
            members.update(conn.scalars(_MEMBER_PROBE, {"ids": pg_array(chunk), "tenant": tenant}))
        return members
    for member_in in in_values(TopicMember.observation_id, ids, conn):
        members.update(
            conn.scalars(
                select(TopicMember.observation_id).where(TopicMember.tenant == tenant, member_in)
            )
        )
    return members
