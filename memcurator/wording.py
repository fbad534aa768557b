"""How a statement is read for ``meaning.relate``: stems, phrase rewrites and roles.

A statement is normalised (contractions, "X-free", "nothing ... without X", a revision lead-in
such as "Update:"), tokenised, stemmed, its known phrases rewritten to canonical stems or cues,
and its stems sorted by role: content, statement negation, denied content, change cue. The small
lexicons here are general knowledge (families of exclusive values, antonyms, kinds of allergen),
not phrasings of any one stream. Pure standard library; every statement is analysed once.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import NamedTuple

from memcurator.aliases import ALIAS_SPEC, SIGN, SIGNS
from memcurator.measures import ABBREVIATIONS, durations, ordinal
from memcurator.phrases import PHRASE_SPEC
from memcurator.places import EXONYM_SPEC, IANA, ZONE_SPEC
from memcurator.spellings import DATE_ORDERS, HOUR_WORDS, one_value, part_of_day

# Values are stems. "stopped" stays whole: only the past tense negates ("stops work at 5pm");
# so do the other removals ("expired" / "expire after 7 days", "closed" / "closes at 6").
_IRREGULAR = dict(re.findall(r"(\w+):(\w+)", (
    "used:use using:use uses:use goes:go went:go has:hav had:hav does:do did:do stopped:stopped "
    "expired:expired retired:retired disabled:disabled transferred:transferred "
    "cancelled:cancelled canceled:cancelled removed:removed uninstalled:uninstalled "
    "unsubscribed:unsubscribed deleted:deleted discontinued:discontinued deprecated:deprecated "
    "closed:closed started:started quits:quit outgrown:outgrew one:1 two:2 three:3 four:4 "
    "five:5 six:6 seven:7 eight:8 nine:9 "
    "ten:10 eleven:11 twelve:12 thirteen:13 fourteen:14 fifteen:15 sixteen:16 seventeen:17 "
    "eighteen:18 nineteen:19 twenty:20 thirty:30 forty:40 fifty:50 sixty:60 seventy:70 eighty:80 "
    "ninety:90 hundred:100 single:1 double:2 triple:3 savoury:savory favourite:prefer "
    "favorite:prefer remotely:remot")))
# Negation words a suffix stripped off a content word could spell, with their own forms: only
# these are read as the negation ("quits" is "quit"; "quite", "note", "noted" are not).
_BARE_NEGATIONS = {"not": frozenset(("not",)), "non": frozenset(("non",)),
                   "quit": frozenset(("quit", "quits", "quitting")),
                   "never": frozenset(("never",)), "nor": frozenset(("nor",))}
_STEM_CACHE: dict[str, str] = {mark: "|" for mark in ",;.:!?"}  # punctuation ends a clause
# stem -> a word a reader recognises, for reasons (``memcurator.shown``): this module's own
# lexicons' words, recorded while it loads (never afterwards: what a process reads later must
# not change a reason), and the curated displays (``_CURATED``).
_DISPLAY: dict[str, str] = {}
_RECORDING = [True]


def _stem(word: str) -> str:
    """Light suffix stripping, enough to meet "prefers"/"preferred"; cached by the word as
    written so the tokeniser can skip lower-casing words it has seen."""
    if (found := _STEM_CACHE.get(word)) is not None:
        return found
    w = lower = word.lower()
    if lower in _IRREGULAR:
        w = _IRREGULAR[lower]
    elif "-" in w and (label := _LABEL_NUMBER.match(w)):  # "sev-1" is "sev1"
        w = label[1] + label[2]
    elif len(w) > 3 and w.isalpha():
        if w.endswith("ies") and len(w) > 4:
            w = w[:-3] + "y"
        elif w.endswith(("sses", "ches", "shes", "xes", "zes")):
            w = w[:-2]
        elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
            w = w[:-1]
            w = w[:-3] if w.endswith("ing") and len(w) > 5 else w  # "mornings" as "morning"
        elif (w.endswith("ing") and len(w) > 5) or (w.endswith("ed") and len(w) > 4):
            w = w[:-3] if w.endswith("ing") else w[:-2]
            w = w[:-1] if w[-1] == w[-2] and w[-1] not in "lsz" else w  # stopp -> stop
        w = w[:-1] if w.endswith("e") and len(w) > 3 else w
        if w in _BARE_NEGATIONS and lower not in _BARE_NEGATIONS[w]:
            # Stripping made a content word a negation: "note", "noted", "notes" are not
            # "not", "quite" is not "quit". Such a word keeps its own stem ("note", "quite").
            w += "e"
    if len(_STEM_CACHE) < 50_000:  # vocabulary is small; the bound only guards odd input
        _STEM_CACHE[word] = w
        if _RECORDING[0]:
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
    because since though although seat sit near next been being but till until til
    whenever entirely completely totally fully mainly primarily normally basically pretty actually
    honestly personally please choice possible inc ltd gmbh corp corporation llc plc ag
""")  # fillers; company suffixes ("Acme Corp" is "Acme"); "seat" and "sit" too: "sit by the
# window" says what "window seats" does
# Frame words: shared or not, they say nothing about which value is meant.
_GENERIC = _words("prefer avoid use work live have need get go like find choose pick tend based "
                   "located resides speak fluent city town home hometown company employer employed "
                   "employee opt code write")
# Words a negation's scope runs on over ("never books *the* window seat"); any other stop word
# (a pronoun, a preposition) ends it ("don't book *me at* 1pm").
_DETERMINERS = _words("a an the my your our their his her its any some this these those")
_NO = _stem("no")
_NEGATORS = _words("not no never none nothing neither nor nolonger usedto gaveup stopped quit left "
                   "outgrew formerly previously anymore non dislike lapsed expired rehomed "
                   "transferred retired disabled cancelled canceled removed uninstalled "
                   "unsubscribed deleted discontinued deprecated closed")
_ANYMORE = _stem("anymore")
_REMOVALS = {"^dropped": "dropped", "^replaced": "replaced"}
_CURATED = {**_REMOVALS, "nolonger": "no longer", "usedto": "used to", "gaveup": "gave up",
            "non": "non-", "golang": "go", "mswindows": "windows", "msteams": "teams", "cpp": "c++",
            "csharp": "c#"}
_DISPLAY.update(_CURATED)

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


_FAMILY.update(dict.fromkeys(DATE_ORDERS, "dateorder"))  # "DD.MM.YYYY" is not "MM/DD/YYYY"


def _opposites(spec: str) -> dict[str, frozenset[str]]:
    pairs = [tuple(_stem(word) for word in pair.split(":")) for pair in spec.split()]
    pairs += [(right, left) for left, right in pairs]
    return {word: frozenset(o for w, o in pairs if w == word) for word, _ in pairs}


# Values that exclude each other outright ("window" vs "aisle") ...
_VALUE_OPPOSITE = _opposites(
    "window:aisle window:middle aisle:middle remote:office remote:hybrid office:hybrid "
    "morning:night morning:evening morning:afternoon light:dark early:late tea:coffee "
    "sweet:savory tabs:spaces short:verbose short:detailed short:lengthy short:long "
    "mild:spicy formal:casual metric:imperial vegetarian:omnivore vegan:omnivore sync:async "
    "manual:automatic proprietary:opensource "
    "monorepo:polyrepo public:private weekday:weekend introvert:extrovert squash:rebase hot:cold")
# ... and opposites that conflict only about the same thing ("prefers X" vs "avoids X").
_RELATIONAL_OPPOSITE = _opposites(
    "prefer:avoid eat:avoid drink:avoid have:avoid tolerate:avoid allow:forbid allow:ban "
    "enable:disable accept:reject include:exclude on:off "
    "before:after with:without yes:no always:never true:false increase:decrease more:less "
    "every:only all:only also:only")  # "every incident" / "only SEV1 incidents"
_OPPOSABLE = frozenset(_VALUE_OPPOSITE) | frozenset(_RELATIONAL_OPPOSITE)
_SALIENT = frozenset(_FAMILY) | frozenset(_VALUE_OPPOSITE)
# Two-valued slots, where "not X" says what "Y" does ("no longer vegetarian" / "eats meat again").
_COMPLEMENT = {w: frozenset(o) for w, o in _opposites(
    "vegetarian:omnivore light:dark tabs:spaces sync:async public:private manual:automatic "
    "metric:imperial monorepo:polyrepo introvert:extrovert mild:spicy").items()}

_ANCESTORS = {child: _words(parents) for parents, children in (  # shrimp is a kind of shellfish
    ("shellfish seafood", "shrimp prawn crab lobster crayfish scallop clam mussel oyster squid"),
    ("nut", "peanut almond cashew walnut pecan hazelnut pistachio macadamia"),
    ("gluten", "wheat barley rye"), ("dairy", "milk cheese lactose butter cream yogurt"),
    ("fish seafood", "salmon tuna cod trout sardine anchovy"), ("seafood", "shellfish fish"),
    ("meat", "beef pork chicken lamb bacon"),
    ("mswindows", "windows10 windows11"), ("macos", "sonoma ventura monterey sequoia"),
    ("linux", "ubuntu debian fedora arch"),
) for child in _words(children)}

# Phrase rewrites in stem space, longest first: "variant|variant=replacement;". A "^" rules out
# the next content word, a "~" announces a change of value; the rest are canonical words.
_PHRASE_SPEC = [(" ".join(variants.split()), replacement.strip())
                for variants, replacement in re.findall(r"([^=;]+)=([^;]+)", PHRASE_SPEC)]

# Places: time zones by their names and cities, and cities by their other names (places.py).
_EXONYMS = [(v.strip(), r.strip()) for v, r in re.findall(r"([^=;]+)=([^;]+)", EXONYM_SPEC)]
_PHRASE_SPEC += [(" ".join(v.split()), r) for v, r in _EXONYMS]
_PLACES = frozenset(_stem(r) for _, r in _EXONYMS)
_CITY_ZONE: dict[tuple[str, ...], str] = {}
for _zone, _, _names in (z.partition(":") for z in re.split(r"\n\s*(?=\w+:)", ZONE_SPEC.strip())):
    _literal, _, _cities = _names.partition("/")
    _split = "|" if "|" in _cities else None
    _city_names = [c.strip() for c in _cities.split(_split) if c.strip()]
    _CITY_ZONE.update({tuple(_stem(w) for w in c.split()): _zone for c in _city_names})
    _zone_names = [v.strip() for v in _literal.replace("\n", " ").split("|") if v.strip()]
    _zone_names += [f"{c} {t}" for c in _city_names for t in ("time", "hour", "local time")]
    _PHRASE_SPEC.append(("|".join(" ".join(v.split()) for v in _zone_names), _zone))
_ZONES = frozenset(_CITY_ZONE.values())

# Other names of one thing (aliases.py): "US dollars" is "usd", "Google Cloud" is "gcp".
_ALIASES = [(" ".join(v.split()), r.strip())
            for v, r in re.findall(r"([^=;]+)=([^;]+)", ALIAS_SPEC)]
_PHRASE_SPEC += _ALIASES
_NAMED = frozenset(_stem(r) for _, r in _ALIASES if r.isalpha())  # "gitlabci" is a name


def _spec_word(word: str) -> str:
    """A word of the phrase table as the tokeniser leaves it: capitals that spell a stop word
    ("US") stay as written (see ``_analyse``), the rest are stemmed."""
    return word if word.isupper() and len(word) <= 4 and _stem(word) in _STOP else _stem(word)


_PHRASES: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
for _variants, _replacement in _PHRASE_SPEC:
    for _variant in _variants.split("|"):
        _out = tuple(w + _variant.strip() if w in "^~" else _stem(w) for w in _replacement.split())
        _PHRASES.setdefault(_spec_word(_variant.split()[0]), []).append(
            (tuple(_spec_word(w) for w in _variant.split()), _out))
for _entries in _PHRASES.values():
    _entries.sort(key=lambda entry: -len(entry[0]))

# The role of every stem that is not plain content: one dict lookup per stem in _walk.
_BOUNDARY, _NEGATION, _DENIAL, _CHANGE, _STOPWORD, _FRAME = range(6)
_ROLE: dict[str, int] = {"|": _BOUNDARY, **dict.fromkeys(_STOP, _STOPWORD)}
_ROLE.update({**dict.fromkeys(_GENERIC, _FRAME), **dict.fromkeys(_NEGATORS, _NEGATION)})
_ROLE.update({o: _DENIAL if o[0] == "^" else _CHANGE for entries in _PHRASES.values()
              for _, out in entries for o in out if o[0] in "^~"})

# A date's or a clock's fields ("DD", "MM", "YYYY", "31", "2024"): slash-joined ones are one
# token, their order is the value ("DD/MM/YYYY" is not "MM/DD/YYYY"; "24/7").
_FIELD = r"(?:[dD]{1,2}|[mM]{1,3}|[yY]{2,4}|[hH]{1,2}|\d{1,4})"
# Words, numbers with their separators ("9:30", "utc+2", "c++") and clause punctuation.
_TOKEN = re.compile(rf"\b{_FIELD}(?:/{_FIELD})+\b|\w+(?:\+\+|#|[-+:.]\d+)*|[,;.:!?]")
_CONTRACTIONS = (("\u2019", "'"), ("Can't", "Can not"), ("can't", "can not"), ("Won't", "Will not"),
                 ("won't", "will not"), ("n't", " not"), ("annot", "an not"), ("'m", " am"),
                 ("'re", " are"), ("'ve", " have"), ("'ll", " will"), ("'d", " would"), ("'s", ""))
_PESCATARIAN = _words("fish vegetarian")
_CLOCK_HINT = re.compile(r"\d\s*[ap]\.?m\b|\bnoon\b|\bmidday\b|\bmidnight\b|\d:\d", re.I)
_CLOCK = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?(?=\W|$)|\b(\d{1,2}):(\d{2})\b"
                    r"|\b(noon|midday|midnight)\b", re.I)


def _clock(match: re.Match[str]) -> str:
    """A time of day as HH:MM ("2pm", "2:00 p.m.", "14:00", "noon" -> 14:00 / 12:00)."""
    if match[6]:
        return "00:00" if match[6].lower() == "midnight" else "12:00"
    if match[4]:
        return f"{int(match[4]):02d}:{match[5]}"
    hour = int(match[1]) % 12 + (12 if match[3].lower() == "p" else 0)
    return f"{hour:02d}:{match[2] or '00'}"


_SPOKEN_TIME = re.compile(r"\b(half|quarter) (past|to) (\w+)\b|\b(\w+) o'?clock\b", re.I)
# The passive of a replacement: "Standups were replaced by async updates" (one clause).
_REPLACED_BY = re.compile(r"^([^,;.!?]+?)\s+(?:was|were|is|are|got|has been|have been|been)\s+"
                          r"(?:replaced|superseded)\s+(?:by|with)\s+([^,;.!?]+)", re.I)
# A change of value spelled "<verb> ... from X to Y": Y replaces X.
_FROM_TO = re.compile(r"\b(moved|switched|migrated|changed|went|converted|shifted|swapped|"
                      r"relocated|renamed|transferred|upgraded|downgraded|bumped|cut|raised)\b"
                      r"([^,;.!?]*?)\bfrom ([\w.+#-]+) to ([\w.+#-]+)", re.I)


def _spoken_time(match: re.Match[str]) -> str:
    """A time of day in words as H:MM ("half past nine" 9:30, "quarter to ten" 9:45)."""
    word = (match[3] or match[4]).lower()
    hour = HOUR_WORDS.get(word) or (int(word) if word.isdigit() and 0 < int(word) <= 12 else None)
    if hour is None:
        return match[0]
    if match[4]:
        return f"{hour}:00"
    if match[2].lower() == "to":
        return f"{(hour - 2) % 12 + 1}:{'30' if match[1].lower() == 'half' else '45'}"
    return f"{hour}:{'30' if match[1].lower() == 'half' else '15'}"


_DEGREES = re.compile(r"\u00b0\s*([CFcf])\b")
_DEGREE_NAMES = {"C": " celsius", "F": " fahrenheit"}
# A range of hours, however written ("22:00-06:00", "22:00 to 06:00", "22:00 until 06:00"):
# its two ends, so that one written as a single token meets one written in words.
_RANGE = re.compile(
    r"\b(\d\d:\d\d)\s*(?:-|\u2013|\u2014|to|until|till|through|thru)\s*(\d\d:\d\d)\b", re.I)
_FREE_OF = re.compile(r"\b([A-Za-z]{3,})[- ]free\b(?![- ](?:form|text|style|lance))")
def _free_of(match: re.Match[str]) -> str:
    """"meeting-free" is "no meeting"; "five free hours" is not "no five" (a number word)."""
    return match[0] if _stem(match[1]).isdigit() else f"no {match[1]}"


_FREE_OF_X = re.compile(r"\bfree (?:of|from) (?:any )?", re.I)  # "free of meetings": no meetings
_DOUBLE_NEGATION = re.compile(
    r"\b(?:not|never|no|nothing|nobody|none)\b([^,;.!?]*?\b)without\b", re.IGNORECASE)
_CASED = re.compile(r"\b(?:Go|Windows|Teams)\b")  # the capital tells "Go" from "go"
_CASED_NAMES = {"Go": "golang", "Windows": "mswindows", "Teams": "msteams"}


# Capitals that spell a filler word name something: "US", "UK" and "IT" are not "us", "uk" and
# "it", and "Portland, OR" is Oregon. Kept as written (stems are otherwise lower case), so no
# filler meets them; only in a sentence with lower case in it, not one written in capitals.
_ACRONYM = re.compile(r"\b[A-Z]{2,4}\b")
_LABEL_NUMBER = re.compile(r"^([a-z]{1,4})-(\d{1,2})$")  # "sev-1", "p-2": a label and its number
_LOWER = re.compile(r"[a-z]{2}")


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
    keyed: bool = False  # compared under a known attribute (its words, if any, set aside)
    scope: frozenset[str] = frozenset()  # the words its statement negations govern ("book")
    said: frozenset[str] = frozenset()  # every content stem, frame words included ("have")


@lru_cache(maxsize=8192)
def _analyse(text: str) -> _Text:
    """Normalise, tokenise, rewrite phrases and sort the stems by role."""
    if "Go" in text or "Windows" in text or "Teams" in text:
        text = _CASED.sub(lambda match: _CASED_NAMES[match[0]], text)
    if "'" in text or "\u2019" in text:
        for short, full in _CONTRACTIONS:
            text = text.replace(short, full)
    if "/" in text:  # "Europe/Berlin" is Berlin time
        text = IANA.sub(lambda match: match[1].replace("_", " ") + " time", text)
    if "\u00b0" in text:  # "°F" is Fahrenheit
        text = _DEGREES.sub(lambda match: _DEGREE_NAMES[match[1].upper()], text)
    if SIGN.search(text):  # "$40", "40 €": the currency's code
        text = SIGN.sub(lambda match: SIGNS[match[0]], text)
    if "100%" in text:  # "100% remote" is fully remote
        text = text.replace("100%", "fully")
    if " > " in text:  # "window > aisle": window over aisle
        text = text.replace(" > ", " over ")
    if "past" in text or "quarter" in text or "clock" in text:  # "half past nine" is 9:30
        text = _SPOKEN_TIME.sub(_spoken_time, text)
    if "replaced" in text or "superseded" in text:  # "X were replaced by Y": Y instead of X
        text = _REPLACED_BY.sub(r"\2 instead of \1", text)
    if _FROM_TO.search(text):  # "moved paging from PagerDuty to Opsgenie": Opsgenie, not PagerDuty
        text = _FROM_TO.sub(r"\1\2to \4 instead of \3", text)
    if "in the" in text or "at night" in text:  # "at seven in the morning" is 7am
        text = part_of_day(text)
    if _CLOCK_HINT.search(text):  # "2pm", "14:00" and "2 p.m." are one time
        text = _RANGE.sub(r"\1 \2", _CLOCK.sub(_clock, text))  # "22:00-06:00": two ends
    text = one_value(text)  # "DD.MM.YYYY", "9-to-5", "left ear", "closed-source"
    if "free" in text:  # "meeting-free Fridays", "Fridays free of meetings": no meetings
        text = _FREE_OF.sub(_free_of, _FREE_OF_X.sub("no ", text))
    if "without" in text:  # "nothing merges without two approvals" asks for two approvals
        text = _DOUBLE_NEGATION.sub(r"\1with", text)
    text, cue = _change_prefix(text)
    raw = _TOKEN.findall(text)
    stems = [_STEM_CACHE.get(token) or _stem(token) for token in raw]  # no call if known
    if _ACRONYM.search(text) and _LOWER.search(text):  # "Portland, OR"; not a shouted sentence
        stems = [token if _ROLE.get(stem) == _STOPWORD and _ACRONYM.fullmatch(token) else stem
                 for token, stem in zip(raw, stems, strict=True)]
    stems = [ABBREVIATIONS.get(stem) or ordinal(stem) or stem for stem in stems]
    content, negs, denied, change, scope = _walk(rewritten := durations(_rewrite(stems)))
    values = frozenset(content) - _GENERIC
    if values >= _PESCATARIAN:  # "fish but no meat": no meat, yet fish
        values = values - _PESCATARIAN | {_stem("pescatarian")}
    if not _ZONES.isdisjoint(values):  # "PT (Los Angeles)": the city only names the zone
        values = values.difference(*(city for city, zone in _CITY_ZONE.items()
                                     if zone in values and values.issuperset(city)))
    names: frozenset[str] = frozenset()  # capitals inside a sentence: loop only if there are any
    if text[1:] != text[1:].lower():
        names = values.intersection(stems[i] for i in range(1, len(raw))
                                    if raw[i][0].isupper() and raw[i - 1] not in ".!?")
    names |= _PLACES.intersection(values) | _NAMED.intersection(values)  # "Wien" as "vienna"
    salient = names.union(_SALIENT.intersection(values), (v for v in values if not v.isalpha()))
    return _Text(" ".join(text.lower().split()), values, _OPPOSABLE.intersection(rewritten),
                 tuple(negs), frozenset(denied), change or cue, names - _FAMILY.keys(), salient,
                 frozenset().union(*map(_trigrams, values)),
                 tuple(stem for stem in stems if stem != "|"), not _ADDITIVE.isdisjoint(stems),
                 scope=frozenset(scope), said=frozenset(content))


# Discourse markers of an addition or a narrowing: general English, not phrasings of one topic.
_ADDITIVE = _words("also too additionally especially specifically ideally particularly "
                   "preferably except")


# A leading "Update:", "Correction:", "I've changed my mind:" announces a new value; the prefix
# itself says nothing about which. Read generally: a short lead-in before a colon that holds a
# word of revision, not a list of phrasings.
_LEAD_IN = re.compile(r"^\s*([^:.!?]{1,40}?)\s*[:\u2014-]\s+(?=\S)")
_REVISION = _words("update correction correct change changed switch revise revision actual "
                   "scratch edit override overriding amend amendment supersede disregard ignore "
                   "replace replacing")


def _change_prefix(text: str) -> tuple[str, str | None]:
    """Split off a revision lead-in ("Update: ..."); return the rest and the cue, if any."""
    match = _LEAD_IN.match(text)
    words = match[1].split() if match else []
    if match and len(words) <= 5 and not _REVISION.isdisjoint(_stem(w.strip(",'")) for w in words):
        return text[match.end():], match[1].strip().lower()
    if match and len(words) <= 3 and text[match.end(1):match.end()].strip() == ":":
        # A label ("Team norm: no syncs on Fridays") heads the statement, no clause before it:
        # a negation after it negates the statement, as without the label.
        return f"{match[1]} {text[match.end():]}", None
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


def _walk(stems: list[str]) -> tuple[list[str], list[str], set[str], str | None, list[str]]:
    """Split stems into content, statement negations, denied content, a change cue and the
    negations' scope. A negation before anything is said negates the statement ("no longer
    vegetarian"); one in a later clause rules out what follows it ("window seats, never the
    aisle"). A statement negation's scope is what it governs, what another statement must say
    for the negation to deny it: after "no", the word it determines ("meeting" in "my no-meeting
    day"); after "not", "never", "n't", the word it negates and the words that run on from it,
    determiners aside, up to a pronoun, preposition or the clause's end ("book" in "don't book
    me at 1pm", "book window seat" in "never books window seats")."""
    content: list[str] = []
    negs: list[str] = []
    denied: set[str] = set()
    scope: list[str] = []
    change: str | None = None
    said = clause = hit = False
    deny = ""  # a denial cue waiting for its object
    local, role_of = "", _ROLE.get  # local: the cue of a negation in a later clause
    run = 0  # 0: no negation governs; 1: "no" awaits its word; 2: "not" awaits it; 3: it runs on
    for stem in [*stems, "|"]:  # a last boundary closes the last clause
        role = role_of(stem)  # content words, the most common, have no role
        if role is None and (deny or local):
            denied.add(stem)
            deny, hit = "", True
        elif role is None or role == _FRAME:
            content.append(stem)
            clause = True
            if run:
                scope.append(stem)
                run = 0 if run == 1 else 3
        elif role == _STOPWORD:
            run = 0 if run == 3 and stem not in _DETERMINERS else run
        elif role == _BOUNDARY:
            if local and not hit:  # "..., not really": it retracts what was said
                negs.append(local)
            if deny in _REMOVALS:  # "Python 3.8 support dropped": no object, the clause goes
                negs.append(deny)
            said, clause, local, deny, hit = said or clause, False, "", "", False
            run = 0
        elif role == _NEGATION and said:
            local = stem
        elif role == _NEGATION and not (negs and stem == _ANYMORE):  # "not ... anymore": one
            negs.append(stem)
            run = 1 if stem == _NO else 2
        elif role == _CHANGE and (run in (1, 2) or (local and not hit)):
            # "I'm not switching": a change denied is none, and says the value stays; what
            # it would have moved to is ruled out ("not moving to Python").
            if local and not hit:
                local = ""
            else:
                negs.pop()
            run, deny = 0, "^" + stem[1:]
        else:
            run = 0 if run == 3 else run
            if role == _DENIAL:
                deny = stem
            elif role == _CHANGE:
                change = change or stem[1:]
    return content, negs, denied, change, scope


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


_RECORDING[0] = False  # loaded: a reason's words no longer follow what is read
