"""Rule 5's promise: the history depends on what arrived, not on the order (Hypothesis).

One stream of statements is ingested in time order into one store, and into another in an
arrival drawn by Hypothesis: shuffled batches, several files one after another (each file in
its own order, with late restatements of earlier files), or several ingests at once (threads).
The full exported history must be equal. It is compared by what each entry holds, never by
its id: an entry is named after whichever of its statements arrived first, so ids (and
``updated_at``) legitimately depend on arrival. Retired entries are left out for the same
reason: an entry row whose first statement later turns out to belong to an older version
cannot be deleted, only retired; it holds no statement and is never current.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, select

from memcurator.app.ingest import ingest_stream
from memcurator.workload import FACT_TEMPLATES
from store.queries import iter_entries
from store.tables import EntrySource

START = datetime(2025, 1, 1, tzinfo=UTC)
# Single-valued keys with a second value to change to, the workload's wordings of the first
# (paraphrases that meaning.relate calls restatements, refinements or even contradictions),
# and a set-valued key that gathers.
OTHER = {
    "seat": ["Prefers aisle seats", "The user prefers an aisle seat"],
    "flights": ["Prefers flights with layovers"],
    "timezone": ["The user's timezone is UTC"],
    "diet": ["Eats meat again", "The user is no longer vegetarian"],
    "language": ["Prefers Rust for scripting"],
}
PHRASES = {
    attribute: {value: phrasings, "other": OTHER[attribute]}
    for attribute, value, phrasings in FACT_TEMPLATES
    if attribute in OTHER
}
GATHERED = [
    "Allergic to shellfish",
    "Can't eat shrimp",
    "Also allergic to peanuts",
    "Allergic to shellfish",
]
CRAFTS = {"knitting": "I knit", "pottery": "I do pottery", "woodwork": "Does some woodwork"}
KINDS = ["user_message", "user_message", "tool_result", "agent_inference"]
# Free text no lexicon keys: each is keyed by its wording (restated word for word, or in another
# case with a closing stop) or by the attribute it names ("coffee order"), changed once.
UNLISTED = [
    "Takes his coffee with oat milk",
    "takes his coffee with oat milk.",
    "My coffee order is a flat white",
    "My coffee order is a black americano",
    "Our on-call rotation changes on Mondays",
]


@st.composite
def streams(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Statements over weeks: runs of one value restated (often at the very same moment, with
    or without a subject, with or without an id), then a change of mind."""
    candidates: list[dict[str, Any]] = []
    for attribute in draw(st.lists(st.sampled_from(sorted(PHRASES)), min_size=1, max_size=2,
                                   unique=True)):
        values = PHRASES[attribute]
        names = list(values)
        hour, value = 0, names[0]
        for _ in range(draw(st.integers(1, 4))):
            for _ in range(draw(st.integers(1, 4))):
                hour += draw(st.sampled_from([0, 0, 1, 24, 48]))
                candidates.append(statement(
                    attribute, value, draw(st.sampled_from(values[value])), hour,
                    len(candidates), draw(st.sampled_from(KINDS)),
                    with_id=draw(st.booleans()), with_subject=draw(st.booleans()),
                ))
            value = draw(st.sampled_from(names))
    for _ in range(draw(st.integers(0, 2))):
        candidates += draw(late_restatement(candidates))
    for text in draw(st.lists(st.sampled_from(GATHERED), max_size=3)):
        hour = draw(st.integers(1, 120)) * 24
        candidates.append(statement("allergies", text.split()[-1], text, hour, len(candidates)))
    for value, session, hour in draw(st.lists(st.tuples(
            st.sampled_from(sorted(CRAFTS)), st.integers(0, 2), st.integers(0, 3)), max_size=6)):
        # A key whose name reads as single-valued; a value said again in one session makes it
        # gather (memcurator.gathering), and its history is placed again.
        doc = statement("craft", value, CRAFTS[value], 24 * session + hour, len(candidates))
        doc["source"]["session_id"] = f"s_craft_{session}"
        candidates.append(doc)
    for text in draw(st.lists(st.sampled_from(UNLISTED), max_size=4)):
        hour = draw(st.integers(0, 5)) * 24
        candidates.append(statement("unlisted", "", text, hour, len(candidates),
                                    with_id=draw(st.booleans()), with_subject=False))
    return candidates


@st.composite
def late_restatement(draw: st.DrawFn, candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A restatement (without an id) of one statement, dated before it, and a contradiction
    (with an id) at the very same moment: the shape of issue 8's crash when they arrive in
    reverse time order, in files or batches of their own."""
    s = draw(st.sampled_from(candidates))
    at = datetime.fromisoformat(s["created_at"]) - timedelta(hours=draw(st.sampled_from([0, 24])))
    n = len(candidates)
    restated = {k: v for k, v in s.items() if k != "id"} | {
        "created_at": at.isoformat(), "source": {**s["source"], "ref": f"turn_{n}"}}
    attribute = (s.get("subject") or {}).get("attribute") or draw(st.sampled_from(sorted(OTHER)))
    contradiction = statement(attribute, "other", draw(st.sampled_from(OTHER[attribute])), 0,
                              n + 1, s["source"]["kind"], with_subject="subject" in s)
    contradiction["created_at"] = at.isoformat()
    return [restated, contradiction]


def statement(
    attribute: str, value: str, text: str, hour: int, n: int, kind: str = "user_message",
    *, with_id: bool = True, with_subject: bool = True,
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "type": "fact",
        "scope": {"org_id": "acme", "user_id": "u_1"},
        "content": text,
        "source": {"kind": kind, "ref": f"turn_{n}", "session_id": f"s_{n}"},
        "confidence": 0.8,
        "created_at": (START + timedelta(hours=hour)).isoformat(),
    }
    if with_subject:
        doc["subject"] = {"entity": "u_1", "attribute": attribute, "value": value}
    if with_id:
        doc["id"] = f"c{n:03d}"
    return doc


@st.composite
def arrivals(draw: st.DrawFn, stream: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The stream cut into 1..4 files, each in an order of its own (a shuffled single file,
    files with late restatements of each other, or the parts of concurrent ingests)."""
    shuffled = draw(st.permutations(stream))
    if draw(st.booleans()):  # a backfill's worst case: newest first
        shuffled.sort(key=lambda c: c["created_at"], reverse=True)
    files = draw(st.integers(1, 4))
    cuts = sorted(draw(st.lists(st.integers(0, len(stream)), min_size=files - 1,
                                max_size=files - 1)))
    bounds = [0, *cuts, len(stream)]
    return [shuffled[a:b] for a, b in pairwise(bounds)]


def history(engine: Engine) -> list[tuple[Any, ...]]:
    """The full export, every entry by what it holds (its sources) instead of its id."""
    with engine.connect() as conn:
        members: dict[str, list[str]] = {}
        for row in conn.execute(select(EntrySource.entry_id, EntrySource.memory_id)):
            members.setdefault(row.entry_id, []).append(row.memory_id)
    entries = list(iter_entries(engine, status="all"))
    held = {e["id"]: tuple(sorted(members.get(e["id"], ()))) for e in entries}
    return sorted(
        (held[e["id"]], held.get(e["superseded_by"]),
         json.dumps({k: v for k, v in e.items() if k not in ARRIVAL_DEPENDENT}, sort_keys=True))
        for e in entries
        if e["status"] != "retired"
    )


# Fields recorded from the candidate that created the entry row, whichever arrived first: the
# id and updated_at, the key's description (``subject``: given by one candidate, derived
# for another, the key is the same; shown only when given), a summary's links and the
# ``supersedes`` it was created with. ``superseded_by`` is compared by what it holds.
ARRIVAL_DEPENDENT = {"id", "updated_at", "superseded_by", "supersedes", "subject", "links"}


def assert_no_identical_supersession(engine: Engine) -> None:
    """Oracle: an entry is never superseded by one that says exactly the same."""
    entries = {e["id"]: e for e in iter_entries(engine, status="all")}
    for e in entries.values():
        if e["superseded_by"] and e["status"] == "superseded":
            successor = entries[e["superseded_by"]]
            assert e["content"].casefold() != successor["content"].casefold() or (
                e["source"]["kind"] == "agent_inference"
                and successor["source"]["kind"] != "agent_inference"), (e, successor)


def lines(candidates: list[dict[str, Any]]) -> list[bytes]:
    return [json.dumps(c).encode() for c in candidates]


def in_time_order(candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(candidates, key=lambda c: c["created_at"])


EXAMPLES = int(os.environ.get("MEMCURATOR_PROPERTY_EXAMPLES", "20"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@SETTINGS
@given(data=st.data())
def test_files_in_sequence_give_the_in_order_history(
    new_engine: Callable[[], Engine], data: st.DataObject
) -> None:
    stream = data.draw(streams())
    files = data.draw(arrivals(stream))
    batch = data.draw(st.integers(1, 4))
    in_order, late = new_engine(), new_engine()
    try:
        ingest_stream(in_order, lines(in_time_order(stream)), batch_size=4)
        for part in files:
            ingest_stream(late, lines(part), batch_size=batch)
        assert history(late) == history(in_order)
        assert_no_identical_supersession(late)
        for part in files:  # every file again: a no-op
            assert ingest_stream(late, lines(part)).skipped == len(part)
        assert history(late) == history(in_order)
    finally:  # many examples, one fixture: give the connections back every time
        in_order.dispose()
        late.dispose()


@SETTINGS
@given(data=st.data())
def test_concurrent_ingests_give_the_in_order_history(
    new_engine: Callable[[], Engine], data: st.DataObject
) -> None:
    stream = data.draw(streams())
    files = data.draw(arrivals(stream))
    in_order, shared = new_engine(), new_engine()
    try:
        ingest_stream(in_order, lines(in_time_order(stream)))
        with ThreadPoolExecutor(max_workers=len(files)) as pool:
            reports = list(pool.map(lambda part: ingest_stream(shared, lines(part), batch_size=2),
                                    files))
        assert sum(r.lines for r in reports) == len(stream)
        assert history(shared) == history(in_order)
        assert_no_identical_supersession(shared)
    finally:
        in_order.dispose()
        shared.dispose()
