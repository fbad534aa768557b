#!/usr/bin/env python3
"""The nightly pass's own decisions on unkeyed facts, checked against a stream's truth.

night_decisions.py RUN_DIR [RUN_DIR ...]

RUN_DIR holds what run.sh (or gen.py plus an ingest and a backfill) left: candidates.jsonl,
truth.json and store.db (SQLite). score.py's contra_merged counts the gate's merges only;
this reads the write log's "nightly, unkeyed" rows instead. An entry's id is its first
candidate's, so each row compares the truth of the two entries' first statements: a merge
joins "one value" (right), a "set member" (right), "two values" or "two attributes" (wrong);
a supersession replaces "two values" (a true change), "one value" (a restatement stored as a
new version), a "set" member (wrong) or "two attributes" (wrong). Rows are split by the step
that decided them: "words" (the attribute words) or "frame" (the frame-and-value groups).
"""

import json
import sqlite3
import sys
from collections import Counter
from pathlib import Path


def verdict(action: str, old: dict, new: dict) -> str:
    if "attribute" not in old or "attribute" not in new:
        return "not a fact of the truth"
    if old["attribute"] != new["attribute"]:
        return "two attributes"
    if old.get("kind") == "set":
        return "set member" if action == "merged" else "set"
    return "one value" if old["value"] == new["value"] else "two values"


def main(runs: list[str]) -> None:
    for run in runs:
        truth = json.loads(Path(run, "truth.json").read_text())["candidates"]
        db = sqlite3.connect(f"{run}/store.db")
        counts: Counter[tuple[str, str, str]] = Counter()
        for entry, action, related, reason in db.execute(
            "SELECT memory_id, action, related_ids, reason FROM write_log "
            "WHERE reason LIKE 'nightly, unkeyed%'"
        ):
            other = json.loads(related)[0] if related else None
            step = "frame" if "grouped by frame and value" in reason else "words"
            counts[(step, action, verdict(action, truth.get(entry, {}), truth.get(other, {})))] += 1
        print(run)
        for (step, action, what), n in sorted(counts.items()):
            print(f"  {step:5} {action:10} {what:24} {n}")


if __name__ == "__main__":
    main(sys.argv[1:])
