"""Prefect flows: the nightly consolidation pass, backfill, scheduled ingest and audit.

Flows only call tasks in order and publish what happened (logs, artifacts); the policy lives
in ``memcurator`` and the writes in ``store``. ``flows.deployments`` builds the deployments
that ``memcurator serve`` serves and ``deployments/prefect.yaml`` declares.
"""
