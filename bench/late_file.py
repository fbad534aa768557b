"""Ingest's CPU seconds on SQLite for three arrivals of one generated stream:

    python bench/late_file.py --users 20 --days 40

- ``in_order_2nd``: the stream's second half, into a store holding its first half;
- ``late_1st``: the first half, into a store holding the second (a late, older file: most of
  its candidates reopen their key);
- ``shuffled_1st``: the first half in a random order, into an empty store.

CPU seconds of the ingesting process (``time.process_time``), so a busy machine inflates them
less than wall time; compare runs of two builds alternated in one session.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time

from sqlalchemy import Engine

from memcurator.app.ingest import ingest_stream
from memcurator.workload import generate_stream
from store.engine import make_engine, upgrade


def _store() -> Engine:
    engine = make_engine(f"sqlite:///{tempfile.mkdtemp()}/bench.db")
    upgrade(engine)
    return engine


def _cpu(engine: Engine, lines: list[bytes]) -> float:
    start = time.process_time()
    ingest_stream(engine, lines, batch_size=1000)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--days", type=int, default=40)
    args = parser.parse_args()
    lines = [line.encode() for line in generate_stream(users=args.users, days=args.days, seed=13)]
    first, second = lines[: len(lines) // 2], lines[len(lines) // 2 :]
    out = {}
    engine = _store()
    _cpu(engine, first)
    out["in_order_2nd"] = _cpu(engine, second)
    engine = _store()
    _cpu(engine, second)
    out["late_1st"] = _cpu(engine, first)
    shuffled = list(first)
    random.Random(5).shuffle(shuffled)
    out["shuffled_1st"] = _cpu(_store(), shuffled)
    print(json.dumps({k: round(v, 2) for k, v in out.items()}), f"{len(first):,} candidates each")


if __name__ == "__main__":
    main()
