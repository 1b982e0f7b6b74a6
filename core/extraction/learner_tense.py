"""A coming or going told in the plain present with a past day, as learners of English
often tell it: "we arrive to madrid yesterday night", "yesterday we arrive in tahoe", "we
come back home yesterday", "we return home last night". The day says when; the verb is
read in the past it means, so the arrival's result (being there, being home) holds now as
it does for "we arrived yesterday".

Only verbs of arriving and coming home, only after a subject pronoun, and only in a
sentence whose day is behind (yesterday, last night, ... ago) with no word of a plan or a
habit in it ("we arrive tomorrow", "we usually arrive late", "when we arrive yesterday's
mail..." keep theirs).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_PAST = {
    "arrive": "arrived",
    "come": "came",
    "return": "returned",
    "get": "got",
    "land": "landed",
    "reach": "reached",
}
_VERB = gated(
    r"\b(?P<lead>(?:i|we|me\s+and\s+(?:my\s+)?\w+|\w+\s+and\s+i)\s+(?:(?:already|finally|just|"
    r"safely|all)\s+)?)(?P<verb>arrive|come|return|get|land|reach)\b"
    r"(?=\s+(?:to|in|at|into|back|home|here|there|safe|safely|ok|okay|\w+\s+(?:to|in)\b))",
    re.I,
)
_BEHIND = gated(
    r"\b(?:yesterday|last\s+(?:night|week|weekend|month|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)|\w+\s+(?:days?|weeks?|hours?)\s+ago|the\s+day\s+before)\b",
    re.I,
)
_NOT_PAST = gated(
    r"\b(?:will|'ll|shall|gonna|going\s+to|tomorrow|tonight|next|usually|always|often|"
    r"every|when|whenever|if|before|after|until|plan|planning|hope|want|must|should|can|"
    r"could|would|may|might|do|does|don't|doesn't|did|didn't)\b",
    re.I,
)
_SENTENCE = gated(r"[^.!?;\n]+[.!?;\n]*")


def past_as_meant(text: str) -> str:
    """``text`` with each arrival told in the plain present beside a past day put in the
    past ("we arrive to madrid yesterday" -> "we arrived to madrid yesterday"), each
    arrival told with "be" and the bare verb put in the tense its time words say ("We are
    arrive in Tahoe now" -> "We have arrived in Tahoe now"), and a stay "stayed" up to now
    told as being there ("we've stayed in nice for a week now")."""
    text = _STAYED_TO_NOW.sub(r"\g<have> been \g<where>", text)
    if _BE_BARE.search(text) is not None:
        text = _SENTENCE.sub(_be_bare_sentence, text)
    if _BEHIND.search(text) is None:  # the cheap test first: most messages have no such day
        return text
    return _SENTENCE.sub(_sentence, text)


_STAYED_TO_NOW = gated(
    r"\b(?P<have>(?:i|we)(?:'ve|\s+have)|(?:i|we)ve)\s+stayed\s+(?P<where>(?:in|at)\s+"
    r"(?=[^,.;!?]*?\b(?:since\b|for\s+(?:a|an|one|two|three|four|five|six|seven|\d+|a\s+few|"
    r"a\s+couple\s+of)\s+(?:days?|nights?|weeks?|months?)\s+(?:now|so\s+far|already)\b)))",
    re.I,
)
"""A stay of the writer's that runs up to now, told in the present perfect of "stay": "we've
stayed in nice for a week now", "I have stayed in Kyoto five nights so far", "we've stayed
at the Ritz since saturday" are being there now, as "we've been in" says; "we've stayed in
lisbon before", "I've stayed in Rome twice" are experiences, and "it's been nice for a week"
has no stay."""

_PARTICIPLE = {
    "arrive": "arrived",
    "come": "come",
    "return": "returned",
    "get": "got",
    "land": "landed",
    "reach": "reached",
    "go": "gone",
    "stay": "been staying",
}
_BARE_PAST = {**_PAST, "go": "went", "stay": "stayed"}
_ING = {
    "come": "coming",
    "return": "returning",
    "get": "getting",
    "land": "landing",
    "reach": "reaching",
    "go": "going",
    "stay": "staying",
}
_BE_BARE = gated(
    r"\b(?P<who>i|we|(?:my\s+\w+|\w+)\s+and\s+(?:i|me)|me\s+and\s+(?:my\s+)?\w+)\s*"
    r"(?P<be>am|are|'m|'re|m|re)?\s+(?P<adv>(?:(?:already|just|finally|safely|now)\s+)*)"
    r"(?P<verb>arrive|come|return|get|land|reach|go|stay|arriving|reaching|landing|coming|"
    r"returning|going)\b(?=\s+(?:to|in|at|into|back|home|here|there|tomorrow|tonight|next|"
    r"this|(?-i:[A-Z])\w+))",
    re.I,
)
"""A learner's arrival, "be" and the bare verb ("We are arrive in Tahoe", "I am reach home",
"my husband and me are arrive Dubai") or the "-ing" form with no "be" ("we arriving
tomorrow to Denver"): its time is in its time words, not in its verb."""
_NOW_WORDS = gated(r"\b(?:now|just\s+now|already|finally|safely|right\s+now)\b", re.I)
_AHEAD_WORDS = gated(
    r"\b(?:tomorrow|tmrw|tonight|next|this\s+(?:evening|afternoon|weekend)|on\s+(?:mon|tues|"
    r"wednes|thurs|fri|satur|sun)day|in\s+(?:a|two|three|\d+)\s+(?:days?|weeks?|hours?))\b",
    re.I,
)
_BEHIND_WORDS = gated(
    r"\b(?:yesterday|last\s+(?:night|week|weekend|month|year)|\w+\s+(?:days?|weeks?|hours?|"
    r"years?)\s+ago|the\s+day\s+before)\b",
    re.I,
)
_DOUBT = gated(r"\b(?:if|unless|when|whenever|once|before|after|until|hope|maybe)\b|\?", re.I)


def _be_bare_sentence(m: re.Match[str]) -> str:
    part = m.group()
    if _DOUBT.search(part) is not None:
        return part  # "if we are reach Denver early": a condition keeps its words
    return _BE_BARE.sub(_tensed, part)


def _tensed(m: re.Match[str]) -> str:
    verb = m.group("verb").lower()
    bare = verb.removesuffix("ing")
    bare = {"com": "come", "arriv": "arrive", "go": "go"}.get(bare, bare)
    be, ing = m.group("be"), verb.endswith("ing")
    if ing == (be is not None):
        return m.group()  # "we are arriving", "we go home now": English as it is
    who, adv, rest = m.group("who"), m.group("adv"), m.string[m.end() :]
    before = m.string[: m.start()]
    since = bare == "stay" and "since" in rest.lower()
    if _BEHIND_WORDS.search(rest) or _BEHIND_WORDS.search(before):
        return f"{who} {adv}{_BARE_PAST[bare]}"  # "I am reach home yesterday": I reached
    if _AHEAD_WORDS.search(rest) and not since:
        # "we arriving tomorrow to Denver": we arrive tomorrow (a timetable's present, read
        # in either order of day and place); "we are reach Goa tomorrow": we're reaching it.
        if bare == "arrive":
            return f"{who} {adv}arrive"
        be = "am" if who.lower() == "i" else "are"
        return f"{who} {be} {adv}{_ING[bare]}"
    if since or (not ing and _NOW_WORDS.search(m.group() + rest)):
        # "We are arrive in Tahoe now", "we are already reach Chicago": we have arrived;
        # "I am stay in Paris since Monday": I have been staying.
        return f"{who} have {adv}{_PARTICIPLE[bare]}"
    return m.group()


def _sentence(m: re.Match[str]) -> str:
    part = m.group()
    if _BEHIND.search(part) is None or _NOT_PAST.search(part) is not None:
        return part
    return _VERB.sub(_past, part)


def _past(m: re.Match[str]) -> str:
    verb = m.group("verb")
    past = _PAST[verb.lower()]
    return m.group("lead") + (past.capitalize() if verb[:1].isupper() else past)
