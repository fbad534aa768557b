"""Key-first dedup against plain vector-similarity dedup, side by side.

    python bench/eval_dedup.py [--pairs tests/data/key_pairs_labelled.jsonl]

1. The labelled within-key pairs: memcurator's ``relate`` against TF-IDF cosine with one
   threshold (the best one for the baseline, to be fair to it). Per-class accuracy, and how
   many contradictions each would merge.
2. A generated stream (users restating and changing preferences over months): memcurator's
   real ingest into a SQLite store, against the greedy dedup most memory libraries do
   (cosine over every entry of a scope, merge above one threshold, never supersede).
   Duplicates left among current entries, contradictions merged, and the precision and
   recall of merge decisions.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics.pairwise import cosine_similarity
from sqlalchemy import select

from memcurator.meaning import relate
from memcurator.service import ingest_stream
from store.engine import make_engine, upgrade
from store.queries import iter_entries
from store.tables import EntrySource

ROOT = Path(__file__).resolve().parent.parent
MERGING = {"same", "refinement"}


def vectoriser(texts: list[str]) -> TfidfVectorizer:
    # Word and character n-grams: the closest thing to an embedding that needs no model.
    return TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True).fit(texts)


def evaluate_pairs(path: Path) -> None:
    pairs = [json.loads(line) for line in path.open(encoding="utf-8")]
    vec = vectoriser([p["old"] for p in pairs] + [p["new"] for p in pairs])
    old, new = vec.transform([p["old"] for p in pairs]), vec.transform([p["new"] for p in pairs])
    cosine = np.asarray(old.multiply(new).sum(axis=1)).ravel()
    truth = [p["label"] for p in pairs]
    should_merge = np.array([t in MERGING for t in truth])
    best_t = max(np.arange(0.3, 0.96, 0.01), key=lambda t: _f1(cosine >= t, should_merge))
    ours = [
        relate(
            p["old"], p["new"], old_value=p["old_value"], new_value=p["new_value"], kind=p["kind"]
        ).relation
        for p in pairs
    ]
    print(f"\n1. Labelled within-key pairs ({len(pairs)}; {dict(Counter(truth))})")
    print(f"{'class':<15}{'key-first accuracy':>20}{'n':>6}")
    for label in ("same", "refinement", "contradiction", "unrelated"):
        idx = [i for i, t in enumerate(truth) if t == label]
        hits = sum(ours[i] == label for i in idx)
        print(f"{label:<15}{hits / len(idx):>20.3f}{len(idx):>6}")
    confusion = Counter((t, o) for t, o in zip(truth, ours, strict=True))
    print(
        "confusion (truth -> predicted):",
        ", ".join(f"{t}->{o}: {n}" for (t, o), n in sorted(confusion.items()) if t != o),
    )
    our_merge = np.array([o in MERGING for o in ours])
    contra = np.array([t == "contradiction" for t in truth])
    base_merge = cosine >= best_t
    print(f"\n{'merge decisions':<34}{'key-first':>12}{f'cosine>={best_t:.2f}':>16}")
    for name, fn in (("precision", _precision), ("recall", _recall), ("F1", _f1)):
        print(
            f"{name:<34}{fn(our_merge, should_merge):>12.3f}{fn(base_merge, should_merge):>16.3f}"
        )
    print(
        f"{'contradictions merged':<34}{int((our_merge & contra).sum()):>12}"
        f"{int((base_merge & contra).sum()):>16}   (of {int(contra.sum())})"
    )
    pairs_seen = zip(truth, ours, strict=True)
    as_same = sum(1 for t, o in pairs_seen if (t, o) == ("contradiction", "same"))
    print(f"{'contradictions merged as same':<34}{as_same:>12}")


def _precision(pred: Any, truth: Any) -> float:
    return float((pred & truth).sum() / max(pred.sum(), 1))


def _recall(pred: Any, truth: Any) -> float:
    return float((pred & truth).sum() / max(truth.sum(), 1))


def _f1(pred: Any, truth: Any) -> float:
    p, r = _precision(pred, truth), _recall(pred, truth)
    return 2 * p * r / (p + r) if p + r else 0.0


# -- the generated stream ---------------------------------------------------------------------

TOPICS: dict[str, dict[str, list[str]]] = {
    "seat_preference": {
        "window": [
            "Prefers window seats",
            "The user likes a window seat on flights",
            "Always books a window seat",
        ],
        "aisle": [
            "Prefers aisle seats",
            "The user likes an aisle seat on flights",
            "Always books an aisle seat",
        ],
    },
    "diet": {
        "vegetarian": ["I'm vegetarian", "The user is vegetarian", "Vegetarian, no meat"],
        "omnivore": [
            "I'm no longer vegetarian",
            "The user eats meat again",
            "Not vegetarian anymore",
        ],
    },
    "programming_language": {
        "python": ["Prefers Python for scripting", "The user writes most tools in Python"],
        "rust": ["Prefers Rust for scripting now", "The user writes most tools in Rust"],
    },
    "theme": {
        "dark": ["Prefers dark mode", "The user likes the dark theme"],
        "light": ["Prefers light mode", "The user likes the light theme"],
    },
}


@dataclass(frozen=True)
class Truth:
    user: str
    attribute: str
    value: str


def generate(
    users: int, statements: int, seed: int
) -> tuple[list[dict[str, Any]], dict[str, Truth]]:
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    stream, truth = [], {}
    for u in range(users):
        user = f"u_{u:03d}"
        current = {a: rng.choice(list(v)) for a, v in TOPICS.items()}
        for n in range(statements):
            attribute = rng.choice(list(TOPICS))
            if rng.random() < 0.15:  # a change of mind
                current[attribute] = next(v for v in TOPICS[attribute] if v != current[attribute])
            value = current[attribute]
            cid = f"{user}_{n:03d}"
            candidate: dict[str, Any] = {
                "id": cid,
                "type": "fact",
                "scope": {"user_id": user},
                "content": rng.choice(TOPICS[attribute][value]),
                "source": {"kind": "user_message", "ref": f"turn_{n}", "session_id": f"s_{n}"},
                "confidence": 0.9,
                "created_at": (start + timedelta(days=n)).isoformat(),
            }
            if rng.random() < 0.5:
                candidate["subject"] = {"entity": user, "attribute": attribute, "value": value}
            stream.append(candidate)
            truth[cid] = Truth(user, attribute, value)
    return stream, truth


def key_first(stream: list[dict[str, Any]]) -> tuple[dict[str, str], set[str]]:
    """memcurator's real ingest; returns candidate -> entry, and the active entry ids."""
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{tmp}/eval.db")
        upgrade(engine)
        ingest_stream(engine, [json.dumps(c).encode() for c in stream])
        with engine.connect() as conn:
            placed = dict(conn.execute(select(EntrySource.memory_id, EntrySource.entry_id)).all())
        active = {e["id"] for e in iter_entries(engine)}
        engine.dispose()
    return placed, active


def vector_baseline(
    stream: list[dict[str, Any]], threshold: float
) -> tuple[dict[str, str], set[str]]:
    """Greedy: merge into the most similar entry of the scope above one threshold."""
    vec = vectoriser([c["content"] for c in stream])
    placed: dict[str, str] = {}
    entries: dict[str, list[tuple[str, Any]]] = {}
    for c in stream:
        scope = json.dumps(c["scope"], sort_keys=True)
        v = vec.transform([c["content"]])
        pool = entries.setdefault(scope, [])
        best, best_id = 0.0, None
        if pool:
            sims = cosine_similarity(v, _stack([x for _, x in pool])).ravel()
            i = int(sims.argmax())
            best, best_id = float(sims[i]), pool[i][0]
        if best_id is not None and best >= threshold:
            placed[c["id"]] = best_id
        else:
            placed[c["id"]] = c["id"]
            pool.append((c["id"], v))
    return placed, {eid for eid in placed.values()}


def _stack(rows: list[Any]) -> Any:
    from scipy.sparse import vstack

    return vstack(rows)


def score(
    placed: dict[str, str], active: set[str], truth: dict[str, Truth], order: list[str]
) -> dict[str, float]:
    merges = [(c, e) for c, e in placed.items() if c != e]
    correct = sum(truth[c] == truth[e] for c, e in merges)
    contradictions = sum(
        truth[c].attribute == truth[e].attribute and truth[c] != truth[e] for c, e in merges
    )
    # Should merge: a restatement of the value currently held, seen before in that run.
    should, seen = 0, {}
    for c in order:
        t = truth[c]
        key = (t.user, t.attribute)
        if seen.get(key) == t.value:
            should += 1
        seen[key] = t.value
    current = Counter((truth[e].user, truth[e].attribute, truth[e].value) for e in active)
    duplicates_left = sum(n - 1 for n in current.values())
    return {
        "entries_active": len(active),
        "duplicates_left": duplicates_left,
        "contradictions_merged": contradictions,
        "merge_precision": correct / max(len(merges), 1),
        "merge_recall": min(correct, should) / max(should, 1),
    }


def evaluate_stream(users: int, statements: int, seed: int, threshold: float) -> None:
    stream, truth = generate(users, statements, seed)
    order = [c["id"] for c in stream]
    ours = score(*key_first(stream), truth, order)
    base = score(*vector_baseline(stream, threshold), truth, order)
    print(
        f"\n2. Generated stream: {users} users x {statements} statements, "
        f"{sum(1 for c in stream if 'subject' in c)} with subject"
    )
    print(f"{'':<26}{'key-first':>12}{f'cosine>={threshold:.2f}':>16}")
    for name in ours:
        fmt = (
            "{:>12.3f}{:>16.3f}"
            if isinstance(ours[name], float) and name.startswith("merge")
            else "{:>12.0f}{:>16.0f}"
        )
        print(f"{name:<26}" + fmt.format(ours[name], base[name]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=Path, default=ROOT / "tests/data/key_pairs_labelled.jsonl")
    parser.add_argument("--users", type=int, default=40)
    parser.add_argument("--statements", type=int, default=60)
    parser.add_argument(
        "--threshold", type=float, default=0.8, help="the baseline's cosine threshold on the stream"
    )
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    evaluate_pairs(args.pairs)
    evaluate_stream(args.users, args.statements, args.seed, args.threshold)


if __name__ == "__main__":
    main()
