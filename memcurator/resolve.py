"""Rules 4 and 5 inside one key: merge, refine, supersede, as pure data.

Every accepted candidate becomes a *source* of exactly one *version* (a stored entry) of its
(scope, type, subject key). The versions of a key are a function of the set of its sources,
never of the order in which they arrived: they are what placing the sources one at a time in
valid-time order (``valid_from``, then source strength, then id) gives, the in-order arrival.
Placing one source: a fact or summary joins the latest version when it restates or refines it
(rule 4), else it starts a new version, and the links between versions (``status``,
``valid_to``, ``superseded_by``) are rebuilt from their order (rule 5); an observation joins
the first version that says the same, else it starts one (nothing supersedes).

A batch whose candidates all sort after everything stored simply continues that fold. A
candidate that sorts before stored sources (a backfill, a late file, another process) reopens
the key at its place: every stored source after it is taken out and placed again, together
with the new ones, so a late, older statement lands exactly where an in-order arrival would
have put it.

Ids are the one thing arrival decides. A stored entry keeps its id while some version holds
the statement it was named after (its anchor); a version holding no anchor is named after its
earliest statement. A stored entry whose anchor now lies in a version named otherwise is
``retired`` and points to that version (entries are never deleted): its statements live on.
Arrival is per candidate: a batch's candidates are placed as if they came one after another
(``Timeline.resolve``), so ids never depend on how a stream was cut into batches.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from memcurator.decisions import LogEvent, NewEntry
from memcurator.keys import FACT_PREFIX, key_attribute
from memcurator.lifecycle import Policy, Sighting, closed_before
from memcurator.meaning import Cardinality, Judgement, relate
from memcurator.symptoms import new_entry_reason, same_failure_reason
from memcurator.versions import (
    CHAINED_TYPES,
    LIVE,
    Order,
    Relate,
    Statement,
    Version,
    about,
    attach,
    compatible,
    rebuild_chain,
    recompute,
)
from memcurator.vocabulary import Action, Rule, Status


@dataclass
class Timeline:
    """Every version of one (scope, type, subject key), and what this batch did to them.

    ``origin`` maps each loaded stored source to the entry it is recorded under."""

    versions: list[Version]
    kind: Cardinality
    relate_fn: Relate = relate
    origin: dict[str, str] = field(default_factory=dict)
    policy: Policy | None = None  # the nightly pass's: which observations it has closed
    # The fact key's attribute ("seat_preference"): its words name the slot, not the value.
    attribute: str | None = None
    # Why each statement that started a fact's or summary's version did not join the one before
    verdicts: dict[str, Judgement] = field(default_factory=dict)
    failure: str | None = None  # an observation key's symptom class: one failure, any wording
    # Loaded from ``floor`` on (store.timelines): the ``fixed`` before it must keep their ids.
    floor: Order | None = None
    fixed: list[tuple[Version, str]] = field(default_factory=list)
    regather: bool = False  # just read as gathering values: every statement placed again
    # Versions a statement lands inside of (it sorts before their newest source) whose sources
    # were not loaded, where that changes more than their counts (``_target``): load them and
    # place again.
    unloaded: set[str] = field(default_factory=set)

    def resolve(self, entries: list[NewEntry]) -> dict[str, list[LogEvent]]:
        """Place a batch's new candidates of this key as if they arrived one after another in
        the batch's order: ids depend on arrival, never on how a stream was cut into batches
        (a batch retried one candidate at a time gives the same store). Return the log events
        of each, by id (with none, ``regather``: the stored statements placed again, events
        under ""). Candidates that sort after everything before them only continue the fold
        and are placed together; each one that sorts before something already placed reopens
        the key and starts a run of its own, placed after the run before it is as stored."""
        latest = max((v.newest() for v in self.versions if v.status != Status.RETIRED),
                     default=None)
        runs = arrival_runs(entries, latest)
        if len(runs) == 1:
            return self._place(entries, {e.id: e for e in entries})
        stored = {v.id for v in self.versions if not v.is_new}
        statics = {**self._as_stored(), **{e.id: e for e in entries}}
        events: dict[str, list[LogEvent]] = {}
        placed: set[str] = set()
        for run in runs:
            placed.update(e.id for e in run)
            events.update(self._place(run, statics, new_ids=set(placed)))
            for v in self.versions:  # the next run finds them as stored: ids and rows stay,
                v.is_new = False
            statics.update(self._as_stored())  # and each statement as stored under its holder
        for v in self.versions:
            v.is_new = v.id not in stored
        return events

    def _as_stored(self) -> dict[str, NewEntry]:
        """The static fields each statement held by a version reads with, as stored: its
        holder's."""
        return {s.memory_id: v.entry for v in self.versions for s in v.sources or v.added}

    def _place(
        self, entries: list[NewEntry], statics: dict[str, NewEntry],
        new_ids: set[str] | None = None,
    ) -> dict[str, list[LogEvent]]:
        """Place ``entries`` at once (in valid-time order); ``statics``: the static fields of
        each statement (filled for the stored ones reopened); ``new_ids``: every statement of
        the batch placed so far, written as new (default: ``entries``)."""
        new = sorted((Statement.of(e) for e in entries), key=Statement.order)
        first = entries[0] if entries else self.versions[0].entry
        chained, key = first.type in CHAINED_TYPES, first.subject_key or ""
        if self.attribute is None and key.startswith(FACT_PREFIX):
            self.attribute = key_attribute(key)
        self.failure = same_failure_reason(key)
        before = {v.id: v.state() for v in self.versions}
        names = {v.id: v for v in self.versions if v.status == Status.RETIRED}
        held = (s.order() for v in self.versions for s in v.sources or ()) if self.regather else ()
        at = min([*(s.order() for s in new[:1]), *held])
        reopened, pool = self._reopen(at, chained)
        names.update((v.id, as_stored) for v, as_stored in reopened.items())
        statics.update((s.memory_id, names[self.origin[s.memory_id]].entry) for s in pool
                       if s.memory_id not in statics)
        joins = self._fold(sorted(pool + new, key=Statement.order), statics, chained)
        kept = [v for v in reopened if v in self.versions]  # identity: Version has no __eq__
        self._name([*kept, *(v for v in self.versions if v.is_new)], names, statics)
        if chained:
            rebuild_chain(self.versions, self.floor)
        self._record_moves(new_ids if new_ids is not None else {s.memory_id for s in new})
        return self._events(new, joins, before)

    def holds(self, memory_id: str) -> bool:
        """Whether an entry or statement of this key has that id (an explicit ``supersedes``)."""
        return any(v.id == memory_id or any(s.memory_id == memory_id for s in v.sources or ())
                   for v in self.versions)

    def _reopen(self, at: Order, chained: bool) -> tuple[dict[Version, Version], list[Statement]]:
        """Take every stored source from ``at`` on out of its version, to be placed again. A
        version left without sources leaves the timeline (it is named again, or retired).
        Returns each reopened version with a copy of it as stored, and the sources taken."""
        reopened: dict[Version, Version] = {}
        pool: list[Statement] = []
        for v in list(self.versions):
            if v.opaque or v.status not in (LIVE if chained else (Status.ACTIVE,)):
                continue
            assert v.sources is not None
            later = [s for s in v.sources if s.order() >= at]
            if not later:
                continue
            reopened[v] = replace(v, sources=[], added=[], moved=[])
            pool += later
            v.sources = [s for s in v.sources if s.order() < at]
            if v.sources:  # a refinement before every source taken: the wording stands
                recompute(v, self.relate_fn, self.kind, chained=chained, attribute=self.attribute,
                          settled=chained and v.valid_from < at[0])
            else:
                self.versions.remove(v)
        return reopened, pool

    def _fold(
        self, pool: list[Statement], statics: dict[str, NewEntry], chained: bool
    ) -> dict[str, Judgement | None]:
        """Place ``pool`` (in valid-time order) as an in-order arrival would; return how each
        joined its version (None: it started one)."""
        joins: dict[str, Judgement | None] = {}
        for src in pool:
            target, judgement = self._target(src) if chained else self._same(src)
            if target is None or judgement is None:
                version = Version.holding(statics[src.memory_id], [src])
                recompute(version, self.relate_fn, self.kind, chained=chained,
                          attribute=self.attribute)
                if judgement is not None:
                    self.verdicts[src.memory_id] = judgement
                self.versions.append(version)
                joins[src.memory_id] = None
            else:
                attach(target, src, judgement, self.kind if chained else "set")
                joins[src.memory_id] = judgement
        return joins

    def _target(self, src: Statement) -> tuple[Version | None, Judgement | None]:
        """A fact or summary joins the latest version before it when compatible (rule 4)."""
        at = src.order()
        prev = max((v for v in self.versions if v.status in LIVE and v.order() <= at),
                   key=Version.order, default=None)
        if prev is None:
            return None, None
        held = {s.memory_id for s in prev.sources or ()} | {prev.id}
        if src.supersedes not in (None, prev.id) and prev.sources is None:
            self.unloaded.add(prev.id)  # it may name one of the statements not loaded
        if src.supersedes is not None and src.supersedes in held:
            return None, Judgement("contradiction", "explicit supersedes", 0.0)
        judgement = self.relate_fn(prev.content, src.content, old_value=prev.value,
                                   new_value=src.value, kind=self.kind, **about(self.attribute))
        if prev.sources is None and at < prev.newest() and not (
                judgement.relation == "same" and prev.valid_from < at[0]):
            self.unloaded.add(prev.id)
        return (prev, judgement) if compatible(judgement, self.kind) else (None, judgement)

    def _same(self, src: Statement) -> tuple[Version | None, Judgement | None]:
        """An observation joins the first version before it that says the same; else none, with
        the verdict on the first open one it did not join (the log says why: ``_events``)."""
        at = src.order()
        refused: Judgement | None = None
        for v in sorted(self.versions, key=Version.order):
            if v.status != Status.ACTIVE or v.order() > at or self._closed(v, src):
                continue
            judgement = Judgement("same", self.failure, 1.0) if self.failure else self.relate_fn(
                v.content, src.content, old_value=v.value, new_value=src.value, kind="set",
                **about(self.attribute))
            if judgement.relation == "same":
                return v, judgement
            refused = refused or judgement
        return None, refused

    def _name(
        self, groups: list[Version], names: dict[str, Version], statics: dict[str, NewEntry]
    ) -> None:
        """Give each version the placement touched an id: its own while it still holds its
        anchor, else a stored entry's whose anchor it holds, else its earliest statement's.
        Stored entries left without their anchor are retired, pointing to its holder."""
        taken: set[str] = set()
        for g in sorted(groups, key=Version.order):
            assert g.sources and g.head is not None
            held = [s.memory_id for s in sorted(g.sources, key=Statement.order)]
            own = g.id if not g.is_new and g.id in held else None
            choice = own or next((m for m in held if m in names and m not in taken), None)
            g.is_new, g.dirty = choice is None, True
            g.id = choice or g.head[2]
            # A stored entry's row keeps the fields it was written with (an update changes
            # only what placement derives): so does a version named after it.
            static = names[choice].entry if choice else statics.get(g.head[2], g.entry)
            g.entry = replace(static, id=g.id)
            taken.add(g.id)
        holders = {s.memory_id: v.id for v in self.versions if v.status != Status.RETIRED
                   for s in (v.added if v.sources is None else v.sources)}
        self.versions = [v for v in self.versions
                         if v.status != Status.RETIRED or v.id not in taken]
        for name, husk in names.items():
            if name in taken:
                continue
            if husk not in self.versions:
                self.versions.append(husk)
            by = holders.get(name, husk.superseded_by)
            if (husk.status, husk.superseded_by, husk.evidence) != (Status.RETIRED, by, 0):
                husk.status, husk.valid_to = Status.RETIRED, husk.valid_since
                husk.superseded_by = by
                husk.evidence, husk.is_new, husk.dirty = 0, False, True

    def _closed(self, version: Version, src: Statement) -> bool:
        """Whether the nightly passes before ``src``'s day would have promoted or expired
        the observation: then ``src`` starts a new one, whether or not they have run yet."""
        if self.policy is None or version.sources is None:
            return False
        seen = [Sighting(s.session_id, s.created_at, s.kind) for s in version.sources]
        return closed_before(seen, src.created_at, self.policy)

    def _record_moves(self, new_ids: set[str]) -> None:
        """What each version must write: new sources, and stored ones that changed entry."""
        for v in self.versions:
            if v.sources is None:
                continue  # never reopened: ``attach`` recorded what it gained
            v.added = [s for s in v.sources if s.memory_id in new_ids]
            v.moved = [s for s in v.sources
                       if s.memory_id not in new_ids and self.origin.get(s.memory_id) != v.id]

    def _events(
        self, new: list[Statement], joins: dict[str, Judgement | None],
        before: dict[str, tuple[Any, ...]],
    ) -> dict[str, list[LogEvent]]:
        holder = {s.memory_id: v for v in self.versions if v.status != Status.RETIRED
                  for s in (v.added if v.sources is None else v.sources)}
        events: dict[str, list[LogEvent]] = {}
        for src in new:
            v, judgement = holder[src.memory_id], joins[src.memory_id]
            if v.is_new and v.id == src.memory_id:
                no = self.verdicts.get(src.memory_id)  # an observation's: why it joined none
                why = f"{no.relation}: {no.reason}" if no else None
                reason = new_entry_reason(v.entry, refused=why)
                events[src.memory_id] = [LogEvent(Action.INSERTED, Rule.GATE, reason, v.id)]
                continue
            same = judgement is None or judgement.relation == "same"
            events[src.memory_id] = [LogEvent(
                Action.MERGED if same else Action.REFINED, Rule.DEDUP,
                self._merge_reason(judgement), memory_id=v.id, related_ids=(src.memory_id,),
                payload={"content": src.content, "source_ref": src.ref,
                         "session_id": src.session_id},
            )]
        last = new[-1].memory_id if new else ""
        events[last] = [*events.get(last, []), *self._changes(before)]
        return events

    def _merge_reason(self, judgement: Judgement | None) -> str:
        """A merge's log reason: the verdict, the attribute it was judged under, and why."""
        if judgement is None:
            return "an earlier statement of it, arrived late"
        about = f" under {self.attribute}" if self.attribute else ""
        return f"{judgement.relation}{about}: {judgement.reason}"

    def _why(self, v: Version) -> str:
        """The verdict that started ``v``'s successor, for the supersession's log row."""
        successor = next((w for w in self.versions if w.id == v.superseded_by), None)
        head = successor.head[2] if successor is not None and successor.head else None
        if (judgement := self.verdicts.get(head or "")) is None:
            return ""
        relation: str = judgement.relation
        if relation == "unrelated":
            relation = "unrelated under a single-valued key, read as a change"
        about = f" under {self.attribute}" if self.attribute else ""
        return f": {relation}{about} ({judgement.reason})"

    def _changes(self, before: dict[str, tuple[Any, ...]]) -> list[LogEvent]:
        """A row for each entry this batch superseded or retired."""
        changes = []
        for v in self.versions:
            if v.status not in (Status.SUPERSEDED, Status.RETIRED) or before.get(v.id) == v.state():
                continue
            if v.status == Status.RETIRED:
                why = "read as gathering values" if self.regather else "an earlier one arrived"
                reason = f"its statements now belong to {v.superseded_by} ({why})"
                changes.append(LogEvent(Action.RETIRED, Rule.DEDUP, reason, memory_id=v.id,
                                        related_ids=(v.superseded_by or "",)))
                continue
            late = " (arrived after its successor)" if v.id not in before else ""
            changes.append(LogEvent(
                Action.SUPERSEDED,
                Rule.CONFLICT,
                f"superseded by {v.superseded_by} from {v.valid_to}{late}{self._why(v)}",
                memory_id=v.id,
                related_ids=(v.superseded_by or "",),
            ))
        return changes


def arrival_runs(entries: list[NewEntry], latest: Order | None) -> list[list[NewEntry]]:
    """``entries`` (in arrival order) cut before each one that sorts before something placed
    before it (``latest``: the newest source stored); at least one run (empty for none)."""
    runs: list[list[NewEntry]] = [[]]
    for entry in entries:
        order = Statement.of(entry).order()
        if latest is not None and order < latest and runs[-1]:
            runs.append([])
        runs[-1].append(entry)
        latest = order if latest is None else max(latest, order)
    return runs
