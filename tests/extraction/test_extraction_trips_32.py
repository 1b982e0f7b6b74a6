"""The thirty-second round (trips32): trip sentences the extractor still misread.

"Head off" and a bare "off" on a day before the way back set out on no day ("off tomorrow,
home again monday" kept only the return); a remark before leaving ("flights booked, leaving
the 22nd, back 29th") made the way back part of a story and lost the departure; "then back
the 13th" and "back late sunday" were no days; going home to a named place with a way back
after it ("driving home to fresno on friday, back sunday") was two returns, not a trip to the
place, and going home for something took the holiday for its day ("home to boston for
christmas on the 20th" came home on the 25th); an ask of the reader after a comma ("lmao in
Denver since monday, send snacks") hid where the writer is; a bare weekday cut short after a
place ("vegas with the boys thurs") was no day; a relative's home in a town spelled like a word ("off to my parents in bath")
was no place. Each class is tabled with phrasings in several voices and with look-alikes
that must keep their reading: a day off work ("i'm off tomorrow"), someone else's trip, a
question, a condition, the past. Every row is a sentence written for this module, none
taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline

# AT is Wednesday 4 March 2026: Thursday is the 5th, Friday the 6th, Saturday the 7th,
# Sunday the 8th, Monday the 9th, Tuesday the 10th.

_TRIP = ("travel.destination", "travel.depart_date", "travel.return_date", "travel.location")


def _said(text: str) -> dict[str, tuple[object, str]]:
    """The writer's fields read from ``text``, with their intents."""
    return {
        o.field: (o.candidate_value, o.intent)
        for o in extract_offline(text, at=AT).observations
        if o.entity_id == "user:primary"
    }


def _facts(text: str) -> dict[str, object]:
    """What ``text`` says as a fact or a plan about the writer."""
    return {f: v for f, (v, i) in _said(text).items() if i in ("assertive", "planning")}


def _days(text: str) -> tuple[object, object]:
    facts = _facts(text)
    return facts.get("travel.depart_date"), facts.get("travel.return_date")


@pytest.mark.parametrize(
    ("text", "out", "back"),
    [
        ("heading off thursday, home again sunday", "2026-03-05", "2026-03-08"),
        ("we're off friday, back on the 10th", "2026-03-06", "2026-03-10"),
        ("Off tomorrow, home again Sunday!!", "2026-03-05", "2026-03-08"),
        ("we head off on friday, back monday night", "2026-03-06", "2026-03-09"),
        ("were off saturday n back tuesday", "2026-03-07", "2026-03-10"),
        ("off early friday, back late sunday", "2026-03-06", "2026-03-08"),
    ],
)
def test_setting_off_on_a_day_before_the_way_back_is_the_departure(
    text: str, out: str, back: str
) -> None:
    assert _days(text) == (out, back), _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "i'm off tomorrow, back at work monday",  # a day off work
        "im off friday so lets do lunch",
        "off sick tomorrow, back monday",
        "off work friday, back in on monday",
        "my brother heads off friday, back monday",  # his
        "if we head off friday we'd be back monday",  # a condition
        "should we head off friday, back monday?",  # a question
        "we headed off friday last week and were back by monday",  # the past
    ],
)
def test_look_alikes_of_setting_off_set_out_on_no_day(text: str) -> None:
    assert "travel.depart_date" not in _facts(text), _said(text)


@pytest.mark.parametrize(
    ("text", "out", "back"),
    [
        ("Hotel's booked, leaving the 14th, back the 21st", "2026-03-14", "2026-03-21"),
        ("bags packed, leaving friday, back tuesday", "2026-03-06", "2026-03-10"),
        ("tickets sorted, flying out the 12th, back the 18th", "2026-03-12", "2026-03-18"),
        ("visa approved!! leaving thursday, back the 15th", "2026-03-05", "2026-03-15"),
        ("ok car rented, we leave saturday, back wednesday", "2026-03-07", "2026-03-11"),
    ],
)
def test_a_remark_before_leaving_keeps_the_way_back_the_plans(
    text: str, out: str, back: str
) -> None:
    assert _days(text) == (out, back), _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "flights booked for dad, he's leaving the 14th, back the 21st",  # his
        "tickets were booked, we left the 14th and came back the 21st",  # the past
        "are the tickets booked? are we leaving the 14th?",  # a question
    ],
)
def test_look_alikes_of_a_remark_before_leaving_plan_no_departure(text: str) -> None:
    assert "travel.depart_date" not in _facts(text), _said(text)


def test_a_journey_told_in_the_past_still_cuts_off_its_day_back() -> None:
    said = _facts("flew to toronto yesterday, back on the 20th")
    assert said.get("travel.location") == "Toronto", said
    assert said.get("travel.return_date") == "2026-03-20", said
    assert "travel.depart_date" not in said, said


@pytest.mark.parametrize(
    ("text", "place", "out", "back"),
    [
        ("flying to denver the 10th, then back the 13th", "Denver", "2026-03-10", "2026-03-13"),
        ("off to rome the 11th, then back the 17th", "Rome", "2026-03-11", "2026-03-17"),
        ("heading to lisbon friday, then back the 12th", "Lisbon", "2026-03-06", "2026-03-12"),
        ("train to york the 7th and then back the 9th", "York", "2026-03-07", "2026-03-09"),
        ("tahoe with the girls thurs, then back sunday", "Tahoe", "2026-03-05", "2026-03-08"),
    ],
)
def test_then_back_on_a_day_ends_the_trip_before_it(
    text: str, place: str, out: str, back: str
) -> None:
    said = _facts(text)
    assert said.get("travel.destination") == place, said
    assert _days(text) == (out, back), said


@pytest.mark.parametrize(
    "text",
    [
        "mum's flying to denver the 10th, then back the 13th",  # hers
        "could we fly to denver the 10th, then back the 13th?",  # a question
        "my brother's doing vegas with the boys thurs",  # his
    ],
)
def test_look_alikes_of_then_back_plan_no_trip(text: str) -> None:
    said = _facts(text)
    assert not set(said) & set(_TRIP), said


@pytest.mark.parametrize(
    ("text", "place", "out", "back"),
    [
        ("flying home to chicago friday, back tuesday", "Chicago", "2026-03-06", "2026-03-10"),
        (
            "bus home to sacramento on the 12th, back the 15th",
            "Sacramento",
            "2026-03-12",
            "2026-03-15",
        ),
        ("driving home to omaha saturday and back monday", "Omaha", "2026-03-07", "2026-03-09"),
        ("home to fresno thursday, back sunday night", "Fresno", "2026-03-05", "2026-03-08"),
        (
            "train home to leeds on the 13th and back on the 16th",
            "Leeds",
            "2026-03-13",
            "2026-03-16",
        ),
    ],
)
def test_going_home_to_a_place_and_back_is_a_trip_there(
    text: str, place: str, out: str, back: str
) -> None:
    said = _facts(text)
    assert said.get("travel.destination") == place, said
    assert _days(text) == (out, back), said


@pytest.mark.parametrize(
    ("text", "place", "day"),
    [
        ("home to denver for the weekend on friday", "Denver", "2026-03-06"),
        ("flying home to dublin for easter on the 1st", "Dublin", "2026-04-01"),
        ("going home to glasgow for my birthday on the 18th", "Glasgow", "2026-03-18"),
        ("train home to york for mothers day on the 14th", "York", "2026-03-14"),
        ("heading home to ohio for spring break on the 13th", "Ohio", "2026-03-13"),
    ],
)
def test_going_home_to_a_place_for_something_is_on_the_day_said_beside_it(
    text: str, place: str, day: str
) -> None:
    # The way home, home named (as "flying home to phoenix tomorrow" is); the day is the one
    # said beside what it is for, never the holiday it is for.
    said = _facts(text)
    assert said.get("travel.destination") == place, said
    assert said.get("travel.return_date") == day, said
    assert "travel.depart_date" not in said, said


@pytest.mark.parametrize(
    "text",
    [
        "my roommate's driving home to omaha saturday, back monday",  # his
        "are you going home to leeds for easter?",  # a question
        "i'd fly home to dublin for easter if it weren't so dear",  # a condition
        "went home to chicago for the weekend, it was lovely",  # the past
    ],
)
def test_look_alikes_of_going_home_to_a_place_plan_no_trip(text: str) -> None:
    said = _facts(text)
    assert "travel.depart_date" not in said, said
    assert "travel.destination" not in said, said


def test_going_home_to_a_place_with_nothing_after_is_still_the_way_home() -> None:
    said = _facts("flying home to phoenix tomorrow")
    assert said.get("travel.return_date") == "2026-03-05", said
    assert "travel.depart_date" not in said, said


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("lmao in Reno since sunday, send help", "Reno"),
        ("in Miami since friday, pray for me", "Miami"),
        ("haha in Oslo since monday, send snacks pls", "Oslo"),
        ("in Seattle since yesterday, call me", "Seattle"),
        ("ugh in Dallas since tuesday, text me later", "Dallas"),
    ],
)
def test_an_ask_after_where_the_writer_is_leaves_the_place_told(text: str, place: str) -> None:
    assert _facts(text).get("travel.location") == place, _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "dad's in Reno since sunday, send him snacks",  # his
        "in Reno since sunday? send pics",  # a question
        "lol my sister's in Oslo since monday, pray for her",
    ],
)
def test_look_alikes_of_an_ask_after_the_news_put_the_writer_nowhere(text: str) -> None:
    assert "travel.location" not in _facts(text), _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "my parents are in Cancun",
        "my parents are in Cabo rn",
        "the in-laws are in Tenerife",
        "my brother's in Denver",
        "grandma's in Florida",
    ],
)
def test_someone_else_somewhere_is_not_the_writers_trip(text: str) -> None:
    said = _facts(text)
    assert not set(said) & set(_TRIP), said


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("me and my parents are in Cancun", "Cancun"),
        ("im in cabo with my parents", "Cabo"),
    ],
)
def test_the_writer_among_the_family_is_there(text: str, place: str) -> None:
    assert _facts(text).get("travel.location") == place, _said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("off to my parents in bath", "Bath"),
        ("off to my mum's in reading friday", "Reading"),
        ("heading to my sister's place in nice next week", "Nice"),
        ("going to my grandparents in derby tomorrow", "Derby"),
        ("off to my in-laws in bath for the weekend", "Bath"),
    ],
)
def test_a_relatives_home_in_a_town_spelled_like_a_word_is_the_town(text: str, place: str) -> None:
    assert _facts(text).get("travel.destination") == place, _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "my parents are off to bath friday",  # theirs
        "my sister's going to our parents in bath",
        "off to run a bath",  # the tub
        "should i go to my parents in bath?",  # a question
        "off to my mum's in a bit",  # no place
    ],
)
def test_look_alikes_of_a_relatives_town_plan_no_trip_there(text: str) -> None:
    assert "travel.destination" not in _facts(text), _said(text)
