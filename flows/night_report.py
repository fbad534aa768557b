"""The nightly summary artifact's Markdown: per partition, the decisions, and that day's gate
drops per rule with any drift flag (``memcurator.app.report``). Counts, dates, rule names and
partition names only, never a candidate's content."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from memcurator.app.report import day_drops
from memcurator.steps import FIGURES
from store.errors import fault_reason

# Each rule's decision: what the table calls it and the figures that count its decisions.
DECISIONS = {
    "promotion": ("Promotions (observation to fact)", ("promoted",)),
    "expiry": ("Expiries", ("expired",)),
    "consolidation": ("Topic batches (new or updated)", ("topics_created", "topics_updated")),
}


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def _state(r: dict[str, Any]) -> str:
    if r["failed"]:
        verdict = (
            f"transient, retried {r['attempt'] - 1}x"
            if r["transient"]
            else "not transient, not retried"
        )
        return f"**FAILED**: {r['reason']} ({verdict})"
    if r["already_done"]:
        return f"already done on {r['done_on']}"
    return "committed"


def night_markdown(
    summary: dict[str, Any], reports: Sequence[dict[str, Any]], engine: Engine
) -> str:
    """The summary of one night as Markdown."""
    day, failed = summary["date"], summary["failed"]
    lines = [f"# Nightly consolidation {day}", ""]
    if failed:
        lines += [
            f"**{len(failed)} of {summary['partitions']} partitions FAILED** "
            f"({', '.join(failed)}); the others committed. Rerun the date once fixed: "
            f"`memcurator consolidate --as-of {day}`, or Retry on this flow run.",
            "",
        ]
    lines += [
        f"{summary['partitions']} partitions, {summary['already_done']} already done before this "
        "run (their counts are the ledger's, from the run that did them).",
        "",
    ]
    headings = [f.heading for f in FIGURES]
    rows = [
        [r["name"], _state(r), r["scopes"], r["observations"], *(r[f.key] for f in FIGURES)]
        for r in reports
    ]
    rows.append(
        ["**total**", "", sum(r["scopes"] for r in reports),
         sum(r["observations"] for r in reports), *summary["totals"].values()]
    )  # fmt: skip
    lines += _table(["Partition", "State", "Scopes", "Observations", *headings], rows)
    decisions = decision_rows(summary)
    lines += ["", "## Decisions", ""]
    lines += _table(list(decisions[0]), [list(d.values()) for d in decisions])
    lines += ["", *_drops(engine, date.fromisoformat(day))]
    return "\n".join(lines) + "\n"


def _drops(engine: Engine, day: date) -> list[str]:
    """That day's gate drops per rule and the drift flags of the day. The night's partitions
    have committed by now: a store that cannot be read at this point (a cut connection)
    leaves this section unread, in one safe line, rather than failing the night with it."""
    try:
        row, flags = day_drops(engine, day)
    except DBAPIError as exc:
        return [f"## Gate drops on {day}", "", f"Not read: {fault_reason(exc)}."]
    judged = int(row["judged"])
    rules = sorted(row["rejected"].items())
    lines = [f"## Gate drops on {day}", ""]
    if not judged:
        lines.append("No candidates were judged on this day.")
    else:
        lines.append(f"{judged} candidates judged, {sum(n for _, n in rules)} dropped.")
        if rules:
            lines += ["", *_table(
                ["Rule", "Dropped", "Share of judged"],
                [[rule, n, f"{n / judged:.1%}"] for rule, n in rules],
            )]  # fmt: skip
    lines += ["", "## Drift", ""]
    lines += [f"- **{flag.describe()}**" for flag in flags] or [
        "No rule's drop rate left its own baseline on this day."
    ]
    return lines


def decision_rows(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per decision (rule): how many were taken and the write-log rows they wrote,
    so a promotion's two rows (the observation promoted, the fact inserted) are one line."""
    by_rule: dict[str, dict[str, int]] = {}
    for key, n in summary["actions"].items():
        action, rule = key.split("/", 1)
        by_rule.setdefault(rule, {})[action] = n
    rows = []
    for rule, logged in sorted(by_rule.items()):
        heading, figures = DECISIONS.get(rule, (rule, ()))
        count = sum(summary["totals"][f] for f in figures) if figures else "-"
        written = ", ".join(f"{action} {n}" for action, n in logged.items())
        rows.append({"Decision": heading, "Count": count, "Write-log rows": written})
    return rows or [{"Decision": "No decisions this night", "Count": 0, "Write-log rows": "-"}]
