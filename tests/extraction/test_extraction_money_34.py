"""Bills said more ways, the thirty-fourth round (money34), as specifications.

- A bill and its sum with no verb between ("Water bill €55", "council tax: £160") is the
  bill and what it comes to; "It's due the 12th" in the next sentence is its day. A sum
  with no currency after a bill ends at a comma or a stop ("rent is 1200, due on the 5th").
- The writer's share of a bill ("my share of rent is 900", "my bit of the water bill") is
  the bill she pays; someone else's share ("Jake's share of the gas bill") is theirs.
- A charge the writer disputes ("netflix charged me twice", "got charged for spotify
  again?!") is no bill paid: the catalogue has no status for it, so none is read, and the
  message is news now unless a day gone by dates it.
- Look-alikes that must not change: someone else's bill, a question, a condition, the
  past, a sum that is no bill's, a plain charge (paid).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said, intent_said


def _facts(text: str) -> dict[str, object]:
    return facts_said(text, at=AT)  # Wednesday 4 March 2026


@pytest.mark.parametrize(
    ("text", "bill", "amount", "day"),
    [
        ("Water bill €55. It's due the 12th", "water_bill", 55, "2026-03-12"),
        ("gas bill: £72. it is due monday", "gas_bill", 72, "2026-03-09"),
        ("Phone bill - $80. Due friday.", "phone_bill", 80, "2026-03-06"),
        ("electric bill 140 quid. its due on the 20th", "electric_bill", 140, "2026-03-20"),
        ("the internet bill came. $65. due the 18th", "internet_bill", 65, "2026-03-18"),
        ("rent is 1200, due on the 5th", "rent", 1200, "2026-03-05"),
        ("our rent is 1450. it's due the 1st", "rent", 1450, "2026-04-01"),
        ("got the water bill. it's $55, due the 12th", "water_bill", 55, "2026-03-12"),
        ("we just received our gas bill. it's £90, due monday", "gas_bill", 90, "2026-03-09"),
    ],
)
def test_a_bill_and_its_sum_then_its_day_in_the_next_sentence(
    text: str, bill: str, amount: int, day: str
) -> None:
    facts = _facts(text)
    assert facts.get(f"financial.{bill}.amount") == amount, facts
    assert facts.get(f"financial.{bill}.due_date") == day, facts
    assert facts.get(f"financial.{bill}.status") == "due", facts


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        ("Mum's water bill €55. It's due the 12th", "financial.water_bill.due_date"),
        ("Water bill €55. Is it due the 12th?", "financial.water_bill.due_date"),
        (
            "Water bill €55. If it's due the 12th I'll pay it friday",
            "financial.water_bill.due_date",
        ),
        ("the water bill was €55 last month. it was due the 12th", "financial.water_bill.due_date"),
        ("Water bill €55. The party's on the 12th", "financial.water_bill.due_date"),
        ("priya's rent is 1200. it's due on the 5th", "financial.rent.amount"),
        ("got mom's water bill. it's $55", "financial.water_bill.amount"),
        ("saved €55 on the water bill", "financial.water_bill.amount"),
        ("the water bill might be €55 this time", "financial.water_bill.amount"),
        ("is the water bill €55 or 65?", "financial.water_bill.amount"),
    ],
)
def test_look_alikes_of_a_bill_and_its_day_read_no_such_bill(text: str, forbidden: str) -> None:
    assert forbidden not in _facts(text)


@pytest.mark.parametrize(
    ("text", "bill", "amount"),
    [
        ("my share of rent is 900, due 1st", "rent", 900),
        ("my share of council tax is £80", "council_tax", 80),
        ("my bit of the water bill is €18", "water_bill", 18),
        ("my half of the phone bill is $30", "phone_bill", 30),
        ("My share of the rent is now 1,100", "rent", 1100),
    ],
)
def test_the_writers_share_of_a_bill_is_the_bill_she_pays(
    text: str, bill: str, amount: int
) -> None:
    assert _facts(text).get(f"financial.{bill}.amount") == amount


@pytest.mark.parametrize(
    "text",
    [
        "Jake's share of the gas bill is $30",
        "sam's half of the rent is 900",
        "jakes share of the gas bill is 30, he still owes me",
        "Tom's part of the electric bill is £40, due friday",
        "my flatmate's share of the rent is $950",
        "her share of the water bill is $20",
    ],
)
def test_someone_elses_share_of_a_bill_is_theirs(text: str) -> None:
    facts = _facts(text)
    assert not any(f.startswith("financial.") for f in facts), facts


@pytest.mark.parametrize(
    "text",
    [
        "netflix charged me twice",
        "got charged for spotify again?!",
        "hulu double charged me this month",
        "Spotify charged me £11.99 again, I never signed up",
        "disney plus charged me even though i cancelled",
        "the gym overcharged me again",
    ],
)
def test_a_charge_disputed_is_no_bill_paid(text: str) -> None:
    facts = _facts(text)
    assert "paid" not in {v for f, v in facts.items() if f.endswith(".status")}, facts


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Spotify charged me twice this month, £23.98 gone", "assertive"),
        ("netflix charged me twice", "assertive"),
        ("netflix charged me twice last year, never again", "historical"),
        ("hulu charged me twice yesterday", "historical"),
        ("did netflix charge you twice?", "none"),
        ("if netflix charges me twice again im cancelling", "hypothetical"),
    ],
)
def test_a_charge_disputed_is_news_now_unless_dated_before(text: str, intent: str) -> None:
    assert intent_said(text, at=AT) == intent


@pytest.mark.parametrize(
    ("text", "service", "amount"),
    [
        ("netflix charged me $15.49 today", "netflix", 15.49),
        ("spotify charged me £11.99 this morning", "spotify", 11.99),
        ("Netflix renewed this morning", "netflix", None),
    ],
)
def test_a_plain_charge_is_paid_with_its_sum(text: str, service: str, amount: float | None) -> None:
    facts = _facts(text)
    assert facts.get(f"financial.{service}.status") == "paid", facts
    assert facts.get(f"financial.{service}.amount") == amount, facts
