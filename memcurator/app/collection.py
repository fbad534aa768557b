"""CPython's cyclic garbage collector, held back while a nightly pass or an ingest runs.

A pass loads a partition's observations, sightings and topics and keeps them until its
transaction ends: hundreds of thousands of rows, tuples and dataclasses, which reference
counting frees afterwards (the pass makes little cyclic garbage). With the default thresholds
the collector runs a young collection every 700 net allocations and, as the heap grows, full
collections over everything alive, every imported module included. Measured with
``gc.callbacks`` on a first night in process (``bench/profile_night.py``'s store), the
collector took 2.2 of 14.6 CPU s at 200 users (4.6 of 32.7 at 500); with the young threshold
at 50,000, 0.13 s at 200 users. Ingest likewise: 50,000 candidates of the seed's workload
spent 1.57 of the ingesting process's 22.9 CPU s in 1,679 collections, held back 0.11 s in 4.
What it holds back is at most a young generation of cyclic garbage, a few megabytes.

The thresholds are the process's, and passes run partitions on threads: the first holder to
start raises the young threshold, the last to end puts back what was there, unless something
else set it in between. A threshold already higher (or 0, the collector off) is left as it is,
and so are the older generations' thresholds.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 50_000

_lock = threading.Lock()
_passes = 0
_raised_from: int | None = None  # the young threshold this module replaced, while raised


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The young threshold at ``YOUNG_THRESHOLD`` while any pass or ingest of this process
    runs."""
    global _passes, _raised_from
    with _lock:
        if _passes == 0:
            young, older, oldest = gc.get_threshold()
            if 0 < young < YOUNG_THRESHOLD:
                gc.set_threshold(YOUNG_THRESHOLD, older, oldest)
                _raised_from = young
        _passes += 1
    try:
        yield
    finally:
        with _lock:
            _passes -= 1
            if _passes == 0 and _raised_from is not None:
                young, older, oldest = gc.get_threshold()
                if young == YOUNG_THRESHOLD:  # not set by someone else since: ours to undo
                    gc.set_threshold(_raised_from, older, oldest)
                _raised_from = None
