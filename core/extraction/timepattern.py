"""The one pattern ``timeexpr.find_times`` scans a clause with, and the cheap gate before it.

``TIME_RE`` is one VERBOSE alternation, one named branch per way of writing a day (an ISO
date, "March 6th", "the 6th of next month", "6.3.", a weekday with its date, "in two
weeks", a holiday, "end of the month", ...), with the preposition before it ("from",
"until", "back") captured so callers tell a departure from a return; ``timeexpr`` resolves
the branches. ``TRIGGERS`` are the words without which no branch can match.
"""

from __future__ import annotations

import re

from core.extraction.timewords import MONTHS, ORDINAL_WORDS, UNIT_ORDINALS, WEEKDAYS
from core.extraction.word_gates import gated

_ORDW_RE = "|".join(w.replace("-", r"[-\s]") for w in sorted(ORDINAL_WORDS, key=len, reverse=True))
_MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY_RE = "|".join(
    "(?<!')mon" if w == "mon" else w for w in sorted(WEEKDAYS, key=len, reverse=True)
)
_NUM_RE = (
    r"\d{1,2}|a couple of|a couple|couple of|a few|a|an|one|two|three|four|five|six|seven|eight"
    r"|nine|ten"
).replace(" ", r"\s+")
_HOLIDAYS = (
    r"labor day|memorial day|thanksgiving|christmas eve|boxing day|christmas|new year'?s eve"
    r"|new year'?s"
    r"|good friday|easter sunday|easter monday|easter"
    r"|july 4th|fourth of july|independence day|presidents'? day|halloween|valentine'?s day"
).replace(" ", r"\s+")  # the pattern below is VERBOSE, where a literal space is ignored
_ORD = r"(?:st|nd|rd|th)?"
_NTH_END = (
    rf"(?!\s+(?:of\s+)?(?:{_MONTH_RE})\b"
    r"|\s+(?:floor|fl|grade|place|time|round|period|class|row|lap)\b)"
)
"""After a weekday's ordinal, what makes it no date of the month: "tues 17th of May" is
read whole by another branch; "sat 5th place", "wed 3rd floor" are not days."""
_BARE_END = (
    r"(?=\s*(?:$|[,;!?)]|[.:](?!\d)|[-\u2013](?!\s*\d)"
    r"|(?:and|or|but|then|so|at|for|with|we|i|to|till|until|til|back|because|since|when|if"
    r"|too|as|instead|again|probably|hopefully|latest|earliest|now|right|ok|okay|lol|haha"
    r"|actually|anyway|btw|though|sorry|prob|maybe)\b))"
)
"""After a day of the month written without its ending ("back on the 13"), what makes the
number a day: the clause ends or goes on with a word no count is followed by. "the 13 of
us", "the 5 train", "the 2 kids", "the 10 minutes", "the 20s" are counts and names."""
_BARE_BEFORE = (
    r"(?:(?<=\bdue\s)|(?<=\bby\s)|(?<=till\s)|(?<=until\s)|(?<=\btil\s)|(?<=\bfrom\s)"
    r"|(?<=\bbefore\s)|(?<=\bback\s)|(?<=\bhome\s)|(?<=\d\sto\s)"
    r"|(?<=back\son\s)|(?<=home\son\s)|(?<=\bdue\son\s)|(?<=leave\son\s)|(?<=leaving\son\s)"
    r"|(?<=left\son\s)|(?<=\breturn\son\s)|(?<=returning\son\s)|(?<=returns\son\s)"
    r"|(?<=arrive\son\s)|(?<=arriving\son\s)|(?<=\bfly\son\s)|(?<=flying\son\s)"
    r"|(?<=\bgo\son\s)|(?<=going\son\s)|(?<=\bleaves\son\s)|(?<=\bflies\son\s))"
)
"""Where "the" and a bare number are a day: after a word that takes a date ("till", "due",
"back", "by") or after a going or coming back "on"; never "room on the 3", "the 5 of us"."""

# A month alone needs a word before it that makes it a date ("in may", "next june"): "may"
# and "march" are words too. "from" is one ("rent goes up to 2300 from may", "from april
# I'm part time": when a change takes effect), except in "away from", whose object is
# where someone is away from, or in a learner's "away from september", since when.
TIME_RE = gated(
    rf"""(?P<prep>\b(?:from|to|until|till|til|through|thru|since|by|on|(?:back|home)(?:\s+again)?|before|after|
      (?:returning|return|returns)(?:\s+on)?|check(?:ing)?[-\s]?(?:in|out)(?:\s+on)?)\s+
      (?:(?:(?<=till\s)|(?<=ntil\s)|(?<=\btil\s)|(?<=\bby\s))(?:at\s+(?:least|the\s+(?:earliest|latest))|about|around|roughly|(?<!by\s)after)\s+
        (?:on\s+)?)?
      (?:the\s+(?=(?:{_WEEKDAY_RE})\s+after\b))?
      |(?<=mon|tue|wed|thu|fri|sat|sun|day|ues|urs)\s*[-–]\s*(?=[a-z]))?
    (?:
      (?P<iso>\b\d{{4}}-\d{{2}}-\d{{2}})
    | \b(?P<md_m>{_MONTH_RE})\.?\s+(?P<md_d>\d{{1,2}}){_ORD}\b
        (?:\s*-\s*(?P<md_d2>\d{{1,2}}){_ORD}\b)?(?:,?\s+(?P<md_y>\d{{4}}))?
    | \b(?P<mw_m>{_MONTH_RE})\s+(?:the\s+)?(?P<mw_d>{_ORDW_RE})\b(?:,?\s+(?P<mw_y>\d{{4}}))?
    | \b(?P<rd_d>\d{{1,2}}){_ORD}\s*[-\u2013]\s*(?P<rd_d2>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<rd_m>{_MONTH_RE})\b
    | \b(?:the\s+)?(?P<dm_d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<dm_m>{_MONTH_RE})\b(?:\s+(?P<dm_y>\d{{4}}))?
    | \b(?:the\s+)?(?P<wm_d>{_ORDW_RE})\s+of\s+(?P<wm_m>{_MONTH_RE})\b(?:\s+(?P<wm_y>\d{{4}}))?
    | \b(?:(?<=\bon\s)|(?<=\bby\s)|(?<=till\s)|(?<=until\s)|(?<=\bfrom\s)|(?<=\bdue\s)|(?<=back\s)|(?!24/7\b(?!/\d)))
        (?P<us_m>\d{{1,2}})/(?P<us_d>\d{{1,2}})(?:/(?P<us_y>\d{{2,4}}))?\b
    | \b(?:the\s+(?:(?P<nth>\d{{1,2}})(?:st|nd|rd|th)|(?P<nthw>{_ORDW_RE}))|{_BARE_BEFORE}the\s+(?P<nth3>\d{{1,2}})\b{_BARE_END}|(?:(?<=due\s)|(?<=\bby\s)|(?:(?<=\bon\s)(?<!place\son\s)(?<!house\son\s)(?<!home\son\s)(?<!apartment\son\s)(?<!apt\son\s)(?<!shop\son\s)(?<!store\son\s)(?<!cafe\son\s)(?<!bar\son\s)(?<!restaurant\son\s)(?<!office\son\s)(?<!lives\son\s)(?<!live\son\s)(?<!located\son\s)(?<!spot\son\s)(?<!corner\son\s)(?<!condo\son\s)(?<!building\son\s)(?<!street\son\s))|(?<=till\s)|(?<=until\s)|(?<=\btil\s)|(?<=\bfrom\s)|(?<=returning\s)|(?<=\bbefore\s)|(?<=\bback\s)|(?<=\bhome\s)|(?<=\bleaving\s)|(?<=poned\sto\s)|(?<=moved\sto\s)|(?<=pushed\sto\s)|(?<=shifted\sto\s)|(?<=bumped\sto\s)|(?<=scheduled\sto\s))(?P<nth2>\d{{1,2}})(?:st|nd|rd|th)(?!\s+(?:ave|avenue|st|street|rd|road|floor|fl|grade|place|gen|generation|anniversary|birthday|time|century|round|period|class|year|standard|std|semester|sem|innings|over|pick|seed|level|tier|row|lap)\b))\b
        (?:\s+of\s+(?:the\s+)?(?P<nth_mod>this|next|last|previous)\s+month\b)?
    | \b(?P<wf_n>{_NUM_RE})\s+(?P<wf_u>days?|weeks?)\s+from\s+(?:(?P<wf_mod>this|next|coming)\s+)?
        (?P<wf_base>today|now|tomorrow|{_WEEKDAY_RE})\b
    | \b(?:the\s+)?(?:end|last\s+day)\s+of\s+(?P<eom>{_MONTH_RE})\b(?!\s*\d)
    | \b(?P<dot_d>\d{{1,2}})\.(?P<dot_m>\d{{1,2}})(?:\.(?P<dot_y>\d{{4}}|\d{{2}}))?\b(?!\.\d|\s*(?:am|pm|h|hrs?|uhr)\b)
    | \b(?:the\s+)?(?P<eo>end)\s+of\s+(?:the\s+)?(?P<eo_mod>this|next|last)?\s*(?P<eo_span>week|month|year)\b
    | \b(?P<rel>today|tonight|this\s+(?:morning|afternoon|evening)|day\s+after\s+tomorrow
        |tomorrow|yesterday|last\s+night)\b
    | \b(?:(?:the\s+(?=following|next|coming))?(?P<wd_mod>this|next|last|coming|this\s+coming|following)\s+)?(?P<wd>{_WEEKDAY_RE})\b
        (?P<wd_week>\s+week\b(?!\s*(?:end|day|night|s\b)))?(?P<wd_next_week>\s+next\s+week\b)?(?P<wd_this_week>\s+this\s+week\b)?
        (?:\s+(?:the\s+)?(?P<wd_nth>\d{{1,2}})(?:st|nd|rd|th|(?<=the\s\d){_BARE_END}|(?<=the\s\d\d){_BARE_END})\b{_NTH_END})?
    | \b(?P<wa>sat|sun|wed)\.?\s+(?:the\s+)?(?P<wa_nth>\d{{1,2}})(?:st|nd|rd|th)\b{_NTH_END}
    | \b(?P<later_n>{_NUM_RE})\s+(?P<later_u>days?|weeks?)\s+(?:later|after)\b
    | \bthis\s+time\s+next\s+(?P<tt_u>week|month|year)\b
    | \b(?P<span_mod>this|next|last)\s+(?P<span>week(?:end)?|month|year)\b
    | \b(?P<span2>week(?:end)?)\s+after\s+next\b
    | \bin\s+(?P<in_n>{_NUM_RE})\s+(?P<in_u>days?|weeks?|months?|fortnights?)\b
    | \b(?P<hol>{_HOLIDAYS})\b
    | \b(?:(?:in|during|this|next|early|late|mid|starting|as\s+of|beginning(?:\s+of)?)\s+|(?:early|late|mid)-\s*
        |(?<=(?<!away\s)\bfrom\s))(?P<mon>{_MONTH_RE})\b(?!\s*\d)
    )""",
    re.VERBOSE,
)
TIME_SCAN = gated(r"(?:(?=\b\w)|(?=\s*[-\u2013]))(?:" + TIME_RE.pattern + ")", TIME_RE.flags)
"""``TIME_RE`` as the scan runs it: the same matches, tried only where one can start.

Every way of writing a day opens at the start of a word (its preposition's or its own),
and the one preposition that is no word is the dash between two weekdays, so the lookahead
in front says nothing new. Without it every position of the text tried the whole
alternation (an optional preposition first, then each branch fails at its ``\\b`` in turn);
with it a position inside a word fails at once: the scan takes half the time.
"""
# A cheap gate before the big pattern: most clauses have no digit and none of these words.
TRIGGERS = frozenset(
    [
        *MONTHS,
        *WEEKDAYS,
        "today",
        "tonight",
        "tomorrow",
        "yesterday",
        "night",
        "morning",
        "afternoon",
        "evening",
        "week",
        "weekend",
        "month",
        "year",
        "weeks",
        "fortnight",
        "fortnights",
        "later",
        "days",
        "months",
        "labor",
        "memorial",
        "thanksgiving",
        "christmas",
        "boxing",
        "new",
        "july",
        "fourth",
        "independence",
        "presidents",
        "president's",
        "presidents'",
        "halloween",
        "easter",
        "good",
        "valentine's",
        "valentine",
        "president",
        "valentines",
        *UNIT_ORDINALS,
        "twentieth",
        "thirtieth",
    ]
)
# Letters only, so "weekend's" and "friday's" still open the gate.
GATE_WORD = gated(r"[a-z]+")
DIGIT = gated(r"\d")
