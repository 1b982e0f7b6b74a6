"""A departure told in the past as news of a trip under way: "we left for Denver on
saturday", "set off yesterday", "hit the road at 6 this morning", "We have left for Nairobi
yesterday". The past verb is the evidence; what it says about now is that the speaker is
away (``travel.status = in_progress``), since the day they left, for the place they left
for. Leaving a thing or a place ("we left the party early", "I left my keys at work", "we
left Denver on sunday": leaving the destination, so coming home) is no departure, nor is
someone else's ("my brother left for Austin"), a story ("when we left for Lisbon in 2019")
or what might have been ("we should have left on friday").
"""

from __future__ import annotations

from datetime import date, timedelta

from core.extraction.clause import Candidate, Clause
from core.extraction.places import place_at
from core.extraction.word_gates import gated

_LATELY = 14
"""How many days back a departure still says the trip is under way."""

_SPEAKERS = (
    # "we've set off", "ive left": the speaker with the auxiliary run on
    r"(?:(?:we|i)(?='ve\s)|(?:weve|ive)\s+|"
    r"(?:we|i|me\s+and\s+\w+|\w+\s+and\s+(?:i|me)|my\s+\w+\s+and\s+i|the\s+(?:kids|family)"
    r"\s+and\s+(?:i|me)|we\s+all)\s+)?"
)
"""The speaker, with company, or no subject at all ("left this morning!")."""
_SET_OUT = gated(
    r"^(?:[a-z][^:,.!?]{0,30}:\s*)?"  # "update for the group: ..."
    r"(?:(?:um+|uh+|so|well|ok(?:ay)?|and|yeah|yay|welp|phew|finally|ok\s+so)[,!.\s]+)*"
    + _SPEAKERS
    + r"(?:(?:have|'ve|has|just|finally|actually|already|officially|all)\s+)*"
    + r"(?:(?:[a-z]+ed|got|ate|said|took)\b[^,.!?]{0,30}?\s+and\s+)?"  # "packed the car and left"
    r"(?P<verb>left|set\s+off|set\s+out|headed\s+(?:out|off)|flew\s+out|took\s+off|departed|"
    r"hit\s+the\s+road|got\s+on\s+the\s+road|"
    # "got the bus up to inverness this morning", "caught the 7am train to Leeds": a ride
    # taken, a departure (dated: "we took the train to Paris" alone may be a story).
    r"(?P<ride>(?:got|caught|took|hopped\s+on|jumped\s+on)\s+(?:the|a|an|my|our)\s+(?:[\w-]+\s+)?"
    r"(?:train|bus|coach|ferry|flight|plane|sleeper|megabus)(?:\s+(?:up|down|over|out))?))\b"
)
_THEN = gated(
    r"^\s*(?:$|[,.!?:;)-]|for\b|to\b|on\b|at\b|around\b|about\b|this\b|yesterday\b|today\b|"
    r"last\s+night\b|earlier\b|early\s+(?:this|today|yesterday)\b|like\b|an?\s+hour|"
    r"\d+\s*(?:hours?|hrs?|mins?|minutes?)\b|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)"
    r"(?:day)?\b|before\s+(?:dawn|sunrise|lunch|breakfast)\b|first\s+thing\b|lol\b|haha\b|"
    r"finally\b|at\s+last\b)"
)
"""What may follow the verb of a departure: a place it is for, a time, or nothing; not an
object ("the party", "my keys", "it too late") nor a place left ("Denver")."""
_FOR_PLACE = gated(r"\b(?:for|to)\s+")
_LONG_AGO = gated(
    r"\b(?:(?:19|20)\d\d|years?\s+ago|months?\s+ago|last\s+(?:year|month|summer|winter|"
    r"spring|fall|autumn)|back\s+then|as\s+a\s+kid|when\s+i\s+was)\b"
)
_DONE_BEFORE = gated(
    r"\b(?:twice|(?:a\s+few|a\s+couple(?:\s+of)?|several|many|loads\s+of|lots\s+of|\d+|two|three|"
    r"four|five|countless|umpteen|dozens\s+of|so\s+many)\s+times|(?:once|before)(?=\s*(?:$|[.!?,;:)])))"
)
"""A departure counted or done before ("we've set off for lisbon before", "set off for porto
twice"): an experience told, not a trip under way (not "left once the rain stopped")."""
_HABITUAL = gated(
    r"\b(?:(?:every|each)\s+(?:single\s+)?(?:year|summer|winter|spring|fall|autumn|christmas|"
    r"easter|thanksgiving|weekend|week|month|time|holiday)|over\s+the\s+years|always|usually|"
    r"normally|most\s+(?:years|summers|winters|weekends))\b"
)
"""A departure told as a habit ("we set off for tahoe every winter", "set off for tahoe many
times over the years"): how things go, not a trip under way."""
_BACK_SINCE = gated(
    r"\b(?:were|was|got|came|flew|drove|made\s+it)\s+(?:(?:back|home)\s+)?(?:back|home)\b"
)
"""A way back told in the past after the departure ("we headed out friday and were home
again sunday"): the trip is over, not under way."""
_JUST_NOW = gated(
    r"(?:'ve|\bhave|\bweve|\bive|\bjust)\s+(?:(?:just|finally|officially|all)\s+)*\S+"
)
"""A departure in the present perfect or "just" done, no day said: it left today."""
_TODAY = gated(
    r"\b(?:this\s+(?:morning|am)|today|earlier|ago|at\s+\d|\d\s*(?:am|pm)|first\s+thing|"
    r"before\s+(?:dawn|sunrise))\b"
)


def set_out_lately(clause: Clause, *, dated_only: bool = False) -> list[Candidate]:
    """The trip a clause says the speaker set out on lately, as forced-assertive
    candidates (status, departure day when told, destination when named); [] when the
    clause tells no such departure. ``dated_only``: only one the clause dates (a clause
    read as a command, "Set off for Edinburgh yesterday", is past only by its day)."""
    m = _SET_OUT.match(clause.low)
    if m is None or _THEN.match(clause.low[m.end() :]) is None:
        return []
    if (
        _LONG_AGO.search(clause.low)
        or _DONE_BEFORE.search(clause.low, m.end())
        or _HABITUAL.search(clause.low, m.end())
        or _BACK_SINCE.search(clause.low, m.end())
    ):
        return []
    today = clause.at.date()
    if sets_off_ahead(clause.low):
        return []
    day = _day_left(clause, m.end(), today)
    if day is None and _JUST_NOW.search(clause.low, 0, m.end()):
        day = today  # "i've set off for porto", "just left for the airport": today
    if day is False or ((dated_only or m.group("ride")) and day is None):
        return []
    found = [Candidate("travel.status", "in_progress", 0.85, "assertive")]
    if isinstance(day, date):
        found.append(Candidate("travel.depart_date", day.isoformat(), 0.85, "assertive"))
    to = _FOR_PLACE.search(clause.low, m.end())
    if to is not None:
        place = place_at(clause.text, to.end())
        if place is not None:
            found.append(Candidate("travel.destination", place.name, 0.85, "assertive"))
    return found


def _day_left(clause: Clause, after: int, today: date) -> date | bool | None:
    """The day the clause sets out on, read backwards (a bare "saturday" in a past clause
    is the last one, "on the 1st" this month's); None when it names none, False when the
    day it names is too long ago for the trip to be under way."""
    days = [t.day for t in clause.times if t.start >= after - 12 and not t.coarse]
    if not days:
        return today if _TODAY.search(clause.low, after) else None
    day = days[0]
    if day > today and (day - today).days <= 7:
        day -= timedelta(days=7)  # "on saturday": the one just gone
    elif day > today:
        month = day.month - 1 or 12
        year = day.year - (day.month == 1)
        try:
            day = date(year, month, day.day)
        except ValueError:
            return False
    if (today - day).days > _LATELY or day > today:
        return False
    return day


_SET_OFF_AHEAD = gated(
    r"(?:^|\b(?:we|i|\w+\s+and\s+(?:i|me)|we\s+all)\s+)(?:(?:then|only|finally)\s+)?set\s+(?:off|out)\b"
    r"(?:\s+(?:for|to)\s+[\w' ]{1,30}?)?\s+(?:on\s+|this\s+|next\s+)?"
    r"(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|tomorrow|tmrw|tmr|tomoz)\b"
)
_TOLD_AFTER = gated(
    r"\b(?:got|arrived|came|drove|flew|reached|landed|made\s+it|were|was|had|stopped|spent)\b"
)


def sets_off_ahead(low: str) -> bool:
    """Whether "set off"/"set out", a past and a present alike, is the present of a plan:
    with "we" or "i" only its day tells, and a day said plainly ("we set off thursday", "we
    set off tmrw morning", "kids and i set off saturday") is the day ahead the trip leaves;
    "set off last thursday", "we've set off", "set off thursday and got there at 9" are past."""
    m = _SET_OFF_AHEAD.search(low)
    return m is not None and _TOLD_AFTER.search(low, m.end()) is None
