"""How a CLI command runs Prefect flows: on the store at a given URL (through this process's
environment, never as a flow parameter, since Prefect records parameters and a URL carries a
password), against ``PREFECT_API_URL`` if set, else against a private temporary server that
dies with the command (``flows.private_server``), with Prefect's console kept to one line
per record.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager


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


def one_line_prefect_console() -> None:
    """Keep Prefect's console output to one line per record in a CLI command: a failed task
    or flow is reported by memcurator as one line (the full traceback stays in the Prefect
    UI, and ``MEMCURATOR_DEBUG=1`` brings it back here)."""
    if os.environ.get("MEMCURATOR_DEBUG"):
        return
    from prefect.logging.configuration import ensure_logging_setup
    from prefect.logging.handlers import PrefectConsoleHandler

    ensure_logging_setup()  # Prefect configures logging lazily; have its handlers now

    loggers = [logging.getLogger(), *map(logging.getLogger, logging.root.manager.loggerDict)]
    for handler in {h for lg in loggers for h in getattr(lg, "handlers", [])}:
        if isinstance(handler, PrefectConsoleHandler) and handler.formatter is not None:
            handler.setFormatter(WithoutTraceback(handler.formatter))


@contextmanager
def flows_for(url: str) -> Iterator[None]:
    """Run this process's flows on the store at ``url`` (through the environment, never as a
    parameter) against ``PREFECT_API_URL``, or else a private server that dies with us."""
    saved = {
        k: os.environ.get(k) for k in ("MEMCURATOR_DATABASE_URL", "MEMCURATOR_DATABASE_URL_SECRET")
    }
    os.environ["MEMCURATOR_DATABASE_URL"] = url
    os.environ.pop("MEMCURATOR_DATABASE_URL_SECRET", None)
    quiet_prefect()
    try:
        if os.environ.get("PREFECT_API_URL"):
            one_line_prefect_console()
            yield
        else:
            from flows.private_server import private_prefect_server

            # Prefect is imported only once the private server's URL is in the environment
            # (its settings are read on import): before, it would start a server of its own.
            with private_prefect_server():
                one_line_prefect_console()
                yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
