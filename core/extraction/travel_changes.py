"""Changes to a trip said in passing: a day moved, or a cancellation not yet decided.

"flight got pushed to tues" moves the departure; "our flight home was moved to Sunday"
the return. "prob gonna skip the trip" weighs a cancellation that "we're skipping the
trip" makes: the first is a possibility, the second a fact.
"""

from __future__ import annotations

from core.extraction.clause import Candidate, Clause
from core.extraction.places import place_at, place_before
from core.extraction.travel_objects import NOT_A_SCHOOL_TRIP
from core.extraction.word_gates import gated

_MOVED_TO = gated(
    r"\b(?:my\s+|our\s+|the\s+)?(?:(?P<ret>return)\s+(?:flight|train|trip\s+home)|"
    + NOT_A_SCHOOL_TRIP
    + r"(?P<what>flight|trip|departure)"
    r"(?P<home>\s+(?:home|back))?)\s+"
    # "my flight to Oslo on 18 March has been rescheduled to 19 March": where and the old
    # day between the trip and its verb.
    r"(?:(?P<to>to\s+)?(?:from\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?=on\b|got\b|was\b|has\b|is\b|'s\b))?"
    r"(?:on\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?(?:\s+[a-z]+)?|[a-z]+day)\s+)?"
    r"(?:got\s+|was\s+|has\s+been\s+|is\s+(?:now\s+)?|'s\s+(?:been\s+)?)?(?:pushed|moved|"
    r"rescheduled|bumped|changed|shifted|postponed|preponed|brought|advanced)\s+"
    r"(?:(?:back|up|forward|ahead)\s+)?(?:to|til|till|until)\s+"
)


_LEAD = (
    r"^(?:(?:so|and|but|actually|ok|okay|well|now|ugh|oh|hey|yeah|yep|lol|omg|welp|update:?|"
    r"btw|fyi|change\s+of\s+plans?:?|good\s+news:?|bad\s+news:?|looks\s+like|guess|"
    r"so\s+now),?\s+)*"
)
"""What may come before the speaker's own words: "ugh actually", "change of plans:"."""
_MOVED_OWN = gated(
    _LEAD + r"(?:(?:i|we|i've|we've|i\s+have|we\s+have|"
    # "they moved my flight home to wednesday": the airline moved the speaker's own flight.
    r"(?:they|the\s+airline)(?=\s+(?:\w+\s+)?(?:pushed|moved|changed|bumped|rescheduled|"
    r"postponed)\s+(?:back\s+)?(?:my|our)\b)|"
    r"just)\s+)*(?:pushed|moved|changed|bumped|rescheduled|postponed)\s+(?:back\s+)?"
    r"(?:my|our|the)\s+(?:(?P<home>return(?:\s+flight)?|(?:flight|trip)\s+(?:home|back))|"
    r"(?:flight|trip|departure))\s+(?:back\s+)?(?:to|til|till|until)\s+"
)
"""The speaker moved it: "pushed my return to monday", "we moved our flight home to the 7th"."""
_PUSHED_BACK = gated(r"\bpushed\s+(?:my|our|the)\s+(?:flight|trip)\s+back\b")
_STAYING_ON = gated(
    # At the start, or after a comma: "flight home got cancelled, stuck here till sunday".
    r"(?:^|(?<=[,;])\s*)" + _LEAD.removeprefix("^") + r"(?:(?:we're|we\s+are|i'm|i\s+am|we'll\s+be|"
    r"we've|i've|we\s+have|i\s+have|"
    r"i'll\s+be|we|i)\s+)?(?:(?:now|just|gonna|going\s+to|will|shall|'ll)\s+)?"
    # "stuck here till sunday": a way home that fell through keeps the trip going.
    r"(?:(?P<stay>staying|stay|remain|stuck|stranded|here|out\s+here|up\s+here|down\s+here)(?:\s+on|\s+here|\s+there|\s+longer|\s+a\s+bit\s+longer|"
    r"\s+(?:at|with)\s+(?!(?:home|work|school|the\s+office|my\s+desk)\b)"
    # "staying at Joan's in Whitby till Friday" names the town: a stay there, read as one.
    r"(?:(?!in\b)[a-z']+\s+){0,2}(?!in\b)[a-z']+)?|"
    r"(?:extended|extending|extend|stretched|stretching)\s+(?:my|our|the)\s+(?:[a-z]+\s+)?"
    r"(?:trip|stay|vacation|holiday|visit|time\s+here))\s+(?:to|til|till|until|through|thru)\s+"
)
"""Staying on where the trip is: "staying till monday now", "we extended the trip to the
7th" (never "staying home": that is no trip)."""


_STAYING_AT_NOW = gated(
    r"^(?:(?!\b(?:will|'ll|gonna|going\s+to)\b).)*\bstaying\s+(?:on\s+)?(?:at|with)\s+"
)
"""Staying at or with someone now, said in the present ("staying at my sister's till
sunday"), not ahead ("we'll be staying with friends till the 5th")."""


_MOVE_VERB = (
    r"(?:pushed|moved|rescheduled|bumped|shifted|postponed|put|preponed|brought|advanced)\s+"
)
_PARTICLE = r"(?:(?:back|up|forward|ahead)\s+)?"
"""Which way it moved: "pushed back", "moved up", "brought forward" (the day says where to)."""
_PLACE_MOVED = gated(
    _LEAD
    + r"(?:(?:i|we|i've|we've|we\s+have|i\s+have)\s+(?:just\s+|now\s+)?"
    + _MOVE_VERB
    # "we moved tahoe to the 14th": the speaker's verb, then the place
    + r"(?P<place>[a-z][\w.-]*(?:\s+[a-z][\w.-]*)??)\s+"
    + _PARTICLE
    # "tahoe got moved to the 12th", "Tahoe's been pushed back to the 20th", "tahoe moved up
    # to thursday" (the verb at once: headline English)
    + r"|(?P<placed>[a-z][\w.-]*(?:\s+[a-z][\w.-]*)??)"
    + r"(?:'s\s+(?:been\s+|now\s+)?|\s+(?:got|was|has\s+been|is(?:\s+now)?|'s\s+been)\s+|\s+)"
    + _MOVE_VERB
    + _PARTICLE
    + r")(?:to|til|till|until)\s+"
)
"""A trip named by its place alone, moved: "tahoe got moved to the 12th", "Tahoe's been
pushed back to the 20th", "we moved tahoe to the 14th" (the place is checked by the caller:
only a known place names a trip; "the wedding got moved" is no trip)."""
_PLACE_IS_NOW = gated(
    _LEAD
    + r"(?P<place>[a-z][\w.-]*(?:\s+[a-z][\w.-]*)??)"
    + r"(?:'s|\s+is)\s+(?P<now>now\s+)?(?:on\s+)?"
)
"""A trip named by its place, on another day now: "tahoe is next weekend now", "tahoe is
now the 12th" (the day must follow at once, and "now" be said before or after it)."""
_NOW_AFTER = gated(r"\s+now\b")


def place_moved(clause: Clause) -> list[Candidate]:
    """A trip named by its known place alone and its new day ("tahoe got moved to the
    12th", "tahoe is next weekend now"): where and when it leaves, planned. Someone else's
    ("their tahoe trip") never starts the clause, so it is not read here."""
    if clause.intent in ("hypothetical", "none"):
        return []
    low = clause.low
    m = _PLACE_MOVED.match(low)
    is_now = None if m is not None else _PLACE_IS_NOW.match(low)
    said = m or is_now
    if said is None:
        return []
    group = "place" if said.group("place") is not None else "placed"
    # The name is all of what was read as it ("Tahoe" of "Tahoe's been pushed back").
    where = place_at(clause.text[: said.end(group)], said.start(group), bare=True)
    if where is None or not where.known or where.end != said.end(group):
        return []
    # The day follows at once; its span may take in the "to" before it ("to the 12th").
    day = next((t for t in clause.times if t.start <= said.end() < t.end), None)
    if day is None or day.past or day.coarse or day.day < clause.at.date():
        return []
    if is_now is not None and is_now.group("now") is None and not _NOW_AFTER.match(low, day.end):
        return []  # "tahoe is next weekend": when it is, said before; no change told
    return [
        Candidate("travel.destination", where.name, 0.85, "planning"),
        Candidate("travel.depart_date", day.day.isoformat(), 0.85, "planning"),
    ]


_THEIRS = gated(
    r"\b(?:his|her|their|your|(?!(?:today|tomorrow|tonight|yesterday|[a-z]+day|week|weekend|"
    r"month|year|morning|evening|night|life|time)'s?\s)[a-z]+(?:'s|s'))\s+(?:[a-z.-]+\s+){0,2}$"
)
"""Someone else's, right before the trip and its place: "jake's tahoe trip", "the Smiths'
Tahoe trip", "their flight" (not "today's flight", "tomorrow's trip")."""


_DAY_WORDS = gated(r"(?:(?:on|the|this|next|[a-z]+day|mon|tues?|wed|thu|thurs|fri|sat|sun)\s*)*")
"""What may stand between the verb and its day: "staying till monday the 7th"."""


def moved_to(clause: Clause) -> list[Candidate]:
    """ "flight got pushed to tues", "our flight home was moved to Sunday", "pushed my
    return to monday": the trip's day, moved; the way home moves the return, any other
    the departure. "staying till monday now", "we extended our stay to the 7th": the
    return, later."""
    if clause.intent in ("hypothetical", "none"):
        return []
    low = clause.low
    m = _MOVED_TO.search(low)
    own = None if m is not None else _MOVED_OWN.search(low)
    staying = None if m is not None or own is not None else _STAYING_ON.search(low)
    said = m or own or staying
    if said is None:
        return []
    if clause.intent == "historical" and any(t.past for t in clause.times):
        return []  # "we extended the trip to monday last year": a story
    if m is not None and _THEIRS.search(low, 0, m.start("what")):
        return []  # "the Smiths' Tahoe trip got moved to the 12th": their trip, their day
    # After the speaker's own verb the day comes at once ("moved the trip to the 20th");
    # "moved the trip to Lisbon to the 20th" moves it somewhere first: a plan, read later.
    days = [
        t
        for t in clause.times
        if t.end > said.end()
        and (
            m is not None or t.start < said.end() or _DAY_WORDS.fullmatch(low, said.end(), t.start)
        )
        and not t.past
        and not t.coarse
    ]
    if not days or days[0].day < clause.at.date():
        return []
    if staying is not None and days[0].day == clause.at.date():
        return []  # "staying at the office until 7": a day's hours, not a trip's end
    # "pushed our flight back to friday": "pushed … back" is the verb, no flight back.
    pushed_back = own is not None and _PUSHED_BACK.search(own[0]) is not None
    home = staying is not None or (said.group("home") is not None and not pushed_back)
    home = home or (m is not None and m.group("ret") is not None)
    field = "travel.return_date" if home else "travel.depart_date"
    out = [Candidate(field, days[0].day.isoformat(), 0.85, "planning")]
    if staying is not None and _STAYING_AT_NOW.search(staying[0]) and clause.intent == "assertive":
        # "staying at my mom's till thursday", "we're staying with friends till the 5th": a
        # stay away from home under way now, and when it ends.
        out.insert(0, Candidate("travel.status", "in_progress", 0.8, "assertive"))
    where = place_before(clause.text, m.start("what")) if m is not None and not home else None
    if where is None and m is not None and not home and m.group("to"):
        where = place_at(clause.text, m.end("to"))  # "my flight to Oslo … moved to the 19th"
    if where is not None and where.known:
        # "the Denver trip moved to the 18th": the trip named by its place is still planned.
        out.insert(0, Candidate("travel.destination", where.name, 0.85, "planning"))
    return out


_WEIGHED = gated(r"\b(?:probably|prob|likely|i\s+think|i\s+guess|i\s+suppose)\b")


def still_weighed(clause: Clause) -> bool:
    """A planned cancellation said with a hedge ("probably", "i think"): not made yet."""
    return clause.intent == "planning" and _WEIGHED.search(clause.low) is not None
