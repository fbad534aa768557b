"""What every task shares: the retry rule (the store's engine is ``store.engines``)."""

from __future__ import annotations

from typing import Any

from store.errors import is_transient


def retry_transient(_task: Any, _task_run: Any, state: Any) -> bool:
    """Prefect retry condition: retry a lost connection, deadlock or serialization failure,
    never a bug (a retried bug only fails again, later, with the same traceback)."""
    try:
        state.result()
    except Exception as exc:
        return is_transient(exc)
    return False
