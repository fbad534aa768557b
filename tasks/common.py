"""What every task shares: the retry policy (``memcurator.app.retry``) as Prefect options.

The store's URL and engine come from ``tasks.secrets`` and ``store.engines``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from memcurator.app.retry import RetryPolicy
from memcurator.settings import Settings

if TYPE_CHECKING:
    # Not at run time: the CLI imports this module before its private Prefect server's URL
    # is in the environment, and Prefect imported then starts a server of its own.
    from prefect import Task

T = TypeVar("T", bound="Task[Any, Any]")


def with_retries(task: T) -> T:
    """``task`` retried by the one retry policy, read from the settings when the flow runs
    (a decorator's options are fixed at import, before a test or a deployment sets them)."""
    options = RetryPolicy.from_settings(Settings()).prefect_options()
    return task.with_options(**options)  # type: ignore[return-value]
