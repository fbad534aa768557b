"""Ingest's unit of work: gate a stream of candidates and apply the decisions, batch by batch.

The CLI, the Python API and the Prefect tasks share it. Each batch is one transaction: load
the keys' timelines, place the candidates (the policy: ``memcurator.resolve``), write. A fault
anywhere rolls the whole batch back, and because every candidate is recorded in the intake
ledger, re-running the batch (or the whole file) adds nothing twice. Transient faults are
retried by ``app.retry``'s policy, given by the caller.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from itertools import islice
from typing import Any, BinaryIO

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import StatementError

from memcurator.app.collection import fewer_collections
from memcurator.app.gate_pool import judged_batches
from memcurator.app.gathered import read_gathering
from memcurator.app.retry import RetryPolicy
from memcurator.attributes import explain
from memcurator.decisions import Decision, LogEvent, NewEntry
from memcurator.gate import reject_store_refusal
from memcurator.judging import Oversize
from memcurator.keys import FACT_PREFIX, is_wording_key, key_attribute
from memcurator.resolve import Timeline
from memcurator.schema import Candidate
from memcurator.settings import Settings
from memcurator.versions import Version
from store.engine import WRITER, StoreError, describe_url, first_line, set_tenants
from store.errors import is_race, is_transient
from store.source_cache import SourceCache
from store.timelines import (
    TimelineKey,
    load_timelines,
    lock_keys,
    reached,
    timeline_key,
    write_versions,
)
from store.writes import Digests, already_judged, apply_decisions, fresh_decisions

# Another writer took a key first: re-reading it merges into that writer's row. Past two
# tries it is no race but a refusal, and the batch is split (``_apply_one_by_one``).
RACE_ATTEMPTS = 2
# The ingest summary names the file line of the first rejections of each rule, no more:
# the rest are in the write log (``input_line`` in each rejected row's payload).
SHOWN_REJECTED_LINES = 20


@dataclass
class IngestReport:
    """What happened to a stream of candidates: a count per outcome, and what was skipped."""

    outcomes: Counter[str] = field(default_factory=Counter)
    demoted: int = 0
    superseded: int = 0
    redacted: int = 0
    skipped: int = 0
    lines: int = 0
    rejected_lines: dict[str, list[int]] = field(default_factory=dict)

    def add(self, decisions: Iterable[Decision], fresh: Iterable[Decision]) -> None:
        decisions = list(decisions)
        fresh = list(fresh)
        self.lines += len(decisions)
        self.skipped += len(decisions) - len(fresh)
        for d in fresh:
            actions = [e.action for e in d.events]
            if d.outcome == "rejected":
                self.outcomes[f"rejected:{d.rule}"] += 1
                shown = self.rejected_lines.setdefault(d.rule, [])
                if d.line_no is not None and len(shown) < SHOWN_REJECTED_LINES:
                    shown.append(d.line_no)
            else:
                placement = next(a for a in actions if a in ("inserted", "merged", "refined"))
                self.outcomes[placement] += 1
                self.demoted += d.outcome == "demoted"
                self.superseded += actions.count("superseded")
            self.redacted += "redacted" in actions

    def as_dict(self) -> dict[str, Any]:
        """Counts per outcome (each line has exactly one), then what happened along the way."""
        return {
            "lines": self.lines,
            **{k: self.outcomes[k] for k in sorted(self.outcomes)},
            "skipped_already_ingested": self.skipped,
            "of_which_demoted": self.demoted,
            "of_which_redacted": self.redacted,
            "entries_superseded": self.superseded,
        }


class InputLine(bytes):
    """A line read from a file, with its line number there (blank lines count), so that a
    rejection can say where the line was."""

    line_no: int


_BOM = b"\xef\xbb\xbf"


def read_lines(stream: BinaryIO, max_line_bytes: int) -> Iterator[bytes | Oversize]:
    """Yield the non-blank lines of a JSON Lines stream, never holding more than one line.

    A UTF-8 byte order mark at the start (editors on Windows write one) is not content."""
    number = 0
    while True:
        line = stream.readline(max_line_bytes + 1)
        number += 1
        if number == 1 and line.startswith(_BOM):
            line = line[len(_BOM) :]
        if not line:
            return
        if len(line) > max_line_bytes and not line.endswith(b"\n"):
            size = len(line)
            while (rest := stream.readline(1 << 20)) and not rest.endswith(b"\n"):
                size += len(rest)
            yield Oversize(line[:2000], size + len(rest.rstrip(b"\r\n")), number)
            continue
        if line.strip():
            numbered = InputLine(line)
            numbered.line_no = number
            yield numbered


@fewer_collections()
def ingest_stream(
    engine: Engine,
    lines: Iterable[bytes | Oversize],
    *,
    batch_size: int = 1000,
    flow_run_id: str | None = None,
    on_batch: Callable[[IngestReport], None] | None = None,
    clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    retry: RetryPolicy | None = None,
    gate_workers: int | None = None,
) -> IngestReport:
    """Gate every line and apply the decisions, one transaction per batch, each retried by
    ``retry`` (default: the settings' policy; a Prefect task passes ``RetryPolicy.once()``).

    The gate and the writer overlap: while one batch is being written by a single writer
    thread, the next is being judged, past the first few thousand lines by ``gate_workers``
    processes (``app.gate_pool``; default one per core but one, 0: in this process). The
    decisions, their order and so the store are the same either way. A bounded number of
    batches is in flight, so memory stays flat however long the stream.
    """
    report = IngestReport()
    settings = Settings()
    retry = retry or RetryPolicy.from_settings(settings)
    gate_workers = settings.gate_workers if gate_workers is None else gate_workers
    # A line read from a file knows its number there; other sources are counted.
    numbered = ((getattr(raw, "line_no", None) or i, raw) for i, raw in enumerate(lines, 1))
    repeats = RepeatedRejections()
    batches = iter(lambda: list(islice(numbered, batch_size)), [])
    sources = SourceCache()  # the writer thread's own: one batch at a time
    with (
        ThreadPoolExecutor(max_workers=1, thread_name_prefix="memcurator-writer") as writer,
        closing(judged_batches(batches, workers=gate_workers)) as judged_stream,
    ):
        pending: tuple[list[Decision], Future[list[Decision]]] | None = None
        for judged in judged_stream:
            decisions = [repeats.number(d) for d in judged]
            if pending:
                _settle(report, pending, on_batch)
            pending = (
                decisions,
                writer.submit(
                    apply_batch, engine, decisions, clock=clock, flow_run_id=flow_run_id,
                    retry=retry, sources=sources,
                ),
            )
        if pending:
            _settle(report, pending, on_batch)
    return report


class RepeatedRejections:
    """Gives the n-th identical rejected line of one stream its own intake key (``KEY~n``).

    Each such line is then logged and counted as the rejection it is, while re-ingesting the
    same stream (or resuming it after a crash) meets the same keys and adds nothing. An
    accepted candidate repeated is different: the same id is the same memory, a no-op.
    Memory grows with the distinct rejections only (one 64-bit hash each).
    """

    def __init__(self) -> None:
        self._seen: set[int] = set()
        self._repeats: Counter[str] = Counter()

    def number(self, decision: Decision) -> Decision:
        if decision.outcome != "rejected":
            return decision
        key = decision.intake_key
        digest = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")
        if digest not in self._seen:
            self._seen.add(digest)
            return decision
        self._repeats[key] += 1
        return replace(decision, intake_key=f"{key}~{self._repeats[key] + 1}")


def _settle(
    report: IngestReport,
    pending: tuple[list[Decision], Future[list[Decision]]],
    on_batch: Callable[[IngestReport], None] | None,
) -> None:
    decisions, future = pending
    report.add(decisions, future.result())
    if on_batch:
        on_batch(report)


def apply_batch(
    engine: Engine,
    decisions: list[Decision],
    *,
    clock: Callable[[], datetime],
    flow_run_id: str | None = None,
    retry: RetryPolicy | None = None,
    sources: SourceCache | None = None,
) -> list[Decision]:
    """Apply one batch in one transaction, retrying transient faults by ``retry``; returns
    what was new. ``sources``: the stored sources earlier batches of the same ingest read or
    wrote (``store.source_cache``), kept up to date as this one commits.

    Each try reads ``clock`` when it begins, and its rows carry that moment: a retry after
    minutes of backoff must not commit rows stamped before a nightly pass that began in
    between (the next pass finds what changed by these stamps: ``ChangeWindow``).

    A batch the database refuses for a reason that is not transient (a value it cannot
    store) is split: each decision then gets its own savepoint, and the ones refused are
    logged as rejections instead of failing the batch.
    """
    retry = retry or RetryPolicy.from_settings(Settings())
    attempt = races = 1
    while True:
        try:
            return _apply_together(engine, decisions, now=clock(), flow_run_id=flow_run_id,
                                   sources=sources)
        except StatementError as exc:
            if is_race(exc) and races < RACE_ATTEMPTS:
                races += 1
                time.sleep(0.05 * 2 ** (races - 1))
            elif retry.retryable(exc, attempt):
                retry.wait(attempt)
                attempt += 1
            elif is_transient(exc):
                raise StoreError(
                    f"{describe_url(engine)} kept failing: {first_line(exc.orig)}"
                ) from exc
            else:
                if sources is not None:
                    sources.clear()  # savepoints: what each one wrote is not tracked
                return _apply_one_by_one(engine, decisions, now=clock(), flow_run_id=flow_run_id)


def _apply_together(
    engine: Engine, decisions: list[Decision], *, now: datetime, flow_run_id: str | None,
    sources: SourceCache | None = None,
) -> list[Decision]:
    try:
        placed = _place_together(engine, decisions, now=now, flow_run_id=flow_run_id,
                                 sources=sources)
    except BaseException:
        if sources is not None:
            sources.rollback()
        raise
    if sources is not None:
        sources.commit()
    return placed


def _place_together(
    engine: Engine, decisions: list[Decision], *, now: datetime, flow_run_id: str | None,
    sources: SourceCache | None,
) -> list[Decision]:
    with engine.execution_options(**WRITER).begin() as conn:
        placed: list[Decision] = []
        digests: Digests = {}
        groups = by_tenant(decisions)
        for tenant, group in groups.items():
            # Row-level security: each tenant's reads and entry writes see it alone.
            set_tenants(conn, [tenant])
            fresh = fresh_decisions(conn, tenant, group, digests)
            placed += place_and_write(conn, fresh, now=now, flow_run_id=None, log=False,
                                      sources=sources)
        # The log and the ledger keep the input's order, each row checked against the
        # batch's tenants.
        placed.sort(key=lambda d: d.line_no or 0)
        set_tenants(conn, groups)
        apply_decisions(conn, placed, now=now, flow_run_id=flow_run_id, digests=digests)
        return placed


def place_and_write(
    conn: Connection,
    decisions: Sequence[Decision],
    *,
    now: datetime,
    flow_run_id: str | None,
    log: bool = True,
    sources: SourceCache | None = None,
) -> list[Decision]:
    """Rules 4 and 5 against the store: place each accepted entry in its key's timeline
    (under a per-key lock), write the versions, then (``log``) the log and the intake
    ledger. Returns the decisions with their placement events appended."""
    accepted = [d.entry for d in decisions if d.entry is not None]
    lock_keys(conn, (k for e in accepted if (k := timeline_key(e)) is not None))
    timelines = load_timelines(conn, accepted, cache=sources)
    unkeyed: list[Version] = []
    events: dict[str, list[LogEvent]] = {}
    by_key: dict[TimelineKey, list[NewEntry]] = {}
    for entry in accepted:
        if (key := timeline_key(entry)) is None:
            unkeyed.append(Version.first(entry))
            events[entry.id] = [
                LogEvent("inserted", "gate", f"new {entry.type} entry", memory_id=entry.id)
            ]
        else:
            by_key.setdefault(key, []).append(entry)
    gathering = read_gathering(conn, by_key, timelines)
    for key, entries in by_key.items():
        timeline, placed_events = _place_key(conn, key, timelines[key], entries, sources)
        timelines[key] = timeline
        events.update(placed_events)
        for entry in entries:
            for said in (gathering.notes.get(entry.id), _attribute_read_as(entry)):
                if said:
                    first = events[entry.id][0]
                    events[entry.id][0] = replace(first, reason=f"{first.reason}; {said}")
            if entry.supersedes and not timeline.holds(entry.supersedes):
                # Rule 5 compares one scope and key only: say so rather than ignore it silently.
                first = events[entry.id][0]
                note = (f"; supersedes {entry.supersedes} not applied: "
                        "not under the same scope and key")
                events[entry.id][0] = replace(first, reason=first.reason + note)
    for memory_id, more in gathering.events.items():  # stored keys placed again, as gathering
        events[memory_id] = [*events[memory_id], *more]
    placed = [
        replace(d, events=(*d.events, *events[d.entry.id])) if d.entry is not None else d
        for d in decisions
    ]
    versions = [v for t in timelines.values() for v in t.versions] + unkeyed
    write_versions(conn, versions, now=now, new_memory_ids={e.id for e in accepted},
                   cache=sources)
    if log:
        apply_decisions(conn, placed, now=now, flow_run_id=flow_run_id)
    return placed


def _place_key(
    conn: Connection, key: TimelineKey, timeline: Timeline, entries: list[NewEntry],
    sources: SourceCache | None,
) -> tuple[Timeline, dict[str, list[LogEvent]]]:
    """Place one key's candidates; where the placement left what was loaded, load more and
    place them again: the key whole when it renamed a version before the floor, else the
    sources of the versions it reopened without them (``Timeline.unloaded``)."""
    placed_events = timeline.resolve(entries)
    wanted: set[str] = set()
    while not reached(timeline) or timeline.unloaded - wanted:
        whole = not reached(timeline)
        wanted |= timeline.unloaded
        kind, regather = timeline.kind, timeline.regather
        timeline = load_timelines(conn, entries, full=whole, cache=sources,
                                  sources_of=wanted)[key]
        timeline.kind, timeline.regather = kind, regather
        placed_events = timeline.resolve(entries)
    return timeline, placed_events


def _attribute_read_as(entry: NewEntry) -> str | None:
    """How the key was made, for the log: "`seat` read as `seat_preference`" when the key's
    attribute is the subject's own attribute read canonically (the subject is screened by the
    gate before it gets here), or that a fact was keyed by its own wording."""
    key = entry.subject_key or ""
    if is_wording_key(key):
        return (f"key {key[:13]}… from its own wording: no subject came with it"
                " or could be read from it")
    if entry.subject_attribute is None or not key.startswith(FACT_PREFIX):
        return None
    return explain(entry.subject_attribute, key_attribute(key) or "")


def by_tenant(decisions: Sequence[Decision]) -> dict[str, list[Decision]]:
    """The decisions grouped by tenant, tenants in sorted order: every writer takes its
    per-key locks tenant by tenant in that one order, so no two deadlock."""
    groups: dict[str, list[Decision]] = {}
    for decision in decisions:
        groups.setdefault(decision.tenant, []).append(decision)
    return dict(sorted(groups.items()))


def _apply_one_by_one(
    engine: Engine, decisions: list[Decision], *, now: datetime, flow_run_id: str | None
) -> list[Decision]:
    """Each decision in its own savepoint; one the database refuses is logged once as a
    ``rejected``/``store`` decision. Its intake key derives from the candidate, so meeting
    the same candidate again (a re-ingested file) finds that key and adds nothing."""
    applied: list[Decision] = []
    with engine.execution_options(**WRITER).begin() as conn:
        fresh = []
        for tenant, group in by_tenant(decisions).items():
            set_tenants(conn, [tenant])
            fresh += fresh_decisions(conn, tenant, group)
        for decision in fresh:
            set_tenants(conn, [decision.tenant])
            try:
                with conn.begin_nested():
                    applied += place_and_write(conn, [decision], now=now, flow_run_id=flow_run_id)
            except StatementError as exc:
                if is_transient(exc):
                    raise
                refusal = reject_store_refusal(decision, first_line(exc.orig))
                if already_judged(conn, refusal.tenant, [refusal.intake_key]):
                    continue  # refused on an earlier run: already logged, nothing new
                with conn.begin_nested():
                    apply_decisions(conn, [refusal], now=now, flow_run_id=flow_run_id)
                applied.append(refusal)
    return applied


def submit(
    candidates: Iterable[Candidate | dict[str, Any] | str | bytes],
    *,
    engine: Engine,
    batch_size: int = 1000,
) -> IngestReport:
    """Gate in-process candidates (the Python API) exactly as ``ingest`` does."""
    decisions_source = (_as_line(c) for c in candidates)
    return ingest_stream(engine, decisions_source, batch_size=batch_size)


def _json_value(value: Any) -> str:
    # A datetime given in Python becomes RFC 3339 ("T", not str()'s space), as the gate wants.
    return value.isoformat() if isinstance(value, datetime) else str(value)


def _as_line(candidate: Candidate | dict[str, Any] | str | bytes) -> bytes:
    if isinstance(candidate, Candidate):
        return candidate.model_dump_json(exclude_none=True).encode()
    if isinstance(candidate, dict):
        return json.dumps(candidate, default=_json_value).encode("utf-8", "surrogatepass")
    if isinstance(candidate, str):
        return candidate.encode("utf-8", "surrogatepass")
    return candidate


__all__ = [
    "IngestReport",
    "Oversize",
    "RetryPolicy",
    "apply_batch",
    "ingest_stream",
    "read_lines",
    "submit",
]
