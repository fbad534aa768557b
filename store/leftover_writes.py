"""The nightly pass's writes for unkeyed leftovers: a merge, a supersession, later statements
of a merged entry, each with its write-log row (through the partition's ``PassWriter``, in
its transaction: a retry or rerun of a landed partition writes nothing).

Every value derives from the stored statements and the pass's cutoff. Figures only grow
(evidence is added, confirmation and confidence are maxima), and ``updated_at`` is the later
of the row's own and the cutoff, so a pass and the ingests around it land the same values
whichever comes first (a backfill over a loaded store equals nightly runs one by one).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, case, select, update

from memcurator.leftovers import Decision
from memcurator.vocabulary import Action, Rule, Status, most_sensitive
from store.bulk import insert_rows
from store.leftover_reads import Said
from store.pass_writes import PassWriter
from store.tables import Entry, StatementVector


def merge(writer: PassWriter, decision: Decision, said: Said) -> None:
    """``decision.entry`` restates ``decision.into``: it is retired, pointing there (its
    statements stay attached to it: the same wording said again still joins it), and what it
    said is added to the older entry."""
    conn, tenant, cutoff = writer.conn, writer.tenant, writer.cutoff
    since = conn.scalar(
        select(Entry.valid_from).where(Entry.tenant == tenant, Entry.id == decision.entry)
    )
    conn.execute(
        update(Entry)
        .where(Entry.tenant == tenant, Entry.id == decision.entry, Entry.status == Status.ACTIVE)
        .values(
            status=Status.RETIRED, valid_to=since, superseded_by=decision.into,
            updated_at=_later(Entry.updated_at, cutoff),
        )
    )  # fmt: skip
    add(conn, tenant, decision.into, said, cutoff)
    writer.log(
        Action.MERGED, Rule.DEDUP, decision.entry, [decision.into], decision.why,
        {"key": decision.subject_key, "into": decision.into, "relation": decision.relation,
         "statements": said.count},
    )  # fmt: skip


def supersede(writer: PassWriter, decision: Decision) -> None:
    """``decision.entry`` (unkeyed, older) is superseded by the newer ``decision.into`` from
    the moment that one became valid (rule 5: the newer statement wins; nothing is deleted)."""
    conn, tenant = writer.conn, writer.tenant
    valid_from = conn.scalar(
        select(Entry.valid_from).where(Entry.tenant == tenant, Entry.id == decision.into)
    )
    conn.execute(
        update(Entry)
        .where(Entry.tenant == tenant, Entry.id == decision.entry, Entry.status == Status.ACTIVE)
        .values(
            status=Status.SUPERSEDED, valid_to=valid_from, superseded_by=decision.into,
            updated_at=_later(Entry.updated_at, writer.cutoff),
        )
    )  # fmt: skip
    writer.log(
        Action.SUPERSEDED, Rule.CONFLICT, decision.entry, [decision.into], decision.why,
        {"key": decision.subject_key, "by": decision.into, "relation": decision.relation},
    )  # fmt: skip


def arrived(writer: PassWriter, entry: str, into: str, said: Said) -> None:
    """Statements said since the last pass to an entry merged at night count for the entry
    it was merged into."""
    add(writer.conn, writer.tenant, into, said, writer.cutoff)
    writer.log(
        Action.MERGED, Rule.DEDUP, entry, [into],
        f"nightly, unkeyed: {said.count} statement(s) of {entry}, merged into {into} by an "
        f"earlier pass, said again: added to {into}",
        {"into": into, "statements": said.count},
    )  # fmt: skip


def add(conn: Connection, tenant: str, entry: str, said: Said, cutoff: datetime) -> None:
    """Add what ``said`` holds to ``entry``: evidence, the later confirmation, the higher
    confidence, the more sensitive class."""
    sensitivity = conn.scalar(
        select(Entry.sensitivity).where(Entry.tenant == tenant, Entry.id == entry)
    )
    conn.execute(
        update(Entry)
        .where(Entry.tenant == tenant, Entry.id == entry)
        .values(
            evidence=Entry.evidence + said.count,
            last_confirmed_at=_later(Entry.last_confirmed_at, said.last),
            confidence=_later(Entry.confidence, said.confidence),
            sensitivity=most_sensitive([str(sensitivity), said.sensitivity]),
            updated_at=_later(Entry.updated_at, cutoff),
        )
    )


def _later(column: object, value: object) -> object:
    """The larger of a column and a value, in SQL (both dialects)."""
    return case((column < value, value), else_=column)  # type: ignore[operator]


def keep_vectors(conn: Connection, tenant: str, scope_key: str, vectors: dict[str, bytes]) -> None:
    """Keep the vectors the pass computed for one scope's statements (by digest), in the
    partition's transaction: a rolled-back pass keeps none, a rerun computes them again.
    Only the partition holding the scope writes its rows, so no two passes write one."""
    insert_rows(
        conn,
        StatementVector,
        [
            {"tenant": tenant, "scope_key": scope_key, "digest": d, "vector": v}
            for d, v in sorted(vectors.items())
        ],
    )
