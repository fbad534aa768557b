"""Check a scored store's promotions against its stream's truth: how many promoted entries
hold sightings of two different failures, and how many promote only failures seen in fewer
than three sessions (neither should happen). ``score.py`` counts the failures promoted; this
counts the promotions that should not be.

    python promoted_check.py RUN_DIR [RUN_DIR ...]   (each with truth.json and store.db)
"""

import json
import sqlite3
import sys
from collections import defaultdict

for run in sys.argv[1:]:
    with open(f"{run}/truth.json") as f:
        truth = json.load(f)
    db = sqlite3.connect(f"{run}/store.db")
    holder = {}
    placed = ("select memory_id, candidate_key from write_log where action in "
              "('inserted', 'merged', 'refined') order by rowid")
    for memory_id, candidate in db.execute(placed):
        holder[candidate] = memory_id
    done = "select memory_id from write_log where action = 'promoted'"
    promoted = {m for (m,) in db.execute(done)}
    failures = defaultdict(set)
    for candidate, label in truth["candidates"].items():
        if label.get("label") == "observation" and candidate in holder:
            failures[holder[candidate]].add(label["failure"])
    mixing = sum(1 for e in promoted if len(failures[e]) > 1)
    short = sum(1 for e in promoted if failures[e] and all(
        truth["failures"][f]["n_sessions"] < 3 for f in failures[e]))
    keys = [k for (k,) in db.execute("select subject_key from entries") if k]
    print(f"{run.rstrip('/').split('/')[-1]}: promoted {len(promoted)}, holding two failures "
          f"{mixing}, only failures of fewer than 3 sessions {short}, "
          f"entries keyed for any tool {sum(k.startswith('obs:any_tool/') for k in keys)}")
