"""Progress for long commands: a Rich bar on a terminal; in pipes and CI logs no animation.

- ``ingest_with_progress``: bytes read and candidates judged (silent in a pipe);
- ``flow_progress``: the nights or partitions of a running flow, moved by the progress lines
  the flows log (``flows.progress``: a log record that carries ``memcurator_progress``); in a
  pipe, one line per night finished (a backfill) or per night's last partition (consolidate).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO, Literal

from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from sqlalchemy import Engine

from flows.progress import progress_of
from memcurator.app.ingest import IngestReport, ingest_stream, read_lines


def ingest_with_progress(
    engine: Engine,
    stream: BinaryIO,
    *,
    size: int | None,
    batch_size: int,
    max_line_bytes: int,
    in_a_pipe: Callable[[IngestReport], None] | None = None,
) -> IngestReport:
    """Ingest a stream, showing bytes read and candidates judged when stderr is a terminal;
    elsewhere ``in_a_pipe`` (if given) hears of each batch instead."""
    lines = read_lines(stream, max_line_bytes)
    if not sys.stderr.isatty():
        return ingest_stream(engine, lines, batch_size=batch_size, on_batch=in_a_pipe)
    columns = (
        TextColumn("[bold]gating[/]"),
        BarColumn(),
        DownloadColumn(),
        TextColumn("{task.fields[judged]:,} candidates"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("ingest", total=size, judged=0)

        def update(report: IngestReport) -> None:
            position = stream.tell() if stream.seekable() else None
            progress.update(task, completed=position, judged=report.lines)

        return ingest_stream(engine, lines, batch_size=batch_size, on_batch=update)


# Progress lines come through Prefect's run loggers, which propagate to this one.
PREFECT_LOGGER = "prefect"
Unit = Literal["partition", "night"]


class FlowProgress(logging.Handler):
    """Moves one bar on the progress lines of a running flow: ``unit`` "partition" (one
    night, its partitions done of total) or "night" (a backfill, its nights done of total,
    the current night's partitions beside the bar). Other log records are ignored; a record
    whose figures are not numbers is ignored too (a progress bar must never fail a pass)."""

    def __init__(self, unit: Unit, total: int, console: Console, *, animate: bool) -> None:
        super().__init__(logging.DEBUG)
        self.unit = unit
        self.console = console
        self.animate = animate
        self.progress = Progress(
            TextColumn(f"[bold]{'partitions' if unit == 'partition' else 'nights'}[/]"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[note]}"),
            TimeElapsedColumn(),
            console=console,
            disable=not animate,
        )
        self.task: TaskID = self.progress.add_task(unit, total=total, note="")

    def emit(self, record: logging.LogRecord) -> None:
        figures = progress_of(record)
        if figures is None:
            return
        try:
            self.advance(figures)
        except (KeyError, TypeError, ValueError):
            return

    def advance(self, figures: dict[str, Any]) -> None:
        kind, day = figures["kind"], str(figures["date"])
        done, total = int(figures["done"]), int(figures["total"])
        if kind == self.unit:
            note = f"{day}" if kind == "partition" else f"last {day}"
            self.progress.update(self.task, completed=done, total=total, note=note)
            if not self.animate and (kind == "night" or done == total):
                what = "partitions" if kind == "partition" else "nights"
                self.console.print(
                    f"memcurator: {day}: {done} of {total} {what} done",
                    markup=False,
                    highlight=False,
                )
        elif kind == "partition":  # a backfill's current night
            self.progress.update(self.task, note=f"{day}: {done} of {total} partitions")


@contextmanager
def flow_progress(
    unit: Unit, total: int, *, console: Console | None = None, animate: bool | None = None
) -> Iterator[FlowProgress]:
    """Watch the flows this process runs inside the ``with`` block and show how far they
    got: a bar on a terminal (stderr), else one plain line per finished night."""
    console = console or Console(stderr=True)
    animate = console.is_terminal if animate is None else animate
    handler = FlowProgress(unit, total, console, animate=animate)
    logger = logging.getLogger(PREFECT_LOGGER)
    logger.addHandler(handler)
    try:
        with handler.progress:
            yield handler
    finally:
        logger.removeHandler(handler)
