"""A night's meaning check with and without the vectors earlier nights kept (issue 13: a
night's cost follows the day's changes; issue 10's grouping by meaning).

Usage: python bench/bench_night_vectors.py [--users 20] [--days 40] [--templates A] [--rounds 2]

Builds a SQLite store from a text-only free-text stream (``bench/freetext/gen.py``, the
extractor sends no subject, so the night's leftovers step does its most): every day but the
last ingested and backfilled, then the last day ingested. Each round times the last night,
``memcurator consolidate`` alone in a new process, on two copies of that store: one as the
nights left it (the vectors of every statement they compared are kept), one with
``statement_vectors`` emptied, which is what every night cost before the vectors were kept
(each current fact of each scope with activity encoded again). The two orders alternate;
the exports after the night must be identical. Prints seconds, peak memory, the statements
encoded and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MC = str(Path(sys.executable).with_name("memcurator"))
START = date(2025, 3, 1)  # gen.py's first day


def run(db: Path, *args: str) -> float:
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": f"sqlite:///{db}"}
    began = time.perf_counter()
    subprocess.run(
        [MC, *args], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return time.perf_counter() - began


def night(db: Path, as_of: str) -> tuple[float, float]:
    """The night alone in a new process: wall seconds and the process's peak memory (MiB)."""
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": f"sqlite:///{db}"}
    code = (
        "import resource, sys, time\n"
        "t = time.perf_counter()\n"
        f"sys.argv = ['memcurator', 'consolidate', '--as-of', '{as_of}', '--partitions', '2']\n"
        "from memcurator.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
    ).stdout.split()
    return float(out[-2]), int(out[-1]) / 1024


def vectors(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM statement_vectors").fetchone()[0])


def export(db: Path) -> str:
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": f"sqlite:///{db}"}
    return subprocess.run(
        [MC, "export", "--status", "all"], env=env, check=True, capture_output=True, text=True
    ).stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--users", type=int, default=20)
    ap.add_argument("--days", type=int, default=40)
    ap.add_argument("--templates", default="A")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    last = START + timedelta(days=args.days - 1)
    with tempfile.TemporaryDirectory(prefix="bench-vectors-") as tmp:
        work = Path(tmp)
        subprocess.run(
            [sys.executable, str(ROOT / "bench" / "freetext" / "gen.py"), "--seed",
             str(args.seed), "--templates", args.templates, "--users", str(args.users),
             "--days", str(args.days), "--extractor", "text", "--out", str(work / "gen")],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        early, final = work / "early.jsonl", work / "last.jsonl"
        with (work / "gen" / "candidates.jsonl").open() as lines, early.open("w") as a, \
                final.open("w") as b:  # fmt: skip
            for line in lines:
                (b if json.loads(line)["created_at"] >= last.isoformat() else a).write(line)
        base = work / "base.db"
        run(base, "init")
        run(base, "ingest", str(early))
        built = run(base, "backfill", "--start", START.isoformat(), "--end",
                    (last - timedelta(days=1)).isoformat(), "--partitions", "2")  # fmt: skip
        run(base, "ingest", str(final))
        kept_before = vectors(base)
        print(f"store: bank {args.templates} text only, {args.users} users x {args.days} days; "
              f"{args.days - 1} nights backfilled in {built:.1f} s; "
              f"{kept_before} vectors kept")  # fmt: skip
        times: dict[str, list[float]] = {"kept": [], "none kept": []}
        peaks: dict[str, list[float]] = {"kept": [], "none kept": []}
        encoded: dict[str, int] = {}
        exports: dict[str, str] = {}
        for n in range(args.rounds):
            order = ["kept", "none kept"] if n % 2 == 0 else ["none kept", "kept"]
            for kind in order:
                db = work / f"{kind.replace(' ', '_')}_{n}.db"
                shutil.copy(base, db)
                if kind == "none kept":
                    with sqlite3.connect(db) as conn:
                        conn.execute("DELETE FROM statement_vectors")
                before = vectors(db)
                seconds, peak = night(db, last.isoformat())
                times[kind].append(seconds)
                peaks[kind].append(peak)
                encoded[kind] = vectors(db) - before
                exports[kind] = export(db)
        print("| the last night, alone in a new process | seconds | peak MiB | encoded |")
        print("|---|---|---|---|")
        for kind in ("none kept", "kept"):
            shown = " / ".join(f"{t:.2f}" for t in times[kind])
            print(f"| {kind} | {shown} | {max(peaks[kind]):.0f} | {encoded[kind]} |")
        ratio = min(times["kept"]) / min(times["none kept"])
        print(f"ratio kept / none kept (best of {args.rounds}): {ratio:.2f}")
        same = exports["kept"] == exports["none kept"]
        print(f"exports identical: {same}")
        if not same:
            sys.exit("the night decided otherwise with kept vectors")


if __name__ == "__main__":
    main()
