"""``memcurator demo``: the main job end to end on the embedded SQLite default.

Generates a realistic candidate stream (plus the seed's own cases), gates it into a fresh
SQLite store, and shows what was stored and what was dropped by which rule.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console
from rich.table import Table

from memcurator.progress import ingest_with_progress
from memcurator.workload import generate_stream
from store.engine import make_engine, upgrade
from store.queries import iter_entries, iter_log

SEED_CASES = [
    ("I'm vegetarian", "fact", "user_message", 0.95),
    ("hmm, let me think", "fact", "user_message", 0.9),
    ("The user probably wants a promotion", "fact", "agent_inference", 0.8),
    ("Prefers aisle seats on long flights", "fact", "user_message", 0.5),
]


def seed_case_lines() -> Iterator[str]:
    """The seed's rule 1-3 cases, as candidates for user u_seed."""
    for i, (content, memory_type, kind, confidence) in enumerate(SEED_CASES):
        yield json.dumps(
            {
                "id": f"seed_case_{i}",
                "type": memory_type,
                "scope": {"org_id": "acme", "user_id": "u_seed"},
                "content": content,
                "source": {"kind": kind, "ref": f"turn_{i}", "session_id": "s_seed"},
                "confidence": confidence,
                "created_at": "2025-03-04T10:12:00Z",
            }
        )


def run_demo(*, out: Path, users: int, days: int, seed: int) -> None:
    console = Console()
    out.mkdir(parents=True, exist_ok=True)
    stream_path = out / "candidates.jsonl"
    db_path = out / "memcurator-demo.db"
    for stale in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
        stale.unlink(missing_ok=True)
    with stream_path.open("w", encoding="utf-8") as handle:
        for line in [*seed_case_lines(), *generate_stream(users=users, days=days, seed=seed)]:
            handle.write(line + "\n")
    console.print(f"[bold]memcurator demo[/]: {users} users × {days} days → {stream_path}")
    engine = make_engine(f"sqlite:///{db_path}")
    upgrade(engine)
    with stream_path.open("rb") as stream:
        report = ingest_with_progress(
            engine,
            stream,
            size=stream_path.stat().st_size,
            batch_size=1000,
            max_line_bytes=1_048_576,
        )
    _print_outcomes(console, report.as_dict())
    _print_seed_cases(console, engine)
    _print_drops(console, engine)
    _print_kept(console, engine)
    console.print(
        f"\nStore: {db_path}. Explore it with\n"
        f"  memcurator export --database-url sqlite:///{db_path} --scope user_id=u_0000\n"
        f"  memcurator log --database-url sqlite:///{db_path} --action rejected"
    )


def _print_outcomes(console: Console, counts: dict[str, int]) -> None:
    table = Table(title="What the gate did")
    table.add_column("outcome")
    table.add_column("count", justify="right")
    for key, value in counts.items():
        table.add_row(key, f"{value:,}")
    console.print(table)


def _print_seed_cases(console: Console, engine: object) -> None:
    table = Table(title="The seed's cases (rules 1-3)")
    table.add_column("candidate")
    table.add_column("outcome")
    stored = {e["id"]: e for e in iter_entries(engine, {"user_id": "u_seed"}, "all")}  # type: ignore[arg-type]
    rejected = {
        json.dumps(row["related_ids"]): row
        for row in iter_log(engine, action="rejected")  # type: ignore[arg-type]
        if row["related_ids"] and row["related_ids"][0].startswith("seed_case_")
    }
    for i, (content, *_rest) in enumerate(SEED_CASES):
        entry = stored.get(f"seed_case_{i}")
        if entry:
            verdict = f"stored as {entry['type']} (confidence {entry['confidence']:g})"
        else:
            row = rejected.get(json.dumps([f"seed_case_{i}"]))
            verdict = f"dropped by {row['rule']}: {row['reason']}" if row else "?"
        table.add_row(content, verdict)
    console.print(table)


def _print_drops(console: Console, engine: object) -> None:
    table = Table(title="Dropped, by rule (first two examples of each)")
    table.add_column("rule")
    table.add_column("reason")
    table.add_column("submitted content")
    shown: Counter[str] = Counter()
    for row in iter_log(engine, action="rejected"):  # type: ignore[arg-type]
        if shown[row["rule"]] >= 2:
            continue
        shown[row["rule"]] += 1
        payload = row["payload"] or {}
        content = payload.get("content", payload.get("raw", payload.get("raw_head", "")))
        table.add_row(row["rule"], row["reason"][:80], str(content)[:60])
    console.print(table)


def _print_kept(console: Console, engine: object) -> None:
    table = Table(title="Stored for u_0000 (first ten)")
    for column in ("type", "content", "confidence", "sensitivity", "subject_key"):
        table.add_column(column)
    for i, entry in enumerate(iter_entries(engine, {"user_id": "u_0000"})):  # type: ignore[arg-type]
        if i == 10:
            break
        table.add_row(
            entry["type"],
            entry["content"][:60],
            f"{entry['confidence']:g}",
            entry["sensitivity"],
            str(entry["subject_key"]),
        )
    console.print(table)
