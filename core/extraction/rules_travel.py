"""Travel fields: where the user is, where they are going, and the trip's state.

The rules keep the trip's story consistent: being somewhere sets both
``travel.location`` and ``travel.status=in_progress``; coming back from a place
completes the trip and never sets the place as the location; a trip that is off
or never happened is cancelled (an assertive fact, even when it was a plan).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from core.extraction import gazetteer
from core.extraction.clause import Candidate, Clause
from core.extraction.places import Place, place_at, place_before
from core.extraction.timeexpr import NUMBER_WORDS
from core.extraction.timewords import WEEKDAYS
from core.extraction.travel_changes import moved_to, still_weighed
from core.extraction.travel_objects import errand_after, is_habit, trip_negated

_COMPLETED = re.compile(
    r"\b(?:back|home)\s+from\b|\breturned\s+(?:home|back|from)\b|"
    r"\b(?:got|came|we're|i'm|are|am|flew|drove|made\s+it|just\s+got)\s+"
    r"(?:back\s+)?(?:home|back)\b|^(?:finally\s+|safely\s+|back\s+)*home\b(?!\s+(?:sick|with|"
    r"alone|today|all|for|by|on|in\s+time|soon|early|late))|\bhome\s+again\b|"
    # "the trip is over", "vacation's done", "our holiday ended": the trip itself ended.
    r"\b(?:trip|vacation|holiday|getaway)(?:'s|\s+(?:is|was|has\s+been|has|is\s+now|is\s+officially|"
    r"is\s+finally))?\s+(?:over|done|finished|ended|wrapped\s+up)\b(?!\s+(?:budget|the|by|in|on)\b)"
)
_SHORT_DAYS = "|".join(d for d in WEEKDAYS if not d.endswith("day"))
# Going home, not yet there: "heading home tomorrow", "we'll be back Sunday", "flying
# back from Maui on the 22nd". With a date it gives the return date, never a place.
_HOMEWARD = re.compile(
    r"\b(?:head|heads|heading|headed|fly|flies|flying|drive|drives|driving|go|going|come|comes|"
    r"coming|get|getting|be|return|returns|returning|leave\s+for|leaving\s+for|sail|sailing|"
    r"travel|traveling|travelling|make\s+it|making\s+it)\s+(?:back\s+)?(?:home|back)\b"
    r"(?!\s+to\s+(?!home\b)[a-z])|\b(?:return|returns|returning)\s+from\b|"
    # "our flight home is sunday at 3", "the flight back to Toronto is on Sunday"; "…, back sat"
    r"\bflights?\s+(?:home|back)\b|^(?:and\s+)?back\s+(?=(?:on|by)\s|[a-z]*day\b|"
    # a weekday cut short ("back thurs", "back tues"): the day-word list, not a pattern
    rf"(?:{_SHORT_DAYS})\b|tomorrow\b|"
    # a month and its day: "Currently: Tokyo, back Mar 20", "back April 2nd"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|"
    r"tonight\b|next\b|in\s+\d|\d)"
)
# After "back"/"home", the place one is back in: "back in Portland", "got back to Denver",
# "back home in Seattle" (never "back from Maui": that is where the trip was).
_BACK_IN = re.compile(r"\b(?:back|home)(?:\s+(?:home|again|safely|here))*,?\s+(?:in|to|at)\s+")
_SELF = frozenset(
    [
        "i",
        "we",
        "my",
        "our",
        "i'm",
        "we're",
        "i've",
        "we've",
        "are",
        "am",
        "have",
        "has",
        "just",
        "finally",
        "all",
        "both",
        "safely",
        "now",
        "so",
        "and",
        "home",
        "back",
        "again",
        "got",
        "get",
        "came",
        "come",
        "flew",
        "fly",
        "drove",
        "drive",
        "made",
        "it",
        "will",
        "'ll",
        "be",
        "we'll",
        "i'll",
        "gonna",
        "when",
        "once",
        "after",
        "as",
        "soon",
        "going",
        "to",
    ]
)
_WORD = re.compile(r"[a-z][a-z']*")
_PAST = re.compile(r"(?:got|came|flew|drove|made\s+it|just\s+got|returned)\b")
_STAY = re.compile(
    r"\bfor\s+(?:the|a|an|another|one|two|three|four|five|six|seven|ten|\d+|a\s+few|a\s+couple"
    r"(?:\s+of)?)\s+(?:more\s+)?(?:weekend|week|weeks|days?|nights?|holidays|summer|month)\b"
)
_CANCELLED = re.compile(
    r"\b(?:trip|vacation|holiday|getaway|travel\s+plans?)\s+(?:fell|has\s+fallen)\s+(?:apart|through)\b|"
    r"\b(?:trip|vacation|holiday|getaway|flight|travel\s+plans?)\b[^.;]*?\b(?:is|was|got|has\s+been|"
    r"are|were|'s)\s+(?:now\s+|officially\s+)?(?:off|cancell?ed|called\s+off|scrapped)\b|"
    r"\b(?:cancell?(?:ed|ing)|called\s+off|scrapped|scratch(?:ed)?|nix(?:ed)?)\s+(?:the|our|my)\s+"
    r"(?:[\w']+\s+){0,3}?(?:trip|vacation|holiday|getaway|travel)|"
    # "we cancelled the cabin weekend": a weekend named by where or what is a trip (not
    # "our plans this weekend").
    r"\b(?:cancell?ed|called\s+off|scrapped|scratch(?:ed)?|nix(?:ed)?|skip(?:ping|ped)?)\s+"
    r"(?:the|our|my)\s+(?!(?:this|next|last|whole|plans?)\b)[\w']+\s+weekend\b|\b(?:didn't|did\s+not|never)\s+(?:end(?:ed)?\s+up\s+)?"
    r"(?:go|going|went|make\s+it|made\s+it|get|got)\b|\b(?:not|aren't|isn't|won't|never)\s+"
    r"(?:be\s+)?(?:going|flying|driving|heading|traveling|travelling|visiting)\b|"
    r"\b(?:decided|chose)\s+not\s+to\s+go\b|"
    # "gonna skip the trip to austin", "we bailed on the vacation": a trip given up.
    r"\b(?:skip|skipping|skipped|bail(?:ing|ed)?\s+on|ditch(?:ing|ed)?)\s+(?:the|our|my|this)\s+"
    r"(?:[\w']+\s+){0,2}?(?:trip|vacation|holiday|getaway)\b"
)
_NOT_THERE = re.compile(r"\b(?:not|no\s+longer)\s+(?:in|at)\s+|\b(?:we|i)\s+(?:just\s+)?left\s+")
_PRESENT_AT = re.compile(
    # "finally in Tahoe", "safely in Lisbon": an arrival said without its verb.
    r"^(?:(?:finally|safely|already|now|still|currently|just|back|here)\s+)*(?:at|in)\s+|(?:^|'ve\s+|have\s+|has\s+)been\s+(?:in|at)\s+|"
    r"\bspending\s+[^,;.]{0,25}?\s(?:in|at)\s+|\b(?:to|finally|glad|happy)\s+be\s+(?:here\s+)?in\s+|"
    r"\b(?:i'm|i\s+am|we're|we\s+are|and\s+i\s+are|'ve\s+been|have\s+been|currently|still|"
    # "we stay in Hotel Adlon until Friday": a simple present with an end is a stay now.
    r"staying|stuck|hanging\s+out|chilling|(?:i|we)\s+stay(?=[^.;]*\b(?:until|till|til|thru|through)\b))"
    # "I am, for the moment, in Trieste": a short aside between commas, then where.
    r"(?:\s*,\s*[a-z]+(?:\s+[a-z]+){0,3}\s*,)?\s+(?:(?:still|currently|now|here|already|"
    # "currently sitting in an airport in atlanta": where the speaker sits is where they are.
    r"finally|safely|all|both|back|staying|stuck|sitting|waiting|stranded)\s+)*(?:in|at)\s+|"
    # "staying by my parents in Kerala" (German and Dutch "bei"): with someone, somewhere.
    r"\bstaying\s+(?:by|with)\s+(?=[^,;.]{0,30}?\bin\s+)"
)
_ARRIVED = re.compile(
    r"\b(?:arrived|landed|got|made\s+it|checked\s+in|checked\s+into|pulled\s+into|rolled\s+into|"
    r"touched\s+down)\s+(?:safely\s+|finally\s+|just\s+)?(?:into|to|in|at)?\s*"
)
_HERE = re.compile(
    r"\bhere\s+in\s+|\b(?:greetings|hello|hi|love)\s+from\s+(?:(?:sunny|rainy|snowy|beautiful|"
    r"lovely|gorgeous|freezing|windy|foggy|hot|cold|chilly|steamy)\s+)?|"
    # "I am writing from Nairobi", "currently working remotely from Mexico City": the
    # speaker does it where they are (not "coming from", which is where they left).
    r"\b(?:i'm|i\s+am|we're|we\s+are|currently|now)\s+(?:(?:currently|now|still)\s+)?"
    r"(?:writing|working|calling|texting|emailing|messaging|typing|posting|teaching|studying)"
    r"\s+(?:remotely\s+|today\s+|this\s+week\s+)?(?:from|out\s+of(?:\s+(?:our|the|my))?)\s+"
)
_HEADING = re.compile(
    r"\b(?:leaving|leave|leaves|heading|head|headed|flying|fly|flies|flight|flights|driving|"
    r"drive|going|go|traveling|travelling|travel|off|trip|road\s+trip|vacation|getaway|visit|"
    r"visiting|tickets?|cruise|train|way|be|are|fly\s+out)\s+(?:out\s+|back\s+|"
    r"down\s+|up\s+|over\s+)?(?:for|to|in|into)\s+"
    # "im taking the kids to my sisters in fresno": going, with the family along.
    r"|\btak(?:e|es|ing)\s+(?:the|my|our)\s+(?:kids|family|boys|girls|twins|son|daughter)\s+"
    r"(?:back\s+|down\s+|up\s+|out\s+|over\s+)?to\s+"
)
_STAY_AHEAD = re.compile(
    r"\b(?:will|'ll|gonna|going\s+to)\s+be\s+(?:staying\s+)?(?:at|with)\s+(?=[^,;.]{0,30}?\bin\s+)"
)
"""A stay ahead with someone: "we'll be at my in-laws in Phoenix from Thursday"."""
_VISIT = re.compile(
    r"\bvisit(?:ing)?\s+|\b(?:book|booked|reserve|reserved|rented|got)\s+(?:a|an|the|our)?\s*(?:cabin|hotel|"
    r"airbnb|room|rental|condo|house|place|villa)\s+(?:in|at)\s+"
)
_POSTPONED = re.compile(r"\b(?:postponed|pushed\s+back|delayed|rescheduled|up\s+in\s+the\s+air)\b")
_TRIP_NOUN = re.compile(r"\s+(?:trip|vacation|getaway|holiday)\b")
_ON_THE_WAY = re.compile(r"\bon\s+(?:our|my|the)\s+way\b|\bright\s+now\b|\ben\s+route\b")
_FOR_DURATION = re.compile(
    r"\bfor\s+(?:a|an|one|two|three|four|five|six|seven|ten|\d+)\s+(?:days?|nights?|weeks?)\b"
)
_INSIDE_IN = re.compile(r"[^,;.]{0,40}?\b(?P<prep>in|near|outside(?:\s+of)?)\s+")
_RETURN_PREPS = frozenset({"until", "till", "til", "through", "thru", "to", "back", "returning"})
# Travelling somewhere as a state, not a move: "currently travelling in Japan", "on
# vacation in Bali", "backpacking around Peru". Followed by "in"/"around"/"through", never
# "to" ("travelling to Paris" is a plan).
_TOURING = re.compile(
    r"\b(?:travell?ing|touring|backpacking|roadtripping|road\s+tripping)\s+(?:around|through|thru|"
    r"across|in)\s+(?:the\s+(?=[a-z]*\s*[A-Z]))?|(?:^|\b(?:i'm|i\s+am|we're|we\s+are|currently|"
    r"still|now|here)\s+)on\s+(?:(?:a|an|our|my|the)\s+)?(?:family\s+|little\s+|short\s+|long\s+|"
    r"annual\s+|quick\s+|two\s+week\s+)?(?:vacation|holiday|holidays|honeymoon|"
    r"(?:business\s+|work\s+|road\s+)?trip|getaway|break)\s+in\s+"
)
# "got" with no direction names what was got ("got food poisoning", "got a flat tire in
# Reno"), not an arrival ("got to Denver", "got in at midnight").
_GOT_THING = re.compile(
    r"got\s+(?:(?:safely|finally|just)\s+)*(?!(?:into|to|in|at|safely|finally|just)\b)"
)
_ON_TRIP = re.compile(
    r"\bon\s+(?:(?:a|an|our|my|the)\s+)?(?:[a-z]+\s+)?(?:vacation|holiday|holidays|honeymoon|"
    r"trip|getaway|break)\s+in\s+$"
)
# "visiting Kyoto right now": being there, not going there.
_NOW = re.compile(
    r"\b(?:right\s+now|at\s+the\s+moment|currently|as\s+we\s+speak|atm|rn|this\s+week)\b"
)
_AHEAD = re.compile(r"\b(?:will|'ll|gonna|going\s+to|next|soon|tomorrow|plan|planning)\b")


def _place_near(clause: Clause, pos: int) -> Place | None:
    """A place right at ``pos``, or after "in" a few words on ("the airport in Atlanta")."""
    place = place_at(clause.text, pos)
    if place is not None:
        return place
    m = _INSIDE_IN.match(clause.low, pos)
    if m is None:
        return None
    # "a cabin near bend": near a common noun English says "near the bend", so a bare
    # word there that names a town is the town.
    return place_at(clause.text, m.end(), bare=m.group("prep") != "in")


def _conf(place: Place) -> float:
    return 1.0 if place.known else 0.85


def _end_of(day: date, at: datetime) -> datetime:
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=at.tzinfo)


def _dates(clause: Clause) -> tuple[date | None, date | None]:
    """Departure and return dates of a trip clause."""
    depart: date | None = None
    ret: date | None = None
    # "next week … Tuesday through Thursday": the days inside the week date the trip.
    days = any(ref.unit == "day" for ref in clause.times)
    for ref in clause.times:
        if days and ref.unit in ("week", "month", "year"):
            continue
        if ref.past or ref.prep == "since" or ref.begun_span(clause.at.date()):
            continue  # "this week" or "this year" names no departure day
        if ref.prep in _RETURN_PREPS and (depart is not None or ref.prep != "to"):
            ret = ret or ref.day
        elif depart is None:
            depart = ref.day
            span = clause.low[ref.start : ref.end]
            if ref.end_day is not None and ("weekend" in span or "-" in span):
                ret = ret or ref.end_day
    m = _FOR_DURATION.search(clause.low)
    if m and depart and ret is None:
        n_word, unit = m.group().split()[1:3]
        n = int(n_word) if n_word.isdigit() else NUMBER_WORDS[n_word]
        ret = depart + timedelta(days=n * (7 if unit.startswith("week") else 1))
    return depart, ret


def _plan(clause: Clause, place: Place) -> list[Candidate]:
    depart, ret = _dates(clause)
    if ret is not None:
        until = _end_of(ret, clause.at)
    elif depart is not None:
        until = _end_of(depart + timedelta(days=3), clause.at)
    else:
        until = _end_of(clause.at.date() + timedelta(days=14), clause.at)
    conf = _conf(place)
    out = [
        Candidate("travel.destination", place.name, conf, "planning", until),
        Candidate("travel.status", "planning", conf, "planning", until),
    ]
    if depart is not None:
        out.append(Candidate("travel.depart_date", depart.isoformat(), conf, "planning", until))
    if ret is not None:
        out.append(Candidate("travel.return_date", ret.isoformat(), conf, "planning", until))
    return out


def _present(clause: Clause, place: Place) -> list[Candidate]:
    conf = _conf(place)
    out = [
        Candidate("travel.location", place.name, conf),
        Candidate("travel.status", "in_progress", conf),
    ]
    _, ret = _dates(clause)
    if ret is not None:
        out.append(Candidate("travel.return_date", ret.isoformat(), conf))
    return out


def _own(clause: Clause, end: int) -> bool:
    """Whether the words before ``end`` leave the user as the subject ("we're back",
    "back in", "tomorrow we head home"), not someone else ("Dad is coming home")."""
    spans = [(t.start, t.end) for t in clause.times]
    return all(
        w.group() in _SELF
        or w.group().endswith(("ed", "ing"))
        or any(a <= w.start() < b for a, b in spans)
        for w in _WORD.finditer(clause.low, 0, end)
    )


def _back(clause: Clause, done: re.Match[str]) -> list[Candidate]:
    """The trip is over. "back in Portland" and "landed in Portland, trip's over" also
    say where the user is now, unless they are back somewhere for a while ("back in
    Tahoe for the weekend" is a trip); "back from Maui" names where the trip was."""
    low = clause.low
    place = None
    for rx in (_BACK_IN, _ARRIVED):
        m = rx.search(low)
        if m is not None and _own(clause, min(m.start(), done.start())):
            place = place_at(clause.text, m.end())
            if place is not None:
                break
    if place is None:
        return [Candidate("travel.status", "completed", 0.95, "assertive")]
    _, ret = _dates(clause)
    if _STAY.search(low) or ret is not None:
        return _present(clause, place)
    conf = _conf(place)
    return [
        Candidate("travel.status", "completed", 0.95, "assertive"),
        Candidate("travel.location", place.name, conf, "assertive"),
    ]


def _return_plan(clause: Clause) -> list[Candidate]:
    """The day the user comes home, when the clause gives one."""
    day = next((t.day for t in clause.times if not t.past and t.prep != "since"), None)
    if day is None or day < clause.at.date():
        return []
    until = _end_of(day, clause.at)
    return [Candidate("travel.return_date", day.isoformat(), 0.9, None, until)]


_RETURN_GATE = frozenset(
    [
        "home",
        "back",
        "return",
        "returns",
        "returning",
        "returned",
        "trip",
        "trip's",
        "vacation",
        "vacation's",
        "holiday",
        "holiday's",
        "getaway",
    ]
)
_CAPITAL = re.compile(r"(?<=\S)\s+[A-Z]|^[A-Z](?!'|\s)")
_GATE = frozenset(
    [
        "trip",
        "trip's",
        "vacation's",
        "holiday's",
        "vacation",
        "holiday",
        "getaway",
        "flight",
        "away",
        "travel",
        "travels",
        "back",
        "home",
        "didn't",
        "never",
        "not",
        "won't",
        "aren't",
        "isn't",
        "left",
        "arrived",
        "landed",
        "cancelled",
        "canceled",
        "scrapped",
        "called",
    ]
)


_SELF_AWAY = re.compile(
    r"(?:^|\b(?:i'm|im|i\s+am|we're|we\s+are|were|i'll\s+be|we'll\s+be|(?:i|we)\s+will\s+be|"
    r"(?:gonna|going\s+to)\s+be))\s+(?:(?:still|currently|all|both|also|out\s+of\s+town\s+and)\s+)*"
    r"away\b(?!\s+(?:from|with\s+(?:it|that))\b)"
)
"""The speaker away from home ("we're away skiing til sunday", "gonna be away tues-thurs
next week for work", "away til Monday"): a trip under way or planned, its place unsaid.
"away from my desk" is no trip."""


def _away(clause: Clause) -> list[Candidate]:
    """A trip with no place named: its status, and its days when the clause gives them."""
    m = _SELF_AWAY.search(clause.low)
    if clause.intent not in ("assertive", "planning") or m is None:
        return []
    place = _place_near(clause, m.end())
    if place is not None:  # "we're away in Denver til Friday"
        return _plan(clause, place) if clause.intent == "planning" else _present(clause, place)
    depart, ret = _dates(clause)
    if clause.intent == "planning":
        out = [Candidate("travel.status", "planning", 0.85, "planning")]
        if depart is not None:
            out.append(Candidate("travel.depart_date", depart.isoformat(), 0.85, "planning"))
        if ret is not None:
            out.append(Candidate("travel.return_date", ret.isoformat(), 0.85, "planning"))
        return out
    out = [Candidate("travel.status", "in_progress", 0.85)]
    if ret is not None:
        out.append(Candidate("travel.return_date", ret.isoformat(), 0.85))
    return out


_CALLED_OFF = re.compile(
    r"\b(?:(?:the\s+)?whole\s+thing|it|everything|we|i|they)\s+(?:all\s+)?(?:got\s+|was\s+|were\s+|"
    r"has\s+been\s+|had\s+to\s+)?(?:cancell?ed|called\s+off|scrapped)(?:\s+it)?"
    r"(?=\s*(?:$|[,.;!]|because|bc|cuz|due|so|and|but|last|this|yesterday|today))"
    # "we were gonna drive to yosemite ... so now we're not": the plan, negated by ellipsis.
    r"|\b(?:we're|we\s+are|i'm|i\s+am)\s+not(?:\s+(?:going|anymore|any\s+more))*\s*[.!]*$"
)
_UNREALISED_TRIP = re.compile(
    r"\b(?:supposed\s+to|going\s+to|gonna|planned\s+to|planning\s+to|meant\s+to)\s+"
    r"(?:go|fly|drive|travel|visit|head)\b"
)
"""A cancellation that names no trip refers back to one: "we were supposed to go to
Mexico but the whole thing got called off", "... so we cancelled"."""


def _cancelled(clause: Clause) -> re.Match[str] | None:
    for m in _CANCELLED.finditer(clause.low):
        trip = re.search(r"trip|vacation|holiday|getaway|flight|travel|weekend", m.group())
        if trip or re.search(r"decided|chose", m.group()) or trip_negated(clause, m):
            return m
    off = _CALLED_OFF.search(clause.low)
    before = clause.message[: max(clause.start_in_message, 0)].lower()
    if off is not None and _UNREALISED_TRIP.search(before):
        return off
    return None


def extract_travel(clause: Clause) -> list[Candidate]:
    """Travel candidates in one clause."""
    low = clause.low
    if (
        clause.words.isdisjoint(_GATE)
        and not any(gazetteer.starts_a_name(w) for w in clause.words)
        and _CAPITAL.search(clause.text) is None
        and _CALLED_OFF.search(low) is None
    ):
        return []  # no place, no trip word: nothing to find
    if is_habit(low):
        return []
    m = _cancelled(clause)
    if m:
        # A cancelled flight may just mean rebooking: ask rather than end the trip.
        only_flight = "flight" in m.group() and "trip" not in low
        # "prob gonna skip the trip to austin": a cancellation still being weighed is not
        # one made; "we're not going" or "we cancelled" is.
        weighed = still_weighed(clause)
        return [
            Candidate(
                "travel.status",
                "cancelled",
                0.6 if only_flight else 0.9,
                "hypothetical" if weighed else "assertive",
            )
        ]
    moved = moved_to(clause)
    if moved:
        return moved
    homeward = done = None
    states: tuple[re.Pattern[str], ...] = (_PRESENT_AT, _ARRIVED, _HERE)
    if not clause.words.isdisjoint(_RETURN_GATE):
        homeward = _HOMEWARD.search(low)
        done = _COMPLETED.search(low)
    going = homeward or done
    if going is not None and errand_after(low, going.end()):
        return []  # "got back from the grocery store", "home from work"
    if going is not None:
        # Only the user's own coming home counts; "we leave for Cancun on 3/21 and come
        # back 3/28" is a trip plan, read below.
        own = _own(clause, going.start())
        if clause.intent == "planning" and not (done and _PAST.match(done[0])):
            if own:
                return _return_plan(clause)  # "we'll be back from Maui Sunday": not yet
            states = ()  # "we'll unpack when we're back in Portland" plans no trip there
        elif done is not None:
            return _back(clause, done)
        elif own:
            return _return_plan(clause)
    m = _NOT_THERE.search(low)
    if m:
        place = place_at(clause.text, m.end())
        if place is not None:
            return [Candidate("travel.location", None, _conf(place), "retract")]
    m = _TOURING.search(low) if states else None
    place = _place_near(clause, m.end()) if m else None
    if place is not None and clause.intent != "historical":
        if clause.intent == "planning" and _AHEAD.search(low):
            return _plan(clause, place)
        return [
            Candidate(c.field, c.value, c.confidence, "assertive") for c in _present(clause, place)
        ]
    planning = clause.intent == "planning"
    for rx in states:
        m = rx.search(low)
        if m is None:
            continue
        if rx is _ARRIVED and _GOT_THING.match(low, m.start()):
            continue  # "got food poisoning on vacation in Cancun": got a thing, not there
        place = _place_near(clause, m.end())
        if place is not None:
            if clause.intent == "historical":
                return [Candidate("travel.location", place.name, _conf(place))]
            return _plan(clause, place) if planning else _present(clause, place)
    place = None
    for m in (*_HEADING.finditer(low), *_VISIT.finditer(low), *_STAY_AHEAD.finditer(low)):
        if not planning and _ON_TRIP.search(low, 0, m.end()):
            # "on vacation in Cancun" says where, not whither: a stay, which only the
            # present tells (``_TOURING``); under "got sick" or "met" it is a story.
            continue
        # "heading to the airport for our flight to Denver": the first "to" is no place.
        place = _place_near(clause, m.end())
        if place is not None:
            break
    if place is None:
        m = _TRIP_NOUN.search(low)
        place = place_before(clause.text, m.start()) if m else None
    if place is None:
        return _away(clause)
    if clause.intent == "historical":
        return [Candidate("travel.destination", place.name, _conf(place))]
    if _POSTPONED.search(low):
        # Still planned, but when is unknown: worth asking about, not committing.
        return [
            Candidate(c.field, c.value, c.confidence * 0.6, c.intent, c.valid_until)
            for c in _plan(clause, place)
            if not c.field.endswith("_date")
        ]
    if _NOW.search(low) and _VISIT.search(low) and not _AHEAD.search(low):
        # "we're visiting Kyoto right now", "visiting my parents in phoenix rn": a stay now,
        # whatever a progressive verb made the clause look like.
        return [
            Candidate(c.field, c.value, c.confidence, "assertive") for c in _present(clause, place)
        ]
    if planning or clause.intent == "hypothetical" or not _ON_THE_WAY.search(low):
        return _plan(clause, place)
    conf = _conf(place) * 0.8
    return [
        Candidate("travel.destination", place.name, conf),
        Candidate("travel.status", "in_progress", conf),
    ]


_SETTING_OUT = re.compile(
    r"\b(?:leave|leaving|leaves|depart|departing|set(?:ting)?\s+off|head(?:ing)?\s+out|"
    r"fly(?:ing)?\s+out|take\s+off|taking\s+off|hit(?:ting)?\s+the\s+road)\b"
)
"""Setting out with no place: "we're gonna leave Friday morning", "heading out Sunday"."""


def departure_day(clause: Clause) -> date | None:
    """The day a planned clause sets out on, when it names no place ("we're gonna leave
    Friday morning and drive down to San Diego": the place is in the next clause)."""
    if clause.intent != "planning":
        return None
    m = _SETTING_OUT.search(clause.low)
    if m is None:
        return None
    days = [t.day for t in clause.times if t.start >= m.end() and not t.past]
    return days[0] if days and days[0] >= clause.at.date() else None


def lend_departure(found: list[Candidate], day: date) -> list[Candidate]:
    """``found`` with the day the previous clause set out on as the departure of the trip
    this clause plans, when it gives none of its own."""
    dest = next(
        (c for c in found if c.field == "travel.destination" and c.intent == "planning"), None
    )
    if dest is None or any(c.field == "travel.depart_date" for c in found):
        return found
    lent = Candidate(
        "travel.depart_date", day.isoformat(), dest.confidence, "planning", dest.valid_until
    )
    return [*found, lent]


_BACK_AT_WORK = re.compile(
    r"\bback\s+(?:in\s+(?:the|my)\s+office|at\s+(?:work|my\s+desk|the\s+office)|to\s+work|"
    r"in\s+the\s+office)\b"
)


def back_at_work_day(clause: Clause) -> date | None:
    """The day the speaker is back at work, said after being away on a trip ("I am in
    Berlin for meetings and will be back in the office on Thursday"): the trip's end."""
    m = _BACK_AT_WORK.search(clause.low)
    if m is None or clause.intent not in ("planning", "assertive"):
        return None
    days = [t.day for t in clause.times if not t.past and t.day > clause.at.date()]
    return days[0] if days else None
