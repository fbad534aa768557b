"""Rule 5's promise: the history is the same whatever the arrival order (Hypothesis)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, select

from memcurator.service import ingest_stream
from store.queries import iter_entries
from store.tables import EntrySource

START = datetime(2025, 1, 1, tzinfo=UTC)
# Two single-valued keys with paraphrases per value, and a set-valued one that gathers.
PHRASES = {
    "seat": {
        "window": ["Prefers window seats", "The user prefers a window seat"],
        "aisle": ["Prefers aisle seats", "The user prefers an aisle seat"],
    },
    "language": {
        "python": ["Prefers Python for new projects", "Prefers Python for new projects"],
        "rust": ["Prefers Rust for new projects", "Prefers Rust for new projects"],
    },
}
GATHERED = [
    "Allergic to shellfish",
    "Can't eat shrimp",
    "Also allergic to peanuts",
    "Allergic to shellfish",
]


@st.composite
def streams(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Statements over a year: runs of one value restated, then a change of mind."""
    candidates = []
    for attribute, values in PHRASES.items():
        names = list(values)
        day, value = 0, draw(st.sampled_from(names))
        for _ in range(draw(st.integers(1, 4))):
            for _ in range(draw(st.integers(1, 3))):
                day += draw(st.integers(1, 30))
                text = draw(st.sampled_from(values[value]))
                candidates.append(statement(attribute, value, text, day, len(candidates)))
            value = next(n for n in names if n != value)
    for text in draw(st.lists(st.sampled_from(GATHERED), max_size=4)):
        day = draw(st.integers(1, 120))
        candidates.append(statement("allergies", text.split()[-1], text, day, len(candidates)))
    return candidates


def statement(attribute: str, value: str, text: str, day: int, n: int) -> dict[str, Any]:
    return {
        "id": f"c{n:03d}",
        "type": "fact",
        "scope": {"user_id": "u_1"},
        "content": text,
        "subject": {"entity": "u_1", "attribute": attribute, "value": value},
        "source": {"kind": "user_message", "ref": f"turn_{n}", "session_id": f"s_{n}"},
        "confidence": 0.9,
        "created_at": (START + timedelta(days=day)).isoformat(),
    }


def history(engine: Engine) -> list[tuple[Any, ...]]:
    """Every entry by what it holds (its sources), not by its id, which is whichever
    statement happened to arrive first."""
    with engine.connect() as conn:
        members: dict[str, list[str]] = {}
        for row in conn.execute(select(EntrySource.entry_id, EntrySource.memory_id)):
            members.setdefault(row.entry_id, []).append(row.memory_id)
    entries = list(iter_entries(engine, status="all"))
    by_id = {e["id"]: tuple(sorted(members[e["id"]])) for e in entries}
    return sorted(
        (
            by_id[e["id"]],
            e["content"],
            e["status"],
            e["valid_since"],
            e["valid_from"],
            e["valid_to"],
            e["evidence"],
            e["created_at"],
            by_id.get(e["superseded_by"]),
        )
        for e in entries
    )


def lines(candidates: list[dict[str, Any]]) -> list[bytes]:
    return [json.dumps(c).encode() for c in candidates]


EXAMPLES = int(os.environ.get("MEMCURATOR_PROPERTY_EXAMPLES", "20"))


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_arrival_order_gives_the_same_entries_and_validity_periods(
    new_engine: Callable[[], Engine], data: st.DataObject
) -> None:
    stream = data.draw(streams())
    shuffled = data.draw(st.permutations(stream))
    in_order, out_of_order = new_engine(), new_engine()
    try:
        ingest_stream(in_order, lines(stream), batch_size=4)
        ingest_stream(out_of_order, lines(shuffled), batch_size=3)
        assert history(out_of_order) == history(in_order)
        report = ingest_stream(out_of_order, lines(shuffled))
        assert report.skipped == len(stream)
        assert history(out_of_order) == history(in_order)
    finally:  # many examples, one fixture: give the connections back every time
        in_order.dispose()
        out_of_order.dispose()
