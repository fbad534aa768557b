"""The candidate schema: what an agent or extraction step may propose (SPEC "Candidate entry").

Validation here is rule 1 of the gate. Field constraints live on the model so that
``memcurator schema`` publishes exactly what the gate enforces; the few cross-field rules
(fact threshold, type-specific fields) are model validators with messages a person can act on.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from memcurator.privacy import WITHHELD, find_credential, redact

MAX_CONTENT_CHARS = 4000
FACT_THRESHOLD = 0.6

MemoryType = Literal["fact", "summary", "observation"]
SourceKind = Literal["user_message", "tool_result", "document", "system", "agent_inference"]
Sensitivity = Literal["public", "internal", "confidential", "restricted"]
SCOPE_LEVELS = ("org_id", "team_id", "project_id", "user_id", "agent_id")
SENSITIVITY_ORDER: tuple[Sensitivity, ...] = ("public", "internal", "confidential", "restricted")

_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,127}$"


# C0 and C1 controls except tab, newline and carriage return, and lone surrogates.
_FORBIDDEN_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def _no_control_or_surrogates(text: str) -> str:
    """Refuse characters no store or terminal should receive (NUL, escapes, lone surrogates)."""
    bad = _FORBIDDEN_CHARS.search(text)
    if bad:
        ch = bad.group(0)
        kind = "unpaired surrogate" if 0xD800 <= ord(ch) <= 0xDFFF else "control character"
        raise ValueError(f"contains {kind} U+{ord(ch):04X}")
    return text


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("is blank")
    return text


Name = Annotated[
    str,
    Field(min_length=1, max_length=200),
    AfterValidator(_not_blank),
    AfterValidator(_no_control_or_surrogates),
]
Identifier = Annotated[str, Field(pattern=_ID_PATTERN)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Scope(_Strict):
    """Who or what the memory is about; at least one level must be given."""

    org_id: Name | None = None
    team_id: Name | None = None
    project_id: Name | None = None
    user_id: Name | None = None
    agent_id: Name | None = None

    @model_validator(mode="after")
    def _at_least_one_level(self) -> Scope:
        if not any(getattr(self, level) for level in SCOPE_LEVELS):
            raise ValueError(f"scope needs at least one of {', '.join(SCOPE_LEVELS)}")
        return self

    def levels(self) -> dict[str, str]:
        """The levels that are set, in canonical order."""
        return {lvl: v for lvl in SCOPE_LEVELS if (v := getattr(self, lvl)) is not None}


class Source(_Strict):
    """Where the candidate came from: the turn that makes it evidence."""

    kind: SourceKind
    ref: Name
    session_id: Name


class Subject(_Strict):
    """The subject key the extractor already knows."""

    entity: Name
    attribute: Name
    value: (
        Annotated[str, Field(max_length=1000), AfterValidator(_no_control_or_surrogates)] | None
    ) = None


class Candidate(_Strict):
    """One proposed memory. Unknown fields are refused so typos do not pass silently."""

    id: Identifier | None = None
    type: MemoryType
    scope: Scope
    content: Annotated[
        str,
        Field(min_length=1, max_length=MAX_CONTENT_CHARS),
        AfterValidator(_not_blank),
        AfterValidator(_no_control_or_surrogates),
    ]
    source: Source
    confidence: Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
    created_at: AwareDatetime
    valid_from: AwareDatetime | None = None
    supersedes: Identifier | None = None
    sensitivity: Sensitivity = "internal"
    subject: Subject | None = None
    task_id: Name | None = None
    links: Annotated[list[Name], Field(max_length=200)] | None = None
    tool: Name | None = None
    symptom: Name | None = None
    # The seed's example carries "status": accepted for compatibility, but the store sets it.
    status: Literal["active"] | None = Field(default=None, exclude=True)

    @model_validator(mode="after")
    def _type_rules(self) -> Candidate:
        if self.type == "fact" and self.confidence < FACT_THRESHOLD:
            raise ValueError(
                f"confidence {self.confidence:g} is below the fact threshold {FACT_THRESHOLD:g}"
            )
        if self.type == "summary" and not self.task_id:
            raise ValueError("a summary needs task_id (the task it records)")
        if self.type == "observation" and not (self.tool and self.symptom):
            raise ValueError("an observation needs tool and symptom")
        return self


def candidate_json_schema() -> dict[str, Any]:
    """The JSON Schema an extraction prompt can use for structured output."""
    schema = Candidate.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "memcurator candidate memory"
    schema["description"] = (
        "One candidate memory for the memcurator write gate. Facts need confidence >= "
        f"{FACT_THRESHOLD}; summaries need task_id; observations need tool and symptom. "
        "Timestamps are RFC 3339 with an offset."
    )
    return schema


_PYDANTIC_PREFIXES = re.compile(r"^(Value error|Assertion failed), ")


def describe_validation_error(error: ValidationError, limit: int = 3) -> str:
    """One line naming each problem: ``confidence: must be <= 1 (got 1.7)``.

    Input is quoted only after it has been screened whole for credentials and personal data
    (a quote cut at 60 characters would hide a credential from the screen), field names
    included; values of unknown fields and of unparseable lines are never quoted.
    """
    parts = []
    for item in error.errors(include_url=False)[:limit]:
        loc = ".".join(_screened(str(p)) for p in item["loc"] if not str(p).startswith("function-"))
        msg = _PYDANTIC_PREFIXES.sub("", item["msg"])
        got = item.get("input")
        quoted = item["type"] not in _UNQUOTED and not (isinstance(got, dict | list) or got is None)
        shown = f" (got {_short(got)})" if quoted else ""
        parts.append(f"{loc}: {msg}{shown}" if loc else f"{msg}{shown}")
    extra = error.error_count() - limit
    if extra > 0:
        parts.append(f"and {extra} more")
    return "; ".join(parts)


# Nothing to show for a missing field; an unknown field's value and an unparseable line's
# text are withheld from messages (the log keeps a screened copy of the line instead).
_UNQUOTED = frozenset({"missing", "extra_forbidden", "json_invalid", "json_type"})


def _screened(text: str) -> str:
    """Text safe to quote: withheld if it holds a credential, personal data redacted."""
    if find_credential(text):
        return WITHHELD
    return redact(text)[0]


def _short(value: Any, width: int = 60) -> str:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str) and find_credential(value):
        return WITHHELD  # screened before repr() escapes newlines inside a key block
    text = json.dumps(value, ensure_ascii=True) if not isinstance(value, str) else repr(value)
    text = _screened(text)
    return text if len(text) <= width else text[: width - 1] + "…"
