"""The candidate schema: what an agent or extraction step may propose (SPEC "Candidate entry").

Validation here is rule 1 of the gate. Field constraints live on the model so that
``memcurator schema`` publishes exactly what the gate enforces; the few cross-field rules
(fact threshold, type-specific fields) are model validators with messages a person can act on.
"""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    model_validator,
)

from memcurator.keys import normalise_key_part
from memcurator.privacy import WITHHELD, find_credential, redact
from memcurator.vocabulary import CONTROL_OR_SURROGATE, MemoryType, Sensitivity, SourceKind, Status

MAX_CONTENT_CHARS = 4000
FACT_THRESHOLD = 0.6

SCOPE_LEVELS = ("org_id", "team_id", "project_id", "user_id", "agent_id")

_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,127}$"

# What the store keeps of a scope and a subject key, measured as the store measures it: the
# column lengths (characters) and, because both are indexed, PostgreSQL's limit on one btree
# index row (2704 bytes for scope_key + subject_key + type/status): 1200 + 1200 bytes fits.
# A subject key is a prefix and two normalised parts (NFKC, case-folded: "ß" becomes "ss"),
# each part from a scope level, a subject, a tool or a symptom: 2 x 240 characters fit in 500.
MAX_SCOPE_KEY_CHARS = 1100
MAX_KEY_BYTES = 1200
MAX_KEY_PART_CHARS = 240
MAX_KEY_PART_BYTES = 580

# RFC 3339 section 5.6 date-time: "T" (or "t") between date and time, seconds required, and an
# offset that is "Z"/"z" or +hh:mm. A Unix time, "+0530" or no offset at all is refused.
_RFC3339 = re.compile(
    r"\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})"
)


def _no_control_or_surrogates(text: str) -> str:
    """Refuse characters no store or terminal should receive (NUL, escapes, lone surrogates)."""
    bad = CONTROL_OR_SURROGATE.search(text)
    if bad:
        ch = bad.group(0)
        kind = "unpaired surrogate" if 0xD800 <= ord(ch) <= 0xDFFF else "control character"
        raise ValueError(f"contains {kind} U+{ord(ch):04X}")
    return text


# Characters that show nothing on their own: format characters (zero-width space and joiners,
# the byte order mark, a soft hyphen, tag characters), combining marks with nothing to mark,
# spaces and separators, and the fillers that render as blank (Hangul, braille).
_SHOWS_NOTHING = frozenset({"Cf", "Mn", "Me", "Mc", "Zs", "Zl", "Zp", "Cc"})
_BLANK_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _visible(char: str) -> bool:
    return unicodedata.category(char) not in _SHOWS_NOTHING and char not in _BLANK_FILLERS


def _not_blank(text: str) -> str:
    """Refuse a text with nothing to read: empty, white space, or only characters that show
    nothing ("\u200b\u200b" was stored as a fact and handed to agents by recall)."""
    if not any(map(_visible, text)):
        raise ValueError("is blank")
    return text


Name = Annotated[
    str,
    Field(min_length=1, max_length=200),
    AfterValidator(_not_blank),
    AfterValidator(_no_control_or_surrogates),
]
Identifier = Annotated[str, Field(pattern=_ID_PATTERN)]


def _fits_a_key(text: str) -> str:
    """Refuse a name whose normalised form (as subject keys hold it) would not fit the store."""
    part = normalise_key_part(text)
    size = len(part.encode("utf-8"))
    if len(part) > MAX_KEY_PART_CHARS or size > MAX_KEY_PART_BYTES:
        raise ValueError(
            f"is too long once normalised for a key ({len(part)} characters, {size} bytes; at "
            f"most {MAX_KEY_PART_CHARS} characters and {MAX_KEY_PART_BYTES} bytes)"
        )
    return text


# A name that may become part of a subject key (scope levels, subject, tool, symptom).
KeyName = Annotated[Name, AfterValidator(_fits_a_key)]


def _rfc3339(value: Any) -> Any:
    """Parse an RFC 3339 string here: pydantic's own parser also takes Unix times, "+0530",
    a space for "T" and missing seconds. Instants outside years 1-9999 in UTC are refused
    (no store or reader could hold them). Anything not a string is left to pydantic."""
    if not isinstance(value, str):
        return value
    if not _RFC3339.fullmatch(value):
        raise ValueError(
            "must be an RFC 3339 timestamp with an offset, such as 2025-03-04T10:12:00Z"
        )
    try:
        moment = datetime.fromisoformat(value.upper())
    except ValueError as exc:
        raise ValueError(f"is not a valid date and time ({exc})") from None
    try:
        moment.astimezone(UTC)
    except OverflowError:
        raise ValueError("is outside years 1-9999 once converted to UTC") from None
    return moment


Timestamp = Annotated[
    AwareDatetime,
    BeforeValidator(_rfc3339),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]


def canonical_scope_key(levels: dict[str, str]) -> str:
    """The text form of a scope the store compares and indexes (levels in SPEC order)."""
    return json.dumps(levels, separators=(",", ":"), ensure_ascii=False)


def _check_stored_length(name: str, text: str, max_chars: int) -> None:
    size = len(text.encode("utf-8"))
    if len(text) > max_chars or size > MAX_KEY_BYTES:
        raise ValueError(
            f"{name} is too long as stored ({len(text)} characters, {size} bytes; at most "
            f"{max_chars} characters and {MAX_KEY_BYTES} bytes with its JSON escaping)"
        )


def _words(vocabulary: type[StrEnum], title: str) -> tuple[Any, ...]:
    """A field holding one word of ``vocabulary``: given as its string (the model is strict
    otherwise, and would want the enum member), published as a plain list of the words."""
    words = [w.value for w in vocabulary]
    return (Field(strict=False, title=title), WithJsonSchema({"enum": words, "type": "string"}))


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Scope(_Strict):
    """Who or what the memory is about; at least one level must be given."""

    org_id: KeyName | None = None
    team_id: KeyName | None = None
    project_id: KeyName | None = None
    user_id: KeyName | None = None
    agent_id: KeyName | None = None

    @model_validator(mode="after")
    def _at_least_one_level(self) -> Scope:
        if not any(getattr(self, level) for level in SCOPE_LEVELS):
            raise ValueError(f"scope needs at least one of {', '.join(SCOPE_LEVELS)}")
        return self

    @model_validator(mode="after")
    def _fits_the_store(self) -> Scope:
        _check_stored_length("scope", canonical_scope_key(self.levels()), MAX_SCOPE_KEY_CHARS)
        return self

    def levels(self) -> dict[str, str]:
        """The levels that are set, in canonical order."""
        return {lvl: v for lvl in SCOPE_LEVELS if (v := getattr(self, lvl)) is not None}


class Source(_Strict):
    """Where the candidate came from: the turn that makes it evidence."""

    kind: Annotated[SourceKind, *_words(SourceKind, "Kind")]
    ref: Name
    session_id: Name


class Subject(_Strict):
    """The subject key the extractor already knows."""

    entity: KeyName
    attribute: KeyName
    value: (
        Annotated[str, Field(max_length=1000), AfterValidator(_no_control_or_surrogates)] | None
    ) = None


def _active_only(value: Any) -> Any:
    """A candidate's ``status`` may only say what the store sets ("active"); named plainly, not
    as pydantic's repr of the enum member."""
    if value is None or value == Status.ACTIVE.value:
        return value
    raise ValueError(f"a candidate can only be {Status.ACTIVE.value!r} (the store sets it)")


class Candidate(_Strict):
    """One proposed memory. Unknown fields are refused so typos do not pass silently."""

    id: Identifier | None = None
    type: Annotated[MemoryType, *_words(MemoryType, "Type")]
    scope: Scope
    content: Annotated[
        str,
        Field(min_length=1, max_length=MAX_CONTENT_CHARS),
        AfterValidator(_not_blank),
        AfterValidator(_no_control_or_surrogates),
    ]
    source: Source
    confidence: Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
    created_at: Timestamp
    valid_from: Timestamp | None = None
    supersedes: Identifier | None = None
    sensitivity: Annotated[Sensitivity, *_words(Sensitivity, "Sensitivity")] = Sensitivity.INTERNAL
    subject: Subject | None = None
    task_id: Name | None = None
    links: Annotated[list[Name], Field(max_length=200)] | None = None
    tool: KeyName | None = None
    symptom: KeyName | None = None
    # The seed's example carries "status": accepted for compatibility, but the store sets it.
    status: Annotated[Literal[Status.ACTIVE] | None, BeforeValidator(_active_only)] = Field(
        default=None, exclude=True
    )

    @model_validator(mode="after")
    def _type_rules(self) -> Candidate:
        if self.type == MemoryType.FACT and self.confidence < FACT_THRESHOLD:
            raise ValueError(
                f"confidence {self.confidence:g} is below the fact threshold {FACT_THRESHOLD:g}"
            )
        if self.type == MemoryType.SUMMARY and not self.task_id:
            raise ValueError("a summary needs task_id (the task it records)")
        if self.type == MemoryType.OBSERVATION and not (self.tool and self.symptom):
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


class _GivenTwice(ValueError):
    """A key repeated inside one JSON object."""


def _refuse_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _GivenTwice(key)
        found[key] = value
    return found


# A key as the raw line spells it. Every key of the schema is a plain name and no two of its
# objects share one, so a line with no name spelled twice and no "\u" escape (the one way to
# spell a name differently) names no key twice; only the others are parsed again.
_KEY_SPELLING = re.compile(rb'"([A-Za-z_]+)"[ \t\r\n]*:')


def key_given_twice(data: bytes) -> str | None:
    """The reason to refuse a line whose object names a key twice, or None. Readers differ on
    which value such a line means (the schema's parser keeps the last, others the first or
    refuse it): storing either would be a guess."""
    if b"\\u" not in data:
        spelled = _KEY_SPELLING.findall(data)
        if len(spelled) == len(set(spelled)):
            return None
    try:
        json.loads(data, object_pairs_hook=_refuse_repeats)
    except _GivenTwice as exc:
        # The line passed the schema, which refuses unknown keys: the name is a field's.
        return f'"{exc.args[0]}" given twice in one object: ambiguous, so refused'
    except (ValueError, RecursionError):
        return None  # what the schema's parser read, Python's may not: not this rule's call
    return None
