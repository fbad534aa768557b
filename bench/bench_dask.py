"""The same short backfill on threads, on 1 Dask worker and on 2, as a table.

    python bench/bench_dask.py --pg-url postgresql://postgres@127.0.0.1:5432/memcurator_test

The workload (``memcurator.workload.generate_stream``, ``--users`` x ``--days``) goes through
the real gate into one fresh PostgreSQL schema per run; each run is the ``backfill`` flow for
the last ``--nights`` dates with ``--partitions`` partition tasks a night, against a private
Prefect server. The Dask runs start a real ``dask scheduler`` and ``dask worker`` processes
(one thread each) on loopback, with the store's URL in the workers' environment, and point
``MEMCURATOR_DASK_ADDRESS`` at the scheduler. Every run's export must equal the thread run's
(exit 1 if not). On one machine the workers share its cores with the flow and PostgreSQL:
the figure is Dask's overhead here, not the speed-up of more machines.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flows.private_server import private_prefect_server  # noqa: E402
from memcurator.app.ingest import ingest_stream  # noqa: E402
from memcurator.settings import normalise_database_url  # noqa: E402
from memcurator.workload import generate_stream  # noqa: E402
from store.engine import make_engine, upgrade  # noqa: E402
from store.queries import iter_entries  # noqa: E402

START = date(2025, 1, 6)  # generate_stream's first day
NOW = datetime(2026, 1, 1, tzinfo=UTC)
DASK = Path(sys.executable).parent / "dask"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def dask_cluster(url: str, workers: int, logs: Path) -> Iterator[str]:
    """A scheduler and ``workers`` one-thread workers on loopback; yields its address."""
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": url, "PYTHONPATH": str(ROOT)}
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = []
    try:
        scheduler = ["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"]
        worker = ["worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny"]
        for n, args in enumerate([scheduler] + [[*worker, "--no-dashboard"]] * workers):
            out = (logs / f"dask-{workers}-{n}.log").open("wb")
            procs.append(
                subprocess.Popen([str(DASK), *args], cwd=ROOT, env=env, stdout=out, stderr=out)
            )
        from distributed import Client

        with Client(address, timeout=60, set_as_default=False) as client:
            client.wait_for_workers(workers, timeout=120)
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


def export(url: str) -> str:
    engine = make_engine(url)
    try:
        return "".join(
            json.dumps(e, sort_keys=True) + "\n" for e in iter_entries(engine, status="all")
        )
    finally:
        engine.dispose()


def run(url: str, first: date, last: date, partitions: int, address: str | None) -> float:
    """The backfill flow on the store at ``url``, on threads or the cluster at ``address``."""
    from flows.consolidation import backfill
    from store.engines import dispose_engines

    os.environ["MEMCURATOR_DATABASE_URL"] = url
    if address:
        os.environ["MEMCURATOR_DASK_ADDRESS"] = address
    else:
        os.environ.pop("MEMCURATOR_DASK_ADDRESS", None)
    started = time.perf_counter()
    backfill(start=first.isoformat(), end=last.isoformat(), partitions=partitions)
    seconds = time.perf_counter() - started
    dispose_engines()
    os.environ.pop("MEMCURATOR_DASK_ADDRESS", None)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg-url", required=True)
    parser.add_argument("--users", type=int, default=40)
    parser.add_argument("--days", type=int, default=21)
    parser.add_argument("--nights", type=int, default=3)
    parser.add_argument("--partitions", type=int, default=4)
    args = parser.parse_args()
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
    # A shared, loaded machine can take minutes to start a Prefect server.
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "300")
    lines = [
        ln.encode()
        for ln in generate_stream(
            users=args.users, days=args.days, seed=5, start=datetime(2025, 1, 6, tzinfo=UTC)
        )
    ]
    last = START + timedelta(days=args.days - 1)
    first = last - timedelta(days=args.nights - 1)
    admin = create_engine(normalise_database_url(args.pg_url))
    logs = Path(os.environ.get("TMPDIR", "/tmp")) / f"bench-dask-{uuid.uuid4().hex[:6]}"
    logs.mkdir(parents=True)
    schemas: list[str] = []
    rows = []
    try:
        with private_prefect_server(startup_seconds=300):
            reference = None
            for workers in (0, 1, 2):
                schema = f"bench_dask_{uuid.uuid4().hex[:8]}"
                with admin.begin() as conn:
                    conn.execute(text(f'CREATE SCHEMA "{schema}"'))
                schemas.append(schema)
                url = f"{args.pg_url}?options=-csearch_path%3D{schema}"
                engine = make_engine(url)
                upgrade(engine)
                ingest_stream(engine, lines, clock=lambda: NOW)
                engine.dispose()
                if workers:
                    with dask_cluster(url, workers, logs) as address:
                        seconds = run(url, first, last, args.partitions, address)
                else:
                    seconds = run(url, first, last, args.partitions, None)
                out = export(url)
                reference = reference if reference is not None else out
                rows.append((workers, seconds, out == reference))
    finally:
        for schema in schemas:
            with admin.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
    print(
        f"\nBackfill of {args.nights} nights ({first} to {last}), {args.partitions} partitions, "
        f"{args.users} users x {args.days} days ({len(lines):,} candidates), PostgreSQL:"
    )
    print(f"  {'runner':<22}{'seconds':>9}{'s/night':>9}  export == threads'")
    for workers, seconds, same in rows:
        name = "threads" if not workers else f"Dask, {workers} worker{'s' * (workers > 1)}"
        print(f"  {name:<22}{seconds:>9.1f}{seconds / args.nights:>9.2f}  {same}")
    return 0 if all(same for _, _, same in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
