"""What the told stories (coherence38) found the extractor missing, as specifications.

- "sick" and "better" typed in a hurry ("emma is sik", "feelin betr", "much bettr now",
  "feeling betta"): the words meant, where the letters typed are no word of their own
  ("a betta fish" stays a fish).
- A household's bill paid by a partner or a parent ("my husband paid the water bill", "my
  wife took care of the gas bill", "dad settled our rent"): the household's bill is paid; a
  bill that is theirs ("mom paid her phone bill", "jake paid his rent"), one a named person
  or a flatmate paid ("Marcus paid the rent": a landlord's tenant; a flatmate's share), or
  one paid for someone else ("... the hospital bill for grandpa") is not the writer's.
- A bill "taken care of", "handled" or "sorted out" is paid, as "paid" is; not "handled the
  rent negotiation", nor "took care of the kids".
- A short weekday after a place, with a word that only comments on it ("going to tahoe sat
  instead", "... sun now", "... wed too"), is the day one goes; "we sat in tahoe" is a verb.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said


def _facts(text: str) -> dict[str, object]:
    return facts_said(text, at=AT)  # Wednesday 4 March 2026


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("emma is sik", "sick"),
        ("emmas sik w a fever", "sick"),
        ("my son is sikk again", "sick"),
        ("Emma still SIK, keeping her home", "sick"),
        ("emma feelin betr", "well"),
        ("emma is feeling betr now", "well"),
        ("emma's feeling beter today", "well"),
        ("emma is much bettr", "well"),
        ("emma's feeling betta now", "well"),
    ],
)
def test_sick_and_better_typed_in_a_hurry(text: str, status: str) -> None:
    said = _facts(text)
    assert [v for f, v in said.items() if f.endswith(".status")] == [status], said


@pytest.mark.parametrize(
    ("text", "bill"),
    [
        ("my husband paid the water bill", "financial.water_bill.status"),
        ("my wife paid the gas bill yesterday", "financial.gas_bill.status"),
        ("dad settled our rent", "financial.rent.status"),
        ("my wife took care of the water bill", "financial.water_bill.status"),
        ("i took care of the water bill", "financial.water_bill.status"),
        ("I handled the gas bill this morning", "financial.gas_bill.status"),
        ("we sorted out the rent", "financial.rent.status"),
        ("my husband paid the electric bill, i owe him 40", "financial.electric_bill.status"),
    ],
)
def test_a_household_bill_paid_by_anyone_in_it_is_paid(text: str, bill: str) -> None:
    assert _facts(text).get(bill) == "paid"


@pytest.mark.parametrize(
    "text",
    [
        "mom paid her phone bill",
        "My mom paid the hospital bill for grandpa",
        "jake paid his rent",
        "handled the rent negotiation",
        "i took care of the kids all weekend",
        "the landlord paid the plumber",
        "bought a betta fish for the kids",
    ],
)
def test_theirs_and_look_alikes_say_nothing_paid(text: str) -> None:
    assert not any(str(v) == "paid" for v in _facts(text).values())


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("going to tahoe sat instead", "2026-03-07"),
        ("going to tahoe sat now", "2026-03-07"),
        ("driving up to the lake sun then", "2026-03-08"),
        ("flying to denver wed too", "2026-03-04"),  # Wednesday: today
    ],
)
def test_a_short_weekday_after_a_place_and_a_comment_is_the_day(text: str, day: str) -> None:
    assert _facts(text).get("travel.depart_date") == day


def test_sat_as_a_verb_is_no_day() -> None:
    assert "travel.depart_date" not in _facts("we sat in tahoe instead of going out")


@pytest.mark.parametrize(
    "text",
    [
        "out sick today, back tomorrow",
        "out sick today comma back tomorrow",
        "home sick w a cold today, back monday",
        "called in sick, back tomorrow hopefully",
        "off work with a migraine, back thursday",
    ],
)
def test_back_after_a_day_off_sick_is_no_trip(text: str) -> None:
    """Back at work or school then, home all along: no trip's return day."""
    assert "travel.return_date" not in _facts(text)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("in tahoe today, back tomorrow", "2026-03-05"),
        ("out sick on the trip, flying back tomorrow", "2026-03-05"),
        ("we're in denver, back sunday", "2026-03-08"),
    ],
)
def test_back_from_a_trip_keeps_its_day(text: str, day: str) -> None:
    assert _facts(text).get("travel.return_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "change of plans were already in tahoe, got in last nite",
        "Change of plans were already in Tahoe",
        "surprise were in tahoe",
    ],
)
def test_were_after_news_announced_is_we_are(text: str) -> None:
    """The founding story's turn typed without its apostrophe: "were" after "change of
    plans" opens the news ("we're already in tahoe"); "change of plans were made last
    week" commits nothing."""
    said = _facts(text)
    assert (said.get("travel.location"), said.get("travel.status")) == ("Tahoe", "in_progress")


def test_plans_that_were_made_say_nothing() -> None:
    assert _facts("change of plans were made last week") == {}
