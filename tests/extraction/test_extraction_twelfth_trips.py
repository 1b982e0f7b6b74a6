"""The twelfth round (issue 24), trips: classes of travel, location and timeline phrasing that
sentences written for this round in many voices (texting, email, dictation, British, Indian,
Nigerian and Filipino English, non-native English, retold stories, forwarded text) showed the
extractor missing: where one is said in other words, getting off a vehicle, arrivals said
the way Indian and Nigerian English say them.

Each class has its look-alikes (sentences that must not commit the field) beside the class
itself. Every row is a sentence written for this module, none taken from an evaluation set;
the probe sentences themselves are ``realistic/probes12a-dev.jsonl``.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline


def _said(text: str) -> dict[str, object]:
    found = extract_offline(text, at=AT).observations
    return {o.field: o.candidate_value for o in found if o.intent in ("assertive", "planning")}


def _here(text: str) -> object:
    ex = extract_offline(text, at=AT)
    assert ex.intent == "assertive", text
    return _said(text).get("travel.location")


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
    assert "travel.location" not in _said(text)


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
    assert "travel.location" not in _said(text)
