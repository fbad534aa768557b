"""The report as one self-contained HTML file (tables and inline SVG) and as Markdown.

Edge module: it renders a ``report_frames.Report`` and reads nothing. The HTML has no script,
no stylesheet link and no image to fetch, so it opens the same offline, in a mail attachment
or as a CI artifact. Drift flags are listed first and highlighted in the tables and charts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from memcurator.report_frames import Report
from memcurator.svg_charts import bar_chart, line_chart

STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:13px}
th,td{border:1px solid #ddd;padding:3px 8px;text-align:right}
th{background:#f4f4f4} td:first-child,th:first-child{text-align:left}
.drift{background:#fde2e1;font-weight:bold;color:#a00}
ul.drift-flags li{margin:.3em 0} .ok{color:#070}
"""


def _table(
    table_id: str,
    header: Sequence[str],
    rows: Iterable[Sequence[Any]],
    flagged: set[tuple[int, int]] | None = None,
    titles: dict[tuple[int, int], str] | None = None,
) -> str:
    """An HTML table; cells at (row, column) in ``flagged`` get the ``drift`` class."""
    flagged, titles = flagged or set(), titles or {}
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = []
    for r, row in enumerate(rows):
        cells = []
        for c, value in enumerate(row):
            attrs = ' class="drift"' if (r, c) in flagged else ""
            if (r, c) in titles:
                attrs += f' title="{escape(titles[(r, c)])}"'
            cells.append(f"<td{attrs}>{escape(_cell(value))}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (
        f'<table id="{table_id}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.1%}" if 0 <= value <= 1 else f"{value:g}"
    return str(value)


def _flags_section(report: Report) -> str:
    if not report.flags:
        return (
            '<p class="ok" id="no-drift">No rule\'s drop rate left its own baseline '
            f"between {report.since} and {report.until}.</p>"
        )
    items = "".join(f'<li class="drift">{escape(f.describe())}</li>' for f in report.flags)
    return f'<ul class="drift-flags" id="drift-flags">{items}</ul>'


def _per_day_table(report: Report) -> str:
    frame = report.per_day
    header = ["day", *frame.columns]
    flagged: set[tuple[int, int]] = set()
    titles: dict[tuple[int, int], str] = {}
    days = list(frame.index)
    for flag in report.flags:
        column = f"dropped: {flag.rule}"
        if flag.day in days and column in frame.columns:
            cell = (days.index(flag.day), header.index(column))
            flagged.add(cell)
            titles[cell] = flag.describe()
    rows = [
        [day, *(int(v) for v in values)] for day, values in zip(days, frame.values, strict=True)
    ]
    return _table("per-day", header, rows, flagged, titles)


def _charts(report: Report) -> list[str]:
    days = report.days
    per_day = report.per_day
    marks = [(f.rule, days.index(f.day)) for f in report.flags if f.day in days]
    rates = {rule: list(report.drop_rates[rule]) for rule in report.drop_rates.columns}
    return [
        bar_chart(
            days,
            {"judged": list(per_day["judged"]), "dropped": list(per_day["dropped"])},
            title="Candidates judged and dropped per day",
        ),
        line_chart(
            days, rates, title="Drop rate per rule (ringed: drift flag)", percent=True, marks=marks
        ),
        bar_chart(
            days,
            {
                c: list(per_day[c])
                for c in ("merges", "supersessions", "promotions", "expiries", "topics created")
            },
            title="What the gate and the nightly passes changed per day",
        ),
    ]


def render_html(report: Report) -> str:
    """The whole report as one HTML document."""
    active, audit = report.active, report.audit
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>memcurator report {report.since} to {report.until}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>memcurator report, {report.since} to {report.until}</h1>",
        "<h2>Drift flags</h2>",
        _flags_section(report),
        "<h2>Per day</h2>",
        "<p>Gate counts by the UTC day candidates were judged; promotions, expiries and topics "
        "by the night the pass was for.</p>",
        *_charts(report),
        _per_day_table(report),
        "<h2>Active entries per type</h2>",
        line_chart(
            report.days,
            {t: list(active[t]) for t in active.columns},
            title="Active entries per type at each day's close",
        ),
        _table(
            "active",
            ["day", *active.columns],
            [[d, *(int(v) for v in vs)] for d, vs in zip(active.index, active.values, strict=True)],
        ),
        "<h2>Latest audit: wrong-entry rate per type</h2>",
    ]
    if audit.empty:
        parts.append('<p id="no-audit">No audit verdicts recorded yet (memcurator audit).</p>')
    else:
        parts += [
            bar_chart(
                list(audit.index),
                {"wrong-entry rate": list(audit["wrong_rate"])},
                title="Wrong-entry rate per type",
                percent=True,
            ),
            _table(
                "audit",
                ["type", "audited", "wrong", "wrong-entry rate", "latest verdict"],
                [[t, int(a), int(w), float(r), m] for t, (a, w, r, m) in audit.iterrows()],
            ),
        ]
    parts.append("</body></html>")
    return "\n".join(parts)


def _markdown_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def render_markdown(report: Report) -> str:
    """The report for a Prefect artifact: drift flags, the per-day table, the audit."""
    frame = report.per_day
    flags = [f"- **{f.describe()}**" for f in report.flags] or [
        "- No rule's drop rate left its own baseline."
    ]
    sections = [
        f"# memcurator report, {report.since} to {report.until}",
        "## Drift flags",
        "\n".join(flags),
        "## Per day",
        _markdown_table(
            ["day", *frame.columns],
            [[d, *(int(v) for v in vs)] for d, vs in zip(frame.index, frame.values, strict=True)],
        ),
        "## Active entries per type (last day)",
        _markdown_table(
            ["type", "active"],
            [[t, int(report.active[t].iloc[-1])] for t in report.active.columns],
        ),
    ]
    if not report.audit.empty:
        sections += [
            "## Latest audit",
            _markdown_table(
                ["type", "audited", "wrong", "wrong-entry rate", "latest verdict"],
                [[t, int(a), int(w), float(r), m] for t, (a, w, r, m) in report.audit.iterrows()],
            ),
        ]
    return "\n\n".join(sections) + "\n"
