"""The twenty-second round (issue 24), w22e: values read wrong though the message said
something, found by the probe sentences written for this round in new voices
(``realistic/probes22e-dev.jsonl``): a move told as an arrival, a trip given up in slang,
a stay under way told by how much of it is gone. Each class is tabled with paraphrases in
other voices and look-alikes that must keep their reading. Every row is a sentence written
for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

ARRIVALS_THAT_ARE_MOVES: list[FieldRow] = [
    # The arrival, and the message saying the town is the new home: a home, no trip.
    (
        "touched down in Calgary for good, the dog handled the flight fine",
        "profile.home_city",
        "Calgary",
        "assertive",
    ),
    (
        "Touched down in Calgary for good, the dog handled the flight fine",
        "travel.location",
        None,
        "",
    ),
    (
        "we arrived in Adelaide on tuesday and signed the lease on wednesday",
        "profile.home_city",
        "Adelaide",
        "assertive|historical",
    ),
    (
        "made it to Spokane with the last load, our new place is huge",
        "profile.home_city",
        "Spokane",
        "assertive|historical",
    ),
    (
        "finally landed in Auckland, new chapter starts now",
        "profile.home_city",
        "Auckland",
        "assertive",
    ),
    (
        "got to Cork at midnight, our new house smells of fresh paint",
        "profile.home_city",
        "Cork",
        "assertive|historical",
    ),
    # An arrival with no word of a new home is a trip, and a coming back stays a coming back.
    ("landed in Calgary, conference starts at 9", "travel.location", "Calgary", "assertive"),
    ("landed in Calgary, conference starts at 9", "profile.home_city", None, ""),
    ("landed back in Cork, home sweet home", "travel.status", "completed", "assertive"),
    # Someone else's arrival is theirs.
    ("my brother landed in Auckland for good last week", "profile.home_city", None, ""),
]

TRIPS_GIVEN_UP: list[FieldRow] = [
    (
        "backed out of the Malta holiday, the dates clash with my exams",
        "travel.status",
        "cancelled",
        "assertive|historical",
    ),
    (
        "we're pulling out of the cruise, mum can't manage the stairs",
        "travel.status",
        "cancelled",
        "assertive",
    ),
    ("our Lisbon flights got axed by the airline", "travel.status", "cancelled", "assertive"),
    ("the ski trip got canned, no snow", "travel.status", "cancelled", "assertive"),
    ("Marrakech is a no go for us this spring", "travel.status", "cancelled", "assertive"),
    # Look-alikes: pulled out of a parking space or a race, a no-go topic, a person off.
    ("pulled out of the driveway and hit the bin", "travel.status", None, ""),
    ("Denver is off sick today", "travel.status", None, ""),
]

STAYS_HALF_GONE: list[FieldRow] = [
    (
        "halfway through our fortnight in Goa and already sunburnt",
        "travel.location",
        "Goa",
        "assertive",
    ),
    (
        "we're nearly halfway through the trip in Tbilisi",
        "travel.status",
        "in_progress",
        "assertive",
    ),
    # Halfway through something that is no stay is no trip.
    ("halfway through the book in bed with a cold", "travel.status", None, ""),
    ("halfway through the semester in Leeds", "travel.location", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), ARRIVALS_THAT_ARE_MOVES)
def test_an_arrival_told_with_a_new_home_is_a_move(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(("text", "field", "value", "intent"), TRIPS_GIVEN_UP)
def test_a_trip_given_up_in_slang_is_cancelled(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(("text", "field", "value", "intent"), STAYS_HALF_GONE)
def test_a_stay_half_gone_is_under_way(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
