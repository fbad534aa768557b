"""Known answers for the nightly pass, whatever the partitioning (an oracle beside the
properties in test_pass_properties.py, which compare runs only with each other: a rule that is
wrong the same way in every run passes them, not these)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine

from store.queries import iter_entries
from tests.factories import observation
from tests.passes import ingest, run_pass

FIRST = date(2025, 1, 1)


def workload() -> list[dict[str, Any]]:
    return [
        # Seen in three distinct sessions (twice in the second): promoted at the third.
        observation("u_a", "s_1", "2025-01-02T08:00:00Z", id="a1"),
        observation("u_a", "s_2", "2025-01-03T09:15:00Z", id="a2"),
        observation("u_a", "s_2", "2025-01-03T10:00:00Z", id="a3"),
        observation("u_a", "s_3", "2025-01-04T11:30:00Z", id="a4"),
        # Seen in two sessions only: expires 30 days after the last sighting, to the minute.
        observation("u_b", "s_1", "2025-01-02T14:30:00Z", id="b1", tool="ci", symptom="oom",
                    content="the CI runner was killed for using too much memory"),
        observation("u_b", "s_2", "2025-01-05T16:45:00Z", id="b2", tool="ci", symptom="oom",
                    content="the CI runner was killed for using too much memory"),
        # The agent's own guess, repeated in three sessions: never promoted, so it expires.
        *(
            observation("u_c", f"s_{n}", f"2025-01-0{n + 1}T12:00:00Z", id=f"c{n}",
                        kind="agent_inference", tool="deploy", symptom="slow",
                        content="the deploy is probably slow because of the cache")
            for n in (1, 2, 3)
        ),
    ]


def outcome(engine: Engine) -> dict[str, Any]:
    entries = list(iter_entries(engine, status="all"))
    by_id = {e["id"]: e for e in entries}
    facts = [e for e in entries if e["type"] == "fact"]
    return {
        "observations": sorted(
            (e["id"], e["status"], e["valid_to"], e["evidence"])
            for e in entries if e["type"] == "observation"
        ),
        "facts": sorted(
            (e["supersedes"], e["valid_from"], by_id[e["supersedes"]]["superseded_by"] == e["id"])
            for e in facts
        ),
    }


@pytest.mark.parametrize("partitions", [1, 3])
def test_nightly_passes_give_the_known_promotions_and_expiries(
    new_engine: Callable[[], Engine], partitions: int
) -> None:
    engine = new_engine()
    ingest(engine, workload())
    for offset in range(40):
        run_pass(engine, FIRST + timedelta(days=offset), partitions=partitions)
    assert outcome(engine) == {
        "observations": [
            ("a1", "superseded", "2025-01-04T11:30:00Z", 4),
            ("b1", "expired", "2025-02-04T16:45:00Z", 2),
            ("c1", "expired", "2025-02-03T12:00:00Z", 3),
        ],
        "facts": [("a1", "2025-01-04T11:30:00Z", True)],
    }
