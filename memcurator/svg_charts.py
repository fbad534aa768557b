"""Small inline SVG charts (lines and bars) for the HTML report: no JavaScript, no downloads.

matplotlib is not a dependency and a report must open offline, so the charts are drawn here:
one x axis of day labels, a y axis from 0 to a rounded maximum, a legend, and optional marks
(the drift flags) drawn as red rings on a line's point. Pure string building.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

WIDTH, HEIGHT = 760, 260
LEFT, RIGHT, TOP, BOTTOM = 56, 150, 16, 46
# Colour-blind-safe (Okabe-Ito) so a rule keeps its colour from chart to chart.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")


def _nice_max(value: float) -> float:
    """The smallest 1, 2, 4, 6 or 8 times a power of ten at or above ``value``: the axis has
    four intervals, and these make each a round number (25%, 15%, 200)."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(float(m * power) for m in (1, 2, 4, 6, 8, 10) if m * power >= value * (1 - 1e-9))


def _largest(series: Mapping[str, Sequence[float]]) -> float:
    return max((v for vs in series.values() for v in vs if not math.isnan(v)), default=0.0)


def _frame(labels: Sequence[str], top: float, percent: bool, title: str) -> list[str]:
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
        'stroke="#bbb"/>',
    ]
    for i in range(5):  # five horizontal grid lines with their values
        value = top * i / 4
        y = TOP + plot_h - plot_h * i / 4
        text = f"{value * 100:.3g}%" if percent else f"{value:g}"
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eee"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{text}</text>'
        )
    step = max(1, math.ceil(len(labels) / 8))  # at most ~8 day labels, never overlapping
    for i in range(0, len(labels), step):
        x = _x(i, len(labels))
        parts.append(
            f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" '
            f'font-size="11">{escape(labels[i][5:] if len(labels[i]) == 10 else labels[i])}</text>'
        )
    return parts


def _x(i: int, n: int) -> float:
    plot_w = WIDTH - LEFT - RIGHT
    return LEFT + plot_w * (i + 0.5) / max(n, 1)


def _y(value: float, top: float) -> float:
    plot_h = HEIGHT - TOP - BOTTOM
    return TOP + plot_h - plot_h * min(value, top) / top


def _legend(names: Sequence[str]) -> list[str]:
    parts = []
    for k, name in enumerate(names):
        y = TOP + 14 + 18 * k
        colour = PALETTE[k % len(PALETTE)]
        parts.append(
            f'<rect x="{WIDTH - RIGHT + 12}" y="{y - 9}" width="12" height="12" fill="{colour}"/>'
            f'<text x="{WIDTH - RIGHT + 30}" y="{y + 1}" font-size="12">{escape(name)}</text>'
        )
    return parts


def _runs(values: Sequence[float]) -> list[list[int]]:
    """The indexes of ``values`` in runs of consecutive numbers (NaN ends a run)."""
    runs: list[list[int]] = [[]]
    for i, value in enumerate(values):
        if math.isnan(value):
            runs.append([])
        else:
            runs[-1].append(i)
    return [run for run in runs if run]


def line_chart(
    labels: Sequence[str],
    series: Mapping[str, Sequence[float]],
    *,
    title: str,
    percent: bool = False,
    marks: Sequence[tuple[str, int]] = (),
) -> str:
    """One line per series over ``labels``; ``marks`` are (series, index) points ringed red."""
    top = _nice_max(_largest(series))
    parts = _frame(labels, top, percent, title)
    names = list(series)
    for k, name in enumerate(names):
        for run in _runs(series[name]):  # a gap (NaN: nothing to measure) breaks the line
            points = " ".join(
                f"{_x(i, len(labels)):.1f},{_y(series[name][i], top):.1f}" for i in run
            )
            parts.append(
                f'<polyline fill="none" stroke="{PALETTE[k % len(PALETTE)]}" stroke-width="2" '
                f'points="{points}"><title>{escape(name)}</title></polyline>'
            )
    for name, i in marks:
        if name in series and 0 <= i < len(series[name]) and not math.isnan(series[name][i]):
            parts.append(
                f'<circle class="drift-mark" cx="{_x(i, len(labels)):.1f}" '
                f'cy="{_y(series[name][i], top):.1f}" r="7" fill="none" stroke="#d00" '
                f'stroke-width="2.5"><title>drift: {escape(name)} on {escape(labels[i])}'
                "</title></circle>"
            )
    return "\n".join([*parts, *_legend(names), "</svg>"])


def bar_chart(
    labels: Sequence[str],
    series: Mapping[str, Sequence[float]],
    *,
    title: str,
    percent: bool = False,
) -> str:
    """Grouped bars: one group per label, one bar per series."""
    top = _nice_max(_largest(series))
    parts = _frame(labels, top, percent, title)
    names = list(series)
    slot = (WIDTH - LEFT - RIGHT) / max(len(labels), 1)
    bar = slot * 0.8 / max(len(names), 1)
    for k, name in enumerate(names):
        for i, value in enumerate(series[name]):
            x = _x(i, len(labels)) - slot * 0.4 + bar * k
            y = _y(value, top)
            shown = f"{value:.1%}" if percent else f"{value:g}"
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(bar - 1, 1):.1f}" '
                f'height="{HEIGHT - BOTTOM - y:.1f}" fill="{PALETTE[k % len(PALETTE)]}">'
                f"<title>{escape(name)} {escape(labels[i])}: {shown}</title></rect>"
            )
    return "\n".join([*parts, *_legend(names), "</svg>"])
