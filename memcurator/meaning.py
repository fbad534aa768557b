"""Rule 4's last stage: what a new statement is relative to an active one under the same key.

``same`` (reworded: merge), ``refinement`` (more specific, or a further value of a set-valued
attribute: update in place), ``contradiction`` (cannot both be true: supersede) or ``unrelated``
(different facets that can both be true). Vector-like similarity is symmetric where meaning is
not ("prefers window seats" / "prefers aisle seats"), so it speaks last. The key's attribute,
when known, names the slot: its own words ("coffee", "order") are set aside so that what is left
are the value-bearing words. In order: explicit values; polarity and denial ("no longer", "used
to", "Rust instead of Python", "nothing merges without X" asks for X); antonyms; for a
single-valued attribute a slot filled differently (listed values, numbers, names, a change cue
such as "now", "switched", "Update:", or value words with nothing in common under the
attribute); then overlap: shared value words (up to variants, short forms like "NYC" / "New York
City", one-letter slips) restate; a new statement that keeps the old wording and adds to it, or
adds a name, number or listed value, refines. A wrong merge is the worst error, so ``same`` needs
shared value words with nothing competing beside them. Pure standard library, no I/O; the reading
of one statement is in ``memcurator.wording``, analysed once and cached.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from memcurator.absence import _absence_attribute, _absence_wording
from memcurator.cardinality import Cardinality, _attribute_initials, _attribute_words, cardinality
from memcurator.listed_values import by_members, written_out
from memcurator.negations import _averse, _governs, _plain_negation, _refusal, _without_cues
from memcurator.shown import _show, judged_statements, remembered
from memcurator.spellings import hour_span
from memcurator.variants import _hour_ranges, _hours_as_clock, _initials, _joined, _same_word
from memcurator.wording import (
    _ANCESTORS,
    _COMPLEMENT,
    _FAMILY,
    _RELATIONAL_OPPOSITE,
    _SALIENT,
    _VALUE_OPPOSITE,
    _analyse,
    _similarity,
    _stem,
    _Text,
    _trigrams,
)

__all__ = ["Cardinality", "Judgement", "Relation", "cardinality", "relate"]

Relation = Literal["same", "refinement", "contradiction", "unrelated"]


@dataclass(frozen=True, slots=True)
class Judgement:
    """The relation of a new statement to an old one, why, and the text similarity seen."""
    relation: Relation
    reason: str
    similarity: float
    # Of a set-valued attribute's gathered statements ("; "-joined), those the new one retracts
    # while the others still hold: the entry drops them and keeps the rest (a refinement).
    drops: tuple[str, ...] = ()


_Verdict = tuple[Relation, str]
_Diff = tuple[frozenset[str], frozenset[str]]  # what only the old, only the new one mentions


@remembered
@judged_statements
def relate(
    old: str, new: str, *, old_value: str | None = None, new_value: str | None = None,
    kind: Cardinality = "single", attribute: str | None = None,
) -> Judgement:
    """What ``new`` is relative to the active ``old`` under the same scope and subject key.
    ``attribute`` is the key's attribute ("coffee_order"): its own words name the slot, not
    the value, so they are set aside before the values are compared. Under an attribute whose
    values are absences (allergies, a diet) "no gluten" states the value ("avoids gluten")."""
    if attribute and (_absence_attribute(attribute) or _averse(attribute)):
        old, new = _absence_wording(old), _absence_wording(new)
    if (a := _analyse(old)).norm == (b := _analyse(new)).norm:
        return Judgement("same", "same wording", 1.0)
    if kind == "set" and "; " in old and (
            by_statement := _by_statement(old, new, attribute, old_value, new_value)):
        return by_statement
    a, b = _frame_out(a, b, attribute)
    a, b = _names_shared(a, b)
    similarity, diff = _similarity(a, b), _unmatched(a, b)
    values = ((old_value or "").strip(), (new_value or "").strip())
    verdict = _by_values(a, b, values, kind) if all(values) else None
    note = ""
    if verdict is None and (unshared := _unshared_negation(a, b)):
        a, b, note = unshared
        diff = _unmatched(a, b)
    verdict = verdict or _by_polarity(a, b) or _by_opposites(a, b)
    if verdict is None and kind == "single" and (narrower := _kinship(a, b)):
        verdict = "refinement", narrower  # "Linux" / "Ubuntu": one value, more or less precise
    verdict = verdict or (_by_slot(a, b, diff) if kind == "single" else None)
    relation, reason = verdict or _by_overlap(a, b, kind, diff, similarity)
    if note and relation != "contradiction" and not a.salient & b.salient:
        # Read as a denial, the negation no longer guards the merge: only a value proper
        # both name (a name, number or listed value) still says they are one statement.
        relation, reason = "unrelated", "negation differs, no value in common"
    return Judgement(relation, f"{reason}; {note}" if note else reason, similarity)


def _unshared_negation(a: _Text, b: _Text) -> tuple[_Text, _Text, str] | None:
    """A plain statement negation whose scope the other statement does not say ("don't book
    me at 1pm, that's my lunch" / "I have lunch at 1pm": nothing says "book"; "my no-meeting
    day is Thursday" / "Thursday is my focus day"): it denies only what it governs, so it is
    read as a denial of those words, not of the statement. Returns both statements, the negated
    one so read, and a note for the reason; None when the scope is shared ("doesn't have a
    shellfish allergy" / "allergic to shellfish") or the negation says a value is over ("no
    longer", "used to", "stopped", "not ... anymore"). A change cue ("Update:") stays."""
    if bool(a.negs) == bool(b.negs):
        return None
    neg, other = (a, b) if a.negs else (b, a)
    if not neg.scope or not _plain_negation(neg._replace(change=None)):
        return None
    stated = other.said | other.values
    if any(t in stated or any(_same_word(t, u) for u in stated) for t in neg.scope):
        return None
    if any(_COMPLEMENT.get(t, frozenset()) & other.values for t in neg.values):
        return None  # of a two-valued slot "not X" says "Y" ("can't handle spicy" / "mild")
    read = neg._replace(negs=(), denied=neg.denied | neg.scope, values=neg.values - neg.scope,
                        salient=neg.salient - neg.scope)
    note = (f"its negation ('{_show(frozenset(neg.negs))}') is of {_show(neg.scope)}, "
            "which the other does not say")
    return (read, b, note) if neg is a else (a, read, note)


def _names_shared(a: _Text, b: _Text) -> tuple[_Text, _Text]:
    """A word written as a name on one side ("Dvorak") is that name on the other too, however
    it is cased there ("dvorak"): case is not meaning."""
    if not (shared := (a.names | b.names) & a.values & b.values - (a.names & b.names)):
        return a, b
    return (a._replace(names=a.names | shared, salient=a.salient | shared),
            b._replace(names=b.names | shared, salient=b.salient | shared))


def _by_statement(
    old: str, new: str, attribute: str | None, old_value: str | None, new_value: str | None,
) -> Judgement | None:
    """A set-valued entry's gathered statements ("; "-joined) compared one by one: a new
    statement that restates one of them is the same (its other statements are other members,
    not a change); one that retracts some but not all refines the entry (``_retracts``)."""
    clauses = [c for c in old.split("; ") if c.strip()]
    verdicts = [relate(c, new, kind="set", attribute=attribute) for c in clauses]
    members = {_norm(m) for m in (old_value or "").split(", ")} if old_value else set()
    known = not new_value or not members or _norm(new_value) in members
    for clause, verdict in zip(clauses, verdicts, strict=True):
        if verdict.relation == "same" and known:
            # An explicit member none of the statements carries is a new one, never "same".
            return Judgement("same", f"restates one of its statements ('{clause}': "
                             f"{verdict.reason})", verdict.similarity)
    return _retracts(old, new, clauses, verdicts)


def _norm(value: str) -> str:
    return " ".join(value.casefold().split())


def _retracts(
    old: str, new: str, clauses: list[str], verdicts: list[Judgement],
) -> Judgement | None:
    """A statement that retracts some of a set's gathered statements but not all of them ("no
    longer allergic to peanuts" against "allergic to shellfish; allergic to peanuts"): the
    members that still hold stay current, so it refines the entry instead of superseding it."""
    drops = tuple(c for c, v in zip(clauses, verdicts, strict=True)
                  if v.relation == "contradiction")
    if not drops or len(drops) == len(clauses) or any(v.relation == "same" for v in verdicts):
        return None
    kept = len(clauses) - len(drops)
    reason = next(v.reason for v in verdicts if v.relation == "contradiction")
    return Judgement("refinement", f"retracts {len(drops)} of its statements ({reason}); "
                     f"{kept} still hold", _similarity(_analyse(old), _analyse(new)), drops)


def _frame_out(a: _Text, b: _Text, attribute: str | None) -> tuple[_Text, _Text]:
    """Both statements less the attribute's own words, when each keeps something to compare.
    A listed value in the name ("dark" in "dark_mode", "coffee" in "coffee_order") stays a
    word of the statement but no longer counts as a value proper: it names the slot."""
    words = _attribute_words(attribute) if attribute else frozenset()
    if not words.isdisjoint(a.negs + b.negs):  # "dislike" under "food_dislikes" names the slot
        a, b = _without_cues(a, words), _without_cues(b, words)
    if attribute and (averse := _averse(attribute) or _absence_attribute(attribute)):
        # Under an attribute of things refused, a plain negation with nothing it governs ("Olives
        # - not for me", "Shellfish is a hard no") states the value; under one whose name says
        # it ("dislikes"), so does any plain one ("mushrooms I can't").
        a, b = (_refusal(t, _averse(attribute)) for t in (a, b)) if averse else (a, b)
    # A negation's scope is not the attribute's own words ("never commit *secrets*" under
    # secrets_store), unless they are all it governs ("no allergies" negates the attribute).
    a, b = (t._replace(scope=t.scope - words) if t.scope - words else t for t in (a, b))
    for short in _attribute_initials(attribute) if attribute else ():
        words |= frozenset(_initials(short, a.seq) + _initials(short, b.seq))
    if not words or not (a.values & words or b.values & words):
        return (a._replace(keyed=True), b._replace(keyed=True)) if attribute else (a, b)
    va, vb = a.values - (words - _SALIENT), b.values - (words - _SALIENT)
    if not va or not vb:  # one side only names the attribute: compare them whole
        va, vb = a.values, b.values
    framed = va != a.values or vb != b.values
    return (a._replace(values=va, salient=a.salient - words, framed=framed, keyed=True,
                       grams=frozenset().union(*map(_trigrams, va))),
            b._replace(values=vb, salient=b.salient - words, framed=framed, keyed=True,
                       grams=frozenset().union(*map(_trigrams, vb))))


def _by_values(a: _Text, b: _Text, values: tuple[str, str], kind: Cardinality) -> _Verdict:
    """Decide from the extractor's explicit values; the texts only add polarity and detail."""
    va, vb = _analyse(values[0]), _analyse(values[1])
    shown, flipped = f"({values[0]} -> {values[1]})", bool(a.negs) != bool(b.negs)
    if va.values == vb.values if va.values or vb.values else va.norm == vb.norm:
        if flipped and _plain_negation(b if b.negs else a):
            # Both carry the same value and the negation drops nothing ("Please don't book me
            # on Fridays" / "No meetings on Fridays", value friday): part of the value's wording.
            cue = _show(frozenset((b if b.negs else a).negs))
            return "same", f"same value {shown}, a negation in its wording ('{cue}')"
        if flipped:
            return _negation(a, b)
        # One value on both sides: a change cue ("switched on", "back to X") changes nothing.
        a, b = a._replace(change=None), b._replace(change=None)
        if (denial := _by_polarity(a, b)) and denial[0] == "contradiction":
            return denial  # the same value, dropped: "Dropped Python 3.8 support"
        relation, reason = _by_overlap(a, b, kind, _unmatched(a, b), _similarity(a, b))
        return (relation, reason) if relation != "unrelated" else ("same", f"same value {shown}")
    # A value written out further refines it, unless a change is announced ("upgraded to
    # Standard Premier" after "standard" is another class, not more detail of it).
    fresh_change = b.change is not None and b.change != a.change
    narrower = _kinship(va, vb) or (None if fresh_change else written_out(values))
    if kind == "single" and not narrower and not (va.values and va.values < vb.values):
        return "contradiction", f"different value {shown}"
    if kind == "single":
        return "refinement", narrower or f"more specific value {shown}"
    if listed := by_members(b, values):
        return listed
    if (ruled := va.values & b.denied) and not vb.values & b.denied and not flipped:
        # "We replaced ELK with Loki": the new statement rules the old member out.
        return "contradiction", f"rules out {_show(ruled)} {shown}"
    # A set loses a member only when the negated side names one the other has (or none at all)
    # and its negation governs that member ("Hindi conversations are no problem" removes none).
    neg, member = (b, vb) if b.negs else (a, va)
    if flipped and (va.values & vb.values or narrower or not member.values):
        if _governs(neg, member):
            return "contradiction", f"removes value {shown}"
        if vb.values <= va.values:
            return "same", f"a member it has {shown}; the negation is of something else"
    if not flipped and b.change and b.change != a.change and not _adds_member(b) and not narrower:
        # "Update: I go by they/them now" after he/him: a change announced with nothing added
        # ("also", "another") replaces the set's value, as it does a single one.
        return "contradiction", f"replaces value {shown} ('{b.change}', nothing added)"
    return ("unrelated", f"negates another value {shown}") if flipped else (
        "refinement", f"adds value {shown}")


# Words that say a member joins the others ("another", "one more", "as well", "joined", "added").
_JOINS = frozenset(map(_stem, ("another", "more", "extra", "plus", "joined", "added", "adds")))


def _adds_member(t: _Text) -> bool:
    """Whether a statement adds to a set rather than replacing what it held."""
    seq = t.seq
    pairs = set(pairwise(seq))
    return t.additive or not _JOINS.isdisjoint(seq) or ("as", "well") in pairs or (
        ("on", "top") in pairs)


def _negation(a: _Text, b: _Text) -> _Verdict:
    cue = (b if b.negs else a).negs[0]
    return "contradiction", f"negation ('{_show((cue,))}')"


def _by_polarity(a: _Text, b: _Text) -> _Verdict | None:
    """One side rules out what the other states ("Rust instead of Python"), or is negated while the
    other is not: a contradiction unless they speak of different values ("allergic to shellfish"
    and "not allergic to peanuts" are both true; "no allergies" is not)."""
    if (hit := (b.denied & a.values) or (a.denied & b.values)) or bool(a.negs) == bool(b.negs):
        return ("contradiction", f"rules out {_show(hit)}") if hit else None
    neg, pos = (a, b) if a.negs else (b, a)
    # Of a two-valued slot, "not X" says "Y", whatever else both mention ("can't handle spicy
    # food" / "mild food only").
    for stem in neg.values & _COMPLEMENT.keys() - pos.values if len(neg.negs) == 1 else ():
        if hit := _COMPLEMENT[stem] & pos.values - neg.values:
            return "same", f"not {_show({stem})} means {_show(hit)}"
    if a.values and b.values and not a.values & b.values and not _kinship(a, b):
        return "unrelated", f"{_negation(a, b)[1]} of another value"
    return _negation(a, b)


def _by_opposites(a: _Text, b: _Text) -> _Verdict | None:
    """Antonyms: values always conflict; relational opposites only about a shared thing."""
    # What a side rules out ("never the aisle") is no value it holds: two denials do not clash.
    held_a, held_b = a.opposable - a.denied, b.opposable - b.denied
    # Counted as written, so that a word both use once ("on calls") still leaves the other
    # use of it ("video on" / "video off") to be compared.
    count_a, count_b = Counter(a.seq), Counter(b.seq)
    only_a = {t for t in held_a if t not in b.opposable or count_a[t] > count_b[t] > 0}
    only_b = {t for t in held_b if t not in a.opposable or count_b[t] > count_a[t] > 0}
    related = bool(a.values & b.values) or not a.values or not b.values
    if only_a and only_b:
        for table in (_VALUE_OPPOSITE, _RELATIONAL_OPPOSITE) if related else (_VALUE_OPPOSITE,):
            for stem in sorted(only_a):
                if hit := table.get(stem, frozenset()) & only_b:
                    return "contradiction", f"opposites ({_show({stem})} -> {_show(hit)})"
    for x, y in ((a, b), (b, a)) if related else ():  # "available"/"unavailable", "agrees"/"dis-"
        for stem in (s for s in x.values - y.values if s.startswith(("dis", "un", "in"))):
            if (stem[3:] if stem[0] == "d" else stem[2:]) in y.values:
                return "contradiction", f"opposites ({_show({stem})}, a negating prefix)"
    return None


def _by_slot(a: _Text, b: _Text, diff: _Diff) -> _Verdict | None:
    """A single-valued slot filled differently: languages, editors, numbers, names, "now X".
    What a side rules out ("never the aisle") fills no slot: two denials do not compete."""
    was, now = diff[0] - a.denied, diff[1] - b.denied
    diff = was, now
    for family in {_FAMILY[t] for t in was if t in _FAMILY} & {_FAMILY.get(u) for u in now}:
        old, new = ({t for t in side if _FAMILY.get(t) == family} for side in diff)
        return "contradiction", f"different value ({_show(old)} -> {_show(new)})"
    for x, y, xs, ys in ((a, b, was, now), (b, a, now, was)):
        if ends := _hour_ranges(x, y, xs, ys):  # "9 to 5" / "07:00-15:00": other hours
            shown = ("-".join(ends[0]), "-".join(ends[1]))
            return "contradiction", "different hours ({} -> {})".format(*(
                shown if x is a else shown[::-1]))
    if (span_a := hour_span(a.seq)) and (span_b := hour_span(b.seq)) and span_a != span_b:
        # "nine till five" / "eleven till seven": two ranges of hours, the clock's either half
        return "contradiction", "different hours ({} -> {})".format(
            *("-".join(str(h) for h in span) for span in (span_a, span_b)))
    numbers_a = frozenset(t for t in was if not t.isalpha())
    numbers_b = frozenset(u for u in now if not u.isalpha())
    names_a = frozenset(t for t in was if t in a.names or t in _FAMILY)  # "Jira" vs "Linear"
    names_b = frozenset(u for u in now if u in b.names or u in _FAMILY)
    # A name or number swap counts only inside one frame, so "PRs need 2 reviews" and "CI must
    # pass" (different facets) are not read as one value replacing another.
    framed = bool(a.values & b.values) or not (
        was - names_a - numbers_a or now - names_b - numbers_b)
    for xa, xb, label in ((numbers_a, numbers_b, "number"), (names_a, names_b, "name")):
        if xa and xb and (framed or b.change) and _compete(xa, xb):
            return "contradiction", f"different {label} ({_show(xa)} -> {_show(xb)})"
    if b.change and was and now and not _shared_value(a, b):
        return "contradiction", f"changed ('{b.change}': {_show(was)} -> {_show(now)})"
    old_values, new_values = was & a.salient, now & b.salient
    if old_values and new_values and framed and _compete(old_values, new_values):
        # "weekly" -> "every two weeks"
        return "contradiction", f"different value ({_show(old_values)} -> {_show(new_values)})"
    # ... unless both hold one state word ("the camera on" / "video on"): it may be the value.
    held = (a.opposable - a.denied - a.said) & (b.opposable - b.denied - b.said)
    if was == a.values and now == b.values and was and now and a.framed and b.framed and not held:
        # Under one single-valued attribute nothing but its own words in common: the slot is
        # filled with other words. Read as a change (a wrong supersession keeps both wordings
        # in the history; a wrong merge would lose one).
        return "contradiction", f"no value word in common ({_show(was)} -> {_show(now)})"
    return None


def _compete(old: frozenset[str], new: frozenset[str]) -> bool:
    """Whether a value of one side may stand where the other's stood. A name or a number may
    replace anything; two listed values only within their family ("Friday" / "Monday") or as
    antonyms ("window" / "aisle"): listed values of different families or antonym pairs answer
    different questions ("a hot desk" / "on office days", "the last Friday" / "monthly")."""
    return any(not (_listed(t) and _listed(u)) or _FAMILY.get(t, t) == _FAMILY.get(u, u)
               or u in _VALUE_OPPOSITE.get(t, ()) for t in old for u in new)


def _listed(stem: str) -> bool:
    return stem in _FAMILY or stem in _VALUE_OPPOSITE


def _by_overlap(a: _Text, b: _Text, kind: Cardinality, diff: _Diff, similarity: float) -> _Verdict:
    """No conflict found: equal content is the same; more content refines when the new one
    keeps the old wording and adds to it, or adds a value proper (a name, a number); shared
    value words with nothing competing beside them restate."""
    was, now = diff
    if len(a.negs) % 2 != len(b.negs) % 2:  # "not X" vs "not not X": never merge these
        return "unrelated", "negation differs"
    if not was and not now:  # equal content, or equal up to variants ("deploy"/"deployment")
        word = "reworded" if a.values == b.values else "paraphrase"
        return "same", f"{word} (similarity {similarity:.2f})"
    if (b.change and b.change != a.change and now and not a.values - was
            and not (kind == "set" and b.additive) and not _keeps_wording(a, b)):
        return "contradiction", f"changed ('{b.change}': adds {_show(now)})"
    if not was:
        if _keeps_wording(a, b) or _specific(b, now) or b.additive:
            return "refinement", f"adds detail ({_show(now)})"
        return "same", f"reworded, says no more ({_show(now)} are framing)"
    # It leaves out detail only, or one of alternatives ("window or aisle" / "aisle").
    if not now and ("or" in a.seq or not _competes(was - a.denied, a.values - was)):
        return "same", "restates part of it"
    if narrower := _kinship(a, b):
        return "refinement", narrower
    if kind == "set" and (b.additive or not a.values & b.values or _specific(b, now)):
        return "refinement", f"adds value ({_show(now)})"
    if len(a.values) >= 5 and similarity >= 0.6:  # long texts (task summaries) edited in place
        return "refinement", f"updated (similarity {similarity:.2f})"
    if shared := _shared_value(a, b):  # "likes a window seat" / "always books a window seat"
        return ("refinement", f"adds detail to {shared}") if _keeps_wording(a, b) or _specific(
            b, now - b.denied) else ("same", f"same value ({shared}), reworded")
    if shared := _shared_words(a, b, diff):
        return "same", f"same value words ({shared}), reworded; nothing competes"
    return "unrelated", f"different facet (similarity {similarity:.2f})"


def _keeps_wording(a: _Text, b: _Text) -> bool:
    """Whether the new statement keeps the old one's surface (most of its stems, in order) and
    goes on after it ("Prefers window seats, ideally over the wing"), rather than rewording it
    ("My lunch break is at noon" keeps most of "I have lunch at noon" but adds nothing after)."""
    old, new = a.seq, b.seq
    if not old or len(new) <= len(old):
        return False
    kept, at = 0, -1  # old's stems found in order in the new one, and where the last one was
    for stem in old:
        if stem in new[at + 1 :]:
            at = new.index(stem, at + 1)
            kept += 1
    return kept >= 0.6 * len(old) and not (b.values | b.denied).isdisjoint(new[at + 1 :])


def _specific(b: _Text, added: frozenset[str]) -> bool:
    """Whether what the new statement adds holds a value proper: a name, number or listed value."""
    return not added.isdisjoint(b.salient)


def _shared_words(a: _Text, b: _Text, diff: _Diff) -> str | None:
    """Content words (the attribute's own set aside) both statements use, when the other words
    do not hold a value proper on each side (a name, a number, a listed value: one could
    replace the other) and both rule out the same: a reworded restatement ("black americano"
    in two frames; "quiet zone, level 3" / "the quiet zone on floor 3 on office days")."""
    was, now = diff
    shared = a.values - was  # literally shared, or met through a variant or a short form
    if not shared or _denials_clash(a, b) or len(a.negs) % 2 != len(b.negs) % 2:
        return None
    if not a.keyed:  # with no attribute set aside, the shared words may be the attribute's
        return None
    if not was.isdisjoint(a.salient) and not now.isdisjoint(b.salient):
        return None  # a value proper on each side, beside the shared words: they may compete
    if _competes((was | now) - a.denied - b.denied, shared):
        return None  # "premium economy" / "economy": one more member of the same family
    return _show(shared)


def _competes(extra: frozenset[str], shared: frozenset[str]) -> bool:
    """Whether words only one side has are of the same kind as a shared value: a member of
    the same family ("premium" beside "economy"), or a number beside a number."""
    families = {_FAMILY[t] for t in shared if t in _FAMILY}
    numbers = any(not t.isalpha() for t in shared)
    return any(_FAMILY.get(t) in families or (numbers and not t.isalpha()) for t in extra)


def _shared_value(a: _Text, b: _Text) -> str | None:
    """The salient values both name ("python", "window", "Acme"), if neither names another
    family member, antonym or number and both rule out the same (usually nothing)."""
    if not (shared := a.salient & b.salient) or _denials_clash(a, b):
        return None  # a name on one side only is a detail ("UI"); any other value must match
    was, now = _unmatched(a, b)
    if was and now and (was & a.names or now & b.names) and shared.isdisjoint(_FAMILY):
        return None  # ... unless both sides have more: then it may be the value that changed
    if any(t in _SALIENT or not t.isalpha() for t in a.salient ^ b.salient):
        return None
    if shared.isdisjoint(_SALIENT | a.names):  # a number alone is no value: "2 approvals"
        return None
    return _show(shared) if len(a.negs) % 2 == len(b.negs) % 2 else None


def _denials_clash(a: _Text, b: _Text) -> bool:
    """Whether one side rules out what the other states. Different denials do not clash:
    "window, never the aisle" restates "window seats, not the middle"."""
    return not (a.denied.isdisjoint(b.values) and b.denied.isdisjoint(a.values))


def _unmatched(a: _Text, b: _Text) -> _Diff:
    """What only one side mentions, less stems that meet a variant ("deploy"/"deployment"), a
    short form ("Mongo"/"MongoDB", "NYC"/"New York City") or a slip of the keyboard
    ("widnow"/"window")."""
    old, new = a.values | a.denied, b.values | b.denied
    was, now = old - new, new - old
    if not was or not now:
        return was, now
    matched: set[str] = set()
    names = a.names | b.names  # "Alex"/"Alexandra": a name is rigid
    for t, u in ((t, u) for t in was - names for u in now - names):
        if _same_word(t, u):
            matched.update((t, u))
    for other, words in ((b, was), (a, now)):
        for t in words:
            if spelled := _initials(t, other.seq) or _joined(t, other.seq):
                matched.add(t)
                matched.update(spelled)
    matched.update(_hours_as_clock(a, b, was, now) or _hours_as_clock(b, a, now, was))
    return was - matched, now - matched


def _kinship(a: _Text, b: _Text) -> str | None:
    """A narrower or broader kind of the same thing: shrimp within shellfish."""
    if _ANCESTORS.keys().isdisjoint(a.values ^ b.values):
        return None  # the usual case
    for t in sorted(a.values - b.values):
        for u in sorted(b.values - a.values):
            if u in _ANCESTORS.get(t, ()):
                return f"broader value ({_show({u})} covers {_show({t})})"
            if t in _ANCESTORS.get(u, ()):
                return f"narrower value ({_show({u})} within {_show({t})})"
    return None
