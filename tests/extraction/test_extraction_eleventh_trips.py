"""The eleventh round (issue 24), trips: classes of phrasing that sentences written for this
round in many voices (texting, email, dictation, non-native, British, Indian and Australian
English, lists, quoted text) showed the extractor missing: a going one cannot do, a trip
called off by its predicate, arrivals and stays in other words, where one is and then the
way home, home again, a future not yet known, having to be somewhere.

Each class has its look-alikes (sentences that must not commit the field) beside the class
itself. Every row is a sentence written for this module, none taken from an evaluation set;
the probe sentences themselves are ``realistic/probes11-dev.jsonl``.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline

# ---------------------------------------------------------------- a going one cannot do


@pytest.mark.parametrize(
    "text",
    [
        "I can't go to Austin next week",
        "we cannot fly to Denver on friday",
        "i cant make it to chicago this weekend",
        "we won't be able to go to Boston",
        "we can't afford to go to Hawaii",
        "Unfortunately I am unable to travel to Delhi next month",
        "cant even get away to tahoe this yr",
        "I won't go to Denver friday, not with this storm",
    ],
)
def test_an_inability_to_go_plans_no_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.destination" not in said
    assert said.get("travel.status") in (None, "cancelled")
    assert extract_offline(text, at=AT).intent != "planning" or "won't go" in text


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I can't wait to fly to Lisbon on friday", "Lisbon"),
        ("we're flying to Denver friday, can't wait", "Denver"),
        ("can't believe we're going to Hawaii next week!!", "Hawaii"),
        ("good news, we'll be able to fly to Boston on friday after all", "Boston"),
    ],
)
def test_eagerness_and_a_granted_trip_stay_plans(text: str, place: str) -> None:
    assert facts_said(text, AT).get("travel.destination") == place


# ---------------------------------------------------------------- a trip called off by its predicate


@pytest.mark.parametrize(
    "text",
    [
        "the boston trip isn't happening until may",
        "the trip is on!",
        "the trip's still on",
        "the trip is not on my mind at all",
        "we cancelled netflix",
        "i had to cancel jordan, she was sick",
        "we're not doing the dishes tonight",
        "my sister's trip to Rome isn't happening",
        "if the trip isn't happening we should get a refund",
        "is the vegas trip a no go?",
    ],
)
def test_a_call_off_look_alike_cancels_no_trip(text: str) -> None:
    assert facts_said(text, AT).get("travel.status") != "cancelled"


@pytest.mark.parametrize(
    "text",
    [
        # The predicate says it: not happening, a no go, not going ahead, won't happen.
        "the boston trip isnt happening",
        "portland trip is a no go",
        "The Lisbon trip is not going ahead.",
        "our trip to Rome won't happen now",
        "ski trip's not happening this year sadly",
        "Regrettably our holiday to Greece will not be going ahead.",
        # A colon or a dash for the verb, as in a list or a status line.
        "trip to vegas: cancelled.",
        "the trip to Denver - cancelled",
        "Update on the Cabo trip: cancelled 😞",
        # A trip not taken.
        "we're not doing the ski trip this year, too expensive",
        "we won't be taking the trip to Maui after all",
        # The place cancelled stands for the trip there.
        "had to cancel Portland, my boss needs me here",
        "we cancelled vegas, flights were crazy",
        "Ended up cancelling Lisbon because of the strike",
    ],
)
def test_a_trip_called_off_by_its_predicate_is_cancelled(text: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.status") == "cancelled"
    assert not any(f.startswith("project.") for f in said)


# ---------------------------------------------------------------- arrivals and stays in other words


@pytest.mark.parametrize(
    "text",
    [
        "the temperature reached 40 in Phoenix",
        "sales reached a record in Denver",
        "i reached out to my landlord in Austin",
        "my sister reached Goa last night",
        "we drove through Utah last summer",
        "my parents are driving through Ohio right now",
        "if we reach Denver by 6 we'll get dinner",
    ],
)
def test_an_arrival_look_alike_places_no_one(text: str) -> None:
    assert "travel.location" not in facts_said(text, AT)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # "reached" for arrived, in Indian and plain English.
        ("reached hyderabad safely", "Hyderabad"),
        ("Me and wife are reached Pune this morning", "Pune"),
        ("we reached Goa last night, the beach is right outside", "Goa"),
        ("Just reached Chennai, will call after dinner", "Chennai"),
        # "presently" for currently, as a formal mail says it.
        ("Dear team, I am presently in Singapore and will respond on my return.", "Singapore"),
        ("We are presently at a conference in Vienna.", "Vienna"),
        # On the road across a place, now.
        ("we're driving through Utah right now, next stop Moab", "Utah"),
        ("cycling across Vietnam atm, next stop hue", "Vietnam"),
        ("currently hiking through Patagonia", "Patagonia"),
    ],
)
def test_an_arrival_or_stay_in_other_words_is_where_one_is(text: str, place: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.location") == place
    assert said.get("travel.status") == "in_progress"


def test_driving_through_a_place_next_week_is_a_plan() -> None:
    assert (
        facts_said("we'll be driving through Utah next week", AT).get("travel.status") == "planning"
    )


# ---------------------------------------------------------------- where one is, then the way home


@pytest.mark.parametrize(
    ("text", "place", "back"),
    [
        # The way home after a comma, its subject left out.
        ("still in Paris, flying home Friday", "Paris", "2026-03-06"),
        ("currently in Lisbon, flying home on saturday", "Lisbon", "2026-03-07"),
        ("in London this week, back on the 12th", "London", "2026-03-12"),
        # A bare "back" or "home" and its day after where one is.
        ("on holiday in Crete with the kids, back on the 14th", "Crete", "2026-03-14"),
        ("in Denver for work - home friday", "Denver", "2026-03-06"),
        ("we're in Tulum, back tuesday", "Tulum", "2026-03-10"),
    ],
)
def test_where_one_is_then_the_way_home_dates_the_return(text: str, place: str, back: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.location") == place
    assert said.get("travel.return_date") == back
    assert "travel.destination" not in said


@pytest.mark.parametrize(
    "text",
    [
        "in Paris for a week, home by 6 every night",
        "if we're still in Paris, flying home friday makes no sense",
    ],
)
def test_a_way_home_look_alike_dates_no_return(text: str) -> None:
    assert "travel.return_date" not in facts_said(text, AT)


# ---------------------------------------------------------------- home again, and the day home


@pytest.mark.parametrize(
    "text",
    [
        "back in the office today after my holiday in Spain",
        "trips over, back to reality",
        "we landed back home at midnight",
        "arrived home safe and sound",
        "Back at work after our honeymoon, send coffee",
    ],
)
def test_home_again_said_other_ways_completes_the_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.status") == "completed"
    assert "travel.location" not in said


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("back in town monday", "2026-03-09"),
        ("back in boston tmrw", "2026-03-05"),
        ("and back in Leeds the 12th", "2026-03-12"),
    ],
)
def test_back_somewhere_then_a_day_is_the_return(text: str, day: str) -> None:
    assert facts_said(text, AT).get("travel.return_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "he trips over everything",
        "my sister is back in town monday",
        "back in town for the weekend",
        "back at work after lunch",
        "my husband landed back home at midnight",
    ],
)
def test_a_home_again_look_alike_ends_no_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.status") != "completed"
    assert "travel.return_date" not in said


# ---------------------------------------------------------------- a future not yet known


@pytest.mark.parametrize(
    "text",
    [
        "i don't know if we'll fly to Boston on friday",
        "honestly dont know where ill be next week",
        "I do not know whether we will go to Lisbon in April",
        "no clue if im gonna be in denver friday",
        "i'll probably move to Denver at some point",
        "we will eventually move to Austin",
        "eventually we'll move to Portland",
        "gonna go to Japan sooner or later",
    ],
)
def test_a_future_not_yet_known_is_no_plan(text: str) -> None:
    assert extract_offline(text, at=AT).intent == "hypothetical"
    assert not facts_said(text, AT)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("we're flying to Denver friday, idk about the hotel yet", "travel.destination", "Denver"),
        (
            "I don't know about you but I'm flying to Boston on friday",
            "travel.destination",
            "Boston",
        ),
    ],
)
def test_a_known_fact_beside_a_doubt_stays(text: str, field: str, value: str) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- "and back" after where one is


@pytest.mark.parametrize(
    ("text", "place", "back"),
    [
        (
            "Good morning! I'm in Houston for a client visit and back in the office Monday.",
            "Houston",
            "2026-03-09",
        ),
        ("in Denver for work and back home friday", "Denver", "2026-03-06"),
        ("we're in Denver and back on friday", "Denver", "2026-03-06"),
    ],
)
def test_and_back_after_where_one_is_dates_the_return(text: str, place: str, back: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.location") == place
    assert said.get("travel.return_date") == back
    assert "travel.destination" not in said


@pytest.mark.parametrize(
    "text",
    [
        "my wife is in Denver and back on friday",
        "we went to the store and back",
        "I'm sitting here in Austin and back pain is killing me",
    ],
)
def test_and_back_look_alikes_date_no_return(text: str) -> None:
    assert "travel.return_date" not in facts_said(text, AT)


# ---------------------------------------------------------------- out of town there, a stay booked


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm out of town in Denver until Wednesday", "Denver"),
        ("we're out of town in Ohio this week", "Ohio"),
        ("Im still out of town in Vegas, back monday", "Vegas"),
    ],
)
def test_out_of_town_somewhere_is_where_one_is(text: str, place: str) -> None:
    assert facts_said(text, AT).get("travel.location") == place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we've booked a week in Portugal for June", "Portugal"),
        ("booked two nights in Lisbon for the 20th", "Lisbon"),
        ("We have reserved a few days at Yosemite in April", "Yosemite"),
    ],
)
def test_a_stay_booked_somewhere_is_a_trip_there(text: str, place: str) -> None:
    assert facts_said(text, AT).get("travel.destination") == place


@pytest.mark.parametrize(
    "text",
    [
        "I booked a day in the spa",
        "my sister booked a week in Cancun",
        "we booked a week in Maui last year and loved it",
        "my parents are out of town in Ohio",
    ],
)
def test_a_stay_look_alike_sets_no_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.destination" not in said
    assert "travel.location" not in said


# ---------------------------------------------------------------- having to be somewhere


@pytest.mark.parametrize(
    "text",
    [
        "got to be in houston by friday so im flying out thursday",
        "I have to be in Boston at 9",
        "we need to be in Chicago by noon tomorrow",
        "we got to go to Denver tomorrow",
        "I'm supposed to be in Dallas on monday",
    ],
)
def test_having_to_be_somewhere_is_not_being_there(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.location" not in said
    assert said.get("travel.status") != "in_progress"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("so happy to be in Rome", "Rome"),
        ("nice to be in Lisbon again", "Lisbon"),
        ("got to Houston last night", "Houston"),
    ],
)
def test_glad_to_be_there_or_got_there_is_there(text: str, place: str) -> None:
    assert facts_said(text, AT).get("travel.location") == place
