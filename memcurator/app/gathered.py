"""Set-valued keys read from their statements, before a batch is placed (issue 10).

For each fact key of a batch whose attribute's name reads as single-valued, the key is
placed as gathering values when the store already knows it does (``gathering_keys``), when
its statements in the batch's sessions, stored or new, show it (``memcurator.gathering``), or
when ``ATTRIBUTE_KEYS`` other keys of the tenant with its attribute were read so: an attribute
gathers for every subject ("craft": one person knits and does pottery, another paints and
sews) even when a subject never said two of its values in one session. A key read so for the
first time is loaded whole and placed again from its first statement, so its history is the
one a single batch of all its statements would give; the reading is kept. When an attribute
is first read as gathering for the tenant, its stored keys outside the batch are placed again
too (under their locks), so the store does not depend on which key's statements came first.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Connection

from memcurator.decisions import LogEvent, NewEntry
from memcurator.gathering import returning_value
from memcurator.keys import FACT_PREFIX, key_attribute
from memcurator.resolve import Timeline
from memcurator.tenancy import tenant_of
from memcurator.versions import Statement
from store.gathering import (
    attribute_readings,
    keep_gathering,
    keys_of_attribute,
    known_gathering,
    session_statements,
)
from store.timelines import TimelineKey, load_timelines, load_whole, lock_keys

__all__ = ["ATTRIBUTE_KEYS", "Gathered", "read_gathering"]

# An attribute gathers for the tenant once this many keys of it were read so: one subject's
# reading may be that subject's way of talking, two subjects' are the attribute's.
ATTRIBUTE_KEYS = 2

TenantKey = tuple[str, str, str]  # tenant, scope_key, subject_key


@dataclass
class Gathered:
    """What the reading adds to the log: a note by candidate id, and the rows of stored keys
    outside the batch placed again, under the candidate that showed the attribute gathering."""

    notes: dict[str, str] = field(default_factory=dict)
    events: dict[str, list[LogEvent]] = field(default_factory=lambda: defaultdict(list))


def read_gathering(
    conn: Connection, by_key: Mapping[TimelineKey, Sequence[NewEntry]],
    timelines: dict[TimelineKey, Timeline],
) -> Gathered:
    """Set ``kind`` (and ``regather``) of the batch's timelines whose keys gather values, and
    place again the stored keys of an attribute newly read as gathering (added to
    ``timelines``, to be written with the batch)."""
    out = Gathered()
    single = {
        (tenant_of(entries[0].scope), key[0], key[2]): key
        for key, entries in by_key.items()
        if key[1] == "fact" and key[2].startswith(FACT_PREFIX) and timelines[key].kind == "single"
    }
    if not single:
        return out
    known = known_gathering(conn, single)
    for tkey in known:
        timelines[single[tkey]].kind = "set"
    unknown = {t: k for t, k in single.items() if t not in known}
    found = _by_evidence(conn, unknown, by_key, timelines, out)
    _by_attribute(conn, unknown, by_key, timelines, found, out)
    keep_gathering(conn, found)
    return out


def _regather(conn: Connection, key: TimelineKey, entries: Sequence[NewEntry],
              timelines: dict[TimelineKey, Timeline]) -> None:
    timeline = timelines[key] = load_timelines(conn, entries, full=True)[key]
    timeline.kind, timeline.regather = "set", True


def _by_evidence(
    conn: Connection, unknown: Mapping[TenantKey, TimelineKey],
    by_key: Mapping[TimelineKey, Sequence[NewEntry]], timelines: dict[TimelineKey, Timeline],
    out: Gathered,
) -> dict[TenantKey, tuple[str, str]]:
    """The keys whose own statements show them gathering: (noted candidate, reason) each."""
    wanted = {t: {e.source_session_id for e in by_key[k] if e.subject_value}
              for t, k in unknown.items()}
    wanted = {t: sessions for t, sessions in wanted.items() if sessions}
    stored = session_statements(conn, wanted) if wanted else {}
    found: dict[TenantKey, tuple[str, str]] = {}
    for tkey in wanted:
        key, entries = unknown[tkey], by_key[unknown[tkey]]
        new = [Statement.of(e) for e in entries]
        ids = {s.memory_id for s in new}
        said = new + [s for s in stored.get(tkey, []) if s.memory_id not in ids]
        if (hit := returning_value(said)) is None:
            continue
        statement, reason = hit
        noted = statement.memory_id if statement.memory_id in ids else entries[0].id
        found[tkey] = (noted, reason)
        _regather(conn, key, entries, timelines)
        out.notes[noted] = f"{key_attribute(key[2])} read as gathering values: {reason}"
    return found


def _by_attribute(
    conn: Connection, unknown: Mapping[TenantKey, TimelineKey],
    by_key: Mapping[TimelineKey, Sequence[NewEntry]], timelines: dict[TimelineKey, Timeline],
    found: dict[TenantKey, tuple[str, str]], out: Gathered,
) -> None:
    """Keys of an attribute that ``ATTRIBUTE_KEYS`` other keys of the tenant showed gathering:
    the batch's, and, when this batch's evidence first makes them enough, the stored ones (a
    scan of the tenant's facts, once per attribute; a key written by a concurrent batch that
    did not see the reading is placed again with its next statement)."""
    attributes: dict[str, set[str]] = defaultdict(set)
    for tenant, _, subject in unknown:
        attributes[tenant].add(str(key_attribute(subject)))
    in_batch = {(k[0], k[2]) for k in by_key}
    for tenant, names in sorted(attributes.items()):
        stored = attribute_readings(conn, tenant, names)
        for attribute in sorted(names):
            shown = {(t[1], t[2]): noted for t, (noted, _) in found.items()
                     if t[0] == tenant and key_attribute(t[2]) == attribute}
            readers = stored.get(attribute, set()) | set(shown)
            if len(readers) < ATTRIBUTE_KEYS:
                continue
            why = f"as {len(readers)} other keys of the tenant showed"
            for tkey, key in sorted(unknown.items()):
                if tkey[0] == tenant and tkey not in found and key_attribute(key[2]) == attribute:
                    noted = by_key[key][0].id
                    found[tkey] = (noted, why)
                    _regather(conn, key, by_key[key], timelines)
                    out.notes[noted] = f"{attribute} read as gathering values: {why}"
            if shown and len(stored.get(attribute, ())) < ATTRIBUTE_KEYS:  # newly read so
                trigger = shown[min(shown)]
                swept = keys_of_attribute(conn, tenant, attribute) - readers - in_batch
                _sweep(conn, tenant, swept, trigger, why, timelines, found, out)


def _sweep(
    conn: Connection, tenant: str, swept: set[tuple[str, str]], trigger: str, why: str,
    timelines: dict[TimelineKey, Timeline], found: dict[TenantKey, tuple[str, str]],
    out: Gathered,
) -> None:
    """Place the stored keys of an attribute newly read as gathering again, as set-valued."""
    keys = sorted((scope, "fact", subject) for scope, subject in swept)
    lock_keys(conn, keys)
    for key, timeline in sorted(load_whole(conn, keys).items()):
        if not timeline.versions:
            continue  # gone since it was found (never deleted: erased)
        timeline.kind, timeline.regather = "set", True
        out.events[trigger] += timeline.resolve([]).get("", [])
        timelines[key] = timeline
        found[(tenant, key[0], key[2])] = (trigger, why)
