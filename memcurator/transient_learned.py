"""Gate rule 2, learned stage: a linear score over words and sentence shape, for unnamed chatter.

The rule stage (memcurator.transient) recognises chatter by grammars written against examples, and
misses wording nobody anticipated ("Logging into the Stripe dashboard to find that duplicate
charge").  This stage scores what makes such a sentence chatter rather than its exact words: the
speaker's own in-flight action (a clause opening on a gerund, "I'm ...ing", "let me", "I'll"),
present-moment adverbs ("now", "as we speak", "at the moment"), requests for patience, pointers
into the chat ("you sent", "above", "earlier") and short length, next to word unigrams and bigrams.

The weights are learned offline by bench/train_transient.py (scikit-learn logistic regression,
fixed seed, sorted data) and exported to memcurator/transient_weights.py as a dict literal, so this
module imports nothing beyond the standard library, reads no file and downloads nothing.  Scoring
is a few dozen dict look-ups.

Precision comes first: a candidate is dropped only when its probability clears a high threshold
AND it carries no durable cue ("always", "prefers", "allergic", "the user" ...): a habit, rule or
fact about someone is kept whatever else the sentence says.  The reason names the features that
pushed the score up, so a log reader sees why.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache, lru_cache
from itertools import pairwise, repeat

from memcurator.transient_durable import durable_shape
from memcurator.transient_shapes import (
    _APOLOGY,
    _BE,
    _BE_ADVERBS,
    _DAY_PAIRS,
    _DAY_WORDS,
    _DETERMINERS,
    _FINITE,
    _FIRST_PERSON,
    _ING_NOUNS,
    _ING_PREFIXES,
    _LABELS,
    _MAX_LABEL_WORDS,
    _NEXT_PAIRS,
    _NEXT_WORDS,
    _NOW_PAIRS,
    _NOW_WORDS,
    _OFFER_PAIRS,
    _OPENERS,
    _PATIENCE_PAIRS,
    _POINTER_PAIRS,
    _POINTER_WORDS,
    _PRESENT_HEADS,
    _PRESENT_OPENINGS,
    _PROGRESS_UNITS,
    _RECENT_PAIRS,
    _RECENT_WORDS,
    _SCREEN_WORDS,
    _SUBORDINATORS,
    _THANKS,
    _WAIT_VERBS,
    _WISH,
    GERUND_COMPOUNDS,
    reaction,
    waits,
)

__all__ = [
    "GERUND_COMPOUNDS",
    "features",
    "has_durable_cue",
    "judge",
    "learned_reason",
    "logit",
    "margin",
    "shipped_model",
    "tokens_of",
]

# Longer candidates are never scored: chatter is short, and a long sentence mostly carries content.
_MAX_WORDS = 30


def _words(text: str) -> frozenset[str]:
    """A closed word class written as prose-like lines, which read better than many quotes."""
    return frozenset(text.split())


_TOKEN = re.compile(r"[a-z][a-z']*|\d+")
# A quoted phrase: quotes at word boundaries, so that "don't" opens none.
_QUOTED = re.compile(r"(?<![a-z])'[^']+'(?![a-z])|\"[^\"]+\"|“[^”]+”")
_DIGIT = re.compile(r"\d").search
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'"})


def _normalise(content: str) -> str:
    text = content.lower().strip()
    # str.translate with a dict is slow; most candidates are ASCII and need none.
    return text if text.isascii() else text.translate(_QUOTES)


def _tokens(text: str) -> list[str]:
    tokens = _TOKEN.findall(text)
    if _DIGIT(text) is None:
        return tokens
    return ["<num>" if tok[0].isdigit() else tok for tok in tokens]


def _gerund_open(text: str, tokens: list[str]) -> bool:
    """The first content word (after "ok", "still", "now" ...) is an -ing form and no finite verb
    follows it."""
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _OPENERS:
        start += 1
    if start < len(tokens) - 1 and tokens[start] in _ING_PREFIXES and _ing(tokens[start + 1]):
        start += 1  # "re-reading", "double-checking": the tokeniser splits at the hyphen
    first = tokens[start] if tokens else ""
    if not (first.endswith("ing") and len(first) > 4) or first in _ING_NOUNS:
        return False
    if " ".join(tokens[start : start + 2]) in GERUND_COMPOUNDS:
        return False  # "checking account", but "checking the account" is an action
    head, colon, _ = text.partition(": ")
    if colon and first in head.split() and head.count(" ") < _MAX_LABEL_WORDS:
        return False  # a label: "Governing law: Delaware", "Migrating auth to OAuth: done"
    rest = tokens[start + 1 :]
    for i, token in enumerate(rest):
        if token in _SUBORDINATORS:
            return True  # "checking whether port 8080 is in use": that verb is the clause's own
        if token in _FINITE:
            return False
        if i and token[-1] == "s" and rest[i + 1 : i + 2] and rest[i + 1] in _DETERMINERS:
            return False  # "Restarting the cache drops all sessions": a general statement
    return True


def _ing(word: str) -> bool:
    return len(word) > 4 and word.endswith("ing")


def _progressive(tokens: list[str]) -> tuple[bool, bool]:
    """(a first-person progressive "I'm pulling", any progressive "the site is throwing")."""
    first = progressive = False
    for i, token in enumerate(tokens):
        speaker = token in _FIRST_PERSON or (
            token in ("am", "are") and i > 0 and tokens[i - 1] in ("i", "we")
        )
        if not (speaker or token in _BE):
            continue
        rest = tokens[i + 1 : i + 4]
        while rest and rest[0] in _BE_ADVERBS:
            rest = rest[1:]
        if rest and _ing(rest[0]):
            progressive = True
            first = first or speaker
    return first, progressive


def _structure(text: str, tokens: list[str], pairs: frozenset[str] | set[str]) -> list[str]:
    """Shape features: who acts, when, and whether the sentence leans on the chat around it.

    ``pairs`` are the sentence's word pairs (with "<s>" and "</s>" at the ends).  A quoted phrase
    is mentioned, not said ("The 'let me check' bot reply is disabled"): it has no shape."""
    if ("'" in text or '"' in text) and _QUOTED.search(text):
        text = _QUOTED.sub(" ", text)
        tokens = _tokens(text)
        pairs = set(_bigrams(tokens))
    words = set(tokens)
    found = []
    if not _BE.isdisjoint(words):
        first, progressive = _progressive(tokens)
        if first:
            found.append("s:first_person_ing")
        if progressive:
            found.append("s:progressive")
    if not _NEXT_WORDS.isdisjoint(words) or not _NEXT_PAIRS.isdisjoint(pairs):
        found.append("s:first_person_next")
    if not _NOW_WORDS.isdisjoint(words) or not _NOW_PAIRS.isdisjoint(pairs):
        found.append("s:now")
    if not _PATIENCE_PAIRS.isdisjoint(pairs) or (
        not _WAIT_VERBS.isdisjoint(words) and waits(tokens)
    ):
        found.append("s:patience")
    if not _POINTER_WORDS.isdisjoint(words) or not _POINTER_PAIRS.isdisjoint(pairs):
        found.append("s:pointer")
    if (
        "%" in text
        or ("<num> of" in pairs and "of <num>" in pairs)
        or (not _PROGRESS_UNITS.isdisjoint(words) and ("ago" in words or "left" in words))
    ):
        found.append("s:progress")
    if not _RECENT_WORDS.isdisjoint(words) or not _RECENT_PAIRS.isdisjoint(pairs) or "mid-" in text:
        found.append("s:recent")
    if text.endswith("?"):
        found.append("s:question")
    if _WISH(text):
        found.append("s:wish")
    if not _APOLOGY.isdisjoint(words):
        found.append("s:apology")
    if not _THANKS.isdisjoint(words):
        found.append("s:thanks")
    if _gerund_open(text, tokens):
        found.append("s:gerund_open")
    if reaction(tokens, pairs):
        found.append("s:reaction")
    if tokens and (tokens[0] in _PRESENT_HEADS or " ".join(tokens[:2]) in _PRESENT_OPENINGS):
        found.append("s:presenting")
    if not _SCREEN_WORDS.isdisjoint(words):
        found.append("s:screen")
    if not _DAY_WORDS.isdisjoint(words) or not _DAY_PAIRS.isdisjoint(pairs):
        found.append("s:day")
    if not _OFFER_PAIRS.isdisjoint(pairs):
        found.append("s:offer")
    return found


def features(content: str, vocab: frozenset[str] | None = None) -> list[str]:
    """The sparse binary features of one candidate (the trainer's view; run time sums the same).

    A word outside ``vocab`` (seen in fewer than two training rows) becomes "<unk>": what the
    model learns about unknown words is what it applies to words nobody wrote in training, and a
    short sentence of unknown content words ("Plays chess") reads as content, not as chatter."""
    if vocab is None:
        vocab = shipped_model()[3]
    text = _normalise(content)
    raw = _tokens(text)
    tokens = [t if t in vocab else "<unk>" for t in raw]
    grams = [f"w:{t}" for t in tokens]
    # A bigram with an unknown word would only say where unknown words sit; the shape features
    # say that better (an unknown gerund opening the sentence is s:gerund_open).
    grams += [f"b:{gram}" for gram in _bigrams(tokens) if "<unk>" not in gram]
    grams += [f"c:{gram}" for gram in sorted(set().union(*map(_word_grams, set(raw))))]
    return grams + _structure(text, raw, set(_bigrams(raw)))


# Letter n-grams of each distinct word, padded with "^" and "$" at its ends ("^loa", "ing$"): they
# carry what the model learned about a word to words that share its stem or its ending
# ("reloading", "re-indexing"), which is what wording nobody wrote in training mostly is.  Each gram
# counts once per candidate; a word's grams are cached (bounded: the gate sees an open vocabulary).
CHAR_N = 4
_WORD_CACHE = 1 << 16


@lru_cache(maxsize=_WORD_CACHE)
def _word_grams(word: str) -> tuple[str, ...]:
    """The letter n-grams of one word (numbers and one-letter words have none)."""
    if len(word) < 2 or word == "<num>":
        return ()
    padded = f"^{word}$"
    return tuple(sorted({padded[i : i + CHAR_N] for i in range(max(1, len(padded) - CHAR_N + 1))}))


@lru_cache(maxsize=_WORD_CACHE)
def _letter_weight(word: str) -> float:
    """The summed weights of ``word``'s letter n-grams in the shipped model (for the reason)."""
    letters = _lookups()[5]
    return sum(letters.get(gram, 0.0) for gram in _word_grams(word))


def _bigrams(tokens: list[str]) -> list[str]:
    padded = ["<s>", *tokens, "</s>"]
    return [a + " " + b for a, b in pairwise(padded)]


def _guarded(content: str, text: str, tokens: list[str]) -> bool:
    """Too long to be chatter, or the shape of a durable statement: keep without scoring."""
    return (
        len(tokens) < 2  # a word alone is the rules' to name ("Checking...") or a fact ("Baking")
        or len(tokens) > _MAX_WORDS
        or durable_shape(text, tokens)
        or _named_pursuit(content, text, tokens)
    )


# A profile note that opens on a gerund is short and names something: "Taking AP Calculus BC",
# "Searching Oakland only".  Narration names its object with an article, a pointer or "now".
_PURSUIT_WORDS = 5
_NARRATED = _words("the a an it this that these those your my our now just still again")


def _named_pursuit(content: str, text: str, tokens: list[str]) -> bool:
    """A short gerund opening on a capitalised name, with nothing that narrates the moment."""
    if len(tokens) > _PURSUIT_WORDS or not _NARRATED.isdisjoint(tokens):
        return False
    later = content.split()[1:]
    return any(w[:1].isupper() and w != "I" for w in later) and _gerund_open(text, tokens)


def has_durable_cue(content: str) -> bool:
    """The candidate has the shape of a habit, rule, preference, request or standing fact
    (memcurator.transient_durable)."""
    text = _normalise(content)
    tokens = _tokens(text)
    return bool(tokens) and _guarded(content, text, tokens)


def _readable(feature: str) -> str:
    if feature in _LABELS:
        return _LABELS[feature]
    gram = feature[2:].replace("<s> ", "").replace(" </s>", "")
    return f"'{gram}'"


Model = tuple[float, float, dict[str, float], frozenset[str]]


def margin(content: str, model: Model) -> tuple[float, list[tuple[float, str]]] | None:
    """The logit minus the threshold and each feature's part, or None when a guard keeps it.

    The trainer's (and the explanation's) path: it builds every feature name."""
    bias, threshold, weights, vocab = model
    text = _normalise(content)
    tokens = _tokens(text)
    if _guarded(content, text, tokens):
        return None
    feats = sorted(set(features(content, vocab)))
    if not any(f.startswith("s:") for f in feats) and _words_alone_keep(content, tokens, vocab):
        return None  # no shape of chatter, and an unknown word or a negation: likely content
    parts = [(weights.get(f, 0.0), f) for f in feats]
    return bias + sum(w for w, _ in parts) - threshold, parts


def judge(content: str, model: Model) -> str | None:
    """The reason ``model`` drops ``content`` (naming its top features), or None to keep it."""
    found = margin(content, model)
    if found is None or found[0] < 0:
        return None
    top = sorted((p for p in found[1] if p[0] > 0), key=lambda p: (-p[0], p[1]))[:3]
    return f"learned chatter ({', '.join(_readable(f) for _, f in top)})"


@cache
def shipped_model() -> Model:
    """The shipped model (bias, threshold, weights, vocabulary), parsed on first use.

    memcurator.transient_weights holds it as two string constants, which compile and load in
    a fraction of the time and memory a 13,000-entry dict literal took; and nothing imports it
    until a candidate reaches the learned stage, so the rules alone never pay for it."""
    from memcurator import transient_weights as shipped

    weights = {}
    for entry in shipped.WEIGHTS.replace("\n", "").split("|"):
        if entry:
            name, _, value = entry.rpartition("=")
            weights[name] = float(value)
    return shipped.BIAS, shipped.THRESHOLD, weights, frozenset(shipped.VOCAB.split())


@cache
def _lookups() -> tuple[
    float, dict[str, float], float, dict[str, float], dict[str, float], dict[str, float]
]:
    """The shipped model split by feature kind, so run time looks words up without building
    names: (bias minus threshold, words, unknown-word weight, pairs, shapes).  Every vocabulary
    word has an entry (0.0 when its weight was pruned): a word missing from the words is
    unknown, and unknown words share the "<unk>" weight once."""
    bias, threshold, weights, vocab = shipped_model()
    words = dict.fromkeys(vocab, 0.0) | {k[2:]: w for k, w in weights.items() if k[:2] == "w:"}
    pairs = {k[2:]: w for k, w in weights.items() if k[:2] == "b:"}
    shapes = {k: w for k, w in weights.items() if k[:2] == "s:"}
    letters = {k[2:]: w for k, w in weights.items() if k[:2] == "c:"}
    return bias - threshold, words, weights.get("w:<unk>", 0.0), pairs, shapes, letters


# Negations ("not", "can't" ...) turn an acknowledgement into a judgement or a fact: "Oh that's
# not a bad idea actually", "She can't even sit yet".
_NEGATIONS = _words("not never no nope can't cannot don't doesn't didn't isn't wasn't won't")


# A candidate of at most this many words with no shape of chatter is kept: it is most often a
# terse fact ("Morning person", "Annual billing"), and the rules name the short chatter.
_TERSE = 3


# A note of at most this many words that names something (a capitalised word after the first) and
# has no shape of chatter reads as a record: "Litigation hold on Acme files".
_NOTE = 6


def _words_alone_keep(content: str, tokens: list[str], vocab: Collection[str]) -> bool:
    """With no shape of chatter only the words speak; they are not enough when one of them is
    unknown ("Veggie") or negates ("that's not a bad idea"), or in a short note that names
    something: keep the candidate."""
    return (
        len(tokens) <= _TERSE
        or not all(t in vocab for t in tokens)
        or not _NEGATIONS.isdisjoint(tokens)
        or (len(tokens) <= _NOTE and _names(content))
    )


def _names(content: str) -> bool:
    """A capitalised word after the first, other than "I" ("... on Acme files")."""
    return any(w[:1].isupper() and w[:2] not in ("I", "I'") for w in content.split()[1:])


def _assess(content: str) -> tuple[str, list[str], set[str], list[str]] | None:
    """Normalised text, words, word pairs and shapes; None when a guard keeps ``content``."""
    text = _normalise(content)
    tokens = _tokens(text)
    if _guarded(content, text, tokens):
        return None
    grams = set(_bigrams(tokens))
    shapes = _structure(text, tokens, grams)
    if not shapes and _words_alone_keep(content, tokens, _lookups()[1].keys()):
        return None  # no shape of chatter, and an unknown word or a negation: likely content
    return text, tokens, grams, shapes


def logit(content: str) -> float | None:
    """The shipped model's logit minus its threshold, or None when a guard keeps ``content``.

    Equal to ``margin(content, shipped model)[0]`` (a unit test holds them together), at a
    fraction of the cost: no feature name is built."""
    found = _assess(content)
    return None if found is None else _total(found)


def _total(found: tuple[str, list[str], set[str], list[str]]) -> float:
    _, tokens, grams, shapes = found
    offset, words, unknown, pairs, shape_weights, letters = _lookups()
    distinct = set(tokens)
    total = offset + (0.0 if words.keys() >= distinct else unknown)
    total += sum(map(words.get, distinct, repeat(0.0)))
    total += sum(map(pairs.get, grams, repeat(0.0)))
    if letters:
        grams = set().union(*map(_word_grams, distinct))
        total += sum(map(letters.get, grams, repeat(0.0)))
    return total + sum(map(shape_weights.get, shapes, repeat(0.0)))


def learned_reason(content: str) -> str | None:
    """Say why the learned stage judges ``content`` chatter, naming the three features that
    pushed its score up most, or None to keep it."""
    found = _assess(content)
    if found is None or _total(found) < 0:
        return None
    _, tokens, grams, shapes = found
    _, words, unknown, pairs, shape_weights, letters = _lookups()
    # A word's part includes its letter n-grams' weights, so the reason names words, not n-grams
    # (a gram shared by two words counts for both here, which only orders the names).
    parts = [
        (words.get(t, unknown) + (_letter_weight(t) if letters else 0.0), f"'{t}'")
        for t in set(tokens)
    ]
    parts += [
        (w, f"'{g.replace('<s> ', '').replace(' </s>', '')}'")
        for g in grams
        if (w := pairs.get(g, 0.0)) > 0
    ]
    parts += [(shape_weights.get(name, 0.0), _LABELS[name]) for name in shapes]
    ranked = sorted((p for p in parts if p[0] > 0), key=lambda p: (-p[0], p[1]))
    names = [name for _, name in ranked]  # "please" and "please </s>" read alike: name it once
    return f"learned chatter ({', '.join(list(dict.fromkeys(names))[:3])})"


def tokens_of(content: str) -> list[str]:
    """The words the model sees, before unknown ones are replaced (the trainer counts these)."""
    return _tokens(_normalise(content))
