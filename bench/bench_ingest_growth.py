"""Ingest rate as the store grows: successive files about the same users, one store.

    python bench/bench_ingest_growth.py --pg-url postgresql://postgres@127.0.0.1:5432/memcurator_x
    python bench/bench_ingest_growth.py --sqlite          # the same on a SQLite file

One generated stream (``memcurator.workload``, ~26 candidates a user a day) is cut into
``--files`` consecutive files of ``--per-file`` candidates, each ingested into the same store
in order: every file is later in time and about the same users, so each key's history grows
file after file, as a month after month of one team's agents. Prints the rate per file, and
per file where the writer's time went (the intake ledger, loading versions and sources, the
placement, writing versions, the log) with what each stage read and wrote per batch: a stage
whose rows per batch grow from file to file is one whose cost follows a key's history.
"""

from __future__ import annotations

import argparse
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import event
from sqlalchemy.engine import make_url

import memcurator.app.ingest as service
import store.source_reads as source_reads
from memcurator.app.ingest import ingest_stream
from memcurator.judging import judge
from memcurator.resolve import Timeline
from memcurator.workload import generate_stream
from store.engine import make_engine, upgrade

NOTES_PER_USER_DAY = 26  # 2 sessions x 13 notes


class Stages:
    """Seconds and row counts per stage of the writer, reset per file."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.rows: Counter[str] = Counter()
        self.batches = 0

    def reset(self) -> None:
        self.seconds.clear()
        self.rows.clear()
        self.batches = 0

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[stage] = self.seconds.get(stage, 0.0) + time.perf_counter() - start


def instrument(stages: Stages) -> None:
    """Wrap the writer's stages (by the names ``memcurator.app.ingest`` calls them) in timers."""

    def wrap(owner: Any, name: str, stage: str, count: Callable[..., None] | None = None) -> None:
        original = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            with stages.timed(stage):
                result = original(*args, **kwargs)
            if count:
                count(result, *args, **kwargs)
            return result

        setattr(owner, name, timed)

    def loaded(result: dict[Any, Timeline], *_: Any, **__: Any) -> None:
        stages.rows["keys"] += len(result)
        versions = [v for t in result.values() for v in t.versions]
        stages.rows["versions loaded"] += len(versions)
        stages.rows["of which not active"] += sum(v.status != "active" for v in versions)
        stages.rows["of which observations"] += sum(v.entry.type == "observation" for v in versions)

    def sources(_: None, _conn: Any, versions: list[Any]) -> None:
        stages.rows["versions w/ sources"] += len(versions)
        stages.rows["sources loaded"] += sum(len(v.sources or ()) for v in versions)

    def written(_: None, _conn: Any, versions: list[Any], **__: Any) -> None:
        changed = [v for v in versions if v.dirty]
        stages.rows["rows inserted"] += sum(v.is_new for v in changed)
        stages.rows["rows updated"] += sum(not v.is_new for v in changed)

    def batch(result: list[Any], *_: Any, **__: Any) -> None:
        stages.batches += 1

    import store.writes as writes

    wrap(service, "fresh_decisions", "fresh decisions (ledger)")
    wrap(writes, "already_judged", "ledger SELECT")
    wrap(source_reads, "load_sources", "load sources", sources)  # inside load versions
    wrap(service, "load_timelines", "load versions+sources", loaded)
    wrap(Timeline, "resolve", "resolve (placement)")
    wrap(service, "write_versions", "write versions", written)
    wrap(service, "apply_decisions", "log + ledger writes")
    wrap(service, "apply_batch", "whole batch (writer)", batch)


def time_statements(engine: Any, stages: Stages) -> None:
    """Time every SQL statement by its opening words (COPY goes around this: not counted)."""

    @event.listens_for(engine, "before_cursor_execute")
    def _start(conn: Any, _c: Any, statement: str, *_: Any) -> None:
        conn.info["bench_started"] = time.perf_counter()

    @event.listens_for(engine, "after_cursor_execute")
    def _stop(conn: Any, _c: Any, statement: str, *_: Any) -> None:
        label = "sql: " + " ".join(statement.split())[:40]
        seconds = time.perf_counter() - conn.info.pop("bench_started")
        stages.seconds[label] = stages.seconds.get(label, 0.0) + seconds


def write_files(folder: Path, *, users: int, files: int, per_file: int) -> list[Path]:
    """One stream over enough days for ``files * per_file`` candidates, cut in order."""
    days = -(-files * per_file // (users * NOTES_PER_USER_DAY)) + 1
    stream = generate_stream(users=users, days=days, seed=13)
    paths = []
    for n in range(files):
        path = folder / f"month_{n + 1}.jsonl"
        with path.open("w", encoding="utf-8") as handle:
            for _, line in zip(range(per_file), stream, strict=False):
                handle.write(line + "\n")
        paths.append(path)
    return paths


def pg_admin(pg_url: str, statement: str) -> None:
    parsed = make_url(pg_url)
    with psycopg.connect(
        host=parsed.host or "127.0.0.1", port=parsed.port or 5432,
        user=parsed.username or "postgres", dbname=parsed.database, autocommit=True,
    ) as conn:
        conn.execute(statement.encode())  # a schema name this script made


def serial_ingest(engine: Any, lines: list[bytes], *, batch_size: int, stages: Stages) -> None:
    """Gate a batch, then write it, in one thread: each stage's time is its own, not shared
    with the gate of the next batch (``ingest_stream`` overlaps the two)."""
    repeats = service.RepeatedRejections()
    for start in range(0, len(lines), batch_size):
        numbered = enumerate(lines[start : start + batch_size], start=start + 1)
        with stages.timed("gate (judge lines)"):
            decisions = [repeats.number(judge(raw, n)) for n, raw in numbered]
        service.apply_batch(engine, decisions, clock=lambda: datetime.now(UTC))


def run(
    url: str, paths: list[Path], *, batch_size: int, show_stages: bool, serial: bool,
    analyze: bool = False,
) -> list[float]:
    engine = make_engine(url)
    upgrade(engine)
    stages = Stages()
    instrument(stages)
    time_statements(engine, stages)
    rates = []
    try:
        for n, path in enumerate(paths, start=1):
            stages.reset()
            lines = path.read_bytes().splitlines()
            start = time.perf_counter()
            if serial:
                serial_ingest(engine, lines, batch_size=batch_size, stages=stages)
            else:
                ingest_stream(engine, iter(lines), batch_size=batch_size)
            seconds = time.perf_counter() - start
            rates.append(len(lines) / seconds)
            print(f"file {n}: {len(lines):,} candidates in {seconds:6.2f} s = "
                  f"{rates[-1]:7,.0f} candidates/s", flush=True)
            if show_stages:
                print_stages(stages)
            if analyze and engine.dialect.name == "postgresql":
                with engine.begin() as conn:  # what autovacuum would do between files
                    conn.exec_driver_sql("ANALYZE")
    finally:
        engine.dispose()
    return rates


def print_stages(stages: Stages) -> None:
    per = max(stages.batches, 1)
    for stage, seconds in sorted(stages.seconds.items(), key=lambda item: -item[1]):
        print(f"    {stage:<24} {seconds:7.2f} s  {1000 * seconds / per:7.1f} ms/batch")
    print("    per batch: " + ", ".join(
        f"{name} {count / per:,.0f}" for name, count in stages.rows.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg-url", help="a PostgreSQL database (a fresh schema is made in it)")
    parser.add_argument("--sqlite", action="store_true", help="a fresh SQLite file instead")
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--files", type=int, default=4)
    parser.add_argument("--per-file", type=int, default=10_000)
    parser.add_argument("--batch-size", type=int, default=1000)
    parser.add_argument("--stages", action="store_true", help="time each stage of the writer")
    parser.add_argument("--analyze", action="store_true",
                        help="ANALYZE after each file (this server may run without autovacuum)")
    parser.add_argument("--keep", action="store_true", help="keep the PostgreSQL schema")
    parser.add_argument("--serial", action="store_true",
                        help="gate and write in one thread, one after the other (profiling)")
    args = parser.parse_args()
    if not (args.pg_url or args.sqlite):
        parser.error("give --pg-url or --sqlite")
    with tempfile.TemporaryDirectory(prefix="memcurator-growth-") as tmp:
        paths = write_files(Path(tmp), users=args.users, files=args.files, per_file=args.per_file)
        if args.sqlite:
            url = f"sqlite:///{Path(tmp) / 'growth.db'}"
            print(f"SQLite, {args.users} users, {args.files} files of {args.per_file:,}")
        else:
            schema = f"growth_{uuid.uuid4().hex[:8]}"
            pg_admin(args.pg_url, f'CREATE SCHEMA "{schema}"')
            url = f"{args.pg_url}?options=-csearch_path%3D{schema}"
            print(f"PostgreSQL schema {schema}, {args.users} users, "
                  f"{args.files} files of {args.per_file:,}")
        try:
            rates = run(url, paths, batch_size=args.batch_size, show_stages=args.stages,
                        serial=args.serial, analyze=args.analyze)
        finally:
            if not args.sqlite and not args.keep:
                pg_admin(args.pg_url, f'DROP SCHEMA "{schema}" CASCADE')
    print("rates: " + " -> ".join(f"{r:,.0f}" for r in rates)
          + f"  (last / first {rates[-1] / rates[0]:.2f}; flat is 0.85 or better)")


if __name__ == "__main__":
    main()
