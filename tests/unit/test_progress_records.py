"""The progress contract between the flows and the CLI: what a flow logs with
``progress_extra`` is what ``progress_of`` reads back off the log record."""

from __future__ import annotations

import logging

from flows.progress import progress_extra, progress_of


def test_a_progress_line_carries_its_figures_on_the_record() -> None:
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    logger = logging.getLogger("memcurator.test.progress")
    logger.addHandler(Keep())
    logger.setLevel(logging.INFO)
    logger.info("night done", extra=progress_extra("night", date="2025-01-02", done=2, total=5))
    logger.info("an ordinary line")
    assert progress_of(seen[0]) == {"kind": "night", "date": "2025-01-02", "done": 2, "total": 5}
    assert progress_of(seen[1]) is None
