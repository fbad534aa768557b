"""Ingest benchmark: the whole gate against a raw COPY of the same rows, on PostgreSQL.

    python bench/bench_ingest.py --pg-url postgresql://postgres@127.0.0.1:5432/memcurator_test

Generates the seed's worked example (~13 notes a session, 2 sessions per user per day) as a
JSON Lines file, runs ``memcurator ingest`` on it in a child process (so its peak memory is
its own), then COPYs the same candidates, shaped as entry rows, into a scratch table. Prints
candidates per second for both, their ratio, and the child's peak memory at half and full
size: streaming means the peak stays flat as the file grows.

With ``--slices N`` it then ingests N consecutive slices of ``--slice-size`` candidates (one
stream, 500 users, later and later in time) into one store, each by its own ``memcurator
ingest``, and prints the rate per slice: flat means a candidate costs the same however much
the store already holds (issue 13). ``--slices 0`` skips it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

from memcurator.workload import generate_stream

ROOT = Path(__file__).resolve().parent.parent
NOTES_PER_USER_DAY = 26  # 2 sessions x 13 notes


def write_stream(path: Path, n: int, seed: int = 11) -> int:
    return write_slices([path], n, seed=seed)[0]


def write_slices(paths: list[Path], per_slice: int, seed: int = 11) -> list[int]:
    """One stream of the seed's 500 users cut, in order, into ``per_slice`` candidates a
    file; returns the count written to each."""
    users = 500
    days = max(1, -(-per_slice * len(paths) // (users * NOTES_PER_USER_DAY)))
    stream = generate_stream(users=users, days=days, seed=seed)
    counts = []
    for path in paths:
        with path.open("w", encoding="utf-8") as handle:
            count = 0
            for _, line in zip(range(per_slice), stream, strict=False):
                handle.write(line + "\n")
                count += 1
        counts.append(count)
    return counts


def fresh_schema_url(pg_url: str) -> tuple[str, str]:
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(_conninfo(pg_url), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    return schema, f"{pg_url}?options=-csearch_path%3D{schema}"


def drop_schema(pg_url: str, schema: str) -> None:
    with psycopg.connect(_conninfo(pg_url), autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _conninfo(url: str) -> str:
    parsed = make_url(url)
    return (
        f"host={parsed.host or '127.0.0.1'} port={parsed.port or 5432} "
        f"user={parsed.username or 'postgres'} dbname={parsed.database}"
    )


# CPU seconds (user + system) of the last child and the processes it waited for (the gate's
# workers): on a shared machine the wall time says how much CPU the run got, this what it used.
LAST_CPU = [0.0]


def run_child(args: list[str], env: dict[str, str]) -> tuple[float, int, str]:
    """Run a child; return its wall seconds, peak RSS in KiB, and stdout."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    LAST_CPU[0] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    out = proc.stdout.read().decode() if proc.stdout else ""
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"child failed: {' '.join(args)}\n{err}")
    return elapsed, usage.ru_maxrss, out


def gate_run(
    pg_url: str, path: Path, *, keep: bool = False
) -> tuple[float, int, dict[str, Any], str, float]:
    """``memcurator ingest`` of ``path`` into a fresh schema (wall seconds, peak RSS, counts,
    the schema, kept if ``keep``, and CPU seconds)."""
    schema, url = fresh_schema_url(pg_url)
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": url}
    cli = [sys.executable, "-m", "memcurator"]
    try:
        run_child([*cli, "init"], env)
        seconds, peak_kib, out = run_child([*cli, "ingest", "--json", str(path)], env)
        cpu = LAST_CPU[0]
    finally:
        if not keep:
            drop_schema(pg_url, schema)
    return seconds, peak_kib, json.loads(out), schema, cpu


TABLES = ("intake", "entries", "entry_sources", "write_log")


def copy_same_rows(pg_url: str, source_schema: str) -> tuple[float, dict[str, int]]:
    """Seconds to COPY the rows the gate wrote (all three tables, same indexes and
    triggers) into a fresh store: the cost of the writes without the gate's decisions."""
    dumps: dict[str, bytes] = {}
    with psycopg.connect(_conninfo(pg_url)) as conn:
        conn.execute(f'SET search_path TO "{source_schema}"')
        for table in TABLES:
            buffer = bytearray()
            with conn.cursor().copy(f"COPY {table} TO STDOUT") as copy:
                for chunk in copy:
                    buffer += chunk
            dumps[table] = bytes(buffer)
    schema, url = fresh_schema_url(pg_url)
    run_child(
        [sys.executable, "-m", "memcurator", "init"], {**os.environ, "MEMCURATOR_DATABASE_URL": url}
    )
    try:
        with psycopg.connect(_conninfo(pg_url)) as conn:
            conn.execute(f'SET search_path TO "{schema}"')
            conn.commit()
            start = time.perf_counter()
            for table in TABLES:
                with conn.cursor().copy(f"COPY {table} FROM STDIN") as copy:
                    copy.write(dumps[table])
            conn.commit()
            elapsed = time.perf_counter() - start
            rows = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
    finally:
        drop_schema(pg_url, schema)
        drop_schema(pg_url, source_schema)
    return elapsed, rows


COPY_COLUMNS = (
    "id",
    "type",
    "scope_key",
    "user_id",
    "content",
    "source_kind",
    "source_ref",
    "source_session_id",
    "confidence",
    "created_at",
    "valid_from",
    "sensitivity",
    "status",
    "evidence",
    "last_confirmed_at",
    "updated_at",
)


def candidate_rows(path: Path) -> list[tuple[Any, ...]]:
    """The candidates as entry-shaped rows, prepared before the clock starts."""
    rows = []
    for n, raw in enumerate(path.open("rb")):
        try:
            c = json.loads(raw)
            scope, source = c["scope"], c["source"]
            rows.append(
                (
                    c.get("id") or f"row_{n}",
                    c["type"],
                    json.dumps(scope),
                    scope.get("user_id"),
                    c["content"],
                    source["kind"],
                    source["ref"],
                    source["session_id"],
                    c["confidence"],
                    c["created_at"],
                    c.get("valid_from", c["created_at"]),
                    "internal",
                    "active",
                    1,
                    c["created_at"],
                    c["created_at"],
                )
            )
        except (ValueError, KeyError, TypeError):
            continue
    return rows


def copy_bare(pg_url: str, rows: list[tuple[Any, ...]]) -> float:
    """Seconds to COPY the candidates, one row each, into an entries-shaped table with no
    index, no log and no ledger: the floor no gate can reach, printed for reference."""
    schema, _ = fresh_schema_url(pg_url)
    try:
        with psycopg.connect(_conninfo(pg_url)) as conn:
            conn.execute(f'SET search_path TO "{schema}"')
            conn.execute(
                "CREATE TABLE copy_target (id text, type text, scope_key text, user_id text, "
                "content text, source_kind text, source_ref text, source_session_id text, "
                "confidence float8, created_at timestamptz, valid_from timestamptz, "
                "sensitivity text, status text, evidence int, last_confirmed_at timestamptz, "
                "updated_at timestamptz)"
            )
            conn.commit()
            start = time.perf_counter()
            with conn.cursor().copy(
                f"COPY copy_target ({', '.join(COPY_COLUMNS)}) FROM STDIN"
            ) as copy:
                for row in rows:
                    copy.write_row(row)
            conn.commit()
            return time.perf_counter() - start
    finally:
        drop_schema(pg_url, schema)


def growth_run(pg_url: str, folder: Path, slices: int, size: int) -> list[float]:
    """Candidates per second of each of ``slices`` successive slices ingested into one store."""
    paths = [folder / f"slice_{n + 1}.jsonl" for n in range(slices)]
    counts = write_slices(paths, size, seed=12)
    schema, url = fresh_schema_url(pg_url)
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": url}
    cli = [sys.executable, "-m", "memcurator"]
    rates = []
    try:
        run_child([*cli, "init"], env)
        for n, (path, count) in enumerate(zip(paths, counts, strict=True), start=1):
            seconds, _, _ = run_child([*cli, "ingest", "--json", str(path)], env)
            rates.append(count / seconds)
            print(f"  slice {n:>3}: {count:,} candidates in {seconds:7.2f} s "
                  f"{rates[-1]:9,.0f} candidates/s  (CPU {LAST_CPU[0]:.2f} s, "
                  f"load {os.getloadavg()[0]:.1f})", flush=True)
    finally:
        drop_schema(pg_url, schema)
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg-url", required=True)
    parser.add_argument("-n", type=int, default=200_000, help="candidates (default 200,000)")
    parser.add_argument("--slices", type=int, default=0,
                        help="then ingest this many successive slices into one store (default 0)")
    parser.add_argument("--slice-size", type=int, default=50_000,
                        help="candidates a slice (default 50,000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="memcurator-bench-") as tmp:
        half, full = Path(tmp) / "half.jsonl", Path(tmp) / "full.jsonl"
        n_half, n_full = write_stream(half, args.n // 2), write_stream(full, args.n)
        half_s, half_peak, _, _, _ = gate_run(args.pg_url, half)
        full_s, full_peak, counts, kept, full_cpu = gate_run(args.pg_url, full, keep=True)
        copy_s, copied = copy_same_rows(args.pg_url, kept)
        rows = candidate_rows(full)
        bare_s = copy_bare(args.pg_url, rows)
    gate_rate, copy_rate, bare_rate = n_full / full_s, n_full / copy_s, len(rows) / bare_s
    print(
        f"ingest benchmark on PostgreSQL: {n_full:,} candidates "
        f"({full.stat().st_size if full.exists() else 0} bytes)".replace(" (0 bytes)", "")
    )
    print(
        f"  gate: memcurator ingest (whole process)   {full_s:7.2f} s "
        f"{gate_rate:9,.0f} candidates/s  (CPU {full_cpu:.2f} s: "
        f"{full_cpu / n_full * 1e6:.0f} us a candidate; load {os.getloadavg()[0]:.1f})"
    )
    print(
        f"  COPY of the same rows (same tables)       {copy_s:7.2f} s "
        f"{copy_rate:9,.0f} candidates/s  {copied}"
    )
    print(
        f"  ratio gate / COPY                         {gate_rate / copy_rate:7.3f}"
        "   (target >= 0.2)"
    )
    print(
        f"  bare COPY, 1 row/candidate, no index      {bare_s:7.2f} s "
        f"{bare_rate:9,.0f} rows/s  (ratio {gate_rate / bare_rate:.3f}, for reference)"
    )
    print(f"  peak RSS at {n_half:>9,} candidates        {half_peak / 1024:7.1f} MiB")
    print(
        f"  peak RSS at {n_full:>9,} candidates        {full_peak / 1024:7.1f} MiB"
        f"   (x{full_peak / half_peak:.2f} for x{n_full / n_half:.1f} input: flat = streamed)"
    )
    print(f"  half-size run {half_s:.2f} s ({n_half / half_s:,.0f} candidates/s)")
    print(f"  outcomes: {json.dumps(counts)}")
    if args.slices > 0:
        print(f"ingest rate as the store grows: {args.slices} slices of {args.slice_size:,} "
              "into one store")
        with tempfile.TemporaryDirectory(prefix="memcurator-bench-") as tmp:
            rates = growth_run(args.pg_url, Path(tmp), args.slices, args.slice_size)
        print("  rates: " + " -> ".join(f"{r:,.0f}" for r in rates)
              + f"  (last / first {rates[-1] / rates[0]:.2f}; flat is 0.85 or better)")


if __name__ == "__main__":
    main()
