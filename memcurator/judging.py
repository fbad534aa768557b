"""Judge input lines: the gate applied to one line, or to a batch in another process.

``judge`` is what ingest asks of every line: the gate's verdict (``memcurator.gate``), and for a
rejection the line number in its logged payload. ``judge_batch`` runs it over a batch and
returns the decisions in a compact encoding (``encode``/``decode``: plain tuples in the
dataclasses' field order, pickled), so that a process pool can judge a batch while the parent
writes the one before it. Nothing here reads a clock, a file or a database: a batch judged
in a worker process gives the very decisions it gives here.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, fields, replace
from operator import attrgetter
from typing import Any

from memcurator.decisions import Decision, LogEvent, NewEntry
from memcurator.gate import evaluate_line, reject_oversize

__all__ = ["Oversize", "decode", "encode", "judge", "judge_batch"]


@dataclass(frozen=True)
class Oversize:
    """An input line longer than the limit: kept out of memory, judged from its head."""

    head: bytes
    size: int
    line_no: int | None = None


Line = bytes | Oversize


def judge(raw: Line, line_no: int) -> Decision:
    """The gate's decision on one input line (the ``line_no``-th of its stream)."""
    if isinstance(raw, Oversize):
        decision = reject_oversize(raw.head, raw.size, line_no=line_no)
    else:
        decision = evaluate_line(raw, line_no=line_no)
    return _with_input_line(decision) if decision.outcome == "rejected" else decision


def _with_input_line(decision: Decision) -> Decision:
    """The rejected row's payload (screened already) also says which line it was."""
    events = tuple(
        replace(e, payload={**(e.payload or {}), "input_line": decision.line_no})
        if e.action == "rejected"
        else e
        for e in decision.events
    )
    return replace(decision, events=events)


def judge_batch(batch: list[tuple[int, Line]]) -> bytes:
    """``judge`` over ``(line number, line)`` pairs, encoded: what a worker process returns."""
    return encode([judge(raw, line_no) for line_no, raw in batch])


_ENTRY = attrgetter(*(f.name for f in fields(NewEntry)))
_EVENT = attrgetter(*(f.name for f in fields(LogEvent)))


def encode(decisions: list[Decision]) -> bytes:
    """Decisions as pickled tuples (a third of pickling the dataclasses themselves)."""
    rows: list[tuple[Any, ...]] = [
        (
            d.intake_key, d.outcome, d.rule,
            None if d.entry is None else _ENTRY(d.entry),
            tuple(_EVENT(e) for e in d.events), d.line_no, d.tenant,
        )
        for d in decisions
    ]
    return pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL)


def decode(data: bytes) -> list[Decision]:
    """The decisions ``encode`` encoded, equal field by field."""
    return [
        Decision(
            key, outcome, rule, None if entry is None else NewEntry(*entry),
            tuple(LogEvent(*e) for e in events), line_no, tenant,
        )
        for key, outcome, rule, entry, events, line_no, tenant in pickle.loads(data)
    ]
