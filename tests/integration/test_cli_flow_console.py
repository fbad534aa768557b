"""The flow commands' console (issue 12): quiet by default with progress, Prefect's lines
behind ``--verbose``, a ``PREFECT_API_URL`` that nobody answers is one quick line, and
``serve`` explains itself and stops on Ctrl-C."""

from __future__ import annotations

import io
import json
import logging
import os
import select
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from memcurator.cli.common import EXIT_STORE
from tests.factories import observation
from tests.integration.test_cli import CLI, run

NIGHT = "2025-03-03"


def tiny_night(parts: int) -> None:
    """A flow that logs what the nightly flow logs as it goes: an ordinary line, then one
    progress line per partition finished (the contract of ``flows.progress``)."""
    from prefect import flow, get_run_logger

    from flows.progress import progress_extra

    @flow(name="tiny-night")
    def run_night() -> None:
        logger = get_run_logger()
        logger.info("an ordinary line nobody needs on the console")
        for done in range(1, parts + 1):
            extra = progress_extra("partition", date=NIGHT, done=done, total=parts)
            logger.info("partition %d of %d finished", done, parts, extra=extra)

    run_night()


def watched(parts: int, *, terminal: bool, verbose: bool = False) -> str:
    """What the command's progress shows while ``tiny_night`` runs."""
    from rich.console import Console

    from memcurator.cli.flow_runs import prefect_console
    from memcurator.cli.progress import flow_progress

    shown = io.StringIO()
    console = Console(file=shown, force_terminal=terminal, width=100)
    with prefect_console(verbose=verbose), flow_progress("partition", parts, console=console):
        tiny_night(parts)
    return shown.getvalue()


def test_a_flows_progress_lines_end_as_one_line_in_a_pipe(prefect_api: str) -> None:
    shown = watched(3, terminal=False)
    assert shown.splitlines() == [f"memcurator: {NIGHT}: 3 of 3 partitions done"]


def test_a_flows_progress_lines_move_a_bar_on_a_terminal(prefect_api: str) -> None:
    shown = watched(4, terminal=True)
    assert "partitions" in shown and "4/4" in shown and NIGHT in shown
    assert "3 of 3" not in shown and "memcurator:" not in shown  # a bar, not lines


def test_a_backfills_bar_counts_nights_and_names_the_current_night() -> None:
    from rich.console import Console

    from flows.progress import PROGRESS_ATTR
    from memcurator.cli.progress import FlowProgress

    shown = io.StringIO()
    bar = FlowProgress("night", 2, Console(file=shown, force_terminal=False), animate=False)
    for figures in (
        {"kind": "partition", "date": "2025-01-01", "done": 1, "total": 2},
        {"kind": "night", "date": "2025-01-01", "done": 1, "total": 2},
        {"kind": "night", "date": "2025-01-02", "done": "two", "total": 2},  # ignored
    ):
        record = logging.makeLogRecord({PROGRESS_ATTR: figures})
        bar.handle(record)
    task = bar.progress.tasks[0]
    assert (task.completed, task.total) == (1, 2)
    assert shown.getvalue().splitlines() == ["memcurator: 2025-01-01: 1 of 2 nights done"]


def ingest_three_sessions(url: str, tmp_path: Path) -> None:
    path = tmp_path / "obs.jsonl"
    rows = [observation("u_1", f"s_{i}", f"2025-03-0{i}T09:00:00Z") for i in (1, 2, 3)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert run("init", url=url).returncode == 0
    assert run("ingest", str(path), url=url).returncode == 0


def prefect_info_lines(stderr: str) -> list[str]:
    return [x for x in stderr.splitlines() if "| INFO" in x]


def test_consolidate_is_quiet_by_default_and_verbose_on_request(
    tmp_path: Path, prefect_api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PREFECT_API_URL", prefect_api)  # reused: no temporary server
    url = f"sqlite:///{tmp_path / 's.db'}"
    ingest_three_sessions(url, tmp_path)
    quiet = run("consolidate", "--as-of", NIGHT, "--partitions", "2", url=url)
    assert quiet.returncode == 0, quiet.stderr
    assert prefect_info_lines(quiet.stderr) == [], quiet.stderr
    assert f"{NIGHT}: promoted 1" in quiet.stdout
    loud = run("consolidate", "--as-of", "2025-03-04", "--partitions", "2", "--verbose", url=url)
    assert loud.returncode == 0, loud.stderr
    assert any("Beginning flow run 'nightly-2025-03-04'" in x for x in loud.stderr.splitlines())
    # The run is on the server PREFECT_API_URL names, the one the operator watches.
    assert f"View at {prefect_api.removesuffix('/api')}" in loud.stderr


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def silent_listener() -> Iterator[int]:
    """A port that accepts connections and never answers (a hung server, a firewall)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(8)
        yield int(sock.getsockname()[1])


def timed(*args: str, env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    done = subprocess.run([*CLI, *args], env=env, capture_output=True, text=True, timeout=120)
    return done, time.monotonic() - started


@pytest.mark.parametrize("answer", ["refused", "silent"])
@pytest.mark.parametrize(
    "command",
    [["serve"], ["consolidate", "--as-of", NIGHT], ["backfill", "--start", NIGHT, "--end", NIGHT]],
)
def test_a_prefect_api_url_nobody_answers_is_one_quick_line(
    command: list[str], answer: str, silent_listener: int, tmp_path: Path
) -> None:
    port = free_port() if answer == "refused" else silent_listener
    api = f"http://127.0.0.1:{port}/api"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMCURATOR_", "PREFECT_"))}
    env["MEMCURATOR_DATABASE_URL"] = f"sqlite:///{tmp_path / 's.db'}"
    assert run("init", url=env["MEMCURATOR_DATABASE_URL"]).returncode == 0
    # What starting the CLI costs on this machine now (it is shared): the check adds little.
    _, baseline = timed("--version", env=env)
    result, took = timed(*command, env={**env, "PREFECT_API_URL": api})
    assert result.returncode == EXIT_STORE, result.stderr
    [line] = [x for x in result.stderr.splitlines() if "running the nightly pass" not in x]
    assert api in line and "prefect server start" in line and "Traceback" not in line
    assert took < baseline + 4, (took, baseline)


def read_until(stream: io.TextIOBase, wanted: str, seconds: float) -> str:
    """What the stream printed until a line contains ``wanted`` (or the time is up)."""
    seen = ""
    deadline = time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], 1)
        if ready:
            chunk = os.read(stream.fileno(), 65536).decode(errors="replace")
            if not chunk:
                break
            seen += chunk
    return seen


def _sigint_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_serve_without_prefect_api_url_says_what_works_and_stops_on_ctrl_c(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMCURATOR_", "PREFECT_"))}
    env.update(
        MEMCURATOR_DATABASE_URL=f"sqlite:///{tmp_path / 's.db'}",
        PREFECT_HOME=str(tmp_path / "prefect"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
    )
    assert run("init", url=env["MEMCURATOR_DATABASE_URL"]).returncode == 0
    serve = subprocess.Popen(
        [*CLI, "serve"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, as a terminal's foreground job
        # with SIGINT as a terminal leaves it. A child inherits an ignored SIGINT, and
        # Python then installs no KeyboardInterrupt handler: a suite started in the
        # background by a non-interactive shell (`pytest &`, SIGINT and SIGQUIT ignored)
        # started `serve` deaf to Ctrl-C, as the shell means for background jobs, and this
        # test failed on its 60 s wait.
        preexec_fn=_sigint_as_in_a_terminal,
    )
    assert serve.stdout is not None
    try:
        shown = read_until(serve.stdout, "serving (Ctrl-C stops)", 240)
        assert "serving (Ctrl-C stops)" in shown, shown
        time.sleep(5)  # Prefect's runner registers the deployments and starts polling
        assert "temporary Prefect server that only this process can reach" in shown
        assert "PREFECT_API_URL=http://127.0.0.1:4200/api" in shown
        assert "prefect deployment run [DEPLOYMENT_NAME]" not in shown  # Prefect's own banner
        started = time.monotonic()
        os.killpg(serve.pid, signal.SIGINT)  # Ctrl-C: the whole foreground group gets it
        rest = serve.communicate(timeout=60)[0].decode(errors="replace")
        took = time.monotonic() - started
    finally:
        if serve.poll() is None:
            os.killpg(serve.pid, signal.SIGKILL)
            serve.wait()
    assert "Traceback" not in shown + rest, shown + rest
    assert took < 20, took  # a few seconds on an idle machine; this one is shared
    with pytest.raises(ProcessLookupError):
        os.killpg(serve.pid, 0)


def test_the_readme_says_what_the_flow_commands_print_now() -> None:
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for said in (
        "`--verbose` (`-v`) brings back Prefect's own log lines",
        "`PREFECT_LOGGING_LEVEL` sets which lines Prefect emits",
        "With `PREFECT_API_URL` set",
        "no temporary server\nis started",
        "names the URL and `prefect server start`",
        "a temporary server that only its own process can reach",
        "Ctrl-C stops it within\nseconds",
        "memcurator: 2025-03-04: 8 of 8 partitions done",
    ):
        assert said in text, said
    assert "print Prefect's log lines on stderr" not in text  # what they did before


def test_the_second_private_server_starts_from_the_first_ones_migrated_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import urllib.request

    from flows import private_server
    from flows.private_server import _template_path, private_prefect_server

    copied: list[bool] = []
    real_copy = private_server._copy_template

    def copy_and_tell(template: Path, target: Path) -> bool:
        copied.append(real_copy(template, target))
        return copied[-1]

    monkeypatch.setattr(private_server, "_copy_template", copy_and_tell)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PREFECT_API_URL", raising=False)
    template = _template_path()
    assert not template.exists()
    with private_prefect_server():
        pass
    assert template.is_file()
    with private_prefect_server() as api:
        home = Path(os.environ["PREFECT_HOME"])
        request = urllib.request.Request(f"{api}/block_types/filter", data=b"{}", method="POST")
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=30) as response:
            block_types = json.loads(response.read())
    # The copy was served (migrations and registration skipped), block types and all.
    assert copied == [False, True]
    assert (home / "prefect.db").exists() is False  # the private home went with the server
    assert any(b["slug"] == "secret" for b in block_types), block_types
