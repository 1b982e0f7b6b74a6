"""'change of plans, we're heading down friday after work instead': the planned trip's new day.

The extractor reads "we're leaving saturday" with no place as no trip: alone, leaving
could be anything. Canon knows a trip is planned (on record, its day to leave today or
ahead, or not yet given): the user's own word that they set out on a day is the trip's
new day to leave, asked ("Do you leave on Friday, November 27?"); a Yes moves what was
due before going with it (``core.engine.errand_follows_trip``). Three shapes say it:

- the speaker sets out, with nothing after the verb but the day: "we leave sat now",
  "heading down friday after work instead", "driving up saturday", "we'll go saturday
  morning now", "setting off sunday", "not going till sunday", "leaving a day early";
- the trip is moved: "pushed it to next weekend", "moved the trip to the 12th", "trip got
  pushed back a day";
- the trip is on another day: "trip's a day later", "the trip is friday now".

"we left a day early" is the day it left (lately: a departure a week ago is a story).
What is not the speaker's plan keeps its reading, by the clause's grammar: someone else
("mum's heading down friday", "they pushed it to friday"), a question ("should we head
down friday?"), a hedge or a condition ("we might leave friday", "if the snow's bad we'll
leave friday"), a denial ("we're not leaving saturday"), the past ("last year we drove up
friday"), and leaving something ("leaving work early friday", "heading down to the store").

Why the words and not the extractor's parse: the parse lives where the message was read
(the reading thread's cache, the reading process, or no parse at all when a model reads),
and what crosses to here is the observations. Reading a token's dependency here would
mean a second spaCy parse in the chat's path (and the pipeline loaded in the bot's process
beside the reading process), against one parse per message; carrying a clause reading out
of the extractor would widen its hot loop for a word that matters only while a trip is
planned. So the clause is read in grammar's order, over a closed set of words: its
subject (the speaker, or none), its mood (no modal but will), the verb of setting out or
moving, and then nothing but a day and words that change nothing ("instead", "after
work"). Anything else in any slot is not this reader's.

A pure function of the message's payloads and words, the speaker's committed values and
``at`` (the speaker's local time).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date, datetime, timedelta

from core.domain.ids import derived_id
from core.domain.state import Scalar
from core.domain.timeutil import calendar_day
from core.engine.errand_done import Payload
from core.engine.trip_state import DEPART, DESTINATION, RETURN, STATUS
from core.extraction.timeexpr import find_times
from core.extraction.typed_text import clean

_LEAD = (
    r"^(?:(?:ok(?:ay)?|so|actually|actualy|update|ugh|oh|well|welp|hey|yeah|lol|"
    r"no|nope|nah|non|sorry|wait|oops|my\s+bad|"
    r"change\s+of\s+plans?|plans?\s+changed|new\s+plan|fyi|btw)\W+)*"
)
"""Words before the clause that claim nothing of its day: "no", "sorry", "wait" before a
correction take back what was said or asked, and the day after them is the new one."""
_SPEAKER = (
    r"(?:(?P<who>we|i|were|im)(?:'re|\s+are|'m|\s+am|\s+will|'ll)?"
    r"(?:\s+(?:gonna|going\s+to))?\s+)?"
)
"""The speaker, or no subject ("heading down friday"); "will" and "gonna" are plans,
any other modal ("might", "should", "could") is not this reader's."""
_VERB = (
    r"(?P<verb>leav(?:e|ing|in)|left|set(?:ting|tin)?\s+(?:off|out)"
    r"|head(?:ing|in|ed)?\s+(?:out|down|up|off|over)"
    r"|(?:driv(?:e|ing|in)|drove)\s+(?:up|down|over|out)"
    r"|(?:fly(?:ing|in)?|flew)\s+(?:out|down|up|over)"
    r"|go(?:ing|in)?|went|hit(?:ting)?\s+the\s+road)"
)
"""The verbs of setting out, present or past (a plain "go" only with a day after it)."""
_LEAVES = re.compile(
    rf"{_LEAD}{_SPEAKER}(?:(?:now|actually|just|prob(?:ably)?)\s+)?"
    rf"(?P<neg>(?:not|don't|dont|won't|wont)\s+)?{_VERB}\s+(?P<rest>.+)$"
)
_MOVED = re.compile(
    rf"{_LEAD}(?:(?:we|i|we've|ive|i've)\s+|(?:the\s+|our\s+)?trip(?:'s|\s+has)?\s+"
    r"(?:got\s+|been\s+|was\s+|is\s+)?)?"
    r"(?:pushed|moved|bumped|shifted|postponed|delayed|rescheduled)"
    r"(?:\s+(?:it|the\s+trip|our\s+trip))?(?:\s+(?P<way>back|up|forward))?\s+(?P<rest>.+)$"
)
"""The trip moved to a day ("pushed it to next weekend") or by days ("pushed back a day"):
by the speaker or with no one named; "they moved it" is someone else's."""
_REBOOKED = re.compile(
    rf"{_LEAD}(?:(?:we|i|we've|ive|i've)\s+(?:have\s+)?|(?:the\s+|our\s+)?trip(?:'s|s|\s+is|\s+has|\s+got)?"
    r"\s+(?:been\s+)?)?(?:re-?book(?:ed|ing)?|re-?schedul(?:ed|ing)|book(?:ed)?\s+(?:it|the\s+trip)"
    r"\s+again|back\s+on)(?:\s+(?:it|the\s+trip|our\s+trip))?\s+(?:for|to|on)\s+(?P<rest>.+)$"
)
"""A trip called off booked again for a day ("rebooked it for the 12th", "trip's back on
for the 12th"): by the speaker or with no one named."""
_TRIP_IS = re.compile(rf"{_LEAD}(?:the\s+|our\s+)?trip(?:'s|s|\s+is)\s+(?:now\s+)?(?P<rest>.+)$")
_SHIFT = re.compile(
    r"^(?P<n>a|one|two|2|1)\s+days?(?:\s+(?P<way>early|earlier|sooner|late|later))?"
    r"(?:\s+(?:now|instead|than\s+planned))?\W*$"
)
_TAIL = re.compile(
    r"^(?:(?:now|actually|instead(?:\s+of\s+\w+)?|then|after\s+all|not\s+\w+|rather\s+than\s+\w+"
    r"|after\s+(?:work|school|lunch|dinner|class)|first\s+thing|early"
    r"|(?:in\s+the\s+)?(?:morning|afternoon|evening|night)|lol|haha|ugh"
    r"|(?:w/?|with)\s*(?:the\s+)?(?:kids|family|fam))\W*)*$"
)
"""What may follow the day and leave it the day to leave ("friday after work instead")."""
_CLAUSE = re.compile(r"[^.!?;\n]+[.!?;\n]*")
_PAST = frozenset({"left", "went", "headed", "drove", "flew"})
_EARLIER = frozenset({"early", "earlier", "sooner", "up", "forward"})
_TRIP_ON = frozenset({"planning"})
_LATELY = timedelta(days=2)
"""A departure told in the past further back than this is no news of this trip."""

DAY_OF_THE_TRIP = "a day of the trip (to leave or back), read as the planned trip's"
"""Why the day is asked: the words name no trip; Canon took it for the one planned."""


Said = Callable[[str, str, str, str], Payload]
"""``said(field, day, intent, clause)``: the message's own observation of a trip's day, asked."""


def leaving_on_the_day(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    at: datetime,
    said: Said,
) -> list[Payload]:
    """``payloads`` with the day ``text`` says ``entity_id`` now leaves on, while their
    trip is planned and no day to leave was read, or the day they are now back on
    (``back_on_the_day``)."""
    payloads = back_on_the_day(payloads, text, entity_id, state, at, said)
    planned = calendar_day(state.get(DEPART))
    if state.get(STATUS) == "cancelled":
        return _booked_again(payloads, text, entity_id, state, at, said)
    if state.get(STATUS) not in _TRIP_ON or (planned is not None and planned < at.date()):
        return payloads
    if any(p.get("entity_id") == entity_id and p.get("field") == DEPART for p in payloads):
        return payloads
    for clause in _CLAUSE.findall(clean(text).lower()):
        clause = clause.strip()
        if clause.endswith("?"):
            continue
        found = _new_day(clause, planned, at)
        if found is not None and found[0] != planned:
            day, left = found
            intent = "assertive" if left else "planning"
            return [*payloads, said(DEPART, day.isoformat(), intent, clause)]
    return payloads


def _booked_again(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    at: datetime,
    said: Said,
) -> list[Payload]:
    """A trip called off, booked again for a day ("ok rebooked it for the 12th instead"):
    the same trip planned anew (to where it went, when that is still held) on that day; asked (the words name no
    trip: Canon took them for the one called off). Nothing when the message says anything
    of a trip itself, or the day is gone by."""
    place = state.get(DESTINATION)
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    if any(str(p.get("field")).startswith("travel.") for p in mine):
        return payloads
    for clause in _CLAUSE.findall(clean(text).lower()):
        clause = clause.strip()
        if clause.endswith("?") or (again := _REBOOKED.match(clause)) is None:
            continue
        day = _the_day(again["rest"].rstrip("!.;, "), None, at, past=False)
        if day is None or day < at.date():
            continue
        leaves = said(DEPART, day.isoformat(), "planning", clause)
        # Where it went is kept when still held (a trip called off may have forgotten it).
        plan = [(STATUS, "planning"), *([(DESTINATION, place)] if isinstance(place, str) else [])]
        return [
            *payloads,
            leaves,
            *(
                {
                    **leaves,
                    "event_id": derived_id("booked-again", str(leaves["event_id"]), field),
                    "field": field,
                    "candidate_value": value,
                }
                for field, value in plan
            ),
        ]
    return payloads


_BACK = re.compile(
    rf"{_LEAD}(?:(?:we|i)(?:'re|\s+are|'m|\s+am|'ll\s+be|\s+will\s+be)?\s+|were\s+|im\s+)?"
    r"(?:(?:now|actually|prob(?:ably)?)\s+)?"
    r"(?:(?:com(?:e|ing|in)|get(?:ting|tin)?|fly(?:ing|in)?|driv(?:e|ing|in)|head(?:ing|in)?)\s+)?"
    r"(?:back|home)(?:\s+home)?\s+(?P<rest>.+)$"
)
"""The speaker (or no subject) back on a day: "back the 8th instead", "we'll be back
tuesday now", "coming home sunday instead"; never "got back" (the past) nor anyone else."""
_AWAY = frozenset({"planning", "in_progress"})


def back_on_the_day(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    at: datetime,
    said: Said,
) -> list[Payload]:
    """``payloads`` with the day ``text`` says ``entity_id`` is now back on ("back the 8th
    instead"), while their trip is planned or under way with a day back held and no day
    back was read: the trip's new day back, asked (a Yes moves an errand due "when we're
    back" with it). Not a day before today or before the trip leaves, nor the day held."""

    def read(clause: str, back: date) -> date | None:
        said_back = _BACK.match(clause)
        if said_back is None:
            return None
        return _the_day(said_back["rest"].rstrip("!.;, "), back, at, past=False)

    return day_back_said(payloads, text, entity_id, state, at, said, read)


def day_back_said(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    at: datetime,
    said: Said,
    read: Callable[[str, date], date | None],
) -> list[Payload]:
    """``payloads`` with the new day back that ``read`` finds in a clause of ``text`` (given
    the clause and the day back held), asked, while ``entity_id``'s trip is planned or under
    way with a day back held and the message read no day back of its own. A question, the
    day held, a day before today or before the trip leaves says nothing. ``back_on_the_day``
    ("back the 8th instead") and ``staying_longer`` ("staying 2 more days") read with it."""
    back, leaves = calendar_day(state.get(RETURN)), calendar_day(state.get(DEPART))
    if state.get(STATUS) not in _AWAY or back is None:
        return payloads
    if any(p.get("entity_id") == entity_id and p.get("field") == RETURN for p in payloads):
        return payloads
    for clause in _CLAUSE.findall(clean(text).lower()):
        clause = clause.strip()
        if clause.endswith("?") or (day := read(clause, back)) is None:
            continue
        if day == back or day < at.date() or (leaves and day < leaves):
            continue
        return [*payloads, said(RETURN, day.isoformat(), "planning", clause)]
    return payloads


def _new_day(clause: str, planned: date | None, at: datetime) -> tuple[date, bool] | None:
    """The day ``clause`` says the trip leaves on, and whether it says it left then."""
    if (leaves := _LEAVES.match(clause)) is not None:
        verb = leaves["verb"].split()[0]
        left = verb in _PAST
        rest = leaves["rest"]
        if leaves["neg"]:
            # "not going till sunday": the day it waits for; "not leaving saturday": none.
            till = re.match(r"(?:till|til|until|'til)\s+", rest)
            if till is None or left:
                return None
            rest = rest[till.end() :]
        elif verb.startswith("go") and _SHIFT.match(rest):
            return None  # "going a day early" is not said so; "going two days" is a stay
        day = _the_day(rest, planned, at, past=left)
        return None if day is None else (day, left)
    moved = _MOVED.match(clause)
    if moved is not None:
        rest = moved["rest"]
        if (to := re.match(r"(?:to|till|until|til)\s+", rest)) is not None:
            rest = rest[to.end() :]
        elif moved["way"] is not None and (shift := _SHIFT.match(rest)) is not None:
            if planned is None:
                return None
            days = 2 if shift["n"] in ("two", "2") else 1
            earlier = (shift["way"] or moved["way"]) in _EARLIER
            return planned + timedelta(days=-days if earlier else days), False
        else:
            return None
        day = _the_day(rest, planned, at, past=False)
        return None if day is None else (day, False)
    trip = _TRIP_IS.match(clause)
    if trip is not None:
        rest = trip["rest"]
        day = _the_day(rest[3:] if rest.startswith("on ") else rest, planned, at, past=False)
        return None if day is None else (day, False)
    return None


def _the_day(rest: str, planned: date | None, at: datetime, *, past: bool) -> date | None:
    """The day ``rest`` (the words after the verb) is, when it is only a day: a date
    ("saturday", "on the 11th") or a shift of the planned one ("a day early")."""
    if (shift := _SHIFT.match(rest)) is not None and shift["way"] is not None:
        if planned is None:
            return None
        days = 2 if shift["n"] in ("two", "2") else 1
        return planned + timedelta(days=-days if shift["way"] in _EARLIER else days)
    times = find_times(rest, at, future=not past)
    if not times:
        return None
    first = times[0]
    before = rest[: first.start].strip()
    if before not in ("", "on") or not _TAIL.match(rest[first.end :].strip()):
        return None
    if past and not at.date() - _LATELY <= first.day <= at.date():
        return None
    return first.day
