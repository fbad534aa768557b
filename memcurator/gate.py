"""The write gate: rules 1-3 of the policy plus privacy, as a pure function of the input.

``evaluate_line`` takes one raw JSON Lines record and returns a ``Decision``; nothing here
reads a clock, a file or a database. The order of the checks matters:

1. schema (pydantic) - anything malformed is rejected with the reason;
2. privacy - a credential anywhere rejects the candidate and is withheld even from the log;
   personal data in an identifier field rejects it; personal data in free text is redacted
   and the sensitivity raised, before any later rule, log row or index sees the text;
3. transient - conversation-state chatter is rejected;
4. inference - an unconfirmed guess stated as a fact is demoted to an observation below the
   fact threshold.

Every rejection keeps a sanitised copy of what was submitted in its log event, so thresholds
can be tuned with evidence: each value screened whole before anything is cut from it, values of
unknown fields withheld, and nothing of a value a cut-off line leaves incomplete.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, replace
from functools import lru_cache
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from memcurator import privacy
from memcurator.attributes import canonical_attribute
from memcurator.decisions import Decision, LogEvent, NewEntry
from memcurator.ids import content_id, fingerprint
from memcurator.keys import derive_fact_subject, subject_key
from memcurator.raw_lines import complete_part, unescape_json
from memcurator.schema import (
    FACT_THRESHOLD,
    Candidate,
    describe_validation_error,
    key_given_twice,
)
from memcurator.settings import Settings
from memcurator.tenancy import screened_tenant, tenant_of
from memcurator.transient import transient_reason
from memcurator.vocabulary import (
    CONTROL_OR_SURROGATE,
    SENSITIVITY_RANK,
    Action,
    MemoryType,
    Outcome,
    Rule,
    SourceKind,
)

MAX_LOGGED_CHARS = 4000
WITHHELD = privacy.WITHHELD
# A demoted guess keeps its relative strength but always lands below the fact threshold.
DEMOTION_FACTOR = FACT_THRESHOLD - 0.01

# "I think" before a clause hedges it; before a preposition it says how someone thinks or what
# they hold to ("I think in metric", "I believe in code review"): a fact, not a guess. "must be"
# guesses after a pronoun ("it must be the VPN", "she must have been busy"); after a noun it
# states a rule ("Translations must be complete before we ship", "Rental car must be an
# automatic"): a fact.
_HEDGE = re.compile(
    r"\b(probably|possibly|perhaps|maybe|presumably|apparently|likely|unlikely|"
    r"seems?|seemed|appears? to|might|could be|sounds like|"
    r"(?:it|that|this|he|she|they|you|there|which|who)(?:'s)? must (?:have )?be(?:en)?|"
    r"must have been|"
    r"i (?:guess|suppose|assume|suspect|reckon)|i (?:think|believe)(?! (?:in|about|of)\b))\b",
    re.IGNORECASE,
)


def evaluate_line(raw: bytes | str, *, line_no: int | None = None) -> Decision:
    """Judge one JSON Lines record; never raises for any input."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    try:
        candidate = Candidate.model_validate_json(data)
    except ValidationError as exc:
        return _reject_malformed(data, describe_validation_error(exc), line_no)
    twice = key_given_twice(data)
    if twice is not None:
        return _reject_malformed(data, twice, line_no)
    return evaluate_candidate(candidate, line_no=line_no)


def evaluate_candidate(candidate: Candidate, *, line_no: int | None = None) -> Decision:
    """Judge a candidate that already passed schema validation."""
    credential = _find_credential(candidate)
    if credential:
        field_name, kind = credential
        reason = f"credential ({kind}) in {field_name}: withheld"
        return _reject(candidate, Rule.PRIVACY, reason, line_no, withhold=field_name)
    identifying = _personal_data_in_identifiers(candidate)
    if identifying:
        return _reject(candidate, Rule.PRIVACY, identifying, line_no)
    memory_id = candidate.id or _derived_id(candidate)
    candidate, redaction = _redact(candidate, memory_id)
    events = [redaction] if redaction else []
    chatter = transient_reason(candidate.content, learned=_learned_stage())
    if chatter:
        # Already screened and redacted above, so the payload needs no second sanitising pass.
        return _reject(candidate, Rule.TRANSIENT, chatter, line_no, events, screened=True)
    guess = _unconfirmed_inference(candidate)
    outcome = Outcome.ACCEPTED
    if guess:
        candidate = candidate.model_copy(
            update={
                "type": MemoryType.OBSERVATION,
                "confidence": round(candidate.confidence * DEMOTION_FACTOR, 4),
            }
        )
        events.append(LogEvent(Action.DEMOTED, Rule.INFERENCE, guess, memory_id=memory_id))
        outcome = Outcome.DEMOTED
    # Where the entry lands (new, merged, refined, superseded) is decided against the store.
    entry = _new_entry(candidate, memory_id)
    tenant = tenant_of(candidate.scope.levels())
    return Decision(memory_id, outcome, Rule.GATE, entry, tuple(events), line_no, tenant)


def _derived_id(candidate: Candidate) -> str:
    canonical = json.dumps(
        candidate.model_dump(mode="json", exclude={"id", "status"}), sort_keys=True
    ).encode()
    return content_id(candidate.created_at, canonical)


_FREE_TEXT = ("content", "tool", "symptom")
_IDENTIFIERS = ("id", "supersedes", "task_id")


def _text_fields(candidate: Candidate) -> list[tuple[str, str]]:
    fields = [(name, getattr(candidate, name)) for name in _FREE_TEXT]
    if candidate.subject:
        fields += [
            (f"subject.{k}", v)
            for k, v in candidate.subject.model_dump().items()
            if isinstance(v, str)
        ]
    return [(name, value) for name, value in fields if value]


def _identifier_fields(candidate: Candidate) -> list[tuple[str, str]]:
    fields = [(name, getattr(candidate, name)) for name in _IDENTIFIERS]
    fields += [(f"scope.{k}", v) for k, v in candidate.scope.levels().items()]
    fields += [
        ("source.ref", candidate.source.ref),
        ("source.session_id", candidate.source.session_id),
    ]
    fields += [(f"links[{i}]", link) for i, link in enumerate(candidate.links or ())]
    return [(name, value) for name, value in fields if value]


@lru_cache(maxsize=65_536)
def _screen_identifier(value: str) -> tuple[str | None, tuple[str, ...]]:
    """Credential kind and personal-data kinds in one identifier. Scope, session and turn ids
    repeat across thousands of candidates, so the verdict is cached."""
    return privacy.find_credential(value), privacy.redact(value)[1]


def _find_credential(candidate: Candidate) -> tuple[str, str] | None:
    fields = _text_fields(candidate)
    if candidate.subject and candidate.subject.value:
        # attribute "password", value "Hunter22x": a disclosure only when read together.
        subject = candidate.subject
        fields.append(("subject", f"{subject.attribute}: {subject.value}"))
    for name, value in fields:
        kind = privacy.find_credential(value)
        if kind:
            return name, kind
    identifiers = _identifier_fields(candidate)
    for name, value in identifiers:
        kind = _screen_identifier(value)[0]
        if kind:
            return name, kind
    kind = privacy.find_credential(_read_together(candidate, identifiers))
    return (_TOGETHER, kind) if kind else None


_TOGETHER = "fields read together"


def _read_together(candidate: Candidate, identifiers: list[tuple[str, str]]) -> str:
    """Every text of a candidate on one line, as a person reading the record would: a secret
    split across fields (a keyword in one, the value in the next: tool "postgres password" and
    symptom "Zq...!", content "my password is" and the value as source.ref, links
    ["password:", "..."]) is a disclosure only when read together (a review, 2026-12-07)."""
    subject = candidate.subject
    parts = [candidate.content, candidate.source.ref, *(candidate.links or ())]
    if candidate.tool or candidate.symptom:
        parts.append(f"{candidate.tool or ''}: {candidate.symptom or ''}")
    if subject:
        parts += [f"{subject.entity}: {subject.value}", f"{subject.attribute}: {subject.value}"]
    parts += [value for _, value in identifiers]
    return " ".join(part for part in parts if part)


def _personal_data_in_identifiers(candidate: Candidate) -> str | None:
    """Identifiers cannot be redacted without breaking scoping, so personal data there rejects."""
    for name, value in _identifier_fields(candidate):
        kinds = _screen_identifier(value)[1]
        if kinds:
            return f"{name} contains personal data ({', '.join(kinds)}); use an opaque id"
    return None


def _redact(candidate: Candidate, memory_id: str) -> tuple[Candidate, LogEvent | None]:
    changes: dict[str, Any] = {}
    subject_changes: dict[str, str] = {}
    found: set[str] = set()
    touched: list[str] = []
    for name, value in _text_fields(candidate):
        clean, kinds = privacy.redact(value)
        if not kinds:
            continue
        found.update(kinds)
        touched.append(name)
        if name.startswith("subject."):
            subject_changes[name.removeprefix("subject.")] = clean
        else:
            changes[name] = clean
    if not found:
        return candidate, None
    if subject_changes and candidate.subject:
        changes["subject"] = candidate.subject.model_copy(update=subject_changes)
    raised = privacy.sensitivity_for(found)
    if raised and SENSITIVITY_RANK[raised] > SENSITIVITY_RANK[candidate.sensitivity]:
        changes["sensitivity"] = raised
    redacted = candidate.model_copy(update=changes)
    reason = (
        f"redacted {', '.join(sorted(found))} from {', '.join(touched)}; "
        f"sensitivity {redacted.sensitivity}"
    )
    return redacted, LogEvent(Action.REDACTED, Rule.PRIVACY, reason, memory_id=memory_id)


@lru_cache(maxsize=1)
def _learned_stage() -> bool:
    """Whether rule 2 runs its learned stage (``MEMCURATOR_TRANSIENT_LEARNED``; off by default,
    see memcurator/settings.py). Read once per process: one run gates every line alike."""
    return Settings().transient_learned


def _unconfirmed_inference(candidate: Candidate) -> str | None:
    if candidate.type != MemoryType.FACT:
        return None
    if candidate.source.kind == SourceKind.AGENT_INFERENCE:
        return "fact inferred by the agent (source agent_inference), not confirmed"
    hedge = _HEDGE.search(candidate.content)
    if hedge:
        return f"fact worded as a guess ('{hedge.group(0)}')"
    return None


def _new_entry(candidate: Candidate, memory_id: str) -> NewEntry:
    subject = candidate.subject
    entity, attribute = (subject.entity, subject.attribute) if subject else (None, None)
    if subject is not None:
        # One attribute, one key: `seat`, `seats` and `preferred_seat` are `seat_preference`
        # (attributes.py); the subject keeps the name as given, the log says how it was read.
        attribute = canonical_attribute(subject.attribute, subject.value or candidate.content)
    elif candidate.type == MemoryType.FACT:
        # No subject given: derive one only when the content clearly names it (keys.py).
        derived = derive_fact_subject(candidate.content, candidate.scope.levels())
        entity, attribute = derived if derived else (None, None)
    return NewEntry(
        id=memory_id,
        type=candidate.type,
        scope=candidate.scope.levels(),
        content=candidate.content,
        source_kind=candidate.source.kind,
        source_ref=candidate.source.ref,
        source_session_id=candidate.source.session_id,
        confidence=candidate.confidence,
        created_at=candidate.created_at,
        valid_from=candidate.valid_from or candidate.created_at,
        sensitivity=candidate.sensitivity,
        subject_key=subject_key(
            memory_type=candidate.type,
            entity=entity,
            attribute=attribute,
            task_id=candidate.task_id,
            tool=candidate.tool,
            symptom=candidate.symptom,
            content=candidate.content,
        ),
        supersedes=candidate.supersedes,
        subject_entity=subject.entity if subject else None,
        subject_attribute=subject.attribute if subject else None,
        subject_value=subject.value if subject else None,
        task_id=candidate.task_id,
        links=tuple(candidate.links) if candidate.links is not None else None,
        tool=candidate.tool,
        symptom=candidate.symptom,
    )


# -- rejections ------------------------------------------------------------------------------


def _reject(
    candidate: Candidate,
    rule: str,
    reason: str,
    line_no: int | None,
    events: list[LogEvent] | None = None,
    *,
    screened: bool = False,
    withhold: str | None = None,
) -> Decision:
    submitted = candidate.model_dump(mode="json", exclude_none=True)
    canonical = json.dumps(submitted, sort_keys=True).encode()
    payload = submitted if screened else sanitise(submitted)
    if withhold == _TOGETHER:
        # Found only across fields: every field that carries text may hold a part of it.
        kept = ("type", "confidence", "created_at", "valid_from", "sensitivity")
        payload = {k: v if k in kept else WITHHELD for k, v in payload.items()}
    elif withhold:
        # The whole field the credential was found in ("subject" may hold it only as a
        # whole: attribute "password", value "Tr0ub4dor&3").
        payload[re.split(r"[.\[]", withhold)[0]] = WITHHELD
    decision = _rejection(
        canonical, payload, rule, reason, line_no, events, candidate.id, screened=screened
    )
    return replace(decision, tenant=screened_tenant(candidate.scope.levels()))


def _reject_malformed(raw: bytes, reason: str, line_no: int | None) -> Decision:
    try:
        submitted: Any = json.loads(raw)
        canonical = json.dumps(submitted, sort_keys=True).encode()
    except (ValueError, RecursionError):
        # The line may have been cut inside a string: what is left of a credential there no
        # longer matches the screen, so that string is dropped rather than logged.
        text = complete_part(raw.decode("utf-8", "replace"), cut=False)
        payload = {"raw": sanitise(unescape_json(text))}
        return _rejection(raw, payload, Rule.SCHEMA, reason, line_no, None, None)
    payload = screen_submitted(submitted)
    shown_id = payload.get("id") if isinstance(submitted, dict) else None
    client_id = shown_id if isinstance(shown_id, str) and shown_id != WITHHELD else None
    return _rejection(canonical, payload, Rule.SCHEMA, reason, line_no, None, client_id)


def _rejection(
    canonical: bytes,
    payload: dict[str, Any],
    rule: str,
    reason: str,
    line_no: int | None,
    events: list[LogEvent] | None,
    client_id: str | None,
    *,
    screened: bool = False,
) -> Decision:
    """A rejection whose payload is already screened; the reason is screened here unless the
    caller built it from screened parts only."""
    key = "rej_" + fingerprint(canonical)
    # A credential can also be spread over fields that each pass ("password" as one key,
    # the value under another): the payload is screened once more as a whole.
    if privacy.find_credential(json.dumps(payload, ensure_ascii=False)):
        payload = {"withheld": "a credential spread over several fields"}
    shown_id = (client_id if screened else sanitise(client_id)[:128]) if client_id else None
    event = LogEvent(
        Action.REJECTED,
        rule,
        reason if screened else sanitise(reason),
        memory_id=None,
        related_ids=(shown_id,) if shown_id and shown_id != WITHHELD else (),
        payload=payload,
    )
    # A redaction event for a rejected candidate would name a memory that never exists.
    kept = [e for e in (events or []) if e.action != Action.REDACTED]
    return Decision(key, Outcome.REJECTED, rule, None, (*kept, event), line_no)


def sanitise(value: Any, depth: int = 0) -> Any:
    """A copy of submitted data that is safe to log: no credentials, no personal data,
    no control characters, bounded in size and depth. Every string is screened whole
    before anything is cut from it."""
    if depth > 20:
        return "[nested too deep]"
    if isinstance(value, str):
        # Screened as submitted: a control character replaced first would split "pass\x07word"
        # for good, where the screen reads it both as a space and as nothing.
        if privacy.find_credential(value):
            return WITHHELD
        text = CONTROL_OR_SURROGATE.sub("\ufffd", value)
        if text != value and privacy.find_credential(text):
            return WITHHELD
        text, _ = privacy.redact(text)
        if len(text) > MAX_LOGGED_CHARS:
            text = text[:MAX_LOGGED_CHARS] + f"…[{len(text) - MAX_LOGGED_CHARS} more chars]"
        return text
    if isinstance(value, dict):
        return {
            _field_name(k, i, depth): sanitise(v, depth + 1)
            for i, (k, v) in enumerate(list(value.items())[:100])
        }
    if isinstance(value, list):
        return [sanitise(v, depth + 1) for v in value[:200]]
    if isinstance(value, bool | int | float) or value is None:
        return (
            value
            if not isinstance(value, float) or (value == value and abs(value) != float("inf"))
            else str(value)
        )
    return sanitise(str(value), depth + 1)


def _field_name(key: Any, position: int, depth: int) -> str:
    name = str(sanitise(str(key), depth + 1))[:200]
    # Numbered, so two withheld names do not collapse into one key.
    return f"[field {position}: name withheld]" if name == WITHHELD else name


def _nested_fields(name: str) -> frozenset[str] | None:
    """The fields of the model a candidate field holds (scope, source, subject), if any."""
    annotation = Candidate.model_fields[name].annotation
    for model in (annotation, *get_args(annotation)):
        if isinstance(model, type) and issubclass(model, BaseModel):
            return frozenset(model.model_fields)
    return None


# The candidate's known fields, from pydantic's own model definitions, so the screen follows
# the schema: name -> the known fields of the object it holds.
_KNOWN: dict[str, frozenset[str] | None] = {n: _nested_fields(n) for n in Candidate.model_fields}
UNKNOWN_VALUE = "[unknown field: value withheld]"


def screen_submitted(submitted: Any) -> dict[str, Any]:
    """A loggable copy of a line that failed the schema: known fields screened whole (an
    object or list where text belongs is screened as its JSON text, so a key like
    "password" counts), values of unknown fields withheld, their names screened."""
    if not isinstance(submitted, dict):
        return {"raw": _screen_value(submitted)}
    out: dict[str, Any] = {}
    for position, (key, value) in enumerate(list(submitted.items())[:100]):
        known = isinstance(key, str) and key in _KNOWN
        screened = _screen_value(value, _KNOWN[key]) if known else UNKNOWN_VALUE
        out[_field_name(key, position, 0)] = screened
    return out


def _screen_value(value: Any, nested: frozenset[str] | None = None) -> Any:
    if not isinstance(value, dict | list):
        return sanitise(value)
    text = json.dumps(value, ensure_ascii=False, default=str)
    if isinstance(value, dict):
        # Read as "key: value" lines too, so {"attribute": "password", "value": "x"} and
        # {"password": "x"} are seen the way a person would read them.
        pairs = [f"{k}: {v}" for k, v in value.items() if isinstance(v, str)]
        pairs.append(f"{value.get('attribute')}: {value.get('value')}")
        text += "\n" + "\n".join(pairs)
    if privacy.find_credential(text):
        return WITHHELD
    if isinstance(value, dict) and nested is not None:
        return {
            _field_name(k, i, 1): sanitise(v, 1) if k in nested else UNKNOWN_VALUE
            for i, (k, v) in enumerate(list(value.items())[:100])
        }
    return sanitise(value)


def reject_oversize(head: bytes, size: int, *, line_no: int | None = None) -> Decision:
    """A line too long to parse safely: rejected from its first bytes, never read whole.
    Only the whole values at the start of the head are kept and screened, because a value
    the head cuts through cannot be screened whole."""
    reason = f"line is {size:,} bytes, over the limit; not parsed"
    kept = complete_part(head.decode("utf-8", "replace"), cut=True)
    payload = {"raw_head": sanitise(unescape_json(kept)), "bytes": size}
    canonical = head + str(size).encode()
    return _rejection(canonical, payload, Rule.SCHEMA, reason, line_no, None, None)


def reject_store_refusal(decision: Decision, error: str) -> Decision:
    """The database refused to store an accepted entry: log it as a rejection instead.

    The intake key is a fingerprint of the whole entry, so the same candidate refused again
    has the same key (a no-op), while a corrected one under the same id is judged afresh."""
    payload = None
    canonical = decision.intake_key.encode()
    if decision.entry is not None:
        payload = {
            "id": decision.entry.id,
            "type": decision.entry.type,
            "content": decision.entry.content,
        }
        canonical = json.dumps(asdict(decision.entry), sort_keys=True, default=str).encode()
    event = LogEvent(
        Action.REJECTED,
        Rule.STORE,
        sanitise(f"the database refused it: {error}"),
        related_ids=(decision.intake_key,),
        payload=sanitise(payload),
    )
    key = "rej_" + fingerprint(canonical)
    return Decision(
        key, Outcome.REJECTED, Rule.STORE, None, (event,), decision.line_no, decision.tenant
    )
