"""The nineteenth round (issue 24), chat between teens, students, gamers, couples, friends and
nomads, dictated voice notes and phones' autocorrect: classes of phrasing that sentences
written for this round (``realistic/probes19c*-dev.jsonl``) showed the extractor missing.

Batch one: a plan dated by the student's calendar ("after finals"), a bare place bounded by
"till" a day, an arrival whose place comes a clause later or after a pet name, the listener
asked along ("if u wanna come"), a guess at what follows from a fact ("so ping might be
trash"), a student's work placement, and a present progressive beside a past event ("the
boiler broke and the landlord isn't answering").

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, held_said, intent_said

from core.extraction.offline import extract_offline


def _intents(text: str) -> dict[str, str]:
    return {o.field: o.intent for o in extract_offline(text, at=AT).observations}


# ---------------------------------------------------------------- the student's calendar


@pytest.mark.parametrize(
    "text",
    [
        "driving back to cardiff after exams",
        "im going home straight after my last exam",
        "we're moving to bristol after graduation",
        "heading up to my nans once term is over",
        "prob staying in halls after midterms tbh",
    ],
)
def test_a_journey_dated_by_the_academic_year_is_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"


@pytest.mark.parametrize(
    "text",
    [
        "after exams were over we drove home",
        "i moved to leeds after graduation",
        "she went home after her finals",
    ],
)
def test_a_journey_after_exams_told_in_the_past_is_no_plan(text: str) -> None:
    assert intent_said(text) != "planning"


# ---------------------------------------------------------------- a bare place until a day


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("porto till friday, then who knows", "Porto"),
        ("hanoi until the 18th lol", "Hanoi"),
        ("tbilisi till the end of the month then prob yerevan", "Tbilisi"),
        ("bangkok thru sunday", "Bangkok"),
    ],
)
def test_a_bare_place_bounded_by_a_day_is_where_one_is(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    "text",
    ["porto from friday", "lisbon till friday was fun", "bali next week till the 20th"],
)
def test_a_bare_place_ahead_or_told_of_is_not_where_one_is(text: str) -> None:
    assert "travel.location" not in held_said(text)


# ---------------------------------------------------------------- arrivals, the place later


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("landed babe, cab to the hotel now, leeds is grim", "Leeds"),
        ("made it guys! uber to the airbnb, lisbon is gorgeous", "Lisbon"),
        ("landed mum, glasgow is freezing", "Glasgow"),
    ],
)
def test_an_arrival_takes_the_place_talked_about_after_a_pet_name_or_an_aside(
    text: str, place: str
) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    "text",
    [
        "landed babe, mom says tokyo is huge",
        "made it mum, train was fine, glasgow is freezing",  # an aside in the past
        "landed! the hotel is nice",
    ],
)
def test_an_arrival_then_someone_elses_words_or_a_story_names_no_place(text: str) -> None:
    assert "travel.location" not in held_said(text)


# ---------------------------------------------------------------- asked along


@pytest.mark.parametrize(
    "text",
    [
        "we're all at the park if u wanna come",
        "at the pub w the lads if you fancy joining",
        "im in the library till 6 if you want to come study",
        "ive got the xbox set up at mine if y'all wanna come over",
    ],
)
def test_the_listener_asked_along_puts_no_condition_on_the_fact(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text", ["if u wanna come we're at the park", "i wanna come to paris", "if you want we'll go"]
)
def test_a_wish_or_a_condition_that_leads_stays_hypothetical(text: str) -> None:
    assert intent_said(text) == "hypothetical"


# ---------------------------------------------------------------- a guess at what follows


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("streaming from my aunts in dublin so ping might be awful", "Dublin"),
        ("in lisbon till may so replies might be slow", "Lisbon"),
        ("been in hanoi since january, honestly might never leave", "Hanoi"),
        ("staying at my dads in denver so wifi may be spotty", "Denver"),
    ],
)
def test_a_guess_after_a_fact_leaves_the_fact(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place
    assert _intents(text)["travel.location"] == "assertive"


def test_a_guess_after_a_guess_stays_a_guess() -> None:
    assert intent_said("we might go to paris so it might be fun") == "hypothetical"


# ---------------------------------------------------------------- placements


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("doing an apprenticeship with siemens", "Siemens"),
        ("on my year in industry at IBM rn", "IBM"),
        ("doing my grad scheme at KPMG", "KPMG"),
        ("i'm on a co-op with shopify this term", "Shopify"),
        ("I've got the job at Tesco I start monday", "Tesco"),
    ],
)
def test_a_students_placement_names_the_employer(text: str, employer: str) -> None:
    assert held_said(text).get("profile.employer") == employer


@pytest.mark.parametrize(
    "text",
    [
        "my sister is doing her placement at ibm",
        "doing work experience at my dads office",
        "i work at noon tomorrow",
    ],
)
def test_someone_elses_placement_or_a_time_names_no_employer(text: str) -> None:
    assert "profile.employer" not in held_said(text)


# ---------------------------------------------------------------- at it now, beside the past


@pytest.mark.parametrize(
    "text",
    [
        "the heating broke again and the landlord isnt picking up",
        "my phone died and my mum is freaking out",
        "dad's driving me to the station cos i missed the bus",
        "our flight got delayed and the airline isn't telling us anything",
    ],
)
def test_someone_at_it_now_beside_a_past_event_is_news_about_now(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "we went to rome in 2019 and the food was amazing",
        "last summer my brother was working at a camp",
    ],
)
def test_a_story_with_no_present_stays_a_story(text: str) -> None:
    assert intent_said(text) == "historical"
