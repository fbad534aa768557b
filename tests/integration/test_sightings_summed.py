"""Issue 13: the nightly pass reads an observation's sightings summed up (``lifecycle.Seen``)
by SQL (arrays on PostgreSQL, rows on SQLite). Both must give, for any sightings, what
``lifecycle.summarise`` gives on the sightings before the cutoff: when it was last seen,
whether and when it qualified, with which sessions in which order and how many sightings by
then, and the highest confidence and most sensitive level its sources gave."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, text

from memcurator.decisions import NewEntry
from memcurator.lifecycle import Seen, Sighting, summarise
from memcurator.vocabulary import most_sensitive
from store.bulk import insert_rows
from store.engine import set_tenants
from store.pass_reads import load_observations
from store.rows import entry_row
from store.tables import Entry, EntrySource

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
CUTOFF = T0 + timedelta(days=10)
TENANT = "acme"
SCOPE = '{"org_id":"acme","user_id":"u_1"}'
# Session ids whose order by code point differs from a linguistic collation's ("B" before
# "a" before "b"; "_" and "-" sort apart from letters; accents after every ASCII letter).
SESSIONS = ["b", "B", "a", "A", "_z", "-1", "s_10", "s_9", "é", "z", "Z1", "ß"]
KINDS = ["tool_result", "user_message", "agent_inference", "document"]
LEVELS = ["public", "internal", "confidential", "restricted"]


def observation(entry_id: str) -> dict[str, Any]:
    entry = NewEntry(
        id=entry_id, type="observation", scope={"org_id": "acme", "user_id": "u_1"},
        content=f"psql timed out ({entry_id})", source_kind="tool_result", source_ref="r",
        source_session_id="s_0", confidence=0.5, created_at=T0, valid_from=T0,
        sensitivity="internal", subject_key=None, tool="psql",
    )  # fmt: skip
    return entry_row(entry, T0)


def sighting(entry_id: str, n: int, session: str, at: datetime, kind: str, confidence: float,
             level: str) -> dict[str, Any]:  # fmt: skip
    return {
        "tenant": TENANT, "memory_id": f"{entry_id}_m{n}", "entry_id": entry_id,
        "content": "psql timed out", "value": None, "valid_from": at, "created_at": at,
        "source_kind": kind, "source_ref": "r", "source_session_id": session,
        "confidence": confidence, "sensitivity": level, "supersedes": None,
    }  # fmt: skip


def random_sightings(rng: random.Random, entry_id: str) -> list[dict[str, Any]]:
    """A few to many sightings, often tied in time, some after the cutoff, some entries seen
    only by the agent's own inference."""
    guess_only = rng.random() < 0.15
    moments = [T0 + timedelta(hours=rng.randrange(0, 24 * 12, 6)) for _ in range(6)]
    rows = []
    for n in range(rng.randint(1, 14)):
        session = rng.choice(SESSIONS[: rng.randint(1, len(SESSIONS))])
        kind = "agent_inference" if guess_only else rng.choice(KINDS)
        confidence, level = round(rng.uniform(0.3, 1.0), 3), rng.choice(LEVELS)
        rows.append(sighting(entry_id, n, session, rng.choice(moments), kind, confidence, level))
    return rows


def expected(rows: list[dict[str, Any]], sessions: int) -> tuple[Seen, float, str] | None:
    seen = [r for r in rows if r["created_at"] < CUTOFF]
    if not seen:
        return None
    sightings = [Sighting(r["source_session_id"], r["created_at"], r["source_kind"]) for r in seen]
    return (
        summarise(sightings, sessions),
        max(r["confidence"] for r in seen),
        most_sensitive(r["sensitivity"] for r in seen),
    )


def a_linguistic_session_order(engine: Engine) -> None:
    """On PostgreSQL, give the sessions column a linguistic collation, as a database created
    with en_US would have: the summary must still order sessions as Python does."""
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(
                text(
                    "ALTER TABLE entry_sources ALTER COLUMN source_session_id "
                    'TYPE varchar(200) COLLATE "en-x-icu"'
                )
            )


@pytest.mark.parametrize("sessions", [3, 2, 1, 5])
def test_the_store_sums_up_sightings_as_summarise_does(engine: Engine, sessions: int) -> None:
    a_linguistic_session_order(engine)
    rng = random.Random(13 + sessions)
    ids = [f"o_{i:03d}" for i in range(160)]
    sources = {i: random_sightings(rng, i) for i in ids}
    with engine.begin() as conn:
        insert_rows(conn, Entry, [observation(i) for i in [*ids, "o_unseen"]])
        insert_rows(conn, EntrySource, [r for rows in sources.values() for r in rows])
    with engine.connect() as conn:
        set_tenants(conn, [TENANT])
        loaded = {
            o.id: o
            for o in load_observations(conn, [SCOPE], CUTOFF, tenant=TENANT, sessions=sessions)
        }
    assert set(loaded) == set(ids) | {"o_unseen"}
    qualified = 0
    for entry_id in ids:
        want = expected(sources[entry_id], sessions)
        o = loaded[entry_id]
        if want is None:
            assert o.seen == Seen(None, None, sessions) and o.last_seen == T0, entry_id
            continue
        assert (o.seen, o.confidence, o.sensitivity) == want, entry_id
        qualified += o.seen.qualified is not None
    # Unseen before the cutoff: the entry's own stamp, confidence and level.
    unseen = loaded["o_unseen"]
    assert (unseen.seen, unseen.confidence, unseen.sensitivity) == (
        Seen(None, None, sessions), 0.5, "internal"
    )
    assert 20 < qualified < len(ids) - 20  # the data holds both kinds, so both are compared


def test_sessions_are_ordered_by_first_sighting_then_by_code_point(engine: Engine) -> None:
    """Three sessions first seen at one moment: "B" < "a" < "b" by code point (a linguistic
    order says a, b, B); an earlier repeat of a session does not count it twice; the evidence
    counts every sighting at or before the qualifying moment, the later ones do not."""
    a_linguistic_session_order(engine)
    later = T0 + timedelta(hours=1)
    rows = [
        sighting("o_1", 0, "b", T0, "tool_result", 0.6, "internal"),
        sighting("o_1", 1, "b", later, "tool_result", 0.6, "internal"),
        sighting("o_1", 2, "a", later, "user_message", 0.9, "confidential"),
        sighting("o_1", 3, "B", later, "tool_result", 0.6, "public"),
        sighting("o_1", 4, "z", later + timedelta(minutes=1), "tool_result", 0.6, "public"),
        sighting("o_1", 5, "y", CUTOFF, "tool_result", 1.0, "restricted"),  # not before it
    ]
    with engine.begin() as conn:
        insert_rows(conn, Entry, [observation("o_1")])
        insert_rows(conn, EntrySource, rows)
    with engine.connect() as conn:
        set_tenants(conn, [TENANT])
        [o] = load_observations(conn, [SCOPE], CUTOFF, tenant=TENANT, sessions=3)
    assert o.seen == Seen(later + timedelta(minutes=1), (later, ("b", "B", "a"), 4), 3)
    assert (o.confidence, o.sensitivity) == (0.9, "confidential")
