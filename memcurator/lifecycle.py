"""An observation's life by the clock (rules 6 and 7): when it qualifies for promotion, when
it expires, and so whether a new sighting still belongs to it.

Pure and light (no scikit-learn): the nightly pass and the write gate both use it, so an
observation's sightings are split into entries the same way whether a day's candidates
arrived before that night's pass or after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta

from memcurator.settings import Settings

# The defaults live in one place, the settings; a Policy() without settings uses them too.
_DEFAULTS = {name: f.default for name, f in Settings.model_fields.items()}


@dataclass(frozen=True)
class Policy:
    """The nightly pass's knobs (SPEC rule 6 and 7 defaults, from ``Settings``)."""

    expire_after: timedelta = timedelta(days=_DEFAULTS["expire_after_days"])
    promote_sessions: int = _DEFAULTS["promote_sessions"]
    topic_similarity: float = _DEFAULTS["topic_similarity"]
    min_topic_size: int = 2

    @classmethod
    def from_settings(cls, settings: Settings) -> Policy:
        return cls(
            expire_after=timedelta(days=settings.expire_after_days),
            promote_sessions=settings.promote_sessions,
            topic_similarity=settings.topic_similarity,
        )


@dataclass(frozen=True)
class Sighting:
    """One source of an observation: when and in which session it was seen."""

    session_id: str
    created_at: datetime
    source_kind: str


def day_start(moment: datetime) -> datetime:
    """Midnight UTC at the start of ``moment``'s day: the cutoff of the previous night's pass."""
    return datetime.combine(moment.astimezone(UTC).date(), time(0), tzinfo=UTC)


def qualifying(sightings: Sequence[Sighting], policy: Policy) -> tuple[Sighting, list[str]] | None:
    """The sighting that brought the ``promote_sessions``-th distinct session, with the
    sessions in order, or None. A guess only the agent itself repeated never qualifies."""
    if all(s.source_kind == "agent_inference" for s in sightings):
        return None
    sessions: list[str] = []
    for sighting in sorted(sightings, key=lambda s: (s.created_at, s.session_id)):
        if sighting.session_id not in sessions:
            sessions.append(sighting.session_id)
            if len(sessions) == policy.promote_sessions:
                return sighting, sessions
    return None


def closed_before(sightings: Sequence[Sighting], moment: datetime, policy: Policy) -> bool:
    """Whether the nightly passes up to the day before ``moment`` would have promoted or
    expired an observation with these sightings (the ones before that day count).

    A sighting at ``moment`` then starts a new observation, as it does when those passes
    ran before it arrived; on the day itself the observation is still open (that night's
    pass runs after the day's ingest), even past its expiry moment.
    """
    cutoff = day_start(moment)
    seen = [s for s in sightings if s.created_at < cutoff]
    if not seen:
        return False
    last = max(s.created_at for s in seen)
    return last + policy.expire_after <= cutoff or qualifying(seen, policy) is not None
