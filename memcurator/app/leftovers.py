"""The nightly pass's last step on a partition: unkeyed leftovers (``memcurator.leftovers``).

Runs inside the partition's transaction, after the observation steps, so it lands (and is
skipped on a rerun) with the partition's ledger row. It visits every scope of the partition
with an unkeyed fact said since the partition's last pass, whether or not the scope holds an
observation, loads its facts as they stood at the cutoff (``store.leftover_reads``), asks the
policy, and writes each decision with its log row (``store.leftover_writes``), tenant by
tenant under row-level security. With ``MEMCURATOR_TENANT_FRAMES=true`` (the pass's
``Policy.tenant_frames``) the policy also reads what the tenant's frames say
(``memcurator.frames.TenantFrames``), learnt from the tenant's fact statements of the 90 days
before the cutoff, every scope's (read, never written or shown), once per night per process.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

import numpy as np
from sqlalchemy import Connection

from memcurator.app.sentence_model import shipped_encoder
from memcurator.frames import TenantFrames
from memcurator.leftovers import resolve_scope
from memcurator.sentence_vectors import cosines, from_bytes, to_bytes
from memcurator.steps import Partition, cutoff_of
from store import leftover_writes
from store.engine import set_tenants
from store.leftover_reads import (
    kept_vectors,
    leftover_scopes,
    load_scope_facts,
    tenant_wordings,
)
from store.pass_changes import Shared
from store.pass_reads import previous_pass
from store.pass_writes import PassWriter

# The tenant's statements a night learns its frames from: those of the last 90 days, at most
# the 5,000 most recently said (learning takes ~2 s for 5,000 on one core, and grows faster
# than their number).
FRAMES_WINDOW = timedelta(days=90)
FRAMES_MAX = 5_000


def consolidate_leftovers(
    conn: Connection, partition: Partition, *, cutoff: datetime,
    make_writer: Callable[..., PassWriter], clock: datetime | None = None,
    tenant_frames: bool = False,
) -> dict[str, int]:
    """Resolve the partition's unkeyed leftovers for the pass at ``cutoff``; return the
    write-log rows written, per action and rule. ``make_writer(tenant=...)`` gives the pass's
    writer for a tenant. ``clock``: the night's clock, shared by its partitions; partitions
    in one process then read a tenant's wordings once (``_WORDINGS``). ``tenant_frames``:
    group by the frames the tenant's scopes share too (the pass's ``Policy``)."""
    as_of = (cutoff - timedelta(days=1)).date()
    previous = previous_pass(conn, as_of.isoformat(), partition)
    since = cutoff_of(datetime.fromisoformat(previous[0]).date()) if previous else None
    actions: dict[str, int] = {}
    found = leftover_scopes(conn, partition, since, cutoff, clock=clock)
    for tenant, scopes in sorted(found.items()):
        set_tenants(conn, [tenant])
        writer = make_writer(tenant=tenant)
        frames = _frames(_wordings(conn, tenant, cutoff, clock)) if tenant_frames else None
        for key, scope in load_scope_facts(conn, tenant, scopes, since, cutoff).items():
            # Without a previous pass (a first night, or one before a night already passed)
            # the window is unknown: statements to merged entries may have been counted.
            for entry, (into, said) in sorted(scope.arrivals.items()) if since else ():
                leftover_writes.arrived(writer, entry, into, said)
            for decision in resolve_scope(scope.facts, KeptMeaning(conn, tenant, key), frames):
                if decision.action == "merge":
                    leftover_writes.merge(writer, decision, scope.said[decision.entry])
                else:
                    leftover_writes.supersede(writer, decision)
        writer.flush()
        for action, n in writer.actions.items():
            actions[action] = actions.get(action, 0) + n
    set_tenants(conn, [])
    return actions


def _wordings(
    conn: Connection, tenant: str, cutoff: datetime, clock: datetime | None
) -> tuple[str, ...]:
    """The tenant's wordings the night learns its frames from; with a shared ``clock``, read
    once for the night's partitions in this process (statements created before the cutoff
    are the same for all of them)."""
    def ask() -> tuple[str, ...]:
        return tuple(tenant_wordings(conn, tenant, cutoff - FRAMES_WINDOW, cutoff, FRAMES_MAX))

    if clock is None:
        return ask()
    return _WORDINGS.get((str(conn.engine.url), tenant, cutoff, clock), ask)


_WORDINGS: Shared[tuple[str, ...]] = Shared()


def _frames(wordings: tuple[str, ...]) -> TenantFrames:
    """The frames learnt from a tenant's wordings, once per night in a process: the night's
    partitions read the same wordings and share what was learnt from them, also in a
    backfill, whose partitions walk the same nights one after another. Kept by a digest of
    the wordings (the last 256: about 0.1 MB each for 1,400 wordings; no words are kept)."""
    digest = hashlib.sha256("\x00".join(wordings).encode()).digest()
    return _FRAMES.get(digest, lambda: TenantFrames(wordings))


_FRAMES: Shared[TenantFrames] = Shared(size=256)


class KeptMeaning:
    """The meaning check of one scope's statements: the cosines of their sentence vectors,
    read from the store where a night before kept them, and otherwise encoded (the shipped
    encoder loads on first use, about 0.5 s once per process: a scope whose new facts the
    attribute words decided never needs it) and kept, in the partition's transaction. So a
    night in a new process encodes only the statements new to the scope, not its history."""

    def __init__(self, conn: Connection, tenant: str, scope_key: str) -> None:
        self.conn, self.tenant, self.scope_key = conn, tenant, scope_key
        self.encoded = 0

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        encoder = shipped_encoder()
        digests = [statement_digest(encoder.name, t) for t in texts]
        kept = kept_vectors(self.conn, self.tenant, self.scope_key, digests)
        missing = {d: t for d, t in zip(digests, texts, strict=True) if d not in kept}
        vectors = encoder.vectors(list(missing.values()))
        fresh = {d: to_bytes(v) for d, v in zip(missing, vectors, strict=True)}
        if fresh:
            leftover_writes.keep_vectors(self.conn, self.tenant, self.scope_key, fresh)
            self.encoded += len(fresh)
        return cosines(np.stack([from_bytes(kept.get(d) or fresh[d]) for d in digests]))


def statement_digest(encoder: str, text: str) -> str:
    """A kept vector's name: the encoder's and the statement's (the text itself is not kept)."""
    return hashlib.sha256(f"{encoder}\x00{text}".encode()).hexdigest()
