"""Travel fields: where the user is, where they are going, and the trip's state.

The rules keep the trip's story consistent: being somewhere sets both
``travel.location`` and ``travel.status=in_progress``; coming back from a place
completes the trip and never sets the place as the location; a trip that is off
or never happened is cancelled (an assertive fact, even when it was a plan).

This module holds the rule that reads a clause for travel (``extract_travel``) and the words
of going somewhere; the parts of a trip are their own modules: ``travel_trips`` (a trip as
candidates and its days), ``travel_presence`` (where the user is), ``travel_returns``
(coming home), ``travel_cancellations``, ``travel_away`` and ``travel_departures``.
"""

from __future__ import annotations

import re

from core.extraction import gazetteer
from core.extraction.clause import Candidate, Clause
from core.extraction.places import place_at, place_before, place_there
from core.extraction.travel_away import away_from_home
from core.extraction.travel_cancellations import CALLED_OFF, cancellation
from core.extraction.travel_changes import moved_to, still_weighed
from core.extraction.travel_gate import TRAVEL_GATE
from core.extraction.travel_objects import (
    NOT_A_SCHOOL_TRIP,
    awaited,
    cannot_go,
    errand_after,
    is_habit,
)
from core.extraction.travel_presence import (
    ARRIVED,
    BARE_ARRIVAL,
    GOT_THING,
    HERE,
    NOT_THERE,
    PRESENT_AT,
    TOURING,
)
from core.extraction.travel_returns import (
    COMPLETED,
    HOMEWARD,
    PAST,
    RETURN_GATE,
    TRIP_ENDED,
    back_from_trip,
    homeward_now,
    return_plan,
    user_is_subject,
)
from core.extraction.travel_scenes import holiday_ahead, visiting_till, woke_there
from core.extraction.travel_trips import place_confidence, place_near, planned_trip, trip_under_way

_HEADING = re.compile(
    r"\b(?:leaving|leave|leaves|heading|head|headed|flying|fly|flies|flight|flights|driving|"
    r"drive|going|go|traveling|travelling|travel|off|red-?eye|"
    + NOT_A_SCHOOL_TRIP
    + r"trip|road\s+trip|vacation|getaway|visit|"
    r"visiting|tickets?|cruise|train|bus|ferry|way|be|are|fly\s+out|"
    # "take the eurostar to paris", "proceeding to Lagos", "bound for Chicago"
    r"eurostar|amtrak|coach|shuttle|red[\s-]?eye|greyhound|megabus|proceed|proceeding|bound|"
    # "we depart for Cairo", "about to board for Doha"
    r"depart|departing|(?<!the\s)board|"
    # "omw to portland", "en route to Marrakech", "boarding now for Lagos", "wheels up to
    # Austin": on the way, in the words a phone or a pilot uses.
    r"omw|otw|en\s*route|boarding|wheels\s+up|"
    # "doing a border run to Penang next week": out of the country and back, for the visa.
    r"(?:border|visa)\s+run)\s+(?:out\s+|back\s+|"
    r"down\s+|up\s+|over\s+)?"
    # "we leave friday for tahoe": the day between the going and the place.
    r"(?:(?:(?:a\s+week\s+|a\s+fortnight\s+)?on\s+)?(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?|"
    r"tomorrow|tmrw|tmr|tonight|(?:this|next)\s+week(?:end)?|first\s+thing|now|rn|right\s+now)"
    r"(?:\s+(?:morning|afternoon|evening|night|nite|am|pm))?\s+|in\s+the\s+morning\s+)?"
    r"(?:for|to|in|into)\s+"
    # "I will be reaching Delhi by 6", "arriving in Lagos tomorrow": getting there.
    r"|\b(?:reaching|will\s+reach|'ll\s+reach)\s+(?!out\b|home\b|back\b)"
    # "We are arriving Munich on Friday" (German, Spanish and Indian English leave out
    # "in"): the place must still be one the gazetteer knows.
    r"|\b(?:arriving|landing)\s+(?:(?:in|at|into)\s+)?"
    # "we land in Lisbon at 6:40 Thursday", "I arrive in Rome on the 12th": an arrival ahead.
    r"|\b(?:we|i|will|'ll|shall)\s+(?:land|arrive|get\s+in|get\s+into(?=\s+(?!(?:trouble|it|this|"
    r"that|bed|shape|gear|character|a|an|the|my|your|his|her|their|our|uni|college|school)\b)))\s+"
    # "I arrive tomorrow to Frankfurt": the day between, the learner's "to".
    r"(?:(?:tomorrow|tonight|today|on\s+\w+day|\w+day)\s+)?(?:(?:to|in|at|into)\s+)?"
    # "Flying SFO to Boston on Thursday": a route from an airport's code to the place.
    r"|\b(?:flying|fly|flight)\s+[a-z]{3}\s*(?:to|->|→|–|-)\s*"
    # "flying Lagos to London", "Lisbon → Porto tomorrow": a leg from one place to the next.
    r"|\b(?:flying|fly|flight|driving|train)\s+(?!home\b|back\b|out\b|in\b|up\b|down\b|over\b|"
    r"off\b)[a-z]+(?:\s+[a-z]+)?\s+to\s+|\s(?:→|->)\s*"
    # "next stop Hanoi on Saturday", "trip: Lisbon", "on the M4 to Cardiff"
    r"|\bnext\s+(?:stop|up)[:,]?\s+|^trip\s*:\s*|\bon\s+the\s+(?:[a-z]\d+|i-?\d+|motorway|highway|"
    r"freeway|interstate|turnpike)\s+(?:to|towards)\s+"
    # "Im going kumasi on friday" (West African English leaves out "to"), "now we're doing
    # Edinburgh on the 14th": a known place straight after the going.
    r"|\b(?:i'm|im|i\s+am|we're|we\s+are)\s+(?:now\s+)?(?:going|doing)\s+(?!to\b)"
    # "im taking the kids to my sisters in fresno": going, with the family along.
    r"|\btak(?:e|es|ing)\s+(?:the|my|our)\s+(?:kids|family|boys|girls|twins|son|daughter)\s+"
    r"(?:back\s+|down\s+|up\s+|out\s+|over\s+)?to\s+"
    # "my train gets into York at 6:40", "our flight lands in Lagos at 5": an arrival ahead.
    r"|\b(?:my|our|the)\s+(?:train|flight|plane|bus|coach|ferry)\s+(?:gets\s+in|gets|lands|arrives|"
    r"pulls\s+in|docks)\s+(?:in\s+)?(?:into|in|at|to)\s+"
    # "Flights booked to Cape Town for the 20th", "tickets are booked to Lima"
    r"|\b(?:flights?|tickets?|trains?|seats?|ferry|coach|bus)\s+(?:are\s+|is\s+|all\s+|now\s+)?"
    r"(?:booked|sorted|confirmed)\s+(?:to|for)\s+"
    # "they rebooked us on the Thursday flight to Denver": put on another flight there.
    r"|\b(?:re)?book(?:ed)?\s+(?:me|us)\s+(?:on|onto)\s+(?:the|a|an)\s+(?:[\w']+\s+){0,3}?"
    r"(?:flight|train|bus|ferry|red[\s-]?eye)\s+(?:to|into)\s+"
    # "Rebooked on the 7am tomorrow to Chicago", "got rebooked onto the 6:15 to Leeds": the
    # flight or train by its time alone.
    r"|\brebooked\s+(?:on|onto)\s+(?:the|a|an)\s+(?:[\w':.]+\s+){1,3}?(?:to|into)\s+"
    # "Leaving Kyoto tomorrow for Hiroshima": the place left, then the day, then whither.
    r"|\bleaving\s+[a-z]+(?:\s+[a-z]+)?\s+(?:(?:tomorrow|tonight|today|on\s+\w+day|\w+day|"
    r"this\s+\w+|next\s+\w+)\s+)?for\s+"
    # "booked the sleeper to Inverness", "catching the 7:10 to Brighton": a train by its
    # kind or its time.
    r"|\b(?:sleeper|night\s+train|overnight\s+train)\s+(?:train\s+)?to\s+"
    r"|\b(?:catch(?:ing)?|take|taking|get(?:ting)?|on)\s+the\s+\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?\s+"
    r"(?:train\s+|bus\s+|flight\s+|ferry\s+|coach\s+)?(?:to|for)\s+"
    # "visa run to Kuala Lumpur on friday", "going to native place Madurai": a trip's own words.
    r"|\bvisa\s+run\s+(?:to\s+)?|\bnative\s+(?:place|village|town)\s+(?:of\s+|in\s+)?"
    # "in a cab to the hotel in Seoul": on the way there.
    r"|\bin\s+(?:a|an|the|my|our)\s+(?:cab|taxi|uber|lyft|grab|shuttle)\s+(?:to|towards)\s+"
    # "work is sending me to denver", "they're flying us out to austin": sent on a trip.
    r"|\b(?:send(?:s|ing)?|fly(?:ing)?)\s+(?:me|us)\s+"
    r"(?:back\s+|down\s+|up\s+|out\s+|over\s+|off\s+)?to\s+"
)
_STAY_AHEAD = re.compile(
    # "I'll be on site with the client in Munich next week": at work somewhere ahead.
    r"\b(?:will|'ll|gonna|going\s+to)\s+be\s+(?:staying\s+|on\s*site\s+|working\s+)?(?:at|with)\s+"
    r"(?=[^,;.]{0,30}?\bin\s+)"
)
"""A stay ahead with someone: "we'll be at my in-laws in Phoenix from Thursday"."""
_VISIT = re.compile(
    r"\bvisit(?:ing)?\s+|\b(?:book|booked|reserve|reserved|rented|got)\s+(?:a|an|the|our)?\s*(?:cabin|hotel|"
    r"airbnb|room|rental|condo|house|place|villa)\s+(?:in|at)\s+|"
    # "we've booked a week in Portugal for June", "booked two nights in Lisbon": a stay there.
    r"\b(?:book|booked|reserve|reserved)\s+(?:a|an|one|two|three|four|five|six|seven|ten|a\s+few|"
    r"\d+)\s+(?:(?:long|whole)\s+)?(?:nights?|days?|weeks?|weekend)\s+(?:in|at)\s+|"
    # "we have a cabin booked in Tahoe", "our hotel's booked in Chicago for the 10th" (not "the
    # hotel is booked in Chicago": full)
    r"(?:\b(?:have|has|got)\s+(?:a|an|the|our|my)|\b(?:our|my))\s+(?:cabin|hotel|airbnb|room|"
    r"rental|condo|villa)(?:'s|\s+is|\s+are)?\s+(?:all\s+)?(?:booked|reserved)\s+(?:in|at)\s+|"
    # An itinerary's stay: "Hotel in Austin, check in 3/20", "Hotel: Marriott downtown Austin".
    r"^(?:hotel|airbnb|cabin|rental|lodging|accommodation|stay)\s*(?::\s*(?:[\w&'-]+\s+){0,3}?"
    r"(?:downtown|in|near)\s+|\s+(?:in|near)\s+)"
)
_LANDING_AHEAD = re.compile(
    r"\b(?:till|til|until|when|as\s+soon\s+as)\s+(?:i|we)\s+(?:land|arrive|get)\s+(?:in|at|to)\s+"
)
"""Where the speaker lands, said of what waits till then: "offline till I land in Boston"."""
_ANOTHER_IS = re.compile(
    r"\b(?!(?:i|we|u|you|im|were|i'm|we're|let's|lets|that's|it's|here's|there's)\b)[a-z]+"
    r"(?:'s|\s+is|\s+are|\s+was)\s+(?:(?:finally|just|now|safely|also|already)\s+)*$"
)
"""Someone else as the subject right before "back from" ("tom's back from vegas")."""
_POSTPONED = re.compile(r"\b(?:postponed|pushed\s+back|delayed|rescheduled|up\s+in\s+the\s+air)\b")
_MOVED_TO_DAY = re.compile(
    r"\b(?:postponed|pushed\s+back|delayed|rescheduled)\s+(?:[\w']+\s+){0,4}?(?:to|for|till|until)\s+"
    r"(?:(?:the|this|next)\s+)?(?:\d|mon|tue|wed|thu|fri|sat|sun|tomorrow|tmrw)"
)
"""Put off to a day that is named ("rescheduled for Friday 7am"): the new day is known."""
_BEFORE_PLACE = re.compile(r"\b(?:before|until|till|til)\s+(?:we\s+(?:go\s+to|leave\s+for)\s+)?")
_TRIP_NOUN = re.compile(r"\s+(?:trip|vacation|getaway|holiday|flight|flights)\b|(?:\s+|-)bound\b")
_FROM_THE_TRIP = re.compile(
    r"\b(?:from|of|after)\s+(?:the|my|our|that|this|last)\s+(?:[\w.'-]+\s+){0,2}[\w.'-]+$"
)
"""What a trip left behind ("expenses from the boston trip", "photos of our lisbon
vacation", "still tired after the denver trip"): the trip is over, none is planned."""
_ON_THE_WAY = re.compile(
    r"\bon\s+(?:our|my|the)\s+way\b|\bright\s+now\b|\ben\s*route\b|\b(?:omw|otw|boarding|wheels\s+up)\b|"
    r"\bin\s+(?:a|an|the|my|our)\s+(?:cab|taxi|uber|lyft|grab|shuttle)\b|"
    # "heading to tahoe now", "leaving rn for tahoe" (not "now that it snowed")
    r"\b(?:now|rn)\b(?=\s*(?:[!.,]|$|for\b|to\b))"
)
_STUCK_THERE = re.compile(r"\b(?:stuck|stranded)\s+(?:here\s+)?(?:in|at)\s+")
_MOVING_NOW = re.compile(
    r"\b(?:currently|as\s+we\s+speak|right\s+now|rn|atm|at\s+the\s+moment)\b|"
    r"^somewhere\s+(?:on|over|near|outside|along)\b"
)
"""A going said to be under way now ("driving to Austin as we speak")."""
_ON_TRIP = re.compile(
    r"\bon\s+(?:(?:a|an|our|my|the)\s+)?(?:[a-z]+\s+)?(?:vacation|holiday|holidays|honeymoon|"
    r"trip|getaway|break)\s+in\s+$"
)
# "visiting Kyoto right now": being there, not going there.
_NOW = re.compile(
    r"\b(?:right\s+now|at\s+the\s+moment|currently|as\s+we\s+speak|atm|rn|this\s+week)\b"
)
_NOW_HERE = re.compile(
    r"\b(?:right\s+now|at\s+the\s+moment|currently|as\s+we\s+speak|atm|rn|now(?!\s+that)|still)\b"
)
"""``_NOW`` without "this week" (a stay that may lie ahead) and with a bare "now"."""


_WAY_HOME_OFF = re.compile(
    r"\b(?:flight|train|bus|ride|ferry|trip|drive)\s+(?:home|back)\b|"
    r"\breturn\s+(?:flight|train|trip|leg)\b"
)
"""The way home called off ("flight home got cancelled"): the trip goes on, its end is
not known; the trip itself is not cancelled."""


def _said_now(low: str, start: int, end: int) -> bool:
    """Whether the words from the comma before ``start`` to the comma after ``end`` say
    now ("currently in truckee", "in reno now"), whatever day the rest of the clause has."""
    left = low.rfind(",", 0, start) + 1
    right = low.find(",", end)
    return _NOW_HERE.search(low, left, right if right >= 0 else len(low)) is not None


_AHEAD = re.compile(r"\b(?:will|'ll|gonna|going\s+to|next|soon|tomorrow|plan|planning)\b")


_CAPITAL = re.compile(r"(?<=\S)\s+[A-Z]|^[A-Z](?!'|\s)")


_A_STOP = re.compile(r"\b(?:layover|stopover)\b")


def extract_travel(clause: Clause) -> list[Candidate]:
    """Travel candidates in one clause."""
    low = clause.low
    if (
        clause.words.isdisjoint(TRAVEL_GATE)
        and not any(gazetteer.starts_a_name(w) for w in clause.words)
        and _CAPITAL.search(clause.text) is None
        and CALLED_OFF.search(low) is None
    ):
        return []  # no place, no trip word: nothing to find
    if is_habit(low):
        return []
    m = cancellation(clause)
    if m and _WAY_HOME_OFF.search(clause.low):
        return moved_to(clause)  # "flight home got cancelled, stuck here till sunday"
    if m:
        # A cancelled flight may just mean rebooking: ask rather than end the trip.
        only_flight = "flight" in m.group() and "trip" not in low
        # "prob gonna skip the trip to austin": a cancellation still being weighed is not
        # one made; "we're not going" or "we cancelled" is.
        weighed = still_weighed(clause)
        stuck = _STUCK_THERE.search(low) if only_flight else None
        place = place_near(clause, stuck.end()) if stuck else None
        if place is not None and not weighed:
            # "flight cancelled, stuck in Frankfurt overnight": where the cancelled flight
            # left the traveller.
            return trip_under_way(clause, place)
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
    if cannot_go(low):
        return []  # "I can't go to Austin next week": a going that will not happen
    scene = woke_there(clause) or holiday_ahead(clause)
    if scene:
        return scene
    homeward = done = None
    states: tuple[re.Pattern[str], ...] = (PRESENT_AT, ARRIVED, HERE)
    if not clause.words.isdisjoint(RETURN_GATE):
        homeward = HOMEWARD.search(low)
        done = COMPLETED.search(low)
    going = homeward or done
    if going is not None and (errand_after(low, going.end()) or awaited(low, going.start())):
        return []  # "got back from the grocery store", "home from work", "till we're home"
    if going is not None:
        # Only the user's own coming home counts; "we leave for Cancun on 3/21 and come
        # back 3/28" is a trip plan, read below.
        own = user_is_subject(clause, going.start())
        if (
            clause.intent == "planning"
            and done is not None
            and homeward is None
            and TRIP_ENDED.match(done[0])
        ):
            # "trip's over, back to reality tomorrow": the trip ended, whatever comes next.
            return [Candidate("travel.status", "completed", 0.95, "assertive")]
        if clause.intent == "planning" and not (done and PAST.match(done[0])):
            if own:
                return return_plan(clause)  # "we'll be back from Maui Sunday": not yet
            states = ()  # "we'll unpack when we're back in Portland" plans no trip there
        elif done is not None:
            if PAST.match(done[0]) and not _own_return(low, done.start()):
                return []  # "mom's test results came back fine": not the user coming home
            if _ANOTHER_IS.search(low, 0, done.start()):
                return []  # "tom's back from vegas": someone else came back
            on_the_way = homeward_now(clause, done)
            return on_the_way if on_the_way is not None else back_from_trip(clause, done)
        elif own:
            return return_plan(clause)
    m = NOT_THERE.search(low)
    if m:
        place = place_at(clause.text, m.end())
        if place is not None:
            return [Candidate("travel.location", None, place_confidence(place), "retract")]
    m = TOURING.search(low) if states else None
    place = place_near(clause, m.end()) if m else None
    if m is not None and place is not None and clause.intent != "historical":
        if (
            clause.intent == "planning"
            and _AHEAD.search(low)
            and not _said_now(low, m.start(), place.end)  # "driving through Utah right now"
        ):
            return planned_trip(clause, place)
        return [
            Candidate(c.field, c.value, c.confidence, "assertive")
            for c in trip_under_way(clause, place)
        ]
    planning = clause.intent == "planning"
    for rx in states:
        m = rx.search(low)
        if m is None:
            continue
        if rx is ARRIVED and GOT_THING.match(low, m.start()):
            continue  # "got food poisoning on vacation in Cancun": got a thing, not there
        place = place_near(clause, m.end())
        if place is None and _A_STOP.search(m.group()):
            # "on a layover in charlotte": only a place can follow, so a town spelled like a
            # first name is the town.
            place = place_at(clause.text, m.end(), bare=True)
        if place is not None:
            if clause.intent == "historical":
                return [Candidate("travel.location", place.name, place_confidence(place))]
            if planning and _said_now(low, m.start(), place.end):
                # "currently in truckee, tahoe tomorrow": the day is the next leg's.
                return [
                    Candidate(c.field, c.value, c.confidence, "assertive")
                    for c in trip_under_way(clause, place)
                ]
            return planned_trip(clause, place) if planning else trip_under_way(clause, place)
    place = None
    for m in (
        *_HEADING.finditer(low),
        *_VISIT.finditer(low),
        *_STAY_AHEAD.finditer(low),
        *_LANDING_AHEAD.finditer(low),
    ):
        if not planning and _ON_TRIP.search(low, 0, m.end()):
            # "on vacation in Cancun" says where, not whither: a stay, which only the
            # present tells (``TOURING``); under "got sick" or "met" it is a story.
            continue
        # "heading to the airport for our flight to Denver": the first "to" is no place.
        place = place_near(clause, m.end())
        if place is not None:
            break
    if place is None:
        m = _TRIP_NOUN.search(low)
        place = place_before(clause.text, m.start()) if m else None
        if m is not None and place is not None and _FROM_THE_TRIP.search(low[: m.start()]):
            place = None  # "expenses from the boston trip": things brought back, a trip over
    if place is None and planning:
        place = place_there(low, clause.message, clause.start_in_message)
    if place is None and (m := _BEFORE_PLACE.search(low)) is not None:
        # "gotta return the amazon package before tahoe": a known place as a deadline is
        # the trip there.
        place = known if (known := place_at(clause.text, m.end())) and known.known else None
    if place is None:
        if clause.intent == "assertive" and BARE_ARRIVAL.match(_bare(low).split(",")[0]):
            return [Candidate("travel.status", "in_progress", 0.75)]
        return away_from_home(clause)
    if clause.intent == "historical":
        return [Candidate("travel.destination", place.name, place_confidence(place))]
    if _POSTPONED.search(low) and not _MOVED_TO_DAY.search(low):
        # Still planned, but when is unknown: worth asking about, not committing.
        return [
            Candidate(c.field, c.value, c.confidence * 0.6, c.intent, c.valid_until)
            for c in planned_trip(clause, place)
            if not c.field.endswith("_date")
        ]
    if (
        (_NOW.search(low) or visiting_till(clause))
        and _VISIT.search(low)
        and not _AHEAD.search(low)
    ):
        # "we're visiting Kyoto right now", "visiting my parents in phoenix rn": a stay now,
        # whatever a progressive verb made the clause look like.
        return [
            Candidate(c.field, c.value, c.confidence, "assertive")
            for c in trip_under_way(clause, place)
        ]
    if (
        clause.intent in ("assertive", "planning")
        and _MOVING_NOW.search(low)
        and not any(t.day > clause.at.date() for t in clause.times)
    ):
        # "driving to Austin as we speak", "currently on a train to Cardiff": under way.
        conf = place_confidence(place) * 0.8
        return [
            Candidate("travel.destination", place.name, conf, "assertive"),
            Candidate("travel.status", "in_progress", conf, "assertive"),
        ]
    if planning or clause.intent == "hypothetical" or not _ON_THE_WAY.search(low):
        return planned_trip(clause, place)
    conf = place_confidence(place) * 0.8
    return [
        Candidate("travel.destination", place.name, conf),
        Candidate("travel.status", "in_progress", conf),
    ]


def _bare(low: str) -> str:
    """The clause's words without emoji and other symbols ("landed!! 🛬" → "landed!!")."""
    return " ".join(w for w in low.split() if any(c.isalnum() for c in w))


_ADVERBS = frozenset(
    {"just", "finally", "safely", "all", "both", "already", "also", "only", "have", "has", "had"}
)
_OWN = frozenset({"i", "we", "i've", "we've", "and", "so", "then", "but", "lol", "ok", "yeah"})


def _own_return(low: str, start: int) -> bool:
    """Whether the word before a past "came back"/"got home" leaves the user its subject:
    nothing, "we", "I", a conjunction ("..., and got home"); not "the results came back"."""
    words = [w for w in re.findall(r"[a-z']+", low[:start]) if w not in _ADVERBS]
    return not words or words[-1] in _OWN
