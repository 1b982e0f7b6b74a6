"""The twenty-fifth round (issue 24), w25a: time and tense in what people say of where they
are and what they do. Every row is a sentence written for this module, none taken from an
evaluation set. The message time is Wednesday 4 March 2026 (``AT``).

- A year said by its number is ahead when it comes after the message's year: "in 2027 we're
  in Lisbon" is a plan, not a memory (the tense rules knew "in 2019" only as the past).
- "from <a year behind>" beside a present verb is a learner's "since": a state that holds.
- A job got or taken at a firm is the job held now, whoever's news it is and whether or not
  "I" is said ("got a job at starbucks!!", "took a job at the Hilton").
  A job title and where, "I'm" left out ("now a nurse at Mercy General"), is one too.
- A verbless place or state bounded ahead ("off rotation till monday", "oncall till fri")
  is the writer's state now, its "I'm" left out; so is a duty on the rota this week or
  weekend ("on call this weekend so count me out") and time off taken ("took the week off").
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

from core.extraction.years_said import years_read


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("from 2028 we're in Auckland for good, the house is sold", "planning"),
        ("in 2027 my wife and I are in Valencia for the whole year", "planning"),
        ("2029 is when I finally retire to the coast", "planning"),
        ("spring 2027 the kids and I are in Seoul with my parents", "planning"),
        # Look-alikes: a year behind stays behind; a number that is no year is no time.
        ("in 2019 my wife and I were in Valencia for a year", "historical"),
        ("back in 2023 we lived above a bakery in Ghent", "historical"),
        ("if the visa comes through we would be in Auckland by 2028", "hypothetical"),
    ],
)
def test_a_year_after_the_messages_is_ahead(text: str, intent: str) -> None:
    assert intent_said(text) == intent


@pytest.mark.parametrize(
    ("low", "read"),
    [
        ("in 2027 we are in porto", "in next year we are in porto"),
        ("from 2022 i stay in jeddah", "since 2022 i stay in jeddah"),
        ("flight 2045 is late", "flight 2045 is late"),  # a flight number, no year
        ("paid $2030 for the deposit", "paid $2030 for the deposit"),
        ("in 2019 we were in porto", "in 2019 we were in porto"),
    ],
)
def test_years_are_read_by_the_messages_year(low: str, read: str) -> None:
    assert years_read(low, 2026, present=low.startswith("from")) == read


STATES_SINCE_A_YEAR: list[FieldRow] = [
    (
        "I stay in Jeddah from 2021, my kids go to school here",
        "profile.home_city",
        "Jeddah",
        "assertive",
    ),
    ("we live in Manchester from 2020", "profile.home_city", "Manchester", "assertive"),
    # A past verb from a year is the past.
    ("we lived in Manchester from 2012 to 2016", "profile.home_city", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), STATES_SINCE_A_YEAR)
def test_from_a_year_beside_a_present_verb_is_since(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


JOBS_TAKEN: list[FieldRow] = [
    ("got a job at Lidl!!! starting on tills", "profile.employer", "Lidl", "assertive"),
    ("took a job with Accenture, way more money", "profile.employer", "Accenture", "assertive"),
    ("finally got a new job at Boots", "profile.employer", "Boots", "assertive"),
    ("officially a cashier at Trader Joe's now!!", "profile.employer", "Trader Joe's", "assertive"),
    ("now a porter at St Thomas', nights mostly", "profile.employer", "St Thomas'", "assertive"),
    ("accepted a position at Pfizer, start date tbc", "profile.employer", "Pfizer", "assertive"),
    # Look-alikes: a job in a year behind, one that was, and a scene "at" a place.
    ("got a job at Lidl in 2018, hated it", "profile.employer", None, ""),
    ("used to have a job at Boots", "profile.employer", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), JOBS_TAKEN)
def test_a_job_got_or_taken_is_held_now(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("got food poisoning at the resort, worst week ever", "historical"),
        ("off rotation till thursday, ring the ward if needed", "assertive"),
        ("on-call until 8am, phone by the bed", "assertive"),
        ("down the club till last orders, back after", "assertive"),
        ("out on the boat until sunset, no signal", "assertive"),
        # Look-alikes: a question, someone else's, a past bound.
        ("you on-call till friday?", "none"),
        ("I was off rotation till last monday", "historical"),
    ],
)
def test_a_verbless_state_bounded_ahead_is_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Someone else's new job is their news of now, not a story.
        ("my niece got a job at Zara, so proud", "assertive"),
        ("took the whole week off, the in-laws are here", "assertive"),
        ("on nights all this week so no school run from me, ask Pete", "assertive"),
        ("on duty this weekend, ring the desk not my mobile", "assertive"),
        # Look-alikes: a stay said ahead is a plan, a past one a story.
        ("my niece got a job at Zara back in 2015", "historical"),
        ("on leave next week, back the 16th", "planning"),
        ("took a day off last month and did nothing", "historical"),
    ],
)
def test_news_of_now_with_a_time_word(text: str, intent: str) -> None:
    assert intent_said(text) == intent
