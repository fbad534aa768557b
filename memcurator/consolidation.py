"""The nightly pass's policy (rules 6 and 7) as pure functions over plain data.

Given the observations of one partition as they stood before the pass's cutoff, decide:

- **promotion** — an observation seen in ``promote_sessions`` distinct sessions becomes a fact
  (an observation only the agent itself ever guessed is not promoted: repetition of a guess
  is not confirmation);
- **expiry** — an observation not promoted expires ``expire_after`` after it was last seen,
  at exactly that moment;
- **topic batching** — observations of one scope and tool are clustered (TF-IDF, average-link
  agglomerative clustering on cosine distance, scikit-learn) into topic entries. A topic is
  identified by its first member, new observations join the nearest existing topic before any
  new one is formed, and members never move, so topics stay stable night after night.

Every result depends only on the input data and the cutoff, never on the wall clock or on
the order rows came back in: that is what makes a pass deterministic and a backfill equal to
the nightly passes run one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Literal

import numpy as np
from sklearn.cluster import AgglomerativeClustering

from memcurator.ids import content_id
from memcurator.keys import tool_key
from memcurator.lifecycle import Policy as Policy
from memcurator.lifecycle import Seen as Seen
from memcurator.lifecycle import Sighting as Sighting
from memcurator.lifecycle import summarise as summarise
from memcurator.schema import FACT_THRESHOLD, MAX_CONTENT_CHARS
from memcurator.tfidf import EmptyVocabulary, tfidf_matrix
from memcurator.vocabulary import most_sensitive

# Past this many unassigned observations in one scope and tool, cluster them in slices (in
# time order) so memory stays quadratic in the slice, not in a year of backlog.
CLUSTER_SLICE = 1500
# A topic is matched and described by its most recent members only: a year-old topic costs
# the same each night as a week-old one (its links still name every member).
TOPIC_SAMPLE = 50


@dataclass(frozen=True)
class Observation:
    """An active observation as the pass sees it: ``seen`` sums up its sightings before the
    cutoff (``lifecycle.Seen``)."""

    id: str
    scope_key: str
    tool: str | None
    content: str
    created_at: datetime
    confidence: float
    sensitivity: str
    subject_key: str | None
    seen: Seen
    in_topic: bool = False
    subject_value: str | None = None
    source_kind: str = "tool_result"

    @property
    def last_seen(self) -> datetime:
        return self.created_at if self.seen.last is None else self.seen.last

    @property
    def order(self) -> tuple[datetime, str]:
        return (self.created_at, self.id)


@dataclass(frozen=True)
class Member:
    """A member of an existing topic (it may have expired since: members stay linked)."""

    id: str
    content: str
    created_at: datetime
    confidence: float
    sensitivity: str
    last_seen: datetime


@dataclass(frozen=True)
class Topic:
    """An existing topic entry of one scope and tool: every member's id, its most recent
    members (oldest first, at most ``TOPIC_SAMPLE``), and the entry's running aggregates."""

    id: str
    scope_key: str
    tool_key: str
    member_ids: tuple[str, ...]
    recent: tuple[Member, ...]
    confidence: float
    sensitivity: str
    created_at: datetime
    last_seen: datetime


# insert: a new active fact; merge: evidence added to ``other``; supersede: a new active
# fact that supersedes ``other``; stale: a new fact, superseded by the newer ``other`` at once.
PlacementAction = Literal["insert", "merge", "supersede", "stale"]


@dataclass(frozen=True)
class Placement:
    """What a promotion does to its key: ``fact_id`` holds its evidence afterwards."""

    action: PlacementAction
    fact_id: str
    other: str | None = None
    reason: str = ""
    valid_to: datetime | None = None  # the end of the superseded one's validity


@dataclass(frozen=True)
class Promotion:
    observation_id: str
    fact_id: str
    qualified_at: datetime
    sessions: tuple[str, ...]
    confidence: float
    evidence: int = 0  # its sightings up to the moment it qualified
    # Where it lands under its key (``promotion.place_promotions``), once the fact there is
    # known; the writer applies it.
    placement: Placement | None = None


@dataclass(frozen=True)
class Expiry:
    observation_id: str
    expired_at: datetime
    last_seen: datetime


@dataclass(frozen=True)
class TopicUpdate:
    """A topic entry to create (``is_new``) or to update in place with ``new_members``."""

    topic_id: str
    scope_key: str
    tool: str | None
    tool_key: str
    is_new: bool
    new_members: tuple[str, ...]
    members: tuple[str, ...]
    content: str
    created_at: datetime
    confidence: float
    sensitivity: str
    last_seen: datetime


@dataclass(frozen=True)
class PassPlan:
    """Everything one partition's pass will change, in the order it is applied."""

    promotions: list[Promotion] = field(default_factory=list)
    expiries: list[Expiry] = field(default_factory=list)
    topics: list[TopicUpdate] = field(default_factory=list)


def plan_partition(
    observations: Sequence[Observation],
    topics: Sequence[Topic],
    *,
    cutoff: datetime,
    policy: Policy,
) -> PassPlan:
    """Decide promotions, expiries and topic updates for one partition at ``cutoff``."""
    ordered = sorted(observations, key=lambda o: o.order)
    promotions = [p for o in ordered if (p := promotion_of(o, policy)) is not None]
    promoted = {p.observation_id for p in promotions}
    expiries = [
        e
        for o in ordered
        if o.id not in promoted and (e := expiry_of(o, cutoff, policy)) is not None
    ]
    candidates = [o for o in ordered if o.id not in promoted and not o.in_topic]
    return PassPlan(promotions, expiries, batch_topics(candidates, topics, policy))


def promotion_of(obs: Observation, policy: Policy) -> Promotion | None:
    """The promotion of ``obs`` if it was seen in enough distinct sessions, else None."""
    qualified = obs.seen.promoted(policy)
    if qualified is None:
        return None
    at, sessions, evidence = qualified
    fact_id = content_id(at, f"promotion\0{obs.id}".encode())
    confidence = round(max(obs.confidence, FACT_THRESHOLD), 4)
    return Promotion(obs.id, fact_id, at, sessions, confidence, evidence)


def expiry_of(obs: Observation, cutoff: datetime, policy: Policy) -> Expiry | None:
    """The expiry of ``obs`` if ``expire_after`` has passed since it was last seen."""
    if cutoff - obs.last_seen < policy.expire_after:  # not yet (and no overflow past 9999)
        return None
    return Expiry(obs.id, obs.last_seen + policy.expire_after, obs.last_seen)


def batch_topics(
    observations: Sequence[Observation], topics: Sequence[Topic], policy: Policy
) -> list[TopicUpdate]:
    """Assign unassigned observations to topics of their scope and tool, or form new ones."""
    groups: dict[tuple[str, str], list[Observation]] = {}
    for obs in observations:
        groups.setdefault((obs.scope_key, tool_key(obs.tool)), []).append(obs)
    existing: dict[tuple[str, str], list[Topic]] = {}
    for topic in topics:
        existing.setdefault((topic.scope_key, topic.tool_key), []).append(topic)
    updates: list[TopicUpdate] = []
    for key in sorted(groups):
        pending = groups[key]
        known = sorted(existing.get(key, []), key=lambda t: t.id)
        for start in range(0, len(pending), CLUSTER_SLICE):
            changed = _batch_group(pending[start : start + CLUSTER_SLICE], known, policy)
            known = _merge_known(known, changed, {o.id: o for o in pending})
            updates = _merge_updates(updates, changed)
    return updates


def _batch_group(
    pending: list[Observation], known: list[Topic], policy: Policy
) -> list[TopicUpdate]:
    if not known and len(pending) < max(2, policy.min_topic_size):
        return []  # no topic to join and too few to form one (what ``_new_topics`` finds)
    texts = [m.content for t in known for m in t.recent] + [o.content for o in pending]
    vectors = _vectorise(texts)
    if vectors is None:
        return []
    offset = sum(len(t.recent) for t in known)
    pending_vectors = vectors[offset:]
    joined: dict[str, list[Observation]] = {}
    left: list[int] = []
    if known:
        centroids = _centroids(vectors[:offset], [len(t.recent) for t in known])
        similarity = pending_vectors @ centroids.T
        for i in range(len(pending)):
            best = int(np.argmax(similarity[i]))
            if similarity[i, best] >= policy.topic_similarity:
                joined.setdefault(known[best].id, []).append(pending[i])
            else:
                left.append(i)
    else:
        left = list(range(len(pending)))
    updates = [_grow(t, joined[t.id]) for t in known if t.id in joined]
    updates += _new_topics([pending[i] for i in left], pending_vectors[left], policy)
    return updates


def _vectorise(texts: list[str] | tuple[str, ...]) -> np.ndarray | None:
    """TF-IDF rows of ``texts`` (``memcurator.tfidf``: scikit-learn's numbers exactly, with
    each text's terms and each identical fit remembered across calls and nights)."""
    try:
        return tfidf_matrix(texts)
    except EmptyVocabulary:  # nothing but stop words and punctuation: no topic to find
        return None


def _centroids(member_vectors: np.ndarray, sizes: list[int]) -> np.ndarray:
    rows = []
    start = 0
    for size in sizes:
        if size == 0:
            rows.append(np.zeros(member_vectors.shape[1]))
            continue
        mean = member_vectors[start : start + size].mean(axis=0)
        norm = float(np.linalg.norm(mean))
        rows.append(mean / norm if norm else mean)
        start += size
    return np.vstack(rows)


def _new_topics(
    pending: list[Observation], vectors: np.ndarray, policy: Policy
) -> list[TopicUpdate]:
    if len(pending) < max(2, policy.min_topic_size):
        return []  # (the usable ones below are fewer still)
    usable = np.flatnonzero(np.linalg.norm(vectors, axis=1) > 0).tolist()
    if len(usable) < max(2, policy.min_topic_size):
        return []
    labels = AgglomerativeClustering(
        n_clusters=None,
        distance_threshold=1.0 - policy.topic_similarity,
        metric="cosine",
        linkage="average",
    ).fit_predict(vectors[usable])
    clusters: dict[int, list[Observation]] = {}
    for index, label in zip(usable, labels, strict=True):
        clusters.setdefault(int(label), []).append(pending[index])
    updates = []
    for members in clusters.values():
        if len(members) < policy.min_topic_size:
            continue
        anchor = min(members, key=lambda o: o.order)
        key = tool_key(anchor.tool)
        topic_id = content_id(
            anchor.created_at, f"topic\0{anchor.scope_key}\0{key}\0{anchor.id}".encode()
        )
        topic = Topic(
            topic_id,
            anchor.scope_key,
            key,
            (),
            (),
            0.0,
            "public",
            anchor.created_at,
            anchor.created_at,
        )
        updates.append(_grow(topic, members, tool=anchor.tool, is_new=True))
    return sorted(updates, key=lambda u: u.topic_id)


def _grow(
    topic: Topic, joining: list[Observation], *, tool: str | None = None, is_new: bool = False
) -> TopicUpdate:
    joined = [
        Member(o.id, o.content, o.created_at, o.confidence, o.sensitivity, o.last_seen)
        for o in sorted(joining, key=lambda o: o.order)
    ]
    before = len(topic.member_ids)
    ids = topic.member_ids + tuple(m.id for m in joined)
    recent = (topic.recent + tuple(joined))[-TOPIC_SAMPLE:]
    total = topic.confidence * before + sum(m.confidence for m in joined)
    sensitivities = [m.sensitivity for m in joined] + ([topic.sensitivity] if before else [])
    return TopicUpdate(
        topic_id=topic.id,
        scope_key=topic.scope_key,
        tool=tool if is_new else None,
        tool_key=topic.tool_key,
        is_new=is_new,
        new_members=tuple(m.id for m in joined),
        members=ids,
        content=topic_content(topic.tool_key, recent, len(ids)),
        created_at=min([m.created_at for m in joined] + ([topic.created_at] if before else [])),
        confidence=round(total / len(ids), 4),
        sensitivity=most_sensitive(sensitivities),
        last_seen=max([m.last_seen for m in joined] + ([topic.last_seen] if before else [])),
    )


def topic_content(key: str, recent: Sequence[Member], count: int) -> str:
    """The topic entry's text: what it is about, how many observations, the most typical of
    its recent members."""
    representative = _most_typical([m.content for m in recent])
    label = key.replace("_", " ") if key else "general"
    text = f"Topic {label} ({count} observations): {representative}"
    return text[:MAX_CONTENT_CHARS]


def _most_typical(texts: list[str]) -> str:
    return texts[_most_typical_index(tuple(texts))]


@lru_cache(maxsize=4096)
def _most_typical_index(texts: tuple[str, ...]) -> int:
    """Which of ``texts`` is closest to their centroid; remembered, as a topic that did not
    change asks again with the same recent members."""
    vectors = _vectorise(texts)
    if vectors is None:
        return 0
    centroid = vectors.mean(axis=0)
    scores = vectors @ centroid
    # The first of the best (members are in time order), so ties resolve the same every night.
    return int(np.argmax(np.round(scores, 9)))


def _merge_known(
    known: list[Topic], changed: Iterable[TopicUpdate], pending: dict[str, Observation]
) -> list[Topic]:
    """The topics as they stand after ``changed``, for the next slice of a large backlog."""
    by_id = {t.id: t for t in known}
    for update in changed:
        old = by_id.get(update.topic_id)
        joined = tuple(
            Member(o.id, o.content, o.created_at, o.confidence, o.sensitivity, o.last_seen)
            for o in (pending[i] for i in update.new_members)
        )
        recent = ((old.recent if old else ()) + joined)[-TOPIC_SAMPLE:]
        by_id[update.topic_id] = Topic(
            update.topic_id,
            update.scope_key,
            update.tool_key,
            update.members,
            recent,
            update.confidence,
            update.sensitivity,
            update.created_at,
            update.last_seen,
        )
    return sorted(by_id.values(), key=lambda t: t.id)


def _merge_updates(done: list[TopicUpdate], changed: list[TopicUpdate]) -> list[TopicUpdate]:
    by_id = {u.topic_id: u for u in done}
    for update in changed:
        old = by_id.get(update.topic_id)
        if old is None:
            by_id[update.topic_id] = update
            continue
        by_id[update.topic_id] = TopicUpdate(
            **{
                **update.__dict__,
                "is_new": old.is_new,
                "tool": old.tool if old.is_new else update.tool,
                "new_members": old.new_members + update.new_members,
            }
        )
    return list(by_id.values())
