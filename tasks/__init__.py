"""Prefect tasks: thin wrappers that open a transaction, call the store and the pure policy.

Every task that touches the database uses ``NO_CACHE`` (an engine does not pickle, and a
cached result would skip a write), retries only faults a retry can cure
(``store.errors.is_transient``), and is safe to retry: its writes commit in one transaction
with their idempotency record.
"""
