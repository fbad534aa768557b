"""A corpus of bad input: each line gets its logged reason, the batch goes on, nothing leaks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import make_url

from memcurator.app.ingest import ingest_stream, read_lines
from store.queries import iter_entries, iter_log
from tests.factories import candidate, line

SECRETS = [
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    "Tr0ub4dor&3",
    "-----BEGIN RSA PRIVATE KEY-----",
]
PERSONAL = ["jane.doe@example.com", "+44 20 7946 0958", "4111 1111 1111 1111", "123-45-6789"]


def bad_corpus() -> list[tuple[str, bytes, str, str]]:
    """(name, raw line, rule, fragment of the logged reason)."""
    huge = "x" * 10_000
    return [
        ("invalid json", b'{"type": "fact", "content": ', "schema", "Invalid JSON"),
        ("not an object", b'["fact", "content"]', "schema", "should be an object"),
        ("a bare number", b"3.14", "schema", "should be an object"),
        ("missing source", line(source=None), "schema", "source: Field required"),
        ("missing scope", line(scope=None), "schema", "scope: Field required"),
        ("empty scope", line(scope={}), "schema", "at least one of"),
        ("wrong type", line(type="opinion"), "schema", "type: Input should be"),
        ("confidence as text", line(confidence="high"), "schema", "confidence"),
        ("confidence 1.7", line(confidence=1.7), "schema", "less than or equal to 1"),
        ("negative confidence", line(confidence=-0.1), "schema", "greater than or equal to 0"),
        ("naive timestamp", line(created_at="2025-03-04T10:12:00"), "schema", "with an offset"),
        ("date only", line(created_at="2025-03-04"), "schema", "created_at"),
        ("not a date", line(created_at="yesterday"), "schema", "created_at"),
        ("10,000 characters", line(content=huge), "schema", "at most 4000 characters"),
        ("empty content", line(content=""), "schema", "content"),
        ("blank content", line(content="   \n\t"), "schema", "blank"),
        ("NUL byte", line(content="hello\x00world"), "schema", "control character U+0000"),
        ("terminal escape", line(content="\x1b[31mred\x1b[0m alert"), "schema", "U+001B"),
        ("unknown field", line(colour="blue"), "schema", "colour: Extra inputs"),
        (
            "bad source kind",
            line(source={"kind": "rumour", "ref": "t", "session_id": "s"}),
            "schema",
            "source.kind",
        ),
        ("hostile id", line(id="x'; DROP TABLE entries; --"), "schema", "id: String should match"),
        ("summary without task", line(type="summary"), "schema", "task_id"),
        ("observation without tool", line(type="observation"), "schema", "tool and symptom"),
        ("aws key", line(content=f"use key {SECRETS[0]} for s3"), "privacy", "credential"),
        ("github token", line(content=f"token {SECRETS[1]}"), "privacy", "credential"),
        ("password", line(content=f"admin password: {SECRETS[2]}"), "privacy", "credential"),
        (
            "private key",
            line(content=f"{SECRETS[3]}\nMIIEow...\n-----END RSA PRIVATE KEY-----"),
            "privacy",
            "credential",
        ),
        ("email as user id", line(scope={"user_id": PERSONAL[0]}), "privacy", "personal data"),
        ("lone surrogate", b'{"type": "fact", "content": "\\ud800"}', "schema", "Invalid JSON"),
        ("invalid utf-8", b'{"content": "\xff\xfe"}', "schema", "Invalid JSON"),
    ]


GOOD = [
    candidate(content="Robert'); DROP TABLE entries;-- is the user's favourite xkcd"),
    candidate(content="Prefers the ‮RTL‬ layout and emoji 🦀 in commit messages"),
    candidate(content="Ｆｕｌｌ-width text and zero\u200bwidth joiners are fine"),
    candidate(content=f"Send invoices to {PERSONAL[0]} or call {PERSONAL[1]}"),
    candidate(content=f"Card {PERSONAL[2]}, SSN {PERSONAL[3]} on the form"),
]


def test_every_bad_line_gets_its_logged_reason_and_the_batch_goes_on(engine: Engine) -> None:
    corpus = bad_corpus()
    lines = [raw for _, raw, _, _ in corpus] + [json.dumps(g).encode() for g in GOOD]
    report = ingest_stream(engine, lines, batch_size=7)
    assert report.lines == len(lines)
    rejections = [r for r in iter_log(engine, action="rejected")]
    assert len(rejections) == len(corpus)
    by_line = {r["candidate_key"]: r for r in rejections}
    assert len(by_line) == len(corpus)
    for row, (name, _, rule, fragment) in zip(rejections, corpus, strict=True):
        assert row["rule"] == rule, name
        assert fragment in row["reason"], f"{name}: {row['reason']}"
    stored = list(iter_entries(engine))
    assert {e["id"] for e in stored} == {g["id"] for g in GOOD}


def test_no_personal_data_or_credential_reaches_any_table(engine: Engine, store_url: str) -> None:
    lines = [raw for _, raw, _, _ in bad_corpus()] + [json.dumps(g).encode() for g in GOOD]
    ingest_stream(engine, lines)
    dump = database_dump(engine, store_url)
    # Fragments with a space or two dashes: random hex ids and timestamps never hold them
    # (a bare "4111" matched one in about ten runs).
    for needle in [*SECRETS, *PERSONAL, "7946 0958", "4111 1111", "1111 1111", "-45-6789"]:
        assert needle not in dump, needle
    assert "[EMAIL]" in dump
    assert "[CREDENTIAL WITHHELD]" in dump


def database_dump(engine: Engine, url: str) -> str:
    """Every byte of the store as text: pg_dump's output, or SQLite's iterdump."""
    if engine.dialect.name == "sqlite":
        raw = engine.raw_connection()
        try:
            return "\n".join(raw.driver_connection.iterdump())  # type: ignore[union-attr]
        finally:
            raw.close()
    parsed = make_url(url)
    schema = parsed.query["options"].split("search_path=")[1]
    result = subprocess.run(
        [
            "pg_dump",
            "-h",
            parsed.host or "127.0.0.1",
            "-p",
            str(parsed.port or 5432),
            "-U",
            parsed.username or "postgres",
            "-n",
            schema,
            "--inserts",
            parsed.database or "",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def test_an_oversized_line_is_rejected_without_being_read_whole(
    engine: Engine, tmp_path: Path
) -> None:
    path = tmp_path / "big.jsonl"
    with path.open("wb") as handle:
        handle.write(line() + b"\n")
        handle.write(b'{"content": "' + b"y" * 3_000_000 + b'"}\n')
        handle.write(line() + b"\n")
    with path.open("rb") as stream:
        report = ingest_stream(engine, read_lines(stream, max_line_bytes=100_000))
    assert report.outcomes["inserted"] == 2 and report.outcomes["rejected:schema"] == 1
    (row,) = iter_log(engine, action="rejected")
    assert "3,000,015 bytes" in row["reason"]
    assert len(json.dumps(row["payload"])) < 5000


@pytest.mark.parametrize("via", ["file", "stdin"])
def test_the_cli_ingests_the_corpus_without_a_traceback(
    store_url: str, tmp_path: Path, via: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(raw for _, raw, _, _ in bad_corpus()) + b"\n\n")
    env = {"MEMCURATOR_DATABASE_URL": store_url, "PATH": "/usr/bin:/bin"}
    cli = [sys.executable, "-m", "memcurator"]
    subprocess.run([*cli, "init"], env=env, check=True, capture_output=True)
    args = [*cli, "ingest", "--json", str(path) if via == "file" else "-"]
    result = subprocess.run(
        args, env=env, capture_output=True, input=path.read_bytes() if via == "stdin" else None
    )
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    counts = json.loads(result.stdout)
    assert counts["lines"] == len(bad_corpus())
    assert not {k for k in counts if k in ("inserted", "merged", "refined")}
