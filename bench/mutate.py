"""Mutation run: one deliberate bug at a time, in a throwaway copy of the tree; is it caught?

    python bench/mutate.py [--only NAME ...] [--list]        (or: make mutate)

Each mutation is (name, file, old text, new text, the tests expected to catch it). For each,
the working tree (without .git and .venv) is copied to a temporary folder, ``old`` is replaced
by ``new`` (it must occur exactly once, else the mutation is reported "not applicable": the
code moved and the mutation needs updating), and each named test runs there with pytest. A
mutation is caught when a named test fails. Tests named in files that are not in this tree yet
(other branches' work, before a merge) are reported "test not here".

Slow (Prefect flow tests start a server each), so it is kept out of ``make test`` and CI. Store
tests need ``MEMCURATOR_TEST_PG_URL`` as for ``make test``. Exit status 1 if any mutation
survived a test that exists.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = shutil.ignore_patterns(".git", ".venv", "__pycache__", ".*_cache", "demo-out", "bench-out")


@dataclass(frozen=True)
class Mutation:
    name: str
    file: str
    old: str
    new: str
    tests: tuple[str, ...]
    also: tuple[str, ...] = ()  # other files the text may have moved to


_DROP_SCOPE = '''    for name, value in _identifier_fields(candidate):
        kind = _screen_identifier(value)[0]'''


def _skip_identifier(prefix: str) -> str:
    return _DROP_SCOPE.replace(
        "\n", f"\n        if name.startswith({prefix!r}):\n            continue\n", 1
    )


SECRETS = "tests/integration/test_secret_corpus.py"
CONFLICT = "tests/integration/test_conflict_rules.py::"
FIRST_HELD_OUT = (
    '{"text": "The user\'s timezone is America/Chicago.", '
    '"transient": false, "kind": "user_fact"}\n'
)
MUTATIONS: tuple[Mutation, ...] = (
    # --- rule 5 ------------------------------------------------------------------------------
    Mutation(
        "a tie on valid_from goes to the weaker source",
        "memcurator/resolve.py",
        "return (self.valid_from, SOURCE_STRENGTH[self.kind], self.memory_id)",
        "return (self.valid_from, -SOURCE_STRENGTH[self.kind], self.memory_id)",
        (CONFLICT + "test_a_tie_on_valid_from_goes_to_the_stronger_source",),
    ),
    Mutation(
        "an inference supersedes a user statement or a tool result",
        "memcurator/resolve.py",
        "if chain and inferred and chain[-1].source_kind in _PROTECTED:",
        "if False:",
        (CONFLICT + "test_a_later_inference_never_supersedes_a_user_statement_or_a_tool_result",),
    ),
    # --- the append-only store -----------------------------------------------------------------
    Mutation(
        "no TRUNCATE trigger on entries (PostgreSQL)",
        "store/migrations/versions/0001_initial.py",
        '    ("entries_no_truncate", "TRUNCATE", "entries", "STATEMENT", '
        '"entries are never deleted"),\n',
        "",
        ("tests/integration/test_append_only.py",),
    ),
    Mutation(
        "no TRUNCATE trigger on the write log (PostgreSQL)",
        "store/migrations/versions/0001_initial.py",
        '    ("write_log_no_truncate", "TRUNCATE", "write_log", "STATEMENT", '
        '"the write log is append-only"),\n',
        "",
        ("tests/integration/test_append_only.py",),
    ),
    # --- the CLI's operational commands --------------------------------------------------------
    Mutation(
        "drops raises on every call",
        "memcurator/cli/operations.py",
        "    for row in drop_rates(engine, days=days):",
        '    raise RuntimeError("mutation: drops is broken")\n'
        "    for row in drop_rates(engine, days=days):",
        ("tests/integration/test_operations.py::test_audit_and_drops_work_from_the_cli",),
    ),
    Mutation(
        "audit report raises on every call",
        "memcurator/cli/operations.py",
        "    for row in audit_report(engine):",
        '    raise RuntimeError("mutation: audit report is broken")\n'
        "    for row in audit_report(engine):",
        ("tests/integration/test_operations.py::test_audit_and_drops_work_from_the_cli",),
    ),
    Mutation(
        "log --since raises",
        "memcurator/cli/store_commands.py",
        '    after = _parse_time(since, "--since") if since else None\n',
        '    after = _parse_time(since, "--since") if since else None\n'
        '    if after:\n        raise RuntimeError("mutation: log --since is broken")\n',
        ("tests/integration/test_cli.py::test_init_ingest_export_and_log_work_end_to_end",),
    ),
    # --- the nightly pass ------------------------------------------------------------------------
    Mutation(
        "a waiting pass ignores the lock",
        "store/passlock.py",
        "        while not holder.try_acquire():",
        "        while wait_seconds <= 0 and not holder.try_acquire():",
        ("tests/integration/test_flows.py::test_a_pass_that_may_wait_runs_once_the_other_one_finishes",),
    ),
    Mutation(
        "an expiry's valid_to is the pass cutoff, not last seen + 30 days",
        "store/pass_writes.py",
        '[{"oid": e.observation_id, "at": e.expired_at} for e in expiries]',
        '[{"oid": e.observation_id, "at": self.cutoff} for e in expiries]',
        (
            "tests/integration/test_pass_oracle.py",
            "tests/integration/test_pass_properties.py",
        ),
    ),
    Mutation(
        "promotion after 2 sessions instead of 3 (wrong the same way on every partitioning)",
        "memcurator/consolidation.py",
        "            if len(sessions) == policy.promote_sessions:",
        "            if len(sessions) == policy.promote_sessions - 1:",
        ("tests/integration/test_pass_oracle.py",),
        also=("memcurator/lifecycle.py",),
    ),
    Mutation(
        "a promotion merges into the fact under its key whatever the fact says",
        "memcurator/promotion.py",
        "    if compatible(judgement, kind):",
        "    if judgement.relation or compatible(judgement, kind):",
        (
            "tests/unit/test_promotion.py",
            "tests/integration/test_consolidation.py::"
            "test_a_promoted_observation_that_contradicts_the_fact_under_its_key_supersedes_it",
        ),
    ),
    Mutation(
        "a large backlog's later slices ignore the topics formed by earlier ones",
        "memcurator/consolidation.py",
        "            known = _merge_known(known, changed, {o.id: o for o in pending})",
        "            known = known",
        ("tests/unit/test_consolidation_policy.py::test_a_backlog_larger_than_one_slice_is_batched_into_the_same_topics",),
    ),
    Mutation(
        "TF-IDF sums a row's squares in column order, not in scikit-learn's (last bits differ)",
        "memcurator/tfidf.py",
        "order = np.lexsort((seen, ",
        "order = np.lexsort((columns, ",
        ("tests/unit/test_tfidf.py",),
    ),
    # --- subject keys ----------------------------------------------------------------------------
    Mutation(
        "a derived key's entity is not taken from the scope",
        "memcurator/keys.py",
        "return (scope_levels[level], attribute) if level else None",
        "return (text.split()[0], attribute) if level else None",
        ("tests/unit/test_key_derivation.py::test_any_content_gets_a_key_from_its_own_scope_or_none",),
    ),
    # --- evaluation data -------------------------------------------------------------------------
    Mutation(
        "a training row copied into the fresh held-out set",
        "tests/data/transient_heldout_2.jsonl",
        FIRST_HELD_OUT,
        FIRST_HELD_OUT + '{"text": "Okay!", "transient": true, "kind": "ack"}\n',
        ("tests/unit/test_heldout_sets.py",),
    ),
    # --- credentials outside content (screened by the screening branch's tests) ----------------
    *(
        Mutation(
            f"a credential in {label} is not screened",
            "memcurator/gate.py",
            _DROP_SCOPE,
            _skip_identifier(prefix),
            (SECRETS,),
        )
        for label, prefix in (
            ("scope", "scope."),
            ("session", "source.session_id"),
            ("ref", "source.ref"),
            ("links", "links["),
        )
    ),
    Mutation(
        "a credential in tool is not screened",
        "memcurator/gate.py",
        '_FREE_TEXT = ("content", "tool", "symptom")',
        '_FREE_TEXT = ("content", "symptom")',
        (SECRETS,),
    ),
    Mutation(
        "a credential in symptom is not screened",
        "memcurator/gate.py",
        '_FREE_TEXT = ("content", "tool", "symptom")',
        '_FREE_TEXT = ("content", "tool")',
        (SECRETS,),
    ),
    Mutation(
        "a credential in subject is not screened",
        "memcurator/gate.py",
        "            for k, v in candidate.subject.model_dump().items()",
        "            for k, v in {}.items()",
        (SECRETS,),
    ),
)


def _apply(tree: Path, mutation: Mutation) -> bool:
    """Replace the mutation's text in the first of its files that holds it exactly once."""
    for name in (mutation.file, *mutation.also):
        target = tree / name
        text = target.read_text(encoding="utf-8") if target.exists() else ""
        if text.count(mutation.old) == 1:
            target.write_text(text.replace(mutation.old, mutation.new), encoding="utf-8")
            return True
    return False


def run_one(mutation: Mutation, python: str) -> list[tuple[str, str, float]]:
    """Apply ``mutation`` to a fresh copy of the tree and run each of its tests there."""
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(ROOT, tree, ignore=SKIP)
        if not _apply(tree, mutation):
            return [("-", "not applicable (text not found once: update the mutation)", 0.0)]
        # The copy's packages come first on the path, ahead of the editable install.
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
        where = subprocess.run(
            [python, "-c", "import memcurator, store; print(memcurator.__file__, store.__file__)"],
            cwd=tree, env=env, capture_output=True, text=True, check=True,
        ).stdout
        if where.count(str(tree)) != 2:
            raise SystemExit(f"the copy is not what gets imported: {where}")
        results = []
        for test in mutation.tests:
            if not (tree / test.split("::")[0]).exists():
                results.append((test, "test not here", 0.0))
                continue
            began = time.monotonic()
            done = subprocess.run(
                [python, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", test],
                cwd=tree, env=env, capture_output=True, text=True, check=False,
            )
            verdict = {0: "SURVIVED", 1: "caught"}.get(done.returncode, f"error {done.returncode}")
            if done.returncode not in (0, 1):
                sys.stderr.write(done.stdout[-2000:] + done.stderr[-2000:])
            results.append((test, verdict, time.monotonic() - began))
        return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="run the mutations whose name contains these")
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    args = parser.parse_args()
    chosen = [
        m for m in MUTATIONS if not args.only or any(word in m.name for word in args.only)
    ]
    if args.list:
        for m in chosen:
            print(f"{m.name}\n    {m.file}  ->  {', '.join(m.tests)}")
        return 0
    survived = 0
    for mutation in chosen:
        for test, verdict, seconds in run_one(mutation, sys.executable):
            survived += verdict == "SURVIVED"
            print(f"{verdict:<24} {mutation.name}  [{test}]  {seconds:.0f}s", flush=True)
    return 1 if survived else 0


if __name__ == "__main__":
    raise SystemExit(main())
