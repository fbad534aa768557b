"""Run the nightly flow with every partition pausing before it commits (a crash target).

``python -m tests.slow_pass URL DATE PARTITIONS``: the n-th partition to reach its last
write step sleeps n x 1.5 s, so partitions commit one by one and a test can SIGKILL the
process between two commits.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
import time
from typing import Any

import store.consolidation
from flows.consolidation import nightly_consolidation

_order = itertools.count(1)
_guard = threading.Lock()


def _slow_checkpoint(conn: Any, stage: str) -> None:
    if stage == "topics":
        with _guard:
            n = next(_order)
        time.sleep(1.5 * n)


if __name__ == "__main__":
    url, day, partitions = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store.consolidation.checkpoint = _slow_checkpoint
    os.environ["MEMCURATOR_DATABASE_URL"] = url
    nightly_consolidation(as_of=day, partitions=partitions)
