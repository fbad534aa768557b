"""Gate rule 2, rule stage: transient content that only makes sense inside the live conversation.

A memory candidate is *transient* when it describes the state of the conversation rather than the
world: acknowledgements ("okay", "thanks!"), hesitation ("hmm, let me think"), the speaker's own
in-progress action ("checking now", "let me look into that") or a pointer back into the chat
("as I said above").  The test from the write policy: would the sentence still be true and useful
in a new session with no prior context?  If not, the gate rejects it with the reason returned here.

How it decides, and why:

* The text is normalised (case, curly quotes, emoji) and cut into clauses at sentence punctuation,
  spaced dashes and "and" / "and then" / "while".
* Every clause must be chatter for the whole candidate to be transient.  One clause with content
  ("Thanks! Also, I'm allergic to penicillin") keeps it: a wrongly dropped fact costs far more
  than a kept "okay", so every doubt resolves towards keeping.
* A clause is chatter when, after filler words are peeled off its ends, one grammar matches it *in
  full* (a reference to the conversation, the speaker's action on a conversational object, the
  state of something in flight such as "the build is still running", a filler phrase), or when
  every one of its few words belongs to the closed vocabulary of talking about the talk ("keep me
  posted", "you didn't answer my question").  Full matching is what keeps "Let me see drafts
  before anything is sent to clients" and "Running the tests requires Docker" durable although
  they open like chatter.

Everything is compiled at import and a call costs a few microseconds, because the gate sees 20k+
candidates a second.  Pure standard library, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memcurator.transient_learned import GERUND_COMPOUNDS

__all__ = ["rule_reason"]


def _alt(*parts: str) -> str:
    """Join regex fragments into one non-capturing alternation."""
    return "(?:" + "|".join(parts) + ")"


def _words(text: str) -> frozenset[str]:
    """A word list written as prose-like lines, which reads better than hundreds of quotes."""
    return frozenset(text.split())


# Chatter is short.  Longer candidates skip all matching; the longest chatter clause seen is about
# 12 words ("now let me run the test suite again to verify the fix").  A clause judged by its
# vocabulary alone must be shorter still: the more common words, the likelier they add up to a rule.
_MAX_CHARS = 300
_MAX_CLAUSE_WORDS = 16
_MAX_CHAT_WORDS = 10

# Clauses are cut with str.translate and str.replace, not a regex split: a regex trying a dozen
# alternatives at every character cost more than all the matching.  Emoji carry nothing worth
# remembering on their own, so they cut clauses too: "See above ☝️" and "✅ done" keep only words.
_BREAK = "|"
_EMOJI = (
    (0x1F000, 0x1FAFF), (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0xFE0F, 0xFE0F), (0x200D, 0x200D)
)
_TABLE = {code: _BREAK for low, high in _EMOJI for code in range(low, high + 1)}
_TABLE.update({ord(c): _BREAK for c in '!?…()[]{}"*–—“”«»'})
_TABLE.update({ord("’"): "'", ord("‘"): "'", ord("`"): "'", ord("\t"): " ", ord("\n"): " "})
# Most candidates are ASCII, and bytes.translate is several times faster than str.translate with a
# dict, so only non-ASCII text pays for the emoji table.
_ASCII_TABLE = bytes.maketrans(b'!?()[]{}"*`\t\n', b"||||||||||'  ")
# "." "," ":" ";" end a clause only before a space (the text gets a trailing one), so "settings.py",
# "1.26", "9:30" and "$1,500" stay whole; a hyphen only between spaces, so "check-in" stays whole.
_BOUNDARIES = ("..", ". ", ", ", ": ", "; ", " - ", " and then ", " and ", " while ")

# (a) Single words that carry nothing on their own: acknowledgements, thanks, greetings, hesitation,
# connectives and common non-English fillers.  They are peeled off the ends of a clause, so "ok so
# let me check" is judged as "let me check".  Stretched spellings ("okkk", "hmmm") match patterns.
_DISCOURSE_WORDS = _words("""
    ok okay okey oki okie k kk alright cool nice great perfect awesome excellent fine good super
    sweet wonderful amazing brilliant lovely neat fair understood noted gotcha yes yeah yep yup
    yea ya no nope nah sure absolutely certainly definitely indeed exactly true totally right
    righto oh ah aha wow omg interesting lol lmao thanks thank thx ty tysm thnx thnks cheers np
    please pls plz sorry oops hi hello hey hiya bye goodbye ttyl gn hmm hm um uh er erm huh well
    so anyway anyways now then also actually basically wait idk dunno maybe welcome vale
    d'accord d'acc oui ouais merci claro genau ja danke gracias dale bueno entendido bitte hai
    arigato arigatou bon bof voilà parfait ciao hola adiós tschüss klar interessant natürlich
    stimmt gern gerne perfecto exacto listo sim obrigado obrigada certo prego amigo grazie pues
    alors sí passt acuerdo honestly mate perfetto morning evening afternoon sir possibly
    probably ta yo night lmk correction
""")
_FILLER_WORD = re.compile(
    r"o+k+|o+k+a+y+|h+m+|u+h+|u+m+|e+r+m*|a+h+|o+h+|y+e+s+|n+o+|l+o+l+|(?:ha)+h?|(?:he)+|(?:ja)+"
    r"|hi+|he+y+|by+e+|thanks+|thx+|merci+|mm+-?hm+|m+h+m+|uh-?huh"
)
_FILLER_INITIALS = frozenset("ohueaynljbtm")
# The rest of a clause that says nothing durable: pronouns, auxiliaries, prepositions, and the
# verbs and nouns of talking about the talk ("keep me posted", "ready when you are").  Left out on
# purpose: words that turn a sentence into a standing rule or a fact about someone ("always",
# "never", "every", "don't", "can't", "must", "need", "want", "like", "prefer", "remember", "call",
# "first"), so "Always check with me first" and "I can't see well" stay durable; and "myself",
# which makes the speaker the topic ("That's what I told myself").
_CHAT_WORDS = _words("""
    i me my mine you your yours yourself u ur we us our it its itself that this these
    those they them their there here what which who whatever whenever something anything
    everything nothing one ones thing things stuff i'm i'll i've i'd you're you'll you've you'd
    we're we'll we've it's that's there's here's what's let's how's where's didn't doesn't isn't
    wasn't aren't weren't won't haven't hasn't couldn't wouldn't shouldn't gonna wanna gotta
    lemme gimme am is are was were be been being do does did doing done have has had having will
    would can could shall should may might a an the some any another other all both either just
    only even of to for with on in at by from about into up down out off over through back again
    as than if when while because before after until till yet too very really quite pretty bit
    little lot lots more much less most same such how why where whether not still already almost
    nearly soon later today tonight tomorrow next last once quick quickly real fast go goes
    going gone went get gets got getting let make made making take took taking care say said
    saying tell told mean meant ask asked asking answer answered know knew think thought
    thinking see saw seen seeing look looked looking check checked checking recheck double
    double-check try tried trying help helped helping find found finding figure figured
    understand follow wait waiting hold hang stop continue continuing proceed proceeding start
    started starting begin finish keep kept posted left reconsider restate rephrase repeat
    clarify explain explained describe described mention mentioned discuss discussed scroll
    scratch disregard ignore forget forgot work works worked working ping send sent share shared
    come came coming fix fixed fixing sound sounds agree agreed hear heard put give show pull
    dig deeper compare consider review verify confirm handle ready finished happy glad clear
    wrong correct pleasure worries rush problem question questions answers point reply message
    messages chat conversation news update updates status progress idea sense time moment sec
    second seconds minute minutes min mins way case part above below earlier previous previously
    but or per best close away distracted following bumping thoughts forward appreciate makes
    else anytime helpful clears mull mind meeting helps together parts neither guess chance
    repeating misread misunderstood apologies specific wrap step tight digging longer
""")

# Whole phrases that are filler although some of their words are not in the lists above.
_FILLER = _alt(
    r"ok(?:ie|ey)? dok(?:ie|ey)|(?:just )?a heads[- ]up|de acuerdo|c'est (?:bon|bien|parfait)"
    r"|all right|sounds (?:good|great|fine|perfect|like a plan)(?: to me)?|that (?:works|helps)"
    r"|works for me|makes sense|got it|roger(?: that)?|will do|of course|fair enough|i see|uh huh"
    r"|why not|cool beans|thank (?:you|u)(?: (?:so|very) much)?"
    r"|thanks (?:a lot|so much|a bunch|again)"
    r"|thank(?:s| you)(?: (?:so|very) much)? for (?:the|your) (?:help|patience|time|answer|reply"
    r"|explanation|info|clarification|support)"
    r"|thanks for (?:clarifying|explaining|helping|confirming|sharing|letting me know)"
    r"|much appreciated|(?:i )?(?:really |truly )?appreciate (?:it|that|(?:the|your) (?:quick "
    r"|fast |speedy |prompt |detailed |clear )?(?:turnaround|response|reply|help|answer|patience"
    r"|effort|explanation))|no (?:worries|problem|rush)|you're welcome|my pleasure"
    r"|happy to help|glad (?:i could|to) help|hey there|bye for now"
    r"|good (?:morning|afternoon|evening|night)|talk (?:later|soon)|take (?:care|your time)"
    r"|see (?:you|ya)(?: (?:tomorrow|later|soon))?|(?:i )?hope (?:this|that) helps"
    r"|(?:i )?hope (?:you(?:'re| are) (?:doing )?well|you had a (?:good|nice|great) (?:weekend|day"
    r"|week|trip|break)|your (?:weekend|day|week|morning|trip|break) (?:was|went|is going) (?:good"
    r"|well|great|nice|fine))"
    r"|(?:i )?(?:have|got) (?:everything|all|what) (?:i|we) need(?:ed)?"
    r"|have a (?:good|nice|great) (?:one|day|evening|weekend)|first(?: of all)?|finally"
    r"|let me know if (?:you have|there's|you need) any(?:thing)?(?: (?:other|more|further"
    r"|else))?(?: questions?)?"
    r"|is there anything else i can (?:help (?:you )?with|do(?: for you)?)"
    r"|feel free to (?:ask|reach out)(?: if (?:anything is unclear|you have (?:any )?questions))?"
    r"|here(?:'s| is| are) (?:what i (?:found|got|have)|the (?:\w+ )?(?:code|version|answer"
    r"|results?|summary|list|draft|plan|file))"
    r"|(?:here|there) you go|go for it|how can i help(?: you)?(?: today)?"
    r"|what can i do for you(?: today)?"
    r"|that's (?:odd|weird|strange|interesting|surprising|helpful|great|perfect|fine|good)"
    r"|that's (?:exactly )?(?:what i (?:needed|wanted|meant)|right|correct|it|all)(?: for now)?"
    r"|that did (?:the trick|it)|hang on|hold (?:on|up)(?: a (?:sec|second|moment|minute))?"
    r"|wait what|not sure|(?:good|great) question|that's a (?:tough|good|great) one|ça marche"
    r"|claro que sí|danke schön|tá bom|va bene|grazie mille|de (?:nada|rien)|por favor"
    r"|s'il vous plaît|un moment(?:o| s'il vous plaît)?|momentito|moment bitte|je (?:regarde|vois)"
    r"|bien sûr|pas de souci|merci beaucoup|vielen dank"
    r"|(?:we're|you're|i'm|we are|you are)? ?all (?:set|good)|in (?:short|summary)|gotta (?:run|go)"
    r"|(?:i'm going to |i'll )?need (?:a bit )?more time"
    r"|(?:talk to|catch) you(?: (?:later|soon|tomorrow))?|to recap|here's a (?:summary|recap)"
    r"|on (?:a|the) call",
    # Being away for a moment: "back in 10", "stepping away for lunch", "grabbing coffee".
    r"back in (?:\d{1,3}|a (?:bit|few|sec|minute|moment)|five|ten|fifteen|twenty|thirty)"
    r"(?: ?(?:m|mins?|minutes?|h|hours?))?",
    r"(?:(?:i'm|i am) )?(?:(?:going to|gonna|about to) )?step(?:ping)? away(?: for (?:a (?:bit|sec"
    r"|minute|moment)|lunch|coffee|a call|a meeting))?"
    r"|(?:(?:i'm|i am) )?(?:(?:going to|gonna) )?(?:grab|grabbing|getting) (?:a |some )?(?:coffee"
    r"|lunch|tea|food|a snack)|(?:(?:i'm|i am) )?on my way to (?:a|the|my) (?:meeting|call)",
)

# (c) Pointers back into the conversation, and steering of it.  They mean something only next to
# the message they point at.
_WHEN = r"(?: (?:above|before|earlier|previously|below|in (?:the|this|that) (?:thread|chat)))?"
_MSG = r"(?:previous|last|earlier) (?:message|reply|comment|answer|email|response|post)"
_META = _alt(
    r"option [a-e1-9]"
    r"|what i (?:meant|mean) (?:was|is) the (?:first|second|third|last|other|former|latter"
    r"|previous)(?: one| option| choice)?"
    r"|the (?:first|second|third|last|other) one|(?:i'm )?not sure i (?:follow|understand)"
    r"|i don't (?:follow|understand|get it)"
    r"|(?:can|could) you (?:clarify|elaborate|explain|repeat|say)(?: (?:that|this|it))?(?: again)?"
    r"|what you (?:just )?said|(?:i )?(?:agree|disagree) with (?:what you (?:just )?said|that)"
    r"|scroll up|same as (?:before|above|last time)|never ?mind|nvm|your call"
    r"|ignore (?:my|that|the) (?:last|previous) (?:message|reply|one|link|file)"
    r"|wrong (?:chat|link|file|thread|window|person)|i meant (?:the )?(?:[\w'.-]+ )?[\w'.-]+"
    r"|(?:it was |that was )?a typo|forget (?:what i (?:just )?said|that|it|about it)"
    r"|that's (?:not )?what i (?:said|meant|asked)|you already (?:asked|said|told me) (?:that|this)"
    r"|what (?:do|did) you mean(?: by that)?|you misunderstood(?: me)?"
    r"|(?:(?:i )?(?:apologi[sz]e|'m sorry|am sorry)|(?:my )?apologies|sorry) (?:for|about)"
    r" (?:the|my|that) (?:confusion|delay|wait|mix-?up|mistake|error|misunderstanding|typo"
    r"|late reply)"
    r"(?: earlier| (?:in|with) my " + _MSG + ")?"
    r"|sorry|(?:you're|you are) (?:right|correct)"
    r"|my (?:mistake|bad)|good catch|typo|one more thing"
    r"|to answer your (?:question|follow-?up|(?:last )?point)|where (?:was i|were we)"
    r"|the same (?:applies|goes|holds|is true)(?: (?:there|here|for (?:that|this|it|them|both)))?"
    r"|going back to what you said(?: earlier)?|your question above|re|where were we"
    r"|(?:let's|let us) (?:continue|move on|proceed)|continue|go on|keep going|go ahead|try again"
    r"|(?:(?:let's|let us|i'll|we'll) )?mov(?:e|ing) on(?: to (?:the )?(?:next|second|third|last"
    r"|other|first|remaining) (?:item|point|one|question|step|part|issue|task|thing))?"
    r"|proceeding|next question|any updates?|back to (?:the task|work|it)|how's it going"
    r"|what's the status|you still there|are you (?:still )?(?:there|working on it)"
    r"|(?:i'm|i am) done(?: for (?:today|now))?|done|that (?:didn't|did not|doesn't|does not) work",
    r"as (?:i|we|you) (?:said|mentioned|noted|explained|discussed|wrote|stated)"
    + _alt(_WHEN, r" in my " + _MSG),
    r"as (?:mentioned|noted|stated|discussed|said|explained)" + _alt(_WHEN, r" in my " + _MSG),
    r"like (?:i|we|you) (?:said|discussed|mentioned)" + _WHEN,
    r"see (?:above|below|previous|my " + _MSG + ")",
    r"as per (?:above|before|my " + _MSG + ")",
    r"refer(?: back)? to (?:my|your|the) " + _MSG,
    r"(?:in|per) my " + _MSG,
    # A verdict on something picked out only by its place in the chat ("option B is safer").
    r"(?:option [a-e1-9]|the (?:first|second|third|last|other|former|latter|previous|new|old)"
    r" (?:one|option|approach|version|choice|solution|way|method|suggestion))"
    r" (?:is|was|seems|looks|sounds) (?:much |a bit |slightly )?(?:better|safer|best|fine|right"
    r"|correct|cleaner|simpler|faster|the way to go)",
    # Questions back to the listener about the exchange itself.
    r"(?:did|does|do|is|was) (?:that|this|it|the fix|the change|everything) (?:fix (?:it|that|the"
    r" issue|the problem)|work|help|make sense|solve (?:it|the (?:issue|problem))|answer your"
    r" question|look (?:right|correct|ok|good))(?: for you| now)?",
    r"which (?:one|file|option|version|line|part|error|message|branch|link) (?:do|did) you"
    r" (?:mean|want|need)",
)

# (b) The speaker's own action on something in the conversation, now or imminently:
# [subject] [adverbs] verb [object] [tails].  Objects are pronouns or conversational nouns ("the
# logs"); open text is allowed only in the listener's things ("your ...", "... for you"), so "I'm
# looking for a job in data engineering" and "I'm running the Berlin half marathon" do not fit.
_SUBJECT = _alt(
    r"(?:can|could|would|will) you(?: please)?|let me|lemme|let's|let us|allow me to"
    r"|i(?:'ll| will)|we(?:'ll| will)"
    r"|(?:i(?:'m| am)|we(?:'re| are)) (?:going to|gonna|about to)|i've|we've|gonna|i need to"
    r"|i(?:'d| would) like to|i(?:'m| am)|we(?:'re| are)|i can|we can|i|we|will"
)
_ADVERB = _alt(
    r"just|now|quickly|first|also|then|still|currently|actually|go ahead and|try to|start by"
    r"|begin by"
)
_VERB = _alt(
    r"che?c?k(?:ing)?(?: (?:with|on|for))?|double-?check(?:ing)?|see(?:ing)?"
    r"|look(?:ing)?(?: (?:into|at|over|up|through))?|look(?:ing)? (?:it|that|this|them) up"
    r"|(?:take|taking|have|having) (?:a|another) (?:quick |closer |better )?look(?: at)?"
    r"|try(?:ing)?|find(?:ing)?|think+(?:ing)?(?: (?:about|it over|it through|this through))?"
    r"|search(?:ing)?(?: for)?|pull(?:ing)?(?: (?:it|that|this|them))?(?: up)?|re-?run(?:ning)?"
    r"|run(?:ning)?|fetch(?:ing)?|dig(?:ging)?(?: in| into| deeper)|verify(?:ing)?|confirm(?:ing)?"
    r"|review(?:ing)?|investigat(?:e|ing)|open(?:ing)?|(?:re-?)?read(?:ing)?|summari[sz](?:e|ing)"
    r"|recap(?:ping)?|go(?:ing)? (?:through|over|ahead)|scroll(?:ing)?(?: up| down)?|grab(?:bing)?"
    r"|load(?:ing)?|query(?:ing)?|call(?:ing)?|test(?:ing)?|examin(?:e|ing)|analy[sz](?:e|ing)"
    r"|inspect(?:ing)?|explor(?:e|ing)|work(?:ing)? on|figur(?:e|ing) (?:(?:it|that|this) )?out"
    r"|debug(?:ging)?|fix(?:ing)?|updat(?:e|ing)|compar(?:e|ing)|gather(?:ing)?"
    r"|mak(?:e|ing) (?:that|this|the|those|these) changes?|get(?:ting)? back to you"
    r"|circl(?:e|ing) back|follow(?:ing)? up|let you know|wait(?:ing)? (?:on|for)"
    r"|help(?:ing)?(?: you)? (?:with|on)|retry(?:ing)?|restart(?:ing)?|correct(?:ing)?"
    r"|grep(?:ping)?(?: for)?|rephras(?:e|ing)|clarify(?:ing)?|explain(?:ing)?|redo(?:ing)?"
    r"|process(?:ing)?|retriev(?:e|ing)|writ(?:e|ing)(?: (?:it|that|this) up)?|loop(?:ing)? in"
    r"|ask(?:ing)?|draft(?:ing)?|report(?:ing)? back|get(?:ting)? started|start(?:ing)?"
    r"|begin(?:ning)?|proceed(?:ing)?|prepar(?:e|ing)|compil(?:e|ing)|walk(?:ing)? you through"
    r"|re-?check(?:ing)?|consider(?:ing)?|download(?:ing)?|upload(?:ing)?|send(?:ing)?|share"
    r"|forward(?:ing)?|attach(?:ing)?|reproduc(?:e|ing|ed)|answer(?:ing)?|list(?:ing)?|edit(?:ing)?"
    r"|apply(?:ing)?|paste|post|resend|show|(?:mak(?:e|ing)|made) (?:that|this|the|those|these|your"
    r"|all the) (?:requested |suggested )?(?:changes?|edits?|fix(?:es)?|updates?)"
    r"(?: you (?:asked for|requested|suggested|wanted))?"
    r"|(?:check|look|pull|search|fix|open|updat|load|appli|edit|list|add|chang|renam|remov|mov)ed"
    r"(?: up| into| at)?"
)
_NOUN = _alt(
    r"logs?|files?|config(?:uration)?|tests?|test suite|results?|docs|documentation|code(?:base)?"
    r"|details|diff|requests?|issues?|errors?|problem|status|tickets?|account|orders?|booking"
    r"|history|repo|repository|structure|readme|output|data(?:base)?|schema|query|message|question"
    r"|answer|options?|availability|calendar|inbox|dashboard|metrics|build|pipeline|pr|branch"
    r"|changes?|fix|approach|solution|tool|api|endpoint|page|list|report|records?|info(?:rmation)?"
    r"|notes|source|traceback|stack ?trace|settings|linter|script|command|job|way|version|base"
    r"|thread|email|attachment|link|doc(?:ument)?|function|module|reply|response|drafts?|summary"
    r"|steps?|plan|thing|one|part|section|setup|environment|bug|warnings?|numbers|figures|flights?"
    r"|prices?|hotels?|everything|team|colleagues?|manager|web|internet|weather|reservations?|check"
    r"|directory|folder|dir|contents|project|package|ci|deploy|stack"
)
_FILE = r"[\w/-]+\.(?:py|js|ts|tsx|json|ya?ml|toml|md|txt|cfg|ini|sh|go|rs|java|sql|log|csv|html)"
_DET = r"(?:(?:the|your|my|our|a|an|some|this|that|these|those|its|another) )?"
_NOUN_PHRASE = _DET + r"(?:[\w'.-]+ ){0,2}" + _NOUN
_OBJECT = (
    _alt(
        r"it|that|this|those|these|them|that one|this one|everything|something|both",
        r"what (?:you|i|we) (?:just )?(?:said|sent|asked|mean|meant|shared|have|found|wrote)",
        r"what (?:i|we) can (?:find|do|dig up)", r"what(?:'s| is) (?:going on|wrong|happening)",
        r"(?:if|whether) (?:it|that|this|everything|the fix|the change)"
        r" (?:works|worked|helps|helped|is (?:right|correct|there|fixed))(?: now)?",
        _NOUN_PHRASE + r"(?: of " + _NOUN_PHRASE + ")?", _FILE, r"lines? \d+(?:-\d+)?",
    )
    + r"(?: (?:you|i) (?:just )?(?:sent|shared|mentioned|attached|posted|pasted|uploaded|suggested"
    r"|asked for|requested|described|wanted|proposed))?"
)
_TAIL = _alt(
    r"(?:right )?now|real (?:quick|fast)|quick(?:ly)?|first|again|further"
    r"|for (?:you|that|a (?:sec|second|moment|minute|bit))|one more time|shortly|soon"
    r"|in a (?:sec|second|moment|minute|bit)|asap|please|accordingly|later|today|tomorrow|deeper"
    r"|on my (?:end|side)|step by step|so far|more closely|(?:on|with) (?:that|this|it)|here|myself"
    r"|after lunch|this (?:afternoon|evening)|in (?:a bit|an hour)"
    r"|(?:once|when) (?:it's|it is|that's|that is|i'm|i am) (?:done|ready|finished|complete)"
    r"|above|below|as (?:requested|asked|suggested|discussed|agreed|promised)"
    r"|before (?:answering|replying|responding|i (?:answer|reply|respond))"
    r"|to (?:verify|confirm|see|check|make sure|understand|find out|think)(?: (?:the fix|it|that"
    r"|this|if it works|that it works|everything works|its structure|what's (?:going on|wrong)"
    r"|the (?:layout|structure|codebase|problem|issue)))?"
)
_FIXED_ACTION = _alt(
    r"(?:give|gimme) (?:me )?(?:a|one|just a|a few|\d+|two|five|ten) (?:sec|second|moment|minute"
    r"|min)s?"
    r"|(?:one|just a|a) (?:sec|second|moment|min|minute)|sec|bear with me"
    r"|i need a (?:sec|second|moment|minute)|brb|be right back|afk(?: \d+ ?min(?:utes?)?)?"
    r"|(?:i'm |we're |still )?on it"
)
# Where and how the speaker does it.  Only narration (an explicit speaker, or a progressive verb)
# may carry these, so the instruction "Run the tests locally" stays durable.
_SCOPE = _alt(
    r"locally|on my (?:machine|laptop)",
    r"for (?:usages?|uses|references|callers|calls|occurrences|mentions) of (?:it|that|this|the)"
    r"(?: (?:function|method|class|variable|file|module|flag|setting))?",
    r"(?:in|from|under|inside) " + _DET + r"(?:[\w'-]+ )?(?:directory|folder|dir|repo|repository"
    r"|project|codebase|file|module|package|branch|root)",
    r"with (?:more |verbose |extra |debug )?(?:logging|logs|output|flags?|debug(?:ging)?)",
)
_PARTICLE = r"(?: (?:up|over|down|out|back|through|in|on|off))?"
_ACTION_CORE = _alt(
    _VERB
    + _alt(
        f" {_OBJECT}",
        # Doing something to the listener's things ("looking up your reservation") or for them
        # ("checking the weather for you") is service chatter whatever the noun.
        r" your (?:[\w'-]+ ){0,2}[\w'-]+",
        rf" {_DET}(?:[\w'-]+ ){{0,2}}[\w'-]+ for you",
    )
    + "?",
    # Any verb whose object is a bare pronoun ("I'll break this down", "sending it over"): the
    # pronoun points into the conversation, so nothing durable is left.
    rf"[\w'-]+{_PARTICLE} (?:(?:it|that|this|them|these|those)(?: one)?"
    rf"|the (?:first|second|third|last|other) one){_PARTICLE}",
)
_ACTION = _alt(
    _FIXED_ACTION,
    f"(?:{_SUBJECT} )?(?:{_ADVERB} ){{0,3}}{_ACTION_CORE}",
    f"(?:{_SUBJECT} |(?=[\\w'-]+ing ))(?:{_ADVERB} ){{0,3}}{_ACTION_CORE}(?: {_SCOPE})+",
)

# (d) The state of something in flight in the session: "the build is still running", "it's taking
# a while", "still waiting on the CI to finish".  Subjects are a closed list of session processes
# with at most a short modifier, and the clause must end with the state (plus tails such as "now"),
# so "The nightly job is still running on the old cron server" and "Deploys are still manual" stay.
_PROCESS = _alt(
    r"(?:(?:the|my|your|this|that) )?(?:(?:ci|unit|e2e|docker|npm|pip|test|full|new) )?"
    + _alt(
        r"builds?|tests?|test suite|test run|ci|pipeline|job|install(?:ation)?|deploy(?:ment)?"
        r"|migration|page|tool|command|script|query|download|upload|linter|compiler|laptop"
        r"|computer|machine|vpn|connection|container|process|upgrade|compile|import|export|sync"
        r"|backup|reboot|restart|check|scan|run|fix|change|suite|app|browser|editor|ide|terminal"
    ),
    r"it|this|that|everything|things",
)
_STATE = _alt(
    r"(?:(?:still|now|currently) )?(?:running|loading|compiling|building|installing|rebooting"
    r"|restarting|reconnecting|updating|downloading|uploading|processing|deploying|spinning up"
    r"|booting(?: up)?|going|in progress|pending|queued|stuck)",
    r"(?:still )?taking (?:a (?:while|bit|minute|moment|sec)|(?:a (?:bit|little) )?(?:longer"
    r"|forever|ages|some time)(?: than (?:expected|usual|i thought))?)",
    r"(?:(?:almost|nearly|finally|just|now|all) )?(?:done|finished|complete|completed|ready)"
    r"|(?:almost|nearly) there|(?:passing|green|failing|working|fixed|back)(?: again)?",
)
_STATUS = _alt(
    _PROCESS + r"(?: is| are|'s|'re)? " + _STATE,
    _PROCESS + r" (?:(?:has|have) )?(?:(?:just|finally) )?(?:finished|completed|passed|failed"
    r"|crashed|timed out|succeeded|went through|came back)(?: (?:loading|running|building"
    r"|installing|compiling|downloading|uploading))?",
    r"(?:(?:i'm|we're|i am|we are) )?(?:still )?waiting (?:on|for) " + _PROCESS
    + r"(?: to (?:finish|complete|load|run|pass|come back|be done|start|restart|reboot))?",
)

# One regex per clause: exactly one core, whose group name says which kind of chatter it is, then
# optional tails ("now", "for you").
_CLAUSE = re.compile(
    rf"(?:(?P<meta>{_META})|(?P<action>{_ACTION})|(?P<status>{_STATUS})|(?P<filler>{_FILLER}))"
    rf"(?: {_TAIL})*"
)

# Picking the thread back up: "where was I... oh yes, the migrations".
_RESUME = ("where was i", "where were we")
_TOPIC = re.compile(r"(?:the|your|my|that) (?:[\w'-]+ )?[\w'-]+")

# When clauses of several kinds are present, the reason names the most telling one.
_LABELS = {
    "meta": "refers to the conversation",
    "action": "in-progress action",
    "status": "status of something in flight",
    "chat": "only conversational words",
    "filler": "conversational filler",
}


def _clauses(content: str) -> Iterator[str]:
    """Normalise case, quotes, emoji and spacing, and cut the text into clauses, lazily: most
    durable candidates are settled by their first clause."""
    lowered = content.lower()
    if lowered.isascii():
        text = lowered.encode("ascii").translate(_ASCII_TABLE).decode("ascii") + " "
    else:
        text = lowered.translate(_TABLE) + " "
    for boundary in _BOUNDARIES:
        if boundary in text:
            text = text.replace(boundary, _BREAK)
    for piece in text.split(_BREAK):
        clause = " ".join(piece.split()).strip("'")
        if clause:
            yield clause


def _is_filler_word(word: str) -> bool:
    # The initial-letter test spares most words a regex call on the hot path.
    return word in _DISCOURSE_WORDS or (
        word[0] in _FILLER_INITIALS and _FILLER_WORD.fullmatch(word) is not None
    )


def _classify(clause: str, resuming: bool = False) -> str | None:
    """Name the kind of chatter a clause is (a key of _LABELS), or None when it has content.

    ``resuming`` says the previous clause was "where was I": a bare topic ("the migrations") then
    only names what the chat was about."""
    words = clause.split()
    if len(words) > _MAX_CLAUSE_WORDS:
        return None
    start, end = 0, len(words)
    while start < end and _is_filler_word(words[start]):
        start += 1
    while end > start and _is_filler_word(words[end - 1]):
        end -= 1
    if start == end:
        return "filler"
    core = " ".join(words[start:end])
    if " ".join(words[start : start + 2]) in GERUND_COMPOUNDS:
        return None  # "checking account on file" names a thing; no action is under way
    if resuming and _TOPIC.fullmatch(core):
        return "meta"
    match = _CLAUSE.fullmatch(core)
    if match is None and (start or end < len(words)):
        # Peeling can split a phrase ("good catch", "thank you for your patience"): retry whole.
        match = _CLAUSE.fullmatch(clause)
    if match is not None:
        return match.lastgroup
    # No grammar fits; still chatter if not one word carries content ("keep me posted").
    if len(words) <= _MAX_CHAT_WORDS and all(
        word in _CHAT_WORDS or _is_filler_word(word) for word in words
    ):
        return "chat"
    return None


def rule_reason(content: str) -> str | None:
    """Name the kind of chatter and the clause that showed it, or return None to keep ``content``.

    >>> rule_reason("hmm, let me think")
    "in-progress action ('let me think')"
    >>> rule_reason("I'm vegetarian") is None
    True
    """
    if not content or content.isspace() or len(content) > _MAX_CHARS:
        return None  # empty content is the schema rule's business; long content is never chatter
    found: dict[str, str] = {}
    resuming = False
    for clause in _clauses(content):
        kind = _classify(clause, resuming)
        if kind is None:
            return None  # one clause with content keeps the whole candidate
        found.setdefault(kind, clause)
        resuming = clause.endswith(_RESUME) or (resuming and kind == "filler")
    if not found:
        return "no words, only emoji or punctuation"
    kind = next(kind for kind in _LABELS if kind in found)
    snippet = found[kind] if len(found[kind]) <= 40 else found[kind][:37] + "..."
    return f"{_LABELS[kind]} ('{snippet}')"
