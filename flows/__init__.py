"""Prefect flows: the nightly consolidation pass, backfill, scheduled ingest and audit.

Flows only call tasks in order. They arrive with the consolidation issue; the write gate
they build on is ``memcurator.service``.
"""
