"""What a late statement reads of its key's history (issue 13), and that what it leaves unread
never changes where it lands.

A fact that a user restates every session grows one version with months of sources. A
statement that lands inside that version (two sessions overlap, a late file) and says the same
only adds to its counts: its sources are not read. One that refines or changes it, or names a
statement it supersedes, has the version's sources read and the key placed again
(``Timeline.unloaded``). Each case is checked against the same statements ingested in order,
on both dialects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine

import store.source_reads as source_reads
import store.timelines as timelines
from tests.passes import export, ingest

SCOPE = {"org_id": "acme", "user_id": "u_7"}
START = datetime(2025, 3, 1, 9, tzinfo=UTC)


def said(content: str, hours: float, *, ref: str | None = None, **extra: Any) -> dict[str, Any]:
    at = START + timedelta(hours=hours)
    return {
        "type": "fact", "scope": SCOPE, "content": content, "confidence": 0.8,
        "source": {"kind": "user_message", "ref": ref or f"turn_{hours}",
                   "session_id": f"s_{hours}"},
        "created_at": at.isoformat(), **extra,
    }


@contextmanager
def sources_read() -> Iterator[list[int]]:
    """How many stored sources each read of ``entry_sources`` returned, while inside."""
    counts: list[int] = []
    original = source_reads.load_sources

    def counting(conn: Any, versions: Any) -> None:
        original(conn, versions)
        counts.append(sum(len(v.sources or ()) for v in versions))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(source_reads, "load_sources", counting)
        patch.setattr(timelines, "load_sources", counting)
        yield counts


DAILY = [said("Prefers direct flights", 24 * day, id=f"d_{day}") for day in range(30)]


def test_a_late_restatement_reads_none_of_a_long_versions_sources(
    new_engine: Callable[[], Engine],
) -> None:
    late, in_order = new_engine(), new_engine()
    restated = said("Prefers direct flights", 24 * 14.5)
    ingest(late, DAILY)
    with sources_read() as counts:
        ingest(late, [restated])
    assert sum(counts) == 0  # 30 sources stored, none of them needed
    ingest(in_order, sorted([*DAILY, restated], key=lambda c: c["created_at"]))
    assert export(late) == export(in_order)
    assert '"evidence": 31' in export(late)


@pytest.mark.parametrize("late_one", [
    said("Prefers flights with layovers", 24 * 14.5),  # a change inside the version
    said("Prefers direct flights, ideally on KLM", 24 * 14.5),  # a refinement inside it
    # it names a statement the version holds, not the one it is named after
    said("Prefers flights with layovers", 24 * 14.5, supersedes="d_12"),
])
def test_a_late_change_inside_a_long_version_is_placed_as_in_order(
    new_engine: Callable[[], Engine], late_one: dict[str, Any],
) -> None:
    late, in_order = new_engine(), new_engine()
    ingest(late, DAILY)
    with sources_read() as counts:
        ingest(late, [late_one])
    assert sum(counts) >= 15  # the version's sources were read to place it
    ingest(in_order, sorted([*DAILY, late_one], key=lambda c: c["created_at"]))
    assert export(late) == export(in_order)


def test_a_version_named_after_a_statement_that_is_not_its_earliest(
    new_engine: Callable[[], Engine],
) -> None:
    """The version is named after the statement that arrived first; one of the same instant
    that sorts before it came later. A change that lands inside the version has its sources
    read: the chain is then relinked from the version's true first statement, not from the
    order its row alone gives (found by Hypothesis in ``test_batch_independence``)."""
    first = said("Prefers direct flights", 0, ref="turn_0")
    stream = [first, said("Prefers direct flights", 1, ref="turn_2"),
              said("Prefers direct flights", 0, ref="turn_1"),
              said("Prefers flights with layovers", 1, ref="turn_3")]
    one_by_one, together = new_engine(), new_engine()
    ingest(one_by_one, stream, batch_size=1)
    ingest(together, stream, batch_size=len(stream))
    assert export(one_by_one) == export(together)
    assert export(one_by_one).count('"status": "active"') == 1
