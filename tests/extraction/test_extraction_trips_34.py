"""The thirty-fourth round (words34): trips said more ways.

A region said with its "the" ("off to the Lakes on Friday", "the Hamptons") lost its place;
a trip said off with its "'s" typed without the apostrophe ("tahoes off", "lisbon trips off")
was not called off; a journey done before ("we've set off for lisbon before, in 2019") was a
trip under way; a departure with a farewell ("i've set off for porto, see you in a week") had
no return and a day picked from the farewell. Each class is tabled with phrasings in several
voices and with look-alikes that must keep their reading: someone else's, a question, a
condition, the past. Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline

# AT is Wednesday 4 March 2026: Thursday is the 5th, Friday the 6th, Saturday the 7th,
# Sunday the 8th, the next Wednesday the 11th.

_TRIP = (
    "travel.status",
    "travel.destination",
    "travel.depart_date",
    "travel.return_date",
    "travel.location",
)


def _facts(text: str) -> dict[str, object]:
    """What ``text`` says as a fact or a plan about the writer's trip."""
    return {
        o.field: o.candidate_value
        for o in extract_offline(text, at=AT).observations
        if o.entity_id == "user:primary"
        and o.intent in ("assertive", "planning")
        and o.field in _TRIP
    }


@pytest.mark.parametrize(
    ("text", "place", "day"),
    [
        ("off to the Lakes on saturday", "Lakes", "2026-03-07"),
        ("we're heading up to the Highlands on friday", "Highlands", "2026-03-06"),
        ("road trip down to the Florida Keys sunday", "Florida Keys", "2026-03-08"),
        ("Heading to the hamptons fri!!", "Hamptons", "2026-03-06"),
        ("we go to the Poconos tomorrow with my cousins", "Poconos", "2026-03-05"),
        ("Off up to the Yorkshire Dales on Saturday.", "Yorkshire Dales", "2026-03-07"),
        ("flying out to the Greek Islands on sunday", "Greek Islands", "2026-03-08"),
        ("ferry to the Isle of Wight tmrw", "Isle of Wight", "2026-03-05"),
    ],
)
def test_a_region_said_with_its_the_is_the_trips_place(text: str, place: str, day: str) -> None:
    said = _facts(text)
    assert said.get("travel.destination") == place
    assert said.get("travel.depart_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "off to the Smiths on saturday",  # a family's house
        "heading to the Joneses friday for dinner",
        "off to the shops tmrw",
        "my nan's off to the Lakes on saturday",  # someone else's
        "mums off to the Highlands friday",  # the apostrophe left out
        "are you off to the Lakes on saturday?",
        "if it's dry we're off to the Dales on saturday",
        "we went to the Hamptons last summer",
    ],
)
def test_look_alikes_of_a_region_with_its_the_plan_nothing(text: str) -> None:
    said = _facts(text)
    assert "travel.destination" not in said
    assert "travel.depart_date" not in said


@pytest.mark.parametrize(
    "text",
    [
        "tahoes off",
        "ugh porto trips off",
        "vegas trips off again :(",
        "the whole tahoe thing is off",
        "Cornwall's off this year.",
        "lisbon is off for now",
        "The travel to Porto is off, the visa did not come",
        "nvm lisbons off",
    ],
)
def test_a_trip_said_off_typed_fast_is_cancelled(text: str) -> None:
    assert _facts(text).get("travel.status") == "cancelled"


@pytest.mark.parametrize(
    "text",
    [
        "my brothers tahoe trip is off",  # someone else's, the apostrophe left out
        "dads lisbon trip is off",
        "is porto off?",
        "if the strike goes ahead lisbon is off",
        "tahoe was off last winter as well",
        "vegas is off the charts this week",  # no trip's
        "tahoes off-season now, so quiet",
        "Denver is off this week",  # a person off work
    ],
)
def test_look_alikes_of_a_trip_said_off_keep_it(text: str) -> None:
    assert "travel.status" not in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "we've set off for porto before, in 2018",
        "we've set off for lisbon twice",
        "set off for vegas a few times",
        "I've driven to Tahoe before, it's lovely",
        "been to denver three times",
        "we've flown to porto loads of times",
    ],
)
def test_a_journey_done_before_is_an_experience_not_a_trip(text: str) -> None:
    said = _facts(text)
    assert "travel.status" not in said
    assert "travel.destination" not in said


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we've set off for lisbon", "Lisbon"),  # no count, no "before": under way
        ("just set off for porto!", "Porto"),
    ],
)
def test_a_departure_not_counted_is_still_under_way(text: str, place: str) -> None:
    said = _facts(text)
    assert said.get("travel.status") == "in_progress"
    assert said.get("travel.destination") == place
    assert said.get("travel.depart_date") == "2026-03-04"


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("i've set off for lisbon, see you in a week", "2026-03-11"),
        ("we've left for porto!! see you all in two weeks", "2026-03-18"),
        ("just set off for tahoe, c u in 5 days", "2026-03-09"),
        ("Have left for Denver, back in four days", "2026-03-08"),
        ("we've set off for vegas, back in a week", "2026-03-11"),
    ],
)
def test_a_departure_with_its_stretch_away_is_back_that_day(text: str, back: str) -> None:
    said = _facts(text)
    assert said.get("travel.status") == "in_progress"
    assert said.get("travel.depart_date") == "2026-03-04"
    assert said.get("travel.return_date") == back


@pytest.mark.parametrize(
    "text",
    [
        "see you in a week!",  # a meeting, no trip
        "my sister's set off for lisbon, see you in a week",  # someone else's
        "has he left for porto? see you in a week",
        "heading to the shop, see you in 10 mins",
    ],
)
def test_a_farewell_without_the_writers_departure_gives_no_return(text: str) -> None:
    assert "travel.return_date" not in _facts(text)


@pytest.mark.parametrize("text", ["just left for the airport", "we've left for the airport"])
def test_the_airport_is_no_destination(text: str) -> None:
    said = _facts(text)
    assert said.get("travel.status") == "in_progress"
    assert "travel.destination" not in said
