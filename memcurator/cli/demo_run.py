"""What ``memcurator demo`` runs and shows: the main job end to end on the embedded SQLite
default.

Generates a realistic candidate stream (plus the seed's own cases), gates it into a fresh
SQLite store, runs the nightly passes as Prefect flows, and shows what was stored and what
was dropped by which rule. Imported only when the demo runs (it loads the store and Rich).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from sqlalchemy import Engine

from memcurator.app.ingest import IngestReport
from memcurator.cli.flow_runs import flows_for
from memcurator.cli.progress import flow_progress, ingest_with_progress
from memcurator.keys import is_topic_key
from memcurator.steps import FIGURES
from memcurator.workload import generate_stream
from store.engine import make_engine, upgrade
from store.engines import dispose_engines
from store.queries import iter_entries, iter_log
from store.reading import as_of, recall

SEED_CASES = [
    ("I'm vegetarian", "fact", "user_message", 0.95),
    ("hmm, let me think", "fact", "user_message", 0.9),
    ("The user probably wants a promotion", "fact", "agent_inference", 0.8),
    ("Prefers aisle seats on long flights", "fact", "user_message", 0.5),
]


SEED_USER = {"org_id": "acme", "team_id": "payments", "user_id": "u_seed"}
SEED_TEAM = {"org_id": "acme", "team_id": "payments"}
# Rules 4-5: (id, scope, content, created_at, subject or None). Rust arrives before Python,
# as a backfill would deliver it.
SEED_HISTORY: list[tuple[str, dict[str, str], str, str, dict[str, str] | None]] = [
    ("allergy_jan", SEED_USER, "I'm allergic to shellfish", "2025-01-10T09:00:00Z", None),
    ("allergy_mar", SEED_USER, "I can't eat shrimp", "2025-03-12T09:00:00Z", None),
    ("seat_jan", SEED_USER, "Prefers window seats", "2025-01-05T09:00:00Z", None),
    ("seat_apr", SEED_USER, "Prefers aisle seats", "2025-04-02T09:00:00Z", None),
    ("lang_mar", SEED_USER, "Prefers Rust for new projects", "2025-03-01T00:00:00Z", None),
    ("lang_nov", SEED_USER, "Prefers Python for new projects", "2024-11-01T00:00:00Z", None),
    (
        "team_tabs",
        SEED_TEAM,
        "The payments team indents with tabs",
        "2024-06-01T09:00:00Z",
        {"entity": "payments", "attribute": "indentation", "value": "tabs"},
    ),
    (
        "user_spaces",
        SEED_USER,
        "I indent with spaces",
        "2025-06-01T08:00:00Z",
        {"entity": "u_seed", "attribute": "indentation", "value": "spaces"},
    ),
]


def seed_case_lines() -> Iterator[str]:
    """The seed's cases, as candidates for user u_seed and the payments team."""
    for i, (content, memory_type, kind, confidence) in enumerate(SEED_CASES):
        yield json.dumps(
            {
                "id": f"seed_case_{i}",
                "type": memory_type,
                "scope": SEED_USER,
                "content": content,
                "source": {"kind": kind, "ref": f"turn_{i}", "session_id": "s_seed"},
                "confidence": confidence,
                "created_at": "2025-03-04T10:12:00Z",
            }
        )
    for cid, scope, content, when, subject in SEED_HISTORY:
        candidate: dict[str, object] = {
            "id": cid,
            "type": "fact",
            "scope": scope,
            "content": content,
            "source": {"kind": "user_message", "ref": f"turn_{cid}", "session_id": f"s_{cid}"},
            "confidence": 0.9,
            "created_at": when,
        }
        if subject:
            candidate["subject"] = subject
        yield json.dumps(candidate)


STREAM_START = datetime(2025, 1, 6)


def run_demo(*, out: Path, users: int, days: int, seed: int) -> None:
    """Generate, gate, consolidate and show, in a fresh store under ``out``."""
    console = Console()
    out.mkdir(parents=True, exist_ok=True)
    stream_path = out / "candidates.jsonl"
    db_path = out / "memcurator-demo.db"
    for stale in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
        stale.unlink(missing_ok=True)
    console.print(
        f"[bold]memcurator demo[/]: generating {users} users × {days} days of sessions ...",
        highlight=False,
    )
    with stream_path.open("w", encoding="utf-8") as handle:
        written = 0
        for line in [*seed_case_lines(), *generate_stream(users=users, days=days, seed=seed)]:
            handle.write(line + "\n")
            written += 1
    console.print(f"Gating {written:,} candidates ({stream_path}) ...", highlight=False)
    engine = make_engine(f"sqlite:///{db_path}")
    upgrade(engine)

    def gated(report: IngestReport) -> None:
        console.print(f"  gated {report.lines:,} of {written:,}", highlight=False)

    with stream_path.open("rb") as stream:
        report = ingest_with_progress(
            engine,
            stream,
            size=stream_path.stat().st_size,
            batch_size=1000,
            max_line_bytes=1_048_576,
            in_a_pipe=gated,
        )
    _print_outcomes(console, report.as_dict())
    first, last = STREAM_START.date(), (STREAM_START + timedelta(days=days - 1)).date()
    console.print(
        f"Running the nightly passes as Prefect flows: backfill {first} to {last} ({days} "
        "nights), then the night 30 days after the last session ...",
        highlight=False,
    )
    nights = nightly_passes(f"sqlite:///{db_path}", first, last, console)
    _print_passes(console, engine, nights)
    _print_seed_cases(console, engine)
    _print_history(console, engine)
    _print_drops(console, engine)
    _print_kept(console, engine)
    _print_store(console, engine)
    print_explore(console, db_path)


def cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, with an ellipsis when something was cut."""
    return text if len(text) <= width else text[: width - 1] + "…"


def print_explore(console: Console, db_path: Path) -> None:
    """The commands to explore the demo's store, one per line and never wrapped (a command
    broken over two lines cannot be copied; the terminal may still fold it visually)."""
    console.print(f"\nStore: {db_path}. Explore it with", markup=False, highlight=False)
    url = f"sqlite:///{db_path}"
    for command in (
        f"memcurator export --database-url {url} --scope user_id=u_0000",
        f"memcurator log --database-url {url} --action rejected",
    ):
        console.print(f"  {command}", soft_wrap=True, markup=False, highlight=False)


def nightly_passes(
    url: str, start: date, end: date, console: Console | None = None
) -> list[dict[str, Any]]:
    """The demo's nightly passes: a backfill over the stream, then the night 30 days after
    its last day (quiet nights in between change nothing, so the result is the same).
    Progress (night i of n) goes to ``console``; Prefect's own lines stay quiet."""
    shown = console or Console(stderr=True)
    count = (end - start).days + 1
    try:
        with flows_for(url):
            from flows.consolidation import backfill, nightly_consolidation

            with flow_progress("night", count, console=shown):
                nights = backfill(start=start.isoformat(), end=end.isoformat(), partitions=2)
            later = (end + timedelta(days=30)).isoformat()
            shown.print(f"  and the night {later} ...", highlight=False)
            with flow_progress("partition", 2, console=shown):
                last = nightly_consolidation(as_of=later, partitions=2)
        return [*nights["per_night"], {"date": later, **last["totals"]}]
    finally:
        dispose_engines()


def _print_outcomes(console: Console, counts: dict[str, int]) -> None:
    table = Table(title="What the gate did")
    table.add_column("outcome")
    table.add_column("count", justify="right")
    for key, value in counts.items():
        table.add_row(key, f"{value:,}")
    console.print(table)


def _print_passes(console: Console, engine: Engine, nights: list[dict[str, Any]]) -> None:
    table = Table(title="The nightly passes (rules 6-7)")
    table.add_column("night", justify="left")
    for figure in FIGURES:
        table.add_column(figure.column, justify="right")
    for n in nights:
        table.add_row(n["date"], *(str(n[f.key]) for f in FIGURES))
    console.print(table)
    shown = Table(title="After the passes, for u_0000")
    shown.add_column("entry")
    shown.add_column("content")
    shown.add_column("evidence", justify="right")
    for e in iter_entries(engine, {"user_id": "u_0000"}):
        topic = is_topic_key(e["subject_key"])
        if topic or (e["type"] == "fact" and e["supersedes"]):
            label = "topic" if topic else "promoted fact"
            shown.add_row(label, cut(e["content"], 90), str(e["evidence"]))
    console.print(shown)


def _print_seed_cases(console: Console, engine: Engine) -> None:
    table = Table(title="The seed's cases (rules 1-3)")
    table.add_column("candidate")
    table.add_column("outcome")
    stored = {e["id"]: e for e in iter_entries(engine, {"user_id": "u_seed"}, "all")}
    rejected = {
        json.dumps(row["related_ids"]): row
        for row in iter_log(engine, action="rejected")
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


def _print_history(console: Console, engine: Engine) -> None:
    table = Table(title="The seed's cases (rules 4-5): user u_seed, team payments")
    table.add_column("question")
    table.add_column("answer")
    entries = {e["id"]: e for e in iter_entries(engine, {"user_id": "u_seed"}, "all")}
    allergy = entries["allergy_jan"]
    table.add_row(
        "shellfish (Jan) + shrimp (Mar)",
        f"one entry: {allergy['content']!r}, evidence {allergy['evidence']}",
    )
    seat = entries["seat_jan"]
    table.add_row(
        "window (Jan) then aisle (Apr)",
        f"window {seat['status']} by {seat['superseded_by']} from {seat['valid_to']}",
    )
    for month, at in (("February", "2025-02-15T00:00:00Z"), ("April", "2025-04-15T00:00:00Z")):
        current = [
            e["content"]
            for e in as_of(engine, SEED_USER, datetime.fromisoformat(at))
            if e["subject_key"] and e["subject_key"].endswith("programming_language")
        ]
        table.add_row(f"as-of {month}: language?", ", ".join(current) or "-")
    view = recall(engine, SEED_USER, explain=True)
    indent = next(e for e in view if (e["subject_key"] or "").endswith("/indentation"))
    table.add_row(
        "recall u_seed: indentation",
        f"{indent['content']!r}, shadowing {[s['content'] for s in indent['shadows']]}",
    )
    console.print(table)


def _print_store(console: Console, engine: Engine) -> None:
    active = Counter(e["scope"].get("user_id", "-") for e in iter_entries(engine))
    everything = sum(1 for _ in iter_entries(engine, status="all"))
    users = [u for u in active if u.startswith("u_0")]
    console.print(
        f"\nStore: {sum(active.values())} active entries ({everything} with history); "
        f"per generated user {min(active[u] for u in users)}-{max(active[u] for u in users)} "
        "active entries."
    )


def _print_drops(console: Console, engine: Engine) -> None:
    table = Table(title="Dropped, by rule (first two examples of each)")
    table.add_column("rule")
    table.add_column("reason")
    table.add_column("submitted content")
    shown: Counter[str] = Counter()
    for row in iter_log(engine, action="rejected"):
        if shown[row["rule"]] >= 2:
            continue
        shown[row["rule"]] += 1
        payload = row["payload"] or {}
        content = payload.get("content", payload.get("raw", payload.get("raw_head", "")))
        table.add_row(row["rule"], cut(row["reason"], 80), cut(str(content), 60))
    console.print(table)


def _print_kept(console: Console, engine: Engine) -> None:
    table = Table(title="Stored for u_0000 (first ten)")
    for column in ("type", "content", "confidence", "sensitivity", "subject_key"):
        table.add_column(column)
    for i, entry in enumerate(iter_entries(engine, {"user_id": "u_0000"})):
        if i == 10:
            break
        table.add_row(
            entry["type"],
            cut(entry["content"], 60),
            f"{entry['confidence']:g}",
            entry["sensitivity"],
            str(entry["subject_key"]),
        )
    console.print(table)
