"""The backfill's body (the flow is ``flows.consolidation.backfill``): the nightly pass for
every date of a range, partition-major.

Partitions are independent and a partition's nights are sequential, so the backfill submits
one task per partition (``tasks.consolidation.consolidate_partition_nights``, named
``consolidate-2025-01-01-to-2025-03-31-p05-of-08``, retried like the nightly task), and each
walks the range in order: every night is the nightly pass's own unit of work
(``memcurator.app.nightly.consolidate_partition``) in its own transaction with its own
ledger row, so the store ends as the nightly passes run one by one would leave it, and a
night the ledger holds is skipped (a retried task resumes at the night it failed on). It
costs one task per partition instead of a subflow and a task per night and partition.

The flow watches the ledger while the tasks run (it is the one record every runner writes,
threads or a Dask cluster) and logs one progress line per night as soon as every partition
has committed it, in date order ("night 3 of 38, 2025-01-03: promoted 2, ..." or "... already
done on <date>: ..." for a night every partition of which was done before this run), with its
figures for the CLI (``flows.progress``); each task logs its own line per night it did. The
``backfill`` table artifact has one row per night and a totals row.

With ``MEMCURATOR_BACKFILL_WORKERS`` (``--workers``) the partition tasks run on a temporary
Dask cluster of that many worker processes on this machine (``flows.local_cluster``), the same
tasks with the same retries and results; else on the flow's runner (``flows.runners``: threads,
or the Dask cluster of ``MEMCURATOR_DASK_ADDRESS``).

A backfilled night has no flow run of its own, so no per-night ``nightly-summary`` artifact
either: its figures are its row of the ``backfill`` table, its progress line, and its task's
per-night lines; the ledger (``memcurator passes``) and the write log hold the rest.

A partition that fails a night (after its retries) stops there; the others go on to the end.
The flow then fails with one line per failed partition: which night, why, and how to rerun
(the rerun skips what the ledger holds, so it ends as one clean run would).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

from prefect import get_run_logger
from prefect.artifacts import create_table_artifact
from prefect.context import TagsContext
from prefect.futures import PrefectFuture, wait
from prefect.runtime import flow_run
from prefect.task_runners import TaskRunner
from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from flows.local_cluster import local_cluster, local_workers, unused_workers
from flows.progress import progress_extra
from flows.runners import StatisticsKeeper, fresh_statistics, pass_lock_token
from memcurator.app.nightly import Partition, partition_name
from memcurator.dates import day_range
from memcurator.settings import Settings
from memcurator.steps import FIGURES
from store.engine import StoreError, require_current_schema
from store.errors import StoreFault, is_transient
from store.passlock import pass_lock
from store.reading import night_rows, nights_landed
from tasks.common import with_retries
from tasks.consolidation import consolidate_partition_nights, nights_name
from tasks.secrets import store_engine

TOTAL = "total"
DEPLOYMENT = "backfill/manual"
POLL_SECONDS = 1.0  # how often the flow reads the ledger for nights newly complete


class BackfillFailed(StoreError):
    """One or more partitions stopped at a failed night; the others did every night."""


def backfill_name() -> str:
    """The backfill run's name, ``backfill-START-to-END``."""
    params = flow_run.get_parameters()
    return f"backfill-{params.get('start')}-to-{params.get('end')}"


def run_backfill(
    start: date | str, end: date | str, partitions: int | None, wait_seconds: float
) -> dict[str, Any]:
    """The body of the ``backfill`` flow (``flows.consolidation``): one task per partition
    walking the nights in order, a progress line per night, the ``backfill`` table; the
    run's summary."""
    days = [d.isoformat() for d in day_range(start, end)]
    count = partitions or Settings().partitions
    if count < 1:
        raise ValueError(f"partitions must be at least 1, not {count}")
    engine = store_engine()
    require_current_schema(engine)
    walk = with_retries(consolidate_partition_nights)
    nights = Nights(engine, days, count, str(flow_run.get_id() or ""))
    workers = local_workers(engine, count)
    if unused := unused_workers(engine):
        get_run_logger().warning("MEMCURATOR_BACKFILL_WORKERS not used: %s", unused)
    with pass_lock(engine, wait_seconds=wait_seconds), _runner(workers, count) as runner:
        lock = pass_lock_token(engine)  # a task on a Dask worker checks the flow still holds it
        fresh_statistics(engine, get_run_logger())
        statistics = StatisticsKeeper(engine, get_run_logger())
        # No tags on the tasks (a tag-concurrency lease per tagged task run: flows.nightly).
        with TagsContext(current_tags=set()):
            futures = [
                walk.submit(days[0], days[-1], i, count, lock) if runner is None
                else runner.submit(walk, _walk_parameters(days, i, count, lock))
                for i in range(count)
            ]  # fmt: skip
        pending = list(futures)
        while pending:
            pending = list(wait(pending, timeout=POLL_SECONDS).not_done)
            try:
                nights.report_complete()
            except DBAPIError as exc:  # the tasks decide the run; a missed look is retaken
                if not is_transient(exc):
                    raise
            statistics.tick()  # the nights' own changes, where autovacuum is behind
        nights.report_complete(final=True)
        failures = [_failure(f, days, Partition(i, count), nights) for i, f in enumerate(futures)]
    failed = [f for f in failures if f is not None]
    rows = nights.rows()
    _publish(days, rows)
    logger = get_run_logger()
    for fault in failed:
        logger.error(failure_line(days, fault))
    if failed:
        first = min(failed, key=lambda f: (f["date"], f["partition"]))
        stopped = ", ".join(f"{f['partition']} on {f['date']}" for f in failed)
        raise BackfillFailed(
            f"backfill {days[0]} to {days[-1]}: {len(failed)} of {count} partitions stopped "
            f"({stopped})"
            f"{', the others did every night' if len(failed) < count else ''}; rerun with: "
            f"memcurator backfill --start {days[0]} --end {days[-1]} "
            f"(first: {first['name']}: {first['reason']})"
        )
    return {
        "start": days[0],
        "end": days[-1],
        "nights": len(days),
        "partitions": count,
        "totals": nights.this_run(),
        "per_night": [{"date": r["date"], **r["counts"]} for r in rows],
    }


@contextmanager
def _runner(workers: int, count: int) -> Iterator[TaskRunner[Any] | None]:
    """The backfill's own local cluster of ``workers`` processes (``flows.local_cluster``), or
    None: the flow's runner (threads, or the Dask cluster of ``MEMCURATOR_DASK_ADDRESS``)."""
    if not workers:
        yield None
        return
    get_run_logger().info(
        "partitions on %d local worker processes (MEMCURATOR_BACKFILL_WORKERS), %d threads each",
        workers, math.ceil(count / workers),
    )  # fmt: skip
    with local_cluster(workers, count) as runner:
        yield runner


def _walk_parameters(days: list[str], index: int, count: int, lock: str | None) -> dict[str, Any]:
    return {"start": days[0], "end": days[-1], "index": index, "count": count, "lock": lock}


class Nights:
    """The backfill's nights as the ledger tells them: which are complete (every partition
    committed), what each did, and whether this run did it or an earlier one."""

    def __init__(self, engine: Engine, days: list[str], count: int, run_id: str) -> None:
        self.engine, self.days, self.run_id = engine, days, run_id
        self.labels = [Partition(i, count).label for i in range(count)]
        self.reported: dict[str, dict[str, Any]] = {}  # date -> its row, once complete
        self.next = 0  # the first night not yet reported (earlier ones all are)
        self.logger = get_run_logger()

    def report_complete(self, *, final: bool = False) -> None:
        """Log a progress line for each night newly complete, in date order; ``final``
        (every task has ended): also the complete nights after one left incomplete."""
        if self.next >= len(self.days):
            return
        landed = nights_landed(self.engine, self.days[self.next], self.days[-1], self.labels)
        whole = len(self.labels)
        ready: list[str] = []
        for day in self.days[self.next :]:
            if landed.get(day) == whole:
                ready.append(day)
            elif not final:
                break
        if not ready:
            return
        for day, rows in night_rows(self.engine, ready, self.labels).items():
            self.reported[day] = self._row(day, rows)
        for day in ready:
            self._log(day)
        while self.next < len(self.days) and self.days[self.next] in self.reported:
            self.next += 1
        if final:
            self.next = len(self.days)

    def _row(self, day: str, rows: list[dict[str, Any]], complete: bool = True) -> dict[str, Any]:
        ours = [r for r in rows if self.run_id and r["flow_run_id"] == self.run_id]
        earlier = complete and not ours
        return {
            "date": day,
            "counts": {f.key: sum(r[f.key] for r in rows) for f in FIGURES},
            "this_run": {f.key: sum(r[f.key] for r in ours) for f in FIGURES},
            "done_on": max(r["finished_at"] for r in rows).date().isoformat() if earlier else None,
            "note": "" if complete else f"not done: {len(rows)} of {len(self.labels)} partitions",
        }

    def _log(self, day: str) -> None:
        row, done = self.reported[day], self.days.index(day) + 1
        figures = ", ".join(f"{f.heading} {row['counts'][f.key]}" for f in FIGURES)
        when = f"already done on {row['done_on']}: " if row["done_on"] else ""
        self.logger.info(
            f"night {done} of {len(self.days)}, {day}: {when}{figures}",
            extra=progress_extra(
                "night", date=day, done=done, total=len(self.days),
                totals=row["counts"], already_done=row["done_on"],
            ),
        )  # fmt: skip

    def rows(self) -> list[dict[str, Any]]:
        """A row per night: a complete night's, or for one left incomplete, what its
        committed partitions did."""
        missing = [d for d in self.days if d not in self.reported]
        partial = night_rows(self.engine, missing, self.labels) if missing else {}
        return [
            self.reported.get(day) or self._row(day, partial.get(day, []), complete=False)
            for day in self.days
        ]

    def this_run(self) -> dict[str, int]:
        """What this run did, summed over its nights (a night done before adds nothing)."""
        totals: Counter[str] = Counter({f.key: 0 for f in FIGURES})
        for row in self.rows():
            totals.update(row["this_run"])
        return dict(totals)

    def first_missing(self, label: str) -> str | None:
        """The first night whose ledger lacks ``label``: where that partition stopped."""
        rows = night_rows(self.engine, self.days, [label])
        return next((d for d in self.days if d not in rows), None)


def _failure(
    future: PrefectFuture[Any], days: list[str], partition: Partition, nights: Nights
) -> dict[str, Any] | None:
    """None for a partition task that did every night; else which night stopped it and
    why (``StoreFault``: never SQL, parameters or content)."""
    future.wait()  # done already; this records its final state on the future
    state = future.state
    if state.is_completed():
        return None
    fault: Any
    try:
        fault = state.result(raise_on_failure=False)
    except Exception:  # the state holds no readable result (the run crashed)
        fault = None
    day = nights.first_missing(partition.label) or days[0]
    if not isinstance(fault, StoreFault):
        name = nights_name(days[0], days[-1], partition.label)
        fault = StoreFault(name, f"the task run ended {state.type.value}", False, 1)
    else:
        day = fault.where.removeprefix("consolidate-")[:10]
    return {
        "partition": partition.label, "date": day, "name": partition_name(day, partition.label),
        "reason": fault.reason, "transient": fault.transient, "attempt": fault.attempt,
    }  # fmt: skip


def failure_line(days: list[str], failure: dict[str, Any]) -> str:
    """One readable line per partition that stopped: which night, why, retried or not, what
    was left undone and how to rerun."""
    if failure["transient"]:
        retried = failure["attempt"] - 1
        verdict = f"transient, retried {retried} time{'s' if retried != 1 else ''}, still failing"
    else:
        verdict = "not transient, so not retried (a retry would fail the same way)"
    day, first, last = failure["date"], days[0], days[-1]
    left = f"{day} to {last}" if day != last else day
    return (
        f"{failure['name']} failed: {failure['reason']}; {verdict}. Partition "
        f"{failure['partition']} stopped there, its nights {left} not done (each builds on "
        f"the one before); the other partitions went on. To finish once fixed (nights done are "
        f"skipped): memcurator backfill --start {first} --end {last}, or Retry on this flow "
        f"run, or prefect deployment run '{DEPLOYMENT}' --param start={first} --param end={last}"
    )


def _publish(days: list[str], rows: list[dict[str, Any]]) -> None:
    table = [_table_row(r) for r in rows]
    shown: Counter[str] = Counter()
    for row in table:
        shown.update({f.heading: row[f.heading] for f in FIGURES})
    create_table_artifact(
        key="backfill",
        table=[*table, {"date": TOTAL, **dict(shown), "note": f"{len(days)} nights"}],
        description=(
            f"Backfill {days[0]} to {days[-1]}: {len(days)} nightly passes, partition by "
            "partition; a night already done shows the ledger's counts"
        ),
    )


def _table_row(row: dict[str, Any]) -> dict[str, Any]:
    note = f"already done on {row['done_on']}" if row["done_on"] else row["note"]
    return {"date": row["date"], **{f.heading: row["counts"][f.key] for f in FIGURES}, "note": note}
