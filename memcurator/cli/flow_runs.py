"""How a CLI command runs Prefect flows: on the store at a given URL (through this process's
environment, never as a flow parameter, since Prefect records parameters and a URL carries a
password), against ``PREFECT_API_URL`` if set (after checking that something answers there),
else against a private temporary server that dies with the command (``flows.private_server``).

Prefect's console is quiet by default: its INFO lines (about twenty per night) stay out of
the terminal, warnings and errors show as one line each, and the command shows progress
instead (``cli.progress``). ``--verbose`` brings every line back. The records themselves are
untouched, so the Prefect UI gets all of them either way.
"""

from __future__ import annotations

import importlib
import logging
import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

from memcurator.cli.common import EXIT_STORE, fail

# How long a command waits for PREFECT_API_URL to answer before it says nobody does.
REACH_SECONDS = 1.5


def quiet_prefect() -> None:
    """memcurator's own defaults for Prefect, each overridable from the environment: no
    telemetry calls (this is often a machine without internet access)."""
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")


class WithoutTraceback(logging.Formatter):
    """Wraps a log formatter so a record prints as its first line, without its traceback
    (other handlers of the same record, such as Prefect's API log, still get all of it)."""

    def __init__(self, inner: logging.Formatter) -> None:
        super().__init__()
        self.inner = inner

    def format(self, record: logging.LogRecord) -> str:
        bare = logging.makeLogRecord(record.__dict__)
        bare.exc_info, bare.exc_text, bare.stack_info = None, None, None
        return (self.inner.format(bare).splitlines() or [""])[0]


def require_reachable_prefect(seconds: float = REACH_SECONDS) -> str | None:
    """``PREFECT_API_URL`` if set and something answers there (any HTTP answer will do: a
    Prefect Cloud workspace may want a key for its health check), else one line and exit 4;
    None when it is not set."""
    api = os.environ.get("PREFECT_API_URL")
    if not api:
        return None
    try:
        with urllib.request.urlopen(f"{api.rstrip('/')}/health", timeout=seconds):
            pass
    except urllib.error.HTTPError:
        pass  # it answered
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        fail(
            f"no Prefect server answers at PREFECT_API_URL={api} ({reason}): start one there "
            "with `prefect server start`, or unset PREFECT_API_URL to run against a "
            "temporary server",
            EXIT_STORE,
        )
    return api


@contextmanager
def prefect_console(*, verbose: bool = False) -> Iterator[None]:
    """Prefect's console for one CLI command: one line per record (a failed task or flow is
    reported by memcurator as one line; the full traceback stays in the Prefect UI, and
    ``MEMCURATOR_DEBUG=1`` brings it back here), and only warnings and errors unless
    ``verbose``. Restores the console afterwards."""
    from prefect.logging.configuration import ensure_logging_setup
    from prefect.logging.handlers import PrefectConsoleHandler

    ensure_logging_setup()  # Prefect configures logging lazily; have its handlers now
    loggers = [logging.getLogger(), *map(logging.getLogger, logging.root.manager.loggerDict)]
    handlers = {h for lg in loggers for h in getattr(lg, "handlers", [])}
    consoles = [h for h in handlers if isinstance(h, PrefectConsoleHandler)]
    saved = [(h, h.level, h.formatter) for h in consoles]
    for handler in consoles:
        if handler.formatter is not None and not os.environ.get("MEMCURATOR_DEBUG"):
            handler.setFormatter(WithoutTraceback(handler.formatter))
        if not verbose:
            handler.setLevel(max(handler.level, logging.WARNING))
    try:
        yield
    finally:
        for handler, level, formatter in saved:
            handler.setLevel(level)
            handler.setFormatter(formatter)


@contextmanager
def flows_for(
    url: str, *, verbose: bool = False, flows: tuple[str, ...] = ("flows.consolidation",)
) -> Iterator[None]:
    """Run this process's flows on the store at ``url`` (through the environment, never as a
    parameter) against ``PREFECT_API_URL``, or else a private server that dies with us.
    The modules ``flows`` are imported while a private server starts (they import Prefect,
    which takes seconds of its own)."""
    saved = {
        k: os.environ.get(k) for k in ("MEMCURATOR_DATABASE_URL", "MEMCURATOR_DATABASE_URL_SECRET")
    }
    os.environ["MEMCURATOR_DATABASE_URL"] = url
    os.environ.pop("MEMCURATOR_DATABASE_URL_SECRET", None)
    quiet_prefect()

    def import_flows() -> None:
        for module in flows:
            importlib.import_module(module)

    try:
        if require_reachable_prefect():
            with prefect_console(verbose=verbose):
                yield
        else:
            from flows.private_server import private_prefect_server

            # Prefect is imported only once the private server's URL is in the environment
            # (its settings are read on import): before, it would start a server of its own.
            with (
                private_prefect_server(while_starting=import_flows),
                prefect_console(verbose=verbose),
            ):
                yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
