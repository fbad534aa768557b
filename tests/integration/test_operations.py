"""The operational habits: the sample audit with its wrong-entry rate, and the drop log."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine

import memcurator
from memcurator.app.ingest import submit
from store.operations import audit_mark, audit_report, audit_sample, drop_rates
from tests.factories import candidate


def facts(n: int) -> list[dict[str, object]]:
    return [candidate(id=f"f{i}", content=f"The user owns {i} bicycles") for i in range(n)]


def test_an_audit_samples_per_type_and_reports_the_wrong_entry_rate(engine: Engine) -> None:
    submit(
        [
            *facts(30),
            candidate(
                id="obs",
                type="observation",
                tool="pytest",
                symptom="ImportError",
                content="pytest failed",
            ),
        ],
        engine=engine,
    )
    sample = audit_sample(engine, per_type=5, seed=1)
    assert sorted(e["type"] for e in sample) == ["fact"] * 5 + ["observation"]
    assert sample == audit_sample(engine, per_type=5, seed=1)  # a seed repeats the sample
    for entry, verdict in zip(sample[:4], ("correct", "wrong", "correct", "correct"), strict=True):
        audit_mark(engine, entry["id"], verdict, auditor="ana")
    audit_mark(engine, sample[1]["id"], "correct", note="re-checked: it was right")
    audit_mark(engine, "obs", "wrong")
    assert audit_report(engine) == [
        {"type": "fact", "audited": 4, "wrong": 0, "wrong_rate": 0.0},
        {"type": "observation", "audited": 1, "wrong": 1, "wrong_rate": 1.0},
    ]
    with pytest.raises(LookupError):
        audit_mark(engine, "nope", "wrong")


def test_the_drop_log_counts_rejections_per_rule_per_day(engine: Engine) -> None:
    submit(
        [*facts(6), candidate(content="okay"), candidate(content="hmm"), candidate(confidence=0.5)],
        engine=engine,
    )
    (today,) = drop_rates(engine, days=1)
    assert today["day"] == datetime.now(UTC).date().isoformat()
    assert today["judged"] == 9
    assert today["rejected"] == {"transient": 2, "schema": 1}
    assert today["rates"] == {"schema": round(1 / 9, 4), "transient": round(2 / 9, 4)}
    assert drop_rates(engine, days=1, now=datetime.now(UTC) + timedelta(days=3)) == []


def test_audit_and_drops_work_from_the_cli(store_url: str) -> None:
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": store_url}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memcurator", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert cli("init").returncode == 0
    for empty in (cli("drops"), cli("audit", "report")):  # an empty store: nothing, but no error
        assert (empty.returncode, empty.stdout, empty.stderr) == (0, "", ""), empty.args
    bad = cli("audit", "mark", "nope", "maybe")
    assert bad.returncode == 2 and "verdict must be one of" in bad.stderr
    missing = cli("audit", "mark", "nope", "wrong")
    assert missing.returncode == 6 and "no entry has id" in missing.stderr  # not found
    sampled = cli("audit", "sample", "--per-type", "3")
    assert sampled.returncode == 0 and sampled.stdout == ""  # an empty store samples nothing
    memcurator.submit(
        [*facts(3), candidate(content="okay"), candidate(confidence=0.5)], database_url=store_url
    )
    dropped = cli("drops", "--days", "1")
    assert dropped.returncode == 0, dropped.stderr
    (today,) = [json.loads(row) for row in dropped.stdout.splitlines()]
    assert (today["judged"], today["rejected"]) == (5, {"schema": 1, "transient": 1})
    for command in (["audit", "sample"], ["audit", "mark"], ["audit", "report"], ["drops"]):
        assert "Example:" in cli(*command, "--help").stdout, command
