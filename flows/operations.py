"""Flows for scheduled imports of candidate files and for the periodic sample audit.

Like the nightly pass, they read the store's URL from the settings or a Secret block, never
from a parameter (Prefect records parameters; a URL carries a password)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prefect import flow
from prefect.artifacts import create_markdown_artifact, create_table_artifact

from memcurator.settings import Settings
from store.engine import require_current_schema
from tasks.common import with_retries
from tasks.operations import ingest_file, sample_for_audit
from tasks.secrets import store_engine


@flow(name="ingest", flow_run_name="ingest-{path}", validate_parameters=True)
def ingest(path: str, batch_size: int | None = None) -> dict[str, Any]:
    """Run a JSON Lines file of candidates through the gate (a re-run is a no-op)."""
    settings = Settings()
    require_current_schema(store_engine())
    if not Path(path).is_file():
        raise FileNotFoundError(f"no such candidate file: {path}")
    counts = with_retries(ingest_file)(path, batch_size or settings.batch_size)
    create_table_artifact(
        key="ingest",
        table=[{"outcome": k, "count": v} for k, v in counts.items()],
        description=f"Candidates from {path}",
    )
    return counts


@flow(name="audit", flow_run_name="audit", validate_parameters=True)
def audit(per_type: int = 20, seed: int | None = None) -> dict[str, Any]:
    """Sample active entries per type for a person to check; publish it with the rates."""
    require_current_schema(store_engine())
    found = with_retries(sample_for_audit)(per_type, seed)
    lines = [
        "# Sample audit",
        "",
        "Check each entry against its source turn, then record the verdict with "
        "`memcurator audit mark ID correct|wrong`.",
        "",
        "| id | type | content | source |",
        "|---|---|---|---|",
    ]
    for e in found["sample"]:
        content = e["content"].replace("|", "\\|").replace("\n", " ")[:120]
        lines.append(
            f"| {e['id']} | {e['type']} | {content} | {e['source']['kind']} "
            f"{e['source']['ref']} ({e['source']['session_id']}) |"
        )
    create_markdown_artifact(key="audit-sample", markdown="\n".join(lines))
    create_table_artifact(
        key="audit-wrong-rate",
        table=found["report"] or [{"type": "-", "audited": 0, "wrong": 0, "wrong_rate": 0}],
        description="Wrong-entry rate per type (latest verdict per entry)",
    )
    return {"sampled": len(found["sample"]), "report": found["report"], "drops": found["drops"]}
