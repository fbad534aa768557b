"""The nightly pass's last step on a partition: unkeyed leftovers (``memcurator.leftovers``).

Runs inside the partition's transaction, after the observation steps, so it lands (and is
skipped on a rerun) with the partition's ledger row. It visits every scope of the partition
with an unkeyed fact said since the partition's last pass, whether or not the scope holds an
observation, loads its facts as they stood at the cutoff (``store.leftover_reads``), asks the
policy, and writes each decision with its log row (``store.leftover_writes``), tenant by
tenant under row-level security.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

import numpy as np
from sqlalchemy import Connection

from memcurator.app.sentence_model import shipped_encoder
from memcurator.leftovers import resolve_scope
from memcurator.steps import Partition, cutoff_of
from store import leftover_writes
from store.engine import set_tenants
from store.leftover_reads import leftover_scopes, load_scope_facts
from store.pass_reads import previous_pass
from store.pass_writes import PassWriter


def consolidate_leftovers(
    conn: Connection, partition: Partition, *, cutoff: datetime,
    make_writer: Callable[..., PassWriter],
) -> dict[str, int]:
    """Resolve the partition's unkeyed leftovers for the pass at ``cutoff``; return the
    write-log rows written, per action and rule. ``make_writer(tenant=...)`` gives the pass's
    writer for a tenant."""
    as_of = (cutoff - timedelta(days=1)).date()
    previous = previous_pass(conn, as_of.isoformat(), partition)
    since = cutoff_of(datetime.fromisoformat(previous[0]).date()) if previous else None
    actions: dict[str, int] = {}
    for tenant, scopes in sorted(leftover_scopes(conn, partition, since, cutoff).items()):
        set_tenants(conn, [tenant])
        writer = make_writer(tenant=tenant)
        for scope in load_scope_facts(conn, tenant, scopes, since, cutoff).values():
            # Without a previous pass (a first night, or one before a night already passed)
            # the window is unknown: statements to merged entries may have been counted.
            for entry, (into, said) in sorted(scope.arrivals.items()) if since else ():
                leftover_writes.arrived(writer, entry, into, said)
            for decision in resolve_scope(scope.facts, _meaning):
                if decision.action == "merge":
                    leftover_writes.merge(writer, decision, scope.said[decision.entry])
                else:
                    leftover_writes.supersede(writer, decision)
        writer.flush()
        for action, n in writer.actions.items():
            actions[action] = actions.get(action, 0) + n
    set_tenants(conn, [])
    return actions


def _meaning(texts: Sequence[str]) -> np.ndarray:
    """The shipped encoder's cosines, loaded on first use (about 0.35 s, once per process):
    a scope whose new facts the attribute words decided never needs it."""
    return shipped_encoder().similarities(texts)
