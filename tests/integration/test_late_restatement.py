"""Issue 8, item 1: a late restatement must never stop ingest, and lands where it belongs.

Oracle cases: small arrivals whose history is known by hand, on both dialects.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Engine

from memcurator.app.ingest import ingest_stream
from store.queries import iter_entries

SCOPE = {"org_id": "acme", "user_id": "u_39"}


def candidate(content: str, at: str, cid: str | None = None, **extra: Any) -> bytes:
    doc: dict[str, Any] = {
        "type": "fact",
        "scope": SCOPE,
        "content": content,
        "source": {"kind": "user_message", "ref": f"turn_{at}", "session_id": f"s_{at}"},
        "confidence": 0.8,
        "created_at": at,
        **extra,
    }
    if cid:
        doc["id"] = cid
    return json.dumps(doc).encode()


def entries(engine: Engine) -> list[dict[str, Any]]:
    return sorted(iter_entries(engine, status="all"),
                  key=lambda e: (e["valid_since"], e["status"] != "superseded", e["content"]))


def test_the_issue_three_files_ingest_and_give_the_in_order_history(
    new_engine: Any,
) -> None:
    files = [
        [candidate("Avoids layovers; books direct flights", "2025-01-07T17:25:00Z", "a_1")],
        [candidate("Avoids layovers; books direct flights", "2025-01-06T17:25:00Z")],
        [
            candidate("Prefers direct flights", "2025-01-06T17:25:00Z", "c_1"),
            candidate("The user's timezone is CET", "2025-01-06T18:00:00Z", "c_2"),
        ],
    ]
    late, in_order = new_engine(), new_engine()
    for lines in files:
        report = ingest_stream(late, lines)
        assert report.lines == len(lines)
    # Rerunning every file is a no-op, never a crash.
    for lines in files:
        assert ingest_stream(late, lines).skipped == len(lines)
    everything = sorted((line for lines in files for line in lines),
                        key=lambda raw: json.loads(raw)["created_at"])
    ingest_stream(in_order, everything)
    assert _shape(entries(late)) == _shape(entries(in_order))


def test_late_restatement_oracle(engine: Engine) -> None:
    """By hand: direct flights on the 6th (two wordings, the same meaning), then a
    contradiction on the 8th; the restatement of the 6th arrives last, after both."""
    ingest_stream(engine, [candidate("Prefers direct flights", "2025-01-06T10:00:00Z", "d_1")])
    ingest_stream(engine, [candidate("Prefers flights with layovers", "2025-01-08T10:00:00Z",
                                     "d_3")])
    ingest_stream(engine, [candidate("Prefers direct flights", "2025-01-07T10:00:00Z", "d_2")])
    rows = entries(engine)
    assert [(e["id"], e["status"], e["evidence"]) for e in rows] == [
        ("d_1", "superseded", 2),
        ("d_3", "active", 1),
    ]
    assert rows[0]["valid_to"] == rows[1]["valid_since"]
    assert rows[0]["superseded_by"] == "d_3"
    assert rows[0]["last_confirmed_at"].startswith("2025-01-07T10:00")


def _shape(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What an entry holds and when, without the id (named after whichever came first)."""
    return [
        (e["content"], e["status"], e["valid_since"], e["valid_from"], e["valid_to"],
         e["evidence"], e["created_at"], e["source"])
        for e in rows
    ]
