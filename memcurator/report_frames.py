"""The operators' report as pandas frames, built from the store's per-day rows.

Pure: rows in (plain dicts, as ``store.reporting`` returns them), frames and drift flags out.
Every frame covers every calendar day of the window, a quiet day as zeros, so a night that did
nothing is a visible row rather than a missing one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pandas as pd

from memcurator.drift import DriftFlag, DriftSettings, drop_series, find_drift

# The per-day table's activity columns after the drops, and the log actions each one counts.
ACTIVITY = {
    "merges": ("merged", "refined"),
    "supersessions": ("superseded",),
    "promotions": ("promoted",),
    "expiries": ("expired",),
    "topics created": ("topic_created",),
    "topics updated": ("consolidated",),
}


@dataclass(frozen=True)
class Report:
    """Everything the report shows, for the days ``since`` to ``until`` inclusive."""

    since: date
    until: date
    per_day: pd.DataFrame  # index day; judged, dropped, "dropped: <rule>"..., activity columns
    drop_rates: pd.DataFrame  # index day; one column per rule: share of the day's judged
    active: pd.DataFrame  # index day; one column per entry type: active at the day's close
    audit: pd.DataFrame  # one row per type: audited, wrong, wrong_rate, last_marked
    flags: list[DriftFlag] = field(default_factory=list)

    @property
    def days(self) -> list[str]:
        return list(self.per_day.index)


def calendar(since: date, until: date) -> pd.Index:
    """Every day from ``since`` to ``until`` as ISO strings (they sort as dates)."""
    return pd.Index(pd.date_range(since, until, freq="D").strftime("%Y-%m-%d"), name="day")


def per_day_frame(
    judged: Iterable[Mapping[str, Any]],
    actions: Iterable[Mapping[str, Any]],
    days: pd.Index,
) -> pd.DataFrame:
    """Per day: candidates judged, dropped in all and per rule, then the log's activity.
    ``judged`` rows are (day, outcome, rule, n); ``actions`` rows are (day, action, n)."""
    gate = pd.DataFrame.from_records(list(judged), columns=["day", "outcome", "rule", "n"])
    frame = pd.DataFrame(index=days)
    frame["judged"] = gate.groupby("day")["n"].sum()
    rejected = gate[gate["outcome"] == "rejected"]
    frame["dropped"] = rejected.groupby("day")["n"].sum()
    by_rule = rejected.pivot_table(index="day", columns="rule", values="n", aggfunc="sum")
    for rule in sorted(by_rule.columns):
        frame[f"dropped: {rule}"] = by_rule[rule]
    logged = pd.DataFrame.from_records(list(actions), columns=["day", "action", "n"])
    for column, names in ACTIVITY.items():
        frame[column] = logged[logged["action"].isin(names)].groupby("day")["n"].sum()
    return frame.fillna(0).astype("int64")


def drop_rate_frame(per_day: pd.DataFrame) -> pd.DataFrame:
    """Each rule's share of the day's judged candidates; NaN on a day with none judged (no
    rate to speak of, so a chart shows a gap rather than a fall to 0%)."""
    rules = [c for c in per_day.columns if c.startswith("dropped: ")]
    judged = per_day["judged"].where(per_day["judged"] > 0)
    rates = per_day[rules].div(judged, axis=0).round(4)
    return rates.rename(columns=lambda c: c.removeprefix("dropped: "))


def active_frame(
    lifetimes: Mapping[str, Sequence[Mapping[str, Any]]], days: pd.Index
) -> pd.DataFrame:
    """Entries of each type active at the close of each day: every start up to the day minus
    every end up to the day (``lifetimes`` as ``store.reporting.entry_lifetimes`` gives it)."""
    counts: dict[str, pd.DataFrame] = {}
    for name in ("starts", "ends"):
        rows = pd.DataFrame.from_records(
            list(lifetimes.get(name, [])), columns=["type", "day", "n"]
        )
        wide = rows.pivot_table(index="day", columns="type", values="n", aggfunc="sum")
        # History before the window counts too: cumulate over every day, then keep the window.
        every = wide.index.union(days).sort_values()
        counts[name] = wide.reindex(every).fillna(0).cumsum()
    types = sorted(set(counts["starts"].columns) | set(counts["ends"].columns))
    starts = counts["starts"].reindex(columns=types, fill_value=0)
    ends = counts["ends"].reindex(index=starts.index, columns=types).ffill().fillna(0)
    active = (starts - ends).reindex(days).ffill().fillna(0)
    active.columns.name = None
    return active.astype("int64")


def audit_frame(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """One row per type: audited, wrong, the wrong-entry rate, and the latest verdict's day."""
    frame = pd.DataFrame.from_records(
        list(rows), columns=["type", "audited", "wrong", "last_marked"]
    ).set_index("type")
    frame["wrong_rate"] = (frame["wrong"] / frame["audited"]).round(4)
    return frame[["audited", "wrong", "wrong_rate", "last_marked"]]


def build_report(
    *,
    since: date,
    until: date,
    judged: Sequence[Mapping[str, Any]],
    actions: Sequence[Mapping[str, Any]],
    lifetimes: Mapping[str, Sequence[Mapping[str, Any]]],
    audit: Sequence[Mapping[str, Any]],
    history: Sequence[Mapping[str, Any]] = (),
    drift: DriftSettings | None = None,
) -> Report:
    """The whole report. ``history`` is ``drops``-shaped rows (day, judged, rejected) reaching
    back a drift window before ``since``, so the first days shown have a baseline too; drift
    flags are kept for the days shown."""
    days = calendar(since, until)
    per_day = per_day_frame(judged, actions, days)
    flags = [
        f
        for f in find_drift(drop_series(history), drift)
        if since.isoformat() <= f.day <= until.isoformat()
    ]
    return Report(
        since=since,
        until=until,
        per_day=per_day,
        drop_rates=drop_rate_frame(per_day),
        active=active_frame(lifetimes, days),
        audit=audit_frame(audit),
        flags=flags,
    )
