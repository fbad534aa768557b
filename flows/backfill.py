"""The backfill's body (the flow is ``flows.consolidation.backfill``): the nightly pass for
every date of a range, in order, as subflows.

Each night is a ``nightly-YYYY-MM-DD`` subflow run of ``nightly-consolidation``, tagged
``memcurator``, ``nightly``, ``backfill`` and ``date:YYYY-MM-DD``: a subflow has no deployment
of its own (Prefect sets a run's deployment only when a deployment creates it), so the
nightly deployment's page does not list it, but a ``nightly`` tag filter on the Runs page (or
the flow's page, ``nightly-consolidation``) finds scheduled and backfilled nights alike, and
``backfill`` tells the two apart.

The backfill logs one progress line per night ("night 3 of 38, 2025-01-03: promoted 2, ..."
or "... already done on <date>: ..." with the ledger's counts for a night consolidated
earlier), carrying its figures for the CLI (``flows.progress``), and publishes a ``backfill``
table artifact with one row per night and a totals row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

from prefect import get_run_logger, tags
from prefect.artifacts import create_table_artifact
from prefect.runtime import flow_run
from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings

from flows.progress import progress_extra
from memcurator.dates import day_range
from memcurator.steps import FIGURES
from store.engine import schema_checked
from store.passlock import pass_lock
from store.reading import pass_ledger
from tasks.secrets import store_engine

TOTAL = "total"


def backfill_name() -> str:
    """The backfill run's name, ``backfill-START-to-END``."""
    params = flow_run.get_parameters()
    return f"backfill-{params.get('start')}-to-{params.get('end')}"


def night_tags(day: str) -> list[str]:
    """The tags of a backfilled night's subflow run."""
    return ["memcurator", "nightly", "backfill", f"date:{day}"]


def run_backfill(
    nightly: Any,
    start: date | str,
    end: date | str,
    partitions: int | None,
    wait_seconds: float,
) -> dict[str, Any]:
    """The body of the ``backfill`` flow (``flows.consolidation``): ``nightly`` (the nightly
    flow) for each date from ``start`` to ``end``, as tagged subflows, with a progress line
    per night and the ``backfill`` table; the run's summary."""
    days = day_range(start, end)
    engine = store_engine()
    logger = get_run_logger()
    nights: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    # The schema is checked once here, not again by every night; the nights re-enter this
    # run's pass lock (``store.passlock``: re-entrant in one process) and send no heartbeats.
    with schema_checked(engine), pass_lock(engine, wait_seconds=wait_seconds), _nights_quiet():
        for done, day in enumerate(days, start=1):
            with tags(*night_tags(day.isoformat())):
                night = nightly(as_of=day.isoformat(), partitions=partitions)
            nights.append(night)
            earlier = _earlier(engine, night)
            counts = earlier[1] if earlier else dict(night["totals"])
            rows.append(_row(night["date"], counts, earlier[0] if earlier else None))
            logger.info(
                _night_line(done, len(days), night["date"], counts, earlier and earlier[0]),
                extra=progress_extra(
                    "night",
                    date=night["date"],
                    done=done,
                    total=len(days),
                    totals=counts,
                    already_done=earlier[0] if earlier else None,
                ),
            )
    totals: Counter[str] = Counter()  # what this run did: a night's totals hold the ledger's
    for night in nights:  # counts for partitions done before, its "this_run" does not
        totals.update(night.get("this_run", night["totals"]))
    shown: Counter[str] = Counter()
    for row in rows:
        shown.update({f.heading: row[f.heading] for f in FIGURES})
    create_table_artifact(
        key="backfill",
        table=[*rows, {"date": TOTAL, **dict(shown), "note": f"{len(days)} nights"}],
        description=(
            f"Backfill {days[0]} to {days[-1]}: {len(days)} nightly passes; a night already "
            "done shows the ledger's counts"
        ),
    )
    return {
        "start": days[0].isoformat(),
        "end": days[-1].isoformat(),
        "nights": len(nights),
        "totals": dict(totals),
        "per_night": [{"date": n["date"], **n["totals"]} for n in nights],
    }


@contextmanager
def _nights_quiet() -> Iterator[None]:
    """The nights' subflow runs without heartbeats of their own. Prefect starts a heartbeat
    thread for every flow run and joins it at the run's end, which waits for the thread's
    one-second sleep: about a second per night of a backfill. The backfill's own run goes on
    sending them (its thread started before this, with the settings of then), so a crashed
    backfill is still detected; a nightly run on its own keeps its heartbeats."""
    with temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}):
        yield


def _earlier(engine: Any, night: dict[str, Any]) -> tuple[str, dict[str, int]] | None:
    """When a night every partition of which was already done ran, and its counts then:
    the nightly summary's own (``already_done_on``, ``ledger``) if it gives them, else the
    ledger's. None for a night this run did (all or in part)."""
    if not night.get("partitions") or night.get("already_done") != night["partitions"]:
        return None
    if night.get("already_done_on") and isinstance(night.get("ledger"), dict):
        return str(night["already_done_on"]), {
            f.key: night["ledger"].get(f.key, 0) for f in FIGURES
        }
    ledger = pass_ledger(engine, [night["date"]]).get(night["date"])
    if ledger is None:
        return None
    return ledger["finished_at"].date().isoformat(), {f.key: ledger.get(f.key, 0) for f in FIGURES}


def _row(day: str, counts: dict[str, int], done_on: str | None) -> dict[str, Any]:
    note = f"already done on {done_on}" if done_on else ""
    return {"date": day, **{f.heading: counts.get(f.key, 0) for f in FIGURES}, "note": note}


def _night_line(
    done: int, total: int, day: str, counts: dict[str, int], done_on: str | None
) -> str:
    figures = ", ".join(f"{f.heading} {counts.get(f.key, 0)}" for f in FIGURES)
    when = f"already done on {done_on}: " if done_on else ""
    return f"night {done} of {total}, {day}: {when}{figures}"
