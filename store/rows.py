"""The one mapping between stored rows and the core's types, derived from the tables.

An ``entries`` row is a ``NewEntry`` (what the gate accepted) plus what the store keeps
about it (tenant, scope columns, status, evidence, validity); while a batch is resolved it is
a ``Version``. An ``entry_sources`` row is a resolve ``Statement`` (one accepted candidate).
Every column whose name is also a field of the core type is copied by name, so the columns
are listed only in ``store/tables.py``; this module spells out only the columns that
differ: the scope (one column per level), ``links`` (a tuple in the core, a JSON list here),
the few fields named otherwise, and the store's own columns of a new entry. A column nobody
maps fails at import.

Also here: a stored entry as SPEC's "Stored entry" document, the output shape of every read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import RowMapping

from memcurator.decisions import NewEntry
from memcurator.schema import SCOPE_LEVELS, canonical_scope_key
from memcurator.tenancy import tenant_of
from memcurator.versions import Statement, Version
from memcurator.vocabulary import MemoryType, SourceKind, Status
from store.tables import Entry, EntrySource, UTCDateTime, as_utc

Row = Mapping[str, Any] | RowMapping

ENTRY_COLUMNS: tuple[str, ...] = tuple(c.name for c in Entry.__table__.columns)
SOURCE_COLUMNS: tuple[str, ...] = tuple(c.name for c in EntrySource.__table__.columns)

_NEW_ENTRY_FIELDS = {f.name for f in dataclasses.fields(NewEntry)}
# NewEntry fields stored under their own name (scope and links change shape on the way).
_ENTRY_BY_NAME = tuple(c for c in ENTRY_COLUMNS if c in _NEW_ENTRY_FIELDS and c != "links")
# An observation's sightings summed up, written with its row (``store.seen``); NULL on any
# other entry, and on an observation written without every one of its sources at hand.
SEEN_COLUMNS = ("seen_last", "seen_sessions", "seen_direct")
# What the store keeps about an entry that the gate does not decide.
_STORE_OWNED = (
    "tenant",
    "scope_key",
    "valid_since",
    "valid_to",
    "superseded_by",
    "status",
    "evidence",
    "last_confirmed_at",
    "updated_at",
    *SEEN_COLUMNS,
)

# Version fields that hold a column, by column: the same name, except the subject's value.
_VERSION_RENAMED = {"subject_value": "value"}
_VERSION_FIELDS = {f.name for f in dataclasses.fields(Version)}
_VERSION_BY_COLUMN = {
    c: _VERSION_RENAMED.get(c, c)
    for c in ENTRY_COLUMNS
    if _VERSION_RENAMED.get(c, c) in _VERSION_FIELDS
}
# What resolving a key may change in a stored entry (its id and static fields never change).
MUTABLE_ENTRY_COLUMNS: tuple[str, ...] = (
    *(c for c in _VERSION_BY_COLUMN if c != "id"),
    "updated_at",
    *SEEN_COLUMNS,
)

# Statement fields by column: the candidate's provenance is ``kind``/``ref``/``session_id`` there.
_SOURCE_RENAMED = {"source_kind": "kind", "source_ref": "ref", "source_session_id": "session_id"}
_SOURCE_BY_COLUMN = {
    c: _SOURCE_RENAMED.get(c, c) for c in SOURCE_COLUMNS if c not in ("tenant", "entry_id")
}


def _check_mapping() -> None:
    """Every column has exactly one home here: a new column must be mapped, not forgotten."""
    unmapped = set(ENTRY_COLUMNS) - {*_ENTRY_BY_NAME, *SCOPE_LEVELS, "links", *_STORE_OWNED}
    source_fields = {f.name for f in dataclasses.fields(Statement)}
    unknown = set(_SOURCE_BY_COLUMN.values()) - source_fields
    if unmapped or unknown:
        raise RuntimeError(f"store/rows.py maps no field to columns {sorted(unmapped | unknown)}")


_check_mapping()


def scope_key(scope: Mapping[str, str]) -> str:
    """The canonical text form of a scope (levels in SPEC order), compared for equality;
    the schema bounds its length, so the store never refuses one the gate accepted."""
    return _scope_key(tuple(scope.items()))


@lru_cache(maxsize=1 << 16)  # ingest asks it of each entry several times a batch (issue 13)
def _scope_key(levels: tuple[tuple[str, str], ...]) -> str:
    return canonical_scope_key(dict(levels))


def entry_row(
    entry: NewEntry,
    now: datetime,
    *,
    evidence: int = 1,
    last_confirmed_at: datetime | None = None,
) -> dict[str, Any]:
    """The ``entries`` row of a newly accepted entry: current from its ``valid_from``, with
    ``evidence`` statements behind it, last confirmed at ``last_confirmed_at`` (by default
    when it was stated), written at ``now``."""
    row = {c: getattr(entry, c) for c in _ENTRY_BY_NAME}
    row.update({level: entry.scope.get(level) for level in SCOPE_LEVELS})
    row.update(
        tenant=tenant_of(entry.scope),
        scope_key=scope_key(entry.scope),
        links=list(entry.links) if entry.links is not None else None,
        valid_since=entry.valid_from,
        valid_to=None,
        superseded_by=None,
        status=Status.ACTIVE,
        evidence=evidence,
        last_confirmed_at=entry.created_at if last_confirmed_at is None else last_confirmed_at,
        updated_at=now,
    )
    row.update(dict.fromkeys(SEEN_COLUMNS))
    return row


def new_entry_from_row(row: Row) -> NewEntry:
    """The static fields of a stored entry, as the gate would have accepted it."""
    values = {c: row[c] for c in _ENTRY_BY_NAME}
    return NewEntry(
        scope={level: row[level] for level in SCOPE_LEVELS if row[level] is not None},
        links=tuple(row["links"]) if row["links"] else None,
        **values,
    )


def version_row(version: Version, now: datetime) -> dict[str, Any]:
    """The ``entries`` row of a version as resolved (its fields over its entry's)."""
    row = entry_row(version.entry, now)
    row.update({c: getattr(version, f) for c, f in _VERSION_BY_COLUMN.items()})
    if version.pinned is not None:  # the nightly pass closed it: the gate only adds to it
        row.update(zip(("status", "valid_to", "superseded_by"), version.pinned, strict=True))
    if version.entry.type == MemoryType.OBSERVATION and version.sources:
        row.update(seen_of(version.sources))
    return row


def seen_of(sources: Sequence[Statement]) -> dict[str, Any]:
    """An observation's sightings summed up (``store.seen``), from every one of them."""
    return {
        "seen_last": max(s.created_at for s in sources),
        "seen_sessions": len({s.session_id for s in sources}),
        "seen_direct": any(s.kind != SourceKind.AGENT_INFERENCE for s in sources),
    }


def version_from_row(row: Row) -> Version:
    """A stored entry as a version its key's timeline can place sources into."""
    values = {f: row[c] for c, f in _VERSION_BY_COLUMN.items()}
    return Version(entry=new_entry_from_row(row), **values)


def source_row(tenant: str, entry_id: str, source: Statement) -> dict[str, Any]:
    """The ``entry_sources`` row recording ``source`` as evidence of entry ``entry_id``."""
    row = {c: getattr(source, f) for c, f in _SOURCE_BY_COLUMN.items()}
    row.update(tenant=tenant, entry_id=entry_id)
    return row


def source_from_row(row: Row) -> Statement:
    return Statement(**{f: row[c] for c, f in _SOURCE_BY_COLUMN.items()})


# A source read as a plain tuple (``store.source_reads.load_sources`` on PostgreSQL: a batch reads
# more sources than any other row, ~13 us each as typed mappings): its columns in the order of
# ``Statement``'s fields, and where its instants are.
SOURCE_SELECT: tuple[str, ...] = tuple(
    next(c for c, f in _SOURCE_BY_COLUMN.items() if f == field.name)
    for field in dataclasses.fields(Statement)
)
_SOURCE_MOMENTS = tuple(
    i for i, column in enumerate(SOURCE_SELECT)
    if isinstance(EntrySource.__table__.c[column].type, UTCDateTime)
)


def source_from_values(values: Sequence[Any]) -> Statement:
    """A source from its columns in ``SOURCE_SELECT``'s order, as the driver gives them: its
    instants labelled UTC as ``tables.UTCDateTime`` reads them."""
    fields = list(values)
    for i in _SOURCE_MOMENTS:
        fields[i] = as_utc(fields[i])
    return Statement(*fields)


def iso(moment: datetime | None) -> str | None:
    """RFC 3339 in UTC with a ``Z``, the one timestamp format memcurator prints."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def entry_document(entry: Entry) -> dict[str, Any]:
    """A stored entry as SPEC's "Stored entry": every input field plus the store's own."""
    subject = None
    if entry.subject_entity is not None:
        subject = {"entity": entry.subject_entity, "attribute": entry.subject_attribute}
        if entry.subject_value is not None:
            subject["value"] = entry.subject_value
    return {
        "id": entry.id,
        "type": entry.type,
        "scope": {lvl: v for lvl in SCOPE_LEVELS if (v := getattr(entry, lvl)) is not None},
        "content": entry.content,
        "source": {
            "kind": entry.source_kind,
            "ref": entry.source_ref,
            "session_id": entry.source_session_id,
        },
        "confidence": entry.confidence,
        "created_at": iso(entry.created_at),
        "valid_from": iso(entry.valid_from),
        "valid_since": iso(entry.valid_since),
        "supersedes": entry.supersedes,
        "sensitivity": entry.sensitivity,
        "subject": subject,
        "task_id": entry.task_id,
        "links": entry.links,
        "tool": entry.tool,
        "symptom": entry.symptom,
        "status": entry.status,
        "valid_to": iso(entry.valid_to),
        "superseded_by": entry.superseded_by,
        "subject_key": entry.subject_key,
        "evidence": entry.evidence,
        "last_confirmed_at": iso(entry.last_confirmed_at),
        "updated_at": iso(entry.updated_at),
    }
