"""Trips in the words people type: airport codes for cities, the day and its part
between the going and the place, and a place standing for the trip to it.

- "just landed at sfo", "back in pdx": an airport's code is the city it serves; codes
  that are English words or names ("sea", "lax", "den", "mia") stay words.
- "leaving tmrw morning for tahoe": a day, with its morning or night, may sit between
  the verb of going and the place.
- "tahoe is off", "so cabo's cancelled": a known place as subject of "off" or
  "cancelled" is the trip there; a person ("Marcus is off today", "Jordan is off"), a
  city-named person off sick, or a thing ("the wedding is off") is not.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import SATURDAY as AT
from extraction_fixtures import facts_said

from core.extraction.offline import extract_offline

TOMORROW = "2026-11-29"


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("just landed at sfo", "travel.location", "San Francisco"),
        ("landed at SFO an hour ago, waiting on bags", "travel.location", "San Francisco"),
        ("back in pdx", "travel.location", "Portland"),
        ("flying into jfk tomorrow", "travel.destination", "New York"),
        ("we moved to pdx last year", "profile.home_city", "Portland"),
        ("touched down in ord", "travel.location", "Chicago"),
    ],
)
def test_an_airport_code_is_its_city(text: str, field: str, value: str) -> None:
    assert facts_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    ["im at sea", "the bos is mad", "that was lax of me", "off to the den to read"],
)
def test_codes_that_are_words_stay_words(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith(("travel.", "profile."))]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("leaving tmrw morning for tahoe", TOMORROW),
        ("we're leaving tomorrow morning for tahoe", TOMORROW),
        # Said on Saturday morning: "saturday night" is tonight (the weekday naming today
        # is today's departure, twenty-third round).
        ("flying saturday night to nyc", "2026-11-28"),
        ("we leave next weekend for cabo", "2026-12-05"),
        ("leaving friday for tahoe", "2026-12-04"),
    ],
)
def test_the_day_between_the_going_and_the_place(text: str, day: str) -> None:
    got = facts_said(text)
    assert got["travel.status"] == "planning"
    assert got["travel.depart_date"] == day


def test_a_part_of_the_day_without_a_day_still_plans_the_trip() -> None:
    got = facts_said("heading out first thing for tahoe")
    assert got["travel.destination"] == "Tahoe"
    assert "travel.depart_date" not in got


@pytest.mark.parametrize(
    "text",
    [
        "tahoe is off",
        "ok so tahoe is off",
        "so cabo's cancelled",
        "ugh, Denver is officially called off",
        "vegas is officially cancelled lol",
        "Paris is off, the strikes",
        # Whom it is off for, or for how long, is still the trip called off.
        "tahoe is off for us",
        "ok so vegas is off for me, work",
        "cabo's cancelled for good",
    ],
)
def test_a_place_called_off_is_the_trip_there(text: str) -> None:
    got = facts_said(text)
    assert got.get("travel.status") == "cancelled"
    assert not [f for f in got if f.startswith("project.")]


@pytest.mark.parametrize(
    "text",
    [
        "Marcus is off today",
        "Jordan is off",
        "Florence is off sick",
        "denver is off sick today",
        "the wedding is off",
        "my mom is off",
        "the beach is off",
        "Florence is off for the week",
        "Jordan is off for us tomorrow",
        "the wedding is off for us",
    ],
)
def test_a_person_or_a_thing_off_cancels_no_trip(text: str) -> None:
    assert "travel.status" not in facts_said(text)


@pytest.mark.parametrize(
    ("text", "field", "day"),
    [
        # The way home is the return, said as a noun ("return flight") or with "home".
        ("our return flight is now on tuesday", "travel.return_date", "2026-12-01"),
        ("return flight moved to tuesday", "travel.return_date", "2026-12-01"),
        ("the return flight got pushed to monday", "travel.return_date", "2026-11-30"),
        ("return flight is tuesday at 6", "travel.return_date", "2026-12-01"),
        ("flight home moved to tuesday", "travel.return_date", "2026-12-01"),
        # Any other flight moved is the departure.
        ("our flight got pushed to monday", "travel.depart_date", "2026-11-30"),
    ],
)
def test_the_return_flight_moves_the_return(text: str, field: str, day: str) -> None:
    got = extract_offline(text, at=AT).observations
    days = {o.field: o.candidate_value for o in got if o.field.endswith("_date")}
    assert days == {field: day}


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("return the package please", "none"),  # still a request
        ("pick up milk", "none"),
        ("her return flight got moved to monday", "assertive"),  # hers, not the user's
    ],
)
def test_a_command_word_heading_a_noun_is_no_command(text: str, intent: str) -> None:
    got = extract_offline(text, at=AT)
    assert got.intent == intent
    assert not [o for o in got.observations if o.field.startswith("travel.")]


@pytest.mark.parametrize(
    "text",
    [
        "drove up to tahoe yesterday",
        "we drove up to Tahoe yesterday",
        "drove up to Tahoe yesterday after weeks of planning",  # "planning" is a noun here
        "we finally did it - drove up to Tahoe yesterday",
        (
            "So we finally did it — drove up to Tahoe yesterday after weeks of planning. "
            "The kids are thrilled. We're here till Sunday."
        ),
    ],
)
def test_the_drive_there_ended_there(text: str) -> None:
    got = facts_said(text)
    assert got["travel.location"] == "Tahoe"
    assert got["travel.status"] == "in_progress"


@pytest.mark.parametrize(
    "text",
    ["we drove up to tahoe last year", "my parents drove up to tahoe yesterday"],
)
def test_a_drive_long_ago_or_someone_elses_is_no_arrival(text: str) -> None:
    assert "travel.location" not in facts_said(text)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we're here until tuesday", "2026-12-01"),
        ("we're up here till tuesday", "2026-12-01"),
        ("We're here till Sunday.", "2026-11-29"),
        ("here till the 3rd", "2026-12-03"),
    ],
)
def test_here_till_a_day_is_the_way_home(text: str, day: str) -> None:
    assert facts_said(text)["travel.return_date"] == day


@pytest.mark.parametrize(
    "text",
    ["im here till 5", "she's here till sunday", "my mom is here until friday"],
)
def test_here_for_hours_or_someone_else_here_is_no_return(text: str) -> None:
    assert "travel.return_date" not in facts_said(text)


@pytest.mark.parametrize(
    "text",
    [
        "heading to tahoe now",
        "leaving now for tahoe",
        "leaving rn for tahoe",
        "we're flying to denver now!",
    ],
)
def test_setting_out_now_is_the_trip_under_way(text: str) -> None:
    got = extract_offline(text, at=AT)
    assert got.intent == "assertive"
    assert facts_said(text)["travel.status"] == "in_progress"


@pytest.mark.parametrize(
    "text",
    ["we're heading to tahoe now that it snowed", "heading to tahoe tomorrow", "heading to tahoe"],
)
def test_heading_somewhere_without_now_is_a_plan(text: str) -> None:
    assert facts_said(text)["travel.status"] == "planning"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # Typed on the road: a stop, a landing, a border, a night more.
        ("layover in denver, 2 hrs", "Denver"),
        ("wheels down in tokyo", "Tokyo"),
        ("made it across the border into mexico", "Mexico"),
        ("flight home got cancelled, staying another night in rome", "Rome"),
    ],
)
def test_where_the_road_has_got_to(text: str, place: str) -> None:
    got = facts_said(text)
    assert got["travel.location"] == place
    assert got["travel.status"] == "in_progress"  # a flight home cancelled ends no trip


def test_back_on_home_soil_ends_the_trip() -> None:
    assert facts_said("back on home soil")["travel.status"] == "completed"


def test_a_bus_there_is_a_trip_planned() -> None:
    assert facts_said("bus to cusco leaves at 6")["travel.destination"] == "Cusco"


@pytest.mark.parametrize("text", ["my sister is staying another night in rome", "the bus is late"])
def test_someone_elses_stay_or_a_late_bus_is_no_trip(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("travel.")]


@pytest.mark.parametrize(
    ("text", "location"),
    [
        # Where the trip went earlier is not where "home" is.
        ("we drove up to tahoe for the day yesterday, back home now", None),
        # A place reached before a way back is where the trip went (each read from its own
        # clause: offline_consistency.there_and_back).
        ("drove up to tahoe yesterday and drove home this morning", None),
        ("flew to denver last night, came back this morning", None),
        # Arriving somewhere as the trip ends, or "home in X", is home.
        ("landed in portland, back home!", "Portland"),
        ("Landed in Portland. Trip's over.", "Portland"),
        ("back home in portland", "Portland"),
    ],
)
def test_back_home_is_not_where_the_trip_went(text: str, location: str | None) -> None:
    got = facts_said(text)
    assert got["travel.status"] == "completed"
    assert got.get("travel.location") == location
