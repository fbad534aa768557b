"""`make demo` keeps working: the main job end to end on a fresh SQLite store."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from memcurator.workload import FACT_TEMPLATES


def run_demo(out: Path, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "memcurator",
            "demo",
            "--out",
            str(out),
            "--users",
            "2",
            "--days",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={"COLUMNS": "200", "PATH": "/usr/bin", "PREFECT_HOME": str(home)},
    )


def test_the_demo_gates_a_stream_and_shows_the_seeds_cases(tmp_path: Path) -> None:
    out = tmp_path / "demo-out"
    result = run_demo(out, tmp_path / "prefect")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    for expected in (
        "stored as fact",  # I'm vegetarian
        "dropped by transient",  # hmm, let me think
        "stored as observation",  # the promotion guess
        "below the fact threshold 0.6",
        "I'm allergic to shellfish; I can't eat shrimp",
        "window superseded by seat_apr",
        "shadowing ['The payments team indents with tabs']",
        "The nightly passes (rules 6-7)",
        "promoted fact",
        "Topic general",
    ):
        assert expected in text, expected
    lines = text.splitlines()
    assert any("as-of February" in line and "Prefers Python" in line for line in lines)
    assert any("as-of April" in line and "Prefers Rust" in line for line in lines)
    # The night 30 days after the last session expires the observations nobody saw again.
    [night] = [line for line in lines if "2025-02-07" in line and "│" in line]
    assert int(night.split("│")[3]) > 0, night
    assert "Traceback" not in result.stderr and "ERROR" not in result.stdout + result.stderr
    assert (out / "candidates.jsonl").exists() and (out / "memcurator-demo.db").exists()
    # It says what it is doing as it goes (issue 12: 138 s of silence), even in a pipe.
    candidates = len((out / "candidates.jsonl").read_text().splitlines())
    for step in (
        "generating 2 users × 3 days of sessions",
        f"Gating {candidates:,} candidates",
        f"gated {candidates:,} of {candidates:,}",
        "backfill 2025-01-06 to 2025-01-08 (3 nights)",
        "and the night 2025-02-07",
    ):
        assert step in text, step
    assert text.index("generating") < text.index("gated") < text.index("What the gate did")
    assert "| INFO" not in result.stderr  # Prefect's own lines stay quiet
    assert attributes_under_two_keys(out / "memcurator-demo.db") == {}
    # Running it again starts from a fresh store: the same numbers come out.
    again = run_demo(out, tmp_path / "prefect")
    assert again.stdout.split("Dropped")[0] == text.split("Dropped")[0]


def attributes_under_two_keys(db: Path) -> dict[tuple[str, str], set[str]]:
    """(scope, attribute) -> the keys its active facts are under, where there is more than one:
    the demo's extractor spells `seat` where the words read `seat_preference` (issue 10)."""
    attribute_of = {text: name for name, _, texts in FACT_TEMPLATES for text in texts}
    keys: defaultdict[tuple[str, str], set[str]] = defaultdict(set)
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT scope_key, content, subject_key FROM entries WHERE type = 'fact' "
            "AND status = 'active' AND subject_key IS NOT NULL"
        ).fetchall()
    for scope, content, key in rows:
        if content in attribute_of:
            keys[(scope, attribute_of[content])].add(key)
    return {k: v for k, v in keys.items() if len(v) > 1}
