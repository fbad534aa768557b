"""The one retry policy: attempts and delays from the settings, transient faults only."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError

from memcurator.app.retry import RetryPolicy, prefect_condition
from memcurator.settings import Settings
from store.engine import StoreError


class _Orig(Exception):
    def __init__(self, sqlstate: str | None) -> None:
        super().__init__("fault")
        self.sqlstate = sqlstate


def fault(sqlstate: str | None = "40001") -> OperationalError:
    return OperationalError("UPDATE entries", {}, _Orig(sqlstate))


class _State:
    def __init__(self, exc: BaseException | None) -> None:
        self.exc = exc

    def result(self) -> Any:
        if self.exc is not None:
            raise self.exc
        return 1


def test_the_settings_give_the_attempts_and_the_doubling_delays() -> None:
    policy = RetryPolicy.from_settings(Settings(task_retries=3, retry_backoff_seconds=0.5))
    assert policy.attempts == 4 and policy.delays == [0.5, 1.0, 2.0]
    assert policy.prefect_options()["retries"] == 3
    # Prefect gets one number: the UI renders a list of delays as "NaNs".
    assert policy.prefect_options()["retry_delay_seconds"] == 0.5


def test_a_transient_fault_is_retried_until_the_attempts_run_out() -> None:
    policy = RetryPolicy(attempts=3)
    assert policy.retryable(fault(), 1) and policy.retryable(fault(), 2)
    assert not policy.retryable(fault(), 3)


def test_a_bug_or_a_refused_value_is_never_retried() -> None:
    policy = RetryPolicy(attempts=3)
    assert not policy.retryable(ValueError("bug"), 1)
    assert not policy.retryable(IntegrityError("INSERT", {}, _Orig("23505")), 1)


def test_once_leaves_the_retries_to_the_caller() -> None:
    assert not RetryPolicy.once().retryable(fault(), 1)


def test_prefect_retries_a_store_error_whose_cause_is_transient() -> None:
    try:
        try:
            raise fault("57P01")
        except OperationalError as exc:
            raise StoreError("the store kept failing") from exc
    except StoreError as wrapped:
        caught = wrapped
    assert prefect_condition(None, None, _State(caught))
    assert not prefect_condition(None, None, _State(StoreError("no such table")))
    assert not prefect_condition(None, None, _State(None))


def test_the_retry_policy_and_the_tasks_helpers_import_no_prefect() -> None:
    """The CLI imports them before its private Prefect server's URL is set; Prefect imported
    then would start a server of its own, which a ``kill -9`` leaves behind."""
    import subprocess
    import sys

    probe = (
        "import sys, memcurator.app.retry, memcurator.app.ingest, tasks.common; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'prefect'))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
