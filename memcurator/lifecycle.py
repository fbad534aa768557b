"""An observation's life by the clock (rules 6 and 7): when it qualifies for promotion, when
it expires, and so whether a new sighting still belongs to it.

Pure and light (no scikit-learn): the nightly pass and the write gate both use it, so an
observation's sightings are split into entries the same way whether a day's candidates
arrived before that night's pass or after it.
"""

from __future__ import annotations

from bisect import bisect_right
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
    # Unkeyed leftovers also grouped by the frames a tenant's scopes share (off by default:
    # ``Settings.tenant_frames``).
    tenant_frames: bool = _DEFAULTS["tenant_frames"]

    def __post_init__(self) -> None:
        if self.promote_sessions < 1:
            raise ValueError(f"promote_sessions must be 1 or more, not {self.promote_sessions}")

    @classmethod
    def from_settings(cls, settings: Settings) -> Policy:
        return cls(
            expire_after=timedelta(days=settings.expire_after_days),
            promote_sessions=settings.promote_sessions,
            topic_similarity=settings.topic_similarity,
            tenant_frames=settings.tenant_frames,
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


@dataclass(frozen=True)
class Seen:
    """All the nightly pass needs of an observation's sightings before its cutoff: when it was
    last seen, and whether it qualified for promotion with ``sessions`` distinct sessions
    (``qualified``: the moment the last of them first came, the sessions in order of their
    first sighting, then id, and the sightings by that moment; None if they never came or
    every sighting is the agent's own inference).

    The store sums the sightings up in SQL (``store.pass_reads``), so a night builds one of
    these per observation, not an object per sighting; ``summarise`` does the same from the
    sightings themselves, and the two must agree (``tests/integration``)."""

    last: datetime | None
    qualified: tuple[datetime, tuple[str, ...], int] | None
    sessions: int

    def promoted(self, policy: Policy) -> tuple[datetime, tuple[str, ...], int] | None:
        """``qualified``, for a policy that promotes at the same number of sessions."""
        if policy.promote_sessions != self.sessions:
            raise ValueError(
                f"sightings summed up for {self.sessions} sessions, the policy promotes at "
                f"{policy.promote_sessions}"
            )
        return self.qualified


def summarise(sightings: Sequence[Sighting], sessions: int) -> Seen:
    """``sightings`` summed up as ``Seen``, qualifying at ``sessions`` distinct sessions."""
    ordered = sorted(sightings, key=lambda s: (s.created_at, s.session_id))
    moments = [s.created_at for s in ordered]
    met: list[str] = []
    qualified = None
    if not all(s.source_kind == "agent_inference" for s in ordered):
        for sighting in ordered:
            if sighting.session_id not in met:
                met.append(sighting.session_id)
                if len(met) == sessions:
                    at = sighting.created_at
                    qualified = (at, tuple(met), bisect_right(moments, at))
                    break
    return Seen(moments[-1] if moments else None, qualified, sessions)


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
    qualified = summarise(seen, policy.promote_sessions).qualified
    # As a difference, not ``last + expire_after``: a sighting dated in the year 9999 (the gate
    # takes any instant of years 1-9999) must not overflow and fail its whole batch.
    return cutoff - last >= policy.expire_after or qualified is not None
