"""Prefect tasks: thin wrappers that load, call the pure policy, and apply through ``store``.

They arrive with the consolidation issue, wrapping ``memcurator.service`` and the store.
"""
