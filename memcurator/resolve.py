"""Rules 4 and 5 inside one key: merge, refine, supersede, as pure data.

Every accepted candidate becomes a *source* of exactly one *version* (a stored entry) of its
(scope, type, subject key). Versions of facts and summaries form a timeline: ordered by when
each became current (``valid_since``), then by source strength, then id. The links between
them (``valid_to``, ``superseded_by``, ``status``) are always rebuilt from that order, and a
version's own fields are always a function of its sources, so the final state depends on
which statements arrived, not on the order they arrived in: a late, older statement lands
already superseded, exactly where an in-order arrival would have put it.

Observations are staging data: restatements merge into one entry, nothing supersedes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from memcurator.decisions import LogEvent, NewEntry
from memcurator.lifecycle import Policy, Sighting, closed_before
from memcurator.meaning import Cardinality, Judgement, relate
from memcurator.schema import MAX_CONTENT_CHARS

# Rule 5's order of strength: a tie on valid_from goes to the stronger source.
SOURCE_STRENGTH = {
    "agent_inference": 1,
    "system": 2,
    "document": 3,
    "tool_result": 4,
    "user_message": 5,
}
_PROTECTED = {"user_message", "tool_result"}
SENSITIVITY_RANK = {"public": 0, "internal": 1, "confidential": 2, "restricted": 3}
CHAINED_TYPES = ("fact", "summary")
Relate = Callable[..., Judgement]


@dataclass(frozen=True, slots=True)
class Source:
    """One accepted candidate, as merged into a version."""

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

    @classmethod
    def of(cls, entry: NewEntry) -> Source:
        return cls(
            entry.id,
            entry.content,
            entry.subject_value,
            entry.valid_from,
            entry.created_at,
            entry.source_kind,
            entry.source_ref,
            entry.source_session_id,
            entry.confidence,
            entry.sensitivity,
        )

    def order(self) -> tuple[datetime, int, str]:
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
    status: str = "active"
    valid_to: datetime | None = None
    superseded_by: str | None = None
    sources: list[Source] | None = None  # every source, when loaded (needed for late arrivals)
    added: list[Source] = field(default_factory=list)  # sources this batch attached
    moved: list[Source] = field(default_factory=list)  # sources this batch moved in (splits)
    is_new: bool = False
    dirty: bool = False
    # The order of the newest source. Unknown for a stored version whose sources were not
    # loaded: then anything at its last confirmation or before counts as older.
    latest: tuple[datetime, int, str] | None = None

    def newest(self) -> tuple[datetime, int, str]:
        return self.latest or (self.last_confirmed_at, max(SOURCE_STRENGTH.values()) + 1, "")

    @classmethod
    def first(cls, entry: NewEntry) -> Version:
        """A new version holding one accepted candidate."""
        src = Source.of(entry)
        return cls.holding(entry, [src], added=[src])

    @classmethod
    def holding(cls, entry: NewEntry, sources: list[Source], *, added: list[Source] | None = None,
                moved: list[Source] | None = None) -> Version:
        """A new version of ``entry``'s key made of ``sources``, named after the earliest."""
        head = min(sources, key=Source.order)
        static = entry if entry.id == head.memory_id else replace(entry, id=head.memory_id)
        return cls(head.memory_id, static, head.content, head.value, head.valid_from,
                   head.valid_from, head.created_at, head.kind, head.ref, head.session_id,
                   head.confidence, head.sensitivity, len(sources), head.valid_from,
                   sources=sources, added=added or [], moved=moved or [], is_new=True,
                   dirty=True, latest=max(s.order() for s in sources))

    def order(self) -> tuple[datetime, int, str]:
        return (self.valid_since, SOURCE_STRENGTH[self.source_kind], self.id)

    def state(self) -> tuple[Any, ...]:
        return (self.status, self.valid_to, self.superseded_by)


def recompute(version: Version, relate_fn: Relate, kind: Cardinality) -> None:
    """Derive the version's fields from all its sources (ordered by valid time).

    ``created_at`` and ``source`` come from the earliest source; ``content`` and
    ``valid_from`` from the last refinement in the chain (rule 4: a refinement updates
    content and valid_from, keeps created_at and source); ``valid_since`` is when the
    version first became current.
    """
    assert version.sources is not None
    ordered = sorted(version.sources, key=Source.order)
    first = ordered[0]
    version.content, version.value, version.valid_from = (
        first.content,
        first.value,
        first.valid_from,
    )
    for src in ordered[1:]:
        judgement = relate_fn(
            version.content, src.content, old_value=version.value, new_value=src.value, kind=kind
        )
        _apply_content(version, src, judgement, kind)
    version.valid_since = first.valid_from
    version.created_at, version.source_kind = first.created_at, first.kind
    version.source_ref, version.source_session_id = first.ref, first.session_id
    _aggregate(version, ordered)


def _aggregate(version: Version, sources: Iterable[Source]) -> None:
    sources = list(sources)
    version.latest = max(s.order() for s in sources)
    version.evidence = len(sources)
    version.confidence = max(s.confidence for s in sources)
    version.last_confirmed_at = max(s.valid_from for s in sources)
    version.sensitivity = max((s.sensitivity for s in sources), key=SENSITIVITY_RANK.__getitem__)
    version.dirty = True


def absorb(
    version: Version, src: Source, judgement: Judgement, relate_fn: Relate, kind: Cardinality
) -> None:
    """Attach a source to a version; incremental when it is the newest, full otherwise."""
    version.added.append(src)
    if version.sources is not None:
        version.sources.append(src)
    if src.order() > version.newest():
        version.latest = src.order()
        _apply_content(version, src, judgement, kind)
        version.evidence += 1
        version.confidence = max(version.confidence, src.confidence)
        version.last_confirmed_at = src.valid_from
        if SENSITIVITY_RANK[src.sensitivity] > SENSITIVITY_RANK[version.sensitivity]:
            version.sensitivity = src.sensitivity
        version.dirty = True
        return
    # An older statement joined: every derived field may change. The caller loaded sources.
    recompute(version, relate_fn, kind)


def _apply_content(version: Version, src: Source, judgement: Judgement, kind: Cardinality) -> None:
    """A refinement replaces the wording; on a set-valued attribute a compatible addition is
    gathered into it instead ("allergic to shellfish; can't eat shrimp")."""
    if judgement.relation == "same":
        return
    if kind == "set":
        fits = len(version.content) + len(src.content) + 2 <= MAX_CONTENT_CHARS
        if fits and src.content.casefold() not in version.content.casefold():
            version.content = f"{version.content}; {src.content}"
        values = [v for v in (version.value, src.value) if v]
        version.value = ", ".join(dict.fromkeys(", ".join(values).split(", "))) or None
    else:
        version.content, version.value = src.content, src.value
    version.valid_from = src.valid_from


def split(
    version: Version, at: tuple[datetime, int, str], relate_fn: Relate, kind: Cardinality
) -> Version | None:
    """A late statement at ``at`` contradicts ``version`` but falls inside its span: the
    sources on either side become two versions. The side holding the version's own first
    statement keeps its id; the other side is a new version named after its earliest
    statement. Returns the new version, if any."""
    if version.newest() < at:
        return None  # nothing of it lies after the late statement
    assert version.sources is not None, "sources of a version a late statement splits"
    later = [s for s in version.sources if s.order() > at]
    if not later:
        return None
    earlier = [s for s in version.sources if s.order() <= at]
    if any(s.memory_id == version.id for s in later):
        kept, parted = later, earlier
    else:
        kept, parted = earlier, later
    # ``moved`` is a copy: what the new version absorbs later is added, not moved.
    new = Version.holding(version.entry, parted, moved=list(parted))
    recompute(new, relate_fn, kind)
    version.sources = kept
    version.added = [s for s in version.added if s in kept]
    version.moved = [s for s in version.moved if s in kept]
    recompute(version, relate_fn, kind)
    return new


def rebuild_chain(versions: list[Version]) -> None:
    """Set status, valid_to and superseded_by of a key's facts or summaries from their order.

    An inference never supersedes a user statement or tool result: placed after one, it is
    stored as superseded by it at once (a zero-length validity period).
    """
    live = [v for v in versions if v.status in ("active", "superseded")]
    chain: list[Version] = []
    for v in sorted(live, key=Version.order):
        if chain and v.source_kind == "agent_inference" and chain[-1].source_kind in _PROTECTED:
            _link(v, "superseded", v.valid_since, chain[-1].id)
            continue
        if chain:
            _link(chain[-1], "superseded", v.valid_since, v.id)
        chain.append(v)
    if chain:
        _link(chain[-1], "active", None, None)


def _link(v: Version, status: str, valid_to: datetime | None, by: str | None) -> None:
    if (v.status, v.valid_to, v.superseded_by) != (status, valid_to, by):
        v.status, v.valid_to, v.superseded_by = status, valid_to, by
        v.dirty = True


@dataclass
class Timeline:
    """Every version of one (scope, type, subject key), and what this batch did to them."""

    versions: list[Version]
    kind: Cardinality
    relate_fn: Relate = relate
    policy: Policy | None = None  # the nightly pass's: which observations it has closed

    def place(self, entry: NewEntry) -> list[LogEvent]:
        """Put one accepted candidate where it belongs; return the log events it causes."""
        src = Source.of(entry)
        if entry.type not in CHAINED_TYPES:
            return self._place_observation(entry, src)
        before = {id(v): v.state() for v in self.versions}
        at = src.order()
        chain = sorted(
            (v for v in self.versions if v.status in ("active", "superseded")), key=Version.order
        )
        prev = next((v for v in reversed(chain) if v.order() <= at), None)
        nxt = next((v for v in chain if v.order() > at), None)
        events = self._join_or_insert(entry, src, prev, nxt)
        rebuild_chain(self.versions)
        return events + self._supersessions(before)

    def _join_or_insert(
        self, entry: NewEntry, src: Source, prev: Version | None, nxt: Version | None
    ) -> list[LogEvent]:
        if prev is not None:
            judgement = self._judge(
                prev.content, prev.value, src, forced=entry.supersedes == prev.id
            )
            if self._compatible(judgement):
                return [self._join(prev, src, judgement)]
            part = split(prev, src.order(), self.relate_fn, self.kind)
            if part is not None:
                self.versions.append(part)
                # Whichever side now starts after the late statement is its successor.
                nxt = part if part.order() > src.order() else prev
        if nxt is not None:
            # The next version may be a restatement of this one, arrived earlier.
            judgement = self.relate_fn(
                src.content, nxt.content, old_value=src.value, new_value=nxt.value, kind=self.kind
            )
            if self._compatible(judgement) and entry.supersedes != nxt.id:
                return [self._join(nxt, src, judgement)]
        version = Version.first(entry)
        self.versions.append(version)
        return [LogEvent("inserted", "gate", f"new {entry.type} entry", memory_id=version.id)]

    def _judge(self, content: str, value: str | None, src: Source, *, forced: bool) -> Judgement:
        if forced:
            return Judgement("contradiction", "explicit supersedes", 0.0)
        return self.relate_fn(
            content, src.content, old_value=value, new_value=src.value, kind=self.kind
        )

    def _compatible(self, judgement: Judgement) -> bool:
        if judgement.relation in ("same", "refinement"):
            return True
        # A set-valued attribute gathers every compatible value into one entry.
        return judgement.relation == "unrelated" and self.kind == "set"

    def _join(self, version: Version, src: Source, judgement: Judgement) -> LogEvent:
        absorb(version, src, judgement, self.relate_fn, self.kind)
        action = "refined" if judgement.relation != "same" else "merged"
        return LogEvent(
            action,
            "dedup",
            judgement.reason,
            memory_id=version.id,
            related_ids=(src.memory_id,),
            payload={"content": src.content, "source_ref": src.ref, "session_id": src.session_id},
        )

    def _place_observation(self, entry: NewEntry, src: Source) -> list[LogEvent]:
        for version in self.versions:
            if version.status != "active" or self._closed(version, src):
                continue
            judgement = self.relate_fn(
                version.content,
                src.content,
                old_value=version.value,
                new_value=src.value,
                kind="set",
            )
            if judgement.relation == "same":
                return [self._join(version, src, judgement)]
        version = Version.first(entry)
        self.versions.append(version)
        return [LogEvent("inserted", "gate", f"new {entry.type} entry", memory_id=version.id)]

    def _closed(self, version: Version, src: Source) -> bool:
        """Whether the nightly passes before ``src``'s day would have promoted or expired
        the observation: then ``src`` starts a new one, whether or not they have run yet."""
        if self.policy is None or version.sources is None:
            return False
        seen = [Sighting(s.session_id, s.created_at, s.kind) for s in version.sources]
        return closed_before(seen, src.created_at, self.policy)

    def _supersessions(self, before: dict[int, tuple[Any, ...]]) -> list[LogEvent]:
        events = []
        for v in self.versions:
            if v.status == "superseded" and before.get(id(v)) != v.state():
                late = " (arrived after its successor)" if id(v) not in before else ""
                events.append(
                    LogEvent(
                        "superseded",
                        "conflict",
                        f"superseded by {v.superseded_by} from {v.valid_to}{late}",
                        memory_id=v.id,
                        related_ids=(v.superseded_by or "",),
                    )
                )
        return events
