"""Long messages and hedged plans, read whole (multi36), as specifications.

- A message of three facts in three domains gives each of them, joined by commas, "and",
  "also", "oh and" or new lines: "landed in Perth, Jess has the flu, and the internet bill
  is $89 due the 15th" is where the writer is, who is ill and what is due.
- A mild hedge on the writer's own way back is still their plan, asked: "I reckon we'll be
  back friday"; "I doubt…", "not sure if…" and another's hedge are not.
- A trip's subject corrected later in the message takes the plan off the writer: "we're
  off to Rome on the 10th, well Jordan is"; "well I am" keeps it.
- A name said in its own frame is the writer's: "name's Ciaran btw"; "his name's…",
  "name's on the list" are none.
- A child back at school, said as the whole news, is well again: "Maya's back at school".
"""

from __future__ import annotations

from datetime import datetime

import pytest
from extraction_fixtures import facts_said

WEDNESDAY = datetime.fromisoformat("2026-12-02T10:00:00+00:00")
"""Wednesday 2 December 2026."""


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("landed in Perth, Jess has the flu, and the internet bill is $89 due the 15th",
         {"travel.location": "Perth", "family.jess.status": "sick", "financial.internet_bill.amount": 89,
          "financial.internet_bill.due_date": "2026-12-15"}),
        ("made it to Denver, mom is in hospital, oh and the water bill is $45 due friday",
         {"travel.location": "Denver", "family.mom.status": "sick", "financial.water_bill.amount": 45,
          "financial.water_bill.due_date": "2026-12-04"}),
        ("we're in Tokyo, dad's in hospital, also the rent is $1,800 due on the 1st",
         {"travel.location": "Tokyo", "family.dad.status": "sick", "financial.rent.amount": 1800,
          "financial.rent.due_date": "2027-01-01"}),
        ("landed in Chicago, Lily has the flu and the electric bill is $120 due monday",
         {"travel.location": "Chicago", "family.lily.status": "sick", "financial.electric_bill.amount": 120,
          "financial.electric_bill.due_date": "2026-12-07"}),
        ("arrived in Dublin\nNoah has a fever\nthe phone bill is €40 due the 20th",
         {"travel.location": "Dublin", "family.noah.status": "sick", "financial.phone_bill.amount": 40}),
        ("the website redesign is done, flying to Austin on the 9th, and Sam has a cold",
         {"project.website_redesign.status": "shipped", "travel.destination": "Austin",
          "family.sam.status": "sick"}),
    ],
)  # fmt: skip
def test_each_fact_of_a_long_message_is_read(text: str, told: dict[str, object]) -> None:
    facts = facts_said(text, at=WEDNESDAY)
    assert {f: facts.get(f) for f in told} == told, facts


@pytest.mark.parametrize(
    "text",
    [
        "Jess landed in Perth, she has the flu, and her internet bill is $89 due the 15th",
        "did you land in Perth, and is the internet bill $89 due the 15th?",
    ],
)
def test_a_long_message_of_someone_elses_or_asked_claims_none_of_the_writers(text: str) -> None:
    facts = facts_said(text, at=WEDNESDAY)
    assert not {f for f in facts if f.startswith(("travel.", "financial."))}, facts


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I reckon we'll be back friday", "2026-12-04"),
        ("I think we'll be back friday", "2026-12-04"),
        ("pretty sure we'll be back friday", "2026-12-04"),
        ("I'm pretty sure I'll be home on sunday", "2026-12-06"),
        ("fairly sure we'll be back on the 9th", "2026-12-09"),
        ("reckon I'll be back monday, the site visit runs long", "2026-12-07"),
    ],
)
def test_a_mild_hedge_on_ones_own_way_back_is_a_plan(text: str, day: str) -> None:
    assert facts_said(text, at=WEDNESDAY).get("travel.return_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "I doubt we'll be back friday",
        "not sure if we'll be back friday",
        "I'm not sure we'll be back friday",
        "I don't think we'll be back friday",
        "I think she'll be back friday",
        "Dad reckons we'll be back friday but I wouldn't count on it",
    ],
)
def test_a_doubt_or_anothers_hedge_sets_no_way_back(text: str) -> None:
    assert "travel.return_date" not in facts_said(text, at=WEDNESDAY)


@pytest.mark.parametrize(
    ("text", "mine"),
    [
        ("we're off to Rome on the 10th, well Jordan is, I'm staying put", False),
        ("flying to Madrid on friday - actually just the kids are, I've got work", False),
        ("heading to Vegas on the 12th, not me though, just Tom and the boys", False),
        ("off to Berlin monday, well my husband is", False),
        ("we're off to Rome on the 10th, well I am, Jordan's staying put", True),
        ("we're off to Rome on the 10th, well Jordan is going too", True),
        ("heading to Vegas on the 12th, not for long though", True),
        ("we're off to Rome on the 10th, well, that's the plan", True),
    ],
)
def test_a_trips_subject_corrected_later_takes_it_off_the_writer(text: str, mine: bool) -> None:
    assert ("travel.destination" in facts_said(text, at=WEDNESDAY)) is mine


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("name's Ciaran btw", "Ciaran"),
        ("name's Ciaran btw 👋", "Ciaran"),
        ("oh and name's Tadhg btw", "Tadhg"),
        ("btw the name's Zdenek", "Zdenek"),
        ("his name's Tadhg btw", None),
        ("my son's name's Tadhg", None),
        ("name's on the list", None),
        ("the name's on the door", None),
        ("name's wrong on the booking", None),
        ("ciaran here yet?", None),
    ],
)
def test_a_name_in_its_own_frame_is_the_writers(text: str, name: str | None) -> None:
    assert facts_said(text, at=WEDNESDAY).get("profile.name") == name


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Maya's back at school", "well"),
        ("emma went back to school today", "well"),
        ("the twins are both back at nursery", "well"),
        ("is Maya back at school yet?", None),
        ("Maya's back at school in Boston", None),
        ("Maya's back at school monday", None),
        ("Maya's back at school on monday if the fever's gone", None),
    ],
)
def test_a_child_back_at_school_is_well_again(text: str, status: str | None) -> None:
    facts = facts_said(text, at=WEDNESDAY)
    said = next((v for f, v in facts.items() if f.startswith("family.")), None)
    assert said == status, facts


def test_a_child_back_at_school_for_a_term_away_is_not_well_again() -> None:
    facts = facts_said("daughter's back at school, dropped her at the dorm", at=WEDNESDAY)
    assert facts.get("family.daughter.status") != "well", facts
