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

from flows.consolidation import nightly_consolidation
from memcurator.app import nightly
from tests.passes import stage_hooks

_order = itertools.count(1)
_guard = threading.Lock()


def _slow_checkpoint(conn: Any, stage: str) -> None:
    if stage == "topics":
        with _guard:
            n = next(_order)
        time.sleep(1.5 * n)


if __name__ == "__main__":
    url, day, partitions = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for name, seam in stage_hooks(_slow_checkpoint).items():
        setattr(nightly, name, seam)
    os.environ["MEMCURATOR_DATABASE_URL"] = url
    nightly_consolidation(as_of=day, partitions=partitions)
