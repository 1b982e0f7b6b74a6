"""Travel fields: where the user is, where they are going, and the trip's state.

The rules keep the trip's story consistent: being somewhere sets both
``travel.location`` and ``travel.status=in_progress``; coming back from a place
completes the trip and never sets the place as the location; a trip that is off
or never happened is cancelled (an assertive fact, even when it was a plan).

This module holds the rule that reads a clause for travel (``extract_travel``); the words
of going somewhere are ``travel_going``; the parts of a trip are their own modules: ``travel_trips`` (a trip as
candidates and its days), ``travel_presence`` (where the user is), ``travel_returns``
(coming home), ``travel_cancellations``, ``travel_away`` and ``travel_departures``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.extraction import gazetteer
from core.extraction.clause import Candidate, Clause
from core.extraction.cut_short import cut_short
from core.extraction.places import Place, place_at, place_before, place_there
from core.extraction.see_you_back import see_you_back
from core.extraction.spent_months import month_spent_ahead
from core.extraction.travel_arrived import ARRIVED, GOT_THING
from core.extraction.travel_away import away_from_home
from core.extraction.travel_cancellations import CALLED_OFF, cancellation, place_called_off
from core.extraction.travel_changes import moved_to, place_moved, still_weighed
from core.extraction.travel_departures import sets_out_before
from core.extraction.travel_gate import TRAVEL_GATE
from core.extraction.travel_going import (
    A_STOP,
    ACTIVITY_AHEAD,
    AHEAD,
    ANOTHER_IS,
    BEFORE_PLACE,
    CAPITAL,
    FROM_THE_TRIP,
    HEADING,
    HERE_WE_COME,
    LANDING_AHEAD,
    MOVED_TO_DAY,
    MOVING_NOW,
    NOW,
    ON_THE_WAY,
    ON_TRIP,
    POSTPONED,
    SEE_YOU_IN,
    STAY_AHEAD,
    STUCK_THERE,
    TRIP_NOUN,
    TRIP_UNDER_WAY,
    VISIT,
    WAY_HOME_OFF,
    booked_place,
    held_there,
    lodging_priced,
    others_trip,
    paid_for_a_trip,
    said_now,
    trip_behind,
)
from core.extraction.travel_objects import (
    anyones_way,
    awaited,
    cannot_go,
    errand_after,
    is_habit,
    local_stop,
)
from core.extraction.travel_presence import HERE, NOT_THERE, PRESENT_AT, TOURING
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
from core.extraction.travel_trips import (
    headed_town,
    place_confidence,
    place_near,
    planned_trip,
    trip_under_way,
)
from core.extraction.trip_shifted import shifted_trip
from core.extraction.unnamed_arrivals import AT_LODGING, BARE_ARRIVAL, HERE_ARRIVAL, TRIP_BEGUN
from core.extraction.word_gates import WordGated, gated

_OUT_FIRST = gated(
    r"\b(?:leaving|leave|flying|fly|heading|head|off|going|driving|drive|travelling|traveling)\s+"
    r"(?:out\s+)?(?:for|to)\s+(?!home\b|back\b)[a-z]"
)


_THING_GOT_BACK = gated(
    r"\b(?:got|get|gets|getting|received)\s+(?!(?:back|home|in|off|out|up|here|there)\b)"
    r"(?:[\w'$£€.-]+\s+){1,4}$"
)
"""Something between "got" and "back": "got our deposit back from…", "got the car back from
the garage" (what came back, not the writer, unlike "got back from Lisbon")."""


def extract_travel(clause: Clause) -> list[Candidate]:
    """Travel candidates in one clause."""
    low = clause.low
    if (farewell := see_you_back(clause)) is not None:
        return farewell  # "i've set off for porto, see you in a week": back in a week
    if (
        clause.words.isdisjoint(TRAVEL_GATE)
        # "tahoe's off" after "never mind,": the place with its "'s" still on it
        and not any(gazetteer.starts_a_name(w.removesuffix("'s")) for w in clause.words)
        and CAPITAL.search(clause.text) is None
        and CALLED_OFF.search(low) is None
        # "tahoes off": the "'s" typed without its apostrophe, the place's name run into it
        and not ("off" in clause.words and place_called_off(clause))
    ):
        return []  # no place, no trip word: nothing to find
    if is_habit(low) or anyones_way(low) or lodging_priced(low):
        return []
    m = cancellation(clause)
    if m and WAY_HOME_OFF.search(clause.low):
        return moved_to(clause)  # "flight home got cancelled, stuck here till sunday"
    if m:
        # A cancelled flight may just mean rebooking: ask rather than end the trip.
        only_flight = "flight" in m.group() and "trip" not in low
        # "prob gonna skip the trip to austin": a cancellation still being weighed is not
        # one made; "we're not going" or "we cancelled" is.
        weighed = still_weighed(clause)
        stuck = STUCK_THERE.search(low) if only_flight else None
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
    # "tahoe got moved to the 12th"; "Tahoe is happening a day early, we leave thursday"
    moved = moved_to(clause) or place_moved(clause) or shifted_trip(clause)
    if moved:
        return moved
    if cannot_go(low):
        return []  # "I can't go to Austin next week": a going that will not happen
    spent = month_spent_ahead(clause)
    if spent is not None:
        return spent  # "spending July in Brittany", said in November: a plan
    scene = woke_there(clause) or holiday_ahead(clause)
    if scene:
        return scene
    if (short := cut_short(clause)) is not None:
        return short  # "we cut the trip short": the trip over
    homeward = done = None
    states: tuple[WordGated, ...] = (PRESENT_AT, ARRIVED, HERE)
    if not clause.words.isdisjoint(RETURN_GATE):
        homeward = HOMEWARD.search(low)
        done = COMPLETED.search(low)
    going = homeward or done
    if going is not None and _OUT_FIRST.search(low, 0, going.start()):
        # "leaving for Portland on the 12th, home again on the 19th": the trip out, then its
        # return; read as a trip (its days in order), not as a coming home.
        going = None
    if going is not None and sets_out_before(clause, going.start()):
        going = None  # "flying out thursday, home again on the 8th": read as a trip, too
    if going is not None and (errand_after(low, going.end()) or awaited(low, going.start())):
        return []  # "got back from the grocery store", "home from work", "till we're home"
    if (
        going is not None
        and _THING_GOT_BACK.search(low[: going.start()])
        and low.startswith("back", going.start())
    ):
        return []  # "got our deposit back from the builder": a thing came back, not the writer
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
        outbound = _outbound(clause, going.start()) if own else None
        if outbound is not None and clause.intent in ("planning", "assertive") and not done:
            # "leaving for tahoe sunday, flying back on the 2nd": the way back ends the trip
            # the clause sets out on, so both days are that trip's.
            return planned_trip(clause, outbound)
        if clause.intent == "planning" and not (done and PAST.match(done[0])):
            if own:
                return return_plan(
                    clause, going.start()
                )  # "we'll be back from Maui Sunday": not yet
            states = ()  # "we'll unpack when we're back in Portland" plans no trip there
        elif done is not None:
            if PAST.match(done[0]) and not _own_return(low, done.start()):
                return []  # "mom's test results came back fine": not the user coming home
            if ANOTHER_IS.search(low, 0, done.start()):
                return []  # "tom's back from vegas": someone else came back
            on_the_way = homeward_now(clause, done)
            return on_the_way if on_the_way is not None else back_from_trip(clause, done)
        elif own:
            return return_plan(clause, going.start())
    m = NOT_THERE.search(low)
    if m:
        place = place_at(clause.text, m.end())
        if place is not None:
            return [Candidate("travel.location", None, place_confidence(place), "retract")]
    m = TOURING.search(low) if states else None
    place = place_near(clause, m.end()) if m else None
    if m is not None and place is None and A_STOP.search(m.group()):
        place = place_at(clause.text, m.end(), bare=True)  # "studying abroad in florence"
    if m is not None and place is not None and clause.intent != "historical":
        if (
            clause.intent == "planning"
            and AHEAD.search(low)
            and not said_now(low, m.start(), place.end)  # "driving through Utah right now"
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
        place = place_near(clause, m.end()) or headed_town(clause, m)
        if place is None and A_STOP.search(m.group()):
            # "on a layover in charlotte": only a place can follow, so a town spelled like a
            # first name is the town.
            place = place_at(clause.text, m.end(), bare=True)
        if place is not None and rx is PRESENT_AT and local_stop(low, m.end(), place):
            return []  # "at costco in burbank", "at st marys": an hour in town, no trip
        if place is not None:
            if clause.intent == "historical":
                return [Candidate("travel.location", place.name, place_confidence(place))]
            if planning and (
                said_now(low, m.start(), place.end) or held_there(low, m.group(), place.end)
            ):
                # "currently in truckee, tahoe tomorrow": the day is the next leg's.
                return [
                    Candidate(c.field, c.value, c.confidence, "assertive")
                    for c in trip_under_way(clause, place)
                ]
            return planned_trip(clause, place) if planning else trip_under_way(clause, place)
    place = None
    for m in (
        *HEADING.finditer(low),
        *VISIT.finditer(low),
        *STAY_AHEAD.finditer(low),
        *LANDING_AHEAD.finditer(low),
        *(ACTIVITY_AHEAD.finditer(low) if planning else ()),
    ):
        if not planning and ON_TRIP.search(low, 0, m.end()):
            # "on vacation in Cancun" says where, not whither: a stay, which only the
            # present tells (``TOURING``); under "got sick" or "met" it is a story.
            continue
        if trip_behind(low, m.start()) or paid_for_a_trip(low):
            continue  # "the receipts from my trip to Munich": a trip behind, none planned
        # "heading to the airport for our flight to Denver": the first "to" is no place.
        place = place_near(clause, m.end()) or headed_town(clause, m)
        if place is not None:
            break
    if place is None:
        m = TRIP_NOUN.search(low) or HERE_WE_COME.search(low)
        place = place_before(clause.text, m.start()) if m else None
        if m is None and (m := SEE_YOU_IN.search(low)) is not None:
            place = place_at(clause.text, m.end())
        if m is not None and place is not None and FROM_THE_TRIP.search(low[: m.start()]):
            place = None  # "expenses from the boston trip": things brought back, a trip over
        if m is not None and place is not None and paid_for_a_trip(low):
            place = None  # "tickets for the Madrid trip came to €380": a sum, not a plan
    if place is None and planning:
        place = booked_place(clause.text, low)  # "Crete is booked!!"
    if place is None and planning:
        place = place_there(low, clause.message, clause.start_in_message)
    if place is None and (m := BEFORE_PLACE.search(low)) is not None:
        # "gotta return the amazon package before tahoe": a known place as a deadline is
        # the trip there.
        place = known if (known := place_at(clause.text, m.end())) and known.known else None
        # "return the amazon package by friday before tahoe": the day before "before" is the
        # errand's, not the trip's departure.
        if place is not None:
            clause = replace(clause, times=tuple(t for t in clause.times if t.start >= m.start()))
    if place is None:
        first = _bare(low).split(",")[0]
        arrived = BARE_ARRIVAL, AT_LODGING, HERE_ARRIVAL, TRIP_BEGUN
        if clause.intent == "assertive" and any(p.match(first) for p in arrived):
            # Said outright, so worth a question ("Is your trip under way?"), never a commit
            # alone: the place is not named.
            return [Candidate("travel.status", "in_progress", 0.8)]
        return away_from_home(clause)
    if clause.intent == "historical":
        return [Candidate("travel.destination", place.name, place_confidence(place))]
    if POSTPONED.search(low) and not MOVED_TO_DAY.search(low):
        # Still planned, but when is unknown: worth asking about, not committing.
        return [
            Candidate(c.field, c.value, c.confidence * 0.6, c.intent, c.valid_until)
            for c in planned_trip(clause, place)
            if not c.field.endswith("_date")
        ]
    if (NOW.search(low) or visiting_till(clause)) and VISIT.search(low) and not AHEAD.search(low):
        # "we're visiting Kyoto right now", "visiting my parents in phoenix rn": a stay now,
        # whatever a progressive verb made the clause look like.
        return [
            Candidate(c.field, c.value, c.confidence, "assertive")
            for c in trip_under_way(clause, place)
        ]
    if (
        clause.intent in ("assertive", "planning")
        and MOVING_NOW.search(low)
        and not any(t.day > clause.at.date() for t in clause.times)
    ):
        # "driving to Austin as we speak", "currently on a train to Cardiff": under way.
        conf = place_confidence(place) * (1.0 if place.known else 0.8)
        return [
            Candidate("travel.destination", place.name, conf, "assertive"),
            Candidate("travel.status", "in_progress", conf, "assertive"),
        ]
    if clause.intent in ("assertive", "planning") and TRIP_UNDER_WAY.match(low):
        # "the tahoe trip is under way": begun, so on it now (as ``MOVING_NOW``); "Mom's
        # Lisbon trip is underway" is hers, begun, and no plan of the writer's.
        if others_trip(low):
            return []
        conf = place_confidence(place) * (1.0 if place.known else 0.8)
        return [
            Candidate("travel.destination", place.name, conf, "assertive"),
            Candidate("travel.status", "in_progress", conf, "assertive"),
        ]
    if planning or clause.intent == "hypothetical" or not ON_THE_WAY.search(low):
        return planned_trip(clause, place)
    # "on our way to tahoe!", "omw to Denver": under way to a place Canon knows is said
    # as plainly as an arrival; an unknown name may be no place at all ("on my way to
    # Costco"), so that is worth a question only.
    conf = place_confidence(place) * (1.0 if place.known else 0.8)
    return [
        Candidate("travel.destination", place.name, conf),
        Candidate("travel.status", "in_progress", conf),
    ]


def _outbound(clause: Clause, before: int) -> Place | None:
    """The place the clause sets out for before the way back at ``before`` ("leaving for
    tahoe sunday, flying back on the 2nd": Tahoe), if any."""
    for m in HEADING.finditer(clause.low, 0, before):
        place = place_near(clause, m.end())
        if place is not None and place.end <= before:
            return place
    return None


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
