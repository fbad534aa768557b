"""Set-valued keys read from their statements, before a batch is placed (issue 10).

For each fact key of a batch whose attribute's name reads as single-valued, the key is
placed as gathering values when the store already knows it does (``gathering_keys``) or
when its statements in the batch's sessions, stored or new, show it (``memcurator.gathering``).
A key read so for the first time is loaded whole and placed again from its first statement, so
its history is the one a single batch of all its statements would give; the reading is kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import Connection

from memcurator.decisions import NewEntry
from memcurator.gathering import returning_value
from memcurator.keys import FACT_PREFIX, key_attribute
from memcurator.resolve import Statement, Timeline
from memcurator.tenancy import tenant_of
from store.gathering import keep_gathering, known_gathering, session_statements
from store.timelines import TimelineKey, load_timelines

__all__ = ["read_gathering"]


def read_gathering(
    conn: Connection, by_key: Mapping[TimelineKey, Sequence[NewEntry]],
    timelines: dict[TimelineKey, Timeline],
) -> dict[str, str]:
    """Set ``kind`` (and ``regather``) of the batch's timelines whose keys gather values;
    return, by candidate id, a note for the log of each key newly read so."""
    single = {
        (tenant_of(entries[0].scope), key[0], key[2]): key
        for key, entries in by_key.items()
        if key[1] == "fact" and key[2].startswith(FACT_PREFIX) and timelines[key].kind == "single"
    }
    if not single:
        return {}
    known = known_gathering(conn, single)
    for tkey in known:
        timelines[single[tkey]].kind = "set"
    unknown = {t: k for t, k in single.items() if t not in known}
    wanted = {t: {e.source_session_id for e in by_key[k] if e.subject_value}
              for t, k in unknown.items()}
    wanted = {t: sessions for t, sessions in wanted.items() if sessions}
    stored = session_statements(conn, wanted) if wanted else {}
    found: dict[tuple[str, str, str], tuple[str, str]] = {}
    notes: dict[str, str] = {}
    for tkey in wanted:
        key, entries = unknown[tkey], by_key[unknown[tkey]]
        new = [Statement.of(e) for e in entries]
        ids = {s.memory_id for s in new}
        said = new + [s for s in stored.get(tkey, []) if s.memory_id not in ids]
        if (hit := returning_value(said)) is None:
            continue
        statement, reason = hit
        found[tkey] = (statement.memory_id, reason)
        timeline = timelines[key] = load_timelines(conn, entries, full=True)[key]
        timeline.kind, timeline.regather = "set", True
        noted = statement.memory_id if statement.memory_id in ids else entries[0].id
        notes[noted] = f"{key_attribute(key[2])} read as gathering values: {reason}"
    keep_gathering(conn, found)
    return notes
