"""One arrival, any batching: the same store, ids included (Hypothesis).

Ids are the one thing arrival decides (``memcurator.resolve``): an entry keeps the id of the
statement it was first stored under, and a late, older statement that joins it does not rename
it. A batch is a run of arrivals, not one arrival: the candidates of one stream, in one order,
ingested one per batch (every candidate arriving on its own: the oracle) and cut into batches
of any size must give the byte-identical export, retired entries and ids included, and the
same log rows (action, rule, entry, related ids). So a batch the database refused, retried one
candidate at a time, gives the store a clean run would. Order independence up to ids is
``test_order_independence``'s; this is the part a batch size could change.

Left out, and known to differ: a key that turns out to gather values (``memcurator.gathering``:
a single-valued reading, the same value said twice in one session). It is read as gathering
from the whole batch at once, so a change of value that a later candidate of the same batch
turns into a gathered one is never stored as a supersession, whereas one candidate at a time
stores it and retires it again. The current history is the same either way.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import Engine, select

from store.tables import WriteLog
from tests.factories import observation
from tests.integration.test_order_independence import SETTINGS, arrivals, statement, streams
from tests.passes import export, ingest

KINDS = ["tool_result", "tool_result", "agent_inference", "user_message"]
FAILURES = [
    ("psql", "timeout", "psql timed out connecting to replica-2"),
    ("psql", "timeout", "psql: connection to replica-2 timed out after 30 s"),
    ("pytest", "failed", "pytest failed: 3 tests in test_api.py"),
]


@st.composite
def observations(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Failures seen at a few instants (often the very same one, by sources of different
    strength), some dated before they were seen: arrival order and valid-time order differ."""
    rows = []
    for n in range(draw(st.integers(0, 8))):
        tool, symptom, text = draw(st.sampled_from(FAILURES))
        seen = f"2025-01-0{draw(st.integers(1, 3))}T{draw(st.sampled_from(['09', '10']))}:00:00Z"
        row = observation("u_1", f"s_{draw(st.integers(1, 3))}", seen, content=text, tool=tool,
                          symptom=symptom, kind=draw(st.sampled_from(KINDS)), id=f"o_{n:03d}")
        if draw(st.booleans()):
            row["valid_from"] = f"2025-01-0{draw(st.integers(1, 3))}T08:00:00Z"
        rows.append(row)
    return rows


def log_rows(engine: Engine) -> Counter[tuple[Any, ...]]:
    with engine.connect() as conn:
        rows = conn.execute(select(WriteLog.action, WriteLog.rule, WriteLog.memory_id,
                                   WriteLog.related_ids))
        return Counter((a, r, m, tuple(rel or ())) for a, r, m, rel in rows)


@SETTINGS
@given(data=st.data())
def test_batches_of_any_size_give_the_one_at_a_time_store(
    new_engine: Callable[[], Engine], data: st.DataObject
) -> None:
    facts = [c for part in data.draw(arrivals(data.draw(streams()))) for c in part
             if (c.get("subject") or {}).get("attribute") != "craft"]  # gathers: see top
    arrival = data.draw(st.permutations(facts + data.draw(observations())))
    one_by_one, batched = new_engine(), new_engine()
    try:
        ingest(one_by_one, arrival, batch_size=1)
        ingest(batched, arrival, batch_size=data.draw(st.integers(2, len(arrival) + 1)))
        assert export(batched) == export(one_by_one)
        assert log_rows(batched) == log_rows(one_by_one)
    finally:  # many examples, one fixture: give the connections back every time
        one_by_one.dispose()
        batched.dispose()


def test_a_weaker_source_at_the_same_instant_does_not_rename_the_entry(
    new_engine: Callable[[], Engine],
) -> None:
    """The shape Hypothesis found (test_backfill_equivalence): a tool result, then the agent's
    inference of the same failure at the same instant. The inference sorts first in valid
    time; the tool result arrived first and names the entry, in one batch or two."""
    rows = [observation("u_1", "s_1", "2025-01-05T10:00:00Z", kind=kind, id=f"o_{n}")
            for n, kind in enumerate(["tool_result", "agent_inference"])]
    for batch_size in (1, 2):
        engine = new_engine()
        ingest(engine, rows, batch_size=batch_size)
        assert [(e["id"], e["status"], e["evidence"])
                for e in map(json.loads, export(engine).splitlines())] == [
            ("o_0", "active", 2)]


def test_a_candidate_reopening_what_its_batch_added_to_an_unloaded_version(
    new_engine: Callable[[], Engine],
) -> None:
    """An allergy stored; then, in one batch, the same allergy restated a month later and a
    second one dated between them. The batch was out of reach of the stored version's sources
    when it was loaded; the second candidate reopens the restatement the first added to it, so
    the key is loaded whole and placed again: the gathered wording, as one at a time gives."""
    first = statement("allergies", "shellfish", "Allergic to shellfish", 21 * 24, 10)
    batch = [statement("allergies", "shellfish", "Allergic to shellfish", 52 * 24, 11),
             statement("allergies", "peanuts", "Also allergic to peanuts", 45 * 24, 9)]
    exports = []
    for batch_size in (1, 2):
        engine = new_engine()
        ingest(engine, [first], batch_size=1)
        ingest(engine, batch, batch_size=batch_size)
        exports.append(export(engine))
    assert exports[1] == exports[0]
    [entry] = map(json.loads, exports[1].splitlines())
    assert (entry["id"], entry["evidence"], entry["content"]) == (
        "c010", 3, "Allergic to shellfish; Also allergic to peanuts")
