"""``memcurator consolidate`` and ``backfill`` as a user meets them: they run the flows, say
so, and every mistake is one line with its exit code, before Prefect even starts."""

from __future__ import annotations

import fcntl
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import text

from store.engine import make_engine
from store.passlock import PASS_LOCK_CLASS
from tests.factories import observation
from tests.integration.test_cli import one_line_error, run


def ingest_observations(url: str, tmp_path: Path) -> None:
    path = tmp_path / "obs.jsonl"
    rows = [observation("u_1", f"s_{i}", f"2025-03-0{i}T09:00:00Z") for i in (1, 2, 3)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run("init", url=url).returncode == 0
    assert run("ingest", str(path), url=url).returncode == 0


def test_consolidate_runs_the_flow_and_a_rerun_changes_nothing(
    store_url: str, tmp_path: Path, prefect_api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The session's Prefect server, instead of a temporary one per command.
    monkeypatch.setenv("PREFECT_API_URL", prefect_api)
    ingest_observations(store_url, tmp_path)
    first = run(
        "consolidate", "--as-of", "2025-03-03", "--partitions", "2", "--json", url=store_url
    )
    assert first.returncode == 0, first.stderr
    assert "running the nightly pass for 2025-03-03 as a Prefect flow" in first.stderr
    summary = json.loads(first.stdout.strip().splitlines()[-1])
    assert summary["totals"]["promoted"] == 1 and summary["already_done"] == 0
    exported = run("export", "--status", "all", url=store_url).stdout
    again = run(
        "backfill",
        "--start",
        "2025-03-03",
        "--end",
        "2025-03-03",
        "--partitions",
        "2",
        url=store_url,
    )
    assert again.returncode == 0, again.stderr
    assert run("export", "--status", "all", url=store_url).stdout == exported
    # Not "promoted 0", which reads as a quiet night: that night's counts, from the ledger.
    today = datetime.now(UTC).date()
    night = f"2025-03-03: already done on {today}: promoted 1, expired 0"
    assert night in again.stdout, again.stdout
    assert "picked up by the next pass" in again.stdout


def test_bad_dates_are_one_line_and_exit_2(store_url: str) -> None:
    assert run("init", url=store_url).returncode == 0
    for args, expected in (
        (("consolidate", "--as-of", "2025-02-30"), "as_of '2025-02-30' is not a date"),
        (
            ("backfill", "--start", "2025-03-05", "--end", "2025-03-01"),
            "end 2025-03-01 is before start 2025-03-05",
        ),
        (("backfill", "--start", "yesterday", "--end", "2025-03-01"), "is not a date"),
    ):
        result = run(*args, url=store_url)
        assert result.returncode == 2, result.stderr
        assert expected in one_line_error(result)


def test_a_store_busy_with_another_pass_is_one_line_and_exit_5(store_url: str) -> None:
    assert run("init", url=store_url).returncode == 0
    engine = make_engine(store_url)
    try:
        if engine.dialect.name == "postgresql":
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                key = "CAST(:ns AS integer), hashtext(current_schema())"
                conn.execute(text(f"SELECT pg_advisory_lock({key})"), {"ns": PASS_LOCK_CLASS})
                result = run("consolidate", "--as-of", "2025-03-03", url=store_url)
        else:
            with open(f"{engine.url.database}.pass-lock", "a+") as handle:
                fcntl.flock(handle, fcntl.LOCK_EX)
                result = run("consolidate", "--as-of", "2025-03-03", url=store_url)
    finally:
        engine.dispose()
    assert result.returncode == 5
    lines = result.stderr.strip().splitlines()
    assert "Traceback" not in result.stderr
    assert "another consolidation pass is running" in lines[-1]
    assert "nothing was done" in lines[-1]


def test_an_unreachable_store_is_one_line_and_exit_4() -> None:
    url = "postgresql://postgres@127.0.0.1:1/nowhere"
    result = run("backfill", "--start", "2025-03-01", "--end", "2025-03-02", url=url)
    assert result.returncode == 4
    assert "cannot reach" in result.stderr.strip().splitlines()[-1]


def test_a_failing_pass_is_one_error_line_without_prefect_tracebacks(
    store_url: str, tmp_path: Path, prefect_api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PREFECT_API_URL", prefect_api)
    monkeypatch.setenv("MEMCURATOR_TASK_RETRIES", "0")
    ingest_observations(store_url, tmp_path)
    engine = make_engine(store_url)
    with engine.begin() as conn:  # the database refuses the pass's promotion: a failed task
        if engine.dialect.name == "postgresql":
            conn.execute(
                text("ALTER TABLE entries ADD CONSTRAINT no_test CHECK (status <> 'superseded')")
            )
        else:
            conn.execute(
                text(
                    "CREATE TRIGGER no_test BEFORE UPDATE ON entries "
                    "WHEN NEW.status = 'superseded' "
                    "BEGIN SELECT RAISE(ABORT, 'no promotion here'); END"
                )
            )
    engine.dispose()
    result = run("consolidate", "--as-of", "2025-03-03", "--partitions", "1", url=store_url)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    assert "error ignored" not in result.stderr
    errors = [x for x in result.stderr.splitlines() if x.startswith("memcurator: ")]
    errors = [x for x in errors if "running the nightly pass" not in x]
    assert len(errors) == 1, result.stderr
