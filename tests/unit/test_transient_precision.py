"""Rule 2 never drops a durable statement, including terse ones it was not developed on."""

from __future__ import annotations

import json
from pathlib import Path

from memcurator.transient import transient_reason

DATA = Path(__file__).resolve().parent.parent / "data"


def test_no_statement_of_the_key_pairs_set_is_taken_for_chatter() -> None:
    # 800+ durable statements written for another purpose (dedup), many of them terse and
    # subject-less ("Uses Jest", "Code review required"): a cross-check of precision.
    statements = set()
    for line in (DATA / "key_pairs_labelled.jsonl").read_text(encoding="utf-8").splitlines():
        pair = json.loads(line)
        statements.update((pair["old"], pair["new"]))
    dropped = {s: why for s in statements if (why := transient_reason(s, learned=True))}
    assert len(statements) > 800
    assert not dropped, dropped
