"""Train gate rule 2's learned stage and export its weights as a pure-Python module.

Usage: python bench/train_transient.py [--cv] [--show] [--out memcurator/transient_weights.py]

Trains an L2 logistic regression (scikit-learn, lbfgs, fixed seed) over the binary features
of memcurator.transient_learned.features (words, word pairs, letter n-grams, sentence shape) on
the training files below, with the rule stage's verdicts left aside: the model learns chatter in
general, and the gate asks it only about what the rules kept.  Data are deduplicated and sorted,
so the same files give the same weights.

The pool holds the labelled utterance sets (SETS); durable statements only: both sides of every
key pair, and the turns that carry a personal fact in the casual conversations of
convo_turns_blind.jsonl and convo_turns_train_3.jsonl; and durable statements worded like chatter
(DURABLE_ONLY: the review and desk guards), in every fold's training and never a fold of their own.

--cv prints honest figures first: each file (each guard set too) is left out in turn, a model is
trained on the rest, and the whole of rule 2 (rules, learned stage with its vetoes and its
sentence-by-sentence check) scores the file left out at each threshold of GRID.  THRESHOLD below
is one step above the lowest at which, pooled over those held-out files, precision is at least
TARGET_PRECISION, no guard statement is dropped that the rules alone keep, and each conversation
file keeps at least GUARD_KEPT of its turns with a personal fact.  The wording of
each file was written by a different author, so a held-out file is unseen wording.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sklearn.feature_extraction import DictVectorizer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from memcurator import transient as stage  # noqa: E402
from memcurator import transient_learned as learned  # noqa: E402
from memcurator.transient_learned import Model  # noqa: E402

DATA = ROOT / "tests" / "data"
SETS = {
    "1": "transient_labelled.jsonl",
    "1b": "transient_heldout.jsonl",
    "8": "transient_train_8.jsonl",
    "10": "transient_train_10.jsonl",
    "12": "transient_train_12.jsonl",
    "2": "transient_heldout_2.jsonl",
    "3": "transient_heldout_3.jsonl",
    "4": "transient_train_4.jsonl",
    "5": "transient_heldout_5.jsonl",
    "own": "transient_own_h11.jsonl",
    "own2": "transient_own_h11_2.jsonl",
    "own3": "transient_own_h11_3.jsonl",
    "bankA": "transient_bank_a.jsonl",
    "15": "transient_train_15.jsonl",
    "16": "transient_train_16.jsonl",
}
# Durable statements worded like chatter that adversarial reviews and a blind helper wrote against
# rules of the moment (issue 11, 2026-12-05): in every fold's training, never a fold of their own.
# Left out, the review file is unlike anything else in the pool (its statements were found by
# reading the code and searching for chatter's durable twins): a model trained without it drops
# 12.6% of it even at threshold 4.0 (2026-12-07), and no threshold that adds recall keeps it.
DURABLE_ONLY = {"review": "transient_review_guard.jsonl", "desk": "transient_desk_guard.jsonl"}
KEY_PAIRS = ("key_pairs_labelled.jsonl", "key_pairs_heldout.jsonl")
# Casual conversations between people, each turn labelled whether it carries a personal fact; the
# turns that do are durable training rows and, each file left out in turn, a guard.
CONVERSATIONS = {"convo": "convo_turns_blind.jsonl", "convo3": "convo_turns_train_3.jsonl"}
# Guard groups: durable statements that must never be dropped (the personal-fact turns of each
# conversation file: at least GUARD_KEPT of them).
GUARDS = ("keys", "bankA", *CONVERSATIONS)
GUARD_KEPT = 0.995
# The threshold the model ships with, as ``--cv`` chose it: the lowest at which the pooled figures
# and every guard hold, both there and one step of GRID below it (a margin, precision first).
# The exported threshold is also at least MARGIN above every durable training row's score.
# With set 12 (issue 11, third round) ``--cv`` picks 2.25, where one personal-fact turn of
# convo_turns_train_3 is dropped beyond the rules (214 of 215, within GUARD_KEPT); 2.5 is kept,
# the lowest threshold at which no guard statement of any file is dropped beyond the rules.
THRESHOLD = 2.5
TARGET_PRECISION = 0.995
GRID = [round(0.25 * i, 2) for i in range(-4, 17)]
C = 1.0
MARGIN = 0.5
MIN_ROWS = 2
# Letter n-grams seen in fewer rows than this are left out of the model.
MIN_CHAR_ROWS = 3
# Shape features enter training with this value rather than 1, which under the same L2 penalty
# lets them carry more weight than any one word: the shape is what generalises to new wording.
SHAPE_SCALE = 2.0
# Letter n-grams enter with this value: many fire per word, and each should weigh less than a word.
CHAR_SCALE = 0.5
# A durable statement of at most this many words is "terse" ("Uses Jest", "On call Mondays").
TERSE_WORDS = 5
PER_LINE = 40  # weights per line of the generated module

Rows = list[tuple[str, bool]]


def load(name: str) -> Rows:
    with (DATA / name).open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [(str(r["text"]), bool(r["transient"])) for r in rows]


def key_pair_statements(names: tuple[str, ...] = KEY_PAIRS) -> Rows:
    """Both sides of every key pair: durable statements, the guard the stage must keep."""
    out = []
    for name in names:
        with (DATA / name).open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    row = json.loads(line)
                    out += [(str(row["old"]), False), (str(row["new"]), False)]
    return out


def conversation_facts(name: str) -> Rows:
    """The conversation turns that carry a personal fact (durable); the other turns are not
    labelled chatter or not, and are left out."""
    with (DATA / name).open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [(str(r["text"]), False) for r in rows if r["personal_fact"]]


def pool() -> dict[str, Rows]:
    data = {k: load(v) for k, v in SETS.items()}
    data |= {k: load(v) for k, v in DURABLE_ONLY.items()}
    data["keys"] = key_pair_statements()
    for key, name in CONVERSATIONS.items():
        data[key] = conversation_facts(name)
    return data


def dedupe(rows: Rows) -> Rows:
    """Sorted, one row per text (a text labelled both ways keeps the durable label)."""
    by_text: dict[str, bool] = {}
    for text, label in rows:
        by_text[text] = by_text.get(text, True) and label
    return sorted(by_text.items())


def vocabulary(rows: Rows) -> frozenset[str]:
    """Words in at least two rows; the rest train the "<unk>" token."""
    counts: Counter[str] = Counter()
    for text, _ in rows:
        counts.update(set(learned.tokens_of(text)))
    return frozenset(w for w, n in counts.items() if n >= MIN_ROWS)


def _value(feature: str) -> float:
    return SHAPE_SCALE if feature[:2] == "s:" else CHAR_SCALE if feature[:2] == "c:" else 1.0


def fit(rows: Rows) -> Model:
    """Bias, threshold, weights and vocabulary of a model trained on ``rows``."""
    rows = dedupe(rows)
    vocab = vocabulary(rows)
    feats = [learned.features(t, vocab) for t, _ in rows]
    letters: Counter[str] = Counter(f for fs in feats for f in set(fs) if f[:2] == "c:")
    keep = {f for f, n in letters.items() if n >= MIN_CHAR_ROWS}
    vec = DictVectorizer()
    x = vec.fit_transform(
        [{f: _value(f) for f in fs if f[:2] != "c:" or f in keep} for fs in feats]
    )
    y = [int(label) for _, label in rows]
    model = LogisticRegression(C=C, solver="lbfgs", random_state=0, max_iter=5000)
    model.fit(x, y)
    names = vec.get_feature_names_out()
    # A feature's value in training was _value(name), so its exported weight is scaled by it.
    scaled = [
        (str(n), float(w) * _value(str(n))) for n, w in zip(names, model.coef_[0], strict=True)
    ]
    weights = {n: round(w, 4) for n, w in scaled if abs(w) >= 0.005}
    bias = round(float(model.intercept_[0]), 4)
    # Score training durables against threshold 0: the margin is then the raw logit.
    raw = (bias, 0.0, weights, vocab)
    logits = [learned.margin(t, raw) for t, label in rows if not label]
    worst = max((m[0] for m in logits if m is not None), default=0.0)
    return bias, round(max(THRESHOLD, worst + MARGIN), 4), weights, vocab


# One candidate's verdict ingredients: the rules drop it, its raw logit (None: a guard keeps
# it), and for a turn of several sentences each sentence's (rules drop it, raw logit).
Scored = tuple[bool, float | None, list[tuple[bool, float | None]]]


def score(text: str, raw: Model, rules: Callable[[str], bool]) -> Scored:
    found = learned.margin(text, raw)
    parts = []
    if found is not None:
        for sentence in stage.sentences(text):
            part = learned.margin(sentence, raw)
            parts.append((rules(sentence), None if part is None else part[0]))
    return rules(text), None if found is None else found[0], parts


def dropped(scored: Scored, threshold: float) -> bool:
    """memcurator.transient.transient_reason's verdict at ``threshold`` (kept in step with it)."""
    by_rule, logit, parts = scored
    if by_rule:
        return True
    if logit is None or logit < threshold:
        return False
    return all(r or (s is not None and s >= threshold) for r, s in parts)


def held_out(data: dict[str, Rows], rules: Callable[[str], bool]) -> dict[str, list[Scored]]:
    """Each group's rows scored by a model trained on every other group."""
    out = {}
    for held in data:
        if held in DURABLE_ONLY:
            continue
        train = [r for k, rows in data.items() if k != held for r in rows]
        bias, _, weights, vocab = fit(train)
        raw = (bias, 0.0, weights, vocab)
        out[held] = [score(text, raw, rules) for text, _ in data[held]]
    return out


def tally(rows: Rows, scored: list[Scored], threshold: float) -> tuple[int, int, int]:
    tp = fp = fn = 0
    for (_, label), s in zip(rows, scored, strict=True):
        got = dropped(s, threshold)
        tp, fp, fn = tp + (got and label), fp + (got and not label), fn + (label and not got)
    return tp, fp, fn


def terse(text: str) -> bool:
    return len(learned.tokens_of(text)) <= TERSE_WORDS


def cross_validate(show: bool) -> float:
    """Leave each group out in turn; print the pooled figures at each threshold of GRID and
    the per-file figures at the chosen one; return it."""
    data = pool()
    cache: dict[str, bool] = {}

    def rules(text: str) -> bool:
        if text not in cache:
            cache[text] = stage.transient_reason(text, learned=False) is not None
        return cache[text]

    folds = held_out(data, rules)
    safe_at = {}
    for threshold in GRID:
        tp = fp = fn = 0
        for held in SETS:
            a, b, c = tally(data[held], folds[held], threshold)
            tp, fp, fn = tp + a, fp + b, fn + c
        guard = {
            g: sum(
                dropped(s, threshold) and not rules(t)
                for (t, _), s in zip(data[g], folds[g], strict=True)
            )
            for g in GUARDS
        }
        kept = {
            g: 1 - sum(dropped(s, threshold) for s in folds[g]) / len(folds[g])
            for g in CONVERSATIONS
        }
        short = sum(
            dropped(s, threshold) and not rules(t)
            for held in folds
            for (t, label), s in zip(data[held], folds[held], strict=True)
            if not label and terse(t)
        )
        precision = tp / (tp + fp) if tp + fp else 1.0
        print(
            f"  threshold {threshold:>5}: pooled P={precision:.4f} R={tp / (tp + fn):.4f} "
            f"FP={fp} guards dropped beyond the rules {guard} "
            f"kept {' '.join(f'{g}={k:.4f}' for g, k in kept.items())} terse dropped={short}"
        )
        safe_at[threshold] = (
            precision >= TARGET_PRECISION
            and guard["keys"] == guard["bankA"] == short == 0
            and min(kept.values()) >= GUARD_KEPT
        )
    # One step above the lowest threshold at which all holds (guards only keep more as it rises,
    # precision must hold there too): a margin against wording no fold held.
    chosen = next((u for t, u in pairwise(GRID) if safe_at[t] and safe_at[u]), None)
    pick = chosen if chosen is not None else GRID[-1]
    print(f"chosen threshold {pick}; per held-out file at it:")
    for held, rows in data.items():
        if held in DURABLE_ONLY:
            continue
        report(SETS.get(held, held), rows, folds[held], pick, show)
    return pick


def report(name: str, rows: Rows, scored: list[Scored], threshold: float, show: bool) -> None:
    tp, fp, fn = tally(rows, scored, threshold)
    if show:
        for (text, label), s in zip(rows, scored, strict=True):
            if dropped(s, threshold) != label:
                print(f"    {'FP' if label is False else 'FN'} {text!r}")
    prec = tp / (tp + fp) if tp + fp else 1.0
    rec = tp / (tp + fn) if tp + fn else 1.0
    print(f"  {name:<32} n={len(rows):>5} FP={fp:>3} FN={fn:>3} P={prec:.3f} R={rec:.3f}")


def export(model: Model, out: Path) -> None:
    """Write ``model`` as a module of four constants: the weights as "name=weight" entries
    split by "|" in one string, which Python compiles in milliseconds (a dict literal of 13,000
    entries took tens of MiB), parsed by transient_learned.shipped_model on first use."""
    bias, threshold, weights, vocab = model
    entries = [f"{name}={weights[name]!r}" for name in sorted(weights)]
    words = sorted(vocab)
    lines = [
        '"""Weights of gate rule 2\'s learned stage. GENERATED by bench/train_transient.py: do not',
        'edit by hand; retrain instead.  memcurator.transient_learned parses them on first use."""',
        "",
        "# ruff: noqa",
        f"BIAS = {bias!r}",
        f"THRESHOLD = {threshold!r}",
        'WEIGHTS = """\\',
        *("|".join(entries[i : i + PER_LINE]) + "|" for i in range(0, len(entries), PER_LINE)),
        '"""',
        'VOCAB = """\\',
        *(" ".join(words[i : i + 4 * PER_LINE]) for i in range(0, len(words), 4 * PER_LINE)),
        '"""',
        "",
    ]
    out.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {out}: {len(weights)} weights, bias {bias}, threshold {threshold}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cv", action="store_true", help="print cross-validation figures first")
    parser.add_argument("--show", action="store_true", help="list the errors in --cv")
    parser.add_argument("--out", type=Path, default=ROOT / "memcurator" / "transient_weights.py")
    args = parser.parse_args(argv)
    if args.cv:
        cross_validate(args.show)
    rows = [r for rows in pool().values() for r in rows]
    export(fit(rows), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
