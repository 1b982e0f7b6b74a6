"""The twenty-ninth round, errands29: being somewhere in town for an hour is no trip.

"at costco in burbank", "at the dentist", "at target rn, need anything?", "at st marys now"
(a hospital), "stuck at the dmv", "at the kids school for pickup": where the writer is for
an errand in their own area. The field catalogue has no field for it (``travel.location``
is where a trip has taken the user, and being there moves ``travel.status`` to
``in_progress``), so such a line records nothing, but it is still told (assertive), and
a question put after it ("..., need anything?") is the reader's, not a second piece of
news. Real stays keep their reading: somebody's home, a hotel, a town said with "in", a
stay measured in days, an arrival. Each row is written for this module in several voices
(texting, dictated, non-native, terse); none is taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row, intent_said

from core.extraction.offline import extract_offline

TRIP_FIELDS = ("travel.location", "travel.status", "travel.destination")

AN_ERRAND_STOP: list[str] = [
    # A shop, with or without its town, in each voice.
    "at costco in burbank",
    "at costco in burbank rn",
    "we're at ikea in burbank",
    "am at the tesco in croydon",
    "at trader joes in glendale getting snacks",
    "I am at the Walmart in Pasadena now",  # dictated
    "me at lidl in Hounslow now",  # non-native
    "@ target in glendale",
    # The dentist, the DMV, the pharmacy, the school run, a hospital named for a saint.
    "at the dentist in pasadena, back by 3",
    "stuck at the dmv",
    "stuck at the dmv in van nuys, this line is insane",
    "at the kids school for pickup",
    "at the kids school in glendale for pickup, running late",
    "at st marys now",
    "at St. Mary's with dad",
    "at the vet in Eastleigh with the dog",
]

AN_ERRAND_STOP_THEN_A_QUESTION: list[str] = [
    # The question after it is the reader's; the line before it is still told.
    "at costco in burbank, need anything?",
    "at target rn, need anything?",
    "at the wholesaler, need anything?",
    "at costco, want anything?",
    "at tesco, do we need milk?",
    "at the pharmacy now, want me to grab your prescription?",
    "I'm at the chemist, want anything?",
    "at the cash and carry, need anything?",
]

A_STAY_AWAY: list[FieldRow] = [
    # Somebody's home, a hotel, a town said with "in", a stay in days, an arrival.
    ("at my sister's in burbank for the week", "travel.location", "Burbank", "assertive"),
    ("in burbank till sunday", "travel.location", "Burbank", "assertive"),
    ("landed in burbank", "travel.location", "Burbank", "assertive"),
    ("at the hotel in burbank", "travel.location", "Burbank", "assertive"),
    ("checked into the hotel", "travel.status", "in_progress", "assertive"),
    ("im in burbank", "travel.location", "Burbank", "assertive"),
    ("at my moms in burbank", "travel.location", "Burbank", "assertive"),
    # An errand place, but a stay measured in days: the town is where the stay is.
    ("at the hospital in Leeds with dad till friday", "travel.location", "Leeds", "assertive"),
    ("in st marys now", "travel.location", "St. Marys", "assertive"),
    # A bare "school" is a term there; the lodging of a stay is no shop.
    (
        "back at college in Chicago, heating's broken in my dorm",
        "travel.location",
        "Chicago",
        "assertive",
    ),
    ("we r at the airbnb in Lisbon now", "travel.location", "Lisbon", "assertive"),
    ("at the hotel shop in Tulum", "travel.location", "Tulum", "assertive"),
]

NOT_A_JOB: list[FieldRow] = [
    # Being at a shop this hour is no job there; "now" after a job's name still is.
    ("at target rn", "profile.employer", None, "assertive"),
    ("im at costco right now", "profile.employer", None, "assertive"),
    ("I'm at Meta now", "profile.employer", "Meta", "assertive"),
    ("I'm not at Google anymore, I'm at Meta now", "profile.employer", "Meta", "assertive"),
]

HELD_THERE_NOW: list[tuple[str, str]] = [
    # Stuck somewhere, "I'm" left out: a state now; with a past time or "were", a story.
    ("stuck at the airport", "assertive"),
    ("stuck at the vet with the dog", "assertive"),
    ("got stuck at the dmv for 3 hours yesterday", "historical"),
    ("we were stuck at the airport all night", "historical"),
]


def _trip_fields(text: str) -> list[str]:
    return [o.field for o in extract_offline(text, at=AT).observations if o.field in TRIP_FIELDS]


@pytest.mark.parametrize("text", AN_ERRAND_STOP + AN_ERRAND_STOP_THEN_A_QUESTION)
def test_an_errand_stop_is_no_trip(text: str) -> None:
    assert _trip_fields(text) == [], text


@pytest.mark.parametrize("text", AN_ERRAND_STOP + AN_ERRAND_STOP_THEN_A_QUESTION)
def test_an_errand_stop_is_still_told(text: str) -> None:
    assert intent_said(text) == "assertive", text


@pytest.mark.parametrize(("text", "field", "value", "intent"), A_STAY_AWAY + NOT_A_JOB)
def test_a_stay_away_and_a_job_keep_their_reading(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(("text", "intent"), HELD_THERE_NOW)
def test_held_somewhere_is_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent, text
