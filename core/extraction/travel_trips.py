"""A trip as candidates: planned (destination, status and its days) or under way (location
and status), the days a clause gives a trip, and the place a travel phrase points at.

Every travel rule that has found a place ends here, so the days of a trip are read one way
whether the clause plans it, is on it, or is away with no place named.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from core.extraction.clause import Candidate, Clause
from core.extraction.places import Place, place_at
from core.extraction.timewords import NUMBER_WORDS
from core.extraction.travel_departures import SETTING_OUT_WORDS, leaves_first
from core.extraction.travel_going_back import GOING_BACK
from core.extraction.travel_stays import left_after_arriving
from core.extraction.word_gates import gated

_FOR_DURATION = gated(
    r"\bfor\s+(?:a|an|one|two|three|four|five|six|seven|ten|\d+)\s+(?:days?|nights?|weeks?|"
    r"fortnights?)\b"
)
_INSIDE_IN = gated(
    r"[^,;.]{0,40}?\b(?P<prep>in|near|outside(?:\s+of)?|"
    # "a house at the edge of Lerwick", "a flat in the heart of Lisbon", "a hut on the
    # shores of Loch Ness": a spot by its side of the town.
    r"(?:edge|edges|outskirts|heart|middle|centre|center|fringes|foot|shores?|banks?)\s+of)\s+"
)
_KIN_HOME_IN = gated(
    r"\s*(?:my|our)\s+(?:[a-z]+\s+)?(?:parents|folks|family|mum|mom|mam|dad|nan|gran|grandma|"
    r"grandpa|grandparents|in-laws|inlaws|sister|brother|aunt|auntie|uncle|cousin|son|daughter)"
    r"(?:'s|s)?(?:\s+(?:place|house|flat|home))?\s+in\s+"
)
"""A relative's home before "in": "my parents in", "my mum's place in"."""
_RETURN_PREPS = frozenset(
    # "return Tue 3/10", "returns the 27th": a calendar's or an itinerary's way back.
    {
        "until",
        "till",
        "til",
        "through",
        "thru",
        "to",
        "back",
        "home",
        "returning",
        "return",
        "returns",
        "checkout",  # a hotel's "check out 3/23"
    }
)


_WHOSE_PLACE = gated(r"\s+(?:(?:place|house|flat|apartment)\s+)?in\s")
_BACK_ON = gated(r"\b(?:back|home|returning)\s+(?:again\s+)?(?:on\s+)?$")


def place_near(clause: Clause, pos: int) -> Place | None:
    """A place right at ``pos``, or after "in" a few words on ("the airport in Atlanta")."""
    place = place_at(clause.text, pos)
    possessive = place is not None and place.name.lower().endswith("'s")
    if place is not None and not (possessive and _WHOSE_PLACE.match(clause.low, place.end)):
        return place
    # ("at Olivia's in Brooklyn": an unknown name's home, then the town it is in)
    for _ in range(2):  # "a narrow bed in a narrow room in Trieste": a room, then its town
        m = _INSIDE_IN.match(clause.low, pos)
        if m is None:
            return None
        # "a cabin near bend": near a common noun English says "near the bend", so a bare
        # word there that names a town is the town.
        # "off to my parents in bath": "in the bath" would be the tub; after a relative's
        # home a bare word that names a town is the town they live in.
        kin = _KIN_HOME_IN.fullmatch(clause.low, pos, m.end())
        near = m.group("prep").split()[0] in ("near", "outside")
        place = place_at(clause.text, m.end(), bare=near or kin is not None)
        if place is not None:
            return place
        pos = m.end()
    return None


_TOWARD = gated(r"\b(?:to|into)\s*$")
_NOT_A_JOURNEY = gated(r"\b(?:going|gonna|go|be|are|got)\b")
"""Before "to", words of a future or a must ("going to bath the baby", "got to split the
bill"), where an ordinary word after "to" is a verb, not a town."""


_IN = gated(r"\bin\s*$")
"""Where one is or arrived: "we've just arrived in nice", "we're in nice till sunday"."""


def headed_town(clause: Clause, said: re.Match[str]) -> Place | None:
    """A town spelled like an ordinary word, in lower case, right after a journey's "to"
    (``said`` ends on it: "heading up to bend fri", "made it to florence, ..."), or after
    the "in" of being or arriving there ("just arrived in nice"): a common noun there
    would want a determiner, unless a word goes on with it ("in nice weather")."""
    words = said.group()
    if _IN.search(words) is None and (not _TOWARD.search(words) or _NOT_A_JOURNEY.search(words)):
        return None
    return place_at(clause.text, said.end(), headed=True)


def place_confidence(place: Place) -> float:
    return 1.0 if place.known else 0.85


def end_of_day(day: date, at: datetime) -> datetime:
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=at.tzinfo)


_LEAVING = gated(rf"\b(?:{SETTING_OUT_WORDS}|driv(?:e|ing)\s+up)\s+(?:on\s+)?$")
"""A setting-out verb right before a day: "leaving friday", "we fly out on the 4th"."""


def _said_leaving(clause: Clause) -> date | None:
    """The day a leaving verb names ("leaving friday", "we fly out on the 4th")."""
    for ref in clause.times:
        if ref.unit == "day" and not ref.past and _LEAVING.search(clause.low, 0, ref.start):
            return ref.day
    return None


NOT_LEAVING_UNTIL = gated(
    r"(?:^|\b(?:i|we)\s+)(?:don't|dont|do\s+not|won't|wont)\s+(?:fly\s+out|leave|head\s+out|depart|"
    r"fly|set\s+off)\s+(?:(?:for|to)\s+[a-z]+(?:\s+[a-z]+)?\s+)?(?:until|till|til)\s"
)
"""Not leaving until a day ("I don't fly out until Sunday", "we dont leave for Lima till
the 9th"): leaving on it, not back on it."""


def trip_dates(clause: Clause) -> tuple[date | None, date | None]:
    """Departure and return dates of a trip clause."""
    depart: date | None = None
    ret: date | None = None
    # "next week … Tuesday through Thursday": the days inside the week date the trip.
    days = any(ref.unit == "day" for ref in clause.times)
    late = NOT_LEAVING_UNTIL.search(clause.low)
    for ref in clause.times:
        if days and ref.unit in ("week", "month", "year"):
            continue
        if ref.past or ref.prep == "since" or ref.begun_span(clause.at.date()):
            continue  # "this week" or "this year" names no departure day
        if ref.unit == "year":
            # "a trip to japan next year": when, but no day to leave on; a month still
            # ahead starts on its first day ("flying to Lisbon next month").
            continue
        if depart is None and late is not None and ref.end > late.end():
            depart = ref.day
            continue
        # "out from Thursday, back on the 16th": "back" right before the day's "on"
        back_on = ref.prep == "on" and _BACK_ON.search(clause.low, 0, ref.start) is not None
        if (ref.prep in _RETURN_PREPS or back_on) and (depart is not None or ref.prep != "to"):
            ret = ret or ref.day
        elif depart is None:
            depart = ref.day
            span = clause.low[ref.start : ref.end]
            if ref.end_day is not None and ("weekend" in span or "-" in span):
                ret = ret or ref.end_day
    left = left_after_arriving(clause.low, clause.times)
    if left is not None and depart is not None and left > depart:
        return depart, left  # the day one leaves the place one arrived in is the way back
    told = _said_leaving(clause)
    if told is not None and depart is not None and leaves_first(depart.isoformat(), told):
        # "tahoe next weekend, leaving friday": the day they leave, said as such, wins
        # over the first day of a span the trip is named by.
        depart = told
    m = _FOR_DURATION.search(clause.low)
    if m and depart and ret is None:
        n_word, unit = m.group().split()[1:3]
        n = int(n_word) if n_word.isdigit() else NUMBER_WORDS[n_word]
        per = {"w": 7, "f": 14}.get(unit[0], 1)  # days and nights count one each
        ret = depart + timedelta(days=n * per)
    return depart, ret


def planned_trip(clause: Clause, place: Place) -> list[Candidate]:
    depart, ret = trip_dates(clause)
    if ret is not None:
        until = end_of_day(ret, clause.at)
    elif depart is not None:
        until = end_of_day(depart + timedelta(days=3), clause.at)
    else:
        until = end_of_day(clause.at.date() + timedelta(days=14), clause.at)
    conf = place_confidence(place)
    out = [
        Candidate("travel.destination", place.name, conf, "planning", until),
        Candidate("travel.status", "planning", conf, "planning", until),
    ]
    if depart is not None:
        out.append(Candidate("travel.depart_date", depart.isoformat(), conf, "planning", until))
    if ret is not None:
        out.append(Candidate("travel.return_date", ret.isoformat(), conf, "planning", until))
    return out


def trip_under_way(clause: Clause, place: Place) -> list[Candidate]:
    conf = place_confidence(place)
    out = [
        Candidate("travel.location", place.name, conf),
        Candidate("travel.status", "in_progress", conf),
    ]
    _, ret = trip_dates(clause)
    if ret is None and (back := GOING_BACK.search(clause.low)) is not None:
        # "currently in Cebu, going back to Manila on Sunday": the day after the way back.
        ahead = [t for t in clause.times if t.start > back.start() and not t.past]
        ret = ahead[0].day if ahead else None
    if ret is not None:
        out.append(Candidate("travel.return_date", ret.isoformat(), conf))
    return out
