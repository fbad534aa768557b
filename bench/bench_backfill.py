"""Does a backfill over a pre-loaded store give what nightly runs would have given? Measured.

    python bench/bench_backfill.py --pg-url postgresql://postgres@127.0.0.1:5432/memcurator_test

The workload (``memcurator.workload.generate_stream``, ``--users`` x ``--days``, one session
per user per day unless ``--sessions-per-day`` says otherwise) goes through the real gate into
two fresh PostgreSQL schemas:

- *pre-loaded*: every candidate ingested first, then the nightly pass for every date in order
  (an import of history, then the manual backfill);
- *interleaved*: each day's candidates ingested, then that night's pass (the schedule).

Both run the pass's unit of work (``memcurator.app.nightly.consolidate_partition``) per date,
one partition, without Prefect. Prints, for each, promotions, expiries, observation entries,
topic entries and facts, whether the two full exports are identical, and exits 1 when not.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import Engine, func, select, text

from memcurator.app.ingest import ingest_stream
from memcurator.app.nightly import Partition, consolidate_partition
from memcurator.consolidation import Policy
from memcurator.workload import generate_stream
from store.engine import WRITER, make_engine, upgrade
from store.passlock import pass_lock
from store.queries import iter_entries
from store.tables import Entry, WriteLog

START = date(2025, 1, 6)  # generate_stream's first day
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def day_of(line: str, current: date) -> date:
    """The UTC date of a line's ``created_at``; junk lines go with the line before them."""
    try:
        moment = datetime.fromisoformat(json.loads(line)["created_at"].replace("Z", "+00:00"))
    except (ValueError, TypeError, KeyError, AttributeError):
        return current
    return (moment.astimezone(UTC) if moment.tzinfo else moment).date()


def ingest(engine: Engine, lines: list[str]) -> None:
    ingest_stream(engine, [ln.encode() for ln in lines], clock=lambda: NOW)


def night(engine: Engine, day: date) -> None:
    with pass_lock(engine), engine.connect().execution_options(**WRITER) as conn, conn.begin():
        consolidate_partition(
            conn, as_of=day, partition=Partition(0, 1), policy=Policy(), flow_run_id=None, now=NOW
        )


def figures(engine: Engine) -> dict[str, int]:
    """What the passes did, read from the store and its write log."""
    with engine.connect() as conn:
        rows = conn.execute(select(WriteLog.action, func.count()).group_by(WriteLog.action))
        actions: dict[str, int] = {action: n for action, n in rows}
        count = func.count()
        observations = conn.scalar(select(count).where(Entry.type == "observation"))
        topics = conn.scalar(select(count).where(Entry.subject_key.startswith("topic:")))
        facts = conn.scalar(select(count).where(Entry.type == "fact", Entry.status == "active"))
    return {
        "promotions": actions.get("promoted", 0),
        "expiries": actions.get("expired", 0),
        "observation entries": observations or 0,
        "topic entries": topics or 0,
        "active facts": facts or 0,
    }


def export(engine: Engine) -> list[str]:
    return [json.dumps(e, sort_keys=True) for e in iter_entries(engine, status="all")]


def fresh_schema(pg_url: str) -> Engine:
    schema = f"bench_backfill_{uuid.uuid4().hex[:8]}"
    admin = make_engine(pg_url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    admin.dispose()
    engine = make_engine(f"{pg_url}?options=-csearch_path%3D{schema}")
    upgrade(engine)
    return engine


def drop_schema(pg_url: str, engine: Engine) -> None:
    schema = str(engine.url.query["options"]).split("=", 1)[1]
    engine.dispose()
    admin = make_engine(pg_url)
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg-url", required=True)
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--days", type=int, default=120)
    parser.add_argument("--sessions-per-day", type=int, default=1, help="per user")
    args = parser.parse_args()
    lines = list(
        generate_stream(users=args.users, days=args.days, sessions_per_day=args.sessions_per_day)
    )
    dates = [START + timedelta(days=i) for i in range(args.days)]
    by_day: dict[date, list[str]] = {}
    current = START
    for line in lines:
        current = day_of(line, current)
        by_day.setdefault(current, []).append(line)
    ahead, nightly = fresh_schema(args.pg_url), fresh_schema(args.pg_url)
    try:
        started = time.perf_counter()
        ingest(ahead, lines)
        for day in dates:
            night(ahead, day)
        ahead_s = time.perf_counter() - started
        started = time.perf_counter()
        for day in dates:
            ingest(nightly, by_day.get(day, []))
            night(nightly, day)
        nightly_s = time.perf_counter() - started
        a, b = figures(ahead), figures(nightly)
        same = export(ahead) == export(nightly)
    finally:
        drop_schema(args.pg_url, ahead)
        drop_schema(args.pg_url, nightly)
    print(
        f"{len(lines):,} candidates, {args.users} users x {args.days} days, "
        f"{args.sessions_per_day} session(s) per user per day"
    )
    print(f"{'':24}{'pre-loaded':>14}{'interleaved':>14}")
    for name in a:
        print(f"{name:24}{a[name]:>14,}{b[name]:>14,}")
    print(f"{'seconds':24}{ahead_s:>14.1f}{nightly_s:>14.1f}")
    print(f"full exports identical: {'yes' if same else 'NO'}")
    sys.exit(0 if same and a == b else 1)


if __name__ == "__main__":
    main()
