"""Round 34: the past said in the present perfect, departures told as a habit, and bills said
more ways. Fresh sentences of each class, none from a set; the look-alikes, which must
not change, come first in each table.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline

_TRIP = ("travel.location", "travel.status", "travel.destination")


@pytest.mark.parametrize(
    ("text", "location"),
    [
        # Look-alikes: a perfect that runs up to now, or one just done, is where one is.
        ("we've been in Seville since 2020", "Seville"),
        ("I've been in Ghent for ten days now", "Ghent"),
        ("we've just flown to Seville", "Seville"),
        ("I've been in Ghent since last year", "Ghent"),
    ],
)
def test_a_perfect_that_runs_up_to_now_places_the_writer(text: str, location: str) -> None:
    assert facts_said(text, at=AT).get("travel.location") == location


@pytest.mark.parametrize(
    "text",
    [
        # A present perfect dated at a day behind is the past, in any voice.
        "we've flown to Seville in 2018",
        "I've been in Ghent in 2016, lovely place",
        "ive been in Seville last summer",
        "We have stayed in Ghent back in 2015.",
        "we've flown to Seville last year for my cousin's wedding",
        "I have been in Ghent three years ago",
        "we've been in Seville back in 2021",
        # Someone else's, asked, or might-have-been: never the writer's trip now.
        "my aunt has flown to Seville in 2018",
        "have you been in Ghent in 2016?",
        "if we'd flown to Seville in 2018 we'd have seen the parade",
    ],
)
def test_a_perfect_dated_behind_is_no_trip_now(text: str) -> None:
    said = facts_said(text, at=AT)
    assert not set(_TRIP) & said.keys(), said


@pytest.mark.parametrize(
    "text",
    [
        "we set off for the lakes every summer",
        "set off for the lakes loads of times over the years",
        "we've set off for Whistler countless times",
        "set out for the coast twice that year",
    ],
)
def test_a_departure_counted_or_made_a_habit_is_no_trip_under_way(text: str) -> None:
    said = facts_said(text, at=AT)
    assert "travel.status" not in said, said


def test_a_departure_today_is_still_a_trip_under_way() -> None:
    assert facts_said("we've set off for Whistler this morning", at=AT)["travel.status"] == (
        "in_progress"
    )


@pytest.mark.parametrize(
    ("text", "field", "amount"),
    [
        # A bill's sum after a dash, the verb that brought it before the dash.
        ("The heating bill arrived - £140. Due on the 20th", "financial.heating_bill", 140),
        ("gas bill came in - €76", "financial.gas_bill", 76),
        ("Water bill arrived -- $51", "financial.water_bill", 51),
        # A bill come in, and its sum.
        ("Phone bill's in: $38", "financial.phone_bill", 38),
        ("the electric bill is in, €99", "financial.electric_bill", 99),
        # What a bill is for, typed fast.
        ("wter bill $47", "financial.water_bill", 47),
        ("internt bill is $59", "financial.internet_bill", 59),
        ("pohne bill came, $33", "financial.phone_bill", 33),
    ],
)
def test_a_bill_said_more_ways_gives_its_sum(text: str, field: str, amount: int) -> None:
    assert facts_said(text, at=AT).get(f"{field}.amount") == amount


@pytest.mark.parametrize(
    "text",
    [
        "rent is in 10 days",  # when, not how much
        "the water bill is in my name now",
        "is the phone bill in yet?",
        "if the gas bill's in over $100 we switch",
        "my brother's water bill came - $90",
        "we landed - paid $40 for the cab",
    ],
)
def test_bill_look_alikes_give_no_bill_sum(text: str) -> None:
    said = facts_said(text, at=AT)
    assert not [f for f in said if f.endswith("_bill.amount") or f == "financial.rent.amount"]


def test_a_clause_before_a_dash_keeps_its_own_verb() -> None:
    ex = extract_offline("we landed - paid $40 for the cab", at=AT)
    assert "financial.cab.amount" in {o.field for o in ex.observations}
