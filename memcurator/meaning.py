"""Rule 4's last stage: what a new statement is relative to an active one under the same key.

``same`` (reworded: merge), ``refinement`` (more specific, or a further value of a set-valued
attribute: update in place), ``contradiction`` (cannot both be true: supersede) or ``unrelated``
(different facets that can both be true: keep both). Vector-like similarity is symmetric where
meaning is not ("prefers window seats" / "prefers aisle seats"), so it speaks last. In order:
explicit values; polarity and denial ("no longer", "used to", "Rust instead of Python"); antonyms;
for a single-valued attribute a slot filled differently (languages, diets, numbers, names, "now
X"); then token overlap. A wrong merge is the worst error, so ``same`` needs equal, variant or
subset content; a wrong supersession is next, so unknown word swaps stay ``unrelated``
unless both name the same salient value ("likes a window seat" / "always books a window seat"). Pure
standard library, no I/O; statements are analysed once and cached (actives are compared often).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

__all__ = ["Cardinality", "Judgement", "Relation", "cardinality", "relate"]

Relation = Literal["same", "refinement", "contradiction", "unrelated"]
Cardinality = Literal["single", "set"]


@dataclass(frozen=True, slots=True)
class Judgement:
    """The relation of a new statement to an old one, why, and the text similarity seen."""
    relation: Relation
    reason: str
    similarity: float


# Values are stems. "stopped" stays whole: only the past tense negates ("stops work at 5pm").
_IRREGULAR = dict(re.findall(r"(\w+):(\w+)", (
    "used:use using:use uses:use goes:go went:go has:hav had:hav does:do did:do stopped:stopped "
    "quits:quit outgrown:outgrew one:1 two:2 three:3 four:4 five:5 six:6 seven:7 eight:8 nine:9 "
    "ten:10 twelve:12 savoury:savory favourite:prefer favorite:prefer remotely:remot")))
_STEM_CACHE: dict[str, str] = {mark: "|" for mark in ",;.:!?"}  # punctuation ends a clause
_DISPLAY: dict[str, str] = {}  # stem -> a word a reader recognises, for reasons


def _stem(word: str) -> str:
    """Light suffix stripping, enough to meet "prefers"/"preferred"; cached by the word as
    written so the tokeniser can skip lower-casing words it has seen."""
    if (found := _STEM_CACHE.get(word)) is not None:
        return found
    w = lower = word.lower()
    if lower in _IRREGULAR:
        w = _IRREGULAR[lower]
    elif len(w) > 3 and w.isalpha():
        if w.endswith("ies") and len(w) > 4:
            w = w[:-3] + "y"
        elif w.endswith(("sses", "ches", "shes", "xes", "zes")):
            w = w[:-2]
        elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
            w = w[:-1]
        elif (w.endswith("ing") and len(w) > 5) or (w.endswith("ed") and len(w) > 4):
            w = w[:-3] if w.endswith("ing") else w[:-2]
            w = w[:-1] if w[-1] == w[-2] and w[-1] not in "lsz" else w  # stopp -> stop
        w = w[:-1] if w.endswith("e") and len(w) > 3 else w
    if len(_STEM_CACHE) < 50_000:  # vocabulary is small; the bound only guards odd input
        _STEM_CACHE[word] = w
        _DISPLAY.setdefault(w, lower)
    return w


def _words(text: str) -> frozenset[str]:
    return frozenset(_stem(word) for word in text.split())


_STOP = _words("""
    i me my we us our you your user the a an is am are was were be do to of in at by for from and
    or as that this it its their they them he she his her so very really also just still currently
    usually generally mostly typically would should could can will may might must than then when
    while about into some any all much too quite there here which who what where how known ideally
    strongly definitely always on off with without before after over under per via again yes
    because since though although seat sit near next been being but
""")  # "seat" and "sit" too: "sit by the window" says what "window seats" does
# Frame words: shared or not, they say nothing about which value is meant.
_GENERIC = _words("prefer avoid use work live have need get go like find choose pick tend based "
                   "located resides speak fluent city town home hometown company employer employed "
                   "employee opt")
_NEGATORS = _words("not no never none nothing neither nor nolonger usedto gaveup stopped quit left "
                   "outgrew formerly previously anymore non dislike lapsed expired rehomed "
                   "transferred retired disabled")
_ANYMORE = _stem("anymore")
_REMOVALS = {"^dropped": "dropped", "^replaced": "replaced"}
_DISPLAY.update(_REMOVALS, nolonger="no longer", usedto="used to", gaveup="gave up", non="non-",
                golang="go", mswindows="windows", msteams="teams", cpp="c++", csharp="c#")

# Members of one family cannot both be *the* value of a single-valued slot.
_FAMILY = {stem: name for name, _, words in (line.partition(":") for line in """
    lang: python rust golang typescript javascript java kotlin swift ruby php cpp csharp scala
    lang: elixir haskell clojure perl julia dart lua zig ocaml erlang fsharp
    editor: vim neovim emacs vscode intellij pycharm sublime helix zed nano xcode webstorm
    diet: vegetarian vegan pescatarian omnivore keto paleo carnivore flexitarian
    seat: window aisle middle
    channel: slack email phone sms msteams zoom signal whatsapp telegram discord
    day: monday tuesday wednesday thursday friday saturday sunday
    month: january february march april june july august september october november december
    zone: utc gmt cet cest est edt pst pdt cst mst ist jst aest bst eet
    cabin: economy business premium
    often: hourly daily weekly biweekly fortnightly monthly quarterly yearly annually
    os: linux macos mswindows ubuntu debian fedora
    tool: npm yarn pnpm pip poetry conda postgres mysql sqlite mongodb react vue angular svelte
    tool: github gitlab bitbucket jira asana trello notion aws gcp azure
""".strip().splitlines()) for stem in _words(words)}


def _opposites(spec: str) -> dict[str, frozenset[str]]:
    pairs = [tuple(_stem(word) for word in pair.split(":")) for pair in spec.split()]
    pairs += [(right, left) for left, right in pairs]
    return {word: frozenset(o for w, o in pairs if w == word) for word, _ in pairs}


# Values that exclude each other outright ("window" vs "aisle") ...
_VALUE_OPPOSITE = _opposites(
    "window:aisle window:middle aisle:middle remote:office remote:hybrid office:hybrid "
    "morning:night morning:evening morning:afternoon light:dark early:late tea:coffee "
    "sweet:savory tabs:spaces short:verbose short:detailed short:lengthy short:long "
    "formal:casual metric:imperial vegetarian:omnivore vegan:omnivore sync:async manual:automatic "
    "monorepo:polyrepo public:private weekday:weekend introvert:extrovert squash:rebase hot:cold")
# ... and opposites that conflict only about the same thing ("prefers X" vs "avoids X").
_RELATIONAL_OPPOSITE = _opposites(
    "prefer:avoid eat:avoid drink:avoid have:avoid tolerate:avoid allow:forbid allow:ban "
    "enable:disable accept:reject include:exclude on:off "
    "before:after with:without yes:no always:never true:false increase:decrease more:less")
_OPPOSABLE = frozenset(_VALUE_OPPOSITE) | frozenset(_RELATIONAL_OPPOSITE)
_SALIENT = frozenset(_FAMILY) | frozenset(_VALUE_OPPOSITE)
# Two-valued slots, where "not X" says what "Y" does ("no longer vegetarian" / "eats meat again").
_COMPLEMENT = {w: frozenset(o) for w, o in _opposites(
    "vegetarian:omnivore light:dark tabs:spaces sync:async public:private manual:automatic "
    "metric:imperial monorepo:polyrepo introvert:extrovert").items()}

_ANCESTORS = {child: _words(parents) for parents, children in (  # shrimp is a kind of shellfish
    ("shellfish seafood", "shrimp prawn crab lobster crayfish scallop clam mussel oyster squid"),
    ("nut", "peanut almond cashew walnut pecan hazelnut pistachio macadamia"),
    ("gluten", "wheat barley rye"), ("dairy", "milk cheese lactose butter cream yogurt"),
    ("fish seafood", "salmon tuna cod trout sardine anchovy"), ("seafood", "shellfish fish"),
    ("meat", "beef pork chicken lamb bacon"),
) for child in _words(children)}

# Phrase rewrites in stem space, longest first: "variant|variant=replacement;". A "^" rules out
# the next content word, a "~" announces a change of value; the rest are canonical words.
_PHRASE_SPEC = [(" ".join(variants.split()), replacement.strip())
                for variants, replacement in re.findall(r"([^=;]+)=([^;]+)", """
    no longer|no more|passed away|let lapse|let lapsed|let it lapse|decided against|
    stepped back from|stepped down from|misdiagnosed|was misdiagnosed=nolonger;
    any more=anymore; used to=usedto; non stop|nonstop=direct; gave up|
    give up|given up|giving up=gaveup; instead of|rather than|switched from|switch from|
    moved from|migrated from|changed from|went from|moved away from|converted from|replaced|
    moved out of|moved off|migrated off|migrated away from|
    dropped|over=^; switched to|switch to|switched over to|moved to|moved over to|migrated to|
    changed to|converted to|now|nowadays|these days|from now on|going forward|joined|
    switched|migrated|moved|promoted|
    was promoted|reverted|decommissioned|started=~;
    no longer eat meat|stopped eat meat|stop eat meat|gave up meat|never eat meat|no meat|
    meat free|quit meat|quit eat meat=vegetarian; eat meat|eat meat again|meat eater=omnivore;
    plant based=vegan; allergic|allergy|allergic to|allergy to|intolerant|intolerant to|
    intolerance|sensitive to|stay away from|keep away from=avoid; dislike|hate|detest|loathe|
    can not stand=dislike prefer; like|love|enjoy|favor|favour|want|would rather|prefer|
    rather have=prefer; work from home|from home|wfh|remote=remote; dark mode|dark theme=dark;
    e mail=email; from the office|in the office|at the office|on site|onsite|in person=office;
    light mode|light theme=light; text message|text messages=sms; phone call=phone;
    ms teams=msteams; c++=cpp; c#=csharp; f#=fsharp; js|node js=javascript; mac os|osx=macos;
    vs code|visual studio code=vscode; in go|use go|write go|prefer go=golang; not eat meat|
    not eat meat anymore=vegetarian; not eat|not tolerate|not drink=avoid; went away|
    gone away|got over|grew out of|cured=outgrew; gluten free=avoid gluten; nut free=avoid nut;
    dairy free=avoid dairy; lactose free=avoid lactose; brief|concise|succinct|terse=short
""")]

_PHRASES: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
for _variants, _replacement in _PHRASE_SPEC:
    for _variant in _variants.split("|"):
        _out = tuple(w + _variant.strip() if w in "^~" else _stem(w) for w in _replacement.split())
        _PHRASES.setdefault(_stem(_variant.split()[0]), []).append(
            (tuple(_stem(w) for w in _variant.split()), _out))
for _entries in _PHRASES.values():
    _entries.sort(key=lambda entry: -len(entry[0]))

# The role of every stem that is not plain content: one dict lookup per stem in _walk.
_BOUNDARY, _NEGATION, _DENIAL, _CHANGE, _STOPWORD, _FRAME = range(6)
_ROLE: dict[str, int] = {"|": _BOUNDARY, **dict.fromkeys(_STOP, _STOPWORD)}
_ROLE.update({**dict.fromkeys(_GENERIC, _FRAME), **dict.fromkeys(_NEGATORS, _NEGATION)})
_ROLE.update({o: _DENIAL if o[0] == "^" else _CHANGE for entries in _PHRASES.values()
              for _, out in entries for o in out if o[0] in "^~"})

# Words, numbers with their separators ("9:30", "utc+2", "c++") and clause punctuation.
_TOKEN = re.compile(r"\w+(?:\+\+|#|[-+:.]\d+)*|[,;.:!?]")
_CONTRACTIONS = (("\u2019", "'"), ("Can't", "Can not"), ("can't", "can not"), ("Won't", "Will not"),
                 ("won't", "will not"), ("n't", " not"), ("annot", "an not"), ("'m", " am"),
                 ("'re", " are"), ("'ve", " have"), ("'ll", " will"), ("'d", " would"), ("'s", ""))
_FREE_OF = re.compile(r"\b([A-Za-z]{3,})[- ]free\b(?![- ](?:form|text|style|lance))")
_DOUBLE_NEGATION = re.compile(
    r"\b(?:not|never|no|nothing|nobody|none)\b([^,;.!?]*?\b)without\b", re.IGNORECASE)
_CASED = re.compile(r"\b(?:Go|Windows|Teams)\b")  # the capital tells "Go" from "go"
_CASED_NAMES = {"Go": "golang", "Windows": "mswindows", "Teams": "msteams"}


class _Text(NamedTuple):
    """One statement, analysed once: what it says, what it negates, what it rules out."""
    norm: str  # case- and space-folded text, for the exact-wording shortcut
    values: frozenset[str]  # content stems minus frame words: what the statement is about
    opposable: frozenset[str]  # stems with a listed antonym, stop words included ("on"/"off")
    negs: tuple[str, ...]  # statement-level negation cues, in order
    denied: frozenset[str]  # content ruled out: "instead of X", ", not X"
    change: str | None  # a change-of-value cue: "switched to", "now"
    names: frozenset[str]  # capitalised words inside a sentence ("Acme", "Berlin")
    salient: frozenset[str]  # the values proper: family members, antonyms, numbers and names
    grams: frozenset[str]  # character trigrams of the content, for similarity
    seq: tuple[str, ...]  # every stem in order, stop words included: the surface, for coverage
    additive: bool  # "also", "too", "especially": it adds to what was said, it does not reword
    framed: bool = False  # the key's attribute was set aside from ``values``


@lru_cache(maxsize=8192)
def _analyse(text: str) -> _Text:
    """Normalise, tokenise, rewrite phrases and sort the stems by role."""
    if "Go" in text or "Windows" in text or "Teams" in text:
        text = _CASED.sub(lambda match: _CASED_NAMES[match[0]], text)
    if "'" in text or "\u2019" in text:
        for short, full in _CONTRACTIONS:
            text = text.replace(short, full)
    if "free" in text:  # "meeting-free Fridays": no meetings
        text = _FREE_OF.sub(r"no \1", text)
    if "without" in text:  # "nothing merges without two approvals" asks for two approvals
        text = _DOUBLE_NEGATION.sub(r"\1with", text)
    text, cue = _change_prefix(text)
    raw = _TOKEN.findall(text)
    stems = [_STEM_CACHE.get(token) or _stem(token) for token in raw]  # no call if known
    content, negs, denied, change = _walk(rewritten := _rewrite(stems))
    values = frozenset(content) - _GENERIC
    names: frozenset[str] = frozenset()  # capitals inside a sentence: loop only if there are any
    if text[1:] != text[1:].lower():
        names = values.intersection(stems[i] for i in range(1, len(raw))
                                    if raw[i][0].isupper() and raw[i - 1] not in ".!?")
    salient = names.union(_SALIENT.intersection(values), (v for v in values if not v.isalpha()))
    return _Text(" ".join(text.lower().split()), values, _OPPOSABLE.intersection(rewritten),
                 tuple(negs), frozenset(denied), change or cue, names - _FAMILY.keys(), salient,
                 frozenset().union(*map(_trigrams, values)),
                 tuple(stem for stem in stems if stem != "|"), not _ADDITIVE.isdisjoint(stems))


# Discourse markers of an addition or a narrowing: general English, not phrasings of one topic.
_ADDITIVE = _words("also too additionally especially specifically ideally particularly "
                   "preferably except")


# A leading "Update:", "Correction:", "I've changed my mind:" announces a new value; the prefix
# itself says nothing about which. Read generally: a short lead-in before a colon that holds a
# word of revision, not a list of phrasings.
_LEAD_IN = re.compile(r"^\s*([^:.!?]{1,40}?)\s*[:\u2014-]\s+(?=\S)")
_REVISION = _words("update correction correct change changed switch revise revision actual "
                   "scratch edit")


def _change_prefix(text: str) -> tuple[str, str | None]:
    """Split off a revision lead-in ("Update: ..."); return the rest and the cue, if any."""
    if (match := _LEAD_IN.match(text)) and len(words := match[1].split()) <= 5:
        if not _REVISION.isdisjoint(_stem(w.strip(",'")) for w in words):
            return text[match.end():], match[1].strip().lower()
    return text, None


def _rewrite(stems: list[str]) -> list[str]:
    """Replace known phrases (longest first) by their canonical stems or markers."""
    out: list[str] = []
    done = 0
    for i in [i for i, stem in enumerate(stems) if stem in _PHRASES]:
        if i < done:  # inside a phrase already replaced
            continue
        for words, replacement in _PHRASES[stems[i]]:
            if tuple(stems[i : i + len(words)]) == words:
                out += stems[done:i]
                out += replacement
                done = i + len(words)
                break
    return out + stems[done:]


def _walk(stems: list[str]) -> tuple[list[str], list[str], set[str], str | None]:
    """Split stems into content, statement negations, denied content and a change cue. A negation
    before anything is said negates the statement ("no longer vegetarian"); one in a later clause
    rules out what follows it ("window seats, never the aisle")."""
    content: list[str] = []
    negs: list[str] = []
    denied: set[str] = set()
    change: str | None = None
    said = clause = hit = False
    deny = ""  # a denial cue waiting for its object
    local, role_of = "", _ROLE.get  # local: the cue of a negation in a later clause
    for stem in [*stems, "|"]:  # a last boundary closes the last clause
        role = role_of(stem)  # content words, the most common, have no role
        if role is None and (deny or local):
            denied.add(stem)
            deny, hit = "", True
        elif role is None or role == _FRAME:
            content.append(stem)
            clause = True
        elif role == _BOUNDARY:
            if local and not hit:  # "..., not really": it retracts what was said
                negs.append(local)
            if deny in _REMOVALS:  # "Python 3.8 support dropped": no object, the clause goes
                negs.append(deny)
            said, clause, local, deny, hit = said or clause, False, "", "", False
        elif role == _NEGATION and said:
            local = stem
        elif role == _NEGATION and not (negs and stem == _ANYMORE):  # "not ... anymore": one
            negs.append(stem)
        elif role == _DENIAL:
            deny = stem
        elif role == _CHANGE:
            change = change or stem[1:]
    return content, negs, denied, change


@lru_cache(maxsize=16384)
def _trigrams(stem: str) -> frozenset[str]:
    return frozenset(f" {stem} "[i : i + 3] for i in range(len(stem)))


def _similarity(a: _Text, b: _Text) -> float:
    """Cosine over content stems blended with a Dice coefficient over character trigrams."""
    if not a.values or not b.values:
        return 1.0 if a.norm == b.norm else 0.0
    words = len(a.values & b.values) / math.sqrt(len(a.values) * len(b.values))
    chars = 2 * len(a.grams & b.grams) / (len(a.grams) + len(b.grams))
    return round(0.6 * words + 0.4 * chars, 3)


def _show(stems: frozenset[str] | set[str]) -> str:
    return ", ".join(sorted(_DISPLAY.get(s, s) for s in stems))


_Verdict = tuple[Relation, str]
_Diff = tuple[frozenset[str], frozenset[str]]  # what only the old, only the new one mentions


def relate(
    old: str, new: str, *, old_value: str | None = None, new_value: str | None = None,
    kind: Cardinality = "single", attribute: str | None = None,
) -> Judgement:
    """What ``new`` is relative to the active ``old`` under the same scope and subject key.
    ``attribute`` is the key's attribute ("coffee_order"): its own words name the slot, not
    the value, so they are set aside before the values are compared."""
    if (a := _analyse(old)).norm == (b := _analyse(new)).norm:
        return Judgement("same", "same wording", 1.0)
    a, b = _frame_out(a, b, attribute)
    similarity, diff = _similarity(a, b), _unmatched(a, b)
    values = ((old_value or "").strip(), (new_value or "").strip())
    verdict = _by_values(a, b, values, kind) if all(values) else None
    verdict = verdict or _by_polarity(a, b) or _by_opposites(a, b)
    verdict = verdict or (_by_slot(a, b, diff) if kind == "single" else None)
    relation, reason = verdict or _by_overlap(a, b, kind, diff, similarity)
    return Judgement(relation, reason, similarity)


@lru_cache(maxsize=1024)
def _attribute_words(attribute: str) -> frozenset[str]:
    parts = re.split(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", attribute)
    return frozenset(_stem(p.lower()) for p in parts if len(p) > 2)


def _frame_out(a: _Text, b: _Text, attribute: str | None) -> tuple[_Text, _Text]:
    """Both statements less the attribute's own words, when each keeps something to compare.
    A listed value in the name ("dark" in "dark_mode", "coffee" in "coffee_order") stays a
    word of the statement but no longer counts as a value proper: it names the slot."""
    words = _attribute_words(attribute) if attribute else frozenset()
    if not words or not (a.values & words or b.values & words):
        return a, b
    va, vb = a.values - (words - _SALIENT), b.values - (words - _SALIENT)
    if not va or not vb:  # one side only names the attribute: compare them whole
        va, vb = a.values, b.values
    framed = va != a.values or vb != b.values
    return (a._replace(values=va, salient=a.salient - words, framed=framed,
                       grams=frozenset().union(*map(_trigrams, va))),
            b._replace(values=vb, salient=b.salient - words, framed=framed,
                       grams=frozenset().union(*map(_trigrams, vb))))


def _by_values(a: _Text, b: _Text, values: tuple[str, str], kind: Cardinality) -> _Verdict:
    """Decide from the extractor's explicit values; the texts only add polarity and detail."""
    va, vb = _analyse(values[0]), _analyse(values[1])
    shown, flipped = f"({values[0]} -> {values[1]})", bool(a.negs) != bool(b.negs)
    if va.values == vb.values if va.values or vb.values else va.norm == vb.norm:
        if flipped:
            return _negation(a, b)
        if (denial := _by_polarity(a, b)) and denial[0] == "contradiction":
            return denial  # the same value, dropped: "Dropped Python 3.8 support"
        relation, reason = _by_overlap(a, b, kind, _unmatched(a, b), _similarity(a, b))
        return (relation, reason) if relation != "unrelated" else ("same", f"same value {shown}")
    narrower = _kinship(va, vb)
    if kind == "single" and not narrower and not (va.values and va.values < vb.values):
        return "contradiction", f"different value {shown}"
    if kind == "single":
        return "refinement", narrower or f"more specific value {shown}"
    # A set loses a member only when the negated side names one the other has (or none at all).
    if flipped and (va.values & vb.values or narrower or not (vb if b.negs else va).values):
        return "contradiction", f"removes value {shown}"
    return ("unrelated", f"negates another value {shown}") if flipped else (
        "refinement", f"adds value {shown}")


def _negation(a: _Text, b: _Text) -> _Verdict:
    cue = (b if b.negs else a).negs[0]
    return "contradiction", f"negation ('{_DISPLAY.get(cue, cue)}')"


def _by_polarity(a: _Text, b: _Text) -> _Verdict | None:
    """One side rules out what the other states ("Rust instead of Python"), or is negated while the
    other is not: a contradiction unless they speak of different values ("allergic to shellfish"
    and "not allergic to peanuts" are both true; "no allergies" is not)."""
    if (hit := (b.denied & a.values) or (a.denied & b.values)) or bool(a.negs) == bool(b.negs):
        return ("contradiction", f"rules out {_show(hit)}") if hit else None
    if a.values and b.values and not a.values & b.values and not _kinship(a, b):
        neg, pos = (a, b) if a.negs else (b, a)
        for stem in neg.values & _COMPLEMENT.keys() if len(neg.negs) == 1 else ():
            if hit := _COMPLEMENT[stem] & pos.values:
                return "same", f"not {_show({stem})} means {_show(hit)}"
        return "unrelated", f"{_negation(a, b)[1]} of another value"
    return _negation(a, b)


def _by_opposites(a: _Text, b: _Text) -> _Verdict | None:
    """Antonyms: values always conflict; relational opposites only about a shared thing."""
    only_a, only_b = a.opposable - b.opposable, b.opposable - a.opposable
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
    """A single-valued slot filled differently: languages, editors, numbers, names, "now X"."""
    was, now = diff
    for family in {_FAMILY[t] for t in was if t in _FAMILY} & {_FAMILY.get(u) for u in now}:
        old, new = ({t for t in side if _FAMILY.get(t) == family} for side in diff)
        return "contradiction", f"different value ({_show(old)} -> {_show(new)})"
    numbers_a = frozenset(t for t in was if not t.isalpha())
    numbers_b = frozenset(u for u in now if not u.isalpha())
    names_a = frozenset(t for t in was if t in a.names or t in _FAMILY)  # "Jira" vs "Linear"
    names_b = frozenset(u for u in now if u in b.names or u in _FAMILY)
    # A name or number swap counts only inside one frame, so "PRs need 2 reviews" and "CI must
    # pass" (different facets) are not read as one value replacing another.
    framed = bool(a.values & b.values) or not (
        was - names_a - numbers_a or now - names_b - numbers_b)
    for xa, xb, label in ((numbers_a, numbers_b, "number"), (names_a, names_b, "name")):
        if xa and xb and (framed or b.change):
            return "contradiction", f"different {label} ({_show(xa)} -> {_show(xb)})"
    if b.change and was and now and not _shared_value(a, b):
        return "contradiction", f"changed ('{b.change}': {_show(was)} -> {_show(now)})"
    old_values, new_values = was & a.salient, now & b.salient
    if old_values and new_values and framed:  # "weekly" -> "every two weeks"
        return "contradiction", f"different value ({_show(old_values)} -> {_show(new_values)})"
    if was == a.values and now == b.values and was and now and a.framed and b.framed:
        # Under one single-valued attribute nothing but its own words in common: the slot is
        # filled with other words. Read as a change (a wrong supersession keeps both wordings
        # in the history; a wrong merge would lose one).
        return "contradiction", f"no value word in common ({_show(was)} -> {_show(now)})"
    return None


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
    if not now:
        return "same", "restates part of it"
    if narrower := _kinship(a, b):
        return "refinement", narrower
    if kind == "set" and (b.additive or not a.values & b.values or _specific(b, now)):
        return "refinement", f"adds value ({_show(now)})"
    if len(a.values) >= 5 and similarity >= 0.6:  # long texts (task summaries) edited in place
        return "refinement", f"updated (similarity {similarity:.2f})"
    if shared := _shared_value(a, b):  # "likes a window seat" / "always books a window seat"
        return ("refinement", f"adds detail to {shared}") if _keeps_wording(a, b) or _specific(
            b, now) else ("same", f"same value ({shared}), reworded")
    if shared := _shared_words(a, b, diff):
        return "same", f"same value words ({shared}), reworded; nothing competes"
    return "unrelated", f"different facet (similarity {similarity:.2f})"


def _keeps_wording(a: _Text, b: _Text) -> bool:
    """Whether the new statement keeps the old one's surface (most of its stems, in order) and
    so extends it ("Prefers window seats, ideally over the wing"), rather than rewording it."""
    old, new = a.seq, b.seq
    if not old or len(new) <= len(old):
        return False
    row = [0] * (len(new) + 1)  # longest common subsequence, one row at a time
    for x in old:
        prev = 0
        for j, y in enumerate(new, 1):
            prev, row[j] = row[j], prev + 1 if x == y else max(row[j], row[j - 1])
    return row[-1] >= 0.6 * len(old)


def _specific(b: _Text, added: frozenset[str]) -> bool:
    """Whether what the new statement adds holds a value proper: a name, number or listed value."""
    return not added.isdisjoint(b.salient)


def _shared_words(a: _Text, b: _Text, diff: _Diff) -> str | None:
    """Content words (the attribute's own set aside) both statements use, when neither side's
    other words hold a value proper that could compete (a name, a number, a listed value) and
    both rule out the same: a reworded restatement ("black americano" in two frames)."""
    was, now = diff
    shared = a.values - was  # literally shared, or met through a variant or a short form
    if not shared or a.denied != b.denied or len(a.negs) % 2 != len(b.negs) % 2:
        return None
    if not was.isdisjoint(a.salient) or not now.isdisjoint(b.salient):
        return None
    return _show(shared)


def _shared_value(a: _Text, b: _Text) -> str | None:
    """The salient values both name ("python", "window", "Acme"), if neither names another
    family member, antonym or number and both rule out the same (usually nothing)."""
    if not (shared := a.salient & b.salient) or a.denied != b.denied:
        return None  # a name on one side only is a detail ("UI"); any other value must match
    if any(t in _SALIENT or not t.isalpha() for t in a.salient ^ b.salient):
        return None
    if shared.isdisjoint(_SALIENT | a.names):  # a number alone is no value: "2 approvals"
        return None
    return _show(shared) if len(a.negs) % 2 == len(b.negs) % 2 else None


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
            if spelled := _initials(t, other.seq):
                matched.add(t)
                matched.update(spelled)
    return was - matched, now - matched


def _same_word(t: str, u: str) -> bool:
    """Two stems for one word: a variant, a short form or a one-letter slip. Rigid values never
    meet another ("java"/"javascript", "10"/"100"): no two listed values, no numbers."""
    if not (t + u).isalpha() or (t in _FAMILY and u in _FAMILY) or t[0] != u[0]:
        return False
    short, long_ = sorted((t, u), key=len)
    if long_ == short + "ly":  # "week"/"weekly": a count and a frequency
        return False
    if len(short) >= 4 and long_.startswith(short[:5]) and not (t in _FAMILY or u in _FAMILY):
        return True
    if len(short) >= 3 and long_.startswith(short) and (short in _FAMILY or long_ in _FAMILY
                                                         or len(short) >= 5):
        return True
    return len(short) >= 5 and len(long_) - len(short) <= 1 and _one_slip(short, long_)


def _one_slip(x: str, y: str) -> bool:
    """One letter dropped, or two neighbours swapped (Damerau distance 1, no substitution)."""
    if len(x) != len(y):
        return any(y[:i] + y[i + 1:] == x for i in range(len(y)))
    diff = [i for i in range(len(x)) if x[i] != y[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and x[diff[0]] == y[diff[1]] and (
        x[diff[1]] == y[diff[0]])


def _initials(t: str, seq: tuple[str, ...]) -> tuple[str, ...]:
    """The words of ``seq`` whose initials spell ``t`` ("nyc": new york city), if any."""
    if not 2 <= len(t) <= 4 or not t.isalpha():
        return ()
    for i in range(len(seq) - len(t) + 1):
        words = seq[i : i + len(t)]
        if "".join(w[0] for w in words) == t and all(w.isalpha() and len(w) > 1 for w in words):
            return words
    return ()


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


# Attribute words that gather values; "preferred", "primary" ... make any attribute single again.
_SET_HEADS = _words("allergy allergic intolerance restriction certification pet skill member "
                    "hobby interest child children kid sibling award degree qualification "
                    "reviewer maintainer owner contact tag")
_SINGLE_MARKS = _words("preferred primary favourite main default current usual")


def cardinality(attribute: str | None) -> Cardinality:
    """'set' for attributes that gather values (allergies, intolerances, dietary restrictions,
    languages spoken, certifications, pets, skills, team members...), 'single' otherwise (seat
    preference, diet, timezone, employer, editor...), on normalised names ('food_allergies')."""
    words = re.split(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])", attribute or "")
    parts = {_stem(word.lower()) for word in words if word}
    if parts & _SINGLE_MARKS or not parts:
        return "single"
    if parts & _SET_HEADS or (_stem("language") in parts and parts & {"spoken", "speak"}):
        return "set"  # languages someone speaks gather; a programming language does not
    return "single"
