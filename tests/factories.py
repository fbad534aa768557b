"""Test data in one place: candidates with random suffixes, overridable field by field."""

from __future__ import annotations

import json
import uuid
from typing import Any


def suffix() -> str:
    return uuid.uuid4().hex[:8]


def candidate(**overrides: Any) -> dict[str, Any]:
    """A valid fact candidate; keyword arguments replace (or, with None, remove) fields."""
    data: dict[str, Any] = {
        "id": f"c_{suffix()}",
        "type": "fact",
        "scope": {"org_id": "acme", "user_id": f"u_{suffix()}"},
        "content": "The user is vegetarian",
        "source": {"kind": "user_message", "ref": "turn_47", "session_id": f"s_{suffix()}"},
        "confidence": 0.9,
        "created_at": "2025-03-04T10:12:00Z",
    }
    for key, value in overrides.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def line(**overrides: Any) -> bytes:
    """A candidate as one JSON Lines record."""
    return json.dumps(candidate(**overrides)).encode()


def observation(
    user: str,
    session: str,
    at: str,
    *,
    content: str = "psql timed out connecting to replica-2",
    tool: str | None = "psql",
    symptom: str | None = "timeout",
    kind: str = "tool_result",
    **overrides: Any,
) -> dict[str, Any]:
    """An observation candidate for ``user``, seen in ``session`` at ``at`` (RFC 3339)."""
    data = candidate(
        type="observation",
        scope={"org_id": "acme", "user_id": user},
        content=content,
        source={"kind": kind, "ref": f"turn_{suffix()}", "session_id": session},
        confidence=0.8,
        created_at=at,
        **overrides,
    )
    if tool:
        data["tool"] = tool
    if symptom:
        data["symptom"] = symptom
    return data
