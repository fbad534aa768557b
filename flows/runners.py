"""Which task runner the nightly pass's partition tasks run on, decided when the flow runs.

``PartitionTaskRunner`` is the flows' ``task_runner``. Each flow run enters a copy of it
(Prefect duplicates a flow's runner per run, subflows included: a subflow does not inherit its
parent's runner, it enters its own), and that copy reads the settings then, in the process the
flow runs in (the CLI's, or the one a deployment's worker starts), not when the module is
imported:

- ``MEMCURATOR_DASK_ADDRESS`` set (``tcp://host:8786``, or ``--dask-address``): the tasks run
  on that Dask cluster through ``prefect_dask.DaskTaskRunner(address=...)``;
- unset: Prefect's ``ThreadPoolTaskRunner``, threads in the flow's process, as before.

The workers read the store's URL from their own environment (``MEMCURATOR_DATABASE_URL``, or
the Secret block named by ``MEMCURATOR_DATABASE_URL_SECRET``): it is never a task parameter.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Self

from prefect.futures import PrefectFuture
from prefect.task_runners import TaskRunner, ThreadPoolTaskRunner
from prefect.tasks import Task

from memcurator.settings import Settings
from store.engine import StoreError, describe_url, first_line
from store.passlock import pass_token
from store.statistics import refresh_statistics

if TYPE_CHECKING:
    from sqlalchemy import Engine


class ClusterUnreachable(StoreError):
    """The Dask scheduler named by the settings did not answer: nothing ran on it."""


class PartitionTaskRunner(TaskRunner[PrefectFuture[Any]]):
    """Threads, or the Dask cluster at ``address`` (default: ``Settings().dask_address``,
    read when a flow run enters the runner)."""

    def __init__(self, address: str | None = None) -> None:
        self.address = address
        self._inner: TaskRunner[Any] | None = None
        self._unconnected: str | None = None  # a cluster not connected to yet
        super().__init__()  # type: ignore[no-untyped-call]

    def kind(self) -> str:
        """What a run entering this runner now would run its tasks on: dask or threads."""
        return "dask" if self._address() else "threads"

    def duplicate(self) -> Self:
        return type(self)(self.address)

    def _address(self) -> str | None:
        return self.address or Settings().dask_address

    def __enter__(self) -> Self:
        address = self._address()
        inner: TaskRunner[Any] = dask_runner(address) if address else ThreadPoolTaskRunner()
        inner.__enter__()
        self._inner = inner
        self._unconnected = address
        super().__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        inner, self._inner = self._inner, None
        try:
            if inner is not None:
                inner.__exit__(*exc)
        finally:
            super().__exit__(*exc)

    def submit(
        self,
        task: Task[Any, Any],
        parameters: dict[str, Any],
        wait_for: Iterable[PrefectFuture[Any]] | None = None,
        dependencies: dict[str, set[Any]] | None = None,
    ) -> PrefectFuture[Any]:
        if self._inner is None:
            raise RuntimeError("The task runner must be started before submitting work.")
        if self._unconnected:
            # Inside the flow's body, so an unreachable scheduler fails the run (a flow whose
            # runner fails to start stays Running in the UI) and a flow that submits nothing
            # (the backfill itself) never connects.
            _connect(self._inner, self._unconnected)
            self._unconnected = None
        future: PrefectFuture[Any] = self._inner.submit(task, parameters, wait_for, dependencies)
        return future


def pass_lock_token(engine: Engine) -> str | None:
    """The flow's pass lock as its partition tasks check it (``store.passlock.pass_token``).
    On a Dask cluster the store must be PostgreSQL: a worker cannot check a SQLite file lock
    held on another machine (nor share the file)."""
    if Settings().dask_address and engine.dialect.name != "postgresql":
        raise StoreError(
            f"a Dask cluster needs a PostgreSQL store, not {describe_url(engine)}: unset "
            "MEMCURATOR_DASK_ADDRESS to run on threads"
        )
    return pass_token(engine)


def fresh_statistics(engine: Engine, logger: Any) -> None:
    """Before a pass's tasks: the store's statistics brought up to date where autovacuum is
    behind (``store.statistics``), said in the run's log; a pass goes on if it cannot be."""
    analyzed, failed = refresh_statistics(engine)
    if analyzed:
        logger.info("planner statistics refreshed first (stale): %s", ", ".join(analyzed))
    if failed:
        logger.warning(
            "could not refresh the planner statistics (%s); rerun `memcurator init` as the "
            "owner to grant memcurator_refresh_statistics() to the app role", failed
        )


# How often a backfill looks again, while its tasks run, for tables its own nights made stale.
STATISTICS_SECONDS = 60.0


class StatisticsKeeper:
    """A backfill's statistics kept up to date while its tasks run (``tick`` from the flow's
    loop: at most one look every ``every`` seconds, the first ``every`` after it was made).

    A backfill's own nights change the tables as much as the import before it did: over a
    year of the seed's workload most observations expire and every topic grows, so plans made
    from the statistics of its first night (the observations then all active) read ever more
    rows the planner did not expect. Autovacuum analyzes them in time on most servers; where
    it is behind or off (this project's CI machine runs without it), the pass's statements
    were planned from the import's figures all year. Each look is
    ``memcurator_refresh_statistics()`` (analyzes only a table changed by more than 1,000 rows
    plus a fifth since its last analysis, skipping one autovacuum holds), outside any night's
    transaction; a look that fails is said once and the backfill goes on."""

    def __init__(
        self, engine: Engine, logger: Any, *, every: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:  # fmt: skip
        self.engine, self.logger, self.clock = engine, logger, clock
        self.every = STATISTICS_SECONDS if every is None else every
        self.last = clock()
        self.refreshed: list[str] = []
        self.failed = False

    def tick(self) -> None:
        """Refresh what is stale if ``every`` seconds have passed since the last look."""
        now = self.clock()
        if now - self.last < self.every:
            return
        self.last = now
        analyzed, failed = refresh_statistics(self.engine)
        if analyzed:
            self.refreshed += analyzed
            self.logger.info(
                "planner statistics refreshed (stale after this run's nights so far): %s",
                ", ".join(analyzed),
            )
        if failed and not self.failed:
            self.failed = True
            self.logger.warning("could not refresh the planner statistics (%s)", failed)


def dask_runner(address: str) -> TaskRunner[Any]:
    """prefect-dask's runner on the existing cluster at ``address``."""
    from prefect_dask.task_runners import DaskTaskRunner

    runner: TaskRunner[Any] = DaskTaskRunner(address=address)
    return runner


def _connect(runner: TaskRunner[Any], address: str) -> None:
    """Connect before the first task is handed over, so an unreachable scheduler is one clear
    error before any task starts. How long to try is Dask's own setting
    (``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT``, default 30s)."""
    try:
        runner.client  # type: ignore[attr-defined]  # noqa: B018  (the property connects)
    except (OSError, TimeoutError) as exc:
        reason = first_line(exc)
        raise ClusterUnreachable(
            f"cannot reach the Dask scheduler at {address}: {reason}; start it "
            "(`dask scheduler`) or unset MEMCURATOR_DASK_ADDRESS to run on threads"
        ) from exc
