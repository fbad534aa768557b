"""The report's inline SVG charts: well-formed, gaps where there is nothing to measure."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from memcurator.svg_charts import bar_chart, line_chart

SVG = "{http://www.w3.org/2000/svg}"
DAYS = [f"2025-03-{d:02d}" for d in range(1, 31)]


def test_a_line_chart_is_well_formed_svg_with_one_line_per_series_and_its_marks() -> None:
    chart = line_chart(
        DAYS,
        {"transient": [0.2] * 29 + [0.5], "schema": [0.01] * 30},
        title="Drop rate <per rule>",
        percent=True,
        marks=[("transient", 29)],
    )
    root = ET.fromstring(chart)
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f"{SVG}polyline")) == 2
    (mark,) = root.findall(f"{SVG}circle")
    assert mark.get("class") == "drift-mark"
    assert "transient on 2025-03-30" in "".join(mark.itertext())
    labels = [t.text for t in root.findall(f"{SVG}text")]
    assert labels[:5] == ["0%", "15%", "30%", "45%", "60%"] and "Drop rate <per rule>" in "".join(
        root.itertext()
    )
    assert len([t for t in labels if t and t.startswith("03-")]) <= 8  # day labels never crowd


def test_a_day_with_nothing_to_measure_breaks_the_line_and_takes_no_mark() -> None:
    rates = [0.2] * 10 + [math.nan] * 3 + [0.2] * 17
    root = ET.fromstring(
        line_chart(DAYS, {"transient": rates}, title="t", marks=[("transient", 11)])
    )
    assert len(root.findall(f"{SVG}polyline")) == 2
    assert root.findall(f"{SVG}circle") == []


def test_a_bar_chart_draws_one_bar_per_value_under_a_rounded_axis() -> None:
    root = ET.fromstring(
        bar_chart(DAYS[:3], {"judged": [9, 5, 0], "dropped": [3, 1, 0]}, title="b")
    )
    bars = [r for r in root.findall(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(bars) == 6
    assert "10" in [t.text for t in root.findall(f"{SVG}text")]  # the axis tops out at 10, not 9
    assert ET.fromstring(bar_chart([], {}, title="empty")).tag == f"{SVG}svg"
