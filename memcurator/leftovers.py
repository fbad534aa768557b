"""What the gate could not key, resolved at night: one scope's unkeyed facts against its others.

A fact with no subject and no attribute read from its words is keyed by its wording
(``text:DIGEST``): the same statement said again merges, but a restatement in other words, or
a change of value, lands under a key of its own. The nightly pass gathers, per scope, the
unkeyed facts new since the scope's last pass and compares each with the scope's other current
facts (every wording each holds), with the meaning check the gate uses inside a key
(``meaning.relate``). Because that check assumes one attribute, a pair is compared only when
the two statements share at least two *attribute words* (content stems that are not values
proper, not generic framing such as "every", "day", "rule", "team", and not common across the
scope's statements: said by more than ``COMMON_SHARE`` of them), or one attribute word and
two values or a name or number (then only a ``same`` verdict counts). Then, per group (an
entry and the wordings merged into it), the verdicts vote:

- more ``same`` / ``refinement`` than ``contradiction``: a restatement, merged into the older
  entry (its evidence, last confirmation and confidence grow; the new entry is retired,
  pointing to it);
- more ``contradiction``: a change; the newer statement wins (rule 5) and the older entry is
  superseded, but only when the older one is unkeyed too (an entry under an attribute key is
  the gate's to supersede: it is left apart);
- otherwise, or when two groups tie with different verdicts: left apart.

What the attribute words leave apart gets a second look by frame, value and meaning
(``memcurator.frames``, ``memcurator.sentence_vectors``): the scope's current facts are
grouped by the words that stay between statements (one frame refilled: "Book my desk in _"),
the words that vary (a value said in two frames), and by what they mean: two statements
whose sentence vectors are ``CLOSE`` are about one attribute ("We do retrospectives every
sprint" / "Retros happen every sprint"; such pairs are mostly one value reworded, and
sometimes two values), and by the frames the tenant's other scopes share
(``memcurator.frames.TenantFrames``: users of one tenant say one attribute's frames with the
same values, "Anchoring scope the user lays out: 3:1" / "Pay out 3:1 when we drop the hook",
where one scope has seen each frame with one value at most; their words are never shown in
this scope's log rows). In each group with a new unkeyed fact, oldest first, one value said
again in words the frames can see joins the current entry and anything else supersedes it
(the newer wins, so the current value is the newest statement's whether the two were one
value or two); an entry under an attribute key may be joined, never superseded.

Never across scopes (one scope at a time), never deleting. Pure: no I/O; the store's reads
and writes are ``store.leftover_reads`` / ``store.leftover_writes``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from memcurator.frames import Groups, Joins, TenantFrames, group_wordings, refill
from memcurator.keys import is_wording_key, key_attribute
from memcurator.meaning import Judgement, cardinality, relate
from memcurator.shown import _show
from memcurator.wording import _FAMILY, _analyse, _stem

# Two statements are about one attribute only if they share this many attribute words.
MIN_SHARED = 2
# A stem said by more than this share of the scope's statements names no attribute of its own.
COMMON_SHARE = 0.08
# Framing that recurs across attributes ("every day", "team rule", "I always use").
_GENERIC_WORDS = (
    "every day days daily week weeks weekly time times rule rules policy only always usual "
    "usually prefer preference team teams work use uses need needs make makes like want "
    "please also get go keep set thing"
)
GENERIC = frozenset(_stem(w) for w in _GENERIC_WORDS.split())
# Two current facts of a scope this close in meaning (``memcurator.sentence_vectors``'s
# cosine) are one attribute's. Chosen on development streams (banks A, C, D, E; text only,
# 10 users x 30 days): pairs of one scope at 0.55 or above were of one attribute 0.95 of the
# time; 0.50 kept more restatements apart from each other but superseded about twice as many
# facts of another attribute or another member of a set.
CLOSE = 0.55


@dataclass(frozen=True)
class Fact:
    """One current fact of the scope, as it stood at the pass's cutoff: its id, key, the
    wordings it holds (its statements', and those of the entries merged into it at night),
    and when it became current."""

    id: str
    subject_key: str
    wordings: tuple[str, ...]
    valid_from: datetime
    created_at: datetime
    new: bool = False  # unkeyed and created since the scope's last pass

    @property
    def unkeyed(self) -> bool:
        return is_wording_key(self.subject_key)

    def order(self) -> tuple[datetime, datetime, str]:
        return (self.valid_from, self.created_at, self.id)


@dataclass(frozen=True)
class Decision:
    """``merge``: ``entry`` (unkeyed, newer) joins ``into``; ``supersede``: ``entry`` (older,
    unkeyed) is superseded by ``into`` (the newer statement). ``why`` is the log's reason."""

    action: str
    entry: str
    into: str
    subject_key: str
    relation: str
    why: str


@dataclass
class _Vote:
    group: Fact
    shared: frozenset[str]
    agree: int = 0
    change: int = 0
    verdicts: list[tuple[str, Judgement]] = field(default_factory=list)

    @property
    def verdict(self) -> str | None:
        if self.agree > self.change:
            return "merge"
        if self.change > self.agree:
            return "supersede"
        return None


# What two statements mean, close or far: the pairwise cosine matrix of a list of statements
# (``memcurator.sentence_vectors.Encoder.similarities``), or None to group by words alone.
Meaning = Callable[[Sequence[str]], np.ndarray]


def resolve_scope(
    facts: Sequence[Fact], meaning: Meaning | None, tenant: TenantFrames | None = None
) -> list[Decision]:
    """The decisions for one scope: each new unkeyed fact, oldest first, against the scope's
    other current facts older than it."""
    words = _AttributeWords(w for f in facts for w in f.wordings)
    live = {f.id: f for f in facts}
    held: dict[str, list[str]] = {f.id: list(f.wordings) for f in facts}
    decisions: list[Decision] = []
    ordered = sorted(facts, key=Fact.order)
    for new in (f for f in ordered if f.new and f.unkeyed):
        if new.id not in live:
            continue
        votes = [
            vote
            for other in ordered
            if other.id in live and other.order() < new.order()
            if (vote := _vote(new, other, held[other.id], words)) is not None
        ]
        decision = _decide(new, votes)
        if decision is None:
            continue
        decisions.append(decision)
        if decision.action == "merge":
            del live[new.id]
            held[decision.into] += held.pop(new.id)
        else:
            del live[decision.entry]
    return decisions + _by_frames([f for f in ordered if f.id in live], held, meaning, tenant)


class _AttributeWords:
    """Each statement's attribute words, given the scope's statements (for what is common)."""

    def __init__(self, texts: Iterable[str]) -> None:
        unique = sorted(set(texts))
        self.said = Counter(w for t in unique for w in _analyse(t).said)
        self.limit = max(3.0, COMMON_SHARE * len(unique))
        self.known: dict[str, frozenset[str]] = {}

    def rare(self, stems: frozenset[str]) -> frozenset[str]:
        """The names among ``stems`` that few of the scope's statements say: a name said
        about one thing only ("Tomasz", "YAPF"), not one the scope uses everywhere ("Python")."""
        return frozenset(w for w in stems if self.said[w] <= self.limit)

    def of(self, text: str) -> frozenset[str]:
        if (found := self.known.get(text)) is not None:
            return found
        t = _analyse(text)
        self.known[text] = found = frozenset(
            w for w in t.said - t.salient - t.names
            if w not in GENERIC and self.said[w] <= self.limit and not w.isdigit()
        )
        return found


def _vote(new: Fact, other: Fact, wordings: list[str], words: _AttributeWords) -> _Vote | None:
    """How ``new`` reads against each wording of ``other`` that is about its attribute: one
    that shares ``MIN_SHARED`` attribute words with it (any verdict counts), or one attribute
    word and two values or a value proper (a name, a number; only ``same`` counts: a shared
    value says nothing of a change). An older entry's attribute key frames the comparison, as
    inside the key."""
    text = new.wordings[0]
    mine, values, said = words.of(text), _proper(text), _analyse(text).salient
    changed = _analyse(text).change is not None
    attribute = None if other.unkeyed else key_attribute(other.subject_key)
    kind = cardinality(attribute) if attribute else "single"
    about = {"attribute": attribute} if attribute else {}
    vote: _Vote | None = None
    for wording in dict.fromkeys(wordings):
        shared = mine & words.of(wording)
        theirs = _analyse(wording).salient
        common = said & theirs
        by_name = bool(words.rare(common & values))
        if not shared and not by_name:
            continue  # every way in needs an attribute word, or a rare name, in common
        by_words = len(shared) >= MIN_SHARED
        by_both = len(common) >= 2 or bool(common & values)
        if not (by_words or by_both):
            continue
        judgement = relate(wording, text, kind=kind, **about)
        if vote is None:
            vote = _Vote(other, frozenset())
        basis = shared | (common if by_both else set())
        vote.shared = max(vote.shared, basis, key=lambda s: (len(s), sorted(s)))
        if _refilled(wording, text):
            pass  # one frame, another filler: not a restatement, whatever the words share
        elif by_words and judgement.relation == "contradiction":
            vote.change += 1
        elif changed or _one_frame(wording, text):
            pass  # said to be a change, or one frame refilled: never a restatement
        elif judgement.relation == "same" or (
            judgement.relation == "refinement" and (by_words or len(common) >= 2)
        ):
            vote.agree += 1  # two values in common and nothing contradicted: one statement
        elif by_words and judgement.relation == "unrelated" and _one_value(common, shared):
            # The meaning check saw two facets, but the two share the attribute's words and a
            # value proper, and no value of either is missing from the other's frame: reworded.
            vote.agree += 1
        elif judgement.relation == "unrelated" and _same_values(said, theirs, values, shared):
            vote.agree += 1
        vote.verdicts.append((wording, judgement))
    return vote


def _same_values(
    mine: frozenset[str], theirs: frozenset[str], proper: frozenset[str], shared: frozenset[str],
) -> bool:
    """Whether two statements name exactly the same values (``mine``, ``theirs``), and enough
    of them to be one statement: two names or numbers ("11:00 to 19:00", "MacBook Pro"), or one
    beside an attribute word in common ("two sign-offs" on merging)."""
    return bool(mine) and mine == theirs and (len(mine & proper) >= 2 or bool(shared))


def _one_value(common: frozenset[str], shared: frozenset[str]) -> bool:
    """Whether a pair that shares attribute words also names one value: a value proper in
    common, or three attribute words in common."""
    return bool(common) or len(shared) >= 3


def _refilled(old: str, new: str) -> bool:
    """The same frame with its slot filled otherwise ("I take a black americano in the
    morning" / "I take a decaf latte in the morning"): what differs is the value."""
    x, y = _analyse(old), _analyse(new)
    a, b = x.seq, y.seq
    head = _common(a, b)
    tail = _common(a[::-1], b[::-1])
    tail = min(tail, len(a) - head, len(b) - head)
    mid_a, mid_b = a[head : len(a) - tail], b[head : len(b) - tail]
    frame = head + tail
    # The frame is the shared opening and ending; each side's filler is what the other does not
    # say. A filler longer than the frame ("Our build jobs sit on the Buildkite setup" /
    # "Pipelines for this project: the Buildkite setup") is another frame around one value.
    only_a, only_b = set(mid_a) - set(mid_b), set(mid_b) - set(mid_a)
    if frame < 2 or max(len(only_a), len(only_b)) > frame:
        return False
    # Fillers that each name a value the other lacks: one frame, two values.
    if only_a & x.salient and only_b & y.salient:
        return True
    # Fillers with no value recognised count when short beside the frame ("Stick me in an
    # exit-row seat" / "... a seat on the corridor side"), unless the shared part is an ending
    # that holds a value after differing openings: the value said again in two frames ("My
    # escalation level: tier 3, the last resort" / "On the ladder I'm tier 3, the last resort").
    said_a, said_b = only_a & x.said, only_b & y.said
    shared_value = tail > head and bool(set(a[len(a) - tail:]) & x.salient)
    return (bool(said_a) and bool(said_b) and 2 * max(len(said_a), len(said_b)) <= frame
            and not shared_value)


def _one_frame(old: str, new: str) -> bool:
    """One frame refilled as ``memcurator.frames`` reads it, and not one value in two frames."""
    found = refill(old, new)
    return found is not None and not found.one_value


def _common(a: Sequence[str], b: Sequence[str]) -> int:
    """How many leading stems ``a`` and ``b`` share."""
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


def _proper(text: str) -> frozenset[str]:
    """The values proper a statement names: names and numbers."""
    t = _analyse(text)
    return frozenset(w for w in t.salient if w in t.names or any(c.isdigit() for c in w))


def _decide(new: Fact, votes: list[_Vote]) -> Decision | None:
    """The group with the most attribute words in common decides; a tie with another group
    that reads otherwise, an undecided vote, or a change of an attribute-keyed entry: none."""
    decided = [v for v in votes if v.verdict is not None]
    if not decided:
        return None
    best = max(len(v.shared) for v in decided)
    top = [v for v in decided if len(v.shared) == best]
    if len({v.verdict for v in top}) > 1:
        return None
    vote = top[-1]  # the newest of equals: the one a restatement would repeat
    group = vote.group
    relation = "same" if vote.verdict == "merge" else "contradiction"
    backing = [j for _, j in vote.verdicts
               if (j.relation == "contradiction") == (vote.verdict == "supersede")]
    reason = next((j for j in backing if j.relation != "unrelated"), backing[0])
    shared = _show(vote.shared, group.wordings + new.wordings)  # the older first, as relate
    formed = (f"grouped with {group.id} ({group.subject_key}) by the attribute words "
              f"and values {shared}; {len(vote.verdicts)} of its wordings compared, "
              f"{vote.agree} same or refinement, {vote.change} change")
    if vote.verdict == "merge":
        relation = "same" if reason.relation == "unrelated" else reason.relation
        why = (f"nightly, unkeyed: {new.id} ({new.subject_key}) restates {group.id}: "
               f"{relation} ({reason.reason}); {formed}")
        return Decision("merge", new.id, group.id, new.subject_key, relation, why)
    if not group.unkeyed:
        return None
    why = (f"nightly, unkeyed: {group.id} ({group.subject_key}) superseded by the newer "
           f"{new.id} ({new.subject_key}): change ({reason.reason}); {formed}")
    return Decision("supersede", group.id, new.id, new.subject_key, relation, why)


def _by_frames(
    live: list[Fact], held: dict[str, list[str]], meaning: Meaning | None,
    tenant: TenantFrames | None = None,
) -> list[Decision]:
    """The second look, for what the attribute words left apart: the scope's unkeyed facts
    grouped by frame and value (``memcurator.frames``); in each group with a new fact, oldest
    first, a restatement joins the current entry and anything else supersedes it (the newer
    statement wins, rule 5). An entry under an attribute key may be joined but is the gate's
    to supersede: a change of it is left apart, as is a restatement that is not new."""
    if not any(f.new and f.unkeyed for f in live):
        return []
    owner: dict[str, str] = {}
    for f in live:
        for w in held[f.id]:
            owner.setdefault(w, f.id)
    groups = group_wordings(list(owner))
    joins = Joins(f.id for f in live)
    first: dict[int, str] = {}
    for w, fid in owner.items():
        joins.join(fid, first.setdefault(groups.group[w], fid))
    close = _close_in_meaning(live, meaning) if meaning is not None and len(live) > 1 else {}
    for a, b in close:
        joins.join(a, b)
    # What the scope's own statements group, before the tenant's frames join more.
    own = {f.id: joins.find(f.id) for f in live}
    if tenant is not None:
        by_group: dict[int, str] = {}
        for w, fid in owner.items():
            if (g := tenant.group_of(w)) is not None:
                joins.join(fid, by_group.setdefault(g, fid))
    members: dict[str, list[Fact]] = {}
    for f in live:  # ``live`` is in order: so is each group
        members.setdefault(joins.find(f.id), []).append(f)
    decisions: list[Decision] = []
    for group in members.values():
        if len(group) < 2 or not any(f.new and f.unkeyed for f in group):
            continue
        current = group[0]
        for fact in group[1:]:
            # Each entry read by its own wording (its first): what was merged into it may
            # have been misread, and a misreading must not spread.
            relation, why = _framed_relation(
                current.wordings[0], fact.wordings[0], groups, close.get((current.id, fact.id)),
                by_tenant=own[current.id] != own[fact.id],
            )
            formed = (f"grouped by frame and value with {len(group)} entries of the scope; "
                      f"{why}")
            if relation in ("same", "refinement") and fact.new and fact.unkeyed:
                decisions.append(Decision(
                    "merge", fact.id, current.id, fact.subject_key, relation,
                    f"nightly, unkeyed: {fact.id} ({fact.subject_key}) restates {current.id}: "
                    f"{relation}; {formed}",
                ))  # fmt: skip
                continue
            verdict = "change" if relation == "contradiction" else f"{relation}, said again"
            if not current.unkeyed:
                current = fact  # the gate's entry stays; later statements read against this one
                continue
            decisions.append(Decision(
                "supersede", current.id, fact.id, fact.subject_key, relation,
                f"nightly, unkeyed: {current.id} ({current.subject_key}) superseded by the "
                f"newer {fact.id} ({fact.subject_key}): {verdict}; {formed}",
            ))  # fmt: skip
            current = fact
    return decisions


def _close_in_meaning(live: list[Fact], meaning: Meaning) -> dict[tuple[str, str], float]:
    """Pairs of the scope's current facts whose first wordings are close in meaning (the
    sentence encoder's cosine at least ``CLOSE``), both ways round, with their cosine."""
    texts = [f.wordings[0] for f in live]
    sims = meaning(texts)
    pairs: dict[tuple[str, str], float] = {}
    for i, j in zip(*np.nonzero(np.triu(sims >= CLOSE, 1)), strict=True):
        a, b = live[int(i)].id, live[int(j)].id
        pairs[(a, b)] = pairs[(b, a)] = float(sims[i, j])
    return pairs


def _framed_relation(
    older: str, newer: str, groups: Groups, cosine: float | None = None, by_tenant: bool = False
) -> tuple[str, str]:
    """How the newer entry's wording reads against the older one's, in one frame group: one
    value in two frames, or a value said in both, is a restatement, unless the newer says it
    is a change or each names a value proper the other does not ("... on Fri" / "... on Wed");
    "also" adds to it; one frame refilled is a change; so is a pair linked only through other
    statements."""
    refilled = groups.refilled(older, newer)
    if by_tenant and refilled is None and groups.shared_value(older, newer) is None:
        # Other scopes said these two frames with the same values: one attribute. Nothing of
        # this scope's says more, so a change (never a merge: their words are not shown
        # here, the log row is this scope's).
        return "contradiction", (
            "one attribute by frames the tenant's statements share, no value in common"
        )
    if not (_analyse(newer).change or _own_values(older, newer)):
        # Not said to be a change ("Different now: ..."), and not a value each.
        if refilled is not None and refilled.one_value:
            return "same", f"one value {' '.join(refilled.tail)!r} in two frames"
        if refilled is None and (words := groups.shared_value(older, newer)) is not None:
            return "same", f"both say {' '.join(words)!r}"
    if _analyse(newer).additive:
        return "refinement", "the newer adds to it ('also', 'too')"
    if refilled is not None:
        # Not the meaning check: it reads the frame's words too ("... in the morning").
        return "contradiction", f"one frame {refilled.frame()!r} with another filler"
    if cosine is not None:
        return "contradiction", f"close in meaning (cosine {cosine:.3f}), no value in common"
    # Linked only through others: no word of the pair says it is one value, and the meaning
    # check is misled by the attribute's own words ("coffee", "weekend"): read as a change,
    # which loses nothing (the older stays in the history) where a wrong merge would.
    return "contradiction", "linked through the group's other statements, no value in common"


def _own_values(a: str, b: str) -> bool:
    """Whether each of two statements names a value proper (a name, a number, a listed value
    such as a day) the other does not."""
    x, y = _listed(a), _listed(b)
    return bool(x - y) and bool(y - x)


def _listed(text: str) -> frozenset[str]:
    t = _analyse(text)
    return _proper(text) | frozenset(w for w in t.salient if w in _FAMILY)
