"""The drift flag on synthetic drop series: known jumps are flagged on their day, noise is not."""

from __future__ import annotations

from datetime import date, timedelta

import numpy as np
import pandas as pd
import pytest

from memcurator.drift import DriftSettings, drop_series, find_drift

START = date(2025, 1, 1)


def day(i: int) -> str:
    return (START + timedelta(days=i)).isoformat()


def series(
    rates: list[float], *, judged: int | list[int] = 200, rule: str = "transient", seed: int = 7
) -> pd.DataFrame:
    """Binomial drops around ``rates`` (one per day): noise as a real day would have it."""
    rng = np.random.default_rng(seed)
    volumes = judged if isinstance(judged, list) else [judged] * len(rates)
    return pd.DataFrame(
        {
            "day": [day(i) for i in range(len(rates))],
            "rule": rule,
            "judged": volumes,
            "dropped": [int(rng.binomial(n, p)) for n, p in zip(volumes, rates, strict=True)],
        }
    )


def test_a_jump_in_a_rules_drop_rate_is_flagged_on_the_day_it_happens() -> None:
    flags = find_drift(series([0.2] * 25 + [0.4] * 10))
    assert flags, "a jump from 20% to 40% at 200 a day went unflagged"
    first = flags[0]
    assert (first.rule, first.day, first.direction) == ("transient", day(25), "up")
    assert first.rate == pytest.approx(0.4, abs=0.08)
    assert first.baseline == pytest.approx(0.2, abs=0.03)
    assert first.judged == 200 and first.baseline_judged == 14 * 200
    assert "transient" in first.describe() and day(25) in first.describe()
    # A shift is news for a few days, until the moving baseline catches up with it.
    assert all(day(25) <= f.day <= day(31) for f in flags)


def test_the_baseline_is_the_window_before_the_day_pooled() -> None:
    frame = series([0.2] * 20 + [0.5])
    (flag,) = find_drift(frame)
    before = frame.iloc[6:20]
    assert flag.baseline == round(before["dropped"].sum() / before["judged"].sum(), 4)
    assert flag.rate == round(frame.iloc[20]["dropped"] / 200, 4)


def test_a_steady_noisy_rate_is_never_flagged() -> None:
    for seed in range(20):  # 20 noisy months, with volume swinging from 60 to 400 a day
        volumes = [int(v) for v in np.random.default_rng(seed).integers(60, 400, size=60)]
        assert find_drift(series([0.25] * 60, judged=volumes, seed=seed)) == [], seed


def test_a_low_volume_day_is_not_flagged_however_high_its_rate() -> None:
    frame = series([0.2] * 20 + [0.9] + [0.2] * 5, judged=[200] * 20 + [10] + [200] * 5)
    assert frame.iloc[20]["dropped"] >= 6
    assert find_drift(frame) == []


def test_a_quiet_day_is_a_day_with_nothing_judged_not_a_missing_day() -> None:
    frame = series([0.2] * 30)
    gappy = frame.drop(index=range(10, 28))  # 18 days with nothing judged
    gappy = pd.concat([gappy, series([0.6], seed=3).assign(day=day(30))])
    # The jump on day 30 has only 2 busy days in its 14-day window: no baseline to judge by.
    assert find_drift(gappy) == []
    assert find_drift(gappy, DriftSettings(min_baseline_days=2))[0].day == day(30)


def test_a_drop_back_down_is_flagged_too() -> None:
    flags = find_drift(series([0.4] * 20 + [0.15] * 8))
    assert flags and flags[0].day == day(20)
    assert {f.direction for f in flags} == {"down"}


def test_a_small_move_at_high_volume_is_significant_but_not_flagged() -> None:
    frame = series([0.20] * 20 + [0.23] * 5, judged=20_000)
    assert find_drift(frame, DriftSettings(min_change=0.0)), "3 points at 20,000/day is many sigma"
    assert find_drift(frame) == []  # but under the 5-point floor


def test_each_rule_is_judged_against_its_own_baseline() -> None:
    steady = series([0.4] * 30, rule="schema", seed=1)
    jumping = series([0.05] * 20 + [0.2] * 10, rule="transient", seed=2)
    flags = find_drift(pd.concat([steady, jumping]))
    assert {f.rule for f in flags} == {"transient"}
    assert flags[0].day == day(20)


def test_a_young_store_has_no_baseline_yet() -> None:
    young = series([0.2] * 3 + [0.6] * 2)  # the jump has 3, then 4 days of history
    assert find_drift(young) == []
    assert find_drift(young, DriftSettings(min_baseline_days=3))[0].day == day(3)


def test_drop_series_reads_the_drops_rows_with_every_rule_every_day() -> None:
    rows = [
        {"day": day(0), "judged": 10, "rejected": {"transient": 3}},
        {"day": day(1), "judged": 8, "rejected": {"schema": 1}},
    ]
    frame = drop_series(rows)
    assert frame.to_dict("records") == [
        {"day": day(0), "rule": "schema", "judged": 10, "dropped": 0},
        {"day": day(0), "rule": "transient", "judged": 10, "dropped": 3},
        {"day": day(1), "rule": "schema", "judged": 8, "dropped": 1},
        {"day": day(1), "rule": "transient", "judged": 8, "dropped": 0},
    ]
    assert find_drift(drop_series([])) == []
