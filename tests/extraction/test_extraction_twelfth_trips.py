"""The twelfth round (issue 24), trips: classes of travel, location and timeline phrasing that
sentences written for this round in many voices (texting, email, dictation, British, Indian,
Nigerian and Filipino English, non-native English, retold stories, forwarded text) showed the
extractor missing: where one is said in other words, getting off a vehicle, arrivals said
the way Indian and Nigerian English say them, on the way in a phone's words, going in other
words (a named train, "proceeding to", "bound for", an arrival ahead, "a week on Saturday").
The days of trips are in ``test_extraction_twelfth_trip_days``.

Each class has its look-alikes (sentences that must not commit the field) beside the class
itself. Every row is a sentence written for this module, none taken from an evaluation set;
the probe sentences themselves are ``realistic/probes12a-dev.jsonl``.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline


def _here(text: str) -> object:
    ex = extract_offline(text, at=AT)
    assert ex.intent == "assertive", text
    return facts_said(text, AT).get("travel.location")


# ---------------------------------------------------------------- where one is, other words


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # British "sat"/"stood" for sitting and standing as one writes
        ("currently sat in a pub in Leeds watching the match", "Leeds"),
        ("we are sat in a little bar in Seville", "Seville"),
        ("stood in a queue at a museum in Florence for an hour now", "Florence"),
        # the subject left out before "am"
        ("am in Kraków now for the week", "Kraków"),
        ("am at my aunts place in Ibadan now", "Ibadan"),
        ("am currently in Mombasa", "Mombasa"),
        # Filipino English particles between the subject and the place
        ("I'm here na in Iloilo", "Iloilo"),
        ("we're here po in Baguio, arrived this morning", "Baguio"),
        ("im na in Davao", "Davao"),
        # sheltering from the weather
        ("we're holed up at a cabin in Banff till the roads open", "Banff"),
        ("I'm hunkered down in a hostel in Reykjavik, storm outside", "Reykjavík"),
        ("we're snowed in at a lodge in Aspen", "Aspen"),
        # a greeting with the weather said with an article and a degree
        ("Greetings from a very grey Belfast", "Belfast"),
        ("hello from a super humid Singapore!", "Singapore"),
        ("Hi from a rather wet and windy Cork", "Cork"),
    ],
)
def test_where_one_is_said_in_other_words(text: str, place: str) -> None:
    assert _here(text) == place


@pytest.mark.parametrize(
    "text",
    [
        "am going to ask about the hotel in Leeds",
        "we sat in a pub in Leeds for hours last summer",
        "greetings from all of us to everyone in Belfast",
        "stood in line for an hour at the dmv",
    ],
)
def test_look_alikes_of_where_one_is_place_no_one(text: str) -> None:
    assert "travel.location" not in facts_said(text, AT)


# ---------------------------------------------------------------- off a vehicle, arrived


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("just got off the train in York", "York"),
        ("off the plane in Denver, waiting on bags", "Denver"),
        ("stepped off the ferry at Naxos an hour ago", "Naxos"),
        ("hopped off the night bus in Krakow, hostel next", "Kraków"),
        # a touchdown said as a noun
        ("Touchdown Nairobi!!", "Nairobi"),
        ("touchdown in Lisbon, taxi queue is huge", "Lisbon"),
        ("Touchdown in Accra 🙌", "Accra"),
        # "got in to" for "got into"
        ("we got in to Rome late last night", "Rome"),
        ("got in to Seattle around 2am", "Seattle"),
        ("finally got in to Osaka", "Osaka"),
        # Indian and Nigerian English's present for a reaching that is over
        ("i reach chennai already, will call", "Chennai"),
        ("we reach Lagos safely o", "Lagos"),
        ("just reach Kochi safe", "Kochi"),
    ],
)
def test_arrivals_in_other_words(text: str, place: str) -> None:
    assert _here(text) == place


@pytest.mark.parametrize(
    "text",
    [
        "got off the phone with my mom in Denver",
        "stepped off the curb and twisted my ankle",
        "I reach Chennai on Friday",
        "the touchdown in the last quarter was unreal",
    ],
)
def test_look_alikes_of_an_arrival_place_no_one(text: str) -> None:
    assert "travel.location" not in facts_said(text, AT)


# ---------------------------------------------------------------- on the way, phone words


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("omw to portland", "Portland"),
        ("otw to manila na", "Manila"),
        ("en route to Marrakech, will text when we land", "Marrakech"),
        ("enroute to Abuja", "Abuja"),
        ("boarding now for Johannesburg", "Johannesburg"),
        ("boarding for Lima, talk later", "Lima"),
        ("wheels up to Austin", "Austin"),
        # an arrival expected is no possibility weighed
        ("omw to boise, should be there by 6", "Boise"),
        ("en route to Leeds, should get in around 9", "Leeds"),
        ("heading to Tulsa now, should land at 5", "Tulsa"),
    ],
)
def test_on_the_way_in_phone_words(text: str, place: str) -> None:
    ex = extract_offline(text, at=AT)
    assert ex.intent == "assertive", text
    assert facts_said(text, AT).get("travel.destination") == place


@pytest.mark.parametrize(
    "text",
    [
        "omw to the gym",
        "my sister is en route to Denver",
        "we should go to Denver some time",
        "I should be in Paris by now if the train hadn't broken down",
    ],
)
def test_look_alikes_of_on_the_way_plan_no_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.destination" not in said
    assert "travel.location" not in said


# ---------------------------------------------------------------- going, in other words


@pytest.mark.parametrize(
    ("text", "place", "depart"),
    [
        # a named train or coach, a formal "proceeding", "bound for"
        ("gonna take the eurostar to paris on the 21st", "Paris", "2026-03-21"),
        ("taking the red-eye to Boston tomorrow", "Boston", "2026-03-05"),
        ("catching the coach to Bristol on Saturday", "Bristol", "2026-03-07"),
        ("I shall be proceeding to Lagos on Friday", "Lagos", "2026-03-06"),
        ("Kindly be informed that I shall be proceeding to Kano on Monday.", "Kano", "2026-03-09"),
        (
            "Please be informed that I will be travelling to Enugu on the 12th",
            "Enugu",
            "2026-03-12",
        ),
        ("bound for Chicago tomorrow", "Chicago", "2026-03-05"),
        ("Chicago-bound tomorrow!!", "Chicago", "2026-03-05"),
        # an arrival ahead, said in the simple present
        ("We land in Lisbon at 6:40 Thursday", "Lisbon", "2026-03-05"),
        ("I arrive in Rome on the 12th", "Rome", "2026-03-12"),
        ("we get in to Denver friday night", "Denver", "2026-03-06"),
        # a British day a week on
        ("I leave a week on Saturday for Malta", "Malta", "2026-03-14"),
        ("flying to Faro a week on Friday", "Faro", "2026-03-13"),
        ("we're off to Corfu a fortnight on Monday", "Corfu", "2026-03-23"),
    ],
)
def test_going_in_other_words(text: str, place: str, depart: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.destination") == place, said
    assert said.get("travel.depart_date") == depart


@pytest.mark.parametrize(
    "text",
    [
        "the package should arrive in Denver on friday",
        "my sister is bound for Chicago tomorrow",
        "if we take the eurostar to paris we'll save money",
        "proceeding to checkout",
    ],
)
def test_look_alikes_of_going_plan_no_trip(text: str) -> None:
    assert "travel.destination" not in facts_said(text, AT)


# ---------------------------------------------------------------- batch two: more ways to say it


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # greetings in more words, an "officially", Nigerian Pidgin "dey", "haven't left yet"
        ("hey from Kathmandu! wifi is patchy", "Kathmandu"),
        ("Hallo from snowy Innsbruck", "Innsbruck"),
        ("hiya from Galway", "Galway"),
        ("ok so im officially in Tbilisi!!", "Tbilisi"),
        ("we're officially in Marrakech", "Marrakech"),
        ("I dey Abuja now, I go call you", "Abuja"),
        ("we still dey for Lagos", "Lagos"),
        ("I dey inside Kano since morning", "Kano"),
        ("I haven't left Boston yet, flight's at 9", "Boston"),
        ("we haven't even left Leeds yet lol", "Leeds"),
        ("killing time in Reykjavik on a layover", "Reykjavík"),
        ("I reach Ibadan this morning, journey was smooth", "Ibadan"),
    ],
)
def test_where_one_is_in_more_words(text: str, place: str) -> None:
    assert _here(text) == place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("currently on a train to Cardiff", "Cardiff"),
        ("Somewhere on the M6 heading to Manchester", "Manchester"),
        ("driving to Austin as we speak", "Austin"),
        ("flying to Lagos rn, wifi on the plane is a joke", "Lagos"),
    ],
)
def test_a_going_said_to_be_under_way_now(text: str, place: str) -> None:
    ex = extract_offline(text, at=AT)
    assert ex.intent == "assertive"
    said = facts_said(text, AT)
    assert said.get("travel.destination") == place
    assert said.get("travel.status") == "in_progress"


@pytest.mark.parametrize(
    ("text", "place", "depart"),
    [
        ("we depart for Cairo on the 21st", "Cairo", "2026-03-21"),
        ("departing for Kigali on Monday", "Kigali", "2026-03-09"),
        ("Flying SFO to Boston on Thursday", "Boston", "2026-03-05"),
        ("flying LHR to Accra on the 12th", "Accra", "2026-03-12"),
        ("we're off to Lanzarote on Saturday!!", "Lanzarote", "2026-03-07"),
        ("off to Tenerife on Friday wooo", "Tenerife", "2026-03-06"),
    ],
)
def test_going_in_yet_more_words(text: str, place: str, depart: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.destination") == place, said
    assert said.get("travel.depart_date") == depart


@pytest.mark.parametrize(
    "text",
    [
        "on the board for Denver",
        "my sister is driving to Austin as we speak",
        "we're off to see Maria on Saturday",
    ],
)
def test_look_alikes_of_going_in_yet_more_words(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.destination" not in said
    assert said.get("travel.status") != "in_progress"


@pytest.mark.parametrize(
    "text",
    [
        "fwd from Sarah: Landed in Berlin, all good x",
        "from Tom: Landed in Oslo",
        "from Kemi: Touched down in Accra",
    ],
)
def test_someone_elses_words_handed_on_with_a_capital_place_no_one(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.location" not in said
    assert "travel.status" not in said


# ---------------------------------------------------------------- batch three


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Morning from Kigali ☀️", "Kigali"),
        ("good evening from Lagos", "Lagos"),
        ("afternoon from a damp Cardiff", "Cardiff"),
        ("we're parked up at a campsite outside Keswick", "Keswick"),
        ("still in Manila po, flight is tomorrow", "Manila"),
        ("still in Denver, flying home friday", "Denver"),
        ("staying an extra week in Hoi An, too good to leave", "Hoi An"),
        ("stuck on the tarmac in Chicago for 2 hours now", "Chicago"),
        ("flight cancelled, stuck in Frankfurt overnight", "Frankfurt"),
        ("our flight got cancelled, stranded in Lisbon till Sunday", "Lisbon"),
    ],
)
def test_where_one_is_batch_three(text: str, place: str) -> None:
    assert _here(text) == place


@pytest.mark.parametrize(
    ("text", "place", "depart"),
    [
        ("flying Lagos to London on Sunday night", "London", "2026-03-08"),
        ("driving Leeds to Bristol tomorrow", "Bristol", "2026-03-05"),
        ("next stop Hanoi on Saturday", "Hanoi", "2026-03-07"),
        ("next stop: Kyoto on Friday", "Kyoto", "2026-03-06"),
        ("Im going kumasi on friday", "Kumasi", "2026-03-06"),
        ("we're going Abuja tomorrow", "Abuja", "2026-03-05"),
        ("now we're doing Edinburgh on the 14th instead", "Edinburgh", "2026-03-14"),
        ("we're doing Prague on the 20th", "Prague", "2026-03-20"),
        ("trip: Lisbon, 12th to 19th", "Lisbon", "2026-03-12"),
    ],
)
def test_going_batch_three(text: str, place: str, depart: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.destination") == place, said
    assert said.get("travel.depart_date") == depart


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("on the M4 to Cardiff rn", "Cardiff"),
        ("on the I-95 to Boston now", "Boston"),
        ("on the motorway to Glasgow right now", "Glasgow"),
    ],
)
def test_on_the_road_to_a_place_now(text: str, place: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.destination") == place
    assert said.get("travel.status") == "in_progress"


@pytest.mark.parametrize(
    "text",
    [
        "I'm going shopping on friday",
        "we're doing dinner on Friday",
        "we're doing pizza tonight",
        "my sister's gone till Friday",
    ],
)
def test_look_alikes_of_going_batch_three(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.destination" not in said
    assert "travel.return_date" not in said
