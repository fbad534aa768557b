"""The intake digest is the JSON of ``dataclasses.asdict(entry)``, byte for byte.

Digests are stored in the intake ledger: a digest computed another way than the one that
stored it would refuse every re-submission of an accepted candidate as a reused id. The
digest no longer calls ``asdict`` (issue 13: its deep copies were most of the cost), so it
is pinned here to the form it replaced, over entries of every shape a gate can produce.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from memcurator.decisions import Decision, NewEntry
from memcurator.ids import fingerprint
from memcurator.vocabulary import MemoryType, Outcome, SourceKind
from store.writes import digest


def asdict_digest(decision: Decision) -> str | None:
    """The digest as every stored ledger row was computed before issue 13."""
    if decision.entry is None:
        return None
    canonical = json.dumps(dataclasses.asdict(decision.entry), sort_keys=True, default=str)
    return fingerprint(canonical.encode())


AT = datetime(2025, 3, 4, 10, 12, tzinfo=UTC)
IST = timezone(timedelta(hours=5, minutes=30))


def entry(**overrides: Any) -> NewEntry:
    fields: dict[str, Any] = dict(
        id="c_1", type="fact", scope={"org_id": "acme", "user_id": "u_1"},
        content="The user is vegetarian", source_kind="user_message", source_ref="turn_47",
        source_session_id="s_1", confidence=0.9, created_at=AT, valid_from=AT,
        sensitivity="internal", subject_key="fact:user/diet",
    )
    fields.update(overrides)
    return NewEntry(**fields)


ENTRIES = {
    "plain fact": entry(),
    "every optional field": entry(
        supersedes="c_0", subject_entity="user", subject_attribute="diet",
        subject_value="vegetarian", task_id="T-12", links=("c_0", "https://x/y"),
        tool="psql", symptom="timeout",
    ),
    "enum-valued fields": entry(type=MemoryType.OBSERVATION, source_kind=SourceKind.TOOL_RESULT),
    "deep scope, keys out of order": entry(scope={
        "user_id": "u", "org_id": "o", "team_id": "t", "project_id": "p", "agent_id": "a"}),
    "unicode everywhere": entry(
        id="c_é_漢字", content="Él prefiere café ☕ — «sin azúcar» \u2028 \U0001f600 \"q\" \\",
        scope={"org_id": "ÄCME", "user_id": "ユーザー"}, subject_key="fact:ユーザー/飲み物",
        subject_value="緑茶", links=("🔗", "ß"),
    ),
    "empty and odd strings": entry(content="", source_ref=" ", links=(), subject_key=None),
    "other offset, microseconds, far dates": entry(
        created_at=datetime(1, 1, 1, tzinfo=UTC),
        valid_from=datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=IST),
    ),
    "float edge values": entry(confidence=1e-17),
    "integral float": entry(confidence=1.0),
}


@pytest.mark.parametrize("new_entry", list(ENTRIES.values()), ids=list(ENTRIES))
def test_the_digest_is_the_asdict_digest(new_entry: NewEntry) -> None:
    decision = Decision(new_entry.id, Outcome.ACCEPTED, "ok", new_entry)
    assert digest(decision) == asdict_digest(decision)


def test_a_rejection_has_no_digest() -> None:
    assert digest(Decision("rej_1", Outcome.REJECTED, "schema", None)) is None


def test_every_field_counts() -> None:
    """A digest that left a field out would take other content for a re-submission."""
    base = digest(Decision("c_1", Outcome.ACCEPTED, "ok", entry()))
    for name in (f.name for f in dataclasses.fields(NewEntry)):
        value = getattr(entry(), name)
        other = {"scope": {"org_id": "acme", "user_id": "u_2"}, "confidence": 0.5,
                 "created_at": AT + timedelta(seconds=1), "valid_from": AT - timedelta(days=1),
                 "links": ("x",)}.get(name, f"{value}x")
        changed = entry(**{name: other})
        assert digest(Decision("c_1", Outcome.ACCEPTED, "ok", changed)) != base, name
