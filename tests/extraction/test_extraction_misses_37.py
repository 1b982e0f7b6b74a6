"""Round 37's known misreadings (misses37), fixed as shapes of language, as specifications.

- A trip named by its place, "preponed" (Indian English: moved earlier) to a day, starts
  that day: "jaipur trip got preponed to the 8th", "our goa trip got preponed to 10th".
- A subject of two said with "me" is the writer's own: "My husband and me are arrive Dubai
  tomorrow" is "my husband and I arrive": a plan of the writer's.
- An instalment's sum said with the day it "goes out" is what the bill comes to now, its
  day ahead: "student loan installment of 310 goes out monday"; "emi" is how a bill is paid.
- A bill's sum told in the past, then "I paid it", then the day it "was due": paid, that
  sum, and the day is history ("the gas bill was $96, I paid it, it was due Friday").
- "names Ciaran btw": the name's opening without its apostrophe, before a first name.
- A household list typed in the chat ("Kids: Leo, and Max", "wife: Priya") names members
  as the same line in MEMORY.md does.
- "my late husband Omar" names no member of the household now.
- "tonight at 1am", said in the evening, is the night after it: tomorrow's date; a
  journey's time of the small hours with no day ("my flight lands at 1am") is the coming
  night's (tomorrow said at 22:00, today said at 00:30).
Look-alikes after each table: someone else's, questions, conditions, the past.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline


def _facts(text: str, at: datetime = AT) -> dict[str, object]:
    return facts_said(text, at=at)  # Wednesday 4 March 2026, 09:00 unless said


@pytest.mark.parametrize(
    ("text", "place", "day"),
    [
        ("jaipur trip got preponed to the 8th", "Jaipur", "2026-03-08"),
        ("our goa trip got preponed to 10th", "Goa", "2026-03-10"),
        ("udaipur trip got preponed to the 9th", "Udaipur", "2026-03-09"),
        ("ooty trip got preponed to 9th yaar, need to pack", "Ooty", "2026-03-09"),
        ("kerala trip got moved to the 12th", "Kerala", "2026-03-12"),
    ],
)
def test_a_trip_preponed_to_a_day_starts_that_day(text: str, place: str, day: str) -> None:
    facts = _facts(text)
    assert facts.get("travel.destination") == place, facts
    assert facts.get("travel.depart_date") == day, facts


@pytest.mark.parametrize(
    "text",
    [
        "priya's goa trip got preponed to the 8th",
        "was the jaipur trip preponed?",
        "if the jaipur trip gets preponed to the 8th i'll miss the wedding",
    ],
)
def test_someone_elses_or_a_doubted_trip_moved_is_no_plan_of_the_writers(text: str) -> None:
    assert "travel.destination" not in _facts(text)


@pytest.mark.parametrize(
    ("text", "place", "day"),
    [
        ("My husband and me are arrive Dubai tomorrow", "Dubai", "2026-03-05"),
        ("My husband and me arrive Dubai tomorrow", "Dubai", "2026-03-05"),
        ("me and my wife are arrive London on friday", "London", "2026-03-06"),
        ("my son and me are arrive Toronto tomorrow", "Toronto", "2026-03-05"),
        ("Me and husband will arrive Dubai tomorrow", "Dubai", "2026-03-05"),
    ],
)
def test_a_subject_of_two_said_with_me_is_the_writers_plan(text: str, place: str, day: str) -> None:
    facts = _facts(text)
    assert facts.get("travel.destination") == place, facts
    assert facts.get("travel.depart_date") == day, facts


@pytest.mark.parametrize(
    "text",
    [
        "my sister and her husband are arrive Dubai tomorrow",
        "she sent it to my husband and me yesterday",
    ],
)
def test_others_arriving_or_me_as_an_object_is_no_trip_of_the_writers(text: str) -> None:
    assert "travel.destination" not in _facts(text)


@pytest.mark.parametrize(
    ("text", "bill", "amount", "day"),
    [
        ("student loan installment of 310 goes out monday", "student_loan", 310, "2026-03-09"),
        ("student loan installment of $310 goes out monday", "student_loan", 310, "2026-03-09"),
        ("car loan emi of 8500 goes out on the 5th", "car_loan", 8500, "2026-03-05"),
        ("home loan emi of 22000 gets debited on 10th", "home_loan", 22000, "2026-03-10"),
        ("the emi of 14500 gets deducted on the 5th", "emi", 14500, "2026-03-05"),
    ],
)  # fmt: skip
def test_an_instalments_sum_going_out_on_a_day_is_what_the_bill_comes_to(
    text: str, bill: str, amount: int, day: str
) -> None:
    facts = _facts(text)
    assert facts.get(f"financial.{bill}.amount") == amount, facts
    assert facts.get(f"financial.{bill}.due_date") == day, facts
    assert facts.get(f"financial.{bill}.status") == "due", facts


def test_an_instalment_that_went_out_is_no_day_ahead() -> None:
    facts = _facts("my student loan installment of 310 went out monday")
    assert "financial.student_loan.due_date" not in facts, facts


@pytest.mark.parametrize(
    ("text", "bill", "amount"),
    [
        ("the gas bill was $96, I paid it, it was due Friday", "gas_bill", 96),
        ("Phone bill was $55. Paid it. It was due Tuesday.", "phone_bill", 55),
        ("the water bill was £40, i paid it yesterday, was due on the 1st", "water_bill", 40),
        ("internet bill was 60 bucks, I paid it, it was due the 2nd", "internet_bill", 60),
        ("the gas bill was $96, I paid it", "gas_bill", 96),
    ],
)
def test_a_bill_that_was_its_sum_and_is_paid_is_paid_that_sum_its_day_history(
    text: str, bill: str, amount: int
) -> None:
    facts = _facts(text)
    assert facts.get(f"financial.{bill}.status") == "paid", facts
    assert facts.get(f"financial.{bill}.amount") == amount, facts
    assert f"financial.{bill}.due_date" not in facts, facts


@pytest.mark.parametrize(
    "text",
    [
        "the gas bill was $96, Jordan paid it, it was due Friday",
        "the gas bill was $96 last month, I paid it",
        "the gas bill was $96, I'll pay it, it's due Friday",
    ],
)
def test_a_bill_someone_else_paid_one_of_last_month_or_one_to_pay_is_not_paid_now(
    text: str,
) -> None:
    assert _facts(text).get("financial.gas_bill.status") != "paid"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("we loved it, it was great", "we loved it, it was great"),
        ("I paid it, it was due Friday", "I paid it, it was due Friday"),
        ("so it, it was great", "so it was great"),
        ("we we moved, we moved to Sheffield", "we moved to Sheffield"),
    ],
)
def test_a_word_ending_one_clause_and_opening_the_next_is_no_restart(text: str, said: str) -> None:
    from core.extraction.restarts import restarts_folded

    assert restarts_folded(text) == said


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("names Ciaran btw", "Ciaran"),
        ("names ciaran", "Ciaran"),
        ("Names Aoife by the way", "Aoife"),
        ("hi, names Tomasz", "Tomasz"),
        ("names Dara lol", "Dara"),
        ("hey names Priya, nice to meet u", "Priya"),
    ],
)
def test_names_without_its_apostrophe_opens_the_name_said(text: str, name: str) -> None:
    assert _facts(text).get("profile.name") == name


@pytest.mark.parametrize(
    "text", ["names are hard", "his names Ciaran", "names matter btw", "names London", "names?"]
)
def test_names_before_no_first_name_or_someone_elses_names_no_one(text: str) -> None:
    assert "profile.name" not in _facts(text)


def _members(text: str) -> dict[str, object]:
    return {k: v for k, v in _facts(text).items() if k.endswith(".relation")}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Kids: Leo, and Max", {"family.leo.relation": "child", "family.max.relation": "child"}),
        ("Kids: Leo and Max", {"family.leo.relation": "child", "family.max.relation": "child"}),
        ("kids - Maya, Sam", {"family.maya.relation": "child", "family.sam.relation": "child"}),
        ("wife: Priya", {"family.priya.relation": "wife"}),
        ("Husband: Omar", {"family.omar.relation": "husband"}),
        ("Kids: Leo (6), and Max (4)",
         {"family.leo.relation": "child", "family.max.relation": "child"}),
        # No one named: none, a state, a town, someone's words pasted, a question.
        ("Kids: none", {}),
        ("Kids: sick again", {}),
        ("Partner: Leeds", {}),
        ("Sam: we're in Tahoe", {}),
        ("Partner: Sam, can you book the table?", {}),
    ],
)  # fmt: skip
def test_a_household_list_line_typed_in_the_chat_names_its_members(
    text: str, said: dict[str, str]
) -> None:
    assert _members(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "my late husband Omar",
        "my late husband Omar loved Dubai",
        "my late wife Sara always made this soup",
        "my late hubby Dan was a pilot",
        "my late husband Omar's birthday is today",
        "our late son Leo would have been 30 today",
    ],
)
def test_a_late_relative_is_no_member_of_the_household_now(text: str) -> None:
    facts = _facts(text)
    assert not [f for f in facts if f.startswith("family.")], facts


def test_a_husband_late_again_is_still_her_husband() -> None:
    assert _members("my husband Omar is late again") == {"family.omar.relation": "husband"}


_EVENING = datetime.fromisoformat("2026-03-04T22:00:00-08:00")
_SMALL_HOURS = datetime.fromisoformat("2026-03-05T00:30:00-08:00")


@pytest.mark.parametrize(
    ("text", "at", "day"),
    [
        ("flying to Denver tonight at 1am", _EVENING, "2026-03-05"),
        ("flying to Denver at 1am tonight", _EVENING, "2026-03-05"),
        ("my train to Boston leaves at 12:30am tonight", _EVENING, "2026-03-05"),
        # Said in the small hours themselves, "tonight" is the night already begun.
        ("flying to Denver tonight at 1am", _SMALL_HOURS, "2026-03-05"),
        # A time of the evening is that evening's.
        ("flying to Denver tonight at 11pm", _EVENING, "2026-03-04"),
        ("my flight to Denver lands at 1am tomorrow", _EVENING, "2026-03-05"),
        # A journey's time of the small hours with no day: the coming night's.
        ("my flight to Denver lands at 1am", _EVENING, "2026-03-05"),
        ("my flight to Denver lands at 1am", _SMALL_HOURS, "2026-03-05"),
        ("we land in Lisbon at 2am", _EVENING, "2026-03-05"),
        ("coach to Glasgow leaves at 1am, back Friday", AT, "2026-03-05"),
    ],
)
def test_a_time_past_midnight_said_the_evening_before_is_the_next_day(
    text: str, at: datetime, day: str
) -> None:
    found = extract_offline(text, at=at).observations
    assert {o.field: o.candidate_value for o in found}.get("travel.depart_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "we got home from Disney at 2am, everyone's wrecked",
        "Not me watching this at 2am instead of sleeping",
        "leaving the office at 11pm tonight",
    ],
)
def test_a_night_told_in_the_past_or_no_journey_sets_no_trip_day(text: str) -> None:
    found = extract_offline(text, at=_EVENING).observations
    assert "travel.depart_date" not in {o.field for o in found}
