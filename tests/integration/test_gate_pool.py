"""The gate in worker processes (``memcurator.app.gate_pool``) decides exactly what the gate in
the ingesting process decides: the same decisions in the same order, so the same store and
write log; a lost worker costs nothing but time."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, select

from memcurator.app import gate_pool
from memcurator.app.gate_pool import judged_batches, main_reimport_safe
from memcurator.app.ingest import ingest_stream
from memcurator.judging import Oversize, decode, encode, judge
from memcurator.workload import generate_stream
from store.tables import Entry, EntrySource, Intake, WriteLog
from tests.factories import line

FIXED = datetime(2026, 1, 1, tzinfo=UTC)


def stream() -> list[bytes | Oversize]:
    """The worked example's mix (facts, observations, chatter, malformed lines) for a few
    users, plus what only the screens see: a credential, personal data, an oversize line."""
    lines: list[bytes | Oversize] = [
        raw.encode() for raw in generate_stream(users=4, days=3, seed=3)
    ]
    lines[7:7] = [
        line(content="my api key is sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"),
        line(content="Call me on +44 20 7946 0958 after lunch"),
        Oversize(b'{"id": "big", "content": "' + b"x" * 100, 5_000_000),
        b"{not json",
    ]
    return lines


def numbered(lines: list[bytes | Oversize], size: int) -> list[list[tuple[int, Any]]]:
    items = list(enumerate(lines, 1))
    return [items[i : i + size] for i in range(0, len(items), size)]


def test_decisions_judged_by_workers_equal_those_judged_here_in_order() -> None:
    lines = stream()
    here = [[judge(raw, n) for n, raw in batch] for batch in numbered(lines, 7)]
    pooled = list(judged_batches(numbered(lines, 7), workers=2, pool_after=0))
    assert pooled == here
    outcomes = {d.outcome for batch in pooled for d in batch}
    assert {"accepted", "rejected"} <= outcomes


def test_the_compact_encoding_gives_back_equal_decisions_of_the_same_types() -> None:
    decisions = [judge(raw, n) for n, raw in enumerate(stream(), 1)]
    again = decode(encode(decisions))
    assert again == decisions
    for a, b in zip(again, decisions, strict=True):
        assert type(a.outcome) is type(b.outcome)
        assert [type(e) for e in a.events] == [type(e) for e in b.events]
        assert (a.entry is None) == (b.entry is None)
        if a.entry and b.entry:
            assert a.entry.created_at.tzinfo == b.entry.created_at.tzinfo


def test_a_lost_worker_s_batch_is_judged_here_instead() -> None:
    batch = numbered(stream(), 50)[0]
    broken: Future[bytes] = Future()
    broken.set_exception(BrokenProcessPool("killed"))
    assert gate_pool._result(batch, broken) == [judge(raw, n) for n, raw in batch]


def dump(engine: Engine) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    with engine.connect() as conn:
        for table in (Entry, EntrySource, Intake, WriteLog):
            t = table.__table__
            columns = [c for c in t.columns if c.name not in ("at", "received_at", "updated_at")]
            order = [t.c.seq] if "seq" in t.c else list(t.primary_key.columns)
            rows += [(t.name, *r) for r in conn.execute(select(*columns).order_by(*order))]
    return rows


def test_an_ingest_gated_by_workers_stores_and_logs_what_one_process_does(
    new_engine: Callable[[], Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = stream()
    alone, pooled = new_engine(), new_engine()
    one = ingest_stream(alone, lines, batch_size=9, clock=lambda: FIXED, gate_workers=0)
    monkeypatch.setattr(gate_pool, "POOL_AFTER_LINES", 20)  # a few batches here, then workers
    two = ingest_stream(pooled, lines, batch_size=9, clock=lambda: FIXED, gate_workers=1)
    assert two.as_dict() == one.as_dict() and two.rejected_lines == one.rejected_lines
    assert dump(pooled) == dump(alone)
    again = ingest_stream(pooled, lines, batch_size=9, clock=lambda: FIXED, gate_workers=1)
    assert again.skipped == len(lines)
    assert dump(pooled) == dump(alone)


def test_a_script_a_worker_would_run_again_keeps_the_gate_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def main_module(source: str | None, spec_name: str | None = None) -> None:
        module = types.ModuleType("__main__")
        if source is not None:
            path = tmp_path / f"script_{len(list(tmp_path.iterdir()))}.py"
            path.write_text(source, encoding="utf-8")
            module.__file__ = str(path)
        module.__spec__ = types.SimpleNamespace(name=spec_name) if spec_name else None  # type: ignore[assignment]
        monkeypatch.setitem(sys.modules, "__main__", module)

    main_module("import memcurator\nmemcurator.submit(open('x').readlines())\n")
    assert not main_reimport_safe() and gate_pool.default_workers() == 0
    main_module("def main(): ...\n\nif __name__ == '__main__':\n    main()\n")
    assert main_reimport_safe()
    main_module(None)  # an interactive session, python -c
    assert main_reimport_safe()
    main_module("main()\n", spec_name="memcurator.__main__")  # python -m memcurator
    assert main_reimport_safe()


@pytest.mark.parametrize(("env", "expected"), [("0", 0), ("2", 2), (None, None)])
def test_the_gate_workers_setting_reaches_the_pool(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, env: str | None, expected: int | None
) -> None:
    """MEMCURATOR_GATE_WORKERS=0 keeps the gate in the ingesting process; unset, the pool
    picks its default; an explicit argument wins over the setting."""
    seen: list[int | None] = []

    def spy(batches: Any, workers: int | None = None, **kwargs: Any) -> Any:
        seen.append(workers)
        return judged_batches(batches, workers=0)

    monkeypatch.setattr("memcurator.app.ingest.judged_batches", spy)
    if env is None:
        monkeypatch.delenv("MEMCURATOR_GATE_WORKERS", raising=False)
    else:
        monkeypatch.setenv("MEMCURATOR_GATE_WORKERS", env)
    lines = [raw.encode() for raw in generate_stream(users=1, days=1, seed=5)]
    ingest_stream(engine, lines, clock=lambda: FIXED)
    ingest_stream(engine, lines, clock=lambda: FIXED, gate_workers=1)
    assert seen == [expected, 1]
