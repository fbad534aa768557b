"""Observation keys that survive wording: one failure worded many ways is one key (symptoms.py).

The wordings below are development examples written for these tests, not the bench's banks.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcurator.keys import observation_key, subject_key, tool_key
from memcurator.symptoms import (
    canonical_tool,
    explain_observation_key,
    same_failure_reason,
    symptom_class,
    unmerged_observation_reason,
)

SAME_FAILURE = [
    (
        "timeout",
        [
            "timeout after 30 s",
            "Timed out",
            "connection timed out on replica-2",
            "read timeout (60000 ms)",
            "context deadline exceeded",
            "ETIMEDOUT",
        ],
    ),
    (
        "refused",
        ["connection refused", "ECONNREFUSED 10.0.0.4:5432", "server refused the connection"],
    ),
    ("not_found", ["404 Not Found", "relation does not exist", "ENOENT: no such file"]),
    ("permission", ["permission denied", "403 Forbidden", "EACCES writing /var/log"]),
    ("out_of_memory", ["killed: out of memory", "exit 137", "OOMKilled", "java heap space"]),
    ("rate_limit", ["429 Too Many Requests", "rate limited", "throttled by the API"]),
    (
        "auth",
        [
            "401 Unauthorized",
            "authentication failed for user app",
            "token expired",
            "expired API token",
            "credentials were rejected",
        ],
    ),
    (
        "connection_limit",
        [
            "FATAL: sorry, too many clients already: too many connections",
            "max_connections exceeded",
            "connection pool exhausted after 30 waits",
            "remaining connection slots are reserved",
            "no free connections in the pool",
        ],
    ),
    ("crash", ["segfault in worker", "panic: nil map", "process crashed", "core dumped"]),
    ("disk_full", ["no space left on device", "ENOSPC", "disk full"]),
]


@pytest.mark.parametrize(("kind", "wordings"), SAME_FAILURE)
def test_each_wording_of_one_failure_gets_the_same_class_and_key(
    kind: str, wordings: list[str]
) -> None:
    assert {symptom_class(w)[0] for w in wordings} == {kind}
    assert {observation_key("psql", w) for w in wordings} == {f"obs:psql/{kind}"}


def test_the_issues_psql_example_shares_one_key() -> None:
    keys = {
        observation_key("psql", "timeout"),
        observation_key("psql", "timed out after 30 s"),
        observation_key("psql", "timeout on replica-2"),
    }
    assert keys == {"obs:psql/timeout"}


def test_different_failures_of_one_tool_keep_different_keys() -> None:
    keys = {observation_key("psql", w) for kinds in SAME_FAILURE for w in kinds[1][:1]}
    assert len(keys) == len(SAME_FAILURE)


@pytest.mark.parametrize(
    ("names", "canonical"),
    [
        (["psql", "PSQL", "psql 15", "psql v15.2", "the psql", "psql@10.0.0.4"], "psql"),
        (["the search API", "Search API", "search-api", "our search API"], "search_api"),
        (["deploy bot", "the deployment bot", "Deploy-Bots"], "deploy_bot"),
        (["postgres replica", "postgres replica-2", "Postgres (replica 3)"], "postgres_replica"),
    ],
)
def test_a_tool_name_drops_case_articles_plurals_versions_and_hosts(
    names: list[str], canonical: str
) -> None:
    assert {canonical_tool(n) for n in names} == {canonical}
    assert {tool_key(n) for n in names} == {canonical}  # the nightly topic reads it the same


def test_different_tools_stay_apart() -> None:
    assert canonical_tool("read replica") != canonical_tool("postgres replica")
    assert canonical_tool("search API") != canonical_tool("payments API")


def test_a_symptom_no_class_fits_keeps_its_own_words() -> None:
    assert observation_key("psql", "Stale cache entries") == "obs:psql/stale_cache_entries"
    assert symptom_class("Stale cache entries") == ("", "")


def test_the_key_is_explained_part_by_part() -> None:
    reason = explain_observation_key("the search API", "connection timed out on replica-2")
    assert "read as search_api" in reason
    assert "classed as timeout ('timed out')" in reason
    assert "fits no class, kept as stale_cache" in explain_observation_key("x", "stale cache")


def test_a_new_entry_says_why_it_joined_no_other() -> None:
    here = ["obs:psql/rate_limit", "obs:redis/timeout", "obs:psql/auth"]
    reason = unmerged_observation_reason("obs:psql/timeout", here)
    assert reason.startswith("no active observation under obs:psql/timeout in this scope")
    assert "psql has other symptoms here (auth, rate_limit): another failure" in reason
    assert "timeout seen with other tools (redis): tools differ" in reason
    assert unmerged_observation_reason("obs:psql/timeout", []) == (
        "no active observation under obs:psql/timeout in this scope"
    )


@given(st.text(min_size=1, max_size=30), st.text(min_size=1, max_size=60))
def test_any_tool_and_symptom_give_a_two_part_key_with_one_slash(tool: str, symptom: str) -> None:
    key = subject_key(memory_type="observation", tool=tool, symptom=symptom)
    assert key is not None and key.startswith("obs:")
    tool_part = key[len("obs:") :].rsplit("/", 1)[0]
    assert "/" not in tool_part
    assert key == observation_key(tool, symptom)


def test_a_classed_key_says_its_observations_are_one_failure_and_an_unclassed_one_does_not() -> (
    None
):
    key = observation_key("the search API", "read timeout")
    assert same_failure_reason(key) == (
        "same failure: tool search_api, symptom class timeout (key obs:search_api/timeout)"
    )
    assert same_failure_reason(observation_key("psql", "stale cache")) is None
