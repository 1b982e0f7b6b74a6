"""The thirty-third round (trips33): trip sentences the extractor still misread.

A trip cut short said alone ("we cut the trip short") read nothing; back in a town since a
day after a remark ("great weekend, back in sf since last night") was a stay there, not home
again; a plan with its day, then "it got cancelled" ("thursday we were leaving for tahoe but
it got cancelled"), was last week's plan; a day alone before a comma ("ok sunday, we are
driving up to tahoe") was lost; "we set off thursday" was last Thursday's departure; going
home to a town spelled like a word ("home to cork for xmas") or for someone's day ("flying
home to austin for my mom's birthday on friday") read nothing; a past trip there and back
("went to tahoe last weekend, back sunday") was over now or back next Sunday. Each class is
tabled with phrasings in several voices and with look-alikes that must keep their reading:
someone else's trip, a question, a condition, the past. Every row is a sentence written for
this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline

# AT is Wednesday 4 March 2026: Thursday is the 5th, Friday the 6th, Saturday the 7th,
# Sunday the 8th, Monday the 9th, Tuesday the 10th.

_TRIP = (
    "travel.status",
    "travel.destination",
    "travel.depart_date",
    "travel.return_date",
    "travel.location",
)


def _said(text: str) -> dict[str, tuple[object, str]]:
    """The writer's fields read from ``text``, with their intents."""
    return {
        o.field: (o.candidate_value, o.intent)
        for o in extract_offline(text, at=AT).observations
        if o.entity_id == "user:primary"
    }


def _facts(text: str) -> dict[str, object]:
    """What ``text`` says as a fact or a plan about the writer's trip."""
    return {
        f: v for f, (v, i) in _said(text).items() if i in ("assertive", "planning") and f in _TRIP
    }


@pytest.mark.parametrize(
    "text",
    [
        "we cut the trip short",
        "Cut our holiday short.",
        "we've had to cut the trip short",
        "ended up cutting our getaway short",
    ],
)
def test_a_trip_cut_short_said_alone_is_over(text: str) -> None:
    assert _facts(text) == {"travel.status": "completed"}


@pytest.mark.parametrize(
    "text",
    [
        "my sister cut her trip short",
        "the Lees cut their holiday short",
        "should i cut the trip short?",
        "if the weather turns we'll cut the trip short",
        "we may cut the vacation short",
        "we cut the trip short once before, in 2019",
    ],
)
def test_look_alikes_of_a_trip_cut_short_end_no_trip(text: str) -> None:
    assert "travel.status" not in _facts(text)


def test_a_trip_cut_short_with_the_way_home_ahead_is_the_day_home() -> None:
    assert _facts("we cut the trip short, flying home friday") == {
        "travel.return_date": "2026-03-06"
    }


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("great trip, back in sf since last night", "SF"),
        ("back in portland since monday, so tired", "Portland"),
        ("What a week. Back in Manchester since Sunday.", "Manchester"),
        ("i've been back in denver since friday", "Denver"),
        ("landed safe, back in seattle since yesterday", "Seattle"),
    ],
)
def test_back_in_a_town_since_a_day_is_home_again(text: str, town: str) -> None:
    assert _facts(text) == {"travel.status": "completed", "travel.location": town}


@pytest.mark.parametrize(
    "text",
    [
        "my brother's back in sf since last night",
        "are you back in portland yet?",
        "dad's back in hospital since monday",
        "back in the office since monday, ugh",
    ],
)
def test_look_alikes_of_back_in_a_town_end_no_trip(text: str) -> None:
    assert _facts(text).get("travel.status") != "completed"
    assert "travel.location" not in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "thursday we were leaving for tahoe but it got cancelled",
        "saturday we were driving up to reno but it got canceled",
        "We were meant to leave for Rome on Friday, but it's been cancelled.",
        "sunday we were heading to napa but it got called off :(",
        "we were flying to boston friday but it got scrapped",
    ],
)
def test_a_plan_with_its_day_then_cancelled_is_the_trip_called_off(text: str) -> None:
    assert _facts(text) == {"travel.status": "cancelled"}


@pytest.mark.parametrize(
    "text",
    [
        "my parents were leaving for tahoe thursday but it got cancelled",
        "last year we were leaving for tahoe but it got cancelled",
        "thursday we were leaving for tahoe",
    ],
)
def test_look_alikes_of_a_plan_called_off_call_off_nothing(text: str) -> None:
    assert _facts(text).get("travel.status") != "cancelled"


@pytest.mark.parametrize(
    ("text", "place", "day"),
    [
        ("ok sunday, we are driving up to tahoe", "Tahoe", "2026-03-08"),
        ("right, saturday, we're heading to vegas", "Vegas", "2026-03-07"),
        ("so thursday, we're flying to Denver", "Denver", "2026-03-05"),
        ("okay friday, driving down to san diego", "San Diego", "2026-03-06"),
        ("alright tomorrow, we are off to boston", "Boston", "2026-03-05"),
    ],
)
def test_a_day_alone_before_a_comma_is_the_day_the_trip_leaves(
    text: str, place: str, day: str
) -> None:
    facts = _facts(text)
    assert facts.get("travel.destination") == place
    assert facts.get("travel.depart_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "ok sunday, my brother is driving up to tahoe",
        "ok sunday, we drove up to tahoe",
        "ok sunday, are we driving up to tahoe?",
    ],
)
def test_look_alikes_of_a_day_before_a_comma_set_out_on_no_day(text: str) -> None:
    assert "travel.depart_date" not in _facts(text)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we set off friday for tahoe", "2026-03-06"),
        ("we set off saturday for Lisbon!", "2026-03-07"),
        ("i set off on thursday for denver", "2026-03-05"),
        ("We set off Sunday for Boston.", "2026-03-08"),
        ("we set off friday morning for vegas", "2026-03-06"),
    ],
)
def test_set_off_with_a_day_said_plainly_is_a_plan(text: str, day: str) -> None:
    facts = _facts(text)
    assert facts.get("travel.depart_date") == day
    assert facts.get("travel.status") != "in_progress"


@pytest.mark.parametrize(
    "text",
    [
        "we set off thursday",
        "we set off sunday",
        "i set off tmrw morning",
    ],
)
def test_set_off_alone_with_a_day_ahead_is_no_trip_under_way(text: str) -> None:
    assert "travel.status" not in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "we set off yesterday for tahoe",
        "we set off this morning for denver",
        "we have set off for lisbon, finally",
    ],
)
def test_set_off_in_the_past_is_a_trip_under_way(text: str) -> None:
    assert _facts(text).get("travel.status") == "in_progress"


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("home to cork for xmas", "Cork"),
        ("going home to reading for easter", "Reading"),
        ("heading home to bath for the long weekend", "Bath"),
        ("off home to nice for the summer", "Nice"),
        ("flying home to Boston for thanksgiving", "Boston"),
    ],
)
def test_going_home_to_a_town_spelled_like_a_word_names_it(text: str, town: str) -> None:
    assert _facts(text).get("travel.destination") == town


@pytest.mark.parametrize(
    ("text", "town", "day"),
    [
        ("flying home to austin for my mom's birthday on friday", "Austin", "2026-03-06"),
        ("driving home to fresno for my dad's 60th saturday", "Fresno", "2026-03-07"),
        ("train home to york for my nan's party tomorrow", "York", "2026-03-05"),
        ("heading home to ohio for my brother's graduation on sunday", "Ohio", "2026-03-08"),
        ("going home to Leeds for our kid's christening on the 14th", "Leeds", "2026-03-14"),
    ],
)
def test_going_home_for_someones_day_is_home_that_day(text: str, town: str, day: str) -> None:
    assert _facts(text) == {"travel.destination": town, "travel.return_date": day}


@pytest.mark.parametrize(
    "text",
    [
        "my cousin's flying home to austin for her mom's birthday on friday",
        "should i fly home to austin for my mom's birthday?",
        "flew home to austin for my mom's birthday last friday",
        "went home to cork for xmas last year",
    ],
)
def test_look_alikes_of_going_home_for_something_go_nowhere(text: str) -> None:
    assert "travel.destination" not in _facts(text)
    assert "travel.return_date" not in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "went to tahoe last weekend, back sunday",
        "drove up to napa last friday, came home monday",
        "we flew to vegas on the 20th and were back on the 24th",
        "took the kids to denver over half term and got back thursday",
        "last month we went to lisbon, home again on the 16th",
    ],
)
def test_a_past_trip_there_and_back_is_a_story(text: str) -> None:
    assert _facts(text) == {}
    assert extract_offline(text, at=AT).intent == "historical"


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("we got back from tahoe last night", {"travel.status": "completed"}),
        ("flew to tenerife last night and came back this morning", {"travel.status": "completed"}),
    ],
)
def test_look_alikes_of_a_past_trip_keep_the_trip_over_now(
    text: str, facts: dict[str, object]
) -> None:
    assert _facts(text) == facts


def test_a_trip_ahead_there_and_back_stays_a_plan() -> None:
    facts = _facts("going to tahoe this weekend, back sunday")
    assert facts.get("travel.return_date") == "2026-03-08"
    assert facts.get("travel.destination") == "Tahoe"
