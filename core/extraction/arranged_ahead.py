"""A past verb that tells an arrangement ahead: what the speaker has got or booked for
a day to come ("got the dentist at 9 tomorrow", "sorted the train to Bristol for
saturday") is a plan, whatever the tense of the getting or the booking
(``grammar_intent.refine``; ``clause_reading`` keeps a booked passage's day ahead)."""

from __future__ import annotations

from core.extraction.intent import ClauseIntent
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.word_gates import gated


def got_for_a_time_ahead(ci: ClauseIntent, reading: ClauseReading, low: str) -> bool:
    """ "(I've) got" with "have" left out, its object set at a time ahead: "got the dentist
    at 9 tomorrow", "I got my scan on Friday". What one has got for a day ahead is fixed
    now and kept then, a plan; no time behind it ("got my results yesterday") and no "had"."""
    return (
        reading.verb == "get"
        and reading.tense == "past"
        and not (reading.perfect or reading.pluperfect or reading.passive or reading.negated)
        and not reading.modal
        and ci.future_time
        and not ci.past_time
        and "dobj" in reading.complements
        and _GOT_FOR_A_DAY.search(low) is not None
    )


_GOT_FOR_A_DAY = gated(
    r"\bgot\b(?:(?![,;]|\b(?:so|and|but|then|cos|because|after|before)\b).)*?\b(?:tomorrow|tmrw|"
    r"tonight|next\s+[a-z]+|this\s+(?:week(?:end)?|wknd|evening|afternoon|morning)|on\s+the\s+\d+|"
    r"(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?)\b"
)
"""The day ahead within the clause of "got", not after a joint ("got chickenpox so no
sleepover this weekend": the illness is caught, the sleepover is what the day is for)."""


BOOKING_VERBS = frozenset(
    {"book", "sort", "grab", "buy", "snag", "nab", "score", "reserve", "confirm", "secure"}
)
BOOKED_PASSAGE = gated(
    r"\b(?:booked|sorted|grabbed|bought|snagged|nabbed|scored|reserved|confirmed|secured)\s+"
    r"(?:[\w'-]+\s+){0,3}?(?:flights?|tickets?|trains?|seats?|ferry|ferries|coach|bus|sleeper|"
    r"red-?eye|cruise|hotel|airbnb|cabin|villa)\b[^,;.!?]*?\bfor\s+(?:the\s+|this\s+|next\s+)?"
    r"(?:\d|mon|tue|wed|thu|fri|sat|sun|tomorrow|tmrw|tonight|week|jan|feb|mar|apr|may|jun|jul|"
    r"aug|sep|oct|nov|dec)"
)
"""A passage or a stay booked for a day ("sorted the train to Bristol for saturday",
"grabbed two tickets for the 14th"): its day is ahead whatever the tense of the booking
(not "grabbed the train on the 14th", a ride taken)."""


def booked_for_a_day_ahead(ci: ClauseIntent, reading: ClauseReading, low: str) -> bool:
    """A passage or a stay the speaker booked, for a day ahead ("sorted the train to
    Bristol for saturday", "grabbed tickets to Denver for the 14th"): the booking is done,
    the trip is the news, a plan. No day behind it ("booked the hotel last week for our
    trip in May" is still dated ahead only by its trip), no one else's booking."""
    return (
        reading.verb in BOOKING_VERBS
        and reading.tense == "past"
        and not (reading.pluperfect or reading.negated or reading.modal)
        and reading.subject in ("speaker", "none")
        and ci.future_time
        and not ci.past_time
        and BOOKED_PASSAGE.search(low) is not None
    )
