"""Support's questions, answered from the store: what was current at T, where did this memory
come from, what an agent would be given now (recall), and what a pass night already did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, Text, and_, cast, exists, func, or_, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from memcurator.keys import last_part
from memcurator.schema import SCOPE_LEVELS
from memcurator.tenancy import tenant_of
from memcurator.vocabulary import Action, Rule, SourceKind, Status
from store.engine import for_tenants
from store.queries import log_document
from store.rows import entry_document, iso
from store.tables import ConsolidationRun, Entry, EntrySource, TopicMember, WriteLog

# A topic entry's source_ref: this prefix and the date of the pass that created it.
TOPIC_SOURCE = "consolidation:"
# Most specific first: the read view prefers a user's own entry to the team's.
SPECIFICITY = {"user_id": 5, "agent_id": 4, "project_id": 3, "team_id": 2, "org_id": 1}


def applies_to(scope: Mapping[str, str]) -> ColumnElement[bool]:
    """Entries of the scope's tenant whose every scope level matches ``scope`` (a team entry
    applies to a user of that team when the query names the team; another user's entry, or
    another tenant's, never applies)."""
    clauses = [Entry.tenant == tenant_of(scope)]
    for level in SCOPE_LEVELS:
        column = getattr(Entry, level)
        clauses.append(
            column.is_(None) | (column == scope[level]) if level in scope else column.is_(None)
        )
    return and_(*clauses)


def as_of(engine: Engine, scope: Mapping[str, str], at: datetime) -> list[dict[str, Any]]:
    """What an agent would have read for ``scope`` at ``at``: the entries current then, each
    as it stood then (active, its end not yet known).

    An entry is current from its ``valid_since`` to its ``valid_to``, except where the
    nightly pass decided it: the pass for day D runs once D is over (``cutoff_of``), so an
    entry it created (a topic, a promoted fact) appears only from then, and an observation
    it closed (expired, promoted) stays current until then, whatever moment it dated the end.
    """
    day = at.astimezone(UTC).date().isoformat()
    query = (
        select(Entry)
        .where(
            applies_to(scope),
            Entry.valid_since <= at,
            ~_made_by_pass_on_or_after(day),
            or_(Entry.valid_to.is_(None), Entry.valid_to > at, _closed_by_pass_on_or_after(day)),
        )
        .order_by(Entry.subject_key, Entry.id)
    )
    with Session(for_tenants(engine, [tenant_of(scope)])) as session:
        return [_as_it_stood(entry_document(e)) for e in session.scalars(query)]


# The pass for day D (UTC) runs once D is over, so at a moment of day D the passes for D
# and later had not run. Its write-log rows are keyed ``nightly:D:<id>`` and the topics it
# creates say ``consolidation:D``: with D fixed-width ISO, "D or later" compares as text.
_PASS_KEY = "nightly:"


def _pass_rows_on_or_after(day: str, *conditions: ColumnElement[bool]) -> ColumnElement[bool]:
    """Whether a pass for ``day`` or later logged a row about the entry matching
    ``conditions``."""
    return exists().where(
        WriteLog.tenant == Entry.tenant,
        WriteLog.memory_id == Entry.id,
        WriteLog.candidate_key.like(f"{_PASS_KEY}%"),
        WriteLog.candidate_key >= f"{_PASS_KEY}{day}:",
        *conditions,
    )


def _made_by_pass_on_or_after(day: str) -> ColumnElement[bool]:
    """The entry is a topic or a promoted fact that a pass for ``day`` or later created."""
    topic = and_(
        Entry.source_kind == SourceKind.SYSTEM,
        Entry.source_ref.like(f"{TOPIC_SOURCE}%"),
        Entry.source_ref >= f"{TOPIC_SOURCE}{day}",
    )
    promoted = _pass_rows_on_or_after(
        day, WriteLog.action == Action.INSERTED, WriteLog.rule == Rule.PROMOTION
    )
    return or_(topic, promoted)


def _closed_by_pass_on_or_after(day: str) -> ColumnElement[bool]:
    """The entry is an observation that a pass for ``day`` or later expired or promoted."""
    return _pass_rows_on_or_after(day, WriteLog.action.in_([Action.EXPIRED, Action.PROMOTED]))


def _as_it_stood(document: dict[str, Any]) -> dict[str, Any]:
    """An entry current at the moment asked about, as an agent read it then: active, and
    neither its end nor its successor known yet (they are today's news)."""
    return {**document, "status": Status.ACTIVE.value, "valid_to": None, "superseded_by": None}


def specificity(entry: Entry) -> tuple[int, int]:
    levels = [lvl for lvl in SCOPE_LEVELS if getattr(entry, lvl) is not None]
    return (max(SPECIFICITY[lvl] for lvl in levels), len(levels))


def shadow_key(entry: Entry) -> tuple[str, str] | None:
    """What makes entries of different scopes answer the same question: the attribute of a
    subject key (the entity differs by scope), the task of a summary."""
    if entry.subject_key is None:
        return None
    return (entry.type, last_part(entry.subject_key))


def recall(
    engine: Engine, scope: Mapping[str, str], *, explain: bool = False, limit: int | None = None
) -> list[dict[str, Any]]:
    """The active view an agent gets: per key the most specific scope present, ranked by
    confidence then recency. With ``explain``, each entry lists the broader ones it shadows."""
    query = select(Entry).where(applies_to(scope), Entry.status == Status.ACTIVE)
    with Session(for_tenants(engine, [tenant_of(scope)])) as session:
        entries = list(session.scalars(query))
    groups: dict[Any, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(shadow_key(entry) or entry.id, []).append(entry)
    view = []
    for members in groups.values():
        members.sort(key=lambda e: (specificity(e), e.last_confirmed_at, e.id), reverse=True)
        doc = entry_document(members[0])
        if explain:
            doc["shadows"] = [entry_document(e) for e in members[1:]]
        view.append((members[0], doc))
    view.sort(
        key=lambda pair: (pair[0].confidence, pair[0].last_confirmed_at, pair[0].id), reverse=True
    )
    return [doc for _, doc in view[:limit]]


class AmbiguousId(LookupError):
    """An id that several tenants use: the caller must say whose (``--scope``)."""


def trace(
    engine: Engine, memory_id: str, scope: Mapping[str, str] | None = None
) -> dict[str, Any] | None:
    """An entry, the turns it came from, every log event about it, and its supersession
    chain both ways. A merged candidate's id leads to the entry it was merged into. With
    ``scope``, only an entry of that scope (matching every given level) is shown. An erased
    id gives only ``{"id", "erased_at", "erasure_seq"}``.

    Ids are unique per tenant: ``scope`` names the tenant (its top level). Without one, an
    id that several tenants use raises ``AmbiguousId`` (and on PostgreSQL, as the app role,
    row-level security shows no tenant's rows at all)."""
    tenant = tenant_of(scope) if scope else None
    if tenant is not None:
        engine = for_tenants(engine, [tenant])
    with Session(engine) as session:
        entry = _find(session, Entry, Entry.id, memory_id, tenant)
        if entry is None:
            source = _find(session, EntrySource, EntrySource.memory_id, memory_id, tenant)
            if source is None:
                return erasure_of(session, memory_id, scope or {})
            entry = session.get(Entry, (source.tenant, source.entry_id))
            assert entry is not None
        if any(getattr(entry, level) != value for level, value in (scope or {}).items()):
            return None
        mine = entry.tenant
        sources = session.scalars(
            select(EntrySource)
            .where(EntrySource.tenant == mine, EntrySource.entry_id == entry.id)
            .order_by(EntrySource.valid_from, EntrySource.memory_id)
        )
        mentioned = cast(WriteLog.related_ids, Text).contains(f'"{entry.id}"', autoescape=True)
        events = session.scalars(
            select(WriteLog)
            .where(WriteLog.tenant == mine, or_(WriteLog.memory_id == entry.id, mentioned))
            .order_by(WriteLog.seq)
        )
        return {
            "entry": entry_document(entry),
            "source_turns": [_source_document(s) for s in sources],
            "log": [log_document(e) for e in events],
            "supersedes": _chain(session, entry, backwards=True),
            "superseded_by": _chain(session, entry, backwards=False),
            "topics": list(
                session.scalars(
                    select(TopicMember.topic_id).where(
                        TopicMember.tenant == mine, TopicMember.observation_id == entry.id
                    )
                )
            ),
        }


def _find(session: Session, table: Any, column: Any, memory_id: str, tenant: str | None) -> Any:
    query = select(table).where(column == memory_id).limit(2)
    if tenant is not None:
        query = query.where(table.tenant == tenant)
    found = list(session.scalars(query))
    if len(found) > 1:
        raise AmbiguousId(
            f"several tenants use id {memory_id!r}: say whose with --scope org_id=... "
            "(or the tenant's top scope level)"
        )
    return found[0] if found else None


def erasure_of(session: Session, memory_id: str, scope: Mapping[str, str]) -> dict[str, Any] | None:
    """When and by which ``erased`` row ``memory_id`` was erased, or None if it never was
    (or only by an erasure of a scope that contradicts ``scope``). Ids are unique per tenant:
    with a scope, only its tenant's tombstones and erased rows count."""
    from store.erasure import ACTION, TOMBSTONE

    mentioned = cast(WriteLog.related_ids, Text).contains(f'"{memory_id}"', autoescape=True)
    query = select(WriteLog.payload).where(
        WriteLog.reason == TOMBSTONE, or_(WriteLog.memory_id == memory_id, mentioned)
    )
    tenant = tenant_of(scope) if scope else None
    if tenant is not None:
        query = query.where(WriteLog.tenant == tenant)
    for payload in session.scalars(query.order_by(WriteLog.seq)):
        seq = payload.get("erased_in") if isinstance(payload, dict) else None
        erased = session.get(WriteLog, seq) if isinstance(seq, int) else None
        if erased is None or erased.action != ACTION:
            continue
        if tenant is not None and erased.tenant != tenant:
            continue
        asked = (erased.payload or {}).get("scope") or {}
        if any(asked.get(level, value) != value for level, value in scope.items()):
            continue
        return {"id": memory_id, "erased_at": iso(erased.at), "erasure_seq": erased.seq}
    return None


def _source_document(source: EntrySource) -> dict[str, Any]:
    return {
        "memory_id": source.memory_id,
        "content": source.content,
        "source": {
            "kind": source.source_kind,
            "ref": source.source_ref,
            "session_id": source.source_session_id,
        },
        "valid_from": iso(source.valid_from),
        "created_at": iso(source.created_at),
        "confidence": source.confidence,
    }


def _chain(session: Session, entry: Entry, *, backwards: bool) -> list[dict[str, Any]]:
    """The versions before (or after) this one, nearest first."""
    chain: list[dict[str, Any]] = []
    seen = {entry.id}
    current: Entry | None = entry
    while current is not None:
        if backwards:
            current = session.scalars(
                select(Entry)
                .where(Entry.tenant == entry.tenant, Entry.superseded_by == current.id)
                .order_by(Entry.valid_since.desc())
            ).first()
        else:
            current = (
                session.get(Entry, (entry.tenant, current.superseded_by))
                if current.superseded_by
                else None
            )
        if current is None or current.id in seen:
            break
        seen.add(current.id)
        chain.append(
            {
                "id": current.id,
                "content": current.content,
                "status": current.status,
                "valid_since": iso(current.valid_since),
                "valid_to": iso(current.valid_to),
            }
        )
    return chain


# The counts a pass night reports, in the order the CLI prints them.
PASS_COUNTS = ("promoted", "expired", "topics_created", "topics_updated", "members_linked")


def pass_ledger(engine: Engine, days: Sequence[str]) -> dict[str, dict[str, Any]]:
    """What the idempotency ledger says of each pass date in ``days`` that has run: when its
    last partition committed (``finished_at``) and that night's counts, summed over its
    partitions, so a rerun can say what the night did instead of reporting zeros."""
    nights: dict[str, dict[str, Any]] = {}
    query = select(ConsolidationRun).where(ConsolidationRun.run_date.in_(list(days)))
    with Session(engine) as session:
        for run in session.scalars(query):
            night = nights.setdefault(
                run.run_date, {"finished_at": run.finished_at, **dict.fromkeys(PASS_COUNTS, 0)}
            )
            night["finished_at"] = max(night["finished_at"], run.finished_at)
            for key in PASS_COUNTS:
                night[key] += int((run.counts or {}).get(key, 0))
    return nights


def nights_landed(
    engine: Engine, first: str, last: str, partitions: Sequence[str]
) -> dict[str, int]:
    """How many of ``partitions`` (labels) the ledger holds for each pass date from ``first``
    to ``last`` that has any: what a backfill watches to know which nights are complete."""
    query = (
        select(ConsolidationRun.run_date, func.count())
        .where(
            ConsolidationRun.run_date >= first,
            ConsolidationRun.run_date <= last,
            ConsolidationRun.partition.in_(list(partitions)),
        )
        .group_by(ConsolidationRun.run_date)
    )
    with engine.connect() as conn:
        return {day: int(n) for day, n in conn.execute(query)}


def night_rows(
    engine: Engine, days: Sequence[str], partitions: Sequence[str]
) -> dict[str, list[dict[str, Any]]]:
    """The ledger's rows of ``partitions`` (labels) for each of ``days``: the partition, the
    flow run that committed it, when, and its counts (``PASS_COUNTS``), in partition order."""
    query = (
        select(ConsolidationRun)
        .where(
            ConsolidationRun.run_date.in_(list(days)),
            ConsolidationRun.partition.in_(list(partitions)),
        )
        .order_by(ConsolidationRun.run_date, ConsolidationRun.partition)
    )
    rows: dict[str, list[dict[str, Any]]] = {}
    with Session(engine) as session:
        for run in session.scalars(query):
            rows.setdefault(run.run_date, []).append(
                {
                    "partition": run.partition,
                    "flow_run_id": run.flow_run_id,
                    "finished_at": run.finished_at,
                    **{k: int((run.counts or {}).get(k, 0)) for k in PASS_COUNTS},
                }
            )
    return rows
