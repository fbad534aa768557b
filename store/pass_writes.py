"""The nightly pass's writes: apply one partition's plan, with a write-log row per action.

Every value written derives from the plan and the pass's cutoff (``updated_at`` is the
cutoff, not the wall clock), so a rerun writes byte-identical rows. Nothing is decided here:
even where a promotion lands is the plan's (``memcurator.promotion``). One method per step of
``memcurator.steps.STEPS``, each taking that step's part of the plan.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, text, update

from memcurator.consolidation import Expiry, Placement, Policy, Promotion, TopicUpdate
from memcurator.decisions import NewEntry
from memcurator.keys import topic_key
from memcurator.vocabulary import Action, MemoryType, Rule, SourceKind, Status
from store.bulk import chunks, in_values, insert_rows, pg_array
from store.rows import entry_row, iso
from store.tables import ConsolidationRun, Entry, TopicMember, WriteLog

# The expiry of a chunk of observations, each to its own moment (``PassWriter.expire``).
_EXPIRE = text(
    "UPDATE entries SET status = :expired, valid_to = due.at, updated_at = :cutoff "
    "FROM unnest(CAST(:ids AS text[]), CAST(:moments AS timestamptz[])) AS due(oid, at) "
    "WHERE entries.tenant = :tenant AND entries.status = :active AND entries.id = due.oid"
)

# A chunk of entries closed as superseded, each from its own moment by its own successor
# (``PassWriter._close``); ``_CLOSE_ACTIVE`` only those still active.
_CLOSE = text(
    "UPDATE entries SET status = :superseded, valid_to = c.at, superseded_by = c.by, "
    "updated_at = :cutoff FROM unnest(CAST(:ids AS text[]), CAST(:moments AS timestamptz[]), "
    "CAST(:bys AS text[])) AS c(eid, at, by) "
    "WHERE entries.tenant = :tenant AND entries.id = c.eid"
)
_CLOSE_ACTIVE = text(_CLOSE.text + " AND entries.status = :active")

# Where in a wave each kind of write runs (``promotion_waves``).
_SUPERSEDE, _INSERT, _MERGE = 0, 1, 2


def promotion_waves(
    placed: Sequence[tuple[Promotion, Placement]],
) -> list[list[tuple[Promotion, Placement]]]:
    """``placed`` in waves, each promotion after every earlier write to a fact it touches.

    Within a wave the facts superseded are closed first, then the new facts inserted, then
    the merges applied (``PassWriter._promote_wave``): a write may share a wave with an
    earlier one to the same fact when its kind runs later in the wave, and merges into one
    fact share a wave (each adds its evidence). A stale fact (born superseded by a newer one)
    waits for that one as an insert would."""
    last: dict[str, tuple[int, int]] = {}  # fact -> (wave, kind) of its latest write
    waves: list[list[tuple[Promotion, Placement]]] = []
    for p, pl in placed:
        writes = [(pl.fact_id, _MERGE if pl.action == "merge" else _INSERT)]
        if pl.other and pl.other != pl.fact_id:  # a merge names its fact as the other too
            writes.append((str(pl.other), _SUPERSEDE if pl.action == "supersede" else _INSERT))
        wave = max((_after(last[f], kind) for f, kind in writes if f in last), default=0)
        for f, kind in writes:
            last[f] = (wave, kind)
        if wave == len(waves):
            waves.append([])
        waves[wave].append((p, pl))
    return waves


def _after(latest: tuple[int, int], kind: int) -> int:
    """The first wave where a write of ``kind`` can follow a fact's ``latest`` write."""
    wave, before = latest
    return wave if kind > before or kind == before == _MERGE else wave + 1


# The grown topics of a chunk, each with its own values (``PassWriter._grow_all``).
_GROW = text(
    "UPDATE entries SET content = g.content, evidence = g.evidence, "
    "links = entries.links || CAST(g.joined AS jsonb), confidence = g.confidence, "
    "sensitivity = g.sensitivity, last_confirmed_at = g.last_seen, updated_at = :cutoff "
    "FROM unnest(CAST(:ids AS text[]), CAST(:contents AS text[]), CAST(:evidence AS integer[]), "
    "CAST(:joined AS text[]), CAST(:confidence AS double precision[]), "
    "CAST(:sensitivity AS text[]), CAST(:last_seen AS timestamptz[])) "
    "AS g(tid, content, evidence, joined, confidence, sensitivity, last_seen) "
    "WHERE entries.tenant = :tenant AND entries.id = g.tid"
)


class PassWriter:
    """Applies a partition's plan; every action gets its write-log row."""

    def __init__(
        self,
        conn: Connection,
        *,
        cutoff: datetime,
        now: datetime,
        flow_run_id: str | None,
        run_date: str,
        tenant: str,
        policy: Policy,
    ) -> None:
        self.conn, self.cutoff, self.now, self.tenant = conn, cutoff, now, tenant
        self.policy = policy
        self.flow_run_id, self.run_date = flow_run_id, run_date
        self.events: list[dict[str, Any]] = []
        self.actions: dict[str, int] = {}

    def log(
        self,
        action: str,
        rule: str,
        memory_id: str,
        related: Sequence[str],
        reason: str,
        payload: dict[str, Any] | None = None,
    ) -> None:
        self.actions[f"{action}/{rule}"] = self.actions.get(f"{action}/{rule}", 0) + 1
        self.events.append(
            {
                "at": self.now,
                "action": action,
                "rule": rule,
                "memory_id": memory_id,
                "candidate_key": f"nightly:{self.run_date}:{memory_id}",
                "related_ids": list(related) or None,
                "reason": reason,
                "flow_run_id": self.flow_run_id,
                "payload": payload,
                "tenant": self.tenant,
            }
        )

    def flush(self) -> None:
        if self.events:
            insert_rows(self.conn, WriteLog, self.events)
            self.events = []

    def promote(self, promotions: Sequence[Promotion]) -> None:
        """The promotions in order, as if applied one by one, written a wave at a time.

        A promotion depends on an earlier one only through a fact both touch (a fact the
        earlier one inserted is the one the later one merges into or supersedes, rule 5's
        chain of a key): ``promotion_waves`` places each after the writes it must follow.
        A wave's statements go by kind, each one statement for all its rows: the facts
        superseded (first, so a key never has two current facts), the new facts, the merges
        (one per fact: merges into one fact add up, in any order). The observations promoted
        are closed last, all at once: no promotion reads them. Row by row, 12,000 promotions
        of a first night at 100 users took 96 of its 130 s; a wave per merge into the same
        fact, 299 waves for 24,052 promotions at 200 users (5.3 of 23.8 s)."""
        if not promotions:
            return
        placed = [(p, p.placement or Placement("insert", p.fact_id)) for p in promotions]
        # Only a promotion that makes a fact copies its observation's row: a merge adds
        # evidence to the fact there (most of a first night's promotions, as of a backfill's).
        copied = [p.observation_id for p, pl in placed if pl.action != "merge"]
        rows = _entry_rows(self.conn, self.tenant, copied)
        for wave_rows in promotion_waves(placed):
            self._promote_wave(wave_rows, rows)
        self._close(
            [
                {"eid": p.observation_id, "valid_to": p.qualified_at, "by": pl.fact_id}
                for p, pl in placed
            ],
            active_only=True,
        )
        for p, placement in placed:
            self._log_promotion(p, placement)
        self.flush()

    def _promote_wave(
        self, wave: Sequence[tuple[Promotion, Placement]], rows: dict[str, dict[str, Any]]
    ) -> None:
        replaced = [
            {"eid": str(pl.other), "valid_to": pl.valid_to, "by": p.fact_id}
            for p, pl in wave
            if pl.action == "supersede"
        ]
        self._close(replaced, active_only=False)
        facts = [
            self._fact_row(p, rows[p.observation_id], pl) for p, pl in wave if pl.action != "merge"
        ]
        for chunk in chunks(facts):
            self.conn.execute(insert(Entry), list(chunk))
        added: dict[str, int] = {}
        for p, pl in wave:
            if pl.action == "merge":
                added[pl.fact_id] = added.get(pl.fact_id, 0) + p.evidence
        if added:
            self.conn.execute(
                update(Entry)
                .where(Entry.tenant == self.tenant, Entry.id == bindparam("eid"))
                .values(evidence=Entry.evidence + bindparam("added"), updated_at=self.cutoff),
                [{"eid": fact, "added": n} for fact, n in added.items()],
            )

    def _close(self, closing: list[dict[str, Any]], *, active_only: bool) -> None:
        """Close entries as superseded (``eid`` by ``by`` from ``valid_to``; rule 5: never
        deleted): on PostgreSQL one statement a chunk (``_CLOSE``), else one for all."""
        if not closing:
            return
        if self.conn.dialect.name == "postgresql":
            for chunk in chunks(closing):
                self.conn.execute(
                    _CLOSE_ACTIVE if active_only else _CLOSE,
                    {
                        "tenant": self.tenant, "superseded": Status.SUPERSEDED.value,
                        "active": Status.ACTIVE.value, "cutoff": self.cutoff,
                        "ids": pg_array([c["eid"] for c in chunk]),
                        "moments": pg_array([c["valid_to"] for c in chunk]),
                        "bys": pg_array([c["by"] for c in chunk]),
                    },
                )  # fmt: skip
            return
        where = [Entry.tenant == self.tenant, Entry.id == bindparam("eid")]
        if active_only:
            where.append(Entry.status == Status.ACTIVE)
        self.conn.execute(
            update(Entry)
            .where(*where)
            .values(
                status=Status.SUPERSEDED, valid_to=bindparam("valid_to"),
                superseded_by=bindparam("by"), updated_at=self.cutoff,
            ),
            closing,
        )  # fmt: skip

    def _fact_row(self, p: Promotion, obs: dict[str, Any], placement: Placement) -> dict[str, Any]:
        """The promoted fact; under ``stale`` it is born superseded (rule 5)."""
        stale = placement.action == "stale"
        return {
            **obs,
            "id": p.fact_id,
            "type": MemoryType.FACT,
            "confidence": p.confidence,
            "valid_from": p.qualified_at,
            "valid_since": p.qualified_at,
            "valid_to": placement.valid_to if stale else None,
            "supersedes": p.observation_id,
            "superseded_by": placement.other if stale else None,
            "status": Status.SUPERSEDED if stale else Status.ACTIVE,
            "evidence": p.evidence,
            "last_confirmed_at": p.qualified_at,
            "updated_at": self.cutoff,
        }

    def _log_promotion(self, p: Promotion, placement: Placement) -> None:
        """A promotion's write-log rows, in the order it was always logged."""
        if placement.action == "supersede":
            self.log(
                Action.SUPERSEDED, Rule.PROMOTION, str(placement.other), [p.fact_id],
                f"superseded by fact {p.fact_id}, promoted from observation "
                f"{p.observation_id}: {placement.reason}",
            )  # fmt: skip
        if placement.action != "merge":
            self.log(
                Action.INSERTED,
                Rule.PROMOTION,
                p.fact_id,
                [p.observation_id],
                f"fact promoted from observation {p.observation_id}",
            )
        if placement.action == "stale":
            self.log(
                Action.SUPERSEDED, Rule.PROMOTION, p.fact_id, [str(placement.other)],
                f"superseded at once by the newer fact {placement.other}: {placement.reason}",
            )  # fmt: skip
        self.log(
            Action.PROMOTED,
            Rule.PROMOTION,
            p.observation_id,
            [placement.fact_id],
            f"seen in {len(p.sessions)} distinct sessions ({', '.join(p.sessions)}) by "
            f"{iso(p.qualified_at)}: promoted to fact {placement.fact_id}",
            {
                "sessions": list(p.sessions),
                "qualified_at": iso(p.qualified_at),
                "fact_id": placement.fact_id,
                "evidence": p.evidence,
            },
        )

    def expire(self, expiries: Sequence[Expiry]) -> None:
        if not expiries:
            return
        # Each observation expires at its own moment (last seen + expire_after, the plan's).
        # PostgreSQL: one UPDATE ... FROM unnest(ids, moments) per chunk, its two arrays sent
        # as literals (``pg_array``): a VALUES list built by SQLAlchemy took a bind parameter
        # and a compile per value, 13 of the first night's 22 s of expiry at 100 users. SQLite
        # names no columns of a VALUES list: the statement once per row (executemany).
        if self.conn.dialect.name == "postgresql":
            for chunk in chunks(expiries):
                self.conn.execute(
                    _EXPIRE,
                    {
                        "ids": pg_array([e.observation_id for e in chunk]),
                        "moments": pg_array([e.expired_at for e in chunk]),
                        "tenant": self.tenant, "active": Status.ACTIVE,
                        "expired": Status.EXPIRED, "cutoff": self.cutoff,
                    },
                )  # fmt: skip
        else:
            self.conn.execute(
                update(Entry)
                .where(
                    Entry.tenant == self.tenant,
                    Entry.status == Status.ACTIVE,
                    Entry.id == bindparam("oid"),
                )
                .values(valid_to=bindparam("at"), status=Status.EXPIRED, updated_at=self.cutoff),
                [{"oid": e.observation_id, "at": e.expired_at} for e in expiries],
            )
        days = self.policy.expire_after / timedelta(days=1)
        for e in expiries:
            self.log(
                Action.EXPIRED,
                Rule.EXPIRY,
                e.observation_id,
                [],
                f"observation last seen {iso(e.last_seen)} and not promoted: expired "
                f"{days:g} days later, at {iso(e.expired_at)}",
            )
        self.flush()

    def batch(self, topics: Sequence[TopicUpdate]) -> None:
        members = []
        grown = [t for t in topics if not t.is_new]
        if self.conn.dialect.name == "postgresql":
            self._grow_all(grown)
        else:
            for t in grown:
                self.conn.execute(
                    update(Entry)
                    .where(Entry.tenant == self.tenant, Entry.id == t.topic_id)
                    .values(
                        content=t.content,
                        evidence=len(t.members),
                        links=list(t.members),
                        confidence=t.confidence,
                        sensitivity=t.sensitivity,
                        last_confirmed_at=t.last_seen,
                        updated_at=self.cutoff,
                    )
                )
        # The new topics in one statement a chunk (a first night makes thousands).
        for chunk in chunks([self._topic_row(t) for t in topics if t.is_new]):
            self.conn.execute(insert(Entry), list(chunk))
        for t in topics:
            joined = set(t.new_members)
            members += [
                {
                    "tenant": self.tenant,
                    "observation_id": m,
                    "topic_id": t.topic_id,
                    "joined_on": self.run_date,
                    "last_seen": t.last_seen,
                }
                for m in t.members
                if m in joined
            ]
            verb = "new topic" if t.is_new else "topic grew"
            self.log(
                Action.CONSOLIDATED,
                Rule.CONSOLIDATION,
                t.topic_id,
                list(t.new_members),
                f"{verb}: {len(t.new_members)} observations linked, {len(t.members)} in all",
            )
        if members:
            insert_rows(self.conn, TopicMember, members)
        self.flush()

    def _grow_all(self, grown: Sequence[TopicUpdate]) -> None:
        """The grown topics on PostgreSQL: one ``UPDATE ... FROM unnest(...)`` per chunk, each
        topic's new members appended to its links in the statement (``||``), so a year-old
        topic's ids are not sent back each night, nor a statement sent per topic. The
        statement's text is fixed (its rows are array parameters), so it is compiled once, not
        once per chunk as a ``VALUES`` list of literal rows was (a twentieth of a backfill)."""
        for chunk in chunks(grown, width=7):
            self.conn.execute(
                _GROW,
                {
                    "tenant": self.tenant,
                    "cutoff": self.cutoff,
                    "ids": pg_array([t.topic_id for t in chunk]),
                    "contents": pg_array([t.content for t in chunk]),
                    "evidence": pg_array([len(t.members) for t in chunk]),
                    "joined": pg_array([json.dumps(list(t.new_members)) for t in chunk]),
                    "confidence": pg_array([t.confidence for t in chunk]),
                    "sensitivity": pg_array([t.sensitivity for t in chunk]),
                    "last_seen": pg_array([t.last_seen for t in chunk]),
                },
            )

    def _topic_row(self, t: TopicUpdate) -> dict[str, Any]:
        """A new topic: a summary entry of the pass itself, named after its first member."""
        topic = NewEntry(
            id=t.topic_id,
            type=MemoryType.SUMMARY,
            scope=json.loads(t.scope_key),
            content=t.content,
            source_kind=SourceKind.SYSTEM,
            source_ref=f"consolidation:{self.run_date}",
            source_session_id=f"nightly-{self.run_date}",
            confidence=t.confidence,
            created_at=t.created_at,
            valid_from=t.created_at,
            sensitivity=t.sensitivity,
            subject_key=topic_key(t.tool_key, t.members[0]),
            links=t.members,
            tool=t.tool,
        )
        row = entry_row(topic, self.cutoff, evidence=len(t.members), last_confirmed_at=t.last_seen)
        # The partition's tenant and the scope as its members store it, as every row it writes.
        row.update(tenant=self.tenant, scope_key=t.scope_key)
        return row


def record_run(
    conn: Connection,
    *,
    run_date: str,
    partition: str,
    flow_run_id: str | None,
    finished_at: datetime,
    counts: dict[str, Any],
) -> None:
    """The partition's row in the pass's ledger, in its transaction: it landed whole."""
    conn.execute(
        insert(ConsolidationRun).values(
            run_date=run_date,
            partition=partition,
            flow_run_id=flow_run_id,
            finished_at=finished_at,
            counts=counts,
        )
    )


def _entry_rows(conn: Connection, tenant: str, ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for id_in in in_values(Entry.id, ids, conn):
        for row in conn.execute(select(Entry.__table__).where(Entry.tenant == tenant, id_in)):
            rows[row.id] = dict(row._mapping)
    return rows
