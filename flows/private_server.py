"""A private, temporary Prefect server for one CLI command, that dies with the command.

``memcurator consolidate``, ``backfill`` and ``demo`` run their flows against the operator's
server when ``PREFECT_API_URL`` is set. Otherwise Prefect would start its own temporary server
(``SubprocessASGIServer``): a child that outlives a ``kill -9`` of the command and keeps its
state in the shared ``~/.prefect``, where the next run may meet it. Instead the command starts
this module as its child, with a ``PREFECT_HOME`` of its own in a new temporary directory:

- the child asks the kernel for SIGTERM when its parent dies (``PR_SET_PDEATHSIG``, Linux)
  and also watches its parent id (elsewhere, and for a parent that died before the ``prctl``);
- it serves Prefect's API with uvicorn in its own process (no further children), on a port
  it binds itself and reports on stdout (no race for a free port);
- on any exit it removes its ``PREFECT_HOME``, so nothing is shared with a later run;
- it runs in a session of its own, so a Ctrl-C at the terminal reaches the command only, which
  then stops the server in order (a server killed first leaves the command's clients retrying).

Starting is made cheaper two ways. Prefect's database migrations and block registration take
most of a fresh server's start, and their result is the same every time for one installed
Prefect: the first start saves the migrated database as a template in the user's cache
(``~/.cache/memcurator``, keyed by the installed ``prefect*`` distributions), later starts copy
it into their private home and skip both steps (the template holds the schema and block types
only, never a run). And the command imports its flows (Prefect itself) while the server boots,
since the server's port is known before it answers.

``python -m flows.private_server HOME PARENT_PID`` is the child; ``private_prefect_server``
is the parent's side.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import importlib.metadata
import os
import select
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

STARTUP_SECONDS = 120.0
_PR_SET_PDEATHSIG = 1
# How long an orphaned server may take to shut down gracefully before it is forced out.
GRACE_SECONDS = 4.0


@contextmanager
def private_prefect_server(
    startup_seconds: float = STARTUP_SECONDS,
    while_starting: Callable[[], object] | None = None,
) -> Iterator[str]:
    """Run the ``with`` block against a new private Prefect server; yields its API URL.

    Sets ``PREFECT_API_URL`` and ``PREFECT_HOME`` in this process's environment, so call it
    before Prefect is imported; restores them and stops the server afterwards.
    ``while_starting`` runs once they are set, while the server boots (to import Prefect).
    """
    home = Path(tempfile.mkdtemp(prefix="memcurator-prefect-"))
    template = _template_path()
    from_template = _copy_template(template, home / "prefect.db")
    child = _start_child(home, from_template)
    saved = {k: os.environ.get(k) for k in ("PREFECT_API_URL", "PREFECT_HOME")}
    interrupted = False
    try:
        api = f"http://127.0.0.1:{_read_port(child, home, startup_seconds)}/api"
        os.environ.update(PREFECT_API_URL=api, PREFECT_HOME=str(home))
        if while_starting is not None:
            while_starting()
        try:
            _wait_until_serving(child, home, api, startup_seconds)
        except RuntimeError:
            if from_template:  # perhaps a damaged template: the next command rebuilds it
                template.unlink(missing_ok=True)
            raise
        if not from_template:
            _save_template(home / "prefect.db", template)
        yield api
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        # After a Ctrl-C nobody waits for the last log lines: a few seconds, not minutes.
        _drain_prefect_workers(2.0 if interrupted else 30.0)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        _stop(child)
        shutil.rmtree(home, ignore_errors=True)


def _start_child(home: Path, from_template: bool) -> subprocess.Popen[bytes]:
    env = _server_env(home)
    if from_template:  # the copied database is migrated and has the block types already
        env.update(
            PREFECT_SERVER_DATABASE_MIGRATE_ON_START="false",
            PREFECT_SERVER_REGISTER_BLOCKS_ON_START="false",
        )
    with (home / "server.log").open("wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "flows.private_server", str(home), str(os.getpid())],
            env=env,
            cwd=Path(__file__).resolve().parents[1],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=log,
            start_new_session=True,  # a terminal's Ctrl-C is for the command, not for us
        )


def _template_path() -> Path:
    """Where the migrated database for the installed Prefect is kept between commands."""
    installed = sorted(
        f"{d.metadata['Name']}=={d.version}"
        for d in importlib.metadata.distributions()
        if (d.metadata["Name"] or "").lower().startswith("prefect")
    )
    digest = hashlib.sha256("\n".join(installed).encode()).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "memcurator" / f"prefect-server-{digest}.db"


def _copy_template(template: Path, target: Path) -> bool:
    """A copy of the template as the new server's database; False when there is none."""
    try:
        shutil.copyfile(template, target)
    except OSError:
        target.unlink(missing_ok=True)
        return False
    return True


def _save_template(database: Path, template: Path) -> None:
    """Keep the freshly migrated database for the next command: a consistent copy through
    SQLite's backup (the server is running), put in place by an atomic rename, so commands
    running at the same time never read half a template. A cache: failing to write it is
    no error."""
    with contextlib.suppress(OSError, sqlite3.Error):
        template.parent.mkdir(parents=True, exist_ok=True)
        partial = template.with_name(f"{template.name}.{os.getpid()}.tmp")
        source = sqlite3.connect(database)
        target = sqlite3.connect(partial)
        try:
            source.backup(target)
        finally:
            source.close()
            target.close()
        os.replace(partial, template)


def _drain_prefect_workers(seconds: float = 30.0) -> None:
    """Send the logs and events still queued while the server is up (as Prefect's test
    harness does), or the exit handlers would retry them against a stopped server."""
    if "prefect" not in sys.modules:
        return
    from prefect.events.worker import EventsWorker
    from prefect.logging.handlers import APILogWorker

    APILogWorker.drain_all(timeout=seconds)
    EventsWorker.drain_all(timeout=seconds)


def _server_env(home: Path) -> dict[str, str]:
    """This environment minus every Prefect setting, plus a private home and database."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update(
        PREFECT_HOME=str(home),
        PREFECT_SERVER_DATABASE_CONNECTION_URL=f"sqlite+aiosqlite:///{home / 'prefect.db'}",
        PREFECT_SERVER_ANALYTICS_ENABLED="false",
        PREFECT_UI_ENABLED="false",
        PREFECT_SERVER_UI_ENABLED="false",
        PREFECT_LOGGING_LEVEL=os.environ.get("PREFECT_LOGGING_LEVEL", "WARNING"),
        # What Prefect's own temporary server sets: no UI, ephemeral services only.
        PREFECT__SERVER_EPHEMERAL="1",
        PREFECT__SERVER_FINAL="1",
    )
    return env


def _read_port(child: subprocess.Popen[bytes], home: Path, seconds: float) -> int:
    deadline = time.monotonic() + seconds
    assert child.stdout is not None
    port = b""
    while not port.endswith(b"\n"):
        ready, _, _ = select.select([child.stdout], [], [], max(deadline - time.monotonic(), 0))
        chunk = os.read(child.stdout.fileno(), 16) if ready else b""
        if not chunk:
            _startup_failed(child, home, "did not report its port")
        port += chunk
    return int(port)


def _wait_until_serving(
    child: subprocess.Popen[bytes], home: Path, api: str, seconds: float
) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if child.poll() is not None:
            break
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"{api}/health", timeout=5) as response,
        ):
            if response.status == 200:
                return
        time.sleep(0.1)
    _startup_failed(child, home, "did not answer /api/health")


def _startup_failed(child: subprocess.Popen[bytes], home: Path, what: str) -> NoReturn:
    _stop(child)
    lines = (home / "server.log").read_text(errors="replace").strip().splitlines()
    last = lines[-1] if lines else f"exit code {child.returncode}"
    raise RuntimeError(f"the temporary Prefect server {what}: {last}")


def _stop(child: subprocess.Popen[bytes]) -> None:
    if child.poll() is None:
        child.terminate()
        try:  # a server still starting finishes its startup first: not worth waiting for
            child.wait(timeout=GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    if child.stdout is not None:
        child.stdout.close()


# ------------------------------------------------------------------------------ the child


def _die_with_parent(parent: int, on_orphaned: threading.Event) -> None:
    """SIGTERM from the kernel when the parent dies (Linux), and a watch on the parent id
    for the rest (a parent that died before ``prctl``, or another system)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        on_orphaned.set()

    if os.getppid() != parent:
        on_orphaned.set()
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _exit_on_signal(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def serve(home: Path, parent: int) -> None:
    """Serve Prefect's API until SIGTERM or until the parent is gone; then remove ``home``."""
    orphaned = threading.Event()
    # uvicorn handles SIGTERM while it serves, then raises it again once it has shut down:
    # exit through ``finally`` then too (and before it serves), so that ``home`` goes.
    signal.signal(signal.SIGTERM, _exit_on_signal)
    try:
        _die_with_parent(parent, orphaned)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        # The port first, so the parent can import Prefect while this process does too.
        sys.stdout.write(f"{sock.getsockname()[1]}\n")
        sys.stdout.flush()
        import uvicorn

        config = uvicorn.Config(
            "prefect.server.api.server:create_app",
            factory=True,
            log_level="error",
            lifespan="on",
        )
        server = uvicorn.Server(config)

        def exit_when_orphaned() -> None:
            orphaned.wait()
            server.should_exit = True
            # A graceful shutdown may hang on Prefect's services or a half-open connection
            # of the dead parent: bound it, then go regardless (nothing here needs saving).
            time.sleep(GRACE_SECONDS)
            server.force_exit = True
            time.sleep(GRACE_SECONDS)
            shutil.rmtree(home, ignore_errors=True)
            os._exit(0)

        threading.Thread(target=exit_when_orphaned, name="exit-when-orphaned", daemon=True).start()
        server.run(sockets=[sock])
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    serve(Path(sys.argv[1]), int(sys.argv[2]))
