"""An observation's sightings summed up on its own row (``entries.seen_*``, migration 0019).

Ingest places a candidate observation among the open observations of its key, and leaves out
those the nightly passes had closed for good before the candidate's first night
(``store.timelines``): every sighting before that night, and by then expired or seen in
enough sessions. Summing every such observation's sightings on each batch cost what the key's
history holds: a store imported month after month without a nightly pass between (a year's
history ahead of its backfill) keeps every closed observation open, ~5,700 of them under the
200 observation keys of a batch after six months (issue 13). The three sums a night's closing
depends on are kept on the row instead:

- ``seen_last``: the latest sighting's ``created_at``;
- ``seen_sessions``: its distinct sessions;
- ``seen_direct``: whether any sighting is not the agent's own inference.

Only the ingest writer adds or moves sightings (``store.timelines.write_versions``), and it
writes the sums with the row (``store.rows.seen_of``): ingest loads every source of an open
observation it places among, and of a new one it holds them all. An observation written
without all of its sources at hand (a closed one a late sighting reaches) has NULLs, and
its sightings are read as before; so has a row written before migration 0019 and not
filled by it, or built by a bench directly. Erasure deletes a scope's entries with their
sightings, never some of an entry's.

Leaving out too few costs only time (the placement reads every source of each open
observation it loads and decides on them: ``test_ingest_history``); leaving out one still
open would place a sighting wrongly (``test_observation_seen``).
"""

from __future__ import annotations

# The versions query's test that the nightly passes had closed an open observation before
# the candidates' first night (``w.c``; ``w.x``: expired by then), from the row's sums where
# it has them, from its sightings where it does not. True, False, or NULL for no sighting.
CLOSED_BEFORE_NIGHT = (
    "CASE WHEN entries.seen_last IS NOT NULL THEN entries.seen_last < w.c AND ("
    "entries.seen_last <= w.x OR (entries.seen_sessions >= :sessions AND entries.seen_direct)) "
    "ELSE (SELECT max(s.created_at) < w.c AND (max(s.created_at) <= w.x OR ("
    "count(DISTINCT s.source_session_id) >= :sessions "
    "AND bool_or(s.source_kind <> 'agent_inference'))) FROM entry_sources s "
    "WHERE s.tenant = entries.tenant AND s.entry_id = entries.id) END"
)
