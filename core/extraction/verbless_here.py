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

from core.extraction.first_names import is_common_first_name
from core.extraction.gazetteer import accepts, key_of, lookup
from core.extraction.travel_departures import SETTING_OUT_WORDS
from core.extraction.word_gates import gated

_CLAUSE = gated(r"(?:^|(?<=[.!?;,:]\s)|(?<=\n))(?=\S)")
"""Where a clause may open: the start, or after a sentence end, a comma or a colon."""
_FILLER = gated(r"(?:(?:ok|okay|so|and|well|yeah|update|btw|fyi)[,:]?\s+)+", re.I)
"""Words that claim nothing before a place that opens a trip ("so tahoe…", "ok so Lisbon…")."""
_LEAD = gated(
    r"(?P<lead>(?:currently|right\s+now|atm|still|now|location|loc|hello|hola|bonjour|ciao)\s*:?\s+|"
    r"\U0001f4cd\s*)",
    re.I,
)
"""A word of now before a bare place: "currently chiang mai", "rn: lisbon" ("rn" is written
out as "right now" before this runs), a location pin ("📍 oaxaca, mx"), and a place greeted
on arrival ("woke up in a new country again, hello porto")."""
_PLACE = gated(
    r"[A-Za-z\u00c0-\u024f][\w'.\u00c0-\u024f-]*(?:\s+[A-Za-z\u00c0-\u024f][\w'.\u00c0-\u024f-]*){0,2}"
)
_STAY = gated(
    # "nashville now, 14 hr layover", "porto finally!": there now, or at last.
    # "lisbon airport, gate 14": the town's airport or station, a traveller's whereabouts.
    r"\s+(?:(?:international\s+|intl\s+)?airport|(?:train\s+|bus\s+|railway\s+)?station|"
    r"terminal\s+\d|arrivals|departures)\b|"
    r"\s+(?:now|finally|at\s+(?:long\s+)?last|right\s+now|atm|for\s+now|these\s+days|this\s+(?:week|month|winter|summer|spring|"
    r"autumn|fall|season|semester|term)|for\s+(?:the\s+)?(?:next\s+)?(?:a\s+|an\s+|\d{1,2}\s+|"
    r"one\s+|two\s+|three\s+|four\s+|six\s+|few\s+|couple\s+(?:of\s+)?)?(?:days?|nights?|weeks?|months?|"
    r"while)|(?:till|until|til|thru|through)\s+(?:the\s+)?(?:end\s+of\s+(?:the\s+)?(?:month|week|"
    r"year|term|semester|season)|\d{1,2}(?:st|nd|rd|th)|\w+)|since\s+\w+)\b",
    re.I,
)
"""What goes on after a bare place to say one is staying there now."""
_AHEAD = gated(
    r"\b(?:next|tomorrow|tmrw|tonight|from|starting|then|after|this\s+(?:weekend|wknd|wkend)|"
    r"in\s+(?:jan|feb|mar|apr|may|jun|jul|"
    r"aug|sep|oct|nov|dec)[a-z]*|in\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"if|maybe|probably|might|hopefully|wish|would)\b",
    re.I,
)
"""A plan or a maybe in the rest of the clause: the place is not where one is now."""
_SOON = gated(
    r"\s+(?:this\s+(?:weekend|wknd|wkend)|next\s+(?:week|wk|weekend|wknd|month|mon|tues|wednes|"
    r"thurs|fri|satur|sun)\w*|tomorrow|tmrw|tonight|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)"
    # a weekday cut short that is no other word: "vegas with the boys thurs"
    r"day|(?:on\s+)?(?:tues?|weds|thur?s?|fri)|in\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b",
    re.I,
)
"""A time ahead right after a bare place that opens a clause: a trip there ("bali next week",
"leeds this wknd")."""
_WITH_WHOM = (
    r"\s+(?:with|w)\s+(?:the\s+|my\s+|our\s+)?[a-z']+(?:\s+(?:and|&)\s+(?:the\s+|my\s+)?[a-z']+)?"
)
_SETS_OUT_SOON = gated(
    rf"(?:{_WITH_WHOM},?|,)\s+(?:(?:we|i)(?:'re|'ll|\s+are|\s+will|\s+am)?\s+)?(?:{SETTING_OUT_WORDS})(?:{_SOON.pattern}|\s+(?:on\s+)?the\s+"
    r"\d{1,2}(?:st|nd|rd|th)?\b)|"
    rf"{_WITH_WHOM}{_SOON.pattern}",
    re.I,
)
"""A bare place, who goes along and the day of setting out ("tahoe w/ the girls leaving
thursday", "lisbon, flying out the 3rd", "Lisbon with my sister, we leave on the 20th", "leeds
with my sister next weekend"): a trip there ahead, as "<place> next week" is. Not a town spelled like a first name: "austin w/ the girls
leaving thursday" may be Austin who leaves; nor the place alone before the verb ("tahoe
leaving thursday")."""
_AT_LAST = gated(r"\s*[.!]+\s*(?:finally|at\s+(?:long\s+)?last)(?=\s*[.!]+|\s*$)", re.I)
"""The place alone, then the sentence "finally." ("denver. finally."): reached at last."""
_END = gated(r"\s*(?:$|[,.!?;)(]|\s(?:lol|haha|lmao|and|w|with|so|then)\b)")
_OFFSET = gated(
    r"(?P<gap>,\s*|\s*\(\s*|\s+)(?P<sign>[+-])(?P<hours>\d{1,2}(?::30)?)\b(?!\s*(?:%|k\b|ppl|people))"
)
"""An hours' offset right after the place: ", +7", " (+7)", " -3"."""
ANOTHER_SUBJECT = gated(
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


_TO = gated(r"\s+(?:to|2)\s+")
_LEG_TAIL = gated(
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
    # "so tahoe with the girls leaving thursday", "ok so Lisbon next month": a filler before
    # the place, kept as it is; only a trip ahead is read past it.
    filler = "" if head else (m.group() if (m := _FILLER.match(rest)) else "")
    at = len(head) or len(filler)
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
    opens = start == 0 or text[:start].rstrip()[-1:] in ".!?;:\n"
    if not head and opens and (soon := _SOON.match(after)) and not _TOLD_OF.search(clause):
        # "leeds this wknd for my cousins 21st", "lisbon next month": a trip there, ahead.
        said = f"{filler}trip to {place}"
        return text[:start] + said + text[start + at + size :], start + len(said) + soon.end()
    if (
        not head
        and opens
        and (out := _SETS_OUT_SOON.match(after))
        and not _TOLD_OF.search(clause)
        and not is_common_first_name(place.lower())
    ):
        said = f"{filler}trip to {place}"
        return text[:start] + said + text[start + at + size :], start + len(said) + out.end()
    if filler:
        return None
    offset = _OFFSET.match(after)
    stay = _STAY.match(after) or (_AT_LAST.match(after) if start == 0 else None)
    # A day that bounds the stay ("lisbon till friday") is when it ends, not a plan.
    if _AHEAD.search(_BOUND_DAY.sub("", clause[: stay.end()]) if stay else clause):
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


_ZONE_HERE = gated(
    r"(?:^|(?<=[.!?;,]\s))(?P<z>EST|CST|MST|PST|EDT|CDT|MDT|PDT|GMT|BST|CET|CEST|IST|AEST|AEDT|JST|"
    r"KST|SGT|ICT|WIB)\s+here\b"
)
"""A zone said as where one is ("MST here so 7pm is late for me"): the writer is on it. In
capitals only: "est here" may be anything."""
_RUN = gated(r"\b(?P<kind>visa|border)\s+run(?P<s>s?)\b(?=\s+(?:to|out|up|down|over|from)\b)", re.I)
"""A nomad's "visa run to penang fri": a trip out and back for the visa, a noun the parse
reads as the verb "run" (a past participle: a story) when no verb comes before it."""


_IN_AFTER_COMMA = gated(
    r"(?<=,\s)(?P<lead>in|at\s+(?:my|our|the)\s+[a-z]+(?:'s|s)?\s+in|"
    # "not home till sunday, at a conference in dublin": at an event there.
    r"at\s+(?:a|an|the|my|our)\s+(?:[a-z]+(?:'s|s)?\s+)?(?:conference|wedding|funeral|festival|"
    r"tournament|lan|gig|concert|hen\s+do|stag\s+do|retreat|summit|match|game|convention|expo|"
    r"workshop|course|training|reunion)\s+in)\s+(?=[A-Za-z\u00c0-\u024f])",
    re.I,
)
"""A clause after a comma that opens on "in <place>" or "at my <someone's> in <place>", with
no subject: "ooo til the 12th, in mexico w the fam", "left austin yesterday, in dallas now"."""
_SOMEONE = gated(
    r"\b(?:he|she|they|his|her|their|(?:my|our)\s+(?:mom|mum|dad|sister|sis|brother|bro|wife|"
    r"husband|partner|bf|gf|boyfriend|girlfriend|son|daughter|kids?|cousin|friend|boss|roommate|"
    r"grandma|grandpa|aunt|uncle|parents|family|fam))\b",
    re.I,
)
"""Someone else named before the comma ("my sister called, in denver now"): it may be theirs."""
_BOUND_DAY = gated(r"\b(?:till?|until|thru|through)\s+(?:the\s+)?\w+")
_HERE_TAIL = gated(
    r"\s*(?:$|\s(?:now|right\s+now|atm|lol|haha|w|with|for|till?|until|since|"
    r"this|these|visiting|seeing)\b)",
    re.I,
)
_DATED = gated(r"\b(?:\d{1,2}/\d{1,2}|ago|years|used\s+to|back\s+then|when\s+(?:i|we))\b", re.I)
"""A date or a past frame in the message: "OOO 3/16 - 3/20, in Austin", "Years ago, in Hanoi"."""


def _in_after_comma(text: str) -> str:
    """``text`` with a subjectless "in <place>" after a comma said as where the writer is,
    unless the message looks ahead ("…, in tokyo next week") or asks."""
    if "?" in text or _AHEAD.search(_BOUND_DAY.sub("", text)) or _DATED.search(text):
        return text
    for m in _IN_AFTER_COMMA.finditer(text):
        if _SOMEONE.search(text, 0, m.start()):
            return text
        words = _PLACE.match(text, m.end())
        found = _known_place(words.group()) if words is not None else None
        if found is not None and _HERE_TAIL.match(text, m.end() + found[1]):
            return f"{text[: m.start()]}I'm {text[m.start() :]}"
    return text


_ARRIVED_BARE = gated(
    r"^\W*(?:(?:just|finally|we|i|i've|we've|i'm|we're|ok|okay)\s+)*(?P<verb>landed|arrived|"
    r"touched\s+down|made\s+it|got\s+here|got\s+in)(?:\s+(?:safe(?:ly)?|safe\s+and\s+sound|"
    r"finally|ok|okay))?(?:\s+(?:babe|baby|hun|hon|love|bro|guys|y'?all|fam|mate|mum|mom|dad|"
    r"everyone|all))?(?=\s*[!.,]+\s+(?:(?![^!.,?]*\b(?:was|were|had)\b)[^!.,?]{1,40}[!.,]+\s+)?(?P<place>[A-Za-z\u00c0-\u024f][^!.,?]*?)"
    r"\s+(?:is|'s|feels|looks)\s)",
    re.I,
)
"""An arrival told without its place, the place the subject of the next clause or of the
one after a short aside: "landed! tokyo is huge", "got here safe, Denver is freezing",
"made it, lisbon is gorgeous", "landed babe, cab to the hotel now, leeds is grim"; a
vocative may follow the verb."""


def _arrived_where(text: str) -> str:
    """``text`` with a bare arrival given the place the next clause talks about."""
    m = _ARRIVED_BARE.match(text)
    if m is None:
        return text
    found = _known_place(m.group("place"))
    if found is None or found[1] != len(m.group("place")):
        return text
    return f"{text[: m.end('verb')]} in {found[0]}{text[m.end('verb') :]}"


_DAYS_LEFT = gated(
    r"(?:^|(?<=[.!?;,:]\s))(?:(?:only|just|ugh|omg)\s+)?(?:(?:\d{1,2}|one|two|three|four|five|six|"
    r"a\s+few|few|a\s+couple(?:\s+of)?)\s+more|(?:my|our|the)?\s*(?:last|final)(?:\s+full)?)\s+"
    r"(?:days?|nights?|weeks?|months?|mornings?)\s+(?:here\s+)?in\s+(?=[A-Za-z\u00c0-\u024f])",
    re.I,
)
"""The stay counted down: "3 more days in phoenix then home", "only 2 more nights in lisbon",
"last day in cabo 😭": where the writer still is."""
_TOLD_OF = gated(r"\s+(?:was|were|is|will|had|has|went)\b", re.I)
"""A verb after the place makes the stay a subject told of: "last night in vegas was wild"."""


def _days_left(text: str) -> str:
    """``text`` with a stay counted down said as being there."""
    m = _DAYS_LEFT.search(text)
    if m is None or _AHEAD.search(text[: m.start()]):
        return text
    words = _PLACE.match(text, m.end())
    found = _known_place(words.group()) if words is not None else None
    if found is None or _TOLD_OF.match(text, m.end() + found[1]):
        return text
    rest = text[m.end() + found[1] :]
    joint = "," if re.match(r"\s+then\b", rest) else ""  # "…, then home": the next leg
    return f"{text[: m.start()]}I'm in {found[0]}{joint}{rest}"


_PLACE_BOUND = gated(
    r"(?:^|(?<=[.!?;,:]\s))(?P<lead>(?:(?:finally|now|officially|and|so|ok)\s+)*)"
    r"(?P<place>[A-Za-z\u00c0-\u024f][\w'.\u00c0-\u024f-]*(?:\s+[A-Za-z\u00c0-\u024f][\w'.\u00c0-\u024f-]*){0,2}?)"
    r"\s+bound\b(?!\s+(?:to|by|up|and|with)\b)",
    re.I,
)
"""A clause that opens on a place and "bound" ("miami bound 🌴", "finally Leeds bound"): the
adjective "-bound", headed there. Written apart, the parse takes the place for a subject
and "bound" for the past of "bind" (a story, or someone else's)."""


def _bound_for(m: re.Match[str]) -> str:
    found = _known_place(m.group("place"))
    if found is None or found[1] != len(m.group("place")):
        return m.group()
    return f"{m.group('lead').lower()}{m.group('place')}-bound"


def place_said_bare(text: str) -> str:
    """``text`` with each clause that opens on a bare place of one's stay given its "in",
    and a visa run called the trip it is."""
    text = _RUN.sub(lambda m: f"{m.group('kind')} trip{m.group('s')}", text)
    text = _ZONE_HERE.sub(lambda m: f"I'm on {m.group('z')}", text)
    if " bound" in text or " Bound" in text:
        text = _PLACE_BOUND.sub(_bound_for, text)
    if ANOTHER_SUBJECT.search(text):
        return text
    text = _in_after_comma(text) if ", " in text else text
    text = _days_left(_arrived_where(text))
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
