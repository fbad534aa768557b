"""Where a promoted observation lands (rules 4 and 5 for the nightly pass), as pure data.

An observation seen in enough sessions becomes a fact (``consolidation.promotion_of``). If
its key already holds an active fact, the two statements go through the same meaning check
as ingest (``meaning.relate``, ``resolve.compatible``): one that says the same (or refines,
or adds a value of a set-valued attribute) adds its evidence to the fact; one that says
otherwise becomes a fact of its own, and the newer of the two (valid time, then source
strength, as in rule 5) supersedes the other. A promotion never adds evidence to a fact that
says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, replace
from datetime import datetime

from memcurator.cardinality import Cardinality
from memcurator.consolidation import Observation, Placement, Promotion
from memcurator.keys import key_attribute
from memcurator.meaning import cardinality, relate
from memcurator.versions import PROTECTED_SOURCES, compatible
from memcurator.vocabulary import SOURCE_STRENGTH, SourceKind


@dataclass(frozen=True)
class ActiveFact:
    """The active fact under one (scope, subject key), as the placement needs it."""

    id: str
    scope_key: str
    subject_key: str
    content: str
    value: str | None
    valid_from: datetime
    source_kind: str

    def order(self) -> tuple[datetime, int, str]:
        return (self.valid_from, SOURCE_STRENGTH[self.source_kind], self.id)


def place_promotions(
    promotions: Sequence[Promotion],
    observations: Mapping[str, Observation],
    facts: Mapping[tuple[str, str], ActiveFact],
    gathering: Set[tuple[str, str]] = frozenset(),
) -> list[Promotion]:
    """Each promotion with its placement, in order: a fact a promotion inserted is the one
    the next promotion of that key meets. Under a key of ``gathering`` (its statements showed
    it gathering values, ``memcurator.gathering``) values are a set, whatever its name says."""
    current = dict(facts)
    placed = []
    for p in promotions:
        obs = observations[p.observation_id]
        key = (obs.scope_key, obs.subject_key) if obs.subject_key is not None else None
        existing = current.get(key) if key is not None else None
        placement = placement_of(p, obs, existing, gathers=key in gathering)
        if key is not None and placement.action in ("insert", "supersede"):
            current[key] = ActiveFact(
                p.fact_id, key[0], key[1], obs.content, obs.subject_value, p.qualified_at,
                obs.source_kind,
            )
        placed.append(replace(p, placement=placement))
    return placed


def placement_of(
    p: Promotion, obs: Observation, fact: ActiveFact | None, *, gathers: bool = False
) -> Placement:
    """Rule 4's meaning check, then rule 5's order, between a promotion and the fact."""
    if fact is None:
        return Placement("insert", p.fact_id)
    attribute = key_attribute(fact.subject_key)
    kind: Cardinality = "set" if gathers else cardinality(attribute)
    judgement = relate(
        fact.content, obs.content, old_value=fact.value, new_value=obs.subject_value, kind=kind,
        attribute=attribute,
    )
    if compatible(judgement, kind):
        return Placement("merge", fact.id, fact.id, judgement.reason)
    mine = (p.qualified_at, SOURCE_STRENGTH[obs.source_kind], p.fact_id)
    inference = obs.source_kind == SourceKind.AGENT_INFERENCE and (
        fact.source_kind in PROTECTED_SOURCES
    )
    why = f"{judgement.relation} ({judgement.reason})"
    if mine > fact.order() and not inference:
        return Placement("supersede", p.fact_id, fact.id, why, p.qualified_at)
    # Older than the fact, or an inference against a user's word: superseded from the start
    # of its successor (or at once), as ingest's chain would store it.
    valid_to = p.qualified_at if inference and mine > fact.order() else fact.valid_from
    return Placement("stale", p.fact_id, fact.id, why, valid_to)

