"""Profile the nightly pass's own work, one night at a time, without Prefect.

    python bench/profile_night.py build --pg-url URL --users 100 --days 120
    python bench/profile_night.py night --pg-url URL --users 100 --days 120 [--profile N]
        [--threads] [--shared-clock]
    python bench/profile_night.py first --pg-url URL --users 100 --days 365 [--profile N]

``build`` synthesises the post-gate store of ``bench_nightly.py`` (same workload, same seed)
into ``<database>_base`` and runs the nightly pass for every day but the last, partition-major
and in this process (each partition's night in its own transaction, under the pass lock, with
a clock two hours later each night: ``clock_of``), so the changed-scope path is taken as in
production; then analyzes it, as autovacuum would have by the next night. ``--deeper N`` then
copies the history N times further back (10x the store with ``--deeper 9``).

``night`` copies that store (a template copy: every run starts from the same bytes), runs the
last day of data (a night with the day's activity) and the day after it, prints each night's
seconds (the partitions one after another: the pass's own work, no Prefect) and a digest of
the export, and with ``--profile N`` the top N functions of the first night by cumulative time.
Run it before and after a change on the same template to compare times and exports.

``first`` synthesises the same store into ``<database>_first`` and never consolidates it: each
repeat copies it and runs the last day of data alone, the first night after an install over a
store of imported history (every observation of the period at once).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import json
import pstats
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg
from bench_nightly import (
    START,
    create_database,
    database_url,
    deepen_history,
    synthesise,
)

from memcurator.app.nightly import Partition, consolidate_partition
from memcurator.consolidation import Policy
from store.engine import WRITER, make_engine, upgrade
from store.member_cache import MemberCache
from store.passlock import pass_lock
from store.queries import iter_entries

NOW = datetime(2026, 1, 1, tzinfo=UTC)  # the first pass's clock: after every row's stamp


def clock_of(day: date) -> datetime:
    """The clock of the pass of ``day``: two hours later each night, as nights run one after
    another (one fixed clock for every night would make each night's ``written_since`` look
    back over every write of the walk: ``store.member_cache.WRITTEN_MARGIN``)."""
    return NOW + timedelta(hours=2 * (day - START).days)


def run_night(
    url: str, day: date, partitions: int, caches: list[MemberCache] | None = None,
    *, threads: bool = False, shared: bool = False,
) -> float:
    """Every partition's pass of ``day``; with ``caches`` (one per partition), each keeps the
    topic members it read for the next night, as a backfill's walk over its nights does. With
    ``threads`` the partitions run at once, a thread each, as the nightly flow's thread runner
    runs them; with ``shared`` on the night's one clock (``shared_clock``), as its tasks do."""
    engine = make_engine(url)
    now = clock_of(day)

    def one(index: int) -> None:
        members = caches[index] if caches is not None else None
        with (
            pass_lock(engine),  # re-entered: the night holds it
            engine.connect().execution_options(**WRITER) as conn,
            conn.begin(),
        ):
            consolidate_partition(
                conn, as_of=day, partition=Partition(index, partitions), policy=Policy(),
                flow_run_id="profile", now=now, members=members, shared_clock=shared,
            )  # fmt: skip
        if members is not None:
            members.commit(day.isoformat(), now)

    began = time.perf_counter()
    try:
        with pass_lock(engine):
            if threads:
                with ThreadPoolExecutor(max_workers=partitions) as pool:
                    list(pool.map(one, range(partitions)))
            else:
                for index in range(partitions):
                    one(index)
        return time.perf_counter() - began
    finally:
        engine.dispose()


def export_digest(url: str) -> str:
    """The first 16 hex digits of a SHA-256 over the store's full export."""
    engine = make_engine(url)
    digest = hashlib.sha256()
    for entry in iter_entries(engine, status="all"):
        digest.update(json.dumps(entry, ensure_ascii=False, sort_keys=True).encode())
    engine.dispose()
    return digest.hexdigest()[:16]


def build(args: argparse.Namespace) -> None:
    base = f"{args.database}_base"
    url = database_url(args.pg_url, base)
    create_database(args.pg_url, base)
    engine = make_engine(url)
    upgrade(engine)
    loaded = synthesise(engine, args.users, args.days)
    engine.dispose()
    print(f"synthesised {loaded['entries']:,} entries, {loaded['entry_sources']:,} sources")
    profiler = cProfile.Profile() if args.profile_out else None
    # Partition-major as a backfill (each partition's nights in order, with its cache of topic
    # members) but night by night here, so the nights' times print as they go.
    caches = None if args.no_member_cache else [MemberCache() for _ in range(args.partitions)]
    began = time.perf_counter()
    for d in range(args.days - 1):
        if profiler is not None:
            profiler.enable()
        seconds = run_night(url, START + timedelta(days=d), args.partitions, caches)
        if profiler is not None:
            profiler.disable()
        if d % 30 == 29:
            print(f"  night {d + 1}: {seconds:.2f} s", flush=True)
    print(f"backfilled {args.days - 1} nights in {time.perf_counter() - began:.1f} s")
    if caches:
        hits, misses = sum(c.hits for c in caches), sum(c.misses for c in caches)
        print(f"topic members from the walk's cache: {hits:,}, read: {misses:,}")
    print(f"export {export_digest(url)}", flush=True)
    if profiler is not None:
        profiler.dump_stats(args.profile_out)
    # What autovacuum would have done by the next night (this project's CI server runs without
    # it). A copy of the template keeps these statistics but not the counts of rows changed
    # since, so a flow's look for stale tables on a copy finds nothing: without this, every
    # night measured on a copy was planned from the import's figures (on the year's store,
    # partitions in turn: 3.2-3.45 s before, 2.44 s after).
    began = time.perf_counter()
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1),
                         autocommit=True) as conn:  # fmt: skip
        conn.execute("ANALYZE")
    print(f"analyzed after the backfill in {time.perf_counter() - began:.1f} s", flush=True)
    if args.deeper:
        grown = deepen_history(url, args.deeper, args.days)
        print(f"deepened x{args.deeper + 1}: {grown['entries']:,} entries")


def night(args: argparse.Namespace) -> None:
    base, run = f"{args.database}_base", f"{args.database}_run"
    last = START + timedelta(days=args.days - 1)
    for repeat in range(args.repeat):
        create_database(args.pg_url, run, template=base)
        url = database_url(args.pg_url, run)
        profiler = cProfile.Profile() if args.profile and repeat == 0 else None
        times = []
        for day in (last, last + timedelta(days=1)):
            if profiler is not None and day == last:
                profiler.enable()
            times.append(run_night(url, day, args.partitions, threads=args.threads,
                                   shared=args.shared_clock))  # fmt: skip
            if profiler is not None and day == last:
                profiler.disable()
        print(
            f"run {repeat + 1}: night {last} {times[0]:.3f} s, night after {times[1]:.3f} s, "
            f"export {export_digest(url)}",
            flush=True,
        )
        if profiler is not None:
            _print_profile(profiler, args)


def never_consolidated(pg_url: str, name: str, users: int, days: int, *, build: bool) -> None:
    """The synthesised store no pass has run on, in database ``name``: made afresh with
    ``build``, else the one there, brought to the code's schema (a newer migration)."""
    if build:
        create_database(pg_url, name)
    engine = make_engine(database_url(pg_url, name))
    try:
        upgrade(engine)
        if build:
            loaded = synthesise(engine, users, days)
            print(f"synthesised {loaded['entries']:,} entries, {loaded['entry_sources']:,} sources")
    finally:
        engine.dispose()


def first(args: argparse.Namespace) -> None:
    base, run = f"{args.database}_first", f"{args.database}_run"
    never_consolidated(args.pg_url, base, args.users, args.days, build=args.build)
    last = START + timedelta(days=args.days - 1)
    for repeat in range(args.repeat):
        create_database(args.pg_url, run, template=base)
        url = database_url(args.pg_url, run)
        profiler = cProfile.Profile() if args.profile and repeat == 0 else None
        if profiler is not None:
            profiler.enable()
        seconds = run_night(url, last, args.partitions)
        if profiler is not None:
            profiler.disable()
        print(f"run {repeat + 1}: first night {last} {seconds:.3f} s, export {export_digest(url)}")
        if profiler is not None:
            _print_profile(profiler, args)


def _print_profile(profiler: cProfile.Profile, args: argparse.Namespace) -> None:
    if args.profile_out:
        profiler.dump_stats(args.profile_out)
    for order in ("cumulative", "tottime"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(args.profile)
        print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("build", "night", "first"))
    parser.add_argument("--pg-url", required=True)
    parser.add_argument("--database", default="memcurator_profile_night")
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--days", type=int, default=120)
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--deeper", type=int, default=0)
    parser.add_argument(
        "--no-member-cache", action="store_true",
        help="build: read every night's topic members afresh (as before the walk's cache)",
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--threads", action="store_true", help="night: the partitions at once, a thread each"
    )
    parser.add_argument(
        "--shared-clock", action="store_true",
        help="night: the partitions on the night's one clock (the nightly flow's tasks)",
    )  # fmt: skip
    parser.add_argument(
        "--build", action=argparse.BooleanOptionalAction, default=True,
        help="first: synthesise the store again (--no-build reuses <database>_first)",
    )
    parser.add_argument("--profile", type=int, default=0, help="print the top N functions")
    parser.add_argument(
        "--profile-out",
        help="write cProfile stats here: of the first night (night), of every night (build)",
    )
    args = parser.parse_args()
    {"build": build, "night": night, "first": first}[args.what](args)


if __name__ == "__main__":
    main()
