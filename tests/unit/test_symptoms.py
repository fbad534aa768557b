"""Observation keys that survive wording: one failure worded many ways is one key (symptoms.py).

The wordings below are development examples written for these tests, not the bench's banks.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcurator.aliases import TOOL_ALIASES
from memcurator.keys import legacy_observation_key, observation_key, subject_key, tool_key
from memcurator.symptoms import (
    ANY_TOOL,
    canonical_tool,
    explain_observation_key,
    new_entry_reason,
    same_failure_reason,
    symptom_class,
    telling_words,
    tool_reading,
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
    ("disk_full", ["no space left on device", "ENOSPC", "disk full", "SD card full",
                   "data volume at 100%", "0 bytes free on /var"]),
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


# --- more wordings of one failure, as people and tools write them -------------------------------

MORE_WORDINGS = [
    ("timeout", ["the query just hung", "request never came back", "it took forever to answer",
                 "the job is stuck and never completes", "server not responding",
                 "got no response from the upstream", "spun indefinitely", "TimeoutError",
                 "gateway time-out", "HTTP 504", "gave up waiting after 90 s",
                 "the export ran longer than allowed", "time limit exceeded"]),
    ("refused", ["connection reset by peer", "read ECONNRESET", "could not connect to server",
                 "no route to host", "the daemon is not running", "socket: broken pipe",
                 "server closed the connection unexpectedly", "lost connection to the db",
                 "nobody listening on 5432", "port 8443 is closed"]),
    ("not_found", ["ENOENT: open config.yml", "no such file or directory", "npm ERR! code E404",
                   "the table doesn't exist", "couldn't find the bucket", "NoSuchKey",
                   "Error from server (NotFound)", "No module named yaml", "binary not installed"]),
    ("permission", ["got a 403 back", "403s from the registry", "Permission denied (publickey)",
                    "AccessDenied when writing", "user is not authorized to perform this",
                    "insufficient privileges on schema", "must be root to do that",
                    "read access was rejected for bucket logs"]),
    ("out_of_memory", ["OOM-killed", "pod was oom killed again", "exited with code 137",
                       "ran out of memory on the build box", "Java OutOfMemoryError",
                       "container exceeded its memory limit", "std::bad_alloc",
                       "could not allocate 2 GB"]),
    ("rate_limit", ["throttled again", "hit a 429", "E429 from the registry",
                    "secondary rate-limit triggered", "request quota used up",
                    "SlowDown: reduce the request rate", "hit the monthly send limit",
                    "export limit of 10k rows reached"]),
    ("auth", ["bad credentials", "session expired, log in again", "not logged in",
              "wrong password for app user", "API key was revoked", "unauthenticated"]),
    ("disk_full", ["ran out of disk", "volume is full", "not enough disk space for the image"]),
    ("dns", ["getaddrinfo ENOTFOUND registry.example.com", "could not resolve host github.com",
             "temporary failure in name resolution", "NXDOMAIN"]),
    ("tls", ["x509: certificate signed by unknown authority", "TLS handshake failed",
             "self-signed cert in chain"]),
    ("conflict", ["409 Conflict", "duplicate key value violates unique constraint",
                  "EADDRINUSE: port 8080", "branch already exists"]),
    ("bad_input", ["syntax error at or near SELECT", "unexpected token < in JSON",
                   "unknown flag: --forc", "HTTP 400 Bad Request"]),
    ("dependency_conflict", ["npm ERR! code ERESOLVE", "could not resolve dependency tree",
                             "conflicting dependencies for numpy"]),
]


@pytest.mark.parametrize(("kind", "wordings"), MORE_WORDINGS)
def test_more_wordings_of_one_failure_share_its_class(kind: str, wordings: list[str]) -> None:
    assert {w: symptom_class(w)[0] for w in wordings} == {w: kind for w in wordings}


@pytest.mark.parametrize("wording", ["took 500 ms", "scanned 404 rows", "a 503 second run",
                                     "memory limit reached", "size limit exceeded"])
def test_a_number_that_is_a_quantity_is_no_status_code(wording: str) -> None:
    assert symptom_class(wording)[0] not in {"server_error", "not_found", "rate_limit"}


@pytest.mark.parametrize("wording", ["noticeable slowdown", "frozen lockfile", "stale cache"])
def test_a_word_that_only_looks_like_a_class_is_not_read_as_one(wording: str) -> None:
    assert symptom_class(wording)[0] not in {"rate_limit", "timeout"}


# --- one tool, many names ------------------------------------------------------------------------

ONE_TOOL = [
    ("psql", ["psql", "psql 15", "PostgreSQL", "the postgres client", "Postgres CLI 16.2",
              "psql version 15", "postgresql-client"]),
    ("node", ["node v20", "Node.js 20.x", "nodejs", "node20", "the node binary"]),
    ("kubectl", ["kubectl", "k8s", "Kubernetes CLI", "kubectl 1.29", "kubectl apply"]),
    ("gh", ["gh", "GitHub CLI", "the gh command", "gh 2.40"]),
    ("redis", ["redis-cli", "Redis CLI 7.2", "redis"]),
    ("pip", ["pip", "pip3", "pip 24.0", "pip install"]),
    ("aws", ["aws", "AWS CLI v2", "awscli", "the aws command-line tool"]),
    ("az", ["az", "Azure CLI", "az cli 2.58"]),
    ("gcloud", ["gcloud", "Google Cloud SDK", "gcloud CLI"]),
    ("docker", ["docker", "Docker Engine", "docker 24.0.7", "the docker daemon", "docker build"]),
    ("terraform", ["terraform", "Terraform 1.6", "terraform apply", "terraform CLI"]),
    ("pytest", ["pytest", "py.test", "pytest 8"]),
    ("mongosh", ["mongosh", "mongo shell", "MongoDB shell 2.1"]),
    ("ssh", ["ssh", "OpenSSH client", "the ssh client"]),
    ("git", ["git", "git push", "git 2.43", "the git CLI"]),
    ("thumbnail", ["thumbnail service", "the thumbnail worker", "Thumbnail job", "thumbnail"]),
]


@pytest.mark.parametrize(("canonical", "names"), ONE_TOOL)
def test_one_tool_in_varied_wording_gets_one_name(canonical: str, names: list[str]) -> None:
    assert {n: canonical_tool(n) for n in names} == {n: canonical for n in names}
    keys = {observation_key(n, "connection timed out") for n in names}
    assert keys == {f"obs:{canonical}/timeout"}


def test_the_alias_table_names_at_least_35_tools_and_each_name_reads_as_its_tool() -> None:
    assert len(set(TOOL_ALIASES.values())) >= 35
    for variant, canonical in TOOL_ALIASES.items():
        assert canonical_tool(variant) == canonical, variant
        assert canonical_tool(f"the {variant} CLI v3.1") == canonical, variant


@pytest.mark.parametrize("pair", [("postgres replica", "psql"), ("docker compose", "docker"),
                                  ("aws s3", "aws"), ("github", "gh"), ("search update", "search"),
                                  ("mysql", "psql"), ("jest", "pytest"), ("helm", "kubectl")])
def test_different_tools_or_parts_of_a_system_keep_their_own_names(pair: tuple[str, str]) -> None:
    a, b = pair
    assert canonical_tool(a) != canonical_tool(b)


def test_a_name_that_is_only_a_generic_word_or_a_version_is_kept() -> None:
    assert canonical_tool("the CLI") == "cli"
    assert canonical_tool("the service") == "service"
    assert canonical_tool("v2") == "v2"
    assert canonical_tool("version 15") == "version_15"


def test_the_reading_says_what_was_dropped_and_which_other_name_was_read() -> None:
    reading = tool_reading("PostgreSQL 15 client")
    assert reading.name == "psql"
    assert reading.explain("PostgreSQL 15 client") == (
        "tool 'PostgreSQL 15 client' read as psql "
        "(dropped '15', 'client'; 'postgresql' is another name of psql)"
    )
    assert tool_reading("psql").explain("psql") == "tool 'psql' read as psql"


class _Entry:
    type = "observation"

    def __init__(self, tool: str, symptom: str) -> None:
        self.tool, self.symptom = tool, symptom
        self.subject_key = observation_key(tool, symptom)


def test_the_log_row_of_a_new_observation_names_the_canonical_tool() -> None:
    reason = new_entry_reason(_Entry("the Postgres CLI 16", "query never returned"))
    assert reason.startswith("new observation entry under obs:psql/timeout")
    assert "read as psql" in reason
    assert "classed as timeout ('never returned')" in reason
    merged = same_failure_reason(observation_key("Postgres CLI 16", "hung"))
    assert merged == "same failure: tool psql, symptom class timeout (key obs:psql/timeout)"


# A message particular enough to name one failure on its own, under the names one tool goes by
# in one team (none of them in the alias table).
TELLING = [
    ("ledger-sync nightly export", 'invoice batch 2231 left in state "pending_review"'),
    ("the accounts bridge", 'invoice batch 2231 left in state "pending_review"'),
    ("LedgerSync", 'Invoice batch 2231 left in state "pending_review".'),
]


def test_a_telling_symptom_is_one_key_under_any_name_of_its_tool() -> None:
    keys = {observation_key(tool, symptom) for tool, symptom in TELLING}
    assert keys == {"obs:any_tool/invoice_batch_2231_left_in_state_pending_review"}
    assert tool_key(TELLING[0][0]) != tool_key(TELLING[1][0])  # topics still go by tool


@pytest.mark.parametrize(
    "symptom",
    [
        "stale cache entries",  # three words of its own, nothing particular
        "build failed",
        "the job failed with errors",
        "process exited with non-zero status",
        "exit code 1",
        "step 3 failed",
        "missed the cut-off",  # a hyphen is not an identifier
        "vet's rota blank",  # nor an apostrophe
    ],
)
def test_a_plain_symptom_keeps_its_tool(symptom: str) -> None:
    assert symptom_class(symptom) == ("", "")
    assert telling_words(symptom) == ()
    assert observation_key("cron", symptom) != observation_key("airflow", symptom)


@pytest.mark.parametrize(
    "symptom",
    [
        "label printer queue holds 14 jobs since lunch",
        "warehouse feed rejected SKU AB-7731",
        "webhook for order_created never acknowledged by the storefront",
        'column "tax_region" dropped from the upload template',
        "thumbnail renderer skipped every portrait photo from the shoot",
    ],
)
def test_a_telling_symptom_drops_the_tool(symptom: str) -> None:
    assert symptom_class(symptom) == ("", "")
    assert len(telling_words(symptom)) >= 3
    assert observation_key("cron", symptom) == observation_key("airflow", symptom)
    assert observation_key("cron", symptom).startswith(f"obs:{ANY_TOOL}/")


def test_a_classed_symptom_keeps_its_tool_however_particular() -> None:
    symptom = "connection to warehouse-db-7 timed out after 30 s"
    assert observation_key("psql", symptom) == "obs:psql/timeout"
    assert observation_key("redis-cli", symptom) == "obs:redis/timeout"


def test_a_telling_key_is_explained_and_its_older_spelling_known() -> None:
    tool, symptom = TELLING[1]
    reason = explain_observation_key(tool, symptom)
    assert "fits no class, kept as invoice_batch_2231_left_in_state_pending_review" in reason
    assert "particular enough to name one failure whatever the tool's name" in reason
    assert "(invoice, batch, left, state, ...)" in reason
    assert "keyed for any_tool (the tool, 'the accounts bridge', stays on the entry)" in reason
    key = observation_key(tool, symptom)
    assert legacy_observation_key(key, tool) == (
        "obs:accounts_bridge/invoice_batch_2231_left_in_state_pending_review"
    )
    assert legacy_observation_key(key, None) is None
    assert legacy_observation_key("obs:psql/timeout", "psql") is None


@given(st.text(max_size=80), st.text(max_size=30), st.text(max_size=30))
def test_whether_a_key_names_its_tool_depends_on_the_symptom_alone(
    symptom: str, one: str, other: str
) -> None:
    a, b = observation_key(one, symptom), observation_key(other, symptom)
    if telling_words(symptom) and not symptom_class(symptom)[0]:
        assert a == b
    else:
        assert not a.startswith(f"obs:{ANY_TOOL}/") or canonical_tool(one) == ANY_TOOL


def test_a_telling_key_says_its_observations_are_one_failure() -> None:
    key = observation_key(*TELLING[0])
    assert same_failure_reason(key) == (
        "same failure: the same particular symptom, whatever the tool's name (key "
        "obs:any_tool/invoice_batch_2231_left_in_state_pending_review)"
    )


@pytest.mark.parametrize("wording", ["cpu at 100%", "took 100% of a core", "card declined"])
def test_a_full_percentage_or_a_card_is_not_a_full_disk(wording: str) -> None:
    assert symptom_class(wording)[0] != "disk_full"


def test_a_new_observation_that_refused_an_open_one_says_so() -> None:
    entry = _Entry("deploy", "build failed")
    refused = new_entry_reason(entry, refused="unrelated: no shared words")
    assert refused.startswith(
        "new observation entry under obs:deploy/build_failed: an observation under this key is "
        "open in this scope, but the words read as another failure (unrelated: no shared words)"
    )
    assert "no observation under this key was open" in new_entry_reason(entry)
