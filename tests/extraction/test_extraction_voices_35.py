"""Voices the extractor had heard least (voices35), as specifications.

- Dictation runs a bill's arrival and its sum together: "the water bill came today its 84
  dollars due on the 20th" is the water bill's sum and day, never a bill called "it's"
  ("it's 120 due on the 15th" alone names no bill).
- Dictation runs where the writer is into the way back: "im in phoenix right now for the
  conference flying back friday morning" is the writer in Phoenix, back on Friday.
- Hindi-English and Spanish-English frames around an English name: "main abhi Mumbai mein
  hoon" (I'm in Mumbai), "kal wapas aa raha hoon" (back tomorrow), "hum log Hyderabad shift
  ho gaye" (we moved), "maine Infosys join kar liya" (I joined), "papa ki tabiyat theek nahi
  hai" (unwell), "bill aaya hai … 15 tak bharna hai" (came, due by the 15th), "ya llegamos
  a Guadalajara" (we've got there), "ahora trabajo en Walmart" (I work at).
- A project that "wrapped up" is over, as one that launched.
- An emoji joined of several ("😮‍💨", "🤦‍♀️") ends a clause typed without a stop, as one
  emoji does; "si tengo tiempo", "si consigo vacaciones" open a condition.
- "i'm already here" says where the writer is, not that they are called "Already".
- Look-alikes stay as they were: someone else's, questions, conditions, the past.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline


def _facts(text: str) -> dict[str, object]:
    return facts_said(text, at=AT)  # Wednesday 4 March 2026


@pytest.mark.parametrize(
    ("text", "bill", "amount", "day"),
    [
        ("the water bill came today its 84 dollars due on the 20th", "water_bill", 84, "2026-03-20"),
        ("water bill came today its $84 due the 20th", "water_bill", 84, "2026-03-20"),
        ("electric bill came its 120 due on the 15th", "electric_bill", 120, "2026-03-15"),
        ("the phone bill came today it's $70 due friday", "phone_bill", 70, "2026-03-06"),
        ("electric bill showed up today its like 130 bucks due friday", "electric_bill", 130,
         "2026-03-06"),
        ("the gas bill came, it's 120 due on the 15th", "gas_bill", 120, "2026-03-15"),
    ],
)  # fmt: skip
def test_a_bill_come_and_its_sum_run_on_are_that_bills(
    text: str, bill: str, amount: int, day: str
) -> None:
    facts = _facts(text)
    assert facts[f"financial.{bill}.amount"] == amount, facts
    assert facts[f"financial.{bill}.due_date"] == day, facts
    assert not [f for f in facts if f.startswith(("financial.it_", "financial.like"))], facts


@pytest.mark.parametrize(
    "text",
    [
        "it's 120 due on the 15th",
        "that's 120 due friday",
        "mom's gas bill came its 120 due on the 15th",
        "did the water bill come its due on the 20th right",
    ],
)
def test_it_is_no_bill_and_anothers_bill_is_not_the_writers(text: str) -> None:
    assert not [f for f in _facts(text) if f.startswith("financial.")], _facts(text)


@pytest.mark.parametrize(
    ("text", "place", "back"),
    [
        ("so yeah im in phoenix right now for the conference flying back friday morning",
         "Phoenix", "2026-03-06"),
        ("i'm in denver for work flying home sunday", "Denver", "2026-03-08"),
        ("we're in austin this week driving back saturday", "Austin", "2026-03-07"),
        ("main abhi Mumbai mein hoon, kal wapas aa raha hoon", "Mumbai", "2026-03-05"),
    ],
)  # fmt: skip
def test_where_the_writer_is_run_on_into_the_way_back(text: str, place: str, back: str) -> None:
    facts = _facts(text)
    assert facts["travel.location"] == place, facts
    assert facts["travel.status"] == "in_progress", facts
    assert facts["travel.return_date"] == back, facts


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("ya llegamos a Guadalajara, the flight was smooth gracias a dios", "travel.location",
         "Guadalajara"),
        ("ya llegué a Lima", "travel.location", "Lima"),
        ("hum log Goa mein hain till sunday", "travel.location", "Goa"),
        ("ahora trabajo en Walmart, empecé la semana pasada", "profile.employer", "Walmart"),
        ("maine Infosys join kar liya, first day today", "profile.employer", "Infosys"),
        ("maine Tata Steel join kar liya", "profile.employer", "Tata Steel"),
        ("hum log Hyderabad shift ho gaye last month", "profile.home_city", "Hyderabad"),
        ("papa ki tabiyat theek nahi hai, fever hai since yesterday", "family.dad.status", "sick"),
        ("electricity bill aaya hai ₹3,200, 15 tak bharna hai", "financial.electricity_bill.due_date",
         "2026-03-15"),
        ("mañana salimos para Cancún, regresamos el domingo", "travel.return_date", "2026-03-08"),
    ],
)  # fmt: skip
def test_hindi_and_spanish_frames_around_an_english_name(
    text: str, field: str, value: object
) -> None:
    assert _facts(text).get(field) == value, _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Rahul abhi Dubai mein hai, uska visa extend hua",  # someone else is there
        "kya tum Mumbai mein ho?",  # a question
        "agar main Mumbai mein hoon toh call karna",  # a condition
        "pichle saal main Goa mein tha",  # the past
        "maine course join kar liya",  # no firm
        "are you in phoenix flying back friday",
        "i was in phoenix flying back friday",
        "jake is in phoenix flying back friday",
        "if im in phoenix flying back friday is fine",
    ],
)
def test_look_alikes_give_the_writer_nothing(text: str) -> None:
    facts = _facts(text)
    assert not [f for f in facts if f.startswith(("travel.", "profile."))], facts


@pytest.mark.parametrize(
    "text",
    [
        "The kitchen remodel wrapped up yesterday and it looks wonderful",
        "the website redesign wrapped up last week",
        "the kitchen remodel is wrapped up",
    ],
)
def test_a_project_that_wrapped_up_is_over(text: str) -> None:
    facts = _facts(text)
    assert [v for f, v in facts.items() if f.startswith("project.")] == ["shipped"], facts


@pytest.mark.parametrize(
    "text",
    [
        "the baby is wrapped up in a blanket",
        "the meeting wrapped up early",
        "we wrapped up the call",
        "did the kitchen remodel wrap up",
    ],
)
def test_wrapped_up_of_no_project_or_asked_is_no_status(text: str) -> None:
    assert not [f for f in _facts(text) if f.startswith("project.")], _facts(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("i'm already here", None),
        ("hey im already here", None),
        ("that's what jordan said, i'm already here", None),
        ("im almost here", None),
        ("hey im dave here", "Dave"),
        ("im sarah here", "Sarah"),
    ],
)
def test_a_word_before_a_closing_here_is_a_name_only_if_it_reads_as_one(
    text: str, name: str | None
) -> None:
    found = extract_offline(text, at=AT).observations
    said = [o.candidate_value for o in found if o.field == "profile.name"]
    assert said == ([name] if name else []), found


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("home from the ski trip 😮‍💨 so dead", "travel.status", "completed"),
        ("back from tahoe 😮‍💨 so tired", "travel.status", "completed"),
        ("flight cancelled 🤦‍♀️ stuck in atl", "travel.location", "Atlanta"),
    ],
)
def test_an_emoji_joined_of_several_ends_a_clause(text: str, field: str, value: str) -> None:
    assert _facts(text).get(field) == value, _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "si consigo vacaciones, vamos a Puerto Rico en julio",
        "si tengo tiempo voy a Miami",
        "if we were home from the ski trip 😮‍💨 i'd sleep",
        "jake's home from the ski trip 😮‍💨 so jealous",
    ],
)
def test_conditions_and_someone_elses_return_give_the_writer_no_trip(text: str) -> None:
    assert not [f for f in _facts(text) if f.startswith("travel.")], _facts(text)
