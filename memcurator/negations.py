"""Negations for ``meaning.relate``: which are plain ("not", "no", "never") and which say a
value is over ("no longer", "used to", "anymore"); under an attribute of things refused
("food_dislikes", "meeting_free_day", "allergies") which state the value rather than negate it;
which cues only name the attribute ("dislike" under "food_dislikes"); and whether a negation
governs a set's member. Pure standard library, no I/O.
"""

from __future__ import annotations

from memcurator.cardinality import _attribute_words
from memcurator.variants import _same_word
from memcurator.wording import _NEGATORS, _stem, _Text

_PLAIN = frozenset(_stem(w) for w in ("not", "no", "never", "nothing", "none", "non"))
_ANYMORE = _stem("anymore")
_OVER = ("after all", "any long", "any more", "no more")  # "not allergic after all"


def _plain_negation(t: _Text) -> bool:
    """Whether a statement's negations are plain ones ("don't", "no", "never"), none a sign that
    a value is dropped or over ("no longer", "used to", "stopped", "quit", "anymore")."""
    seq = " ".join(t.seq)
    over = _ANYMORE in t.seq or any(cue in seq for cue in _OVER)
    return bool(t.negs) and set(t.negs) <= _PLAIN and not t.change and not over


_REFUSING = _NEGATORS | {_stem("free")}  # "meeting_free_day": a day with no meetings


def _averse(attribute: str) -> bool:
    """Whether an attribute's name holds a negation ("food_dislikes", "meeting_free_day"): its
    values are things refused, so "not for me", "no mushrooms" state a value, as under an
    absence attribute."""
    return not _attribute_words(attribute).isdisjoint(_REFUSING)


def _without_cues(t: _Text, words: frozenset[str]) -> _Text:
    """A statement less the negation cues that are words of the attribute's name: "dislike"
    in a statement about dislikes names the slot; it negates nothing."""
    negs = tuple(n for n in t.negs if n not in words)
    return t if negs == t.negs else t._replace(negs=negs, scope=t.scope if negs else frozenset())


def _refusal(t: _Text, named: bool) -> _Text:
    """A statement under an attribute of things refused, its plain negation read as the value
    when it governs nothing (or, ``named``, whatever it governs)."""
    if not _plain_negation(t) or (t.scope and not named):
        return t
    return t._replace(negs=(), scope=frozenset())


def _governs(neg: _Text, member: _Text) -> bool:
    """Whether a plain negation governs a set's member: its scope says the member's words, or
    it has no scope to tell ("not on the team"). "Hindi conversations are no problem" negates
    "problem", not Hindi."""
    if not neg.scope or not _plain_negation(neg._replace(change=None)):
        return True
    words = member.values | member.names
    return any(t in words or any(_same_word(t, u) for u in words) for t in neg.scope)
