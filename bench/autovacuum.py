"""What autovacuum would do, for a benchmark on a server that runs without it.

This project's CI machine runs PostgreSQL with ``autovacuum = off``
(``/etc/postgresql/15/main/conf.d/90-ci.conf``), and the benchmarks run there: a year's backfill
then leaves every row it rewrote (expired observations, topics grown each night) as a dead
version beside the live one, index entries of rows no longer active among those of active ones,
and the planner's figures as the import left them. A production server vacuums and analyzes
those tables as they change (its default ``autovacuum_naptime`` is 60 s). ``Vacuuming`` does
that work from a thread of the benchmark's own process while a flow runs, as the database's
owner (``VACUUM (ANALYZE, SKIP_LOCKED)`` of the pass's tables, one statement every ``every``
seconds), on the same two cores, so its cost is in the figures as autovacuum's would be; and
``vacuum_once`` is the state a quiet period leaves before a single night.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg

TABLES = ("entries", "entry_sources", "topic_members", "write_log")
STATEMENT = f"VACUUM (ANALYZE, SKIP_LOCKED) {', '.join(TABLES)}"


def _dsn(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def vacuum_once(url: str) -> float:
    """Vacuum and analyze the pass's tables now; the seconds it took."""
    began = time.perf_counter()
    with psycopg.connect(_dsn(url), autocommit=True) as conn:
        conn.execute(STATEMENT)
    return time.perf_counter() - began


class Vacuuming(threading.Thread):
    """``vacuum_once`` every ``every`` seconds until stopped (``with Vacuuming(url, 60):``)."""

    def __init__(self, url: str, every: float) -> None:
        super().__init__(daemon=True)
        self.url, self.every = url, every
        self.stop = threading.Event()
        self.runs, self.seconds = 0, 0.0

    def run(self) -> None:
        while not self.stop.wait(self.every):
            self.seconds += vacuum_once(self.url)
            self.runs += 1

    def __enter__(self) -> Vacuuming:
        if self.every > 0:
            self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop.set()
        if self.is_alive():
            self.join()

    def said(self) -> str:
        return f"{self.runs} vacuums while it ran, {self.seconds:.1f} s in all"
