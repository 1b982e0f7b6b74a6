"""The thirteenth round (issue 24), mixed tenses: a past told as evidence of the present.
Classes that sentences written for this round showed the extractor losing: a departure told
in the past ("we left for Denver on saturday": a trip under way now); being somewhere since
long ago ("I'm in Denver, been here since college": home, not a trip); someone ill in the
past, then how they are now with no subject ("the kids were sick all week, back at school
today": well now).

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set; the probe sentences are ``realistic/probes13c-dev.jsonl``.
AT is Wednesday 2026-03-04.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline


def _said(text: str) -> dict[str, object]:
    found = extract_offline(text, at=AT).observations
    return {o.field: o.candidate_value for o in found if o.intent in ("assertive", "planning")}


# ------------------------------------------------------------- a departure told in the past


@pytest.mark.parametrize(
    ("text", "depart", "destination"),
    [
        # texting, lower case
        ("we left for raleigh on sunday, the dog is at my moms", "2026-03-01", "Raleigh"),
        ("finally left lol on the highway now", None, None),
        ("left this am, stuck behind a tractor", "2026-03-04", None),
        # a longer post
        (
            "Update for the group: we set off for Glasgow yesterday and the drive was grim.",
            "2026-03-03",
            "Glasgow",
        ),
        # non-native English, the present perfect with a past day
        ("We have departed to Kampala on Monday, network is poor here.", "2026-03-02", "Kampala"),
        # dictated
        ("okay so we headed out at like 5 this morning", "2026-03-04", None),
        ("flew out to Dallas on saturday for the week", "2026-02-28", "Dallas"),
    ],
)
def test_a_departure_in_the_past_is_a_trip_under_way(
    text: str, depart: str | None, destination: str | None
) -> None:
    said = _said(text)
    assert said.get("travel.status") == "in_progress"
    assert said.get("travel.depart_date") == depart
    assert said.get("travel.destination") == destination


@pytest.mark.parametrize(
    "text",
    [
        # leaving a thing, a place of work or an event
        "we left the wedding before the speeches",
        "i left my wallet in the uber again",
        "left work at 4 today, headache",
        "we left it way too late to book anything",
        # someone else's departure
        "my cousin left for Dallas on saturday",
        "they set off for Glasgow yesterday",
        # a story, long ago
        "When we left for Kampala in 2018 the roads were flooded.",
        "we left for raleigh last year and never came back",
        # what might have been, a question, a condition
        "we should've left on sunday tbh",
        "did you set off yet?",
        "if we left for Dallas on friday we'd be there by now",
    ],
)
def test_leaving_something_else_is_no_trip(text: str) -> None:
    said = _said(text)
    assert said.get("travel.status") != "in_progress"
    assert "travel.depart_date" not in said


def test_leaving_the_destination_is_not_going_to_it() -> None:
    assert "travel.destination" not in _said("we left Dallas on sunday, back home now")


# ------------------------------------------------------ somewhere since long ago is home


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("fwiw im in Tucson, been here since high school", "Tucson"),
        ("We're in Omaha. Have been for about 12 years now.", "Omaha"),
        ("I am in Kochi, living here from birth itself", "Kochi"),
        ("currently in Bristol, been living here since 2011", "Bristol"),
        ("in tampa, been here since i was 6 lol", "Tampa"),
    ],
)
def test_somewhere_since_long_ago_is_home(text: str, home: str) -> None:
    said = _said(text)
    assert said.get("profile.home_city") == home
    assert "travel.location" not in said
    assert said.get("travel.status") != "in_progress"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("im in Tucson, been here since monday for a wedding", "Tucson"),
        ("in Bristol since 9am and the trains are a mess", "Bristol"),
        ("We're in Omaha, been here since the 1st for work", "Omaha"),
    ],
)
def test_somewhere_since_this_week_is_a_stay(text: str, where: str) -> None:
    said = _said(text)
    assert said.get("travel.location") == where
    assert "profile.home_city" not in said


def test_someone_else_there_since_long_ago_is_not_the_speakers_home() -> None:
    said = _said("my brother's in Tampa, been there since college")
    assert "profile.home_city" not in said


# ---------------------------------------------- ill in the past, then better now, subjectless


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("the twins were poorly all week, back at nursery today", "family.twins.status"),
        ("My daughter was ill on Monday. Back to school today.", "family.daughter.status"),
        ("the boys were sick all weekend, back in class now", "family.boys.status"),
    ],
)
def test_ill_then_better_now_is_well(text: str, field: str) -> None:
    found = extract_offline(text, at=AT)
    assert found.intent == "assertive"
    assert {o.field: o.candidate_value for o in found.observations}.get(field) == "well"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # someone else is fine; the one who was ill is not said to be
        ("my son was sick last week, but his friend is fine", "family.son.status"),
        # a question about now
        ("the kids were sick all week, better now?", "family.kids.status"),
    ],
)
def test_someone_else_or_a_question_says_nothing_of_now(text: str, field: str) -> None:
    said = _said(text)
    assert said.get(field) != "well"
