"""The Prefect backfill timed as an operator runs it: ``memcurator backfill`` over N nights.

    python bench/bench_backfill_flow.py --pg-url postgresql://postgres@127.0.0.1:5432/x \\
        --nights 60 --baseline /work/main

Loads the seed's store (``bench_nightly.synthesise``: ``--users`` x ``--days`` of the worked
example, COPYed as the gate would have stored it) once, copies it per run (``CREATE DATABASE
... TEMPLATE``), and times ``memcurator backfill --start S --end S+N-1 --partitions P`` in a
child process with its own temporary Prefect server: this checkout's code, and with
``--baseline DIR`` the code of another checkout (``PYTHONPATH=DIR``, e.g. the main branch
before the partition-major backfill) on an identical copy, in the same run, so the ratio is
measured under the same load. The runs alternate (baseline, this, baseline, this, ...) over
``--repeat`` rounds. Prints wall seconds (the Prefect server's start included, as the
operator waits for it), peak RSS, and whether every run's export is byte-identical; exits 1
when not.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_nightly import (
    START,
    create_database,
    database_url,
    drop_database,
    synthesise,
)

from store.engine import make_engine, upgrade
from store.queries import iter_entries

ROOT = Path(__file__).resolve().parents[1]


def timed_backfill(url: str, nights: int, partitions: int, tree: Path | None) -> dict[str, float]:
    """``memcurator backfill`` over ``nights`` nights from START; wall seconds, peak RSS."""
    last = START + timedelta(days=nights - 1)
    with tempfile.TemporaryDirectory(prefix="memcurator-bench-prefect-") as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMCURATOR_", "PREFECT_"))}
        env.update(PREFECT_HOME=home, PREFECT_SERVER_ANALYTICS_ENABLED="false")
        env["PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"] = "300"
        if tree is not None:
            env["PYTHONPATH"] = str(tree)
        argv = [
            sys.executable, "-m", "memcurator", "backfill", "--start", START.isoformat(),
            "--end", last.isoformat(), "--partitions", str(partitions), "--database-url", url,
        ]  # fmt: skip
        log = Path(home) / "backfill.log"
        with log.open("wb") as sink:
            began = time.perf_counter()
            proc = subprocess.Popen(argv, cwd=tree or ROOT, env=env, stdout=sink, stderr=sink)
            _, status, usage = os.wait4(proc.pid, 0)  # its peak RSS and its children's
            wall = time.perf_counter() - began
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"backfill failed ({tree or ROOT}):\n{log.read_text()[-3000:]}")
    return {"seconds": wall, "peak_kib": float(usage.ru_maxrss)}


def export(url: str) -> str:
    engine = make_engine(url)
    try:
        return "\n".join(json.dumps(e, sort_keys=True) for e in iter_entries(engine, status="all"))
    finally:
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg-url", required=True, help="any database on the server")
    parser.add_argument("--users", type=int, default=500)
    parser.add_argument("--days", type=int, default=365, help="days of data in the store")
    parser.add_argument("--nights", type=int, default=60, help="nights to backfill")
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--baseline", type=Path, help="another checkout to time beside this one")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    name = f"memcurator_bench_backfill_flow_{os.getpid()}"
    create_database(args.pg_url, name)
    engine = make_engine(database_url(args.pg_url, name))
    upgrade(engine)
    loaded = synthesise(engine, args.users, args.days)
    engine.dispose()
    print(
        f"backfill flow benchmark: {args.users} users x {args.days} days in the store "
        f"({loaded['candidates']:,} candidates, {loaded['entries']:,} entries), "
        f"{args.nights} nights backfilled, {args.partitions} partitions; load: "
        f"{os.getloadavg()[0]:.1f}",
        flush=True,
    )
    variants: list[tuple[str, Path | None]] = [("this", None)]
    if args.baseline:
        variants.insert(0, ("baseline", args.baseline.resolve()))
    times: dict[str, list[dict[str, float]]] = {label: [] for label, _ in variants}
    exports: set[str] = set()
    copies: list[str] = []
    try:
        for round_ in range(args.repeat):
            for label, tree in variants:
                copy = f"{name}_{label}_{round_}"
                copies.append(copy)
                create_database(args.pg_url, copy, template=name)
                url = database_url(args.pg_url, copy)
                figures = timed_backfill(url, args.nights, args.partitions, tree)
                times[label].append(figures)
                exports.add(export(url))
                drop_database(args.pg_url, copy)
                print(
                    f"  {label} ({tree or ROOT}): {figures['seconds']:.1f} s, "
                    f"{figures['seconds'] / args.nights:.2f} s a night, peak RSS "
                    f"{figures['peak_kib'] / 1024:.0f} MiB (load {os.getloadavg()[0]:.1f})",
                    flush=True,
                )
    finally:
        for copy in [*copies, name]:
            drop_database(args.pg_url, copy)
    for label, runs in times.items():
        print(f"{label}: median {statistics.median(r['seconds'] for r in runs):.1f} s")
    if args.baseline:
        ratio = statistics.median(r["seconds"] for r in times["this"]) / statistics.median(
            r["seconds"] for r in times["baseline"]
        )
        print(f"this / baseline: {ratio:.2f}")
    same = len(exports) == 1
    print(f"exports byte-identical across every run: {same}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
