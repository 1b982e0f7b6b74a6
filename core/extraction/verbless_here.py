"""Where one is, said with neither verb nor preposition: a nomad's or a gamer's status line.

"currently chiang mai, +7", "rn: lisbon", "singapore for 2 months", "tbilisi till april",
"medellín these days"; a leg between two places, "bangkok to chiang mai tonight", is a trip
to the second. The travel rules read where one is after "in" ("currently in Chiang
Mai"), so a clause that opens on a known place and goes on with a word of now or of a stay
is given its "in". A sign and a number of hours right after that place ("chiang mai, +7",
"lisbon (+0)") is the offset of the writer's zone there: "UTC+7".

Not a place that opens a plan ("bali for 2 weeks in august", "lisbon next month"): a day
or month ahead in the rest of the clause leaves it as written. Not after another person
is named as the subject earlier in the message ("my brother's in japan, tokyo for a
week"): then the stay is theirs.
"""

from __future__ import annotations

import re

from core.extraction.gazetteer import accepts, key_of, lookup

_CLAUSE = re.compile(r"(?:^|(?<=[.!?;,:]\s)|(?<=\n))(?=\S)")
"""Where a clause may open: the start, or after a sentence end, a comma or a colon."""
_LEAD = re.compile(
    r"(?P<lead>(?:currently|right\s+now|atm|still|now|location|loc|hello|hola|bonjour|ciao)\s*:?\s+|"
    r"\U0001f4cd\s*)",
    re.I,
)
"""A word of now before a bare place: "currently chiang mai", "rn: lisbon" ("rn" is written
out as "right now" before this runs), a location pin ("📍 oaxaca, mx"), and a place greeted
on arrival ("woke up in a new country again, hello porto")."""
_PLACE = re.compile(
    r"[A-Za-z\u00c0-\u024f][\w'.\u00c0-\u024f-]*(?:\s+[A-Za-z\u00c0-\u024f][\w'.\u00c0-\u024f-]*){0,2}"
)
_STAY = re.compile(
    r"\s+(?:right\s+now|atm|for\s+now|these\s+days|this\s+(?:week|month|winter|summer|spring|"
    r"autumn|fall|season|semester|term)|for\s+(?:the\s+)?(?:next\s+)?(?:a\s+|an\s+|\d{1,2}\s+|"
    r"one\s+|two\s+|three\s+|four\s+|six\s+|few\s+|couple\s+(?:of\s+)?)?(?:days?|nights?|weeks?|months?|"
    r"while)|(?:till|until|til)\s+\w+|since\s+\w+)\b",
    re.I,
)
"""What goes on after a bare place to say one is staying there now."""
_AHEAD = re.compile(
    r"\b(?:next|tomorrow|tonight|from|starting|then|after|in\s+(?:jan|feb|mar|apr|may|jun|jul|"
    r"aug|sep|oct|nov|dec)[a-z]*|in\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"if|maybe|probably|might|hopefully|wish|would)\b",
    re.I,
)
"""A plan or a maybe in the rest of the clause: the place is not where one is now."""
_END = re.compile(r"\s*(?:$|[,.!?;)(]|\s(?:lol|haha|lmao|and|w|with|so|then)\b)")
_OFFSET = re.compile(
    r"(?P<gap>,\s*|\s*\(\s*|\s+)(?P<sign>[+-])(?P<hours>\d{1,2}(?::30)?)\b(?!\s*(?:%|k\b|ppl|people))"
)
"""An hours' offset right after the place: ", +7", " (+7)", " -3"."""
ANOTHER_SUBJECT = re.compile(
    r"\b(?:he|she|they|he's|she's|they're|his|her|their|(?:my|our)\s+(?!own\b)[a-z]+(?:'s)?\s+"
    r"(?:is|are|was|were|'s|has|have|just|got|flew|went|left|moved))\b",
    re.I,
)
"""Another person as a subject ("she's", "my brother is", "our kid just"): their stay, not
the writer's."""


def _known_place(words: str) -> tuple[str, int] | None:
    """The longest known place the words open with, and its length in characters."""
    parts = words.split()
    for n in range(min(3, len(parts)), 0, -1):
        written = " ".join(parts[:n])
        written_bare = written.rstrip(".'")
        place = lookup(key_of(written_bare))
        if place is None:
            continue
        following = parts[n] if n < len(parts) else None
        if accepts(place, written_bare, following):
            return written_bare, len(written_bare)
    return None


_TO = re.compile(r"\s+(?:to|2)\s+")
_LEG_TAIL = re.compile(
    r"\s*(?:$|[,.!?;(]|\s(?:on|by|via|tonight|tomorrow|today|this|next|the|overnight|night|"
    r"morning|early|train|bus|flight|ferry|boat|van|sleeper|(?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)day|\d)\b)",
    re.I,
)
"""What may follow a leg between two places: its day, its vehicle, or nothing ("lisbon to
porto is 3 hrs" goes on with a verb: a distance, not a trip)."""


def _leg_to(after: str) -> tuple[str, int] | None:
    """After a place, "to" and a second known place with nothing but a day or a vehicle
    after it: the second place, and how many characters the leg takes."""
    to = _TO.match(after)
    if to is None:
        return None
    words = _PLACE.match(after, to.end())
    found = _known_place(words.group()) if words is not None else None
    if found is None:
        return None
    dst, size = found
    end = to.end() + size
    return (dst, end) if _LEG_TAIL.match(after, end) else None


def _rewrite(text: str, start: int) -> tuple[str, int] | None:
    """The clause opening at ``start`` with its bare place given an "in", or None."""
    rest = text[start:]
    lead = _LEAD.match(rest)
    head = lead.group("lead") if lead else ""
    at = len(head)
    words = _PLACE.match(rest, at)
    if words is None:
        return None
    found = _known_place(words.group())
    if found is None:
        return None
    place, size = found
    after = rest[at + size :]
    if not head and (leg := _leg_to(after)) is not None:
        dst, used = leg  # "bangkok to chiang mai tonight": the trip goes to the second
        said = f"trip to {dst}"
        return text[:start] + said + text[start + size + used :], start + len(said)
    clause = re.split(r"[.!?;]", after, maxsplit=1)[0].split(",", 1)[0]
    offset = _OFFSET.match(after)
    stay = _STAY.match(after)
    if _AHEAD.search(clause[: stay.end()] if stay else clause):
        return None  # (what comes after the stay is the next leg: "KL for 3 nights then penang")
    if stay is not None and _END.match(after, stay.end()) is None:
        return None  # "paris this week was amazing": the clause goes on to say more
    if not (offset or stay or (head and _END.match(after))):
        return None
    said = f"currently in {place}"
    if offset is not None:
        said += f"{offset.group('gap')}UTC{offset.group('sign')}{offset.group('hours')}"
        consumed = at + size + offset.end()
    else:
        consumed = at + size
    return text[:start] + said + text[start + consumed :], start + len(said)


_ZONE_HERE = re.compile(
    r"(?:^|(?<=[.!?;,]\s))(?P<z>EST|CST|MST|PST|EDT|CDT|MDT|PDT|GMT|BST|CET|CEST|IST|AEST|AEDT|JST|"
    r"KST|SGT|ICT|WIB)\s+here\b"
)
"""A zone said as where one is ("MST here so 7pm is late for me"): the writer is on it. In
capitals only: "est here" may be anything."""
_RUN = re.compile(
    r"\b(?P<kind>visa|border)\s+run(?P<s>s?)\b(?=\s+(?:to|out|up|down|over|from)\b)", re.I
)
"""A nomad's "visa run to penang fri": a trip out and back for the visa, a noun the parse
reads as the verb "run" (a past participle: a story) when no verb comes before it."""


def place_said_bare(text: str) -> str:
    """``text`` with each clause that opens on a bare place of one's stay given its "in",
    and a visa run called the trip it is."""
    text = _RUN.sub(lambda m: f"{m.group('kind')} trip{m.group('s')}", text)
    text = _ZONE_HERE.sub(lambda m: f"I'm on {m.group('z')}", text)
    if ANOTHER_SUBJECT.search(text):
        return text
    pos = 0
    while True:
        m = _CLAUSE.search(text, pos)
        if m is None:
            return text
        done = _rewrite(text, m.start())
        if done is None:
            nxt = re.search(r"[.!?;,:\n]", text[m.start() :])
            if nxt is None:
                return text
            pos = m.start() + nxt.end()
            continue
        text, pos = done
