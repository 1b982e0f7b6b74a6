"""Bills and other people's money of the thirty-third round (money33), as specifications.

- A relative's or a named person's bill, named by what it is for ("mom's water bill was
  $60, due the 15th"), is theirs: no bill of the writer's, no due day. The writer's own,
  dated by a period ("this month's", "today's", "april's rent"), stays the writer's; so
  does a relative's bill only said paid or outstanding (a carer keeps the books).
- A bill said paid after the day it is due, its "I" left out ("the electric is due
  friday, already paid", "…, paid it this morning"), is paid; not yet paid, to be paid or
  asked about, it stays due.
- A bill that "was" payable or due by a day gone is a story: no due day, no bill owed now;
  a sum it came to before ("was $200 last month") stays behind while its next day is ahead.
- Read already, kept so: thousands by "k" or "grand"; someone else's share of a split, a
  bill on autopay and a double charge are no bill the writer owes.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said


def _facts(text: str) -> dict[str, object]:
    return facts_said(text, at=AT)  # Wednesday 4 March 2026


@pytest.mark.parametrize(
    "text",
    [
        "mom's water bill was $60, due the 15th",
        "dad's phone bill is due friday",
        "mum's council tax is due on the 1st",
        "jess's car insurance is due monday",
        "Sam's electric bill was £80, due on the 20th",
        "grandmas gas bill is €90 due friday",
        "moms credit card payment is due tmrw",
        "priya's rent is $900, due the 5th",
        "jakes gas bill is due friday",
        "Dad's electricity bill came to £140, due on the 9th",
        "sis's tuition fees are due monday",
    ],
)
def test_someone_elses_bill_named_by_what_it_is_for_is_not_the_writers(text: str) -> None:
    facts = _facts(text)
    assert not any(f.startswith("financial.") for f in facts), facts


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Grandad's phone bill paid", "paid"),
        ("mum's gas bill is still outstanding, I'll ring them tomorrow", "due"),
        ("nan's water bill's overdue", "due"),
    ],
)
def test_a_relatives_bill_whose_state_the_writer_keeps_is_kept(text: str, status: str) -> None:
    """A carer keeps the books: a relative's bill said paid or outstanding, no sum or day."""
    facts = _facts(text)
    assert status in {v for f, v in facts.items() if f.endswith(".status")}, facts


@pytest.mark.parametrize(
    ("text", "bill", "amount", "day"),
    [
        ("the water bill was $60, due the 15th", "water_bill", 60, "2026-03-15"),
        ("my water bill was £60, due the 15th", "water_bill", 60, "2026-03-15"),
        ("this month's water bill is $60, due the 15th", "water_bill", 60, "2026-03-15"),
        ("today's electric bill is $112, due monday", "electric_bill", 112, "2026-03-09"),
        ("april's rent is $900, due the 1st", "rent", 900, "2026-04-01"),
    ],
)
def test_the_writers_own_bill_dated_by_a_period_stays_the_writers(
    text: str, bill: str, amount: int, day: str
) -> None:
    facts = _facts(text)
    assert facts.get(f"financial.{bill}.amount") == amount, facts
    assert facts.get(f"financial.{bill}.due_date") == day, facts


@pytest.mark.parametrize(
    ("text", "bill"),
    [
        ("the electric is due friday, paid it already", "electric"),
        ("the electric is due friday, already paid", "electric"),
        ("the electric is due friday, paid it this morning", "electric"),
        ("gas bill due monday, already paid it", "gas_bill"),
        ("water bill's due the 15th, paid it last night", "water_bill"),
        ("council tax is due on the 1st, alrdy paid", "council_tax"),
        ("the phone bill is £45, due friday, just paid it", "phone_bill"),
        ("Internet due Monday — paid it earlier today", "internet"),
        ("rent due friday paid it already", "rent"),
        ("car insurance due the 15th, paid in full", "car_insurance"),
    ],
)
def test_a_bill_said_paid_after_its_due_day_is_paid(text: str, bill: str) -> None:
    assert _facts(text).get(f"financial.{bill}.status") == "paid", _facts(text)


@pytest.mark.parametrize(
    ("text", "bill"),
    [
        ("the electric is due friday, haven't paid it yet", "electric"),
        ("the electric is due friday, will pay it tomorrow", "electric"),
        ("the electric is due friday, not paid yet", "electric"),
        ("the electric is due friday, paid it?", "electric"),
        ("the electric is due friday, paid?", "electric"),
        ("water bill's due the 15th, gonna pay it tonight", "water_bill"),
        ("rent is due friday and jo hasn't paid", "rent"),
    ],
)
def test_a_bill_not_yet_paid_or_asked_about_stays_due(text: str, bill: str) -> None:
    assert _facts(text).get(f"financial.{bill}.status") == "due", _facts(text)


@pytest.mark.parametrize(
    ("text", "bill"),
    [
        ("the invoice was payable by the 1st and they paid late", "invoice"),
        ("the gas bill was £90 and was payable by the 20th", "gas_bill"),
        ("the council tax was £160, payable by the 28th of last month", "council_tax"),
        ("the water bill was $60 and it was due friday", "water_bill"),
        ("the phone bill was €45 and due the 2nd", "phone_bill"),
        ("rent was payable on the 1st", "rent"),
    ],
)
def test_a_bill_payable_by_a_day_gone_is_a_story(text: str, bill: str) -> None:
    facts = _facts(text)
    assert f"financial.{bill}.due_date" not in facts, facts
    assert facts.get(f"financial.{bill}.status") != "due", facts


def test_a_sum_from_before_stays_behind_while_the_next_day_is_ahead() -> None:
    facts = _facts("the electric bill was $200 last month and it's due again friday")
    assert facts.get("financial.electric_bill.due_date") == "2026-03-06", facts
    assert "financial.electric_bill.amount" not in facts, facts


@pytest.mark.parametrize(
    ("text", "field", "amount"),
    [
        ("rent's 2.1k", "financial.rent", 2100),
        ("i owe jake 2 grand", "financial.jake", 2000),
        ("owe priya £1.5k for the flights", "financial.priya", 1500),
        ("rent is €1.8k, due friday", "financial.rent", 1800),
        ("I owe Sam two grand", "financial.sam", 2000),
    ],
)
def test_thousands_by_k_or_grand(text: str, field: str, amount: int) -> None:
    assert _facts(text).get(f"{field}.amount") == amount, _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "split the $80 dinner with sam, he owes me 40",
        "split the £60 taxi w jo, she owes me 30",
        "jake owes me 2 grand",
        "autopay is on for the gas bill",
        "is autopay on for the gas bill?",
        "my card got charged twice for netflix",
        "do i owe him 2 grand?",
    ],
)
def test_no_bill_the_writer_owes(text: str) -> None:
    facts = _facts(text)
    assert not any(f.endswith(".status") and v == "due" for f, v in facts.items()), facts
