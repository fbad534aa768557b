"""Phrases read as one canonical stem or cue (``memcurator.wording``), as data.

"variant|variant=replacement;", in stem space (each word is stemmed when read), longest first.
A replacement starting "^" rules out the next content word ("instead of X"), "~" announces a
change of value ("switched to", "now"); "nolonger", "usedto", "gaveup" are negations; the rest
are canonical words ("vs code" is "vscode"). General English and general knowledge, not the
phrasings of any one stream.
"""

from __future__ import annotations

__all__ = ["PHRASE_SPEC"]

PHRASE_SPEC = """
    no longer|no more|passed away|let lapse|let lapsed|let it lapse|decided against|
    stepped back from|stepped down from|misdiagnosed|was misdiagnosed|ruled out|was ruled out|
    taken off|took off|got off|shut down|turned off|opted out of|opted out|dropped out of|
    pulled out of=nolonger;
    dropped to|dropped it to|cut to|cut it to|reduced to|reduced it to|lowered to|lowered it to|
    raised to|raised it to|bumped to|bumped it to|increased to|increased it to|upped to|
    upped it to|relocated|renamed|traded in for|traded|upgraded to|downgraded to|upgraded|
    downgraded=~;
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
    rather have|fan of|keen on|fond of=prefer; work from home|from home|wfh|remote=remote;
    dark mode|dark theme=dark;
    e mail=email; from the office|in the office|at the office|on site|onsite|in person=office;
    light mode|light theme=light; text message|text messages=sms; phone call=phone;
    ms teams=msteams; c++=cpp; c#=csharp; f#=fsharp; js|node js=javascript; mac os|osx=macos;
    vs code|visual studio code=vscode; in go|use go|write go|prefer go=golang; not eat meat|
    not eat meat anymore=vegetarian; not eat|not tolerate|not drink=avoid; went away|
    gone away|got over|grew out of|cured=outgrew; gluten free=avoid gluten; nut free=avoid nut;
    dairy free=avoid dairy; lactose free=avoid lactose; brief|concise|succinct|terse=short;
    mac|mac os|os x=macos; postgresql|postgre=postgres; nvim|neo vim=neovim; ts=typescript;
    k8s=kubernetes; eng=engineering; mgmt=management; dept=department; repo=repository;
    env=environment; config=configuration; docs=documentation; veggie=vegetarian;
    avoid meat|avoid all meat|no meat or fish|not eat meat or fish|not eat fish or meat|
    avoid meat and fish|avoid meat or fish=vegetarian; no animal product|avoid animal product=vegan;
    eat everything|eat anything|no dietary restriction|no diet restriction=omnivore;
    km|kg|kilometre|kilometer|kilogram|celsius|centimetre|centimeter=metric;
    mile|lb|lbs|fahrenheit|inch|feet|foot|ounce|oz=imperial;
    morning person|early riser|early bird|at dawn|before 12:00|before lunch=morning;
    night owl|evening person|late riser|late at night|late night=night;
    early in the morning=morning; thorough|in depth|comprehensive|exhaustive=detailed;
    working day|work day|business day=workday; daily standup|daily scrum|daily sync=standup;
    never commute|not commute|no commute=remote; dark background|light text on a dark background|
    light text on dark background=dark; bright|white theme|white ui|light background|
    dark text on a light background|dark text on light background=light;
    not eat any meat|not eat any meat anymore=vegetarian;
"""
