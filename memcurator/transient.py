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

from memcurator.transient_durable import durable_shape, states_habit
from memcurator.transient_learned import learned_reason, logit, tokens_of
from memcurator.transient_rules import rule_reason

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
    if reason is not None and states_habit(content):
        return None
    return reason
