"""The nightly pass's promises as properties (Hypothesis): for any stream of observations,
rerunning nights changes nothing, and how the scopes are partitioned changes nothing."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine

from tests.factories import observation
from tests.passes import export, ingest, log_counts, run_pass

EXAMPLES = int(os.environ.get("MEMCURATOR_PROPERTY_EXAMPLES", "20"))
FIRST = date(2025, 3, 1)
TEXTS = {
    "psql": [
        "psql timed out connecting to replica-2",
        "psql timed out on replica-2 again",
        "psql refused the password for the reporting role",
    ],
    "pytest": [
        "pytest failed with ImportError in payments.api",
        "pytest failed: ImportError no module payments.api",
    ],
}


@st.composite
def observations(draw: st.DrawFn) -> list[dict[str, Any]]:
    rows = []
    for n in range(draw(st.integers(1, 25))):
        tool = draw(st.sampled_from(sorted(TEXTS)))
        text = draw(st.sampled_from(TEXTS[tool]))
        day = draw(st.integers(0, 45))
        when = FIRST + timedelta(days=day)
        rows.append(
            observation(
                f"u_{draw(st.integers(1, 3))}",
                f"s_{draw(st.integers(1, 5))}",
                f"{when.isoformat()}T{draw(st.integers(0, 23)):02d}:00:00Z",
                content=text,
                tool=tool,
                symptom=draw(st.sampled_from(["timeout", "import", f"other {n}"])),
                kind=draw(st.sampled_from(["tool_result", "tool_result", "agent_inference"])),
                id=f"o_{n:03d}",
            )
        )
    return rows


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(rows=observations(), nights=st.integers(1, 80), step=st.integers(1, 20))
def test_reruns_and_partitioning_change_nothing(
    new_engine: Callable[[], Engine], rows: list[dict[str, Any]], nights: int, step: int
) -> None:
    one, three = new_engine(), new_engine()
    try:
        ingest(one, rows)
        ingest(three, rows)
        days = [FIRST + timedelta(days=d) for d in range(0, nights, step)]
        for day in days:
            run_pass(one, day, partitions=1)
            run_pass(three, day, partitions=3)
        assert export(one) == export(three)
        before, log_before = export(one), log_counts(one)
        for day in days:
            assert all(r.already_done for r in run_pass(one, day, partitions=1))
        assert export(one) == before and log_counts(one) == log_before
    finally:  # many examples, one fixture: give the connections back every time
        one.dispose()
        three.dispose()
