"""Gate rule 2, learned stage: a linear score over words and sentence shape for chatter no rule names.

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

from memcurator.transient_weights import BIAS, THRESHOLD, VOCAB, WEIGHTS

__all__ = ["GERUND_COMPOUNDS", "features", "judge", "learned_reason", "margin", "tokens_of"]

# Longer candidates are never scored: chatter is short, and a long sentence mostly carries content.
_MAX_WORDS = 30

_TOKEN = re.compile(r"[a-z][a-z']*|\d+")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'"})

# Words that state a habit, a rule, a preference or a standing fact about someone.  Any one of them
# keeps the candidate: these are the statements whose loss costs most, and chatter rarely needs
# them.  Chosen by meaning, not fitted to any example set.
_DURABLE_CUES = frozenset(
    """
    always never every everyday usually typically generally normally prefer prefers preferred
    preference favourite favorite allergic allergy allergies intolerant vegetarian vegan
    deadline deadlines due must mandatory required requires require policy rule rules owns
    lives lived born married birthday anniversary default forbidden allowed banned uses user
    user's users weekly daily monthly nightly annually quarterly
    job jobs career careers employer employed unemployed retired retiring pregnant pregnancy expecting
    leave sabbatical recovering diagnosed diet married divorce divorced engaged widowed kids
    children son daughter wife husband partner spouse parents moved based visa passport
    learning studying degree certified licensed fluent native speaks
    """.split()
)
# Two-word cues of the same kind: employment and a standing willingness.
_DURABLE_PAIRS = frozenset(
    ["working for", "working at", "works at", "works for", "work at", "work for", "happy to",
     "willing to", "would rather", "i'd rather"]
)
# Gerunds that open a noun compound, not an action: "Checking account on file", "Running shoes
# size 44".  Both stages consult it (memcurator.transient too).
GERUND_COMPOUNDS = frozenset(
    " ".join(pair.split())
    for pair in """
    checking account, savings account, running shoes, walking boots, hiking boots, swimming pool,
    parking spot, parking space, parking lot, parking permit, boarding pass, meeting room,
    waiting list, waiting room, mailing list, shopping list, cooking class, living room,
    dining room, sleeping bag, washing machine, training plan, booking reference, loading dock
    """.split(",")
)
# A gerund opening a clause with no finite verb after it is the speaker's in-flight narration
# ("Pulling the logs now"); one with a finite verb is a durable generalisation ("Running the tests
# requires Docker").  These finite forms are the common ones; an -s verb is caught by shape.
_FINITE = frozenset(
    """
    is are was were has have had does do did can can't cannot will won't would should could
    may might must needs takes causes makes breaks fails requires means helps works costs
    isn't aren't wasn't doesn't don't
    """.split()
)
_SUBORDINATORS = frozenset("whether if why what where how to that which who when until so".split())
_OPENERS = frozenset(
    "ok okay alright so now still just currently also and then right well hmm um oh sure".split()
)
# A process caught mid-way: "is lagging", "are still loading", "'s throwing".
_PROGRESSIVE = re.compile(r"(?:\bis|\bare|\bam|'s|'re|'m) (?:still |currently |now |just )?\w+ing\b")
# Progress through something in flight: "73%", "40 of 120", "three minutes in", "ten minutes ago".
_PROGRESS = re.compile(
    r"\d+ ?%|\b\d+ (?:of|/) \d+\b|\b(?:minutes?|mins?|seconds?|secs?|moments?) (?:in|ago|left)\b"
)
_RECENT = ("just now", "yet", "anymore", "a minute ago", "a moment ago", "a sec ago", "mid-")
_NOW = frozenset("now currently rn atm presently".split())
_NOW_PHRASES = ("right now", "as we speak", "at the moment", "for now", "so far", "just now")
_PATIENCE = (
    "one sec", "a sec", "a second", "a moment", "a minute", "a few minutes", "hang tight",
    "hang on", "hold on", "bear with", "give me", "be right", "with you shortly",
)
_POINTERS = (
    "you sent", "you pasted", "you shared", "you attached", "you mentioned", "you forwarded",
    "you posted", "you linked", "you uploaded", "you highlighted", "you just", "i sent", "i pasted",
    "i linked", "i wrote", "i said", "above", "earlier", "upthread", "previous message",
    "last message", "this chat", "this thread", "my screen", "your screen", "on my end",
    "on my side", "my end", "for me",
)
# Well-wishing and greeting openers: pleasantries that hold no proposition ("Enjoy the sunshine!").
# "happy to" is left out on purpose: "Happy to take a layover if it saves money" is a preference.
_WISH = re.compile(
    r"(?:hope|hoping|enjoy|have an? (?:good|great|nice|lovely|safe|wonderful)|good luck|best of luck"
    r"|happy (?!to )\w+|stay (?:safe|warm|dry|cool)|safe travels|congrat\w*|welcome|merry|nice"
    r" (?:talking|chatting|meeting|to)|great (?:talking|chatting|to)|good to|lovely to)\b"
)
_FIRST_PERSON_NOW = ("i'm ", "im ", "i am ", "we're ", "we are ")
_FIRST_PERSON_NEXT = (
    "let me ", "lemme ", "let's ", "let us ", "i'll ", "i will ", "we'll ", "i'm going to ",
    "i'm gonna ", "i'm about to ", "we're going to ", "we're about to ", "about to ",
)

# How a structural feature reads in a reason.
_LABELS = {
    "s:gerund_open": "opens on an in-flight action",
    "s:first_person_ing": "first-person progressive",
    "s:first_person_next": "speaker's next step",
    "s:now": "right now",
    "s:patience": "asks for patience",
    "s:pointer": "points into the chat",
    "s:question": "question back",
    "s:wish": "pleasantry",
    "s:progressive": "something under way",
    "s:progress": "progress of something in flight",
    "s:recent": "just happened",
}


def _normalise(content: str) -> str:
    return " ".join(content.lower().translate(_QUOTES).split())


def _tokens(text: str) -> list[str]:
    return ["<num>" if tok[0].isdigit() else tok for tok in _TOKEN.findall(text)]


def _gerund_open(tokens: list[str]) -> bool:
    """The first content word (after "ok", "still", "now" ...) is an -ing form and no finite verb
    follows it."""
    start = 0
    while start < len(tokens) - 1 and tokens[start] in _OPENERS:
        start += 1
    first = tokens[start] if tokens else ""
    if not (first.endswith("ing") and len(first) > 4):
        return False
    if " ".join(tokens[start : start + 2]) in GERUND_COMPOUNDS:
        return False  # "checking account", but "checking the account" is an action
    for token in tokens[start + 1 :]:
        if token in _SUBORDINATORS:
            return True  # "checking whether port 8080 is in use": that verb is the clause's own
        if token in _FINITE:
            return False
    return True


def _structure(text: str, tokens: list[str]) -> list[str]:
    """Shape features: who acts, when, and whether the sentence leans on the chat around it."""
    found: list[str] = []
    padded = f" {text} "
    if _gerund_open(tokens):
        found.append("s:gerund_open")
    for opener in _FIRST_PERSON_NOW:
        at = padded.find(" " + opener)
        if at >= 0:
            rest = padded[at + len(opener) + 1 :].split()
            if any(w.endswith("ing") for w in rest[:3]):
                found.append("s:first_person_ing")
            break
    if any(" " + p in padded for p in _FIRST_PERSON_NEXT):
        found.append("s:first_person_next")
    if any(t in _NOW for t in tokens) or any(p in text for p in _NOW_PHRASES):
        found.append("s:now")
    if any(p in text for p in _PATIENCE):
        found.append("s:patience")
    if any(p in text for p in _POINTERS):
        found.append("s:pointer")
    if _PROGRESSIVE.search(text):
        found.append("s:progressive")
    if _PROGRESS.search(text):
        found.append("s:progress")
    if any(p in padded for p in _RECENT):
        found.append("s:recent")
    if text.rstrip().endswith("?"):
        found.append("s:question")
    if _WISH.match(text):
        found.append("s:wish")
    return found


def features(content: str, vocab: frozenset[str] = VOCAB) -> list[str]:
    """The sparse binary features of one candidate, in a fixed order (training uses the same).

    A word outside ``vocab`` (seen in fewer than two training rows) becomes "<unk>": what the
    model learns about unknown words is what it applies to words nobody wrote in training, and a
    short sentence of unknown content words ("Plays chess") reads as content, not as chatter."""
    text = _normalise(content)
    raw = _tokens(text)
    tokens = [t if t in vocab else "<unk>" for t in raw]
    grams = [f"w:{t}" for t in tokens]
    padded = ["<s>", *tokens, "</s>"]
    # A bigram with an unknown word would only say where unknown words sit; the shape features
    # say that better (an unknown gerund opening the sentence is s:gerund_open).
    grams += [
        f"b:{a} {b}" for a, b in zip(padded, padded[1:], strict=False)
        if a != "<unk>" and b != "<unk>"
    ]
    return grams + _structure(text, raw)


def has_durable_cue(content: str) -> bool:
    """A word stating a habit, rule, preference or standing fact is present."""
    return any(t in _DURABLE_CUES for t in _tokens(_normalise(content)))


def _readable(feature: str) -> str:
    if feature in _LABELS:
        return _LABELS[feature]
    gram = feature[2:].replace("<s> ", "").replace(" </s>", "")
    return f"'{gram}'"


def learned_reason(content: str) -> str | None:
    """Say why the learned stage judges ``content`` chatter, or None to keep it."""
    return judge(content, (BIAS, THRESHOLD, WEIGHTS, VOCAB))


Model = tuple[float, float, dict[str, float], frozenset[str]]


def margin(content: str, model: Model) -> tuple[float, list[tuple[float, str]]] | None:
    """The logit minus the threshold and each feature's part, or None when a guard keeps it."""
    bias, threshold, weights, vocab = model
    tokens = tokens_of(content)
    if not tokens or len(tokens) > _MAX_WORDS or any(t in _DURABLE_CUES for t in tokens):
        return None
    if any(f"{a} {b}" in _DURABLE_PAIRS for a, b in zip(tokens, tokens[1:], strict=False)):
        return None
    feats = sorted(set(features(content, vocab)))
    unknown = sum(t not in vocab for t in tokens)
    if 2 * unknown >= len(tokens) and not any(f.startswith("s:") for f in feats):
        return None  # mostly unknown words, no shape of chatter: likely a terse fact ("Veggie")
    parts = [(weights.get(f, 0.0), f) for f in feats]
    return bias + sum(w for w, _ in parts) - threshold, parts


def judge(content: str, model: Model) -> str | None:
    """The reason ``model`` drops ``content`` (naming its top features), or None to keep it."""
    found = margin(content, model)
    if found is None or found[0] < 0:
        return None
    top = sorted((p for p in found[1] if p[0] > 0), key=lambda p: (-p[0], p[1]))[:3]
    return f"learned chatter ({', '.join(_readable(f) for _, f in top)})"


def tokens_of(content: str) -> list[str]:
    """The words the model sees, before unknown ones are replaced (the trainer counts these)."""
    return _tokens(_normalise(content))
