"""Words a phone's autocorrect or dictation put in for the one meant, because they sound
the same: "the trip too Denver", "leaving four Boston", "going their next week", "rent is
do on the first", "my daughter is a way at college", "love it hear".

``typos`` mends slips of the thumb, which make no other English word; these make one, so
each is read as the word meant only where the word typed cannot stand: "too" before an
article or a place ("too the hotel"), never before what it grades ("too late"); "their"
before where or what they are doing ("their in Miami"), never before what they own
("their house"); "do" where a bill is due ("rent is do on the first"), never after a
subject that does something ("what did you do to the car"). Pure and cheap: one search
for the words first, most messages have none.
"""

from __future__ import annotations

import re
from functools import partial

from core.extraction.gazetteer import key_of, lookup
from core.extraction.word_gates import WordGated, gated

_ANY = gated(
    r"\b(?:too|four|two|their|there|hear|do|a\s+way|wood|sew|threw|its|(?:in|on)\s+route)\b", re.I
)
_OWNED = (
    r"(?:moms?|mums?|dads?|nans?|grans?|mother|father|parents|place|house|apartment|kids|children|son|daughter|"
    r"family|car|friends?|grandma|grandpa|wedding|flight|trip|dog|cat|own|new|old)"
)
_DETERMINER = r"(?:the|a|an|my|our|your|his|her|their|there|this|that|work|school|bed|church)"
_MENDS: tuple[tuple[WordGated, str], ...] = (
    # "the trip too Denver", "get too the hotel": "too" grades what follows ("too late",
    # "too much"), an article or a place it never does.
    (gated(rf"\btoo(?=\s+{_DETERMINER}\b)", re.I), "to"),
    # "leaving four Boston", "four the record": a number counts what follows, never "the".
    (
        gated(r"\bfour(?=\s+(?:the|a|an|my|our|your|his|her|their|me|us|him|them)\b)", re.I),
        "for",
    ),
    # "moving two Denver next year": "two" before an article or a possessive is "to".
    (gated(r"\btwo(?=\s+(?:the|my|our|your|his|her|their)\b)", re.I), "to"),
    # "their in Miami", "i think their closing the office early": where or what they are
    # doing follows "they're"; what they own follows "their".
    (
        gated(
            r"\btheir(?=\s+(?:in|at|on|not|going|leaving|coming|closing|moving|flying|driving|"
            r"staying|still|so|always|never|getting|doing|here|gonna|out|back\s+(?:in|from|at|"
            r"tomorrow|tonight|on))\b)",
            re.I,
        ),
        "they're",
    ),
    # "i'm going their next week", "on my way their now": a place to go to, not an owner.
    (
        gated(
            r"\b(?P<lead>(?:go|going|went|be|been|get|getting|got|way|over|live|living|stay|staying|"
            r"move|moving|drive|driving|fly|flying|meet|meeting)\s)their"
            r"(?=\s*(?:$|[,.!?;]|\s+(?:now|next|tomorrow|tonight|soon|later|today|at|by|in|on|"
            r"for|this|around|yet|too|already)\b))",
            re.I,
        ),
        "there",
    ),
    # "the kids are with there dad", "were leaving for there place": an owner's noun.
    (gated(rf"(?<!\bis\s)(?<!\bare\s)\bthere(?=\s+{_OWNED}\b)", re.I), "their"),
    # "love it hear", "we got hear at 4", "around hear": the place, not the hearing.
    (
        gated(
            r"\b(?P<lead>(?:it|got|get|gets|getting|around|over|live|living|stay|staying|came|come|"
            r"from|out|up|down)\s)hear(?!\s+(?:about|from|you|me|him|her|them|it|that|the|a|"
            r"what|how|if|back)\b)",
            re.I,
        ),
        "here",
    ),
    # "rent is do on the first", "closed do to the storm": a bill due, a reason due to.
    (
        gated(
            r"\b(?P<lead>(?:is|are|was|were|bill|rent|payment|invoice|tuition)\s)do"
            r"(?=\s+(?:on|by|the|tomorrow|today|tonight|next|this|in|friday|monday|tuesday|"
            r"wednesday|thursday|saturday|sunday|\d)\b)",
            re.I,
        ),
        "due",
    ),
    (
        gated(
            r"\b(?P<lead>(?:closed|cancell?ed|canceled|delayed|postponed|late|shut|off)\s)do(?=\s+to\b)",
            re.I,
        ),
        "due",
    ),
    # "my daughter is a way at college": being away, not a way of doing something.
    (
        gated(
            r"(?<!\bthere\s)(?<!\bthere's\s)(?<!\bit\s)(?<!\bthat\s)"
            r"\b(?P<lead>(?:is|are|am|'s|'re|'m|be|been|was|were)\s)a\s+way"
            r"(?=\s+(?:at|for|on|until|till|this|next|all|from|in)\b)",
            re.I,
        ),
        "away",
    ),
    # "I wood have called": a modal after a subject, never timber.
    (
        gated(
            r"\b(?P<lead>(?:i|you|we|they|he|she|it)\s)wood(?=\s+(?:have|be|like|love|go|not|never)\b)",
            re.I,
        ),
        "would",
    ),
    # "thank you sew much": a degree word, not needlework.
    (
        gated(
            r"\bsew(?=\s+(?:much|many|sorry|glad|happy|good|bad|proud|excited|tired|sick|"
            r"late|far|long)\b)",
            re.I,
        ),
        "so",
    ),
    # "the refund finally came threw": nothing is thrown after a verb of coming or going.
    (
        gated(
            r"\b(?P<lead>(?:came|come|comes|coming|go|goes|going|gone|went|get|got|getting|made|"
            r"make|been|fell|falls|pulled|pull)\s)threw\b",
            re.I,
        ),
        "through",
    ),
    # "I'm in route to Portland", "on route to the airport": "en route", dictated as the
    # English words it sounds like; a route is never where one is.
    (gated(r"\b(?:in|on)\s+route(?=\s+(?:to|for)\b)", re.I), "en route"),
    # "the water bill came its 64.50": what something comes to, not what it owns.
    (gated(r"\bits(?=\s+\$?\d)", re.I), "it's"),
    # "the water bill is €55 and its due the 12th", "its been paid": a state of the thing,
    # its apostrophe left out; what it owns takes a noun ("its due date", "its paid plan").
    (
        gated(
            r"\bits(?=\s+(?:due|overdue|been|already|still|not|paid)\b"
            r"(?!\s+(?:date|dates|day|amount|sum|plan|tier|version|subscription)\b))",
            re.I,
        ),
        "it's",
    ),
)


def _kept_case(typed: str, meant: str) -> str:
    return meant.capitalize() if typed[:1].isupper() else meant


def mend_homophones(text: str) -> str:
    """``text`` with each word autocorrect or dictation put in for one that sounds the same
    read as the word meant, where the word typed cannot stand."""
    if _ANY.search(text) is None:  # the cheap test first
        return text
    for pattern, meant in _MENDS:
        text = pattern.sub(partial(_mended, meant=meant), text)
    return _to_a_place(text)


def _mended(m: re.Match[str], meant: str) -> str:
    """The match with its word replaced; a word that only tells where (``lead``) stays."""
    lead = m.groupdict().get("lead") or ""
    return lead + _kept_case(m.group()[len(lead) :], meant)


_TOWN = 50_000
"""A city smaller than this may be an English word too ("Cheers", "Liberty")."""
_TWO_PLACE = gated(r"\b(?P<w>two|too|four)\s+(?P<place>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)")


def _to_a_place(text: str) -> str:
    """ "flying too Chicago", "moving two Denver", "leaving four Boston": before a place the
    gazetteer knows, the word is the preposition ("two Americans" stays a number)."""

    def mended(m: re.Match[str]) -> str:
        place = m.group("place")
        known = lookup(key_of(place)) or lookup(key_of(place.split(" ")[0]))
        if (
            known is None
            or known.kind == "airport"
            or (known.kind == "city" and known.population < _TOWN)
        ):
            return m.group()
        word = "for" if m.group("w").lower() == "four" else "to"
        return f"{_kept_case(m.group('w'), word)} {place}"

    return _TWO_PLACE.sub(mended, text)
