"""Issue 8's figure at a smaller scale: does the history depend on how the files arrive?

The same workload stream (``memcurator.workload.generate_stream``) is ingested into fresh
PostgreSQL schemas three ways: time-sorted in one file; split at random into three files
ingested one after another; split at random into four files ingested by four concurrent
``memcurator ingest`` processes. Printed: entries per way, and how many fact keys
(scope, subject key) have a history that differs from the time-sorted one. A key's history is
compared by what its entries hold (their sources), not by their ids, which name whichever
statement happened to arrive first.

    .venv/bin/python bench/order_figure.py --users 10 --days 30 [--url postgresql://...]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from memcurator.settings import normalise_database_url
from memcurator.workload import generate_stream

DEFAULT_URL = os.environ.get(
    "MEMCURATOR_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/memcurator_test"
)


def _created(line: str) -> str:
    try:
        return str(json.loads(line).get("created_at", ""))
    except (ValueError, AttributeError):
        return ""


def _split(lines: list[str], parts: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    files: list[list[str]] = [[] for _ in range(parts)]
    for line in lines:
        files[rng.randrange(parts)].append(line)
    return files


def _ingest(url: str, paths: list[Path], *, concurrent: bool) -> None:
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": url}
    cmd = [sys.executable, "-m", "memcurator"]
    subprocess.run([*cmd, "init"], env=env, check=True, capture_output=True)
    procs = []
    for path in paths:
        proc = subprocess.Popen([*cmd, "ingest", str(path), "--json"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if not concurrent:
            proc.wait()
        procs.append(proc)
    for proc in procs:
        _, err = proc.communicate()
        if proc.returncode:
            print(f"  ingest exited {proc.returncode}: {err.decode().strip()[-300:]}")


def _histories(url: str, schema: str) -> tuple[int, int, dict[tuple[str, str], Any]]:
    engine = create_engine(normalise_database_url(url))
    with engine.connect() as conn:
        conn.execute(text(f'SET search_path TO "{schema}"'))
        members: dict[str, list[str]] = defaultdict(list)
        query = text("SELECT entry_id, memory_id FROM entry_sources")
        for entry_id, memory_id in conn.execute(query):
            members[entry_id].append(memory_id)
        rows = conn.execute(text(
            "SELECT id, type, scope_key, subject_key, content, status, valid_since, valid_from,"
            " valid_to, superseded_by, evidence, created_at FROM entries")).all()
    engine.dispose()
    held = {r.id: tuple(sorted(members[r.id])) for r in rows}
    keys: dict[tuple[str, str], list[Any]] = defaultdict(list)
    retired = sum(r.status == "retired" for r in rows)
    for r in rows:
        if r.type == "fact" and r.status != "retired":
            keys[(r.scope_key, r.subject_key)].append((
                held[r.id], r.content, r.status, r.valid_since, r.valid_from, r.valid_to,
                held.get(r.superseded_by), r.evidence, r.created_at))
    return len(rows) - retired, retired, {k: sorted(v, key=repr) for k, v in keys.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--url", default=DEFAULT_URL)
    args = parser.parse_args()
    lines = list(generate_stream(users=args.users, days=args.days, seed=args.seed))
    ways = {
        "time-sorted": ([sorted(lines, key=_created)], False),
        "3 files in sequence": (_split(lines, 3, args.seed), False),
        "4 concurrent ingests": (_split(lines, 4, args.seed + 1), True),
    }
    admin = create_engine(normalise_database_url(args.url))
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, (files, concurrent) in ways.items():
            schema = f"order_{uuid.uuid4().hex[:10]}"
            with admin.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA "{schema}"'))
            url = f"{args.url}?options=-csearch_path%3D{schema}"
            paths = []
            for i, part in enumerate(files):
                path = Path(tmp) / f"{schema}_{i}.jsonl"
                path.write_text("\n".join(part) + "\n")
                paths.append(path)
            _ingest(url, paths, concurrent=concurrent)
            results[name] = _histories(args.url, schema)
            with admin.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()
    base = results["time-sorted"][2]
    print(f"{len(lines):,} candidates, {len(base):,} fact keys (time-sorted)")
    for name, (entries, retired, keys) in results.items():
        differ = sum(keys.get(k) != v for k, v in base.items()) + len(keys.keys() - base.keys())
        print(f"  {name:<22} {entries:>7,} entries (+{retired} retired)"
              f"   {differ:>5,} fact keys differ")


if __name__ == "__main__":
    main()
