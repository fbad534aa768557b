"""A backfill's partitions in worker processes on this machine (issue 13).

A backfill's time is mostly Python (the plan's TF-IDF and clustering, reading rows); threads in
one process share one interpreter lock, so on threads a backfill's Python uses about one core
whatever the machine has. On two cores PostgreSQL has the other, so the gain there is small
(the seed's year 0.93x the threads' time in the same run, README "A long backfill on this
machine's cores"); more cores were not measured. With ``MEMCURATOR_BACKFILL_WORKERS=N``
(``memcurator backfill --workers N``) the backfill starts a temporary Dask cluster on this
machine for its run: ``N`` worker processes (``prefect_dask.DaskTaskRunner`` with a
``LocalCluster``), each running its share of the partition tasks as threads, so every
partition still walks its nights at once and a night's progress line comes as soon as every
partition committed it. The tasks are the same tasks with the same retries; the ledger, the
pass lock (``store.passlock.pass_token``) and the export are those of the thread runner
(``tests/integration/test_local_cluster.py``).

Not for one night: a worker process costs seconds to start (importing Prefect and the project)
and a night's own work is about that, so the nightly flow keeps its threads. Not on SQLite: the
store's file lock is held by the flow's process. Not with ``MEMCURATOR_DASK_ADDRESS``: a cluster
that is already there wins.

The workers are started from this process, so they inherit its environment (the store's URL
among it: never a task parameter); what they add is the Prefect API the flow reports to (a
temporary server's included, which a new process would otherwise start on its own), the
Prefect settings this process runs under, and its console's level (the CLI shows warnings only
unless ``-v``; the task runs' lines still reach the Prefect API and UI).
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from memcurator.settings import Settings
from store.engine import StoreError, first_line

if TYPE_CHECKING:
    from prefect.task_runners import TaskRunner
    from sqlalchemy import Engine


def local_workers(engine: Engine, partitions: int, settings: Settings | None = None) -> int:
    """How many local worker processes a backfill of ``partitions`` partitions runs on: the
    ``backfill_workers`` setting, at most one per partition; 0 (threads in the flow's
    process) when it is 0, on SQLite, or with a Dask cluster's address set."""
    settings = settings or Settings()
    if unused_workers(engine, settings):
        return 0
    return min(settings.backfill_workers, partitions)


def unused_workers(engine: Engine, settings: Settings | None = None) -> str | None:
    """Why a ``backfill_workers`` setting is not used (for the run's log), or None."""
    settings = settings or Settings()
    if not settings.backfill_workers:
        return None
    if settings.dask_address:
        return "MEMCURATOR_DASK_ADDRESS names a Dask cluster, whose workers run the partitions"
    if engine.dialect.name != "postgresql":
        return (
            "local worker processes need a PostgreSQL store (SQLite's pass lock is a file lock "
            "of the flow's process), so the partitions run as threads"
        )
    return None


def worker_environment() -> dict[str, str]:
    """What a worker process needs beyond this process's environment: the Prefect settings in
    force here, and the API the flow run reports to."""
    from prefect.client.orchestration import get_client
    from prefect.settings import get_current_settings

    env: dict[str, str] = {
        k: str(v) for k, v in get_current_settings().to_environment_variables(
            exclude_unset=True).items()
    }  # fmt: skip
    with get_client(sync_client=True) as client:
        env["PREFECT_API_URL"] = str(client.api_url)
    if level := _console_level():  # the CLI shows only warnings unless -v: so do the workers
        env["PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL"] = logging.getLevelName(level)
    return env


def _console_level() -> int:
    """The level of Prefect's console handler in this process (0: everything)."""
    from prefect.logging.handlers import PrefectConsoleHandler

    loggers = [logging.getLogger(), *map(logging.getLogger, logging.root.manager.loggerDict)]
    levels = [
        h.level for lg in loggers for h in getattr(lg, "handlers", [])
        if isinstance(h, PrefectConsoleHandler)
    ]  # fmt: skip
    return max(levels, default=0)


class WorkersUnavailable(StoreError):
    """The backfill's local worker processes could not be started: nothing ran on them."""


@contextmanager
def local_cluster(workers: int, partitions: int) -> Iterator[TaskRunner[Any]]:
    """A started task runner on a temporary cluster of ``workers`` processes on this machine,
    each with a thread for each of its share of ``partitions``; torn down on leaving, after
    the workers have sent their tasks' last log lines to Prefect. The cluster is started here,
    so a failure to start it is one line (``WorkersUnavailable``) before any task runs."""
    from prefect_dask.task_runners import DaskTaskRunner

    saved = dict(os.environ)
    runner = DaskTaskRunner(
        cluster_kwargs={
            "n_workers": workers,
            "threads_per_worker": math.ceil(partitions / workers),
            "processes": True,
            "dashboard_address": None,  # no web server nobody asked for
            # No memory cap a worker would be paused or killed at (the default: the machine's
            # memory shared out): threads in the flow's process have none either, and Dask would
            # rerun a killed worker's partitions quietly, beside Prefect's own retries.
            "memory_limit": 0,
            "env": worker_environment(),
        }
    )
    try:
        with runner:
            try:
                runner.client  # noqa: B018  (the property starts the cluster)
            except Exception as exc:
                raise WorkersUnavailable(
                    f"could not start {workers} local worker processes for the backfill: "
                    f"{first_line(exc)}; run it on threads with --workers 0 "
                    "(MEMCURATOR_BACKFILL_WORKERS=0)"
                ) from exc
            try:
                yield runner
            finally:
                _send_logs(runner)
    finally:
        # Starting a worker sets thread counts and a hash seed in this process's environment
        # (distributed's nanny): what later processes started from here inherit.
        for name in set(os.environ) - set(saved):
            os.environ.pop(name, None)
        os.environ.update(saved)


async def _drain_logs() -> None:
    from prefect.logging.handlers import APILogWorker

    await APILogWorker.drain_all(timeout=5)  # type: ignore[misc]


def _send_logs(runner: Any) -> None:
    """Each worker's queued log lines sent to Prefect before the worker goes (its last night's
    lines would otherwise be lost with it)."""
    try:
        runner.client.run(_drain_logs)
    except Exception:  # a worker already gone: what it had sent is what the UI shows
        logging.getLogger(__name__).warning("a backfill worker's last log lines were not sent")
