"""Progress for long ingests: a Rich bar on a terminal, silence in pipes and CI logs."""

from __future__ import annotations

import sys
from typing import BinaryIO

from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from sqlalchemy import Engine

from memcurator.app.ingest import IngestReport, ingest_stream, read_lines


def ingest_with_progress(
    engine: Engine,
    stream: BinaryIO,
    *,
    size: int | None,
    batch_size: int,
    max_line_bytes: int,
) -> IngestReport:
    """Ingest a stream, showing bytes read and candidates judged when stderr is a terminal."""
    lines = read_lines(stream, max_line_bytes)
    if not sys.stderr.isatty():
        return ingest_stream(engine, lines, batch_size=batch_size)
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
