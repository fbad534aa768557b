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
