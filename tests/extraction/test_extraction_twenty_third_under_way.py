"""The twenty-third round (issue 24), w23a: travel under way or over, said as a present state
beside a past or future phrase, found by the probe sentences written for this round in new
voices (``realistic/probes23a-dev.jsonl``): back at work after a while away, a trip called
off with its particle last or as a status line, a trip that nearly had to be called off, a
diary's day of a trip, a picture opening the message, and the town named right after an
arrival that left it out. Each class is tabled with paraphrases in other voices and
look-alikes that must keep their reading. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

BACK_AFTER_A_WHILE_AWAY: list[FieldRow] = [
    # Back at work after a while somewhere: the trip is over, and the place is where it was.
    ("back at work after a week in Tulum, send coffee", "travel.status", "completed", "assertive"),
    ("back at work after a week in Tulum, send coffee", "travel.location", None, ""),
    ("Back at my desk after ten days in Oaxaca.", "travel.status", "completed", "assertive"),
    ("Back at my desk after ten days in Oaxaca.", "travel.location", None, ""),
    (
        "back to work after two weeks away and my inbox is a horror",
        "travel.status",
        "completed",
        "assertive",
    ),
    ("back in the office after three weeks travelling", "travel.status", "completed", "assertive"),
    # A while off that was no trip, and a break in the day, are no trip over.
    ("back at work after 3 days off sick", "travel.status", None, ""),
    ("back at work after a week of flu", "travel.status", None, ""),
    ("back at my desk after lunch", "travel.status", None, ""),
]

TRIPS_CALLED_OFF: list[FieldRow] = [
    # The particle after the trip, the status line with its verb left out, the trip called a
    # thing by its place.
    (
        "we've had to call the whole Oaxaca trip off, dad's not well",
        "travel.status",
        "cancelled",
        "assertive",
    ),
    ("So we called the cruise off. Hurricane season.", "travel.status", "cancelled", "assertive"),
    ("trip off. tell u later", "travel.status", "cancelled", "assertive"),
    ("trip off 💔 venue flooded", "travel.status", "cancelled", "assertive"),
    ("had to scrap the whole Lisbon thing, no passport", "travel.status", "cancelled", "assertive"),
    ("we cancelled the whole vegas thing", "travel.status", "cancelled", "assertive"),
    # A day off, a thing that is no place, a call off that is no trip's.
    ("bank holiday off!", "travel.status", None, ""),
    ("called off the whole wedding thing", "travel.status", None, ""),
    ("took the trip off my calendar", "travel.status", None, ""),
    ("had to call the dog off the neighbour's cat", "travel.status", None, ""),
    # A trip that nearly had to be called off is on.
    ("we nearly had to cancel Crete but it's sorted, flying friday", "travel.status", None, ""),
    ("I almost had to call off the Rome trip", "travel.status", None, ""),
]

UNDER_WAY_SAID_PLAINLY: list[FieldRow] = [
    # A diary's day of the trip under way, its place unsaid.
    ("day 4 of our road trip", "travel.status", "in_progress", "assertive"),
    ("night 2 on the cruise, seasick already", "travel.status", "in_progress", "assertive"),
    ("Day five of the trip", "travel.status", "in_progress", "assertive"),
    ("day 3 of my diet", "travel.status", None, ""),
    ("day 2 of the conference", "travel.status", None, ""),
    # A picture opening the message leaves the words to be read as typed.
    ("🏔️ day 3 in Banff and my calves are dead", "travel.location", "Banff", "assertive"),
    ("🌴🌴 in tulum till sunday", "travel.location", "Tulum", "assertive"),
    ("😭 cruise cancelled", "travel.status", "cancelled", "assertive"),
    ("🏠 finally", "travel.status", "completed", "assertive"),
    ("✈️ lisbon fri", "travel.destination", "Lisbon", "planning"),
    # A map pin stands for "in"; the slang for the holiday ends like the holiday.
    ("📍Hoi An for the week", "travel.location", "Hoi An", "assertive"),
    ("vacay over 😩", "travel.status", "completed", "assertive"),
    ("hols over", "travel.status", "completed", "assertive"),
    ("our vacay starts tmrw", "travel.status", None, ""),
    # The town named right after an arrival that left it out, as the subject or alone.
    ("we're here!! Savannah is gorgeous", "travel.location", "Savannah", "assertive"),
    ("landed. denver. need coffee", "travel.location", "Denver", "assertive"),
    ("made it. Tucson looks unreal from up here", "travel.location", "Tucson", "assertive"),
    # Someone else's arrival, and a town that is the next stop or a story, are not where the
    # writer is.
    ("dad landed. denver is freezing apparently", "travel.location", None, ""),
    ("we're here. Paris trip was a blast last year", "travel.location", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), BACK_AFTER_A_WHILE_AWAY)
def test_back_at_work_after_a_while_away_is_a_trip_over(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(("text", "field", "value", "intent"), TRIPS_CALLED_OFF)
def test_a_trip_called_off_with_its_particle_last_or_its_verb_left_out(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(("text", "field", "value", "intent"), UNDER_WAY_SAID_PLAINLY)
def test_a_trip_under_way_said_plainly(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        # The need that did not come is what might have been; the trip after it goes on.
        ("we almost had to cancel Crete", {"hypothetical"}),
        ("I nearly had to sell the car", {"hypothetical"}),
        ("we had to cancel Crete", {"assertive"}),
        # A call off of a trip with the object inside is done; a dog called off is a story.
        ("we've had to call the cruise off", {"assertive"}),
        ("we had to call the dog off", {"historical"}),
    ],
)
def test_what_nearly_had_to_happen_and_what_had_to(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents
