"""The commands that run Prefect flows: ``consolidate``, ``backfill`` and ``serve``.

Like the rest of the CLI they parse, call one function and print. Each says that it runs a
flow, shows a progress bar moved by the flows' progress lines (``cli.progress``), then the
summary; Prefect's own log lines show with ``--verbose``. How the flows are run (which Prefect
server, the store's URL through the environment, a quiet console) is ``cli.flow_runs``.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from typing import Annotated, Any

import typer

from memcurator.cli.common import (
    EXIT_BUSY,
    EXIT_STORE,
    EXIT_USAGE,
    DatabaseUrl,
    add_command,
    echo,
    fail,
    open_engine,
)
from memcurator.cli.flow_runs import flows_for, quiet_prefect, require_reachable_prefect
from memcurator.settings import Settings

Partitions = Annotated[
    int | None,
    typer.Option(min=1, max=256, metavar="N", help="Scope partitions, one task each (default: 8)."),
]
Wait = Annotated[
    float,
    typer.Option(
        "--wait",
        min=0,
        metavar="SECONDS",
        help="How long to wait if another pass holds the store (default: 0, give up at once).",
    ),
]
Verbose = Annotated[
    bool,
    typer.Option(
        "--verbose",
        "-v",
        help="Show Prefect's log lines on stderr (PREFECT_LOGGING_LEVEL sets which).",
    ),
]

DaskAddress = Annotated[
    str | None,
    typer.Option(
        "--dask-address",
        envvar="MEMCURATOR_DASK_ADDRESS",
        metavar="URL",
        show_default=False,
        callback=lambda value: _checked_dask_address(value),
        help="A Dask scheduler (tcp://host:8786) whose workers run the partition tasks "
        "(default: threads in this process).",
    ),
]

Workers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        envvar="MEMCURATOR_BACKFILL_WORKERS",
        min=0,
        max=64,
        metavar="N",
        show_default=False,
        help="Run the partitions in N worker processes on this machine (a temporary Dask "
        "cluster; PostgreSQL only), so a long backfill uses N cores (default: threads in "
        "this process).",
    ),
]


def consolidate(
    as_of: Annotated[
        str | None,
        typer.Option(
            "--as-of", metavar="DATE", help="The date to run the pass for (default: yesterday)."
        ),
    ] = None,
    partitions: Partitions = None,
    wait: Wait = 0.0,
    json_out: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    verbose: Verbose = False,
    database_url: DatabaseUrl = None,
    dask_address: DaskAddress = None,
) -> None:
    """Run the nightly pass for one date as the Prefect flow `nightly-consolidation`.

    Promotes observations seen in 3 distinct sessions, expires those unseen for 30 days,
    and batches the rest into topic entries. Running it again for the same date changes
    nothing.

    Example: memcurator consolidate --as-of 2025-03-04
    """
    from memcurator.dates import BadDate, pass_day

    settings = Settings()
    try:
        day = pass_day(as_of, settings.timezone)
    except BadDate as exc:
        fail(str(exc), EXIT_USAGE)
    url = _store_url(database_url)
    require_reachable_prefect()
    typer.echo(f"memcurator: running the nightly pass for {day} as a Prefect flow", err=True)
    started = datetime.now(UTC)
    from memcurator.cli.progress import flow_progress

    count = partitions or settings.partitions
    with _busy_guard(url, wait), flows_for(url, verbose=verbose), _dask_for(dask_address):
        from flows.consolidation import nightly_consolidation

        with flow_progress("partition", count, animate=False if verbose else None):
            summary = nightly_consolidation(as_of=day.isoformat(), partitions=partitions)
    _print_summary(summary, [summary], url, started, json_out)


def backfill(
    start: Annotated[str, typer.Option("--start", metavar="DATE", help="First date, YYYY-MM-DD.")],
    end: Annotated[
        str, typer.Option("--end", metavar="DATE", help="Last date, YYYY-MM-DD (inclusive).")
    ],
    partitions: Partitions = None,
    wait: Wait = 0.0,
    json_out: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    verbose: Verbose = False,
    database_url: DatabaseUrl = None,
    dask_address: DaskAddress = None,
    workers: Workers = None,
) -> None:
    """Run the nightly pass for each date from START to END, in order (the `backfill` flow).

    Dates already consolidated are skipped, so an interrupted backfill can simply be rerun.

    Example: memcurator backfill --start 2025-01-01 --end 2025-03-31
    """
    from memcurator.dates import BadDate, day_range

    try:
        days = day_range(start, end)
    except BadDate as exc:
        fail(str(exc), EXIT_USAGE)
    url = _store_url(database_url)
    require_reachable_prefect()
    typer.echo(
        f"memcurator: running the nightly pass for {len(days)} dates ({days[0]} to {days[-1]}) "
        "as the Prefect flow backfill",
        err=True,
    )
    started = datetime.now(UTC)
    from memcurator.cli.progress import flow_progress

    with (
        _busy_guard(url, wait), flows_for(url, verbose=verbose), _dask_for(dask_address),
        _environ("MEMCURATOR_BACKFILL_WORKERS", None if workers is None else str(workers)),
    ):  # fmt: skip
        from flows.consolidation import backfill as backfill_flow

        with flow_progress("night", len(days), animate=False if verbose else None):
            summary = backfill_flow(start=start, end=end, partitions=partitions)
    _print_summary(summary, summary["per_night"], url, started, json_out)


def _checked_dask_address(address: str | None) -> str | None:
    from memcurator.settings import check_dask_address

    try:
        return check_dask_address(address) if address else None
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _dask_for(address: str | None) -> AbstractContextManager[None]:
    """The flows of this command run their partition tasks on the Dask cluster at ``address``
    (``flows.runners`` reads it from the environment when a flow runs)."""
    return _environ("MEMCURATOR_DASK_ADDRESS", address or None)


@contextmanager
def _environ(name: str, value: str | None) -> Iterator[None]:
    """The setting ``name`` is ``value`` (unless None) while the command's flows run: they
    read their settings from the environment when they run."""
    saved = os.environ.get(name)
    if value is not None:
        os.environ[name] = value
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = saved


def serve() -> None:
    """Serve the deployments to Prefect: nightly schedule, manual backfill, audit, ingest.

    Set PREFECT_API_URL to your Prefect server first (`prefect server start`): runs can then
    be triggered from its UI or with `prefect deployment run`. Without it the deployments are
    served to a temporary server that only this process reaches: the schedule runs while it
    lives, but nothing else can trigger a run. The time zone of the 02:00 schedule is
    MEMCURATOR_TIMEZONE (default: UTC). Ctrl-C stops it.

    Example: PREFECT_API_URL=http://127.0.0.1:4200/api memcurator serve
    """
    quiet_prefect()
    if require_reachable_prefect():
        from flows.deployments import serve_all

        serve_all(Settings())
        return
    typer.echo(TEMPORARY_SERVE, err=True)
    from flows.private_server import private_prefect_server

    with private_prefect_server(
        while_starting=lambda: importlib.import_module("flows.deployments")
    ):
        from flows.deployments import serve_all

        typer.echo("memcurator: the temporary server is up; serving (Ctrl-C stops)", err=True)
        serve_all(Settings(), announce=False)
        typer.echo("memcurator: stopped serving", err=True)


TEMPORARY_SERVE = (
    "memcurator: PREFECT_API_URL is not set: serving the deployments to a temporary Prefect "
    "server that only this process can reach and that goes away with it. The schedules run "
    "while it lives; to trigger runs from elsewhere (the Prefect UI, `prefect deployment "
    "run`), start a server with `prefect server start`, set "
    "PREFECT_API_URL=http://127.0.0.1:4200/api and serve again. Ctrl-C stops."
)


def _store_url(flag: str | None) -> str:
    """The store's URL: the flag (or ``MEMCURATOR_DATABASE_URL``), else the Secret block
    named by ``MEMCURATOR_DATABASE_URL_SECRET`` on the operator's Prefect server."""
    if flag:
        return flag
    settings = Settings()
    if not settings.database_url_secret:
        return settings.database_url
    if not os.environ.get("PREFECT_API_URL"):
        fail(
            "MEMCURATOR_DATABASE_URL_SECRET names a Prefect Secret block: set PREFECT_API_URL "
            "to the server that holds it, or give --database-url",
            EXIT_USAGE,
        )
    quiet_prefect()
    from tasks.secrets import store_url

    try:
        return store_url()
    except Exception as exc:  # the block is missing or the server unreachable: one line
        fail(
            f"cannot read the Prefect Secret block {settings.database_url_secret!r}: "
            f"{type(exc).__name__}",
            EXIT_STORE,
        )


@contextmanager
def _busy_guard(url: str, wait: float) -> Iterator[None]:
    """Take the pass lock before Prefect starts, so a busy store is one clear line."""
    from store.engines import dispose_engines, engine_for
    from store.passlock import PassBusy, pass_lock

    open_engine(url).dispose()  # reachable and at the current schema, or one line
    lock = pass_lock(engine_for(url), wait_seconds=wait)
    try:
        try:
            lock.__enter__()
        except PassBusy as exc:
            fail(str(exc), EXIT_BUSY)
        try:
            yield
        except BaseException as exc:
            lock.__exit__(type(exc), exc, exc.__traceback__)
            raise
        lock.__exit__(None, None, None)
    finally:
        dispose_engines()


def _print_summary(
    summary: dict[str, Any],
    nights: list[dict[str, Any]],
    url: str,
    started: datetime,
    json_out: bool,
) -> None:
    """One line per night, then (for a backfill) the run's totals. A night the ledger says was
    consolidated before this command started is "already done on <date>" with that night's
    counts from the ledger: zeros would read as a quiet night."""
    from store.reading import PASS_COUNTS, pass_ledger

    engine = open_engine(url)
    try:
        ledger = pass_ledger(engine, [n["date"] for n in nights])
    finally:
        engine.dispose()
    earlier = {day: night for day, night in ledger.items() if night["finished_at"] < started}
    if json_out:
        for night in nights:
            if night["date"] in earlier:
                ran = earlier[night["date"]]
                night["already_done_on"] = ran["finished_at"].date().isoformat()
                night["ledger"] = {k: ran[k] for k in PASS_COUNTS}
        echo(json.dumps(summary, sort_keys=True, default=str))
        return
    for night in nights:
        done = earlier.get(night["date"])
        if done is not None:
            counts = _counts(done)
            echo(f"{night['date']}: already done on {done['finished_at'].date()}: {counts}")
        else:
            echo(f"{night['date']}: {_counts(night)}")
    if "start" in summary:
        echo(f"{summary['start']} to {summary['end']}, this run: {_counts(summary['totals'])}")
    if earlier:
        echo(
            "Nights already done were not redone: observations that arrived after a night "
            "was consolidated are picked up by the next pass."
        )


def _counts(night: dict[str, Any]) -> str:
    from store.reading import PASS_COUNTS

    counts = night.get("totals", night)  # a one-night summary nests them
    return ", ".join(f"{k.replace('_', ' ')} {counts.get(k, 0)}" for k in PASS_COUNTS)


def register(app: typer.Typer) -> None:
    """Put this family's commands on the CLI."""
    add_command(app, consolidate)
    add_command(app, backfill)
    add_command(app, serve)
