"""The report and the drift flag as units of work: read the store, build the frames, render.

The CLI (``memcurator report``, ``memcurator drops``) and, later, the nightly flow's artifact
call these; each reads through ``store.reporting`` and leaves the policy to
``memcurator.report_frames`` and ``memcurator.drift``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from memcurator.drift import DriftFlag, DriftSettings, drop_series, find_drift
from memcurator.report_frames import Report, build_report


def load_report(
    engine: Engine,
    *,
    until: date | None = None,
    days: int = 30,
    tenant: str | None = None,
    drift: DriftSettings | None = None,
) -> Report:
    """The report of the ``days`` days ending on ``until`` (default: today, UTC)."""
    from store import reporting

    until = until or datetime.now(UTC).date()
    since = until - timedelta(days=days - 1)
    settings = drift or DriftSettings()
    judged = reporting.judged_per_day(engine, since=since, until=until, tenant=tenant)
    return build_report(
        since=since,
        until=until,
        judged=judged,
        actions=[
            *reporting.gate_actions_per_day(engine, since=since, until=until, tenant=tenant),
            *reporting.night_actions_per_day(engine, since=since, until=until, tenant=tenant),
        ],
        lifetimes=reporting.entry_lifetimes(engine, until=until, tenant=tenant),
        audit=reporting.latest_audit(engine, tenant=tenant),
        history=reporting.drops_per_day(
            engine,
            since=since - timedelta(days=settings.window_days),
            until=until,
            tenant=tenant,
        ),
        drift=settings,
    )


def write_html_report(
    engine: Engine, path: Path, *, until: date | None = None, days: int = 30
) -> Report:
    """Write the HTML report to ``path`` (atomically: a reader never sees half a file)."""
    from memcurator.report_html import render_html

    report = load_report(engine, until=until, days=days)
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(render_html(report), encoding="utf-8")
    partial.replace(path)
    return report


def report_markdown(engine: Engine, day: date, *, days: int = 30) -> str:
    """The report of the ``days`` days ending on ``day`` as Markdown, for a Prefect artifact
    (``create_markdown_artifact(report_markdown(engine, night), key=...)``)."""
    from memcurator.report_html import render_markdown

    return render_markdown(load_report(engine, until=day, days=days))


def drift_flags(
    engine: Engine,
    *,
    since: date,
    until: date,
    drift: DriftSettings | None = None,
) -> list[DriftFlag]:
    """The drift flags of the days ``since`` to ``until``, each judged against the days before
    it (read from a window before ``since``)."""
    from store.reporting import drops_per_day

    settings = drift or DriftSettings()
    history = drops_per_day(engine, since=since - timedelta(days=settings.window_days), until=until)
    return [
        f
        for f in find_drift(drop_series(history), settings)
        if since.isoformat() <= f.day <= until.isoformat()
    ]


def day_drops(
    engine: Engine, day: date, *, drift: DriftSettings | None = None
) -> tuple[dict[str, Any], list[DriftFlag]]:
    """One day's ``drops`` row (day, judged, rejected per rule) and its drift flags, from one
    grouped count over the day and the drift window before it (``load_report`` for one day
    counts the same, but also reads every entry's lifetime and every audit mark)."""
    from store.reporting import drops_per_day

    settings = drift or DriftSettings()
    history = drops_per_day(engine, since=day - timedelta(days=settings.window_days), until=day)
    key = day.isoformat()
    row = next((r for r in history if r["day"] == key), {"day": key, "judged": 0, "rejected": {}})
    flags = [f for f in find_drift(drop_series(history), settings) if f.day == key]
    return row, flags


def with_drift(rows: Sequence[dict[str, Any]], flags: Sequence[DriftFlag]) -> list[dict[str, Any]]:
    """``drops`` rows with a ``drift`` field: that day's flags (an empty list when none)."""
    by_day: dict[str, list[dict[str, Any]]] = {}
    for flag in flags:
        by_day.setdefault(flag.day, []).append(flag.as_dict())
    return [{**row, "drift": by_day.get(row["day"], [])} for row in rows]
