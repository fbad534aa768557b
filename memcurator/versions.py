"""A key's versions and the statements they are made of, as pure data: one version's fields
derived from its sources (``recompute``), a source joining a version (``attach``), and the
links between a fact's versions rebuilt from their order (``rebuild_chain``). Which statement
joins which version is ``memcurator.resolve``'s."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from memcurator.decisions import NewEntry
from memcurator.meaning import Cardinality, Judgement
from memcurator.schema import MAX_CONTENT_CHARS
from memcurator.vocabulary import (
    SENSITIVITY_RANK,
    SOURCE_STRENGTH,
    MemoryType,
    SourceKind,
    Status,
    most_sensitive,
)

PROTECTED_SOURCES = frozenset({SourceKind.USER_MESSAGE, SourceKind.TOOL_RESULT})  # rule 5
CHAINED_TYPES = (MemoryType.FACT, MemoryType.SUMMARY)
LIVE = (Status.ACTIVE, Status.SUPERSEDED)
Relate = Callable[..., Judgement]
Order = tuple[datetime, int, str]


@dataclass(frozen=True, slots=True)
class Statement:
    """One accepted candidate, as merged into a version (a ``source`` of it: an
    ``entry_sources`` row). Not the candidate's ``schema.Source``, which says where it came
    from (its ``kind``, ``ref`` and ``session_id`` are copied here)."""

    memory_id: str
    content: str
    value: str | None
    valid_from: datetime
    created_at: datetime
    kind: str
    ref: str
    session_id: str
    confidence: float
    sensitivity: str
    supersedes: str | None = None

    @classmethod
    def of(cls, entry: NewEntry) -> Statement:
        return cls(entry.id, entry.content, entry.subject_value, entry.valid_from,
                   entry.created_at, entry.source_kind, entry.source_ref,
                   entry.source_session_id, entry.confidence, entry.sensitivity,
                   entry.supersedes)

    def order(self) -> Order:
        return (self.valid_from, SOURCE_STRENGTH[self.kind], self.memory_id)


@dataclass(eq=False)
class Version:
    """A stored entry while a batch is being resolved: mutable, compared by identity."""

    id: str
    entry: NewEntry  # the static fields (scope, key, type, subject, task, tool...)
    content: str
    value: str | None
    valid_from: datetime
    valid_since: datetime
    created_at: datetime
    source_kind: str
    source_ref: str
    source_session_id: str
    confidence: float
    sensitivity: str
    evidence: int
    last_confirmed_at: datetime
    status: str = Status.ACTIVE
    valid_to: datetime | None = None
    superseded_by: str | None = None
    sources: list[Statement] | None = None  # every source, when loaded (a late arrival needs them)
    added: list[Statement] = field(default_factory=list)  # new sources to record under this id
    moved: list[Statement] = field(default_factory=list)  # stored sources that move to this id
    pinned: tuple[Any, ...] | None = None  # closed at night (store.timelines): kept as stored
    is_new: bool = False
    dirty: bool = False
    # The orders of the earliest and the newest source, when known. A stored version whose
    # sources were not loaded is ordered by its own fields, and anything at its last
    # confirmation or before counts as older than its newest source.
    head: Order | None = None
    latest: Order | None = None

    def order(self) -> Order:
        return self.head or (self.valid_since, SOURCE_STRENGTH[self.source_kind], self.id)

    def newest(self) -> Order:
        return self.latest or (self.last_confirmed_at, max(SOURCE_STRENGTH.values()) + 1, "")

    @property
    def opaque(self) -> bool:
        """Its stored fields are more than its sources say (a fact the nightly pass promoted,
        evidence it added): never re-derived from them, only added to."""
        return self.sources is None or self.evidence != len(self.sources)

    @classmethod
    def first(cls, entry: NewEntry) -> Version:
        """A new version holding one accepted candidate."""
        version = cls.holding(entry, [Statement.of(entry)])
        version.added = list(version.sources or ())
        return version

    @classmethod
    def holding(cls, entry: NewEntry, sources: list[Statement]) -> Version:
        """A new version of ``entry``'s key made of ``sources`` (one at least), named after
        the earliest; its fields are derived by ``recompute``."""
        head = min(sources, key=Statement.order)
        static = entry if entry.id == head.memory_id else replace(entry, id=head.memory_id)
        return cls(head.memory_id, static, head.content, head.value, head.valid_from,
                   head.valid_from, head.created_at, head.kind, head.ref, head.session_id,
                   head.confidence, head.sensitivity, len(sources), head.valid_from,
                   sources=sorted(sources, key=Statement.order), is_new=True, dirty=True,
                   head=head.order(), latest=max(s.order() for s in sources))

    def state(self) -> tuple[Any, ...]:
        return (self.status, self.valid_to, self.superseded_by)


def recompute(
    version: Version, relate_fn: Relate, kind: Cardinality, *, chained: bool,
    attribute: str | None = None, settled: bool = False,
) -> None:
    """Derive the version's fields from all its sources, placed in valid-time order.

    ``created_at`` and ``source`` come from the earliest source; for a fact or summary,
    ``content`` and ``valid_from`` from the last refinement in the chain (rule 4: a refinement
    updates content and valid_from, keeps created_at and source); ``valid_since`` is when the
    version first became current. An observation keeps its first wording. ``settled``: the
    sources it lost all came after its last refinement, so the fold of those left ends with
    the wording it has: only the rest is derived again (issue 13: a key's whole history)."""
    assert version.sources, "a version is made of one source at least"
    ordered = sorted(version.sources, key=Statement.order)
    first = ordered[0]
    if not settled:
        version.content, version.value = first.content, first.value
        version.valid_from = first.valid_from
    for src in ordered[1:] if chained and not settled else ():
        judgement = relate_fn(version.content, src.content, old_value=version.value,
                              new_value=src.value, kind=kind, **about(attribute))
        _apply_content(version, src, judgement, kind)
    version.valid_since, version.head = first.valid_from, first.order()
    version.created_at, version.source_kind = first.created_at, first.kind
    version.source_ref, version.source_session_id = first.ref, first.session_id
    version.latest = max(s.order() for s in ordered)
    version.evidence = len(ordered)
    version.confidence = max(s.confidence for s in ordered)
    version.last_confirmed_at = max(s.valid_from for s in ordered)
    version.sensitivity = most_sensitive(s.sensitivity for s in ordered)
    version.dirty = True


def about(attribute: str | None) -> dict[str, str]:
    """``relate``'s attribute argument, passed only when known (a test may relate without)."""
    return {"attribute": attribute} if attribute else {}


def attach(version: Version, src: Statement, judgement: Judgement, kind: Cardinality) -> None:
    """A source joins a version. In the fold it is the newest of the version's sources; only
    an opaque version can receive an older one, which then adds evidence, not wording."""
    if version.sources is None:
        version.added.append(src)
    else:
        version.sources.append(src)
    if src.order() > version.newest():
        version.latest = src.order()
        _apply_content(version, src, judgement, kind)
    version.evidence += 1
    version.confidence = max(version.confidence, src.confidence)
    version.last_confirmed_at = max(version.last_confirmed_at, src.valid_from)
    if SENSITIVITY_RANK[src.sensitivity] > SENSITIVITY_RANK[version.sensitivity]:
        version.sensitivity = src.sensitivity
    version.dirty = True


def _apply_content(
    version: Version, src: Statement, judgement: Judgement, kind: Cardinality
) -> None:
    """A refinement replaces the wording; on a set-valued attribute a compatible addition is
    gathered into it instead ("allergic to shellfish; can't eat shrimp")."""
    if judgement.relation == "same":
        return
    if kind == "set":
        if judgement.drops:  # a retraction of some members: the others stay, it joins them
            kept = [c for c in version.content.split("; ") if c not in judgement.drops]
            version.content = "; ".join([*kept, src.content])[:MAX_CONTENT_CHARS]
        fits = len(version.content) + len(src.content) + 2 <= MAX_CONTENT_CHARS
        if fits and src.content.casefold() not in version.content.casefold():
            version.content = f"{version.content}; {src.content}"
        values = [v for v in (version.value, src.value) if v]
        version.value = ", ".join(dict.fromkeys(", ".join(values).split(", "))) or None
    else:
        version.content, version.value = src.content, src.value
    version.valid_from = src.valid_from


def compatible(judgement: Judgement, kind: Cardinality) -> bool:
    """Rule 4: whether a fact or summary that ``judgement`` relates to the latest version of
    its key joins it rather than superseding it. ``unrelated`` is a conflict (rule 4) under a
    single-valued key, logged as read so; a set-valued attribute gathers it."""
    if judgement.relation in ("same", "refinement"):
        return True
    return judgement.relation == "unrelated" and kind == "set"


def rebuild_chain(versions: Iterable[Version], floor: Order | None = None) -> None:
    """Set status, valid_to and superseded_by of a key's facts or summaries from their order
    (from ``floor`` on: those before keep theirs). An inference never supersedes a user
    statement or tool result: placed after one, it is superseded by it at once (zero length)."""
    chain: list[Version] = []
    live = (v for v in versions if v.status in LIVE and (floor is None or v.order() >= floor))
    for v in sorted(live, key=Version.order):
        inferred = v.source_kind == SourceKind.AGENT_INFERENCE
        if chain and inferred and chain[-1].source_kind in PROTECTED_SOURCES:
            _link(v, Status.SUPERSEDED, v.valid_since, chain[-1].id)
            continue
        if chain:
            _link(chain[-1], Status.SUPERSEDED, v.valid_since, v.id)
        chain.append(v)
    if chain:
        _link(chain[-1], Status.ACTIVE, None, None)


def _link(v: Version, status: str, valid_to: datetime | None, by: str | None) -> None:
    if (v.status, v.valid_to, v.superseded_by) != (status, valid_to, by):
        v.status, v.valid_to, v.superseded_by = status, valid_to, by
        v.dirty = True
