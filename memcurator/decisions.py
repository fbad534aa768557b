"""What the gate decides, as plain data: the store applies it, the CLI counts it.

Nothing here touches a database. A ``Decision`` carries the entry to insert (if any) and every
write-log event the decision produces, in order, so one transaction can apply it whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memcurator.vocabulary import Outcome

__all__ = ["Decision", "LogEvent", "NewEntry", "Outcome"]


@dataclass(frozen=True, slots=True)
class LogEvent:
    """One row of the write log, before the store stamps its time and sequence number."""

    action: str
    rule: str
    reason: str
    memory_id: str | None = None
    related_ids: tuple[str, ...] = ()
    payload: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class NewEntry:
    """A memory entry the gate accepted, ready for the store."""

    id: str
    type: str
    scope: dict[str, str]
    content: str
    source_kind: str
    source_ref: str
    source_session_id: str
    confidence: float
    created_at: datetime
    valid_from: datetime
    sensitivity: str
    subject_key: str | None
    supersedes: str | None = None
    subject_entity: str | None = None
    subject_attribute: str | None = None
    subject_value: str | None = None
    task_id: str | None = None
    links: tuple[str, ...] | None = None
    tool: str | None = None
    symptom: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """The gate's verdict on one candidate (or one unreadable input line).

    ``intake_key`` is what makes a re-submission a no-op: the candidate id when it was
    accepted, a fingerprint of the input when it was rejected (so that a corrected candidate
    re-sent under the same id is judged afresh). Keys are unique per ``tenant`` (the top
    scope level; '' for a line that named none).
    """

    intake_key: str
    outcome: Outcome  # the gate's verdict; where an accepted entry lands is in ``events``
    rule: str
    entry: NewEntry | None
    events: tuple[LogEvent, ...] = field(default_factory=tuple)
    line_no: int | None = None
    tenant: str = ""
