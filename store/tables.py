"""SQLAlchemy 2 typed tables: memory entries, the append-only write log, and the intake ledger.

Columns are spelled out here only: ``store/rows.py`` derives the mapping to the core's types
from these definitions. Column names are kept (no migration renames them); where a name is
ambiguous, a comment says what it holds (``memory_id`` is an entry's id in some tables and a
candidate's in others).

Timestamps are stored in UTC on both dialects (``UTCDateTime``) and always come back
timezone-aware, so an export reads the same from PostgreSQL and from SQLite.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware datetime stored as UTC (SQLite keeps no offset of its own)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime reached the store")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else as_utc(value)


# The zones a session's UTC comes back in (psycopg gives the session's TimeZone as a ZoneInfo;
# ZoneInfo instances are cached per key, so membership is by identity).
_UTC_ZONES = frozenset({UTC, ZoneInfo("UTC"), ZoneInfo("Etc/UTC")})


def as_utc(value: datetime) -> datetime:
    """An aware ``value`` with ``datetime.UTC`` as its zone: re-labelled when it is in UTC
    already (a pass reads millions of timestamps; ``astimezone`` cost a fortieth of a
    backfill), converted otherwise."""
    if value.tzinfo in _UTC_ZONES:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


JSONDocument = JSON().with_variant(JSONB(), "postgresql")
# SQLite only auto-increments an INTEGER PRIMARY KEY; PostgreSQL wants room for billions.
SequenceNumber = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime,
        dict[str, Any]: JSONDocument,
    }


_ONE_CURRENT = "status = 'active' AND subject_key IS NOT NULL AND type IN ('fact', 'summary')"
# The current topics (``memcurator.keys.TOPIC_PREFIX``), as ``store.pass_reads.load_topics``
# asks for them word for word: a partial index is used only for a query whose conditions
# imply its predicate, and SQLite matches them as written, with literal values (migration 0017).
ACTIVE_TOPIC = "type = 'summary' AND status = 'active' AND subject_key LIKE 'topic:%'"


class Entry(Base):
    """A memory entry. Rows are never deleted; ``status`` and ``valid_to`` retire them.

    Ids are unique per tenant (the top scope level): the key is (tenant, id), here and in
    entry_sources, intake and topic_members."""

    __tablename__ = "entries"

    tenant: Mapped[str] = mapped_column(String(200), primary_key=True, server_default="")
    id: Mapped[str] = mapped_column(String(128), primary_key=True)
    type: Mapped[str] = mapped_column(String(16))  # vocabulary.MemoryType
    scope_key: Mapped[str] = mapped_column(String(1100))
    org_id: Mapped[str | None] = mapped_column(String(200))
    team_id: Mapped[str | None] = mapped_column(String(200))
    project_id: Mapped[str | None] = mapped_column(String(200))
    user_id: Mapped[str | None] = mapped_column(String(200))
    agent_id: Mapped[str | None] = mapped_column(String(200))
    content: Mapped[str] = mapped_column(Text)
    source_kind: Mapped[str] = mapped_column(String(32))
    source_ref: Mapped[str] = mapped_column(String(200))
    source_session_id: Mapped[str] = mapped_column(String(200))
    confidence: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime]
    valid_from: Mapped[datetime]
    valid_since: Mapped[datetime]
    valid_to: Mapped[datetime | None]
    supersedes: Mapped[str | None] = mapped_column(String(128))
    superseded_by: Mapped[str | None] = mapped_column(String(128))
    sensitivity: Mapped[str] = mapped_column(String(16))
    subject_key: Mapped[str | None] = mapped_column(String(500))
    subject_entity: Mapped[str | None] = mapped_column(String(200))
    subject_attribute: Mapped[str | None] = mapped_column(String(200))
    subject_value: Mapped[str | None] = mapped_column(Text)
    task_id: Mapped[str | None] = mapped_column(String(200))
    links: Mapped[list[str] | None] = mapped_column(JSONDocument)
    tool: Mapped[str | None] = mapped_column(String(200))
    symptom: Mapped[str | None] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(16))  # vocabulary.Status
    evidence: Mapped[int] = mapped_column(Integer)
    last_confirmed_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    # An observation's sightings summed up (``store.seen``, migration 0019): the last one's
    # ``created_at``, its distinct sessions, whether any is not the agent's own inference.
    # Ingest's placement asks of every open observation of a key whether the nightly passes
    # had closed it; read from its sightings, that cost grew with a key's history (issue 13).
    # Kept by the writer of the sightings; NULL where never summed (the sightings are read).
    seen_last: Mapped[datetime | None]
    seen_sessions: Mapped[int | None] = mapped_column(Integer)
    seen_direct: Mapped[bool | None] = mapped_column(Boolean)

    __table_args__ = (
        Index("ix_entries_scope_subject_status", "scope_key", "subject_key", "status"),
        Index("ix_entries_user_status", "user_id", "status"),
        Index("ix_entries_type_status_scope", "type", "status", "scope_key", "created_at"),
        # What changed since a partition's last pass (migration 0007, store.pass_reads).
        Index(
            "ix_entries_observation_created",
            "created_at",
            postgresql_where=text("type = 'observation'"),
            sqlite_where=text("type = 'observation'"),
        ),
        Index("ix_entries_updated_at", "updated_at"),
        # A key's versions in valid_since order, for ingest's placement (migration 0008).
        Index("ix_entries_key_since", "scope_key", "type", "subject_key", "valid_since"),
        # At most one current fact or summary per key (migrations 0001, 0004): what makes a
        # second writer of the same key fail instead of leaving two current versions.
        # A night's topics by scope, without reading every current summary (migration 0017).
        Index(
            "ix_entries_active_topics",
            "scope_key",
            "type",  # constant here, but SQLite, without statistics, prefers an index with
            "status",  # as many equalities as ``ix_entries_type_status_scope``'s three
            postgresql_where=text(ACTIVE_TOPIC),
            sqlite_where=text(ACTIVE_TOPIC),
        ),
        Index(
            "uq_entries_one_current",
            "scope_key",
            "type",
            "subject_key",
            unique=True,
            postgresql_where=text(_ONE_CURRENT),
            sqlite_where=text(_ONE_CURRENT),
        ),
    )


class EntrySource(Base):
    """Every accepted candidate, attached to the entry it was merged into (its evidence)."""

    __tablename__ = "entry_sources"

    tenant: Mapped[str] = mapped_column(String(200), primary_key=True, server_default="")
    # The accepted *candidate's* id (resolve's ``Statement``); ``entry_id`` is the entry it is
    # evidence of. The statement an entry is named after has memory_id == entry_id.
    memory_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    entry_id: Mapped[str] = mapped_column(String(128))
    content: Mapped[str] = mapped_column(Text)
    value: Mapped[str | None] = mapped_column(Text)
    valid_from: Mapped[datetime]
    created_at: Mapped[datetime]
    source_kind: Mapped[str] = mapped_column(String(32))
    source_ref: Mapped[str] = mapped_column(String(200))
    source_session_id: Mapped[str] = mapped_column(String(200))
    confidence: Mapped[float] = mapped_column(Float)
    sensitivity: Mapped[str] = mapped_column(String(16))
    # The candidate's explicit ``supersedes``: a late arrival re-places sources, and rule 5
    # must see it again then.
    supersedes: Mapped[str | None] = mapped_column(String(128))

    __table_args__ = (
        Index("ix_entry_sources_entry_id", "tenant", "entry_id"),
        Index("ix_entry_sources_created_at", "created_at"),
        # A session's statements (store.gathering): migration 0015.
        Index("ix_entry_sources_session", "source_session_id", "tenant"),
        # The statements that name an entry they supersede (store.timelines): migration 0020.
        Index(
            "ix_entry_sources_supersedes", "tenant", "supersedes",
            postgresql_where=text("supersedes IS NOT NULL"),
            sqlite_where=text("supersedes IS NOT NULL"),
        ),
    )


class WriteLog(Base):
    """One row per decision. The database refuses UPDATE and DELETE on it (see migrations)."""

    __tablename__ = "write_log"

    seq: Mapped[int] = mapped_column(SequenceNumber, primary_key=True, autoincrement=True)
    at: Mapped[datetime]
    action: Mapped[str] = mapped_column(String(16))  # vocabulary.Action
    rule: Mapped[str] = mapped_column(String(32))  # vocabulary.Rule
    # The *entry* the decision is about (for ``merged``/``refined``: the entry the candidate
    # joined, the candidate's id in ``related_ids``); for ``demoted``/``redacted``: the
    # candidate's id (an entry's, or an entry_sources memory_id once merged); None when
    # nothing was stored (``rejected``, ``erased``).
    memory_id: Mapped[str | None] = mapped_column(String(128))
    candidate_key: Mapped[str] = mapped_column(String(128))
    related_ids: Mapped[list[str] | None] = mapped_column(JSONDocument)
    reason: Mapped[str] = mapped_column(Text)
    flow_run_id: Mapped[str | None] = mapped_column(String(64))
    payload: Mapped[dict[str, Any] | None]
    # '' for a line that named no tenant: appended by the app, read by the owner only.
    tenant: Mapped[str] = mapped_column(String(200), server_default="")

    __table_args__ = (
        Index("ix_write_log_memory_id", "memory_id"),
        Index("ix_write_log_rule_action", "rule", "action"),
        Index("ix_write_log_at", "at"),
        # No INSERT ... RETURNING: a tenant-less row may be appended by a role that may not
        # read it back (row-level security checks returned rows like selected ones).
        {"implicit_returning": False},
    )


class Intake(Base):
    """Every candidate ever judged, by intake key: what makes a re-submission a no-op."""

    __tablename__ = "intake"

    tenant: Mapped[str] = mapped_column(String(200), primary_key=True, server_default="")
    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    # The gate's verdict (vocabulary.Outcome: accepted, demoted, rejected; rows written before
    # issue 9 say ``inserted`` for accepted). Where the candidate landed is in the write log.
    outcome: Mapped[str] = mapped_column(String(16))
    rule: Mapped[str] = mapped_column(String(32))
    # The accepted *candidate's* id (an entry's id, or an entry_sources memory_id when it was
    # merged into another entry); None for a rejection.
    memory_id: Mapped[str | None] = mapped_column(String(128))
    received_at: Mapped[datetime]
    # A digest of what was accepted under the key: the same id with other content is refused.
    digest: Mapped[str | None] = mapped_column(String(32))

    # The day's gate drops for the night's report (store.reporting; migration 0009).
    __table_args__ = (Index("ix_intake_received_at", "received_at"),)


class AuditMark(Base):
    """One verdict of the periodic sample audit on one entry (the latest verdict counts)."""

    __tablename__ = "audit_marks"

    seq: Mapped[int] = mapped_column(SequenceNumber, primary_key=True, autoincrement=True)
    at: Mapped[datetime]
    # The *entry* audited (by id alone: see store/erasure.py on ids shared by tenants).
    memory_id: Mapped[str] = mapped_column(String(128), index=True)
    type: Mapped[str] = mapped_column(String(16))
    verdict: Mapped[str] = mapped_column(String(16))
    auditor: Mapped[str | None] = mapped_column(String(200))
    note: Mapped[str | None] = mapped_column(Text)


class TopicMember(Base):
    """An observation batched into a topic entry by the nightly pass (members never move)."""

    __tablename__ = "topic_members"

    tenant: Mapped[str] = mapped_column(String(200), primary_key=True, server_default="")
    observation_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    topic_id: Mapped[str] = mapped_column(String(128))
    joined_on: Mapped[str] = mapped_column(String(10))
    last_seen: Mapped[datetime]

    __table_args__ = (Index("ix_topic_members_topic_id", "tenant", "topic_id"),)


class ConsolidationRun(Base):
    """The idempotency ledger: one row per (pass date, partition) committed by the nightly pass.

    Written in the same transaction as the partition's changes, so a retried task or a rerun
    flow skips exactly the partitions that already landed.
    """

    __tablename__ = "consolidation_runs"

    run_date: Mapped[str] = mapped_column(String(10), primary_key=True)
    partition: Mapped[str] = mapped_column(String(32), primary_key=True)
    flow_run_id: Mapped[str | None] = mapped_column(String(64))
    finished_at: Mapped[datetime]
    counts: Mapped[dict[str, Any]]


class StatementVector(Base):
    """A statement's sentence vector, kept for the nightly pass's meaning check (issue 10's
    grouping by meaning; issue 13: a night then encodes only the statements new to a scope).

    Keyed by the scope (a pass's partition holds whole scopes, so two partitions never write
    one row) and a digest of the encoder's fingerprint and the statement's text, so a new
    encoder never reads an old one's vectors. ``vector``: 384 float16, little-endian. A cache
    the pass can always rebuild: erasing a scope deletes its rows (``store.erasure``)."""

    __tablename__ = "statement_vectors"

    tenant: Mapped[str] = mapped_column(String(200), primary_key=True, server_default="")
    scope_key: Mapped[str] = mapped_column(String(1100), primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    vector: Mapped[bytes] = mapped_column(LargeBinary)


class GatheringKey(Base):
    """A fact key whose own statements showed that its attribute gathers values (issue 10,
    ``memcurator.gathering``): a value said again after another one in the same session. Once
    read so, the key stays set-valued whatever its name says; the row names the statement that
    showed it and why. Written under the key's lock, in the batch's transaction; erasing a
    scope deletes its rows (``store.erasure``)."""

    __tablename__ = "gathering_keys"

    tenant: Mapped[str] = mapped_column(String(200), primary_key=True, server_default="")
    scope_key: Mapped[str] = mapped_column(String(1100), primary_key=True)
    subject_key: Mapped[str] = mapped_column(String(500), primary_key=True)
    memory_id: Mapped[str] = mapped_column(String(128))  # the candidate whose value returned
    reason: Mapped[str] = mapped_column(Text)

