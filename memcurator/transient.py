"""Gate rule 2: drop transient content, which only makes sense inside the live conversation.

The write policy's test: would the sentence still be true and useful in a new session with no
prior context?  Two stages answer it, and this module combines them:

* the rules (memcurator.transient_rules) name the kind of chatter and the clause that showed it:
  acknowledgements, hesitation, the speaker's in-progress action, pointers back into the chat;
  a bracketed note alone ("[image attached]") is a client's placeholder, not a statement;
* the learned stage (memcurator.transient_learned) scores wording the rules never anticipated by
  its shape, and drops only a high score with no durable shape (memcurator.transient_durable: a
  standing rule, a habit, a preference, an identity, a request on the speaker's behalf).

A wrongly dropped fact costs far more than a kept "okay", so every doubt resolves towards keeping.
The gate runs the rules alone unless ``MEMCURATOR_TRANSIENT_LEARNED=true`` (see
memcurator.settings).
The learned stage's threshold is chosen by cross-validation over its training pool, each file (each
written by a different author) left out in turn: at it, no key-pair statement, no terse durable
statement and no sentence of bank A is dropped, and 405 of the 407 conversation turns with a
personal fact in tests/data/convo_turns_blind.jsonl are kept (the two dropped are the rules'), and
all 215 of tests/data/convo_turns_train_3.jsonl.

The conversation turns ("She just started second grade, and she's obsessed with horses right now")
are kept by what makes a turn a fact, not by its words: the durable veto recognises a personal fact
(a relative, a pet or someone of one's life, health, a life event, a hobby, a span of a life such
as "two years ago", the speaker's feelings, a third person as the subject); a turn of several
sentences is dropped only when each sentence is chatter on its own (the learned stage's form of the
rules' "one clause with content keeps it"); and a score carried by words alone, with no shape of
chatter, never drops a negated sentence ("Oh that's not a bad idea actually"), one with a word the
model never saw, or one of three words or fewer.
Pure standard library, no I/O.
"""

from __future__ import annotations

import re
from itertools import pairwise

from memcurator.transient_courtesy import conversation_move, courtesy, may_be_courtesy
from memcurator.transient_durable import durable_shape, states_habit
from memcurator.transient_inflight import may_frame, narrated_desk_action, offer
from memcurator.transient_learned import learned_reason, logit, tokens_of
from memcurator.transient_rules import rule_reason
from memcurator.transient_shown import pointer, progress

__all__ = ["rule_reason", "sentences", "transient_reason"]


def transient_reason(content: str, *, learned: bool = True) -> str | None:
    """Say why ``content`` is transient conversation state, or return None when it is durable.

    Both stages by default, as the gate runs them with ``MEMCURATOR_TRANSIENT_LEARNED=true``
    (``learned=False``: the rules alone, the gate's default; see memcurator/settings.py).  The
    rules come first, whose reasons are the most specific; what they keep is dropped only on a
    learned score at or above the threshold, and for a turn of several sentences only when each
    sentence is chatter by itself.  A habit in the simple present ("I also read Devanagari
    script") is kept whatever the rules say.

    >>> transient_reason("hmm, let me think")
    "in-progress action ('let me think')"
    >>> transient_reason("Logging into the Stripe dashboard to find that duplicate charge.",
    ...                  learned=False) is None
    True
    >>> transient_reason("Logging into the Stripe dashboard to find that duplicate charge.")
    "learned chatter (opens on an in-flight action, 'that', 'find')"
    >>> transient_reason("I'm vegetarian") is None
    True
    >>> transient_reason("If you grab coffee for me, get a decaf latte.") is None
    True
    """
    if not learned:
        return _rules(content)
    reason = _rules(content)
    if reason is not None:
        return reason
    score = logit(content)
    if score is not None and score >= 0 and _each_sentence_chatter(content):
        return learned_reason(content)
    return None


_SENTENCE_ENDS = (". ", "! ", "? ", " but ")


def _each_sentence_chatter(content: str) -> bool:
    """Every sentence (or part joined by "but") of a longer turn is chatter on its own, by the
    rules or the learned score.

    The rules keep a candidate when one clause has content; this is the learned stage's form of
    it.  A turn in a conversation between friends often pairs a reaction or a next step with a
    fact ("I'll make an album! There's like 600 pictures, mostly of mountains"): the whole scores
    as chatter, its second sentence does not."""
    for sentence in sentences(content):
        if _rules(sentence) is not None:
            continue
        score = logit(sentence)
        if score is None or score < 0:
            return False
    return True


def sentences(content: str) -> list[str]:
    """The sentences (and parts joined by "but") of a turn of several, or [] for one sentence."""
    text = content.strip()
    if not any(end in text for end in _SENTENCE_ENDS):
        return []
    for end in _SENTENCE_ENDS[1:]:
        text = text.replace(end, ". ")
    return [s for s in text.split(". ") if s.strip(" .!?")]


# A bracketed note of a few words alone ("[image attached]", "(voice note, 0:14)", "[link
# removed]", "(forwarded message)"): what a chat client or a transcript put in place of something
# that is not in the text. Not a statement, unless its words have a durable shape ("(Vegetarian)",
# "(allergic to nuts)"), which keeps it.
_PLACEHOLDER = re.compile(r"\s*[\[(<{]([^\[\]()<>{}]{1,60})[\])>}]\s*[.!]?\s*")
_PLACEHOLDER_WORDS = 4
_OPENERS = frozenset("[(<{")


def _placeholder(content: str) -> str | None:
    note = _PLACEHOLDER.fullmatch(content)
    if note is None or len(note[1].split()) > _PLACEHOLDER_WORDS:
        return None
    if durable_shape(note[1].lower(), tokens_of(note[1])):
        return None
    return f"a placeholder, not a statement ('{content.strip()[:40]}')"


def _rules(content: str) -> str | None:
    if content.lstrip()[:1] in _OPENERS and (placeholder := _placeholder(content)) is not None:
        return placeholder
    reason = rule_reason(content)
    if reason is None:
        reason = _desk_action(content)
    if reason is not None and states_habit(content):
        return None
    return reason


def _desk_action(content: str) -> str | None:
    """Each sentence is chatter by the rules or has a frame of the moment with no durable
    shape (memcurator.transient_inflight, transient_shown, transient_courtesy): "Lemme grep the
    repo for it", "Want me to ping them?", "Below is a breakdown by region", "Still indexing"."""
    if len(content) > _DESK_CHARS:
        return None
    parts = sentences(content) or [content]
    clauses = [c for part in parts for c in (_CLAUSES.split(part) if _cut(part) else [part])]
    frames = [_moment(clause) for clause in clauses]
    named = next((frame for frame in frames if frame is not None), None)
    if named is None:  # the common case, a durable sentence: no rules run again
        return None
    for clause, frame in zip(clauses, frames, strict=True):
        if frame is None and rule_reason(clause) is None:  # the rules keep this clause
            return None
    if ": " in content and frames[-1] is None:  # "Here's the updated RSVP: yes": a value
        return None
    return named


def _moment(sentence: str) -> str | None:
    """The frame of the moment ``sentence`` has, unless its shape is durable; a sentence of
    several comma-joined parts only when each part is chatter or a frame by itself ("As you can
    see, the third column is empty" keeps its second part), but for an apology, which reads
    its own parts (memcurator.transient_courtesy)."""
    named = _frame_of(sentence)
    if named is None or named.startswith("an apology") or ", " not in sentence:
        return named
    for part in sentence.split(", "):
        if rule_reason(part) is None and _frame_of(part) is None:
            return None
    return named


def _frame_of(sentence: str) -> str | None:
    tokens = tokens_of(sentence)
    # "I'm checking the Guardian now instead of Twitter": a change of habit, not an action
    if "instead" in tokens and ("instead", "of") in pairwise(tokens):
        return None
    question = sentence.rstrip(" .!").endswith("?")
    if not may_frame(tokens, question):
        if not may_be_courtesy(tokens) or (kind := courtesy(tokens, sentence)) is None:
            return None
        return None if durable_shape(sentence.lower().strip(), tokens) else kind
    if (frame := narrated_desk_action(tokens, sentence)) is not None:
        named = f"in-progress action ('{frame}')"
    elif (offered := offer(tokens, question)) is not None:
        named = f"an offer or a question about the next step ('{offered}')"
    elif (pointed := pointer(tokens)) is not None:
        named = f"a pointer to what the conversation shows ('{pointed}')"
    elif (done := progress(tokens, sentence.lower())) is not None:
        named = f"progress of a job of the moment ('{done}')"
    elif (move := conversation_move(tokens)) is not None:
        named = f"a move of the conversation ('{move}')"
    elif (kind := courtesy(tokens, sentence)) is not None:
        named = kind
    else:
        return None
    return None if durable_shape(sentence.lower().strip(), tokens) else named


# A clause after a semicolon, a colon or a spaced dash is judged on its own ("Let me edit the
# headlines; I'm picky about tone there", "Here's the corrected address: 12 Rue Oberkampf"
# keep their second clause).
_CLAUSES = re.compile(r"\s*[;:]\s+|\s+[-\u2013\u2014]\s+")


def _cut(part: str) -> bool:
    return ";" in part or ": " in part or " -" in part or "\u2013" in part or "\u2014" in part


# Narration is a sentence or three; a longer text has room for something lasting.
_DESK_CHARS = 300
