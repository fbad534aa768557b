"""The words memcurator stores, logs and compares, each defined once.

Every type here is a ``StrEnum``: a member *is* its string (``Status.ACTIVE == "active"``), so
the values stored in the database and printed by the CLI are the words SPEC uses, and code that
compares with a plain string keeps working. Orders that policy depends on (which sensitivity is
higher, which source is stronger) are the order in which the members are declared, and are
defined nowhere else. Pure: no imports beyond the standard library.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum


class MemoryType(StrEnum):
    FACT = "fact"
    SUMMARY = "summary"
    OBSERVATION = "observation"


class Status(StrEnum):
    """Where a stored entry stands; entries are never deleted, only moved along these."""

    ACTIVE = "active"
    SUPERSEDED = "superseded"  # a later version of its key replaced it (rule 5)
    EXPIRED = "expired"  # an observation the nightly pass closed by the clock
    RETIRED = "retired"  # its anchor statement now lives in a version named otherwise
    # (or, with its evidence kept, an unkeyed fact merged into another entry at night)


class Action(StrEnum):
    """SPEC "The write log": one row for every decision, named by what it did."""

    INSERTED = "inserted"
    REJECTED = "rejected"
    DEMOTED = "demoted"
    MERGED = "merged"
    REFINED = "refined"
    SUPERSEDED = "superseded"
    EXPIRED = "expired"
    PROMOTED = "promoted"
    CONSOLIDATED = "consolidated"
    RETIRED = "retired"
    REDACTED = "redacted"
    ERASED = "erased"


class Rule(StrEnum):
    """The rule that fired, beside each write-log action (SPEC's list, then the store's own)."""

    SCHEMA = "schema"
    TRANSIENT = "transient"
    INFERENCE = "inference"
    DEDUP = "dedup"
    CONFLICT = "conflict"
    EXPIRY = "expiry"
    PROMOTION = "promotion"
    CONSOLIDATION = "consolidation"
    PRIVACY = "privacy"
    GATE = "gate"  # accepted by the gate and stored as a new entry
    ID = "id"  # an id the tenant already used for another candidate
    STORE = "store"  # the database refused the row
    ERASURE = "erasure"  # a person's data forgotten on request


class Outcome(StrEnum):
    """The gate's verdict on one candidate (the intake ledger's ``outcome``). Where an accepted
    candidate lands (a new entry, merged, refined) is decided later, against the store, and is
    in the write log, not here."""

    ACCEPTED = "accepted"
    DEMOTED = "demoted"  # accepted, as an observation: a fact that was only a guess
    REJECTED = "rejected"


class Sensitivity(StrEnum):
    """Declared from least to most sensitive: that order is the one every rule uses."""

    PUBLIC = "public"
    INTERNAL = "internal"
    CONFIDENTIAL = "confidential"
    RESTRICTED = "restricted"


SENSITIVITY_ORDER: tuple[Sensitivity, ...] = tuple(Sensitivity)
# By member, so a plain string (as rows and dataclasses hold it) finds its rank too.
SENSITIVITY_RANK: dict[str, int] = {s: i for i, s in enumerate(SENSITIVITY_ORDER)}


def most_sensitive(values: Iterable[str]) -> str:
    """The highest of ``values`` (at least one)."""
    return max(values, key=SENSITIVITY_RANK.__getitem__)


class SourceKind(StrEnum):
    """Declared from strongest to weakest (SPEC's order): on a tie of ``valid_from`` rule 5
    prefers the stronger source, so an inference never outranks what the user said."""

    USER_MESSAGE = "user_message"
    TOOL_RESULT = "tool_result"
    DOCUMENT = "document"
    SYSTEM = "system"
    AGENT_INFERENCE = "agent_inference"


# Rule 5's order of strength, weakest 1: a tie on valid_from goes to the stronger source.
SOURCE_STRENGTH: dict[str, int] = {k: len(SourceKind) - i for i, k in enumerate(SourceKind)}

# C0 and C1 control characters except tab, newline and carriage return.
_CONTROL_RANGES = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
CONTROL_CHARACTERS = re.compile(f"[{_CONTROL_RANGES}]")
# The same, and lone surrogates: characters no store or terminal should receive.
CONTROL_OR_SURROGATE = re.compile(f"[{_CONTROL_RANGES}" r"\ud800-\udfff]")
