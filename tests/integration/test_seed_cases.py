"""The seed's cases for rules 4 and 5, end to end through the CLI, on both stores."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

CLI = [sys.executable, "-m", "memcurator"]
USER = {"org_id": "acme", "team_id": "payments", "user_id": "u_1"}
TEAM = {"org_id": "acme", "team_id": "payments"}


def fact(
    cid: str,
    content: str,
    when: str,
    scope: dict[str, str] = USER,
    subject: dict[str, str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": cid,
        "type": "fact",
        "scope": scope,
        "content": content,
        "source": {"kind": "user_message", "ref": f"turn_{cid}", "session_id": f"s_{cid}"},
        "confidence": 0.9,
        "created_at": when,
        **extra,
    }
    if subject:
        data["subject"] = subject
    return data


class Cli:
    def __init__(self, url: str, tmp: Path) -> None:
        self.env = {**os.environ, "MEMCURATOR_DATABASE_URL": url}
        self.tmp = tmp
        self("init")

    def __call__(self, *args: str) -> str:
        result = subprocess.run(
            [*CLI, *args], env=self.env, capture_output=True, text=True, timeout=120
        )
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        return result.stdout

    def ingest(self, *candidates: dict[str, Any]) -> dict[str, int]:
        path = self.tmp / f"batch_{len(list(self.tmp.iterdir()))}.jsonl"
        path.write_text("".join(json.dumps(c) + "\n" for c in candidates))
        return json.loads(self("ingest", "--json", str(path)))  # type: ignore[no-any-return]

    def lines(self, *args: str) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self(*args).splitlines()]


def scope_args(scope: dict[str, str]) -> list[str]:
    return [arg for k, v in scope.items() for arg in ("--scope", f"{k}={v}")]


def test_a_shellfish_allergy_and_cant_eat_shrimp_are_consolidated(
    store_url: str, tmp_path: Path
) -> None:
    cli = Cli(store_url, tmp_path)
    counts = cli.ingest(
        fact("jan", "I'm allergic to shellfish", "2025-01-10T09:00:00Z"),
        fact("mar", "I can't eat shrimp", "2025-03-12T09:00:00Z"),
    )
    assert counts["inserted"] == 1 and counts["refined"] == 1
    (entry,) = cli.lines("export", *scope_args(USER))
    assert entry["evidence"] == 2 and entry["id"] == "jan"
    assert "shellfish" in entry["content"] and "shrimp" in entry["content"]
    assert entry["created_at"] == "2025-01-10T09:00:00Z"  # kept from the first statement
    trace = json.loads(cli("trace", "mar"))  # the merged candidate leads to its entry
    assert [t["memory_id"] for t in trace["source_turns"]] == ["jan", "mar"]
    assert [e["action"] for e in trace["log"]] == ["inserted", "refined"]


def test_window_then_aisle_is_a_conflict_and_the_newer_wins(store_url: str, tmp_path: Path) -> None:
    cli = Cli(store_url, tmp_path)
    cli.ingest(
        fact("w", "Prefers window seats", "2025-01-05T09:00:00Z"),
        fact("a", "Prefers aisle seats", "2025-04-02T09:00:00Z"),
    )
    entries = {e["id"]: e for e in cli.lines("export", "--status", "all")}
    assert entries["w"]["status"] == "superseded" and entries["w"]["superseded_by"] == "a"
    assert entries["w"]["valid_to"] == "2025-04-02T09:00:00Z"
    assert entries["a"]["status"] == "active" and entries["a"]["valid_to"] is None
    chain = json.loads(cli("trace", "a"))["supersedes"]
    assert [c["id"] for c in chain] == ["w"]


def test_python_until_march_then_rust_answers_as_of_queries(store_url: str, tmp_path: Path) -> None:
    cli = Cli(store_url, tmp_path)
    # Rust arrives first: a backfill. The history must be the one in-order arrival gives.
    cli.ingest(fact("rust", "Prefers Rust for new projects", "2025-03-01T00:00:00Z"))
    cli.ingest(fact("py", "Prefers Python for new projects", "2024-11-01T00:00:00Z"))
    feb = cli.lines("as-of", *scope_args(USER), "--at", "2025-02-15T00:00:00Z")
    apr = cli.lines("as-of", *scope_args(USER), "--at", "2025-04-15T00:00:00Z")
    assert [e["content"] for e in feb] == ["Prefers Python for new projects"]
    assert [e["content"] for e in apr] == ["Prefers Rust for new projects"]
    py = next(e for e in cli.lines("export", "--status", "all") if e["id"] == "py")
    assert py["status"] == "superseded" and py["valid_to"] == "2025-03-01T00:00:00Z"
    log = cli.lines("log", "--memory", "py", "--action", "superseded")
    assert "arrived after its successor" in log[0]["reason"]


def test_a_team_convention_survives_one_users_contrary_preference(
    store_url: str, tmp_path: Path
) -> None:
    cli = Cli(store_url, tmp_path)
    cli.ingest(
        fact(
            "team_tabs",
            "The payments team indents with tabs",
            "2024-06-01T09:00:00Z",
            scope=TEAM,
            subject={"entity": "payments", "attribute": "indentation", "value": "tabs"},
        ),
        fact(
            "u1_spaces",
            "I indent with spaces",
            "2025-06-01T08:00:00Z",
            subject={"entity": "u_1", "attribute": "indentation", "value": "spaces"},
        ),
    )
    active = {e["id"] for e in cli.lines("export")}
    assert active == {"team_tabs", "u1_spaces"}  # different scopes: nothing superseded
    view = cli.lines("recall", *scope_args(USER), "--explain")
    (top,) = [e for e in view if e["subject_key"].endswith("/indentation")]
    assert top["id"] == "u1_spaces"
    assert [s["id"] for s in top["shadows"]] == ["team_tabs"]
    team_view = cli.lines("recall", *scope_args(TEAM))
    assert [e["id"] for e in team_view] == ["team_tabs"]


def test_explicit_supersedes_is_honoured_inside_a_key_and_explained_outside(
    store_url: str, tmp_path: Path
) -> None:
    cli = Cli(store_url, tmp_path)
    cli.ingest(
        fact("old", "Prefers window seats", "2025-01-05T09:00:00Z"),
        # A refinement would be merged into "old"; the explicit link makes it a new version.
        fact(
            "new", "Prefers window seats, over the wing", "2025-01-06T09:00:00Z", supersedes="old"
        ),
        fact("elsewhere", "Prefers direct flights", "2025-02-01T09:00:00Z", supersedes="old"),
    )
    entries = {e["id"]: e for e in cli.lines("export", "--status", "all")}
    assert entries["old"]["status"] == "superseded" and entries["old"]["superseded_by"] == "new"
    (note,) = [r for r in cli.lines("log", "--memory", "elsewhere")]
    assert "supersedes old not applied" in note["reason"]
