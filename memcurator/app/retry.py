"""The one retry policy: how many attempts, how long between them, and which faults.

The CLI path (no Prefect) retries one ingest batch, the unit of work
(``app.ingest.apply_batch``); the Prefect tasks hand the same policy to Prefect
(``prefect_options``) and run the unit of work with ``RetryPolicy.once()``, so attempts
never nest (once they were 5 x 4). A lost race for a key is no fault: ingest re-reads the key
(``app.ingest``), under Prefect or not.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from memcurator.settings import Settings
from store.errors import is_transient


@dataclass(frozen=True)
class RetryPolicy:
    """``attempts`` tries in all; the n-th retry waits ``backoff_seconds * 2 ** (n - 1)``."""

    attempts: int = 4
    backoff_seconds: float = 2.0

    @classmethod
    def from_settings(cls, settings: Settings) -> RetryPolicy:
        return cls(
            attempts=settings.task_retries + 1, backoff_seconds=settings.retry_backoff_seconds
        )

    @classmethod
    def once(cls) -> RetryPolicy:
        """No retry here: the caller (a Prefect task) retries the whole unit of work."""
        return cls(attempts=1)

    @property
    def delays(self) -> list[float]:
        return [self.backoff_seconds * 2**n for n in range(self.attempts - 1)]

    def retryable(self, exc: BaseException, attempt: int) -> bool:
        """Whether a fault on try ``attempt`` (1-based) is worth another try: a lost
        connection, deadlock or serialization failure; never a bug (a retried bug only
        fails again, later, with the same traceback)."""
        return attempt < self.attempts and transient(exc)

    def wait(self, attempt: int) -> None:
        time.sleep(self.delays[attempt - 1])

    def prefect_options(self) -> dict[str, Any]:
        """The policy as a Prefect task's options (``task.with_options(**...)``): Prefect
        counts the attempts, ``prefect_condition`` says which faults.

        Under Prefect every retry waits ``backoff_seconds`` (with jitter), not the doubling
        ``delays``: a task run records its delay, and the Prefect UI renders only a single
        number (a list of delays shows as ``NaNs``), so one number is what the UI can show
        truthfully. The attempts and the faults retried stay the policy's."""
        return {
            "retries": self.attempts - 1,
            "retry_delay_seconds": self.backoff_seconds,
            "retry_jitter_factor": 0.5,
            "retry_condition_fn": prefect_condition,
        }


def transient(exc: BaseException) -> bool:
    """Whether ``exc`` or what caused it (a ``StoreError`` names the store; its cause says
    why) is a fault a retry can cure."""
    cause: BaseException | None = exc
    while cause is not None:
        if is_transient(cause):
            return True
        cause = cause.__cause__
    return False


def prefect_condition(_task: Any, _task_run: Any, state: Any) -> bool:
    """Prefect's retry condition: retry a transient fault, never a bug."""
    try:
        state.result()
    except Exception as exc:
        return transient(exc)
    return False
