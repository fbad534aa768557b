"""The gate on the other cores: batches of lines judged in worker processes, in order.

Ingest's writer thread (placing and writing a batch) and the gate (judging the next one) are
both Python: in one process they share one interpreter lock, so the two took turns on a
machine with cores to spare (issue 13). ``judged_batches`` hands the gate, a pure function of
each line (``memcurator.judging``), to a process pool once a stream is long enough to repay
starting one, and yields each batch's decisions in the input's order, equal to those judged
in-process. At most ``workers + 2`` batches are in flight, so memory stays flat.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
import sys
import threading
from collections import deque
from collections.abc import Generator, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from multiprocessing.connection import wait
from pathlib import Path

from memcurator.decisions import Decision
from memcurator.judging import Line, Oversize, decode, judge, judge_batch

log = logging.getLogger(__name__)

# Lines judged in-process before a pool is started: a worker takes a second or two to import
# the gate, which a short stream (a test, an API call, a small file) would not repay.
POOL_AFTER_LINES = 5000
# Worker processes at most: the parent keeps one core busy writing, the gate needs fewer.
MAX_WORKERS = 4

Batch = list[tuple[int, Line]]


def default_workers() -> int:
    """Gate workers for this machine: one core fewer than it has (the writer keeps one busy),
    none on a single core (there the gate stays in-process), and none when the program's main
    module is a script that a worker would run again (``main_reimport_safe``)."""
    if not main_reimport_safe():
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(0, min(MAX_WORKERS, (cores or 1) - 1))


_GUARD = re.compile(r"""if\s+__name__\s*==\s*["']__main__["']""")


def main_reimport_safe() -> bool:
    """Whether a spawned worker may import this program's main module: a worker process
    imports it (as ``__mp_main__``) before it judges anything, so a script that ingests at
    its top level would ingest again there. Safe: ``python -m package`` (never re-imported),
    an interactive session or ``-c``, and a script whose work sits under ``if __name__ ==
    "__main__"`` (``memcurator``, ``prefect`` and ``pytest`` as installed are)."""
    main = sys.modules.get("__main__")
    spec_name = getattr(getattr(main, "__spec__", None), "name", None)
    if spec_name is not None and spec_name.endswith(".__main__"):
        return True
    path = getattr(main, "__file__", None)
    if path is None:
        return True
    try:
        return bool(_GUARD.search(Path(path).read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return False


def judged_batches(
    batches: Iterable[Batch], *, workers: int | None = None, pool_after: int | None = None
) -> Generator[list[Decision], None, None]:
    """Each batch's decisions, in order: the first ``pool_after`` lines (default
    ``POOL_AFTER_LINES``) judged here, the rest by ``workers`` processes (default
    ``default_workers()``; 0: all here). Should the pool break (a worker killed), the batches
    it held are judged here, and so is the rest."""
    workers = default_workers() if workers is None else workers
    pool_after = POOL_AFTER_LINES if pool_after is None else pool_after
    pool: ProcessPoolExecutor | None = None
    ahead: deque[tuple[Batch, Future[bytes]]] = deque()
    seen = 0
    try:
        for batch in batches:
            if pool is None and (workers < 1 or seen < pool_after):
                seen += len(batch)
                yield [judge(raw, n) for n, raw in batch]
                continue
            if pool is None:
                pool = ProcessPoolExecutor(
                    workers, mp_context=get_context("spawn"), initializer=_exit_with_parent
                )
            plain: Batch = [(n, raw if isinstance(raw, Oversize) else bytes(raw))
                            for n, raw in batch]
            ahead.append((plain, _submit(pool, plain)))
            if len(ahead) > workers + 1:
                yield _result(*ahead.popleft())
        while ahead:
            yield _result(*ahead.popleft())
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _exit_with_parent() -> None:
    """In a worker: exit as soon as the ingesting process is gone. A killed parent (a crash,
    ``kill -9``) does not close the pool, and its workers would wait on it for ever."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_wait_then_exit, args=(parent.sentinel,), daemon=True).start()


def _wait_then_exit(sentinel: int) -> None:
    wait([sentinel])
    os._exit(1)


def _submit(pool: ProcessPoolExecutor, batch: Batch) -> Future[bytes]:
    try:
        return pool.submit(judge_batch, batch)
    except BrokenProcessPool:
        failed: Future[bytes] = Future()
        failed.set_exception(BrokenProcessPool("the gate's pool broke"))
        return failed


def _result(batch: Batch, future: Future[bytes]) -> list[Decision]:
    try:
        return decode(future.result())
    except BrokenProcessPool as exc:
        # The same pure function here gives the same decisions.
        log.warning("gate worker lost (%s): judging its batch in-process", exc)
        return [judge(raw, n) for n, raw in batch]
