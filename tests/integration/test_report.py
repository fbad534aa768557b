"""The operators' report and the drift flag on a real store (SQLite and PostgreSQL).

A small known stream is gated day by day with a fixed clock and consolidated night by night;
the report's frames, its HTML (parsed back) and ``memcurator drops`` must count it exactly.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import UTC, date, datetime, time, timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from sqlalchemy import Engine

from flows.night_report import _drops
from memcurator.app.ingest import ingest_stream
from memcurator.app.report import day_drops, load_report, report_markdown, write_html_report
from memcurator.report_html import render_html
from store.engine import make_engine, upgrade
from store.operations import audit_mark
from store.queries import iter_entries
from tests.factories import candidate, observation
from tests.passes import run_pass

DAY_1, DAY_2, DAY_3 = date(2025, 3, 1), date(2025, 3, 2), date(2025, 3, 3)


def gate_on(engine: Engine, day: date, candidates: list[dict[str, Any]]) -> None:
    """Gate ``candidates`` as if they arrived at noon (UTC) on ``day``."""
    noon = datetime.combine(day, time(12), UTC)
    lines = [json.dumps(c).encode() for c in candidates]
    ingest_stream(engine, lines, clock=lambda: noon)


def diet(value: str, at: str) -> dict[str, Any]:
    return candidate(
        scope={"org_id": "acme", "user_id": "u_1"},
        content=f"The user is {value}",
        subject={"entity": "u_1", "attribute": "diet", "value": value},
        created_at=at,
    )


def pytest_failure(i: int) -> dict[str, Any]:
    # Two different symptoms of one tool: two observations, batched into one topic.
    return observation(
        "u_5",
        f"s_{i}",
        f"2025-03-01T09:0{i}:00Z",
        content="pytest failed with ImportError: no module named payments.api",
        tool="pytest",
        symptom=f"symptom {i}",
    )


def known_stream(engine: Engine) -> None:
    """Day 1: 8 judged, 3 dropped (2 transient, 1 schema), 1 merge, a stale observation that
    the night expires and two that it batches into a new topic. Day 2: 5 judged, 1 dropped
    (transient), the diet changes (1 supersession), and one observation seen in 3 sessions
    (2 merges) that the night promotes. Day 3: nothing."""
    gate_on(
        engine,
        DAY_1,
        [
            diet("vegetarian", "2025-03-01T10:00:00Z"),
            diet("vegetarian", "2025-03-01T11:00:00Z"),
            candidate(content="okay"),
            candidate(content="checking now"),
            candidate(confidence=0.5),
            observation("u_9", "s_old", "2025-01-20T08:00:00Z", tool="terraform", symptom="lock"),
            pytest_failure(1),
            pytest_failure(2),
        ],
    )
    run_pass(engine, DAY_1)
    gate_on(
        engine,
        DAY_2,
        [
            diet("vegan", "2025-03-02T10:00:00Z"),
            *(observation("u_2", f"s_{s}", f"2025-03-02T0{i}:00:00Z") for i, s in enumerate("abc")),
            candidate(content="hmm"),
        ],
    )
    run_pass(engine, DAY_2)
    run_pass(engine, DAY_3)


def test_the_per_day_frames_count_a_small_known_stream(engine: Engine) -> None:
    known_stream(engine)
    report = load_report(engine, until=DAY_3, days=3)
    assert report.days == ["2025-03-01", "2025-03-02", "2025-03-03"]
    assert report.per_day.to_dict("index") == {
        "2025-03-01": {
            "judged": 8, "dropped": 3, "dropped: schema": 1, "dropped: transient": 2,
            "merges": 1, "supersessions": 0, "promotions": 0, "expiries": 1,
            "topics created": 1, "topics updated": 1,
        },
        "2025-03-02": {
            "judged": 5, "dropped": 1, "dropped: schema": 0, "dropped: transient": 1,
            "merges": 2, "supersessions": 1, "promotions": 1, "expiries": 0,
            "topics created": 0, "topics updated": 0,
        },
        "2025-03-03": {
            "judged": 0, "dropped": 0, "dropped: schema": 0, "dropped: transient": 0,
            "merges": 0, "supersessions": 0, "promotions": 0, "expiries": 0,
            "topics created": 0, "topics updated": 0,
        },
    }  # fmt: skip
    assert report.drop_rates.loc["2025-03-01"].to_dict() == {
        "schema": round(1 / 8, 4),
        "transient": 0.25,
    }
    # Facts: the vegetarian entry until the vegan one replaced it, then vegan plus the promoted
    # psql fact. Observations: the two pytest ones (the terraform one expired in February and
    # the psql one was promoted the day it qualified).
    assert report.active["fact"].to_list() == [1, 2, 2]
    assert report.active["observation"].to_list() == [2, 2, 2]
    assert report.active["summary"].iloc[-1] == 1
    assert report.flags == [] and report.audit.empty


def test_active_entries_per_type_agree_with_the_stores_statuses(engine: Engine) -> None:
    known_stream(engine)
    report = load_report(engine, until=date.today(), days=1)
    now_active: dict[str, int] = {}
    for entry in iter_entries(engine):  # the active ones, as export shows them today
        now_active[entry["type"]] = now_active.get(entry["type"], 0) + 1
    assert report.active.iloc[-1].to_dict() == now_active


def test_the_report_shows_the_latest_verdict_per_type(engine: Engine) -> None:
    known_stream(engine)
    facts = [e["id"] for e in iter_entries(engine) if e["type"] == "fact"]
    audit_mark(engine, facts[0], "wrong")
    audit_mark(engine, facts[1], "wrong")
    audit_mark(engine, facts[1], "correct", note="re-checked")
    report = load_report(engine, until=DAY_3, days=3)
    row = report.audit.loc["fact"]
    assert (row["audited"], row["wrong"], row["wrong_rate"]) == (2, 1, 0.5)
    assert row["last_marked"] == datetime.now(UTC).date().isoformat()


def test_a_tenants_report_counts_only_that_tenant(engine: Engine) -> None:
    gate_on(engine, DAY_1, [candidate(content="okay"), candidate(content="hmm")])
    other = candidate(content="okay", scope={"org_id": "globex", "user_id": "u_1"})
    gate_on(engine, DAY_1, [other, candidate(scope={"org_id": "globex", "user_id": "u_2"})])
    from store import reporting

    rows = reporting.drops_per_day(engine, since=DAY_1, until=DAY_1, tenant="globex")
    assert rows == [{"day": "2025-03-01", "judged": 2, "rejected": {"transient": 1}}]
    everyone = reporting.drops_per_day(engine, since=DAY_1, until=DAY_1)
    assert everyone[0]["judged"] == 4


def old_drops_section(engine: Engine, day: date) -> list[str]:
    """The nightly summary's drops section as it was built before ``day_drops``: from the
    whole one-day report (``load_report``), kept here as the reference it must still equal."""
    report = load_report(engine, until=day, days=1)
    row = report.per_day.loc[day.isoformat()]
    judged = int(row["judged"])
    rules = [
        (c.removeprefix("dropped: "), int(row[c])) for c in row.index if c.startswith("dropped: ")
    ]
    lines = [f"## Gate drops on {day}", ""]
    if not judged:
        lines.append("No candidates were judged on this day.")
    else:
        lines.append(f"{judged} candidates judged, {int(row['dropped'])} dropped.")
        if rules:
            lines += ["", "| Rule | Dropped | Share of judged |", "|---|---|---|"]
            lines += [f"| {rule} | {n} | {n / judged:.1%} |" for rule, n in rules]
    lines += ["", "## Drift", ""]
    flags = [f"- **{flag.describe()}**" for flag in report.flags]
    return lines + (flags or ["No rule's drop rate left its own baseline on this day."])


def test_a_days_drops_count_what_the_whole_report_counts(engine: Engine) -> None:
    known_stream(engine)
    for day in (DAY_1 - timedelta(days=1), DAY_1, DAY_2, DAY_3):
        row, flags = day_drops(engine, day)
        frame = load_report(engine, until=day, days=1).per_day.loc[day.isoformat()]
        dropped = [c for c in frame.index if c.startswith("dropped: ")]
        rules = {c.removeprefix("dropped: "): int(frame[c]) for c in dropped}
        assert (row["judged"], sum(row["rejected"].values()), row["rejected"], flags) == (
            int(frame["judged"]), int(frame["dropped"]), rules, []
        ), day  # fmt: skip
        assert _drops(engine, day) == old_drops_section(engine, day), day
    assert day_drops(engine, DAY_1)[0] == {
        "day": "2025-03-01", "judged": 8, "rejected": {"schema": 1, "transient": 2}
    }  # fmt: skip


def test_a_days_drops_flag_the_drift_the_whole_report_flags(engine: Engine) -> None:
    today = datetime.now(UTC).date()
    seeded_jump(engine, today)
    row, flags = day_drops(engine, today)
    assert (row["judged"], row["rejected"]) == (50, {"transient": 25})
    assert [(f.rule, f.day, f.direction) for f in flags] == [("transient", today.isoformat(), "up")]
    assert flags == load_report(engine, until=today, days=1).flags
    section = _drops(engine, today)
    assert section == old_drops_section(engine, today)
    assert f"- **drift: rule transient dropped 50.0% on {today}" in "\n".join(section)
    assert day_drops(engine, today - timedelta(days=1))[1] == []


def seeded_jump(engine: Engine, last: date) -> None:
    """21 days of 50 candidates, 10 of them transient; on ``last`` 25 of 50 are transient."""
    for back in range(20, -1, -1):
        chatter = 25 if back == 0 else 10
        facts = [candidate(content=f"The user owns {i} bicycles") for i in range(50 - chatter)]
        noise = [candidate(content=("okay", "hmm", "checking now")[i % 3]) for i in range(chatter)]
        gate_on(engine, last - timedelta(days=back), facts + noise)


class Page(HTMLParser):
    """The parts of the report a test checks: table cells by table id, svg count, text."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.table: str | None = None
        self.cell: list[str] | None = None
        self.svgs = 0
        self.drift_marks = 0
        self.text: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        found = dict(attrs)
        if tag == "table":
            self.table = found.get("id") or ""
            self.tables[self.table] = []
        elif tag == "tr" and self.table is not None:
            self.tables[self.table].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "svg":
            self.svgs += 1
        elif tag == "circle" and found.get("class") == "drift-mark":
            self.drift_marks += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None and self.table is not None:
            self.tables[self.table][-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "table":
            self.table = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        self.text.append(data)


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_the_html_report_has_the_per_day_table_charts_and_no_outside_resources(
    engine: Engine, tmp_path: Path
) -> None:
    known_stream(engine)
    written = write_html_report(engine, tmp_path / "report.html", until=DAY_3, days=3)
    page = parse(tmp_path / "report.html")
    header, *rows = page.tables["per-day"]
    assert header[:5] == ["day", "judged", "dropped", "dropped: schema", "dropped: transient"]
    by_day = {row[0]: dict(zip(header, row, strict=True)) for row in rows}
    assert [by_day[d]["judged"] for d in written.days] == ["8", "5", "0"]
    assert by_day["2025-03-01"]["dropped: transient"] == "2"
    assert by_day["2025-03-02"]["promotions"] == "1"
    assert page.svgs >= 4
    assert "No rule's drop rate left its own baseline" in "".join(page.text)
    assert not page.tags & {"script", "link", "img", "iframe"}, "the page must be self-contained"
    assert not list(tmp_path.glob(".*partial"))
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    for svg in re.findall(r"<svg.*?</svg>", html, re.S):
        ET.fromstring(svg)  # each chart is well-formed SVG


def test_an_empty_store_reports_empty_days_and_no_flag(engine: Engine, tmp_path: Path) -> None:
    report = write_html_report(engine, tmp_path / "empty.html", until=DAY_3, days=3)
    assert report.per_day["judged"].to_list() == [0, 0, 0]
    assert report.active.empty and report.audit.empty and report.flags == []
    page = parse(tmp_path / "empty.html")
    assert [row[1] for row in page.tables["per-day"][1:]] == ["0", "0", "0"]
    assert "No audit verdicts recorded yet" in "".join(page.text)


def test_the_html_report_and_drops_flag_a_seeded_jump(store_url: str, tmp_path: Path) -> None:
    engine = make_engine(store_url)
    upgrade(engine)
    today = datetime.now(UTC).date()
    seeded_jump(engine, today)
    engine.dispose()
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": store_url}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "memcurator", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done

    out = tmp_path / "report.html"
    said = cli("report", "--html", str(out), "--days", "7")
    assert "1 drift flag" in said.stdout
    page = parse(out)
    text = "".join(page.text)
    assert f"drift: rule transient dropped 50.0% on {today}" in text
    assert "baseline of 20.0%" in text
    assert page.drift_marks == 1
    # The flagged cell of the per-day table is the day's transient drops.
    header, *rows = page.tables["per-day"]
    assert rows[-1][0] == today.isoformat() and rows[-1][header.index("dropped: transient")] == "25"

    days = [json.loads(line) for line in cli("drops", "--days", "3").stdout.splitlines()]
    assert [d["day"] for d in days][-1] == today.isoformat()
    *quiet, last = days
    assert all(d["drift"] == [] for d in quiet)
    (flag,) = last["drift"]
    assert (flag["rule"], flag["day"], flag["direction"]) == ("transient", today.isoformat(), "up")
    assert (flag["rate"], flag["baseline"], flag["judged"], flag["dropped"]) == (0.5, 0.2, 50, 25)
    # The fields drops always printed are unchanged.
    assert (last["judged"], last["rejected"], last["rates"]) == (
        50,
        {"transient": 25},
        {"transient": 0.5},
    )
    assert "drift" in cli("drops", "--help").stdout
    assert "Example:" in cli("report", "--help").stdout
    for args, code, message in (
        (["--until", "March"], 2, "--until must be a date"),
        (["--html", str(tmp_path / "no" / "such" / "dir.html")], 1, "cannot write"),
    ):
        refused = subprocess.run(
            [sys.executable, "-m", "memcurator", "report", "--html", str(out), *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert (refused.returncode, refused.stderr.count("\n")) == (code, 1), refused.stderr
        assert message in refused.stderr


def test_the_markdown_report_names_the_flag_for_an_artifact(engine: Engine) -> None:
    today = datetime.now(UTC).date()
    seeded_jump(engine, today)
    text = report_markdown(engine, today, days=3)
    assert text.startswith(f"# memcurator report, {today - timedelta(days=2)} to {today}")
    assert f"**drift: rule transient dropped 50.0% on {today}" in text
    assert "| day | judged | dropped | dropped: transient |" in text
    html = render_html(load_report(engine, until=today, days=3))
    assert 'class="drift"' in html
