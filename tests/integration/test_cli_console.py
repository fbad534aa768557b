"""The CLI's manners (issue 12): pipes, exit codes, help, ``--version``, line numbers."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

import memcurator
from memcurator.cli import app
from memcurator.cli.common import EXIT_NOT_FOUND
from store.engine import make_engine, upgrade
from tests.conftest import PG_URL
from tests.factories import candidate, line
from tests.integration.test_cli import one_line_error, run


def test_export_and_log_piped_into_head_exit_0_under_pipefail(store_url: str) -> None:
    engine = make_engine(store_url)
    upgrade(engine)
    engine.dispose()
    # Far more than a pipe buffer (64 KiB), so the writer meets the closed pipe.
    many = [candidate(content=f"Prefers tea number {i} in the morning") for i in range(1500)]
    memcurator.submit(many, database_url=store_url)
    env = {**os.environ, "MEMCURATOR_DATABASE_URL": store_url}
    for command in ("export", "log"):
        script = f"set -o pipefail; {sys.executable} -m memcurator {command} | head -1"
        done = subprocess.run(
            ["bash", "-c", script], env=env, capture_output=True, text=True, timeout=120
        )
        assert (done.returncode, done.stderr) == (0, ""), command
        assert json.loads(done.stdout)  # the one line head kept is whole


@pytest.mark.parametrize(
    "args",
    [["audit", "mark", "mem_NOPE", "wrong"], ["trace", "mem_NOPE"]],
)
def test_an_id_that_is_not_there_is_one_line_and_its_own_exit_code(
    args: list[str], store_url: str
) -> None:
    run("init", url=store_url)
    result = run(*args, url=store_url)
    assert result.returncode == EXIT_NOT_FOUND != 1
    message = one_line_error(result)
    assert "'mem_NOPE'" in message and message.count("'") % 2 == 0, message


def test_an_unsupported_database_is_a_bad_argument() -> None:
    result = run("export", url="mysql://root@127.0.0.1/x")
    assert result.returncode == 2
    assert "unsupported database 'mysql'" in one_line_error(result)


@pytest.mark.parametrize(
    ("args", "choice"),
    [
        (["log", "--action", "deleted"], "'inserted'"),
        (["log", "--rule", "bogus"], "'transient'"),
        (["export", "--status", "bogus"], "'active'"),
    ],
)
def test_unknown_words_are_refused_with_the_vocabulary(
    args: list[str], choice: str, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    run("init", url=url)
    result = run(*args, url=url)
    assert result.returncode == 2, result.stderr
    message = one_line_error(result)
    assert f"{args[-1]!r} is not one of" in message and choice in message
    assert "Value error" not in message


def test_log_filters_by_a_known_action_and_rule(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    run("init", url=url)
    run("ingest", "-", url=url, stdin=line(content="okay") + b"\n" + line() + b"\n")
    rows = run("log", "--action", "rejected", "--rule", "transient", url=url).stdout
    assert [json.loads(r)["rule"] for r in rows.splitlines()] == ["transient"]


def every_command(group: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command's words, subcommands of groups (``audit mark``) included."""
    found = []
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            found += every_command(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


COMMANDS = every_command(typer.main.get_group(app))


def test_every_command_and_subcommand_is_listed() -> None:
    assert ("audit", "mark") in COMMANDS and ("export",) in COMMANDS


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_has_tidy_help_with_an_example(command: tuple[str, ...]) -> None:
    result = run(*command, "--help")
    assert result.returncode == 0, result.stderr
    shown = result.stdout
    assert "Example:" in shown, f"{command} --help has no example"
    assert "<bool>" not in shown and "<str>" not in shown and "<int" not in shown
    assert "``" not in shown
    assert "[default:" not in shown  # one style of defaults: "(default: ...)" in the text
    assert not re.search(r"\(default: none\)", shown, re.IGNORECASE)
    assert not re.search(r"\(default [^:]|\. \(default:", shown)  # one wording, in the sentence


def test_defaults_are_shown_one_way() -> None:
    shown = run("consolidate", "--help").stdout
    assert "(default: 8)" in shown and "--wait" in shown
    assert "[default: 0.0]" not in shown


def test_init_on_a_missing_database_says_it_does_not_exist() -> None:
    missing = PG_URL.rsplit("/", 1)[0] + "/memcurator_no_such_database"
    result = run("init", url=missing)
    assert result.returncode == 4
    message = one_line_error(result)
    assert "'memcurator_no_such_database' does not exist" in message
    assert "answered" in message and "create it first" in message
    assert "cannot reach" not in message


def test_version_prints_the_installed_version() -> None:
    from importlib.metadata import version

    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"memcurator {version('memcurator')}"


def test_a_rejected_line_gives_its_line_number_in_the_file(store_url: str, tmp_path: Path) -> None:
    run("init", url=store_url)
    path = tmp_path / "in.jsonl"
    # Line 3 is blank: numbers are the file's, not the count of candidates read.
    path.write_bytes(line() + b"\n" + line() + b"\n\n" + b"{not json\n" + line(content="okay"))
    result = run("ingest", "--json", str(path), url=store_url)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["rejected_lines"] == {"schema": [4], "transient": [5]}
    rows = [
        json.loads(r) for r in run("log", "--action", "rejected", url=store_url).stdout.splitlines()
    ]
    found = sorted((r["rule"], r["payload"]["input_line"]) for r in rows)
    assert found == [("schema", 4), ("transient", 5)]


def test_a_rejected_lines_number_does_not_let_unscreened_content_into_the_log(
    store_url: str, tmp_path: Path
) -> None:
    run("init", url=store_url)
    secret = "sk-live-" + "Q7v9X2c4B6n8M0p2R4t6Y8u0"
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(candidate(content=f"my key is {secret}")) + "\n")
    run("ingest", str(path), url=store_url)
    shown = run("log", "--action", "rejected", url=store_url).stdout
    assert secret not in shown and '"input_line": 1' in shown


def test_the_demos_explore_commands_are_never_wrapped_mid_command(tmp_path: Path) -> None:
    from rich.console import Console

    from memcurator.cli.demo_run import print_explore

    console = Console(record=True, width=60)
    db_path = tmp_path / "a-rather-long-folder-name" / "memcurator-demo.db"
    print_explore(console, db_path)
    lines = console.export_text().splitlines()
    commands = [line.strip() for line in lines if line.strip().startswith("memcurator ")]
    assert commands == [
        f"memcurator export --database-url sqlite:///{db_path} --scope user_id=u_0000",
        f"memcurator log --database-url sqlite:///{db_path} --action rejected",
    ]


def test_the_demo_marks_content_it_cut_with_an_ellipsis() -> None:
    from memcurator.cli.demo_run import cut

    assert cut("short", 60) == "short"
    long = "x" * 61
    assert cut(long, 60) == "x" * 59 + "…" and len(cut(long, 60)) == 60


README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_points_at_no_file_a_user_does_not_have() -> None:
    text = README.read_text(encoding="utf-8")
    assert "../" not in text and "/work/" not in text


def test_the_readme_says_to_create_the_database_and_how_to_quiet_prefect() -> None:
    text = README.read_text(encoding="utf-8")
    assert "create the database first" in text and "createdb" in text
    assert "PREFECT_LOGGING_LEVEL=WARNING" in text


def test_the_readmes_example_candidate_line_is_stored_as_a_fact(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    [block] = re.findall(r"```json\n(.*?)\n```", text, re.DOTALL)
    url = f"sqlite:///{tmp_path / 's.db'}"
    run("init", url=url)
    result = run("ingest", "--json", "-", url=url, stdin=block.encode() + b"\n")
    assert json.loads(result.stdout)["inserted"] == 1, result.stdout
    (entry,) = [json.loads(x) for x in run("export", url=url).stdout.splitlines()]
    assert entry["type"] == "fact"
