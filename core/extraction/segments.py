"""Splitting a message into clauses ("segments") that each carry one intent.

A message like "We're in Tahoe, but if it snows we'll drive home" holds two
claims with different intents. Intent is therefore decided per segment; this
module only cuts the text and records how each piece was joined to the one
before it, so the classifier can carry the scope of an "if" across a comma
("If it rains, we'll stay home") but not across "but".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from core.extraction.homophones import mend_homophones
from core.extraction.incredulous import incredulous
from core.extraction.learner_tense import past_as_meant
from core.extraction.letters import strip_frame, strip_salutation
from core.extraction.list_lines import as_sentences
from core.extraction.pieces_kept import kept_with_their_clause
from core.extraction.sentences import sentences
from core.extraction.shouting import quieter
from core.extraction.typos import fix_slips

_QUOTES = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": " - ",
        "\u00a0": " ",
    }
)
_SPACES = re.compile(r"\s+")
_REPEATED = re.compile(r"([^\w\s])\1{3,}")
_LONG_RUN = re.compile(r"([^\w\s]{8}|\S{64})\S+")
# Sentence ends: . ! ? ; or a newline. A period after a known abbreviation or
# between digits ("$143.20", "St. Louis") does not end a sentence.
# Joints between clauses: coordinators, and a bare comma followed by a new subject.
_JOINT = re.compile(
    # "my husband and I are in Florence": "X and I" + a plural verb is one subject.
    r"(?<!^me)\s*,?\s+(?P<conj>but|though|although|whereas|while|so|and|or|because|since)\s+"
    r"(?!i\s+(?:are|were|have|'ve|both|each)\b|i\s*,|i$)"
    r"(?=(?:i|we|he|she|they|it|you|my|our|his|her|their|the\s+kids|mom|dad|i'm|we're|i'll|"
    r"we'll|i've|we've|i'd|we'd|they're|it's|that's|there's|if|unless|maybe|now)\b"
    # "originally from san diego but living in seattle now": the home now, after the origin.
    r"|(?:living|based)\s+in\b"
    # "…but with everything going on we cancelled": a phrase, then the clause's subject.
    r"|(?:with|after|given|because\s+of|due\s+to|in\s+the\s+end|at\s+the\s+last\s+minute)\b"
    r"[^.;!?]{0,40}?\b(?:we|i)\s+(?!and\b)[a-z']+)"
    r"|\s*,\s*(?P<comma>)(?=(?:i|we|he|she|they|it|you|i'm|we're|i'll|we'll|i've|we've|i'd|"
    r"we'd|they're|it's|that's|let's|but|now|maybe|though|so|then|will|(?:living|based)\s+in\b|"
    # "stuck in traffic, might miss it": a guess after a comma leaves the fact before it.
    r"might|"
    # "flying to chicago tmrw, probably back tuesday": a doubt that leads a clause after a
    # comma is that clause's, not the fact's before it ("…, perhaps, I shall" stays whole).
    r"(?:probably|prob|likely|hopefully|possibly|perhaps)\s+(?=[a-z])|"
    # "staying till monday, kids have no school": the household, a subject of its own.
    r"(?:the\s+)?(?:kids|children|boys|girls|twins)\s+(?:are|have|were|had|got|can't|won't|"
    r"don't|didn't)\b|"
    # "not going anymore, mum's been discharged": a family member's news is theirs.
    r"(?:my\s+|our\s+)?(?:mum|mom|mama|dad|papa|wife|husband|sister|brother|son|daughter|"
    r"grandma|grandpa|nan|gran|baby)(?:'s|\s+(?:is|was|has|had|got|can't|won't|didn't))\b|"
    # "not going to the lake anymore, emmas mom cancelled": someone else's relative and
    # what they did or are, a clause of its own.
    r"(?:his|her|their|[a-z]+'s|[a-z]+s)\s+(?:mum|mom|dad|parents|sister|brother|grandma|"
    r"grandpa|aunt|uncle)\s+(?:[a-z]+ed|is|was|has|had|got|said|says|can't|won't|didn't)\b|"
    # "rent's due on the 1st, landlord already texting": another person doing something,
    # the "is" left out, is a clause of its own (the fact before it stays the writer's).
    r"(?:(?:the|my|our)\s+)?(?:landlord|landlady|client|clients|boss|manager|coworker|roommate|"
    r"neighbou?r|teacher|coach|accountant|mom|mum|dad|wife|husband|partner)\s+"
    r"(?:(?:already|still|just|now|literally|keeps?)\s+)+[a-z]+ing\b|"
    # "im at moms till 6, can u grab the kids": a request or question put to the listener
    # after a statement is a clause of its own; the statement keeps its claim.
    r"(?:can|could|would|will|did|do)\s+(?:you|u)|pls|please|"
    # "I am going to the cinema tonight, book me a taxi": a request after a statement.
    r"(?:book|reserve|order|get|find|call|send|remind|text)\s+(?:me|us)\b|"
    # "I'll be in Boston from the 10th, any hotel suggestions?": a question after a statement
    # (a relative "where" without its question mark stays: "Rome, where we ate pasta").
    r"(?:where|what|when|how|which|who|any|anyone|anybody|is\s+there|are\s+there)\b(?=[^.!?]*\?)|"
    # "I'm back in town, drinks this week?": an invitation asked after the news.
    r"(?:drinks?|lunch|dinner|coffee|beers?|brunch|breakfast|tacos|pizza|food|hang(?:out)?|"
    r"game\s+night|movie\s+night)\b(?=[^.!?,]{0,30}\?)|"
    # "currently in Tokyo, back Mar 20": the return is a clause of its own.
    r"back\s+(?:on\s+)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec|next|tomorrow|tmrw|tonight|in\s+\d|\d)|"
    # "we're in tahoe, back at work monday": the return to work is a clause of its own.
    r"back\s+(?:at\s+work|in\s+the\s+office|at\s+the\s+office|to\s+work)|"
    # "noah's better, back at school tmrw": the return to school, a clause of its own.
    r"back\s+(?:at|to|in)\s+(?:school|daycare|preschool|class|practice)|"
    # "not in austin anymore, back home": being home again is a clause of its own.
    r"(?:finally\s+|safely\s+)?back\s+home)\b)"
    # "..., but the whole thing got cancelled": a subject that points back at what was
    # said starts a clause of its own after a contrast or a consequence.
    r"|\s*,?\s+(?P<conj2>but|though|although|because|so)\s+(?=(?:the\s+)?(?:whole\s+thing|"
    r"everything)\b"
    # "we were gonna go to cabo but everyone bailed", "… but the car died": after a plan
    # undone, what undid it is a clause of its own, whoever or whatever its subject is.
    r"|(?<=\bbut\s)(?:the|everyone|everybody|nobody|someone|somebody)\s+(?:[a-z']+\s+){0,2}?"
    r"(?:got|was|were|is|are|has|had|'s|died|bailed|fell|broke|ran|came|went|changed|"
    r"cancell?ed|postponed|backed|pulled|dropped|[a-z]{3,}ed)\b)"
    r"|\s+and\s+(?=(?:leave|leaving|fly|flying|head|heading|drive|driving|arrive|arrived|land|"
    r"landed|stay|staying|start|started|move|moved|spend|spending|visit|visiting|checked|"
    r"loving|love|hate|going)\b)"
    r"|\s+-\s+"
    # "we're in Denver for the night before driving to Moab tomorrow": the next leg and its
    # day are a plan of their own; the stay before it is about now.
    r"|\s+(?P<before>before)\s+(?=(?:leaving|flying|heading|driving|going|taking|catching|"
    r"getting|moving\s+on|continuing)\b[^.;!?,]{0,40}?\b(?:today|tonight|tomorrow|tmrw|"
    r"(?:this|next)\s+\w+|on\s+the\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|in\s+the\s+"
    r"morning)\b)"
    # "daycare called, lucas has pink eye": the news after a call or a text is its own clause.
    r"|(?:(?<=\bcalled)|(?<=\btexted)|(?<=\bemailed)|(?<=\bmessaged)|(?<=\brang))\s*,\s*"
    # "Mum rang to say Dad is back in hospital": the news a call brought, in a clause of its
    # own (a present verb follows: "called to say sorry" has none).
    r"|(?:(?<=\bcalled)|(?<=\btexted)|(?<=\bemailed)|(?<=\bmessaged)|(?<=\brang)|(?<=\bphoned)|"
    r"(?<=\bwrote))\s+to\s+(?:say|tell\s+(?:me|us))\s+(?:that\s+)?"
    r"(?=[a-z' ]{1,30}?\b(?:is|are|'s|'re|has|have|got|was|were)\b)",
    re.I,
)
_LEAD_CONJ = re.compile(r"^(but|though|although|however|yet|whereas)\b[\s,]*", re.I)
_LEAD_FILLER = re.compile(
    r"^(?:(?:oh|ok|okay|so|well|btw|by the way|fyi|update|correction|heads up|quick update|"
    r"just so you know|just fyi|note|also|anyway|yeah|yes|yep|great news|good news|"
    r"bad news|ugh|wow|alright|guess what|looking back|in hindsight|in retrospect|thinking back|"
    r"honestly|tbh|did i (?:tell|mention to) you(?: that)?|dear diary|diary|journal|"
    r"did i mention(?: that)?|(?:route|itinerary|agenda)(?=\s*:)|"
    # Chat's and couples' openers: "afk, dads home", "brb", "babe the bill is $212".
    r"afk|brb|ngl|babe|hun|hon|"
    # "scratch that, we're staying in Tahoe": the last message taken back, then the news.
    r"(?:scratch|cancel|ignore|disregard)\s+that(?=\s*[,:!.-]|\s+(?:the|my|our|we|"
    r"it's|we're|i'm)\b)|never\s*mind(?=\s*[,:!.-]))\b[\s,:!.-]*)+",
    re.I,
)
_REMEMBER = re.compile(
    r"^(?:please\s+)?(?:remember|note|keep in mind|fyi)\s*(?:that\b)?[\s,:]*", re.I
)


@dataclass(frozen=True)
class Segment:
    """One clause of a message."""

    text: str
    """Original casing, trimmed."""
    low: str
    joint: str
    """How it was joined to the previous segment: "" (new sentence), "comma", or the
    conjunction ("but", "and", ...)."""
    question: bool
    """It ends a sentence that ends with a question mark."""
    sentence_start: bool


# Chat spellings without the apostrophe: "im in ohio", "dont", "my names sarah".
_BARE_CONTRACTION = re.compile(
    # Not "ill", "its", "were", "well", "shell": each is also a word of its own.
    r"\b(?:(i)(m|ve)|(do|does|did|is|was|are|were|has|have|had|could|would|should|ca|wo)(nt)|"
    r"(that|what|there|he|she|who|how|where)(s)|(you|they)(re|ve)|(we)(ve)|"
    r"(should|could|would|must|might)(ve))\b(?!')",
    re.I,
)
_ILL_WILL = re.compile(
    r"(?P<lead>^|[,.!?;]\s+|\b(?:ok|okay|so|and|then|but|yeah|yes|sure|k|kk|lol|alright|fine)\s+)"
    r"(?P<i>i)ll(?=\s+[a-z])(?!\s+(?:health|advised|effects?|fated|feeling|at|since|with|from|"
    r"today|tonight|again|and|or|but|too|lately|now|all|for|in|after)\b)",
    re.I,
)
""""ok ill pick up his prescription": "I'll" typed without its apostrophe, where it leads a
clause and a verb follows; "i feel ill", "ill since friday" keep the word."""
_KIN_S = re.compile(
    r"(?<!\bthe\s)(?<!\ball\s)(?<!other\s)(?<!some\s)(?<!\bof\s)\b(mom|mum|dad|wife|hubby|husband|sister|"
    r"brother|grandma|grandpa|nana|son|daughter)s\b(?=\s+(?:out|home|back|away|sick|gone|asleep|"
    r"still|not|been|better|fine|ok|okay|finally|just|at|with|having|getting|feeling|doing|"
    # "my moms in the hospital" (not "my sisters in law")
    r"staying|flying|driving|coming|going|in(?!(?:\s|-)+laws?\b))\b)",
    re.I,
)
""""moms out of town til tuesday", "dads home from the hospital", "my moms in the hospital":
a relative's "'s" typed without its apostrophe, before what is said of them (not "the
moms in the group", "my sisters in law")."""
_KIN_IS = re.compile(
    r"\b((?:my|our|your|ur|his|her|their)\s+(?:mom|mum|dad|wife|hubby|husband|sister|brother|"
    r"grandma|grandpa|nana|son|daughter|boyfriend|girlfriend|partner|cousin|aunt|uncle|"
    r"niece|nephew|bf|gf|sis|bro))'s\s+(?=(?:in|into|over|up|down|out|visiting|staying)\s+(?!-))",
    re.I,
)
"""The parse takes a relative's "'s" before where they are for a possessive ("my sister's in
town all week", "my brother's in Tulsa for work"): it is "is"."""
_MY_NAMES = re.compile(r"\b(my\s+name)s\b(?!\s+(?:are|were)\b)", re.I)
_TEXT_R = re.compile(r"\b(we|they|you|u|\w+s)\s+r\b(?=\s+\w)", re.I)
""""we r in tahoe", "roads r icy": "r" for "are" after a plural pronoun or noun."""
_TEXT_TO = re.compile(
    r"\b(go|goin|going|went|fly|flyin|flying|flew|drive|drivin|driving|drove|head|headin|heading|"
    r"headed|move|movin|moving|moved|got|get|gettin|getting|back|trip|flight|way|welcome|came|"
    r"come|comin|coming|off|up|down|over|out|home)\s+2\b(?=\s+[a-z])",
    re.I,
)
""""flyin 2 miami fri", "moved 2 austin": "2" for "to" after a verb or noun of going (not "at
2", "2 kids", "2 hrs", where it counts)."""
_TEXT_WERE = re.compile(
    r"(^|[.!?;,]\s|\b(?:so|now|but|cuz|because|lol|ok|omg|yeah)\s)(?:were|Were(?<=^Were))\b"
    r"(?!\s+(?:i|you|u|he|she|it|we|they|there|the|a|an|my|your|ur|his|her|our|their|this|"
    r"that|these|those|any|some|all|both|either|neither|[A-Z]\w*)\b|\s*[?,.!]|$)"
)
"""Texting leaves the apostrophe out of "we're": "were already in truckee", "so were home
today". A "were" that opens a clause without a subject before it and is not followed by
one ("were you there?", "Were it not for…") is "we're"."""
_CHAT_WORDS = {
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tmrow": "tomorrow",
    "tmmrw": "tomorrow",
    "2moro": "tomorrow",
    "2morrow": "tomorrow",
    "tomoz": "tomorrow",
    "tonite": "tonight",
    "nite": "night",
    "2nite": "tonight",
    "wk": "week",
    "wks": "weeks",
    "wknd": "weekend",
    "b4": "before",
    "abt": "about",
    "rn": "right now",
    "prolly": "probably",
    "wfh": "working from home",
    "yr": "year",
    "yrs": "years",
    "2day": "today",
    "cuz": "because",
    "coz": "because",
    "tho": "though",
    "coulda": "could have",
    "shoulda": "should have",
    "woulda": "would have",
    # The dropped g of texting: "flyin 2 miami fri", "headin home".
    "flyin": "flying",
    "drivin": "driving",
    "headin": "heading",
    "goin": "going",
    "comin": "coming",
    "leavin": "leaving",
    "stayin": "staying",
    "gettin": "getting",
    "movin": "moving",
    "workin": "working",
}
_CHAT_WORD = re.compile(
    r"\b(?:"
    + "|".join(_CHAT_WORDS)
    + r")\b|(?<!\bno\s)\bprob\b(?=\s+(?:gonna|going|will|not|won't|"
    r"be|\w+ing)\b)|\bbc\b(?=\s+(?:i|we|he|she|they|it|its|it's|my|our|the|of|u|you|\w+s)\b)",
    re.I,
)
"""Chat abbreviations read as the words they stand for: "tmrw", "wk", "rn", "wfh",
"prob gonna" (probably), "bc the roads" (because; "BC" alone may be the province)."""


_DAY_ABBREV = re.compile(
    # Not after "to", "from", "and": "went to sun valley", "rain and sun".
    r"\b(?P<lead>back|til|till|until|on|by|thru|through|this|next|following)\s+"
    r"(?P<day>mon|tue|wed|thu|sat|sun)\b(?!')|"
    # "home sat", "leave sun", "the sat after": a day when the phrase ends there ("got home sat
    # down" is the verb; "the sun after the storm" is the sun).
    # "flight home got moved to wed", "pushed back to sat": a day is what a plan moves to.
    r"(?:\b(?P<lead2>home|leave|leaving|out|(?:moved|pushed|changed|rescheduled|bumped|switched|"
    r"postponed|delayed|shifted)(?:\s+(?:back|up|out))?\s+(?:to|till|til|until))\s+"
    r"(?P<day2>mon|tue|wed|thu|sat|sun)|"
    r"\b(?P<lead3>the)\s+(?P<day3>mon|tue|wed|thu|sat|sun)(?=\s+after\b))"
    r"(?=\s*(?:$|[^\w\s]|and\b|then\b|morning\b|night\b|nite\b|after\s*(?:$|[^\w\s]|and\b|then\b)))",
    re.I,
)
"""Short weekdays that are also words ("sat", "sun", "wed") read as days only after a
word that announces a day: "back sat", "til sun", "on wed", "the sat after"."""
_DAY_AFTER_PLACE = re.compile(
    r"\b(?P<lead>(?:to|at|in|from)\s+(?:(?:the|my|our|his|her|their|ur|your)\s+)?"
    r"(?!(?:the|a|an|my|our|his|her|their|ur|your)\b)[a-z][\w']*)\s+"
    r"(?P<day>mon|tue|wed|thu|sat|sun)\b(?!')"
    r"(?=\s*(?:$|[^\w\s]|(?:morning|night|nite|afternoon|evening|am|pm)\b|\d))",
    re.I,
)
"""A short weekday closing a place phrase names the day one goes: "driving up to the
lake sat", "at grandmas sun morning" (a verb would take an object or an adverb after it)."""
_DAYS = {"mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday"}
_DAYS |= {"sat": "saturday", "sun": "sunday"}


_B_BE = re.compile(r"\b(gonna|will|to|cant|can't|might|could|would|should|wont|won't)\s+b\b", re.I)
""""gonna b late": "b" for "be" after a word that wants a verb."""
_DISFLUENCY = re.compile(r"\b(?:u+m+|u+h+|e+r+m+|uhm+)\b[,.]*\s*", re.I)
_FILLER_LIKE = re.compile(
    r"\b(?P<be>i'm|im|we're|i\s+am|we\s+are|it's|its|was|were|is|are)\s+(?:like|literally|"
    r"basically|kinda|sorta)\s+(?=(?:in|at|on|home|back|still|already|so|totally|really|stuck|sick|"
    r"here|there|halfway)\b)",
    re.I,
)
"""Spoken "like" (and kin) between "be" and what it says: "we're like in Phoenix right now",
"she was like so sick" read without it."""
"""Spoken hesitations in a transcript: "my husband is uh in the hospital"."""


def _day_word(m: re.Match[str]) -> str:
    lead = m.group("lead") or m.group("lead2") or m.group("lead3")
    day = m.group("day") or m.group("day2") or m.group("day3")
    return f"{lead} {_DAYS[day.lower()]}"


def _we_are(m: re.Match[str]) -> str:
    lead = m.group(1)
    return f"{lead}{m.group(0)[len(lead)]}e're"  # keeps the capital of "Were"


def _chat_word(m: re.Match[str]) -> str:
    word = m.group().lower()
    return _CHAT_WORDS.get(word, {"prob": "probably", "bc": "because"}.get(word, word))


_ELIDED_I = re.compile(
    r"(?:^|(?<=[.!?;]\s)|(?<=\n))(?:(?P<adv>just|finally|recently|also)\s+)?"
    r"(?P<verb>moved|relocated|started\s+(?:at|with|working|a\s+new)|joined|switched\s+to|"
    r"used\s+to|live\s+in|work\s+(?:at|for)|quit|no\s+longer\s+(?:at|in|work|live)|"
    # "headed home", "headed to the airport": on the way now, "I'm headed".
    r"headed(?=\s+(?:home|back|out|to|over|down|up|into|for|north|south|east|west)\b)"
    r"(?![^.!?]*\b(?:yesterday|last|ago|earlier)\b))\b",
    re.I,
)
"""Notes and texts leave the "I" out: "moved to phoenix last month", "Used to live in
Phoenix", "started at costco last wk", "headed home". The verb in first position is the
speaker's."""


def _elided_i(m: re.Match[str]) -> str:
    adv = f"{m.group('adv').lower()} " if m.group("adv") else ""
    verb = m.group("verb").lower()
    subject = "I'm" if re.match(r"no\s+longer\s+(?:at|in)\b|headed\b", verb) else "I"
    return f"{subject} {adv}{verb}"


def _apostrophe(m: re.Match[str]) -> str:
    parts = [g for g in m.groups() if g]
    head, tail = parts[0], parts[1]
    if tail.lower() == "nt":
        return f"{head}n't"
    if head.lower() == "i":
        head = "I" if head == "I" or m.group(0).isupper() or head.isupper() else head
    return f"{head}'{tail}"


@lru_cache(maxsize=512)
def clean(text: str) -> str:
    """Typographic quotes and dashes to ASCII, whitespace collapsed, and chat
    spellings given their apostrophe ("im" -> "i'm", "dont" -> "don't").

    Cached: a message's text is cleaned by several readers of it (the input, its
    segments, an arrival's day), and the answer is a pure function of the text."""
    # A list's lines, headings and arrows first, while its line breaks are there to see.
    flat = _SPACES.sub(" ", as_sentences(text.translate(_QUOTES))).strip()
    # "!!!!!!!!", a wall of emoji, a pasted blob: a few say as much, and spaCy's tokenizer
    # takes time quadratic in a run without spaces (4,096 "!?" took 9 s).
    flat = quieter(_LONG_RUN.sub(r"\1", _REPEATED.sub(r"\1\1\1", flat)))
    flat = _TEXT_R.sub(r"\1 are", flat)
    if " 2 " in flat:  # the cheap test first: most messages have no "2" for "to"
        flat = _TEXT_TO.sub(r"\1 to", flat)
    flat = _TEXT_WERE.sub(_we_are, flat)
    flat = _CHAT_WORD.sub(_chat_word, fix_slips(mend_homophones(flat)))
    flat = _B_BE.sub(r"\1 be", flat)
    flat = _DAY_ABBREV.sub(_day_word, flat)
    flat = _DAY_AFTER_PLACE.sub(
        lambda m: f"{m.group('lead')} {_DAYS[m.group('day').lower()]}", flat
    )
    flat = _DISFLUENCY.sub("", flat)
    flat = _FILLER_LIKE.sub(lambda m: m.group("be") + " ", flat)
    flat = _ELIDED_I.sub(_elided_i, flat)
    flat = _ILL_WILL.sub(r"\g<lead>\g<i>'ll", flat)
    flat = past_as_meant(flat)
    flat = _KIN_IS.sub(r"\1 is ", _KIN_S.sub(r"\1's", flat))
    return _MY_NAMES.sub(r"\1 is", _BARE_CONTRACTION.sub(_apostrophe, flat))


def split_segments(text: str) -> list[Segment]:
    """Sentences, then clauses within each sentence, with filler words removed."""
    segments: list[Segment] = []
    for sentence in sentences(clean(text)):
        # "the electric bill is $212??": disbelief at an amount, no question.
        question = sentence.rstrip().endswith("?") and not incredulous(sentence)
        body = sentence.rstrip(" .!?;")
        pieces: list[tuple[str, str]] = []
        pos = 0
        joint = ""
        # The question mark stays in view of the joints ("..., any hotel suggestions?").
        for m in _JOINT.finditer(body + ("?" if question else "")):
            if m.start() == 0 or m.end() > len(body):
                continue
            pieces.append((body[pos : m.start()], joint))
            joint = (m.group("conj") or m.group("conj2") or m.group("before") or "comma").lower()
            pos = m.end()
        pieces.append((body[pos:], joint))
        kept = [(p.strip(' ,"()'), j) for p, j in pieces if p.strip(' ,"()')]
        kept = kept_with_their_clause(kept)
        for i, (piece, j) in enumerate(kept):
            lead = _LEAD_CONJ.match(piece)
            if lead:
                # ", but right now..." was cut at the comma: the conjunction is the joint.
                j, piece = lead.group(1).lower(), piece[lead.end() :]
            if i == 0:
                piece = strip_salutation(piece)  # "Hi Sarah, ...": the news starts after it
            stripped = _LEAD_FILLER.sub("", piece)
            stripped = strip_frame(_REMEMBER.sub("", stripped)).strip(" ,")
            if not stripped and len(kept) > 1:
                continue  # "Looking back, I wish...": the marker says nothing of its own
            if not stripped:
                stripped = piece
            low = stripped.lower()
            if len(low) != len(stripped):
                # Rare letters change length when lowercased; offsets must line up.
                stripped = low
            segments.append(Segment(stripped, low, j, question and i == len(kept) - 1, i == 0))
    return segments
