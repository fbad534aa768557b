"""One attribute, one key: the canonical name of a fact's attribute, and why.

Extractors spell one attribute many ways (``seat``, ``Seat Preference``, ``preferred_seat``,
``seats``); the lexicon in keys.py names it ``seat_preference``. A key is built from the
canonical name, so all of them land on one key, and the log says how the name was read
("`seat` read as `seat_preference`").

Conservative by design, because two attributes under one key is a wrong merge:

- only spelling is folded: case, separators, a plural last word, the ``preferred_`` /
  ``favourite_`` / ``_preference`` forms of one attribute;
- synonyms come from a small shipped table of common attributes, never from guessing;
- a reading that would change the attribute's cardinality (``preferred_pet`` is one pet,
  ``pet`` gathers several) is not taken;
- an ambiguous name (``language``: spoken or programming?) is read as a table name only when
  the value or the statement settles it (``language: Python``).

``legacy_forms`` lists the spellings older keys were stored under, so the store can still find
an entry keyed before this module existed (store/timelines.py reads them with the canonical key).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from memcurator.attribute_synonyms import SYNONYMS as _SYNONYMS
from memcurator.cardinality import cardinality

_NON_WORD = re.compile(r"[^\w]+")


def normalise_key_part(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form of one key part (keys.py re-exports it)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _NON_WORD.sub("_", folded).strip("_")

# Words that mark a preferred value; they say nothing about which attribute it is.
_LEADING = ("preferred", "favourite", "favorite", "fav", "preferable", "chosen", "usual")
_TRAILING = ("preference", "preferences", "pref", "prefs")
# Plural endings left alone: "status", "bus", "analysis", "glass", "news", "series".
_KEEP_PLURAL = re.compile(r"(?:ss|us|is|ics|news|series|species|ies_spoken|s_spoken)$")

# Names that mean a table attribute only when the value or the statement says so.
_PROGRAMMING = re.compile(
    r"(?<![\w+#])(?:python|rust|golang|typescript|javascript|java|kotlin|swift|ruby|php|scala"
    r"|elixir|haskell|clojure|julia|dart|zig|ocaml|erlang|c\+\+|c#|f#|(?-i:Go))(?![\w+#])",
    re.IGNORECASE,
)
_AMBIGUOUS: dict[str, tuple[str, re.Pattern[str]]] = {
    "language": ("programming_language", _PROGRAMMING),
}


def _singular(word: str) -> str:
    if len(word) <= 3 or not word.endswith("s") or _KEEP_PLURAL.search(word):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if re.search(r"(?:ch|sh|x|zz|ss)es$", word):
        return word[:-2]
    return word[:-1]


def stem(name: str) -> str:
    """An attribute name without case, separators, preference marks or a plural last word:
    ``Preferred Seats`` -> ``seat``. Empty when nothing but marks is left."""
    words = [w for w in normalise_key_part(name).split("_") if w]
    if words[:2] == ["go", "to"]:
        words = words[2:]  # "go-to coffee"
    while words and words[0] in _LEADING:
        words = words[1:]
    while words and words[-1] in _TRAILING:
        words = words[:-1]
    if words:
        words[-1] = _singular(words[-1])
    return "_".join(words)


def canonical_attribute(name: str, context: str = "") -> str:
    """The one name of an attribute (see the module docstring). ``context`` is what settles an
    ambiguous name: the subject's value, else the statement."""
    given = normalise_key_part(name)
    base = stem(given)
    if not base:
        return given
    if base in _AMBIGUOUS:
        target, settles = _AMBIGUOUS[base]
        return target if settles.search(context) else given
    read = _SYNONYMS.get(base) or _SYNONYMS.get(given, base)
    if cardinality(read) != cardinality(given):
        return given  # "preferred_pet" is one pet; "pet" gathers several
    return read


def explain(name: str, canonical: str) -> str | None:
    """"`seat` read as `seat_preference`" when the canonical name differs from the given one
    (as normalised), else None. Only the attribute's name is quoted, never a value."""
    given = normalise_key_part(name)
    return None if given == canonical else f"`{given}` read as `{canonical}`"


@lru_cache(maxsize=4096)  # asked for every fact key of every ingest batch: pure, so cached
def legacy_forms(canonical: str) -> tuple[str, ...]:
    """Spellings a key of this attribute may have been stored under before names were
    canonicalised (each normalised; the canonical name itself not included), sorted: every
    table synonym of it and the plural / preference-mark forms of its stem (the common
    spellings, not all: a rare one stored before is found again only once re-stated)."""
    stems = {s for s, target in _SYNONYMS.items() if target == canonical} | {stem(canonical)}
    # An ambiguous name's old keys stay out: an old `language` key may be a spoken language.
    forms: set[str] = set()
    for s in stems:
        if not s:
            continue
        plural = s + "es" if re.search(r"(?:ch|sh|x|zz)$", s) else (
            s[:-1] + "ies" if s.endswith("y") and s[-2:-1] not in "aeiou" else s + "s"
        )
        forms |= {s, plural, f"{s}_preference", f"preferred_{s}"}
    # Only spellings that read as this attribute today: `preferred_pet` is not a `pet`.
    return tuple(sorted(f for f in forms if f != canonical and canonical_attribute(f) == canonical))

