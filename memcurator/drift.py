"""The drift flag: a gate rule whose drop rate moves away from its own recent baseline.

The policy's tuning signal is "a category of entry being rejected at a rate that suggests the
threshold or the extraction prompt is wrong". A fixed threshold on the rate cannot say that: a
transient rule that drops 40% of a chatty agent's notes is healthy if it always has. What
signals a broken prompt or threshold is a *change* in a rule's rate, so each rule is compared
with itself.

The method is a p-chart (Shewhart's control chart for a proportion) with a moving centre line:

- the series is one row per calendar day and rule: candidates judged that day (all of them,
  whichever rule fired) and candidates that rule dropped. A day with nothing judged is a day
  with 0 of 0, not a missing day, so the window below is calendar days;
- the **baseline** of day *d* is the pooled rate of the ``window_days`` (14) days before *d*,
  *d* itself excluded (so a jump cannot hide in its own baseline). Pooling (drops over judged
  across the window) weighs busy days more than quiet ones; two weeks cover both weekdays and
  weekends twice and still let the baseline follow a deliberate change within days;
- day *d* is **flagged** when its rate differs from the baseline by more than ``sigmas`` (4)
  standard errors of the difference between two binomial proportions (the pooled two-sample
  z statistic, which also counts the baseline's own uncertainty) **and** by at least
  ``min_change`` (5 percentage points) in absolute terms.

  Why 4 and not the p-chart's classic 3: a store has some ten rules and is read every day, so
  3 sigma (a 0.27% two-sided false-alarm rate) would flag about ten noise days a year; 4 sigma
  (0.006%) flags about one every four years, while a move from 20% to 35% at 200 candidates a
  day is still 5.0 sigma and flagged on its first day. Why the absolute minimum: at the seed's
  6,500 candidates a day a one-point move is already many sigma, real (people change), and not
  worth a person's look; five points is the smallest change a threshold or prompt fix targets;
- a day is judged only when it has at least ``min_volume`` (50) candidates, and a baseline
  only when at least ``min_baseline_days`` (5) of its days had that many: a quiet Sunday with
  4 of 6 dropped is not evidence of anything, nor is a store three days old.

A sustained shift is flagged on the days after it starts, until the moving baseline has caught
up with the new level (a few days); a return to the old level is flagged the same way. Each
flag names the rule, the day, the rate and the baseline. Pure: plain data and pandas, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import pandas as pd


@dataclass(frozen=True, slots=True)
class DriftSettings:
    """The knobs of the drift flag (the module docstring says why these defaults)."""

    window_days: int = 14
    sigmas: float = 4.0
    min_change: float = 0.05
    min_volume: int = 50
    min_baseline_days: int = 5


@dataclass(frozen=True, slots=True)
class DriftFlag:
    """One rule on one day whose drop rate left its baseline."""

    rule: str
    day: str
    rate: float
    baseline: float
    judged: int
    dropped: int
    baseline_judged: int
    z: float

    @property
    def direction(self) -> str:
        return "up" if self.rate > self.baseline else "down"

    def describe(self) -> str:
        """One line a person reads: the rule, the day, the rate and the baseline."""
        return (
            f"drift: rule {self.rule} dropped {self.rate:.1%} on {self.day} "
            f"({self.dropped} of {self.judged}), {self.direction} from a baseline of "
            f"{self.baseline:.1%} over the previous days ({self.z:+.1f} sigma)"
        )

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "direction": self.direction}


def drop_series(days: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """The drift input (day, rule, judged, dropped) from per-day rows shaped like
    ``memcurator drops``: ``{"day", "judged", "rejected": {rule: n}}``. Every rule that dropped
    anything on any day gets a row for every day (0 dropped when it did not fire)."""
    rows = list(days)
    rules = sorted({rule for row in rows for rule in row["rejected"]})
    records = [
        {
            "day": row["day"],
            "rule": rule,
            "judged": int(row["judged"]),
            "dropped": int(row["rejected"].get(rule, 0)),
        }
        for row in rows
        for rule in rules
    ]
    return pd.DataFrame.from_records(records, columns=["day", "rule", "judged", "dropped"])


def find_drift(series: pd.DataFrame, settings: DriftSettings | None = None) -> list[DriftFlag]:
    """Every (rule, day) of ``series`` (columns day, rule, judged, dropped; days as ISO dates)
    whose drop rate left the rule's own baseline, in day then rule order."""
    settings = settings or DriftSettings()
    flags: list[DriftFlag] = []
    if series.empty:
        return flags
    for rule, rows in series.groupby("rule", sort=True):
        flags += _flags_of_rule(str(rule), rows, settings)
    return sorted(flags, key=lambda f: (f.day, f.rule))


def _calendar(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per calendar day from the first to the last, quiet days as 0 of 0."""
    daily = rows.assign(day=pd.to_datetime(rows["day"])).groupby("day")[["judged", "dropped"]].sum()
    every_day = pd.date_range(daily.index.min(), daily.index.max(), freq="D")
    return daily.reindex(every_day, fill_value=0).astype("int64")


def _flags_of_rule(rule: str, rows: pd.DataFrame, settings: DriftSettings) -> list[DriftFlag]:
    daily = _calendar(rows)
    n, x = daily["judged"].to_numpy(float), daily["dropped"].to_numpy(float)
    window = settings.window_days
    # The baseline of a day is the window before it: rolling sums shifted by one day.
    base_n = daily["judged"].rolling(window, min_periods=1).sum().shift(1).fillna(0).to_numpy()
    base_x = daily["dropped"].rolling(window, min_periods=1).sum().shift(1).fillna(0).to_numpy()
    busy = (daily["judged"] >= settings.min_volume).astype(int)
    base_days = busy.rolling(window, min_periods=1).sum().shift(1).fillna(0).to_numpy()
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = np.where(n > 0, x / n, 0.0)
        baseline = np.where(base_n > 0, base_x / base_n, 0.0)
        pooled = np.where(n + base_n > 0, (x + base_x) / (n + base_n), 0.0)
        se = np.sqrt(pooled * (1 - pooled) * (1 / n + 1 / base_n))
        z = np.where(se > 0, (rate - baseline) / se, 0.0)
    flagged = (
        (n >= settings.min_volume)
        & (base_days >= settings.min_baseline_days)
        & (np.abs(z) > settings.sigmas)
        & (np.abs(rate - baseline) >= settings.min_change)
    )
    return [
        DriftFlag(
            rule=rule,
            day=daily.index[i].date().isoformat(),
            rate=round(float(rate[i]), 4),
            baseline=round(float(baseline[i]), 4),
            judged=int(n[i]),
            dropped=int(x[i]),
            baseline_judged=int(base_n[i]),
            z=round(float(z[i]), 2),
        )
        for i in np.flatnonzero(flagged)
    ]
